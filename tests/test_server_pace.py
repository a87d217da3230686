"""Paced moves: while someone is connected to a table, the server makes its moves (bots, stand-ins, auto-play)
at least ``settings.pace`` seconds after the table's last action, so people can follow them; a table nobody is
at plays at full speed. The wait holds no lock: the table answers meanwhile."""

from __future__ import annotations

import datetime as dt
import itertools
import random
import time

import httpx
from server_helpers import Server, next_of, receive_any, send
from sqlalchemy import select

from bumtable.rules.registry import rules_from_dict
from bumtable.server.store import ActionRow, Store

BOTS = [{"kind": "bot", "bot": "random"}] * 3


def action_times(server: Server, table: str) -> list[dt.datetime]:
    """When each action of the table's log was written, in order (the server's own clock)."""
    store = Store(server.database)
    try:
        with store.engine.connect() as connection:
            rows = connection.execute(
                select(ActionRow.created_at).where(ActionRow.table_id == table).order_by(ActionRow.index)
            )
            return [row[0] for row in rows]
    finally:
        store.close()


def test_moves_come_at_least_the_pace_apart_while_a_person_is_connected(server: Server) -> None:
    pace = 0.3
    created = server.create(
        game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS], seed=21, settings={"pace": pace}
    )
    table = created["id"]
    rng = random.Random(21)
    with server.connect(table, created["tokens"]["0"]) as ws:
        assert receive_any(ws)["settings"]["pace"] == pace
        first = len(server.stored(table).actions)  # what the bots played before anyone was there
        while len(server.stored(table).actions) < first + 10:
            frame = next_of(ws, "state")
            legal = frame["observation"]["legal"]
            if legal:
                send(ws, "act", action=rng.choice(legal)["text"], step=frame["step"])
        record = server.stored(table)  # read while connected: once nobody is there, the bots hurry
        times = action_times(server, table)[: len(record.actions)]
    state = rules_from_dict(record.rules).new_state(record.seed)
    actors = []  # who made each action of the log
    for text in record.actions:
        actors.append(state.current_player())
        state.apply(state.rules.parse_action(text))
    gaps = [(times[i] - times[i - 1]).total_seconds() for i in range(first + 1, len(times)) if actors[i] != 0]
    assert len(gaps) >= 5 and min(gaps) >= pace  # the person's own moves are theirs to pace


def test_a_table_nobody_is_at_plays_at_full_speed(server: Server) -> None:
    pace = 5.0
    created = server.create(
        game="bum-game",
        players=4,
        options={"rounds": 1},
        seats=BOTS + BOTS[:1],
        seed=22,
        settings={"pace": pace},
    )
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.http}/api/tables/{created['id']}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the all-bot table did not finish"
        time.sleep(0.1)
    times = action_times(server, created["id"])
    gaps = [(b - a).total_seconds() for a, b in itertools.pairwise(times)]
    assert len(gaps) > 20 and max(gaps) < pace  # no move waited: paced, the hand would take minutes


def test_a_table_answers_while_its_next_move_waits_for_the_pace(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS], seed=23, settings={"pace": 5}
    )
    table = created["id"]
    with server.connect(table, created["tokens"]["0"]) as ws:
        rng = random.Random(23)
        while True:  # play until a bot is to move after our move: it then waits 5 s
            frame = next_of(ws, "state")
            legal = frame["observation"]["legal"]
            if legal:
                send(ws, "act", action=rng.choice(legal)["text"], step=frame["step"])
                moved = next_of(ws, "state")
                if moved["observation"]["turn"] not in (0, None):
                    break
        waiting = len(server.stored(table).actions)
        asked = time.monotonic()
        send(ws, "name", name="Ann")  # takes the table's lock
        renamed = next_of(ws, "table", lambda m: m["seats"][0]["name"] == "Ann")
        answered = time.monotonic() - asked
        steps = len(server.stored(table).actions)
    assert renamed["seats"][0]["name"] == "Ann" and answered < 2.5  # not after the 5 s wait
    assert steps == waiting  # the bot's move was still waiting for the pace when the name was taken
