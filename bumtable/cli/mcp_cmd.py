"""``bumtable mcp``: seats for LLM agents, an MCP server over stdio (``docs/agents.md``), speaking the terminal's
words. The MCP SDK (the ``agents`` extra) is imported only when the command runs."""

from __future__ import annotations

from typing import Annotated

import typer


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
        from bumtable.agents.terminal_words import terminal_words
    except ImportError as e:
        typer.echo(
            f"error: bumtable mcp needs the agents extra (pip install 'bumtable[agents]'): {e}", err=True
        )
        raise typer.Exit(2) from None
    run_stdio(Games(seed=seed, words_for=terminal_words))
