"""The server's limits, each answered with an error that names it: message size, messages per second, connections
per table, tables in play. The connection (where it is kept) and every table go on intact."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_fixtures import ON_SQLITE, ON_SQLITE_OWN
from server_helpers import Server, next_of, receive, receive_any
from websockets.exceptions import ConnectionClosed

from bumtable.server.settings import Limits

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * 3
RESYNC = json.dumps({"type": "resync", "v": 1, "since": 0})


@pytest.fixture
def small_server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server that allows two tables in play and three connections a table."""
    args = ("--max-tables", "2", "--max-connections", "3")
    server = Server(database_url, tmp_path / "server.log", args).start()
    yield server
    server.kill()


@ON_SQLITE
def test_an_oversized_message_gets_too_big_and_the_connection_goes_on(server: Server) -> None:
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        start = receive(ws)
        ws.send(json.dumps({"type": "act", "v": 1, "action": "x" * (Limits.max_message_bytes + 100)}))
        refused = next_of(ws, "error")
        assert refused["code"] == "too-big" and str(Limits.max_message_bytes) in refused["message"]
        ws.send(RESYNC)
        assert next_of(ws, "state")["step"] >= start["step"]


@ON_SQLITE
def test_a_flood_of_messages_gets_too_fast_and_the_connection_goes_on(server: Server) -> None:
    """A spectator sends far more refused messages than a burst: each read one is answered, those past the
    bucket are dropped with one too-fast (once a second), and after a pause the connection is served again."""
    created = server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    flood = Limits.burst + 50
    with server.connect(created["id"]) as ws:
        receive(ws)
        for _ in range(flood):
            ws.send(json.dumps({"type": "name", "v": 1, "name": "Ann"}))  # refused: a spectator has no seat
        answers = []
        while True:  # every answer the flood gets, until the server has been quiet for half a second
            try:
                answers.append(receive_any(ws, timeout=0.5))
            except TimeoutError:
                break
        codes = [a["code"] for a in answers if a["type"] == "error"]
        assert set(codes) == {"spectator", "too-fast"}
        assert Limits.burst <= codes.count("spectator") < flood  # the bucket's worth read, the rest dropped
        too_fast = [a for a in answers if a.get("code") == "too-fast"]
        assert (
            len(too_fast) <= 2 and "a second" in too_fast[0]["message"]
        )  # said once a second, not per message
        ws.send(RESYNC)  # the pause above refilled the bucket
        assert next_of(ws, "state")["table"] == created["id"]


@ON_SQLITE_OWN
def test_a_table_with_all_its_connections_refuses_one_more(small_server: Server) -> None:
    created = small_server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    table = created["id"]
    with small_server.connect(table) as a, small_server.connect(table) as b, small_server.connect(table) as c:
        for ws in (a, b, c):
            receive(ws)
        with small_server.connect(table) as extra:
            refused = receive_any(extra)
            assert (
                refused["type"] == "error" and refused["code"] == "table-full" and "3" in refused["message"]
            )
            with pytest.raises(ConnectionClosed) as closed:
                extra.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        a.send(RESYNC)  # those already there are served as before
        assert next_of(a, "state")["table"] == table


@ON_SQLITE_OWN
def test_a_server_with_all_its_tables_in_play_refuses_one_more(small_server: Server) -> None:
    small_server.create(game="bum-game", players=4, seats=SEATS, seed=1)
    small_server.create(game="president", players=4, seats=SEATS, seed=2)
    answer = httpx.post(
        f"{small_server.http}/api/tables", json={"game": "bum-game", "seats": SEATS}, timeout=10
    )
    assert answer.status_code == 503 and "2 tables in play" in answer.json()["detail"]


@pytest.fixture
def strict_server(database_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server that allows one client address 2 HTTP requests a second, 5 at once."""
    server = Server(
        database_url, tmp_path / "server.log", ("--http-per-second", "2", "--http-burst", "5")
    ).start()
    yield server
    server.kill()


@ON_SQLITE_OWN
def test_a_flood_of_http_requests_gets_429_with_retry_after_and_the_server_goes_on(
    strict_server: Server,
) -> None:
    with httpx.Client(base_url=strict_server.http, timeout=10) as http:
        answers = [http.get("/api/tables/none") for _ in range(12)]
        codes = [a.status_code for a in answers]
        assert codes[0] == 404 and 429 in codes
        assert set(codes[: codes.index(429)]) == {404} and codes.index(429) <= 5  # at most the burst is read
        refused = next(a for a in answers if a.status_code == 429)
        assert "at most 2 a second" in refused.json()["detail"] and refused.headers["retry-after"] == "1"
        deadline = time.monotonic() + 10
        while http.get("/api/tables/none").status_code == 429:  # tokens come back with time
            assert time.monotonic() < deadline
            time.sleep(0.1)


@ON_SQLITE
def test_an_oversized_request_body_gets_413_and_the_server_goes_on(server: Server) -> None:
    body = json.dumps({"game": "bum-game", "players": 4, "options": {"x": "y" * Limits.max_body_bytes}})
    answer = httpx.post(
        f"{server.http}/api/tables", content=body, headers={"content-type": "application/json"}, timeout=10
    )
    assert answer.status_code == 413 and f"{Limits.max_body_bytes:,} bytes" in answer.json()["detail"]

    def chunks() -> Iterator[bytes]:  # no Content-Length: the body is counted as it comes
        yield body.encode()[: len(body) // 2]
        yield body.encode()[len(body) // 2 :]

    streamed = httpx.post(
        f"{server.http}/api/tables",
        content=chunks(),
        headers={"content-type": "application/json"},
        timeout=10,
    )
    assert streamed.status_code == 413
    made = server.create(game="bum-game", players=4, seats=SEATS, seed=1)  # the server goes on
    assert httpx.get(f"{server.http}/api/tables/{made['id']}", timeout=10).status_code == 200
