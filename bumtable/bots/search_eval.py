"""What the search bot reckons each seat's prospects are when a playout is cut short: a heuristic from the
public observation (what everyone sees), from 0 (last) to 1 (first), per family.

- Climbing games: those out already by the order they went out, then the others by cards left (fewer is
  better).
- Boojum: by different suit tokens held.
- Others (Gin Bummy's playouts reach the game's end): every seat alike.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=1)
>>> public = state.observe(None)
>>> public.card_counts  # 54 cards dealt to four: fewer is better
(14, 13, 13, 14)
>>> estimate("climbing", public)
(0.16666666666666666, 0.8333333333333334, 0.8333333333333334, 0.16666666666666666)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def estimate(family: str, public: Any) -> tuple[float, ...]:
    """Each seat's prospects in [0, 1] from the public observation ``public`` of a game of ``family``."""
    if family == "climbing":
        n = len(public.card_counts)
        out = list(public.finished)
        keys = [(0, out.index(p)) if p in out else (1, public.card_counts[p]) for p in range(n)]
        return _by_keys(keys, better_low=True)
    if family == "boojum":
        return _by_keys([sum(1 for k in held if k) for held in public.tokens], better_low=False)
    players = len(public.hand_counts)
    return (0.5,) * players


def _by_keys(keys: Sequence[Any], *, better_low: bool) -> tuple[float, ...]:
    """Values from keys: each seat's share of the seats it beats, ties counting half, so equal keys are 0.5."""
    n = len(keys)
    if n < 2:
        return (0.5,) * n
    out = []
    for k in keys:
        beats = sum(1 for q in keys if (k < q if better_low else k > q))
        ties = sum(1 for q in keys if q == k) - 1
        out.append((beats + ties / 2) / (n - 1))
    return tuple(out)
