"""Tools: the games there are, and a game's rules in words."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer

from bumtable.agents.catalog import games_list
from bumtable.agents.games import Games
from bumtable.agents.tools import said


def register(server: MCPServer, games: Games) -> None:
    @server.tool()
    def list_games() -> dict[str, Any]:
        """Every game you may start: its name (for start_game), title, player counts, variants, and a line
        saying how it is won."""
        return {"games": games_list()}

    @server.tool()
    def rules(game_id: str) -> str:
        """The rules of a game you play, in short (the variants and options in force included)."""
        with said():
            return games.get(game_id).rules_words()
