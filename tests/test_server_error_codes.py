"""Error codes as docs/protocol.md gives them: a message without ``type`` or ``v`` is ``invalid``, ``v`` must be the
whole number itself (not ``true`` or ``1.0``), a binary frame is refused, a ``since`` or ``auto`` in the WebSocket's
address that cannot be read is an ``invalid`` error (not a bare refused handshake), and an address too long for
the WebSocket layer is answered at once. The connection (where kept) and the table go on as they were."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from server_helpers import Server, next_of, receive, receive_any
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

SEATS = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
RESYNC = json.dumps({"type": "resync", "v": 1, "since": 0})


def answer_to(ws: ClientConnection, text: str | bytes) -> dict[str, Any]:
    """Send ``text`` and read the answer (table messages skipped); then show the connection still serves."""
    ws.send(text)
    answer = receive(ws)
    ws.send(RESYNC)
    assert next_of(ws, "state")["since"] == 0
    return answer


def test_a_message_missing_type_or_v_is_invalid(server: Server) -> None:
    created = server.create(game="president", players=3, seats=SEATS, seed=1)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        receive(ws)
        for text, words in [
            ('{"v": 1}', "needs 'type'"),
            ('{"type": "act", "action": "pass"}', "needs 'v'"),
            ('{"type": 7, "v": 1}', "'type' must be a string"),
            ('{"type": null, "v": 1}', "'type' must be a string"),
        ]:
            answer = answer_to(ws, text)
            assert answer["type"] == "error" and answer["code"] == "invalid", (text, answer)
            assert words in answer["message"], (text, answer)
        assert answer_to(ws, '{"type": "shout", "v": 1}')["code"] == "unknown-type"  # still as documented
        assert answer_to(ws, '{"type": "act", "v": 2, "action": "pass"}')["code"] == "bad-version"


def test_a_version_that_is_true_or_not_a_whole_number_is_refused(server: Server) -> None:
    """``true == 1`` and ``1.0 == 1`` in Python: each is refused as ``invalid``, and the message is not acted on
    (auto-play stays as it was, no resync frame comes)."""
    created = server.create(game="president", players=3, seats=SEATS, seed=2)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        opening = receive_any(ws)
        assert opening["type"] == "table"
        auto = opening["seats"][0]["auto"]
        assert receive(ws)["type"] == "state"
        for version in ("true", "1.0", '"1"'):
            ws.send(json.dumps({"type": "auto", "v": json.loads(version), "on": not auto}))
            answer = receive(ws)
            assert answer["type"] == "error" and answer["code"] == "invalid", (version, answer)
            assert "'v' must be a whole number" in answer["message"] and version in answer["message"]
        ws.send('{"type": "resync", "v": true, "since": 0}')
        answer = receive(ws)  # the error, not a state frame
        assert answer["type"] == "error" and answer["code"] == "invalid", answer
    info = httpx.get(f"{server.http}/api/tables/{created['id']}", timeout=10).json()
    assert info["seats"][0]["auto"] is auto


def test_a_binary_frame_is_refused_and_the_connection_goes_on(server: Server) -> None:
    created = server.create(game="president", players=3, seats=SEATS, seed=3)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        receive(ws)
        answer = answer_to(ws, RESYNC.encode())  # a well-formed message, but in a binary frame
        assert answer["type"] == "error" and answer["code"] == "invalid", answer
        assert "binary frame" in answer["message"] and "text frame" in answer["message"]


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("since=abc", "since must be a whole number >= 0"),
        ("since=-1", "since must be a whole number >= 0"),
        ("since=1.5", "since must be a whole number >= 0"),
        ("since=", "since must be a whole number >= 0"),
        ("auto=maybe", "auto must be true or false"),
    ],
)
def test_a_since_or_auto_in_the_address_that_cannot_be_read_is_invalid(
    server: Server, query: str, words: str
) -> None:
    """Answered, as every fault on connecting is, with one error and a close code (4400 for bad input, as the
    HTTP API answers 400), not with a bare 403 to the handshake that the client cannot tell from the rate limit."""
    created = server.create(game="president", players=3, seats=SEATS, seed=4)
    with server.connect(created["id"], f"{created['tokens']['0']}&{query}") as ws:
        refused = receive_any(ws)
        assert refused["type"] == "error" and refused["code"] == "invalid", refused
        assert words in refused["message"] and query.split("=")[1] in refused["message"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400
    info = httpx.get(f"{server.http}/api/tables/{created['id']}", timeout=10).json()
    assert info["seats"][0]["present"] is False
    with server.connect(created["id"], f"{created['tokens']['0']}&since=2") as ws:  # a good one is served
        first = receive(ws)
        assert first["type"] == "state" and first["since"] == 2


@pytest.mark.parametrize(
    ("where", "status"),
    [("address", 414), ("header", 431)],
)
def test_a_handshake_too_long_for_the_websocket_layer_is_refused_at_once(
    server: Server, where: str, status: int
) -> None:
    """An address (or a header) over the WebSocket layer's 8192 bytes a line got no answer at all, and the client
    waited out its own timeout: now it is refused with a status and a body that say so. ``open_timeout`` is far
    longer than any answer takes: a hang fails with TimeoutError."""
    created = server.create(game="president", players=3, seats=SEATS, seed=5)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{created['id']}?token={created['tokens']['0']}"
    padding = "a" * 9000
    with pytest.raises(InvalidStatus) as refused:
        if where == "address":
            connect(f"{url}&name={padding}", open_timeout=20)
        else:
            connect(url, open_timeout=20, additional_headers={"X-Padding": padding})
    response = refused.value.response
    assert response.status_code == status
    assert b"8192 bytes" in response.body, response.body
    with server.connect(created["id"], created["tokens"]["0"]) as ws:  # the server and table go on
        assert receive(ws)["type"] == "state"
