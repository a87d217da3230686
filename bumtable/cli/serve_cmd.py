"""``bumtable serve``: the table server (FastAPI under uvicorn) on a database."""

from __future__ import annotations

from typing import Annotated

import typer

from bumtable.server.settings import (
    DEFAULT_DATABASE,
    MAX_PACE,
    Limits,
    default_workers,
)  # light: the server's stack loads only to serve

GC_THRESHOLDS = (20_000, 50, 100)
"""The cyclic collector's thresholds while serving (Python's: 700, 10, 10): at those, full collections of a
server's large heap took a third of its CPU (measured in ``bench/README.md``)."""


WS_MAX_BYTES = 64 * 1024
"""The largest WebSocket message uvicorn reads at all (1009 beyond); above ``Limits.max_message_bytes``."""


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option(help="SQLAlchemy database URL (default: a SQLite file in ./bumtable-data).")
    ] = DEFAULT_DATABASE,
    max_tables: Annotated[int, typer.Option(min=1, help="Tables in play at once.")] = Limits.max_tables,
    max_connections: Annotated[
        int, typer.Option(min=1, help="Open connections to one table (seats and spectators).")
    ] = Limits.max_connections,
    http_per_second: Annotated[
        float, typer.Option(min=0.1, help="HTTP requests one client address may make per second (then 429).")
    ] = Limits.http_per_second,
    http_burst: Annotated[
        int, typer.Option(min=1, help="HTTP requests one client address may make at once.")
    ] = Limits.http_burst,
    auto_pause: Annotated[
        float,
        typer.Option(
            min=0,
            help="Longest pause, in seconds, before a seat's lone move is auto-played (each from a third of it "
            "to it, as a person would think); 0: at once, which shows others the move was the only one.",
        ),
    ] = Limits.auto_pause,
    pace: Annotated[
        float,
        typer.Option(
            min=0,
            max=MAX_PACE,
            help="Seconds between the moves the server makes (bots, stand-ins, auto-play) while someone is at a "
            "table, for tables that set no pace of their own; 0: at once.",
        ),
    ] = Limits.pace,
    bot_workers: Annotated[
        int | None,
        typer.Option(min=1, help="Processes that make bots' decisions (default: one fewer than the cores)."),
    ] = None,
    bot_decisions: Annotated[
        int | None,
        typer.Option(min=1, help="Bot decisions made at once (default: one per worker); the rest wait."),
    ] = None,
    log_level: Annotated[str, typer.Option(help="debug logs every public event of every table.")] = "info",
) -> None:
    """Run the table server: people and bots play tables over HTTP and WebSockets."""
    import logging

    import uvicorn

    from bumtable.server.app import create_app
    from bumtable.server.connection import WebSocketProtocol
    from bumtable.server.logs import configure

    level = getattr(logging, log_level.upper(), None)
    if not isinstance(level, int):
        raise typer.BadParameter(f"not a log level: {log_level!r} (debug, info, warning, error)")
    configure(level)
    limits = Limits(
        max_tables=max_tables,
        max_connections=max_connections,
        http_per_second=http_per_second,
        http_burst=http_burst,
        auto_pause=auto_pause,
        pace=pace,
        bot_workers=bot_workers or default_workers(),
        bot_decisions=bot_decisions or 0,
    )
    _check_free(host, port)
    app = create_app(database, limits)
    shown = f"[{host}]" if ":" in host else ("127.0.0.1" if host in ("0.0.0.0", "") else host)
    typer.echo(f"bumtable: open http://{shown}:{port}/ in a browser to play (Ctrl-C stops the server)")
    _tune_gc()
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level.lower(),
        ws=WebSocketProtocol,  # answers a handshake too long to read (uvicorn's own leaves it unanswered)
        ws_max_size=WS_MAX_BYTES,
        log_config=None,  # uvicorn's lines go through the root handler, whose filter blanks tokens
    )


def _check_free(host: str, port: int) -> None:
    """Fail with one clear line, before anything starts, when the address cannot be listened on."""
    import socket

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError as e:
            typer.echo(
                f"error: cannot listen on {host} port {port} ({e.strerror}): another server may have it; choose "
                f"another with --port N (make run PORT=N)",
                err=True,
            )
            raise typer.Exit(2) from None


def _tune_gc() -> None:
    """Fewer collections while serving: what start-up made is frozen, the thresholds raised."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
