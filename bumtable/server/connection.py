"""One WebSocket connection to a table, a seat's or a spectator's. A fault in one message is answered with an
``error``; a wrong token or table, a bad address or a client too slow for its frames ends the connection."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from http import HTTPStatus

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.datastructures import Headers
from websockets.exceptions import HeaderLineTooLong, RequestLineTooLong, TooManyHeaders
from websockets.http11 import MAX_LINE_LENGTH, MAX_NUM_HEADERS, Response

from bumtable.server.messages import (
    ActMessage,
    AutoMessage,
    ChatMessage,
    MessageError,
    NameMessage,
    RematchMessage,
    ResyncMessage,
    StartMessage,
    error,
    read_client_message,
)
from bumtable.server.names import BadName, check_name, taken_by
from bumtable.server.rate import Bucket
from bumtable.server.service import TableError, TableService
from bumtable.server.store import hash_token
from bumtable.server.table import CLOSE, Table, Viewer

log = logging.getLogger("bumtable.server")

CLOSE_CODES = {
    "invalid": 4400,
    "no-table": 4404,
    "table-full": 4429,
    "engine-version": 4409,
    "name-taken": 4409,
    "set-aside": 4410,
}
"""Close codes of the errors that end a connection (any other: 4403)."""
TOO_SLOW = 4008
_WHOLE = re.compile(r"[0-9]{1,18}")
_TRUTH = {
    "true": True,
    "1": True,
    "yes": True,
    "on": True,
    "false": False,
    "0": False,
    "no": False,
    "off": False,
}
"""What ``auto`` in the address may say, as for any query flag of the HTTP API."""


def _shown(text: str) -> str:
    return text if len(text) <= 30 else text[:30] + "..."


def read_address(
    since: str | None, name: str | None, auto: str | None
) -> tuple[int, str | None, bool | None]:
    """``since``, ``name`` and ``auto`` from the address, read; a TableError ``invalid`` says which is wrong.

    >>> read_address("12", " Ann ", "true")
    (12, 'Ann', True)
    """
    if since is None:
        first = 0
    elif _WHOLE.fullmatch(since):
        first = int(since)
    else:
        shown = since if len(since) <= 20 else since[:20] + "..."
        raise TableError(
            "invalid",
            f"since must be a whole number >= 0 of at most 18 digits (the seq of the first event to send), "
            f"not {shown!r}",
        )
    if name is not None:
        try:
            name = check_name(name)
        except BadName as e:
            raise TableError("invalid", f"bad name {_shown(name)!r}: {e}") from None
    return first, name, read_flag(auto, "auto")


def read_flag(text: str | None, what: str) -> bool | None:
    """A true-or-false flag of the address (``auto``, ``agent``), None when absent; TableError ``invalid``.

    >>> read_flag("Yes", "agent"), read_flag(None, "agent")
    (True, None)
    """
    flag = None if text is None else _TRUTH.get(text.lower())
    if text is not None and flag is None:
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise TableError("invalid", f"{what} must be true or false, not {shown!r}")
    return flag


async def serve_connection(
    websocket: WebSocket,
    service: TableService,
    table_id: str,
    token: str | None,
    since: str | None = None,
    *,
    name: str | None = None,
    auto: str | None = None,
    agent: str | None = None,
) -> None:
    """Run one connection until either side closes it. A name refused is an error, and the seat is served
    under the name it had: a name is not worth a seat its player cannot reach. ``agent``: the client plays the
    seat for an agent (a program), which the table marks on the seat."""
    await websocket.accept()
    try:
        refused = None
        by_agent = bool(read_flag(agent, "agent"))
        try:
            first, name, flag = read_address(since, name, auto)
        except TableError as e:
            if name is None:
                raise
            first, _, flag = read_address(since, None, auto)  # a bad since or auto still ends it
            name, refused = None, error("invalid", f"{e}; your seat was not renamed")
        token_hash = None if token is None else hash_token(token)
        for attempt in (1, 2):  # a table put away between get and join is asked for again (read from its log)
            table = await service.get(table_id)
            seat = service.seat_of(table, token)
            clash = _name_clash(table, seat, name)
            try:
                viewer = await service.join(
                    table,
                    seat,
                    first,
                    name=None if clash else name,
                    auto=flag,
                    token_hash=token_hash,
                    agent=by_agent,
                )
                break
            except TableError as e:
                if e.code != "put-away":
                    raise
                if attempt == 2:  # twice in a row: not expected; the client connects again
                    raise TableError("server", "the table was being put away: connect again") from None
    except TableError as e:
        await websocket.send_json(error(e.code, str(e)))
        await websocket.close(code=CLOSE_CODES.get(e.code, 4403))
        return
    if clash is not None:  # the seat is played all the same, under the name it had
        service.reply(viewer, error("name-taken", clash))
    if refused is not None:
        service.reply(viewer, refused)
    sender = asyncio.create_task(_send_frames(websocket, viewer))
    try:
        await _read_messages(websocket, service, table, viewer)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        await service.leave(table, viewer)


def _name_clash(table: Table, seat: int | None, name: str | None) -> str | None:
    """Why the seat cannot take ``name`` (another seat's, but for case), or None."""
    if seat is None or name is None:
        return None
    other = taken_by(name, {s.seat: s.name for s in table.record.seats if s.seat != seat})
    if other is None:
        return None
    taken = table.record.seats[other].name
    return f"P{other} is called {taken!r}: your seat was not renamed; choose another name"


async def _send_frames(websocket: WebSocket, viewer: Viewer) -> None:
    try:
        while True:
            frame = await viewer.queue.get()
            if frame is CLOSE or viewer.closed:  # too slow: closed now, not after the frames queued before
                log.info("closing a connection too slow to take its frames")
                await websocket.close(code=TOO_SLOW, reason="too slow: reconnect and resync")
                return
            await websocket.send_text(orjson.dumps(frame).decode())
            if frame is viewer.resync_frame:
                viewer.resync_frame = None
    except (WebSocketDisconnect, RuntimeError, OSError):  # the client went away; the reader sees it too
        return
    except Exception:
        log.exception("a connection's sender failed")
        raise


async def _read_messages(websocket: WebSocket, service: TableService, table: Table, viewer: Viewer) -> None:
    limits = service.limits
    bucket = Bucket(rate=limits.messages_per_second, burst=limits.burst, now=time.monotonic())
    told_too_fast = 0.0
    while True:
        incoming = await websocket.receive()
        if incoming["type"] == "websocket.disconnect":
            return
        if viewer.closed:
            continue
        text = incoming.get("text")
        now = time.monotonic()
        if not bucket.take(now):
            if now - told_too_fast >= 1.0:  # one error a second, not one per dropped message
                told_too_fast = now
                service.reply(
                    viewer,
                    error(
                        "too-fast",
                        f"more than {limits.messages_per_second:g} messages a second "
                        f"(bursts of {limits.burst}); messages are dropped until you slow down",
                    ),
                )
            continue
        if text is None:
            service.reply(
                viewer,
                error("invalid", "a binary frame is not read: send each message as JSON in a text frame"),
            )
            continue
        size = len(text.encode())
        if size > limits.max_message_bytes:
            service.reply(
                viewer,
                error(
                    "too-big",
                    f"a message may be {limits.max_message_bytes} bytes at most; this one was {size}",
                ),
            )
            continue
        try:
            message = read_client_message(text)
            if isinstance(message, ActMessage):
                await service.act(table, viewer.seat, message.action, message.step)
                bucket.refund()  # an accepted action does not count: the game paces those
            elif isinstance(message, ResyncMessage):
                await service.resync(table, viewer, message.since)
            elif isinstance(message, AutoMessage):
                await service.set_auto(table, viewer.seat, message.on)
            elif isinstance(message, NameMessage):
                await service.set_name(table, viewer.seat, message.name)
            elif isinstance(message, ChatMessage):
                await service.chat(table, viewer, message.text)
            elif isinstance(message, StartMessage):
                await service.start_with_bots(table, viewer.seat)
            elif isinstance(message, RematchMessage):
                await service.rematch(table, viewer, message.seats)
        except (MessageError, TableError) as e:
            service.reply(viewer, error(e.code, str(e)))
        except Exception:  # the server's fault, not the message's: said, logged, and the connection goes on
            log.exception("a message could not be handled")
            service.reply(
                viewer, error("server", "the server could not handle that message; nothing changed")
            )


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, refusing at once (414, 431, 400) a handshake too long to read, which
    uvicorn leaves unanswered until the client times out."""

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        fault = self.conn.handshake_exc
        if self.handshake_initiated or fault is None or self.transport.is_closing():
            return
        self.conn.data_to_send()  # the WebSocket layer's own refusal, replaced by one that says the limit
        if isinstance(fault, RequestLineTooLong):
            status = HTTPStatus.REQUEST_URI_TOO_LONG
            reason = f"the address (the handshake's request line) may be {MAX_LINE_LENGTH} bytes at most"
        elif isinstance(fault, (HeaderLineTooLong, TooManyHeaders)):
            status = HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
            reason = (
                f"a header line may be {MAX_LINE_LENGTH} bytes at most, and {MAX_NUM_HEADERS} lines in all"
            )
        else:
            status = HTTPStatus.BAD_REQUEST
            reason = f"not a WebSocket handshake the server can read ({fault})"
        body = f"WebSocket handshake refused: {reason}.\n".encode()
        headers = Headers(
            [
                ("Content-Type", "text/plain; charset=utf-8"),
                ("Content-Length", str(len(body))),
                ("Connection", "close"),
            ]
        )
        self.transport.write(Response(status.value, status.phrase, headers, body).serialize())
        self.transport.close()
