"""``bumtable verify``: check a table's record against the commitments to its deals (``docs/server.md``)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from bumtable.cli.common import CliError, cli_errors


def verify(
    record: Annotated[Path, typer.Argument(help="A finished table's record (the web table's download).")],
    match: Annotated[
        str | None,
        typer.Option(
            "--match",
            help="The match commitment the table showed before the first deal (the page's fair-deal note): "
            "checks that the record's seed is the one committed to, not only that the record agrees with itself.",
        ),
    ] = None,
) -> None:
    """Deal every hand again from the record's seed and check each against the commitment the table sent
    before it was played: a line per hand, or the first mismatch and exit status 1."""
    from bumtable.rules import GameRecord
    from bumtable.server.fairness import FairnessError
    from bumtable.server.fairness import verify as check

    with cli_errors():
        try:
            text = record.read_text(encoding="utf-8")
        except OSError as e:
            raise CliError(f"cannot read {record}: {e.strerror or e}") from None
        game = GameRecord.from_json(text)
        try:
            told = (game.meta.get("fair") or {}).get("match")
            if match is not None and match.strip().lower() != told:
                raise FairnessError(
                    "the record's match commitment is not the one given: not the match you saw"
                )
            for line in check(game):
                typer.echo(line)
        except FairnessError as e:
            typer.echo(f"{record}: {e}", err=True)
            raise typer.Exit(1) from None
        if match is None:
            typer.echo(
                "every deal matches the record's commitments; give --match HASH (the commitment the table "
                "showed before the first deal) to check the seed is the one committed to"
            )
        else:
            typer.echo("every deal matches its commitment, from the seed committed to before the first deal")
