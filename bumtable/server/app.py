"""The FastAPI application (routes: ``docs/protocol.md``); a route's docstring is its OpenAPI description."""

from __future__ import annotations

import asyncio
import html
import logging
import shlex
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, urlencode

from fastapi import FastAPI, HTTPException, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from bumtable.errors import BumtableError
from bumtable.rules import get as get_rules
from bumtable.rules import system
from bumtable.rules_text.api import rules_words
from bumtable.server import games_api
from bumtable.server.connection import serve_connection
from bumtable.server.http_limits import HttpLimits
from bumtable.server.messages import SeatName
from bumtable.server.service import SeatSpec, TableError, TableService
from bumtable.server.settings import DEFAULT_DATABASE, MAX_PACE, Limits
from bumtable.server.store import Store
from bumtable.server.table import Table

log = logging.getLogger("bumtable.server")

HTTP_STATUS = {
    "no-table": 404,
    "no-hand": 404,
    "bad-token": 403,
    "seat-taken": 409,
    "name-taken": 409,
    "still-playing": 409,
    "set-aside": 410,
}
"""The HTTP status of each refusal (any other: 400); ``too-many-tables`` is 503."""


class SeatRequest(BaseModel):
    """A seat of a new table: a person, or a bot of a kind (random, heuristic)."""

    model_config = ConfigDict(extra="forbid")
    kind: Literal["person", "bot"] = "person"
    bot: str = "heuristic"


class ClockRequest(BaseModel):
    """A turn clock: a bank of seconds per person's seat and an increment per move."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    bank: float = Field(gt=0, description="Seconds each person's seat starts with.")
    increment: float = Field(
        default=0, ge=0, description="Seconds added to a seat's bank by each of its moves."
    )


class SettingsRequest(BaseModel):
    """How the table treats missing and slow players."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False)
    away_after: float | None = Field(
        default=60,
        ge=0,
        description="Seconds a taken seat waits while its person is away before the stand-in bot plays it "
        "(only while another person is at the table); null: never.",
    )
    stand_in: str = Field(default="heuristic", description="The bot kind that stands in.")
    clock: ClockRequest | None = None
    listed: bool = Field(
        default=False,
        strict=True,
        description="In the lobby's list of open tables: anyone may watch it and take a free seat without the "
        "join code.",
    )
    wait: bool = Field(
        default=False,
        strict=True,
        description="A waiting room: nothing is dealt until every person's seat is taken or the maker starts "
        "the table with bots (the lobby's form sends true; false: a table made here plays at once).",
    )
    chat_spectators: bool = Field(
        default=False, strict=True, description="Spectators see the table's chat and may write in it."
    )
    pace: float | None = Field(
        default=None,
        ge=0,
        le=MAX_PACE,
        description="Seconds between the moves the server makes (bots, stand-ins, auto-play) while someone is "
        "connected to the table; null: the server's (bumtable serve --pace, 0.7 by default).",
    )


class CreateTable(BaseModel):
    """A new table: the game, its player count, variants and options (house rules), its seats and settings."""

    model_config = ConfigDict(extra="forbid")
    game: str = Field(examples=["bum-game"])
    players: int | None = Field(default=None, description="Default: the game's.")
    variants: list[str] = []
    options: dict[str, Any] = Field(default={}, description="Any rules option by name (bumtable games GAME).")
    seats: list[SeatRequest] | None = Field(
        default=None, description="One per player; default: a person in seat 0, heuristic bots elsewhere."
    )
    seed: int | None = Field(default=None, ge=0, lt=2**62, description="Default: a random one.")
    settings: SettingsRequest = SettingsRequest()
    host: bool = Field(
        default=True,
        description="The first person's seat is the maker's (taken already: the join link gives only the "
        "others); false: every person's seat is free.",
    )


class Links(BaseModel):
    """Where people go: a link per person's seat (holding its token), one for any free seat, one to watch."""

    seats: dict[int, str]
    join: str
    watch: str


class CreatedTable(BaseModel):
    """The new table's id, the token of each person's seat and the join code (keep them: they are the keys)."""

    id: str
    tokens: dict[int, str]
    join_code: str
    links: Links


class JoinRequest(BaseModel):
    """Take any free person's seat with the table's join code (at a listed table, without it)."""

    model_config = ConfigDict(extra="forbid")
    code: str | None = Field(
        default=None,
        min_length=1,
        max_length=100,
        description="The join code; none needed at a listed table.",
    )
    name: SeatName | None = None


class JoinedSeat(BaseModel):
    """The seat taken and its token (keep it: it is the seat's key)."""

    seat: int
    token: str
    link: str


def create_app(database: str = DEFAULT_DATABASE, limits: Limits | None = None) -> FastAPI:

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(database)
        service = TableService(store, limits)
        await service.start()
        app.state.service = service
        log.info("serving from %s", store.engine.url.render_as_string(hide_password=True))
        try:
            yield
        finally:
            await service.stop()
            store.close()

    app = FastAPI(title="bumtable table server", version="0.1.0", lifespan=lifespan)
    app.add_middleware(HttpLimits, limits=limits or Limits())  # requests per address, body size
    app.include_router(games_api.router)

    @app.exception_handler(StarletteHTTPException)
    async def not_found(request: Request, error: StarletteHTTPException) -> Response:
        if error.status_code == 404 and not request.url.path.startswith(("/api/", "/static/", "/ws/")):
            return HTMLResponse(missing_page(f"nothing is at {request.url.path}", "page"), status_code=404)
        return await http_exception_handler(request, error)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        faults = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'] if p != 'body') or 'body'}: {e['msg']}"
            for e in error.errors()
        )
        return JSONResponse(status_code=400, content={"detail": faults})

    def service_of() -> TableService:
        service: TableService = app.state.service
        return service

    async def table_of(table_id: str) -> Table:
        try:
            return await service_of().get(table_id)
        except TableError as e:
            raise refusal(e) from None

    @app.post("/api/tables", response_model=CreatedTable)
    async def create_table(request: CreateTable, http: Request) -> CreatedTable:
        """Make a table; the answer holds the keys to it (tokens, join code) and the links to hand out."""
        seats = None if request.seats is None else [SeatSpec(kind=s.kind, bot=s.bot) for s in request.seats]
        try:
            created = await service_of().create(
                request.game,
                players=request.players,
                variants=request.variants,
                options=request.options,
                seats=seats,
                seed=request.seed,
                settings=request.settings.model_dump(),
                host=request.host,
            )
        except BumtableError as e:
            raise refusal(e) from None
        page = f"{str(http.base_url).rstrip('/')}/t/{created.table.id}"
        links = Links(
            seats={seat: f"{page}?token={token}" for seat, token in created.tokens.items()},
            join=f"{page}?join={created.join_code}",
            watch=page,
        )
        return CreatedTable(
            id=created.table.id, tokens=created.tokens, join_code=created.join_code, links=links
        )

    @app.get("/api/tables")
    async def listed_tables() -> dict[str, Any]:
        """The lobby's list of open tables: those listed and still played, newest first (50 at most)."""
        return {"tables": await service_of().listed()}

    @app.get("/api/tables/{table_id}")
    async def table_info(table_id: str) -> dict[str, Any]:
        """The table as everyone may know it: game, rules, settings, seats, whose turn it is (no cards)."""
        return (await table_of(table_id)).public()

    @app.post("/api/tables/{table_id}/join", response_model=JoinedSeat)
    async def join_table(table_id: str, request: JoinRequest, http: Request) -> JoinedSeat:
        """Take a free person's seat with the table's join code."""
        table = await table_of(table_id)
        try:
            seat, token = await service_of().claim_free_seat(table, request.code, request.name)
        except TableError as e:
            raise refusal(e) from None
        return JoinedSeat(
            seat=seat, token=token, link=f"{str(http.base_url).rstrip('/')}/t/{table.id}?token={token}"
        )

    @app.get("/api/tables/{table_id}/rules")
    async def table_rules(table_id: str) -> dict[str, Any]:
        """The table's rules in short, in words (as ``bumtable games GAME`` says them), with its variants and
        options applied: the summary's sections, the named variants and each option changed from the preset."""
        return dict(rules_words((await table_of(table_id)).rules))

    @app.get("/api/games/{name}/rules")
    async def game_rules(name: str, players: int | None = None) -> dict[str, Any]:
        """Game ``name``'s preset for ``players`` in short, in words (the lobby's "Rules")."""
        try:
            game = system(name).name
        except BumtableError as e:
            raise HTTPException(status_code=404, detail=str(e)) from None
        try:
            return dict(rules_words(get_rules(game, players=players)))
        except BumtableError as e:
            raise HTTPException(status_code=400, detail=str(e)) from None

    @app.get("/api/tables/{table_id}/scoreboard")
    async def scoreboard(table_id: str) -> dict[str, Any]:
        """The series so far: what each player gained in each finished hand, the totals and the outcome."""
        return (await table_of(table_id)).scoreboard()

    @app.get("/api/tables/{table_id}/hands/{number}")
    async def hand(table_id: str, number: int, token: str | None = None) -> dict[str, Any]:
        """The events of finished hand ``number`` (from 1) as the token's seat (or a spectator) saw them."""
        service = service_of()
        table = await table_of(table_id)
        try:
            seat = service.seat_of(table, token)
            events = service.hand_events(table, number, seat)
            # the hand is played again from the match's start: off the event loop, as other tables play on
            frames = await asyncio.to_thread(service.hand_frames, table, number, seat)
        except TableError as e:
            raise refusal(e) from None
        message = table.table_message(seat)
        return {
            "table": table.id,
            "hand": number,
            "seat": seat,
            "family": message["family"],
            "rules": message["rules"],
            "card_table": message["card_table"],
            "events": events,
            "frames": frames,
        }

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, hand: int | None = None) -> dict[str, Any]:
        """Once the match is over, its record (``bumtable replay`` reads it), cut after ``hand`` if given."""
        try:
            return service_of().record(await table_of(table_id), hand)
        except TableError as e:
            raise refusal(e) from None

    @app.get("/", response_class=HTMLResponse)
    async def lobby_page() -> str:
        """The lobby: make a table (the browser client, served by this process)."""
        return page("lobby", "bumtable", {})

    @app.get("/t/{table_id}", response_class=HTMLResponse)
    async def table_page(table_id: str, http: Request) -> HTMLResponse:
        """What a link opens: the table in the browser, and how to join it from a terminal."""
        try:
            table = await service_of().get(table_id)
        except TableError as e:
            if e.code == "set-aside":
                return HTMLResponse(set_aside_page(str(e)), status_code=410)
            return HTMLResponse(missing_page(str(e)), status_code=404)
        query = {k: v for k, v in http.query_params.items() if k in ("token", "join")}
        link = f"{str(http.base_url).rstrip('/')}/t/{quote(table.id)}" + (
            f"?{urlencode(query)}" if query else ""
        )
        terminal = f"bumtable join {shlex.quote(link)}"
        return HTMLResponse(
            page(
                "table",
                f"bumtable: {table.record.game} for {table.record.players}",
                {"table": table.id},
                terminal,
            )
        )

    app.mount("/static", StaticFiles(directory=STATIC, check_dir=False), name="static")

    @app.websocket("/ws/tables/{table_id}")
    async def play(
        websocket: WebSocket,
        table_id: str,
        token: str | None = None,
        since: str | None = None,
        name: str | None = None,
        auto: str | None = None,
        agent: str | None = None,
    ) -> None:
        """A seat's connection (with its token) or a spectator's; a bad ``since`` gets an error, not a 403."""
        await serve_connection(
            websocket, service_of(), table_id, token, since, name=name, auto=auto, agent=agent
        )

    return app


STATIC = Path(__file__).with_name("static")


def page(name: str, title: str, data: dict[str, str], terminal: str | None = None) -> str:
    """The HTML shell of a page the client draws; without the client's build, how to build it."""
    attrs = "".join(f' data-{k}="{html.escape(v)}"' for k, v in {"page": name, **data}.items())
    hint = (
        f"<p>To play or watch from a terminal: <code>{html.escape(terminal)}</code></p>" if terminal else ""
    )
    if (STATIC / "app.js").is_file():
        body = (
            '<main id="app"><noscript>This page needs JavaScript.</noscript></main>'
            f'<footer class="terminal">{hint}</footer><script type="module" src="/static/app.js"></script>'
        )
    else:
        body = (
            f"<h1>{html.escape(title)}</h1><p>The browser client is not built: run <code>make run</code> "
            f"(or <code>make web</code>) in the bumtable folder.</p>{hint}"
        )
    return document(title, attrs, body)


def document(title: str, attrs: str, body: str) -> str:
    return (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="icon" href="data:,">'
        '<link rel="stylesheet" href="/static/app.css"></head>'
        f"<body{attrs}>{body}</body></html>"
    )


def missing_page(reason: str, what: str = "table") -> str:
    return document(
        f"bumtable: no such {what}",
        ' data-page="missing"',
        f'<main><h1>No such {what}</h1><p class="problem">{html.escape(reason)}.</p>'
        f"<p>The link may be mistyped{', or the table made on another server' if what == 'table' else ''}. "
        '<a href="/">Go to the lobby</a> to make a table or find an open one.</p></main>',
    )


def set_aside_page(reason: str) -> str:
    return document(
        "bumtable: a table set aside",
        ' data-page="missing"',
        f'<main><h1>This table cannot be played here</h1><p class="problem">{html.escape(reason)}.</p>'
        "<p>Its options are beyond what this server allows; it is kept as it was. "
        '<a href="/">Go to the lobby</a> to make a table or find an open one.</p></main>',
    )


def refusal(e: BumtableError) -> HTTPException:
    code = getattr(e, "code", "")
    status = 503 if code == "too-many-tables" else HTTP_STATUS.get(code, 400)
    return HTTPException(status_code=status, detail=str(e))
