"""A finished hand's replay carries the viewer's own frames, step by step: what the web client draws its board
from. Each frame is the observation that viewer had at that step (never another seat's hand), the hand's first
frame its deal and its last the hand as it ended (not the next deal)."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import Server, play_seat

SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "bot"}, {"kind": "bot"}]


def test_a_finished_hand_replays_as_the_viewers_own_frames(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=23, options={"target": 30})
    table, token = created["id"], created["tokens"]["0"]

    def second_hand_over(frame: dict[str, Any]) -> bool:
        return frame["observation"]["hand_no"] >= 3

    live = [m for m in play_seat(server, table, token, 5, stop=second_hand_over) if m["type"] == "state"]
    api = f"{server.http}/api/tables/{table}"
    board = httpx.get(f"{api}/scoreboard", timeout=10).json()
    second = board["hands"][1]
    seen = httpx.get(f"{api}/hands/2", params={"token": token}, timeout=10).json()
    frames = seen["frames"]

    assert seen["family"] == "climbing" and seen["card_table"] == []
    assert seen["rules"] == httpx.get(api, timeout=10).json()["rules"]
    # the frames' events, in order, are the hand's events as the seat saw them
    assert [e for f in frames for e in f["events"]] == seen["events"]
    assert frames[0]["events"][0]["kind"] == "deal" and frames[-1]["step"] == second["last_step"]
    assert [f["step"] for f in frames] == sorted({f["step"] for f in frames})
    assert all(f["observation"]["seat"] == 0 and f["observation"]["hand_no"] == 2 for f in frames)
    # the seat's own frames: what its socket showed at the same step (the hand's last step showed the next deal)
    told = {m["step"]: m["observation"] for m in live}
    same = [f for f in frames[:-1] if f["step"] in told]
    assert len(same) > len(frames) // 2
    assert all(f["observation"] == told[f["step"]] for f in same)
    assert frames[-1]["observation"]["hand"] != told[frames[-1]["step"]]["hand"]

    # a spectator's frames hold no hand
    watched = httpx.get(f"{api}/hands/2", timeout=10).json()
    assert watched["seat"] is None and watched["frames"]
    assert all(not f["observation"]["hand"] and f["observation"]["seat"] is None for f in watched["frames"])
