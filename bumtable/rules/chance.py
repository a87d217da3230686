"""Chance as an explicit input: every shuffle a game makes, drawn from a seed or replayed from a script.

Every random thing in a game (the deal, a cut, a reshuffled stock, a random seating) is a
shuffle of a list. A :class:`Chance` makes those shuffles from ``random.Random(seed)`` and
keeps each result in :attr:`Chance.draws`; given a ``script`` (the draws of another game, or
of another engine) it deals exactly those instead. So two engines can be fed the same deal
and compared state by state.

>>> from bumtable.rules import get
>>> a = get("bum-game", players=4).new_state(seed=5)
>>> b = get("bum-game", players=4).new_state(seed=99, chance=a.chance.draws)
>>> a.hands == b.hands
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bumtable.errors import RulesError


class Chance:
    """Shuffles for one game: from a seeded generator, or from a script of earlier results."""

    __slots__ = ("draws", "rng", "script", "used")

    def __init__(self, seed: int, script: Sequence[Sequence[int]] | None = None) -> None:
        self.rng = random.Random(seed)
        self.script = None if script is None else [tuple(s) for s in script]
        self.draws: list[tuple[int, ...]] = []
        self.used = 0

    def shuffle(self, items: list[int]) -> None:
        """Shuffle ``items`` in place (or put them in the script's next order) and record the result."""
        k = self.used
        self.used += 1
        if self.script is not None and k < len(self.script):
            given = self.script[k]
            if len(given) != len(items) or Counter(given) != Counter(items):
                raise RulesError(
                    f"chance script draw {k + 1} is not an order of the {len(items)} items this game shuffles"
                )
            items[:] = given
        else:
            self.rng.shuffle(items)
        self.draws.append(tuple(items))

    def copy(self, *, draws: bool = True) -> Chance:
        """An independent copy with the same generator state (and, with ``draws``, the draws so far)."""
        new = Chance.__new__(Chance)
        new.rng = random.Random()
        new.rng.setstate(self.rng.getstate())
        new.script = self.script
        new.draws = self.draws.copy() if draws else []
        new.used = self.used
        return new
