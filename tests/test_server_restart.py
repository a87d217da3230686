"""A hard kill (SIGKILL) of the server in the middle of a hand loses nothing: started again on the same
database, it replays every table's log, and the same token brings the person back to the same view."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import Server, act, until_my_turn

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3


def test_a_killed_server_comes_back_with_every_action_and_play_goes_on(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    table, token = created["id"], created["tokens"]["0"]
    frames: list[dict[str, Any]] = []
    with server.connect(table, token) as ws:
        frame = until_my_turn(ws, frames)
        for _ in range(4):
            act(ws, frame["observation"]["legal"][0]["text"])
            frame = until_my_turn(ws, frames)
        before = frame
    assert before["observation"]["phase"] == "play" and before["observation"]["legal"]
    steps = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["actions"]
    assert steps == before["step"] >= 4

    server.kill()
    server.start()

    info = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    assert info["actions"] == steps and info["status"] == "playing"
    with server.connect(table, token) as ws:
        again: list[dict[str, Any]] = []
        frame = until_my_turn(ws, again)
        assert frame["observation"] == before["observation"] and frame["step"] == before["step"]
        seen = [e for f in frames for e in f["events"]]  # every event the person was sent before the kill
        assert frame["since"] == 0 and frame["events"] == seen
        # play carries on from there
        act(ws, frame["observation"]["legal"][0]["text"])
        after = until_my_turn(ws, again)
        assert after["step"] > frame["step"]
    assert httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["actions"] == after["step"]
