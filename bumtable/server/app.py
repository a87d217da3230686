"""The FastAPI application: create and look up tables over HTTP, play and watch them over a WebSocket.

``POST /api/tables`` makes a table and returns a token per person's seat; ``GET /api/tables/{id}``
its public information; ``/ws/tables/{id}?token=...`` is a seat's connection and, without a token, a
spectator's. Messages are those of :mod:`bumtable.server.messages`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, ConfigDict, Field

from bumtable.errors import BumtableError
from bumtable.server.messages import MessageError, ResyncMessage, error, read_client_message
from bumtable.server.service import SeatSpec, TableError, TableService
from bumtable.server.store import DEFAULT_DATABASE, Store

log = logging.getLogger("bumtable.server")


class SeatRequest(BaseModel):
    """A seat of a new table: a person, or a bot of a kind (random, heuristic)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"] = "person"
    bot: str = "heuristic"


class CreateTable(BaseModel):
    """A new table: the game, its player count, variants and options (house rules), and its seats."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(examples=["bum-game"])
    players: int | None = Field(default=None, description="Default: the game's.")
    variants: list[str] = []
    options: dict[str, Any] = Field(default={}, description="Any rules option by name (bumtable games GAME).")
    seats: list[SeatRequest] | None = Field(
        default=None, description="One per player; default: a person in seat 0, heuristic bots elsewhere."
    )
    seed: int | None = Field(default=None, ge=0, lt=2**62, description="Default: a random one.")


class CreatedTable(BaseModel):
    """The new table's id and the token of each person's seat (keep them: they are the seats' keys)."""

    id: str
    tokens: dict[int, str]


def create_app(database: str = DEFAULT_DATABASE) -> FastAPI:
    """The server application on the database at URL ``database``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database)
        service = TableService(store)
        await service.start()
        app.state.service = service
        log.info("serving %d tables from %s", len(service.tables), store.engine.url)
        try:
            yield
        finally:
            await service.stop()
            store.close()

    app = FastAPI(title="bumtable table server", version="0.1.0", lifespan=lifespan)

    def service_of() -> TableService:
        service: TableService = app.state.service
        return service

    @app.post("/api/tables", response_model=CreatedTable)
    async def create_table(request: CreateTable) -> CreatedTable:
        """Make a table; the answer holds a token for each person's seat."""
        seats = None if request.seats is None else [SeatSpec(kind=s.kind, bot=s.bot) for s in request.seats]
        try:
            table, tokens = await service_of().create(
                request.game,
                players=request.players,
                variants=request.variants,
                options=request.options,
                seats=seats,
                seed=request.seed,
            )
        except BumtableError as e:
            raise HTTPException(status_code=400, detail=str(e)) from None
        return CreatedTable(id=table.id, tokens=tokens)

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """What anyone may know of a table (no cards)."""
        try:
            return service_of().table(table_id).public()
        except TableError as e:
            raise HTTPException(status_code=404, detail=str(e)) from None

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str, token: str | None = None, since: int = 0) -> None:
        """A seat's connection (with its token) or a spectator's (without)."""
        service = service_of()
        await websocket.accept()
        try:
            table = service.table(table_id)
            seat = service.seat_of(table, token)
            viewer = await service.join(table, seat, max(since, 0))
        except TableError as e:
            await websocket.send_json(error(e.code, str(e)))
            await websocket.close(code=4404 if e.code == "no-table" else 4403)
            return

        async def send_frames() -> None:
            try:
                while True:
                    await websocket.send_json(await viewer.queue.get())
            except (
                WebSocketDisconnect,
                RuntimeError,
                OSError,
            ):  # the client went away; the reader sees it too
                return

        sender = asyncio.create_task(send_frames())
        try:
            while True:
                incoming = await websocket.receive()
                if incoming["type"] == "websocket.disconnect":
                    break
                text = incoming.get("text")
                if text is None:
                    text = incoming.get("bytes") or b""
                try:
                    message = read_client_message(text)
                    if isinstance(message, ResyncMessage):
                        await service.resync(table, viewer, message.since)
                    else:
                        await service.act(table, seat, message.action)
                except (MessageError, TableError) as e:
                    viewer.queue.put_nowait(error(e.code, str(e)))
        except WebSocketDisconnect:
            pass
        finally:
            sender.cancel()
            service.leave(table, viewer)

    return app
