"""Auto-play (a seat's lone legal moves made for it at once) is the seat's own business: to every other viewer an
auto-played move looks exactly like a move the seat chose, for it would tell them the seat had no other move (that
it could not beat the table, say)."""

from __future__ import annotations

import random
import time
from typing import Any

import httpx
from server_fixtures import ON_SQLITE_OWN
from server_helpers import Server, act, receive_any

from bumtable.server.settings import Limits

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3


@ON_SQLITE_OWN
def test_an_auto_played_move_looks_to_other_viewers_exactly_like_a_move_the_seat_chose(
    own_server: Server,
) -> None:
    server = own_server  # with the pause people get (the shared test server shortens it)
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=4)
    table, token = created["id"], created["tokens"]["0"]
    rng = random.Random(1)
    autos: list[int] = []  # the steps seat 0 was told auto-play made
    seen: dict[int, str | None] = {}  # step -> by, as the spectator was told
    tables: list[dict[str, Any]] = []  # the table messages the spectator was sent
    with server.connect(table) as watch, server.connect(table, f"{token}&auto=true") as ws:
        asked_at = 0.0  # when the seat was last sent a frame with its one legal move
        waits: list[float] = []  # from there to the auto-played move
        while len(autos) < 3:
            message = receive_any(ws)
            if message["type"] == "table":
                assert message["seats"][0]["auto"]  # the seat itself is told
                continue
            assert message["type"] == "state", message
            if message["by"] == "auto":
                autos.append(message["step"])
                waits.append(time.monotonic() - asked_at)
            obs = message["observation"]
            if obs["turn"] == 0 and len(obs["legal"]) > 1:
                act(ws, rng.choice(obs["legal"])["text"])
            elif obs["turn"] == 0:  # one legal move: the server makes it, after a person's quick think
                asked_at = time.monotonic()
        while max(autos) not in seen:
            message = receive_any(watch)
            if message["type"] == "table":
                tables.append(message)
            else:
                seen[message["step"]] = message["by"]
    assert (
        min(waits) >= Limits.auto_pause / 3
    )  # not at once, which would tell others the move was the only one
    assert [seen[step] for step in autos] == ["seat"] * len(autos)
    assert "auto" not in seen.values()
    assert tables and not any(t["seats"][0]["auto"] for t in tables)
    public = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    assert public["seats"][0]["auto"] is False
