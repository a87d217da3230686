"""``bumtable games``: every rules system with its player range, variants and options."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from bumtable.cli.common import cli_errors, out_console
from bumtable.rules.registry import SYSTEMS, system


def games(
    game: Annotated[
        str | None, typer.Argument(help="Show one game's options and their preset values.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")] = False,
) -> None:
    """List the games, their player counts and variants (or one game's options with --option names)."""
    with cli_errors():
        if game is not None:
            sys = system(game)
            rules = sys.build(sys.default_players)
            data = rules.to_dict()
            if as_json:
                typer.echo(json.dumps(data, sort_keys=True))
                return
            console = out_console()
            table = Table(
                title=f"{sys.title} for {sys.default_players}: options (change with --option NAME=VALUE)"
            )
            table.add_column("Option")
            table.add_column("Value")
            for key in sorted(data):
                table.add_row(key, json.dumps(data[key]))
            console.print(table)
            return
        rows = [
            {
                "game": s.name,
                "title": s.title,
                "players": [s.min_players, s.max_players],
                "default_players": s.default_players,
                "variants": sorted(s.variants),
            }
            for s in SYSTEMS.values()
        ]
        if as_json:
            typer.echo(json.dumps(rows))
            return
        table = Table(title="Games")
        for col in ("Game", "Title", "Players", "Variants"):
            table.add_column(col)
        for s in SYSTEMS.values():
            table.add_row(s.name, s.title, f"{s.min_players}-{s.max_players}", ", ".join(sorted(s.variants)))
        out_console().print(table)
