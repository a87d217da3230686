"""The agents' MCP server: every tool on one server, and its run over stdio (as MCP clients start servers).

>>> import anyio
>>> from mcp.client import Client
>>> async def names():
...     async with Client(agents_server(Games())) as client:
...         return sorted(t.name for t in (await client.list_tools()).tools)
>>> anyio.run(names)[:4]
['act', 'join_table', 'leave_game', 'legal_actions']
"""

from __future__ import annotations

from mcp.server.mcpserver import MCPServer

from bumtable.agents.games import Games
from bumtable.agents.tools import catalog, play, seats

INSTRUCTIONS = (
    "Play bumtable's card games (The Bum Game, President, Gin Bummy, Boojum...). list_games, then start_game "
    "(you against bots) or join_table (a seat at a table server); then, until the game is over: wait_for_turn, "
    "view (or view_json), legal_actions, act. result gives your place at the end. rules says the rules."
)


def agents_server(games: Games) -> MCPServer:
    """An MCP server whose tools play ``games``."""
    server: MCPServer = MCPServer("bumtable", instructions=INSTRUCTIONS, log_level="WARNING")
    for tools in (catalog, seats, play):
        tools.register(server, games)
    return server


def run_stdio(games: Games) -> None:
    """Serve ``games`` over stdin and stdout until the client closes them."""
    try:
        agents_server(games).run("stdio")
    finally:
        games.close()
