"""``bumtable serve``: the table server (FastAPI under uvicorn) on a database."""

from __future__ import annotations

from typing import Annotated

import typer

from bumtable.server.store import DEFAULT_DATABASE


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[
        str, typer.Option(help="SQLAlchemy database URL (default: a SQLite file in ./bumtable-data).")
    ] = DEFAULT_DATABASE,
) -> None:
    """Run the table server: people and bots play tables over HTTP and WebSockets."""
    import logging

    import uvicorn

    from bumtable.server.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    uvicorn.run(create_app(database), host=host, port=port, log_level="info")
