"""Rematches: once a match is over any seated person may ask for one; the first request makes a new table of the
same game, rules, settings and seat kinds with a new seed, linked to the old one, and each person at the old table
is sent the new table and their own seat's token there (never another's) over their own connection."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import httpx
import pytest
from server_helpers import Server, next_of, receive_any, send
from test_server_protocol_doc import validator
from websockets.sync.client import ClientConnection

from bumtable.server.rematch import rematch_order

SEATS = [
    {"kind": "person"},
    {"kind": "person"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "greedy"},
]
SETTINGS = {"away_after": 30, "stand_in": "random", "chat_spectators": True, "pace": 0}


def finished_table(server: Server, seed: int, seats: list[dict[str, str]] = SEATS) -> dict[str, Any]:
    """A one-hand table of The Bum Game played to its end by its two people (random legal moves)."""
    created = server.create(
        game="bum-game", players=4, options={"rounds": 1}, seats=seats, seed=seed, settings=SETTINGS
    )
    rng = random.Random(seed)
    with contextlib.ExitStack() as stack:
        people = [stack.enter_context(server.connect(created["id"], t)) for t in created["tokens"].values()]
        over: set[int] = set()
        while len(over) < len(people):
            for i, ws in enumerate(people):
                try:
                    message = receive_any(ws, timeout=0.05)
                except TimeoutError:
                    continue
                assert message["type"] != "error", message
                if message["type"] == "state":
                    observation = message["observation"]
                    if observation["phase"] == "over":
                        over.add(i)
                    elif observation["legal"]:
                        send(ws, "act", action=rng.choice(observation["legal"])["text"], step=message["step"])
    return created


def table_info(server: Server, table: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    return data


def everything(ws: ClientConnection) -> list[dict[str, Any]]:
    """Every message the connection still has coming within a short while."""
    out = []
    while True:
        try:
            out.append(receive_any(ws, timeout=0.3))
        except TimeoutError:
            return out


def test_a_rematch_is_the_same_game_rules_settings_and_seat_kinds_with_a_new_seed(server: Server) -> None:
    created = finished_table(server, 11)
    old, tokens = created["id"], created["tokens"]
    with (
        server.connect(old, tokens["0"]) as ann,
        server.connect(old, tokens["1"]) as bo,
        server.connect(old) as watcher,
    ):
        send(ann, "rematch", seats="same")
        linked = next_of(watcher, "table", lambda m: m["rematch"] is not None)  # told before the offers
        offers = [next_of(ws, "rematch") for ws in (ann, bo, watcher)]
        heard = {"bo": everything(bo), "watcher": everything(watcher)}
    new = offers[0]["rematch"]
    assert [o["rematch"] for o in offers] == [new] * 3 and linked["rematch"] == new
    assert [(o["seat"], o["by"], o["seats"]) for o in offers] == [
        (0, 0, "same"),
        (1, 0, "same"),
        (None, 0, "same"),
    ]
    assert offers[2]["token"] is None
    for offer in offers:
        validator("server-rematch").validate(offer)
    before, after = table_info(server, old), table_info(server, new)
    assert (after["game"], after["rules"], after["rematch_of"]) == (before["game"], before["rules"], old)
    assert after["settings"] == {**before["settings"], "seeded": False}
    assert [(s["kind"], s["bot"]) for s in after["seats"]] == [(s["kind"], s["bot"]) for s in before["seats"]]
    assert server.stored(new).seed != server.stored(old).seed
    # each token opens its own seat, and nobody else was sent it
    for seat, offer in ((0, offers[0]), (1, offers[1])):
        with server.connect(new, offer["token"]) as ws:
            assert receive_any(ws)["you"] == seat
    assert offers[0]["token"] not in json.dumps([offers[1:], heard])
    assert offers[1]["token"] not in json.dumps([offers[0], offers[2], heard["watcher"]])


def test_shuffled_seats_are_drawn_from_the_new_tables_seed(server: Server) -> None:
    created = finished_table(server, 12)
    old, tokens = created["id"], created["tokens"]
    with server.connect(old, tokens["1"]) as bo:
        send(bo, "rematch", seats="shuffled")
        offer = next_of(bo, "rematch")
    stored = server.stored(offer["rematch"])
    order = rematch_order(4, seed=stored.seed, shuffled=True)
    assert stored.rematch_seats == order and offer["seat"] == order.index(1)
    assert [(s.kind, s.bot) for s in stored.seats] == [(SEATS[o]["kind"], SEATS[o].get("bot")) for o in order]
    with server.connect(offer["rematch"], offer["token"]) as ws:
        opening = receive_any(ws)
    assert opening["you"] == order.index(1) and opening["maker"] == order.index(1)


def test_a_later_request_joins_the_first_rematch(server: Server) -> None:
    created = finished_table(server, 13)
    old, tokens = created["id"], created["tokens"]
    with server.connect(old, tokens["0"]) as ann:
        send(ann, "rematch", seats="same")
        first = next_of(ann, "rematch")
    with server.connect(old, tokens["1"]) as bo:  # not there when it was made: told on connecting
        told = next_of(bo, "rematch")
        send(bo, "rematch", seats="shuffled")
        again = next_of(bo, "rematch")
    assert told == again and told["rematch"] == first["rematch"] and told["seats"] == "same"
    assert told["seat"] == 1 and told["token"] not in (None, first["token"])
    with server.connect(first["rematch"], told["token"]) as ws:
        assert receive_any(ws)["you"] == 1


def test_a_rematch_is_refused_while_the_match_is_played_and_to_a_spectator(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=14, settings=SETTINGS)
    with (
        server.connect(created["id"], created["tokens"]["0"]) as ann,
        server.connect(created["id"]) as watcher,
    ):
        send(ann, "rematch", seats="same")
        send(watcher, "rematch", seats="same")
        refusals = [next_of(ws, "error") for ws in (ann, watcher)]
    assert [r["code"] for r in refusals] == ["still-playing", "spectator"]
    assert "once the match is over" in refusals[0]["message"]


@pytest.mark.parametrize("how", ["same", "shuffled"])
def test_the_series_counts_each_persons_wins_across_rematches(server: Server, how: str) -> None:
    created = finished_table(server, 15)
    old = created["id"]
    winners = httpx.get(f"{server.http}/api/tables/{old}/scoreboard", timeout=10).json()["outcome"]["winners"]
    with server.connect(old, created["tokens"]["0"]) as ann:
        send(ann, "rematch", seats=how)
        offer = next_of(ann, "rematch")
    order = server.stored(offer["rematch"]).rematch_seats
    assert order is not None
    with server.connect(offer["rematch"], offer["token"]) as ws:
        opening = receive_any(ws)
    assert opening["rematch_of"] == old
    assert opening["series"] == {"matches": 1, "wins": [int(order[seat] in winners) for seat in range(4)]}


def test_after_a_restart_a_seat_proves_its_old_token_and_gets_a_new_one_for_its_kept_seat(
    own_server: Server,
) -> None:
    created = finished_table(own_server, 16)
    old, tokens = created["id"], created["tokens"]
    with own_server.connect(old, tokens["0"]) as ann:
        send(ann, "rematch", seats="same")
        made = next_of(ann, "rematch")
    own_server.kill()  # the tokens sent are gone with the process: only their hashes are stored
    own_server.start()
    with own_server.connect(old, tokens["1"]) as bo:
        told = next_of(bo, "rematch")
    with own_server.connect(old, tokens["1"]) as bo:  # the same, while the server runs
        again = next_of(bo, "rematch")
    assert told["rematch"] == made["rematch"] and told["seat"] == 1 and told["token"] is not None
    assert again == told
    with own_server.connect(made["rematch"], told["token"]) as ws:
        assert receive_any(ws)["you"] == 1
    with own_server.connect(old) as watcher:
        seen = next_of(watcher, "rematch")
    assert (seen["seat"], seen["token"], seen["rematch"]) == (None, None, made["rematch"])
