"""One person and three bots play a hand of The Bum Game through a real server; every frame the person got is
exactly the person's own view (observation and events, checked against a replay of the stored log), and no
card of another seat is in it."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from server_helpers import Server, act, receive, until_my_turn

from bumtable.rules import get, rules_from_dict

BOTS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3


def play_one_hand(server: Server, table: str, token: str) -> list[dict[str, Any]]:
    """Play the person's turns (the first legal action each time) until a hand ends; every frame received."""
    frames: list[dict[str, Any]] = []
    with server.connect(table, token) as ws:
        while True:
            frame = until_my_turn(ws, frames)
            if any(e["kind"] == "hand-over" for f in frames for e in f["events"]):
                return frames
            act(ws, frame["observation"]["legal"][0]["text"])


def test_a_hand_with_three_bots_shows_the_person_only_their_own_cards(server: Server, tmp_path: Path) -> None:
    created = server.create(game="bum-game", players=4, seats=BOTS, seed=11)
    assert set(created["tokens"]) == {"0"}
    with server.connect(created["id"]) as watch:
        frames = play_one_hand(server, created["id"], created["tokens"]["0"])
        watched = [receive(watch)]
        while watched[-1]["step"] < frames[-1]["step"]:
            watched.append(receive(watch))
    assert len(frames) > 10

    record = server.stored(created["id"])
    rules = get("bum-game", players=4)
    assert rules_from_dict(record.rules) == rules and record.seed == 11
    people_turns = 0
    for frame in frames:
        assert frame["seat"] == 0 and frame["table"] == created["id"]
        truth = rules.new_state(11)
        for text in record.actions[: frame["step"]]:
            truth.apply(rules.parse_action(text))
        # the frame is the person's own view at that step, and nothing else
        assert frame["observation"] == truth.observe(0).to_dict()
        assert frame["events"] == [e.to_dict() for e in truth.events(0, frame["since"])]
        assert Counter(frame["observation"]["hand"]) == Counter(truth.observe(0).to_dict()["hand"])
        public = {e.seq: e.to_dict() for e in truth.events(None, frame["since"])}
        for event in frame["events"]:
            if event["cards"] != public[event["seq"]]["cards"]:  # cards hidden from others: the person's own
                assert 0 in (event["player"], event["to"]), event
        people_turns += bool(frame["observation"]["legal"])
    assert people_turns >= 3
    for frame in watched:  # a spectator gets the public view only
        assert frame["seat"] is None
        truth = rules.new_state(11)
        for text in record.actions[: frame["step"]]:
            truth.apply(rules.parse_action(text))
        assert frame["observation"] == truth.observe(None).to_dict() and not frame["observation"]["hand"]
        assert frame["events"] == [e.to_dict() for e in truth.events(None, frame["since"])]
        assert not any(e["kind"] == "deal" and e["cards"] for e in frame["events"])
    info = server_info(server, created["id"])
    assert info["actions"] == len(record.actions) and info["seats"][1] == {
        "seat": 1,
        "kind": "bot",
        "bot": "heuristic",
        "name": None,
        "claimed": False,
        "present": True,
        "stand_in": False,
        "auto": False,
        "agent": False,
    }
    assert info["seats"][0]["claimed"] and not info["seats"][0]["present"]  # the person came and went


def server_info(server: Server, table: str) -> dict[str, Any]:
    import httpx

    answer = httpx.get(f"{server.http}/api/tables/{table}", timeout=10)
    assert answer.status_code == 200
    data: dict[str, Any] = answer.json()
    return data
