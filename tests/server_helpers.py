"""A real table server for the server tests: ``bumtable serve`` in its own process on a free loopback port,
with real HTTP (httpx) and WebSocket (websockets) clients."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from bumtable.rules.protocol import AnyRules
from bumtable.rules.registry import family_of
from bumtable.server.store import Store, TableRecord


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


PACE = ("--pace", "0")
"""The test servers' pace for tables that set none: their bots move at once, as the suite's games are played by
programs; a table that sets ``settings.pace`` keeps it (``test_server_pace.py``)."""


START_WITHIN = 40
"""Seconds a server may take to answer after it starts (a loaded machine imports slowly)."""


class Server:
    """``bumtable serve`` on ``database`` in a child process; :meth:`kill` ends it hard (SIGKILL)."""

    def __init__(self, database: str, log: Path, args: tuple[str, ...] = ()) -> None:
        self.database = database
        self.args = args
        self.log = log
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        command = [sys.executable, "-m", "bumtable.cli", "serve", "--port", str(self.port)]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [*command, "--database", self.database, *PACE, *self.args],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=dict(os.environ),
            )
        deadline = time.monotonic() + START_WITHIN
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}):\n{self.log.read_text()}")
            try:
                httpx.get(f"{self.http}/api/tables/none", timeout=1)
                return self
            except httpx.TransportError:
                time.sleep(0.1)
        self.kill()  # a server that never answered must not outlive its test
        raise RuntimeError(f"the server did not answer within {START_WITHIN} s:\n{self.log.read_text()}")

    def kill(self) -> None:
        """End the server at once, as a crash would (SIGKILL: nothing is flushed or closed)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
        self.process = None

    def create(self, **request: Any) -> dict[str, Any]:
        """Make a table; its id and tokens."""
        answer = httpx.post(f"{self.http}/api/tables", json=request, timeout=10)
        assert answer.status_code == 200, answer.text
        data: dict[str, Any] = answer.json()
        return data

    def stored(self, table: str) -> TableRecord:
        """The table as the server's database holds it (its log included)."""
        store = Store(self.database)
        try:
            (record,) = [t for t in store.load_tables() if t.id == table]
            return record
        finally:
            store.close()

    def connect(self, table: str, token: str | None = None) -> ClientConnection:
        """A WebSocket connection to the table, as the token's seat or a spectator."""
        query = "" if token is None else f"?token={token}"
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}{query}", open_timeout=10)


def receive_any(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The next message of any type, read as JSON."""
    data: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
    return data


def next_of(
    ws: ClientConnection,
    kind: str,
    accept: Callable[[dict[str, Any]], bool] | None = None,
    timeout: float = 10,
) -> dict[str, Any]:
    """The next message of type ``kind`` that ``accept`` takes (others in between are read and dropped)."""
    while True:
        message = receive_any(ws, timeout)
        if message["type"] == kind and (accept is None or accept(message)):
            return message


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The next message that is not a ``table`` message (those come on connecting and when seats change)."""
    while True:
        data = receive_any(ws, timeout)
        if data["type"] != "table":
            return data


def until_my_turn(ws: ClientConnection, frames: list[dict[str, Any]]) -> dict[str, Any]:
    """Read frames (collected into ``frames``) until one gives this seat legal actions, or the game is over;
    that frame. An error message fails the test."""
    while True:
        message = receive(ws)
        assert message["type"] == "state", message
        frames.append(message)
        observation = message["observation"]
        if observation["legal"] or observation["phase"] == "over":
            return message


def act(ws: ClientConnection, text: str) -> None:
    """Send an action."""
    ws.send(json.dumps({"type": "act", "v": 1, "action": text}))


def send(ws: ClientConnection, kind: str, **fields: Any) -> None:
    """Send a client message of type ``kind`` (version 1) with these fields."""
    ws.send(json.dumps({"type": kind, "v": 1, **fields}))


def stored_chat(server: Server, table: str) -> list[str]:
    """The texts of the table's chat messages as the server's database keeps them, oldest first."""
    store = Store(server.database)
    try:
        return [line.text for line in store.recent_chat(table, 1000)]
    finally:
        store.close()


def play_seat(
    server: Server,
    table: str,
    token: str | None,
    seed: int,
    *,
    stop: Callable[[dict[str, Any]], bool] | None = None,
) -> list[dict[str, Any]]:
    """Be one person at the table (a spectator without a token) until the game is over or a ``state`` frame
    satisfies ``stop``: a seat plays a random legal action (seeded) on each of its turns. Every message received,
    in order. An error message fails the test."""
    import random

    rng = random.Random(seed)
    messages: list[dict[str, Any]] = []
    with server.connect(table, token) as ws:
        while True:
            message = receive_any(ws, timeout=30)
            messages.append(message)
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            observation = message["observation"]
            if observation["phase"] == "over" or (stop is not None and stop(message)):
                return messages
            if observation["legal"]:
                act(ws, rng.choice(observation["legal"])["text"])


def table_record(rules: AnyRules, seed: int, table_id: str = "t", **fields: Any) -> TableRecord:
    """A table in play as the store keeps it, for these rules and seed (this engine's version); ``fields`` set
    or override any other (seats, actions, settings, engine_version...)."""
    base: dict[str, Any] = {
        "id": table_id,
        "game": rules.system,
        "players": rules.players,
        "rules": rules.to_dict(),
        "seed": seed,
        "engine_version": family_of(rules).engine_version,
        "status": "playing",
    }
    return TableRecord(**{**base, **fields})


async def until(check: Any, seconds: float = 20.0) -> None:
    """Wait in an event loop until ``check()`` holds (a deadline, not a guess of how long it takes)."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)
