"""``bumtable mcp``: seats for LLM agents, an MCP server over stdio (``docs/agents.md``). The agents' words are
the terminal's faces, so an agent reads what a person at the terminal reads. The MCP SDK (the ``agents`` extra)
is imported only when the command runs."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Annotated, Any

import typer
from rich.console import Console, RenderableType

from bumtable.agents.seat_words import GameWords, SeatNames
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.rules import Event, Rules

WIDTH = 100
"""Columns the words are laid out in."""


class TerminalWords:
    """A game's words for one seat, as its terminal face shows them, laid out as plain text."""

    def __init__(self, face: Face) -> None:
        self.face = face

    def opening(self, obs: Any, seats: SeatNames) -> str:
        return _text([*self.face.opening(obs, _seats(seats)), *self.face.turn_view(obs, _seats(seats))])

    def table(self, obs: Any, seats: SeatNames) -> str:
        return _text(self.face.turn_view(obs, _seats(seats)))

    def news(self, before: Any, events: Sequence[Event], after: Any, seats: SeatNames) -> str:
        return _text(self.face.narrate(before, events, after, _seats(seats)))

    def final(self, obs: Any, seats: SeatNames) -> str:
        return _text(self.face.final(obs, _seats(seats)))


def terminal_words(rules: Rules) -> GameWords:
    """The words of the terminal's face for ``rules``' family (a new face per game)."""
    return TerminalWords(face_for(rules))


def _seats(seats: SeatNames) -> Seats:
    return Seats(seats.names, seats.you, seats.kinds)


def _text(lines: Sequence[RenderableType]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=WIDTH, color_system=None, highlight=False, emoji=False)
    for line in lines:
        console.print(line)
    return "\n".join(line.rstrip() for line in out.getvalue().strip("\n").splitlines())


def mcp(
    seed: Annotated[
        int | None,
        typer.Option(help="Seed the games started without one: the same seed starts the same games in turn."),
    ] = None,
) -> None:
    """Serve seats for LLM agents: an MCP server over stdin and stdout, as MCP clients (Claude Desktop and
    others) start servers. Its tools list the games, start one against bots or take a seat at a table server
    (bumtable serve) by its link, show the seat's view, list legal actions, act, wait for the turn and give the
    result. Needs the MCP SDK, which the agents extra of bumtable installs. See docs/agents.md.
    """
    try:
        from bumtable.agents.games import Games
        from bumtable.agents.server import run_stdio
    except ImportError as e:
        typer.echo(
            f"error: bumtable mcp needs the agents extra (pip install 'bumtable[agents]'): {e}", err=True
        )
        raise typer.Exit(2) from None
    run_stdio(Games(seed=seed, words_for=terminal_words))
