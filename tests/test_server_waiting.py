"""A waiting room (``settings.wait``): nothing is dealt, no frame sent and nobody moves until every person's
seat is taken, or until the maker starts the table with bots; the free seats are then played by the stand-in and
may still be taken."""

from __future__ import annotations

from typing import Any

import httpx
from server_helpers import Server, next_of, receive_any, send

SEATS = [
    {"kind": "person"},
    {"kind": "person"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "random"},
]
THREE = [{"kind": "person"}] * 3 + [{"kind": "bot", "bot": "random"}]


def until_renamed(ws: Any, name: str) -> list[dict[str, Any]]:
    """Name the seat, and every message received up to the table message that shows it (the messages were sent
    in order: anything the server had sent before is among them)."""
    send(ws, "name", name=name)
    seen = []
    while (message := receive_any(ws))["type"] != "table" or name not in [
        s["name"] for s in message["seats"]
    ]:
        seen.append(message)
    return seen


def test_a_waiting_table_deals_nothing_until_every_persons_seat_is_taken(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=5, settings={"wait": True})
    table, tokens = created["id"], created["tokens"]
    with server.connect(table, tokens["0"]) as ann:
        opening = receive_any(ann)
        assert opening["type"] == "table" and opening["waiting"] is True and opening["maker"] == 0
        send(ann, "act", action="pass")
        send(ann, "resync", since=0)
        refusals = [next_of(ann, "error") for _ in range(2)]
        seen = until_renamed(ann, "Ann")
        assert server.stored(table).actions == []  # the bots wait too
        with server.connect(table, tokens["1"]) as bo:
            started = next_of(bo, "table")
            first = next_of(bo, "state")
        dealt = next_of(ann, "table", lambda m: not m["waiting"])
        frame = next_of(ann, "state")
    assert [r["code"] for r in refusals] == ["waiting", "waiting"]
    assert "waiting for its players" in refusals[0]["message"]
    assert [m["type"] for m in seen] == []  # no frame while it waited
    assert started["waiting"] is False and dealt["waiting"] is False
    assert first["since"] == 0 and frame["since"] == 0 and frame["observation"]["hand"]


def test_the_join_link_taking_the_last_free_seat_starts_the_table(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=6, settings={"wait": True})
    with server.connect(created["id"], created["tokens"]["0"]) as ann:
        assert receive_any(ann)["waiting"] is True
        answer = httpx.post(
            f"{server.http}/api/tables/{created['id']}/join", json={"code": created["join_code"]}, timeout=10
        )
        assert answer.status_code == 200, answer.text
        assert next_of(ann, "table")["waiting"] is False
        assert next_of(ann, "state")["observation"]["hand"]


def test_only_the_maker_starts_a_waiting_table_and_the_stand_in_plays_the_free_seats(server: Server) -> None:
    created = server.create(
        game="bum-game", players=4, seats=THREE, seed=7, settings={"wait": True, "stand_in": "random"}
    )
    table, tokens = created["id"], created["tokens"]
    with server.connect(table, tokens["0"]) as ann, server.connect(table, tokens["1"]) as bo:
        with server.connect(table) as watcher:
            send(watcher, "start")
            by_spectator = next_of(watcher, "error")
        send(bo, "start")
        by_guest = next_of(bo, "error")
        assert {m["type"] for m in until_renamed(ann, "Ann")} == {"table"}  # comings and goings: no frame
        send(ann, "start")
        started = next_of(ann, "table", lambda m: not m["waiting"])
        next_of(ann, "state")
        send(ann, "start")
        again = next_of(ann, "error")
        seat_two = started["seats"][2]
        with server.connect(
            table, tokens["2"]
        ) as cy:  # a free seat played by the stand-in may still be taken
            mine = next_of(cy, "table")
    assert by_spectator["code"] == "spectator"
    assert by_guest["code"] == "not-maker" and "P0" in by_guest["message"]
    assert again["code"] == "not-waiting"
    assert (seat_two["claimed"], seat_two["stand_in"]) == (False, True)
    assert mine["you"] == 2 and mine["seats"][2]["stand_in"] is False and mine["seats"][2]["claimed"]
    assert server.stored(table).actions  # played meanwhile


def test_a_table_made_without_wait_deals_at_once(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=8)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        opening = receive_any(ws)
        assert opening["waiting"] is False and opening["settings"]["wait"] is False
        assert receive_any(ws)["type"] == "state"
