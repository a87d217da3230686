"""The ``bumtable`` command: one Typer app with a command per module (``*_cmd.py``)."""

from __future__ import annotations

from typing import Any

import typer
from typer.core import TyperOption

from bumtable.cli.create_cmd import create
from bumtable.cli.games_cmd import games
from bumtable.cli.join_cmd import join
from bumtable.cli.lab_cmd import lab
from bumtable.cli.mcp_cmd import mcp
from bumtable.cli.moves_cmd import moves
from bumtable.cli.play_cmd import play
from bumtable.cli.replay_cmd import replay
from bumtable.cli.schema_cmd import schema
from bumtable.cli.serve_cmd import serve
from bumtable.cli.simulate_cmd import simulate
from bumtable.cli.tournament_cmd import tournament
from bumtable.cli.verify_cmd import verify

_shown_type = TyperOption.display_type_rich


def _flag_untyped(self: TyperOption, ctx: Any) -> str | None:
    """No type beside a flag in ``--help``: a flag takes no value."""
    return None if self.is_flag else _shown_type(self, ctx)


TyperOption.display_type_rich = _flag_untyped  # type: ignore[method-assign]

app = typer.Typer(
    name="bumtable",
    help="The Bum Game and its family (the climbing games, Gin Bummy, Boojum): play, simulate, list moves, replay, games, schema, serve a table, join one, study the rules (lab), seat LLM agents (mcp).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
app.command()(play)
app.command()(simulate)
app.command()(moves)
app.command()(replay)
app.command()(games)
app.command()(schema)
app.command()(serve)
app.command()(create)
app.command()(join)
app.command()(tournament)
app.command()(lab)
app.command()(verify)
app.command()(mcp)


def main() -> None:
    app()
