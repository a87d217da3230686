"""How bots are seeded, so that the same seeds give the same moves: every seeding used here, side by side.

- :data:`PER_DECISION` (``bumtable play``, the table server): a fresh bot for each decision, seeded from the
  game's seed, the seat and the actions taken so far (:func:`bot_seed`), so a game saved and resumed, or a
  table rebuilt from its log, decides exactly as before.
- :class:`PerSeat` (simulations, tournaments): one bot per seat for the whole game, made from the seat's seed,
  which keeps whatever it learns or draws from one decision to the next. Its seeds come from
  :meth:`PerSeat.drawn` (``simulate``, ``simulate_games``: drawn from the simulation's generator right after
  the game's own seed) or :meth:`PerSeat.of_table` (tournaments: :func:`bot_seed` of the deal, the seat and
  the table).

The two cannot be one rule: a lasting bot's later decisions depend on its earlier ones, a fresh bot's do not.
:mod:`bumtable.sim.runner` plays with either.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from bumtable.rules import State


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """The seed of the bot deciding ply ``ply`` for ``seat``: a resumed game decides exactly as before.

    >>> bot_seed(7, 1, 30) == bot_seed(7, 1, 30), bot_seed(7, 1, 30) == bot_seed(7, 2, 30)
    (True, False)
    """
    data = f"bumtable-bot:{game_seed}:{seat}:{ply}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class PerDecision:
    """A fresh bot for each decision, seeded by :meth:`seed`; nothing it draws or learns outlives the decision."""

    def seed(self, state: State, seat: int) -> int:
        """The seed of the bot deciding for ``seat`` now: :func:`bot_seed` of the game's seed, the seat and the
        actions taken so far.

        >>> from bumtable.rules import get
        >>> state = get("president").new_state(seed=4)
        >>> PER_DECISION.seed(state, 1) == bot_seed(4, 1, 0)
        True
        """
        return bot_seed(state.seed, seat, len(state.history))


PER_DECISION = PerDecision()
"""The seeding of ``bumtable play`` and the table server."""


@dataclass(frozen=True)
class PerSeat:
    """One bot per seat for the whole game, seat ``p``'s made from ``seeds[p]``."""

    seeds: tuple[int, ...]

    @classmethod
    def drawn(cls, master: random.Random, players: int) -> PerSeat:
        """Simulations: each seat's seed drawn in turn from the simulation's generator (after the game's seed).

        >>> PerSeat.drawn(random.Random(1), 2) == PerSeat.drawn(random.Random(1), 2)
        True
        """
        return cls(tuple(master.getrandbits(63) for _ in range(players)))

    @classmethod
    def of_table(cls, deal: int, table: int, players: int) -> PerSeat:
        """Tournaments: seat ``p``'s bot at table ``table`` of deal ``deal`` (a seed) is seeded
        ``bot_seed(deal, p, table)``.

        >>> PerSeat.of_table(9, 2, 3).seeds[1] == bot_seed(9, 1, 2)
        True
        """
        return cls(tuple(bot_seed(deal, seat, table) for seat in range(players)))
