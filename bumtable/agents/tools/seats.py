"""Tools: start a game against bots, take a seat at a table server, list and leave your games."""

from __future__ import annotations

from typing import Any

from mcp.server.mcpserver import MCPServer

from bumtable.agents.catalog import known_game, make_rules, seating
from bumtable.agents.games import Games
from bumtable.agents.local_game import LocalGame
from bumtable.agents.table_game import TableGame
from bumtable.agents.tools import said


def register(server: MCPServer, games: Games) -> None:
    @server.tool()
    def start_game(
        game: str,
        players: int | None = None,
        variants: list[str] | None = None,
        options: dict[str, Any] | None = None,
        seat: int = 0,
        bots: str | list[str] | None = None,
        seed: int | None = None,
    ) -> dict[str, Any]:
        """Start a game in this process: you at `seat` (0 to players-1), bots at the other seats, which play
        their turns themselves. `game`: a name from list_games; `players`: the game's default if left out;
        `variants`: named variants; `options`: single options by name (e.g. {"rounds": 1} for one hand of a
        climbing game); `bots`: one kind for every other seat or a list of kinds for them in turn (easy,
        medium, hard, heuristic, random; default heuristic); `seed`: the same seed deals the same game.
        Returns the game's id for the other tools; then call wait_for_turn."""
        with said():
            name = known_game(game)
            rules = make_rules(name, players, variants or [], options)
            kinds = seating(rules, seat=seat, bots=bots)
            chosen = games.new_seed() if seed is None else seed
            made = games.add(
                lambda game_id: LocalGame(
                    game_id, rules, seed=chosen, seat=seat, bots=kinds, words_for=games.words_for
                )
            )
            return made.about()

    @server.tool()
    def join_table(link: str, name: str | None = None) -> dict[str, Any]:
        """Take a seat at a bumtable table server with a link its maker handed out: a seat's own link
        (http://HOST:PORT/t/ID?token=...) or the join link for any free seat (...?join=...), as `bumtable join`
        takes them. `name`: the name the table shows for your seat. The table marks your seat as an agent's.
        Returns the game's id and your seat's own link (keep it to come back)."""
        with said():
            made = games.add(lambda game_id: TableGame(game_id, link, name=name, words_for=games.words_for))
            return made.about()

    @server.tool()
    def my_games() -> dict[str, Any]:
        """The games you hold, each with its id, game, seat and whether it is over."""
        return {"games": [g.about() for g in games.all()]}

    @server.tool()
    def leave_game(game_id: str) -> dict[str, Any]:
        """Let a game go: a local game ends here; at a table your seat waits for you (its link brings you
        back)."""
        with said():
            return {"left": games.drop(game_id).about()}
