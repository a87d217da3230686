"""The links a table server hands out, and the HTTP requests its clients make (``bumtable join``, an agent's
seat through ``bumtable mcp``).

A table's page ``http://HOST:PORT/t/ID`` is the spectators' link; ``?token=`` makes it a seat's own,
``?join=`` a code for any free seat.

>>> TableLink.parse("http://127.0.0.1:8000/t/ab12?token=xyz").socket_url(since=7, name="Ann Lee", auto=False)
'ws://127.0.0.1:8000/ws/tables/ab12?token=xyz&since=7&name=Ann+Lee&auto=false'
>>> TableLink.parse("http://127.0.0.1:8000/t/ab12?token=xyz").socket_url(agent=True)
'ws://127.0.0.1:8000/ws/tables/ab12?token=xyz&agent=true'
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import parse_qs, quote, urlencode, urlsplit

import httpx

from bumtable.errors import BumtableError

TIMEOUT = 15.0
NAME = re.compile(r"\w[\w .'-]{0,23}")
"""A seat's name as the server takes it (the server's pattern, which has the last word)."""


class RemoteError(BumtableError):
    """The table cannot be reached or refused us; the message says why in one line."""


@dataclass(frozen=True)
class TableLink:
    """A table on a server, and the key to a seat (``token``) or to any free seat (``join``), if any."""

    base: str
    """``http://HOST:PORT``, with any path prefix the server sits under."""
    table: str
    token: str | None = None
    join: str | None = None

    @classmethod
    def parse(cls, url: str) -> TableLink:
        """The link a server handed out; a RemoteError for anything else."""
        parts = urlsplit(url.strip())
        head, marker, table = parts.path.rstrip("/").rpartition("/t/")
        if (
            parts.scheme not in ("http", "https")
            or not parts.netloc
            or not marker
            or not table
            or "/" in table
        ):
            raise RemoteError(
                f"not a table link: {url!r} (a link looks like http://HOST:PORT/t/TABLE, with ?token=... "
                "for a seat or ?join=... for any free seat)"
            )
        query = parse_qs(parts.query)
        token, join = query.get("token", [None])[-1], query.get("join", [None])[-1]
        if token and join:
            raise RemoteError("a link has a seat's token or a join code, not both")
        return cls(f"{parts.scheme}://{parts.netloc}{head}", table, token or None, join or None)

    def page(self) -> str:
        return f"{self.base}/t/{quote(self.table)}"

    def seat_link(self, token: str) -> str:
        return f"{self.page()}?{urlencode({'token': token})}"

    def for_seat(self, token: str) -> TableLink:
        return replace(self, token=token, join=None)

    def api(self, *path: str) -> str:
        return "/".join([f"{self.base}/api/tables/{quote(self.table)}", *path])

    def socket_url(
        self, since: int = 0, *, name: str | None = None, auto: bool | None = None, agent: bool = False
    ) -> str:
        """The table's WebSocket from event ``since`` on, with a seat's ``name`` and ``auto`` to set; ``agent``:
        the seat is played by a program for an agent, not a person (the table marks it so)."""
        scheme = "wss" if self.base.startswith("https:") else "ws"
        query = {"token": self.token} if self.token else {}
        if since:
            query["since"] = str(since)
        if self.token and name is not None:
            query["name"] = name
        if self.token and auto is not None:
            query["auto"] = "true" if auto else "false"
        if self.token and agent:
            query["agent"] = "true"
        tail = f"?{urlencode(query)}" if query else ""
        return f"{scheme}:{self.base.split(':', 1)[1]}/ws/tables/{quote(self.table)}{tail}"


def name_problem(name: str) -> str | None:
    """Why the server would refuse ``name`` for a seat, or None when it takes it."""
    if NAME.fullmatch(name):
        return None
    rule = "1 to 24 letters, digits, spaces and .'-_, starting with a letter, a digit or _"
    return f"bad name {name!r}: a name is {rule}"


def _request(method: str, url: str, **kwargs: Any) -> Any:
    """JSON from the server; a RemoteError with the server's reason (or why it cannot be reached)."""
    try:
        answer = httpx.request(method, url, timeout=TIMEOUT, **kwargs)
    except httpx.HTTPError as e:
        raise RemoteError(f"cannot reach the table server at {url}: {e}") from None
    try:
        data = answer.json()
    except ValueError:
        data = None
    if answer.status_code >= 400:
        raise RemoteError(_reason(answer.status_code, data))
    return data


def _reason(status: int, data: Any) -> str:
    detail = data.get("detail") if isinstance(data, dict) else None
    return f"the server refused ({status}): {detail or 'no reason given'}"


def create_table(server: str, request: dict[str, Any]) -> dict[str, Any]:
    """Make a table at the server at ``server`` (``POST /api/tables``): its id, keys and links."""
    data: dict[str, Any] = _request("POST", f"{server.rstrip('/')}/api/tables", json=request)
    return data


def table_info(link: TableLink) -> dict[str, Any]:
    """The table as everyone may know it (``GET /api/tables/ID``): a RemoteError if there is none."""
    data: dict[str, Any] = _request("GET", link.api())
    return data


def take_free_seat(link: TableLink, name: str | None) -> tuple[int, str]:
    """Exchange the link's join code for a free seat: its number and its token."""
    assert link.join is not None
    body: dict[str, Any] = {"code": link.join}
    if name:
        body["name"] = name
    data = _request("POST", link.api("join"), json=body)
    return int(data["seat"]), str(data["token"])


def record_link(url: str) -> str:
    """The record's URL for any link to a table; a record link as it is.

    >>> record_link("http://127.0.0.1:8000/t/ab12?token=xyz")
    'http://127.0.0.1:8000/api/tables/ab12/record'
    """
    try:
        return TableLink.parse(url).api("record")
    except RemoteError:
        return url.strip()


def fetch_json(url: str) -> Any:
    return _request("GET", url)


def scoreboard(link: TableLink) -> dict[str, Any]:
    """The series as the server kept it: what each player gained in each finished hand, and the totals."""
    data: dict[str, Any] = _request("GET", link.api("scoreboard"))
    return data
