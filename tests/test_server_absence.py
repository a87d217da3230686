"""Missing and slow players: the stand-in bot plays a seat whose player is away (only while someone else is at the
table) and hands it back on return; the turn clock has the stand-in make a move whose time ran out; auto-play
makes a seat's lone legal moves. Every move is in the log with who made it."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import httpx
from server_helpers import Server, act, next_of, receive_any
from websockets.sync.client import ClientConnection

from bumtable.rules import rules_from_dict
from bumtable.server.service import MIN_BANK_AFTER_TIMEOUT
from bumtable.server.store import TableRecord

TWO_PEOPLE = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]
ONE_PERSON = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3


def play_until(
    ws: ClientConnection, done: Callable[[dict[str, Any]], bool], timeout: float = 30
) -> dict[str, Any]:
    """Play the first legal action on each of this seat's turns until a message satisfies ``done``; that message.
    It asks for the seat's frame again first (a frame read and dropped before may have been its turn)."""
    ws.send(json.dumps({"type": "resync", "v": 1, "since": 0}))
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        message = receive_any(ws)
        if done(message):
            return message
        if message["type"] == "state" and len(message["observation"]["legal"]) > 0:
            act(ws, message["observation"]["legal"][0]["text"])
        assert message["type"] != "error" or message["code"] == "not-your-turn", message
    raise AssertionError(f"nothing came within {timeout} s")


def movers(record: TableRecord) -> list[int]:
    """The seat that made each logged action (the replayed state's player to act)."""
    rules = rules_from_dict(record.rules)
    state = rules.new_state(record.seed)
    seats = []
    for text in record.actions:
        seats.append(state.current_player())
        state.apply(rules.parse_action(text))
    return seats


def test_the_stand_in_plays_an_away_seat_and_hands_it_back_on_return(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=TWO_PEOPLE, seed=5, settings={"away_after": 0.3}
    )
    table, tokens = created["id"], created["tokens"]
    with server.connect(table, tokens["0"]) as ann:
        with server.connect(table, tokens["1"]):
            next_of(ann, "table", lambda m: m["seats"][1]["present"])
        away = play_until(ann, lambda m: m["type"] == "table" and m["seats"][1]["stand_in"])
        assert not away["seats"][1]["present"]
        # the stand-in now plays seat 1: play on until it has made a move
        play_until(ann, lambda m: m["type"] == "state" and "stand-in" in server.stored(table).by)
        with server.connect(table, tokens["1"]) as bea:
            back = next_of(bea, "table")
            assert back["seats"][1]["present"] and not back["seats"][1]["stand_in"]
        record = server.stored(table)
    by_seat = list(zip(movers(record), record.by, strict=True))
    assert {seat for seat, by in by_seat if by == "stand-in"} == {1}
    assert all(by == "seat" for seat, by in by_seat if seat != 1)


def test_nobody_at_the_table_means_no_stand_in_plays(server: Server) -> None:
    """The only person leaves: the bots play up to the person's turn and the table waits for them, however
    long past ``away_after``. A second table, where Ann stays while Bob is away, shows the wait has passed:
    its stand-in plays for Bob after the first table's wait would have run out."""
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=6, settings={"away_after": 0.1}
    )
    table, tokens = created["id"], created["tokens"]
    with server.connect(table, tokens["0"]):
        pass
    info_url = f"{server.http}/api/tables/{table}"
    deadline = time.monotonic() + 20
    info = httpx.get(info_url, timeout=10).json()
    while info["turn"] != 0:  # the bots play up to the person's turn, then the table waits
        assert time.monotonic() < deadline, info
        info = httpx.get(info_url, timeout=10).json()
    control = server.create(
        game="bum-game", players=4, seats=TWO_PEOPLE, seed=5, settings={"away_after": 0.1}
    )
    with server.connect(control["id"], control["tokens"]["0"]) as ann:
        with server.connect(control["id"], control["tokens"]["1"]):
            next_of(ann, "table")
        play_until(ann, lambda m: m["type"] == "state" and "stand-in" in server.stored(control["id"]).by)
    later = httpx.get(info_url, timeout=10).json()
    assert later["actions"] == info["actions"] and not any(s["stand_in"] for s in later["seats"])
    assert "stand-in" not in server.stored(table).by


def test_a_move_whose_clock_ran_out_is_made_by_the_stand_in(server: Server) -> None:
    clock = {"bank": 0.4, "increment": 0}
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=7, settings={"clock": clock, "away_after": None}
    )
    table = created["id"]
    with server.connect(table, created["tokens"]["0"]) as ws:
        first = next_of(ws, "state", lambda m: bool(m["observation"]["legal"]))
        assert first["clock"]["running"] == 0 and first["clock"]["banks"][1:] == [None] * 3
        assert 0 < first["clock"]["banks"][0] <= clock["bank"]
        # the person does not move: the clock runs out and the stand-in moves for seat 0
        after = next_of(ws, "state", lambda m: m["step"] > first["step"])
        assert after["by"] == "clock" and after["step"] == first["step"] + 1
        # the person's answer to the frame the clock overtook is refused, not taken on a later turn
        late = {
            "type": "act",
            "v": 1,
            "action": first["observation"]["legal"][0]["text"],
            "step": first["step"],
        }
        ws.send(json.dumps(late))
        refused = next_of(ws, "error")
        assert refused["code"] == "stale" and f"since step {first['step']}" in refused["message"]
        assert MIN_BANK_AFTER_TIMEOUT - 1 < after["clock"]["banks"][0] <= MIN_BANK_AFTER_TIMEOUT
        record = server.stored(table)
        assert record.by[first["step"]] == "clock" and movers(record)[first["step"]] == 0
        # the person's next move is theirs again: the frame of it may have come before the error, so ask again
        ws.send(json.dumps({"type": "resync", "v": 1, "since": 0}))
        mine = next_of(ws, "state", lambda m: bool(m["observation"]["legal"]))
        act(ws, mine["observation"]["legal"][-1]["text"])
        next_of(ws, "state", lambda m: m["step"] > mine["step"])
    assert server.stored(table).by[mine["step"]] == "seat"


def test_auto_play_makes_only_the_seats_lone_legal_moves(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=ONE_PERSON, seed=8, settings={"away_after": None}
    )
    table = created["id"]
    with server.connect(table, created["tokens"]["0"]) as ws:
        ws.send(json.dumps({"type": "auto", "v": 1, "on": True}))
        assert next_of(ws, "table", lambda m: m["seats"][0]["auto"])["seats"][0]["auto"]
        ws.send(json.dumps({"type": "resync", "v": 1, "since": 0}))  # the frame dropped above, again
        turns = 0

        def hand_over(message: dict[str, Any]) -> bool:
            nonlocal turns
            if message["type"] == "state" and len(message["observation"]["legal"]) > 1:
                turns += 1
            return message["type"] == "state" and any(e["kind"] == "hand-over" for e in message["events"])

        # the client answers only turns with a choice; a frame with one legal action is followed by the auto move
        deadline = time.monotonic() + 60
        while True:
            assert time.monotonic() < deadline
            message = receive_any(ws)
            if hand_over(message):
                break
            legal = message["observation"]["legal"] if message["type"] == "state" else []
            if len(legal) > 1:
                act(ws, legal[0]["text"])
    record = server.stored(table)
    rules = rules_from_dict(record.rules)
    state = rules.new_state(record.seed)
    autos = 0
    for text, by in zip(record.actions, record.by, strict=True):
        if by == "auto":
            autos += 1
            assert state.current_player() == 0 and len(state.legal_actions()) == 1
        state.apply(rules.parse_action(text))
    assert autos > 0 and turns > 0
