"""Look-alike names: a seat's name is read by one rule wherever it is given (the ``name`` message, ``?name=`` on the
WebSocket's address, the join request), so that no seat can pass itself off as another: Unicode NFKC, no invisible
characters, one script, not another seat's name in other case. Each refusal says what was wrong and changes
nothing."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from server_helpers import Server, next_of, receive_any

SEATS = [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}, {"kind": "bot", "bot": "random"}]


def table_info(server: Server, table: str) -> dict[str, Any]:
    data: dict[str, Any] = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    return data


def name_message(server: Server, table: str, token: str, name: str) -> dict[str, Any]:
    """Send the ``name`` message from the token's seat; the error it gets, or the first table message that shows
    the seat's name changed."""
    with server.connect(table, token) as ws:
        opening = receive_any(ws)
        assert opening["type"] == "table", opening
        seat, before = opening["you"], opening["seats"][opening["you"]]["name"]
        ws.send(json.dumps({"type": "name", "v": 1, "name": name}))
        while True:
            message = receive_any(ws)
            if message["type"] == "error" or (
                message["type"] == "table" and message["seats"][seat]["name"] != before
            ):
                return message


def refused_on_connecting(server: Server, table: str, token: str, name: str) -> tuple[dict[str, Any], bool]:
    """Connect with ``?name=``: the error the server answers, and whether the seat was served all the same (its
    ``table`` message came, the seat not renamed): a name refused must not keep a player from their seat."""
    with server.connect(table, f"{token}&name={quote(name)}") as ws:
        messages = [receive_any(ws) for _ in range(3)]  # the table message, the first frame, the error
    refused = next(m for m in messages if m["type"] == "error")
    tables = [m for m in messages if m["type"] == "table"]
    return refused, bool(tables) and tables[0]["seats"][tables[0]["you"]]["name"] is None


def join(server: Server, created: dict[str, Any], name: str) -> httpx.Response:
    """Ask for a free seat through the join link, with a name."""
    url = f"{server.http}/api/tables/{created['id']}/join"
    return httpx.post(url, json={"code": created["join_code"], "name": name}, timeout=10)


def test_a_name_mixing_latin_and_cyrillic_is_refused(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    table, tokens = created["id"], created["tokens"]
    mixed = "\u0410nn"  # a Cyrillic А, then Latin: it reads as "Ann"
    said = "names may not mix scripts: Cyrillic and Latin"

    refused = name_message(server, table, tokens["0"], mixed)
    assert refused["type"] == "error" and refused["code"] == "invalid" and said in refused["message"]
    refused, served = refused_on_connecting(server, table, tokens["1"], mixed)
    assert refused["code"] == "invalid" and said in refused["message"] and served
    answer = join(server, created, mixed)
    assert answer.status_code == 400 and said in answer.json()["detail"]

    info = table_info(server, table)  # nothing was named, and the join with that name gave out no seat
    assert [s["name"] for s in info["seats"]] == [None] * 4
    assert [s["claimed"] for s in info["seats"]] == [True, True, False, False]  # seat 1: its token connected
    named = name_message(server, table, tokens["0"], "Анна")  # one script, Cyrillic or not, is a name
    assert named["type"] == "table" and named["seats"][0]["name"] == "Анна"


@pytest.mark.parametrize(
    ("character", "named"),
    [
        ("\u200d", "U+200D ZERO WIDTH JOINER"),
        ("\u200b", "U+200B ZERO WIDTH SPACE"),
        ("\u2060", "U+2060 WORD JOINER"),
        ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE"),
        ("\u3164", "HANGUL"),  # a filler letter that shows nothing
    ],
)
def test_a_name_with_an_invisible_character_such_as_a_zero_width_joiner_is_refused(
    server: Server, character: str, named: str
) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=2)
    table, tokens = created["id"], created["tokens"]
    name = f"An{character}n"
    said = "names may not hold invisible or control characters"

    refused = name_message(server, table, tokens["0"], name)
    assert refused["code"] == "invalid" and said in refused["message"] and named in refused["message"]
    refused, served = refused_on_connecting(server, table, tokens["1"], name)
    assert refused["code"] == "invalid" and said in refused["message"] and served
    answer = join(server, created, name)
    assert answer.status_code == 400 and said in answer.json()["detail"]
    assert [s["name"] for s in table_info(server, table)["seats"]] == [None] * 4


def test_a_name_is_kept_in_its_nfkc_form_wherever_it_is_given(server: Server) -> None:
    """Full-width letters, a ligature, a no-break space and a phone's apostrophe read as their plain forms, so a
    name cannot pose as another by how its letters are encoded."""
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=3)
    table, tokens = created["id"], created["tokens"]
    named = name_message(server, table, tokens["0"], "\uff21nn\u00a0O\u2019Neil")  # Ａnn O’Neil
    assert named["type"] == "table" and named["seats"][0]["name"] == "Ann O'Neil"
    with server.connect(table, f"{tokens['1']}&name={quote('ﬁona')}") as ws:
        first = receive_any(ws)
        assert first["type"] == "table" and first["seats"][1]["name"] == "fiona"
    answer = join(server, created, "  \uff22\uff4f  ")  # Ｂｏ
    assert answer.status_code == 200, answer.text
    assert [s["name"] for s in table_info(server, table)["seats"]] == ["Ann O'Neil", "fiona", "Bo", None]


def test_a_name_the_same_as_another_seats_but_for_case_is_refused(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=4)
    table, tokens = created["id"], created["tokens"]
    assert name_message(server, table, tokens["0"], "Ann")["seats"][0]["name"] == "Ann"

    refused = name_message(server, table, tokens["1"], "ANN")
    assert refused["code"] == "name-taken" and "P0 is called 'Ann'" in refused["message"]
    with server.connect(table, f"{tokens['1']}&name={quote('ａnn')}") as ws:  # NFKC, then case
        first = receive_any(ws)  # the seat is served all the same, under no name, and told why
        assert first["type"] == "table" and first["you"] == 1 and first["seats"][1]["name"] is None
        refused = next_of(ws, "error")
        assert refused["code"] == "name-taken" and "P0 is called 'Ann'" in refused["message"]
    answer = join(server, created, "aNN")
    assert answer.status_code == 409 and "P0 is called 'Ann'" in answer.json()["detail"]

    info = table_info(server, table)  # no name changed, and the refused join gave no seat out
    assert [s["name"] for s in info["seats"]] == ["Ann", None, None, None]
    assert [s["claimed"] for s in info["seats"]] == [True, True, False, False]  # seat 1: its token connected
    assert name_message(server, table, tokens["0"], "ANN")["seats"][0]["name"] == "ANN"  # its own, recased
    assert name_message(server, table, tokens["1"], "Anna")["seats"][1]["name"] == "Anna"


@pytest.mark.parametrize("label", ["P2", "p1", "You", "Ｐ３"])
def test_a_name_posing_as_a_seats_label_is_refused(server: Server, label: str) -> None:
    """The faces show a seat with no name as P1, P2... and the viewer's own as You: a name may not be one."""
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    refused = name_message(server, created["id"], created["tokens"]["0"], label)
    assert refused["code"] == "invalid" and "is how the table shows a seat" in refused["message"]
    answer = join(server, created, label)
    assert answer.status_code == 400 and "is how the table shows a seat" in answer.json()["detail"]
