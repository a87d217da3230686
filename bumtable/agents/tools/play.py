"""Tools: your seat's view, its legal actions, acting, waiting for your turn, and the result."""

from __future__ import annotations

from functools import partial
from typing import Any

import anyio
import anyio.to_thread
from mcp.server.mcpserver import MCPServer
from pydantic import StrictInt, StrictStr

from bumtable.agents.games import Games
from bumtable.agents.tools import said

DEFAULT_WAIT = 30.0
"""Seconds wait_for_turn waits when not told."""
WAITS = 1000
"""Waits at once, each in a thread of its own (not the SDK's threads for the other tools: waits would use them
up)."""


def register(server: MCPServer, games: Games) -> None:
    @server.tool()
    def view(game_id: str) -> str:
        """Your seat's view of the game in words, as the terminal shows it to a player (your hand, the table,
        scores), and whose turn it is."""
        with said():
            return games.get(game_id).view_words()

    @server.tool()
    def view_json(game_id: str) -> dict[str, Any]:
        """Your seat's view as data: your observation's wire form (docs/schema/observation.json), holding only
        what your seat may know, with `legal` (text and code) when it is your turn."""
        with said():
            return games.get(game_id).view_json()

    @server.tool()
    def legal_actions(game_id: str) -> dict[str, Any]:
        """Your legal actions now, each with its text (the game's notation) and code; empty when it is not
        your turn."""
        with said():
            return games.get(game_id).legal()

    @server.tool()
    def act(game_id: str, action: StrictStr | StrictInt) -> dict[str, Any]:
        """Take an action at your turn: a legal action's text (e.g. "set 7 7", "pass", "discard Qd") or its
        code (a number). An action that is not legal now is refused with the rules' reason and counted; you
        may try again."""
        with said():
            return games.get(game_id).act(action)

    waits = anyio.CapacityLimiter(WAITS)

    @server.tool()
    async def wait_for_turn(game_id: str, timeout: float = DEFAULT_WAIT) -> dict[str, Any]:
        """Wait (at most `timeout` seconds, 0 to 600) until it is your turn or the game is over. Returns what
        happened since you last waited, in words (the events your seat saw), and the view when you are to
        act."""
        with said():
            game = games.get(game_id)
            answer: dict[str, Any] = await anyio.to_thread.run_sync(
                partial(game.wait, timeout), limiter=waits
            )
            return answer

    @server.tool()
    def result(game_id: str) -> dict[str, Any]:
        """The result once the game is over: your place (1 is first) and return, every seat's places, scores
        and returns; and the tally of your tries (refused actions, decisions legal at the first try)."""
        with said():
            return games.get(game_id).result()
