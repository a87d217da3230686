"""One WebSocket connection to a table: a seat's (with its token) or a spectator's (without).

The connection reads client messages (:mod:`bumtable.server.messages`) within the server's limits
(message size, messages per second) and hands them to the service; a separate task sends the
viewer's queued frames. A fault in one message is answered with an ``error`` and the connection goes
on; a wrong token or table ends it (close code 4403 or 4404), and so does a client too slow to take its
frames (4008: reconnect and resync).
"""

from __future__ import annotations

import asyncio
import logging
import time

import orjson
from fastapi import WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from bumtable.server.messages import (
    ActMessage,
    AutoMessage,
    MessageError,
    NameMessage,
    ResyncMessage,
    error,
    read_client_message,
)
from bumtable.server.rate import Bucket
from bumtable.server.service import TableError, TableService
from bumtable.server.store import hash_token
from bumtable.server.table import CLOSE, Table, Viewer

log = logging.getLogger("bumtable.server")

CLOSE_CODES = {"no-table": 4404, "table-full": 4429, "engine-version": 4409}
"""WebSocket close codes for the errors that end a connection (any other: 4403)."""
TOO_SLOW = 4008


async def serve_connection(
    websocket: WebSocket,
    service: TableService,
    table_id: str,
    token: str | None,
    since: int,
    *,
    name: str | None = None,
    auto: bool | None = None,
) -> None:
    """Run one connection until either side closes it (``name`` and ``auto``: the seat's, set on arrival)."""
    await websocket.accept()
    try:
        if name is not None:
            try:
                NameMessage(type="name", v=1, name=name)
            except ValidationError:
                raise TableError(
                    "invalid", f"bad name {name!r}: 1-24 letters, digits, spaces and .'-_"
                ) from None
        token_hash = None if token is None else hash_token(token)
        for attempt in (1, 2):  # a table put away between get and join is asked for again (read from its log)
            table = await service.get(table_id)
            seat = service.seat_of(table, token)
            try:
                viewer = await service.join(
                    table, seat, max(since, 0), name=name, auto=auto, token_hash=token_hash
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
    sender = asyncio.create_task(_send_frames(websocket, viewer))
    try:
        await _read_messages(websocket, service, table, viewer)
    except WebSocketDisconnect:
        pass
    finally:
        sender.cancel()
        await service.leave(table, viewer)


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
        data = text if text is not None else incoming.get("bytes") or b""
        size = len(data.encode()) if isinstance(data, str) else len(data)
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
            message = read_client_message(data)
            if isinstance(message, ActMessage):
                await service.act(table, viewer.seat, message.action, message.step)
                bucket.refund()  # an accepted action does not count: the game paces those
            elif isinstance(message, ResyncMessage):
                await service.resync(table, viewer, message.since)
            elif isinstance(message, AutoMessage):
                await service.set_auto(table, viewer.seat, message.on)
            elif isinstance(message, NameMessage):
                await service.set_name(table, viewer.seat, message.name)
        except (MessageError, TableError) as e:
            service.reply(viewer, error(e.code, str(e)))
        except Exception:  # the server's fault, not the message's: said, logged, and the connection goes on
            log.exception("a message could not be handled")
            service.reply(
                viewer, error("server", "the server could not handle that message; nothing changed")
            )
