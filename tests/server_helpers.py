"""A real table server for the server tests: ``bumtable serve`` in its own process on a free loopback port,
with real HTTP (httpx) and WebSocket (websockets) clients."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``bumtable serve`` on ``database`` in a child process; :meth:`kill` ends it hard (SIGKILL)."""

    def __init__(self, database: str, log: Path) -> None:
        self.database = database
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
                [*command, "--database", self.database],
                stdout=out,
                stderr=subprocess.STDOUT,
                env=dict(os.environ),
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited ({self.process.returncode}):\n{self.log.read_text()}")
            try:
                httpx.get(f"{self.http}/api/tables/none", timeout=1)
                return self
            except httpx.TransportError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not answer within 20 s:\n{self.log.read_text()}")

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

    def connect(self, table: str, token: str | None = None) -> ClientConnection:
        """A WebSocket connection to the table, as the token's seat or a spectator."""
        query = "" if token is None else f"?token={token}"
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}{query}", open_timeout=10)


def receive(ws: ClientConnection, timeout: float = 10) -> dict[str, Any]:
    """The next message, read as JSON."""
    data: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
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
