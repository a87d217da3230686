"""``bumtable schema``: the JSON Schema of every wire model (observations, events, rules, records)."""

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
    """Print the JSON Schema of the wire models, or write one file per model with --out."""
    from bumtable.wire.schema import schema_text, schemas, write_schemas  # pydantic only when asked

    with cli_errors():
        every = schemas()
        if name is not None and name not in every:
            raise CliError(f"no schema {name!r}; schemas: {', '.join(sorted(every))}")
        if out is not None:
            if name is None:
                written = write_schemas(out)
            else:
                out.mkdir(parents=True, exist_ok=True)
                written = [out / f"{name}.json"]
                written[0].write_text(schema_text(every[name]), encoding="utf-8")
            for path in written:
                typer.echo(str(path))
            return
        typer.echo(schema_text(every if name is None else every[name]), nl=False)
