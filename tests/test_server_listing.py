"""The lobby's list of open tables over HTTP: a table is listed only when its maker asks, shows what anyone may
know of it (game, seats taken or free, who is present), lets anyone take a free seat without the join code, and
leaves the list once its match is over. On a real server (SQLite and PostgreSQL)."""

from __future__ import annotations

import time
from typing import Any

import httpx
from server_helpers import Server, receive

LISTED = {"listed": True}


def listed(server: Server) -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = httpx.get(f"{server.http}/api/tables", timeout=10).json()["tables"]
    return tables


def entry(server: Server, table_id: str) -> dict[str, Any]:
    """The list's entry for that table (the server is shared by this file's tests: others are listed too)."""
    (found,) = [t for t in listed(server) if t["id"] == table_id]
    return found


def test_only_tables_their_makers_list_are_listed_with_their_seats(server: Server) -> None:
    hidden = server.create(game="bum-game")
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]
    shown = server.create(game="president", players=3, seats=seats, settings=LISTED)
    tables = listed(server)
    assert tables[0]["id"] == shown["id"] and hidden["id"] not in str(tables)  # newest first
    table = tables[0]
    assert (table["game"], table["title"], table["players"], table["free"]) == (
        "president",
        "President",
        3,
        1,
    )
    assert [(s["kind"], s["taken"], s["present"]) for s in table["seats"]] == [
        ("person", True, False),  # the maker's seat, not yet connected
        ("person", False, False),
        ("bot", True, True),
    ]
    assert "token" not in str(table) and "join" not in str(table) and "seed" not in str(table)


def test_anyone_takes_a_free_seat_at_a_listed_table_without_the_join_code(server: Server) -> None:
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]
    shown = server.create(game="bum-game", seats=seats, settings=LISTED)
    taken = httpx.post(f"{server.http}/api/tables/{shown['id']}/join", json={"name": "Bo"}, timeout=10)
    assert taken.status_code == 200 and taken.json()["seat"] == 1
    table = entry(server, shown["id"])
    assert table["free"] == 0 and table["seats"][1]["name"] == "Bo"
    full = httpx.post(f"{server.http}/api/tables/{shown['id']}/join", json={}, timeout=10)
    assert full.status_code == 409 and "every person's seat" in full.json()["detail"]


def test_an_unlisted_table_still_needs_its_join_code(server: Server) -> None:
    seats = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}]
    hidden = server.create(game="bum-game", seats=seats)
    refused = httpx.post(f"{server.http}/api/tables/{hidden['id']}/join", json={}, timeout=10)
    assert refused.status_code == 403 and "needs its join code" in refused.json()["detail"]
    wrong = httpx.post(f"{server.http}/api/tables/{hidden['id']}/join", json={"code": "nope"}, timeout=10)
    assert wrong.status_code == 403 and "not this table's join code" in wrong.json()["detail"]


def test_a_seat_connected_is_listed_present_and_a_table_over_leaves_the_list(server: Server) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 2
    made = server.create(game="president", players=3, seats=seats, settings=LISTED, options={"rounds": 1})
    with server.connect(made["id"], made["tokens"]["0"]) as ws:
        assert receive(ws)["type"] == "state"
        assert entry(server, made["id"])["seats"][0]["present"] is True
    # the seat's player leaves: the stand-in plays only while another person is at the table, so it waits;
    # a table of bots alone plays to its end
    bots = server.create(
        game="president", players=3, seats=[{"kind": "bot", "bot": "random"}] * 3, settings=LISTED,
        options={"rounds": 1},
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while httpx.get(f"{server.http}/api/tables/{bots['id']}", timeout=10).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots' table did not finish"
        time.sleep(0.05)
    ids = [t["id"] for t in listed(server)]
    assert made["id"] in ids and bots["id"] not in ids


def test_a_bad_listed_setting_is_refused_with_the_reason(server: Server) -> None:
    bad = httpx.post(
        f"{server.http}/api/tables", json={"game": "bum-game", "settings": {"listed": "yes"}}, timeout=10
    )
    assert bad.status_code == 400 and "listed" in bad.json()["detail"]
