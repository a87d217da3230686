"""Chance as an explicit input: every shuffle a game makes, drawn from a seed or replayed from a script.

Fed another game's draws (or another engine's), a game deals exactly those, so engines compare state by state.

>>> from bumtable.rules import get
>>> a = get("bum-game", players=4).new_state(seed=5)
>>> get("bum-game", players=4).new_state(seed=99, chance=a.chance.draws).hands == a.hands
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bumtable.errors import RulesError


class Chance:
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
