"""A hard kill (SIGKILL) of the server in the middle of a hand loses nothing: started again on the same
database, it replays every table's log, and the same token brings the person back to the same view."""

from __future__ import annotations

import random
from typing import Any

import httpx
from server_helpers import Server, act, until_my_turn

from bumtable.rules import get
from bumtable.server.store import Store

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3


def test_a_killed_server_comes_back_with_every_action_and_play_goes_on(own_server: Server) -> None:
    created = own_server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    table, token = created["id"], created["tokens"]["0"]
    frames: list[dict[str, Any]] = []
    with own_server.connect(table, token) as ws:
        frame = until_my_turn(ws, frames)
        for _ in range(4):
            act(ws, frame["observation"]["legal"][0]["text"])
            frame = until_my_turn(ws, frames)
        before = frame
    assert before["observation"]["phase"] == "play" and before["observation"]["legal"]
    steps = httpx.get(f"{own_server.http}/api/tables/{table}", timeout=10).json()["actions"]
    assert steps == before["step"] >= 4

    own_server.kill()
    own_server.start()

    info = httpx.get(f"{own_server.http}/api/tables/{table}", timeout=10).json()
    assert info["actions"] == steps and info["status"] == "playing"
    with own_server.connect(table, token) as ws:
        again: list[dict[str, Any]] = []
        frame = until_my_turn(ws, again)
        assert frame["observation"] == before["observation"] and frame["step"] == before["step"]
        seen = [e for f in frames for e in f["events"]]  # every event the person was sent before the kill
        assert frame["since"] == 0 and frame["events"] == seen
        # play carries on from there
        act(ws, frame["observation"]["legal"][0]["text"])
        after = until_my_turn(ws, again)
        assert after["step"] > frame["step"]
    assert httpx.get(f"{own_server.http}/api/tables/{table}", timeout=10).json()["actions"] == after["step"]


def test_kills_at_random_points_lose_no_action_anyone_saw_and_the_table_goes_on(own_server: Server) -> None:
    """Twice: play a random number of turns, send an action and kill the server at once (the action and
    the bots' answers may be half done); after each start every frame the person saw is in the log, the log
    replays, and the person's view goes on from the last event seen with nothing missed or repeated."""
    rng = random.Random(77)
    created = own_server.create(game="president", players=4, seats=SEATS, seed=9)
    table, token = created["id"], created["tokens"]["0"]
    rules = get("president", players=4)
    seen: list[dict[str, Any]] = []  # every event the person was sent, in order
    last: dict[str, Any] = {}
    for _ in range(2):
        query = f"{token}&since={last['next']}" if last else token
        with own_server.connect(table, query) as ws:
            for _ in range(rng.randint(1, 4)):
                frames: list[dict[str, Any]] = []
                frame = until_my_turn(ws, frames)
                seen += [e for f in frames for e in f["events"]]
                last = frame
                if frame["observation"]["phase"] == "over":
                    break
                act(ws, rng.choice(frame["observation"]["legal"])["text"])
            own_server.kill()  # right after the action was sent: it may or may not have been taken
        own_server.start()
        store = Store(own_server.database)
        try:
            (record,) = store.load_tables()
        finally:
            store.close()
        assert len(record.actions) >= last["step"]
        truth = rules.new_state(9)
        for text in record.actions[: last["step"]]:
            truth.apply(rules.parse_action(text))
        assert truth.observe(0).to_dict() == last["observation"]
        assert [e.to_dict() for e in truth.events(0)] == seen
    with own_server.connect(table, f"{token}&since={last['next']}") as ws:
        frame = until_my_turn(ws, [])
        assert frame["since"] == last["next"]
        assert [e["seq"] for e in frame["events"]] == list(range(last["next"], frame["next"]))
