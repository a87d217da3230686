"""``bumtable schema``: the JSON Schema of every wire model and of every message of the table server."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bumtable.cli.common import CliError, cli_errors

SCHEMA_DIR = "docs/schema"
"""Where the repository keeps the generated schemas (a test checks they are up to date)."""


def schema(
    name: Annotated[
        str | None,
        typer.Argument(help="One schema by name (e.g. observation, event, record); default: every one."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", help=f"Write NAME.json files into this folder (the repository's: {SCHEMA_DIR})."
        ),
    ] = None,
) -> None:
    """Print the JSON Schema of the wire models and protocol messages, or write one file each with --out (the
    messages into its protocol/ subfolder)."""
    from bumtable.server.schema import PROTOCOL_DIR, message_schemas, write_message_schemas
    from bumtable.wire.schema import schema_text, schemas, write_schemas  # pydantic only when asked

    with cli_errors():
        messages = message_schemas()
        every = {**schemas(), **messages}
        if name is not None and name not in every:
            raise CliError(f"no schema {name!r}; schemas: {', '.join(sorted(every))}")
        if out is not None:
            if name is None:
                written = write_schemas(out) + write_message_schemas(out)
            else:
                folder = out / PROTOCOL_DIR if name in messages else out
                folder.mkdir(parents=True, exist_ok=True)
                written = [folder / f"{name}.json"]
                written[0].write_text(schema_text(every[name]), encoding="utf-8")
            for path in written:
                typer.echo(str(path))
            return
        typer.echo(schema_text(every if name is None else every[name]), nl=False)
