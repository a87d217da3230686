"""The WebSocket to a table (``bumtable join``, an agent's seat): a thread per connection hands on its messages
as they come, then a :class:`Lost`, and the client opens it again from the next event not seen."""

from __future__ import annotations

import contextlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from bumtable.client.links import RemoteError, TableLink

RECONNECT_DELAYS = (0.2, 0.5, 1, 2, 3, 5, 5, 10, 10, 10, 15)
"""Seconds to wait before each try to open a lost connection again (about a minute in all)."""
MAX_MESSAGE = 16 * 2**20
"""The largest message read (a first frame holds every event of the match so far)."""


@dataclass(frozen=True)
class Message:
    """A message from the server, and the connection it came on (1 for the first, one more after each loss)."""

    connection: int
    data: dict[str, Any]


@dataclass(frozen=True)
class Lost:
    """The connection ``connection`` was lost (or the server sent what is not JSON: ``problem`` says so)."""

    connection: int
    problem: str | None = None


class TableSocket:
    """The connection to the table of ``link`` as its token's seat; ``url`` gives each new connection's URL,
    ``put`` is handed each :class:`Message` and :class:`Lost` from the connection's thread."""

    def __init__(
        self,
        link: TableLink,
        *,
        url: Callable[[], str],
        say: Callable[[Text], None],
        put: Callable[[Message | Lost], None],
    ) -> None:
        self.link = link
        self.url = url
        self.say = say
        self.put = put
        self.ws: ClientConnection | None = None
        self.opened = contextlib.ExitStack()  # every connection opened, closed together
        self.connections = 0

    def open(self) -> None:
        """Connect and start reading; a RemoteError if the table cannot be reached."""
        try:
            ws = connect(self.url(), open_timeout=15, max_size=MAX_MESSAGE, max_queue=256)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as e:
            raise RemoteError(f"cannot reach the table at {self.link.page()}: {e}") from None
        self.ws = self.opened.enter_context(ws)
        self.connections += 1
        reader = threading.Thread(target=self._read, args=(ws, self.connections), daemon=True)
        reader.start()

    def _read(self, ws: ClientConnection, connection: int) -> None:
        try:
            while True:
                data = json.loads(ws.recv())
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                self.put(Message(connection, data))
        except ConnectionClosed:
            self.put(Lost(connection))
        except ValueError as e:
            self.put(Lost(connection, f"the server sent a message that cannot be read ({e})"))

    def reconnect(self, pause: Callable[[float], None] = time.sleep) -> None:
        """Open the connection again, ``pause`` waiting before each try; a RemoteError if that keeps failing."""
        self.say(Text("The connection to the table was lost; connecting again...", style="yellow"))
        for delay in RECONNECT_DELAYS:
            pause(delay)
            try:
                self.open()
            except RemoteError:
                continue
            self.say(Text("Connected again.", style="yellow"))
            return
        raise RemoteError(
            f"lost the connection to the table at {self.link.page()} and could not connect again"
        )

    def send(self, message: dict[str, Any]) -> None:
        """Send a message; one lost on a closed connection is missed only until the reconnection resyncs."""
        assert self.ws is not None
        with contextlib.suppress(ConnectionClosed):
            self.ws.send(json.dumps(message))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.opened.close()
