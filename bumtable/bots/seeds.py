"""How bots are seeded, so that the same seeds give the same moves; every seeding side by side:

- :data:`PER_DECISION` (``bumtable play``, the table server): a fresh bot per decision, seeded by
  :func:`bot_seed` (game seed, seat, actions so far), so a resumed game or a rebuilt table decides as before.
- :class:`PerSeat` (simulations, tournaments): one bot per seat for the whole game, keeping what it draws or
  learns; seeded by :meth:`PerSeat.drawn` (simulations) or :meth:`PerSeat.of_table` (tournaments).
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass

from bumtable.rules import State


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """The seed of the bot deciding ply ``ply`` for ``seat`` in the game seeded ``game_seed``."""
    data = f"bumtable-bot:{game_seed}:{seat}:{ply}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1


@dataclass(frozen=True)
class PerDecision:
    """A fresh bot for each decision; nothing it draws or learns outlives the decision."""

    def seed(self, state: State, seat: int) -> int:
        """The seed of the bot deciding for ``seat`` now."""
        return bot_seed(state.seed, seat, len(state.history))


PER_DECISION = PerDecision()
"""The seeding of ``bumtable play`` and the table server."""


@dataclass(frozen=True)
class PerSeat:
    """One bot per seat for the whole game, seat ``p``'s seeded ``seeds[p]``."""

    seeds: tuple[int, ...]

    @classmethod
    def drawn(cls, master: random.Random, players: int) -> PerSeat:
        """Simulations: each seat's seed drawn in turn from the simulation's generator, after the game's."""
        return cls(tuple(master.getrandbits(63) for _ in range(players)))

    @classmethod
    def of_table(cls, deal: int, table: int, players: int) -> PerSeat:
        """Tournaments: seat ``p`` at table ``table`` of deal ``deal`` gets ``bot_seed(deal, p, table)``."""
        return cls(tuple(bot_seed(deal, seat, table) for seat in range(players)))
