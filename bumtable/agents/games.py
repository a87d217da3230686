"""The games one agents' server holds, by the id it gave each; their seeds (from the server's ``--seed``, so a
seeded server starts the same games in the same order)."""

from __future__ import annotations

import random
import secrets
import threading
from collections.abc import Callable

from bumtable.agents.errors import AgentError
from bumtable.agents.seat_game import SeatGame
from bumtable.agents.seat_words import WordsFor, plain_words


class Games:
    """Games by id (``game-1``, ``game-2``...); ``words_for`` makes each game's words from its rules."""

    def __init__(self, *, seed: int | None = None, words_for: WordsFor = plain_words) -> None:
        self.words_for = words_for
        self._seeds = None if seed is None else random.Random(seed)
        self._games: dict[str, SeatGame] = {}
        self._made = 0
        self._lock = threading.Lock()

    def new_seed(self) -> int:
        """The seed of a game started without one: drawn from the server's seed, else fresh."""
        with self._lock:
            if self._seeds is None:
                return secrets.randbelow(1_000_000_000)
            return self._seeds.randrange(1_000_000_000)

    def add(self, make: Callable[[str], SeatGame]) -> SeatGame:
        """A new game made by ``make`` from its id, held from now on."""
        with self._lock:
            self._made += 1
            game_id = f"game-{self._made}"
        game = make(game_id)
        with self._lock:
            self._games[game_id] = game
        return game

    def get(self, game_id: str) -> SeatGame:
        with self._lock:
            game = self._games.get(game_id)
            if game is None:
                held = ", ".join(self._games) or "none yet (start_game or join_table makes one)"
                raise AgentError(f"no game {game_id!r}; games: {held}")
            return game

    def all(self) -> list[SeatGame]:
        with self._lock:
            return list(self._games.values())

    def drop(self, game_id: str) -> SeatGame:
        """Let a game go (a table's seat waits there for its player)."""
        game = self.get(game_id)
        with self._lock:
            self._games.pop(game_id, None)
        game.close()
        return game

    def close(self) -> None:
        for game in self.all():
            game.close()
