"""Bad input over the WebSocket is answered with an error that names what was wrong, and the connection and the
table stay as they were: malformed JSON, an unknown type, a wrong version, a bad field, an illegal action, an
action out of turn, a spectator acting, a wrong token, a table that does not exist."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from server_helpers import Server, act, receive
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from bumtable.rules import get

SEATS = [{"kind": "person"}, {"kind": "person"}, {"kind": "bot"}, {"kind": "bot"}]


def error_for(ws: ClientConnection, text: str) -> dict[str, Any]:
    ws.send(text)
    message = receive(ws)
    assert message["type"] == "error" and message["v"] == 1, message
    return message


def resync(ws: ClientConnection) -> dict[str, Any]:
    """The connection still answers: a resync brings the seat's view back."""
    ws.send(json.dumps({"type": "resync", "v": 1, "since": 0}))
    message = receive(ws)
    assert message["type"] == "state" and message["since"] == 0, message
    return message


def an_illegal_action(observation: dict[str, Any]) -> str:
    """The text of an action the rules have but the seat may not take now."""
    rules = get("bum-game", players=4)
    space = rules.action_space()
    legal = {a["code"] for a in observation["legal"]}
    code = next(c for c in range(space.size) if c not in legal)
    return rules.action_text(space.decode(code))


def test_bad_messages_get_errors_and_leave_connection_and_table_intact(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=3)
    table, tokens = created["id"], created["tokens"]
    assert set(tokens) == {"0", "1"}
    first = httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()
    mover, waiter = (tokens["0"], tokens["1"]) if first["turn"] == 0 else (tokens["1"], tokens["0"])
    assert first["turn"] in (0, 1)

    with (
        server.connect(table, mover) as ws,
        server.connect(table, waiter) as other,
        server.connect(table) as watch,
    ):
        start = receive(ws)
        assert start["observation"]["legal"]
        receive(other)
        spectator = receive(watch)
        assert spectator["seat"] is None and spectator["observation"]["legal"] == []
        assert "hand" not in spectator["observation"] or not spectator["observation"]["hand"]

        assert error_for(ws, "{not json")["code"] == "malformed-json"
        deep = error_for(ws, "[" * 2000 + "]" * 2000)  # under the size limit, too deep for a parser
        assert deep["code"] == "malformed-json" and "deep" in deep["message"]
        assert error_for(ws, "[1, 2]")["code"] == "invalid"
        assert error_for(ws, json.dumps({"type": "shout", "v": 1}))["code"] == "unknown-type"
        assert error_for(ws, json.dumps({"type": "act", "v": 9, "action": "pass"}))["code"] == "bad-version"
        assert error_for(ws, json.dumps({"type": "act", "v": 1}))["code"] == "invalid"
        assert error_for(ws, json.dumps({"type": "act", "v": 1, "action": "set Z Z"}))["code"] == "bad-action"
        illegal = error_for(
            ws, json.dumps({"type": "act", "v": 1, "action": an_illegal_action(start["observation"])})
        )
        assert illegal["code"] == "illegal" and illegal["message"]
        out_of_turn = error_for(other, json.dumps({"type": "act", "v": 1, "action": "pass"}))
        assert out_of_turn["code"] == "not-your-turn" and "not your turn" in out_of_turn["message"]
        assert error_for(watch, json.dumps({"type": "act", "v": 1, "action": "pass"}))["code"] == "spectator"

        # a wrong token gets an error and nothing else; the table does not notice
        with server.connect(table, "not-a-token") as stranger:
            refused = receive(stranger)
            assert refused["type"] == "error" and refused["code"] == "bad-token"
            with pytest.raises(ConnectionClosed):
                stranger.recv(timeout=5)
        with server.connect("no-such-table", mover) as lost:
            assert receive(lost)["code"] == "no-table"

        # every connection is still open and the table is as it was
        assert resync(ws)["observation"] == start["observation"]
        assert resync(watch)["observation"] == spectator["observation"]
        assert (
            httpx.get(f"{server.http}/api/tables/{table}", timeout=10).json()["actions"] == first["actions"]
        )
        act(ws, start["observation"]["legal"][0]["text"])
        after = receive(ws)
        assert after["type"] == "state" and after["step"] == first["actions"] + 1
        assert receive(other)["step"] == after["step"] and receive(watch)["step"] == after["step"]


def test_a_bad_table_request_is_a_clear_http_error(server: Server) -> None:
    for request, words in [
        ({"game": "snap"}, "unknown game"),
        ({"game": "bum-game", "players": 40}, "3 to 12 players"),
        ({"game": "bum-game", "seats": [{"kind": "person"}]}, "need 4 seats"),
        ({"game": "bum-game", "options": {"target": "lots"}}, "target"),
    ]:
        answer = httpx.post(f"{server.http}/api/tables", json=request, timeout=10)
        assert answer.status_code == 400 and words in answer.json()["detail"], (request, answer.text)
    assert httpx.get(f"{server.http}/api/tables/nothing", timeout=10).status_code == 404
    endless = (
        '{"game": "bum-game", "settings": {"away_after": Infinity}}'  # JSON's extension, refused by name
    )
    answer = httpx.post(
        f"{server.http}/api/tables", content=endless, headers={"content-type": "application/json"}, timeout=10
    )
    assert answer.status_code == 400 and "settings.away_after" in answer.json()["detail"]
    assert "/api/tables" in httpx.get(f"{server.http}/openapi.json", timeout=10).json()["paths"]
