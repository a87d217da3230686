"""Exact probabilities the deal decides: Jokers fall like balls drawn without replacement, so a spread ``j``
over hands of sizes ``h`` has probability ``prod C(h_i, j_i) / C(D, J)``.

>>> from bumtable.rules import get
>>> revolution_probability(get("bum-game", players=4))  # Worker or Bum dealt both Jokers
Fraction(52, 477)
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions


def _spreads(jokers: int, sizes: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    if len(sizes) == 1:
        if jokers <= sizes[0]:
            yield (jokers,)
        return
    for k in range(min(jokers, sizes[0]) + 1):
        for rest in _spreads(jokers - k, sizes[1:]):
            yield (k, *rest)


def joker_spread_probabilities(rules: ClimbingOptions) -> dict[tuple[int, ...], Fraction]:
    """Probability of each number of Jokers per role (role 0 first), from the deal."""
    sizes = rules.hand_sizes()
    total = comb(rules.deck_size, rules.jokers)
    out: dict[tuple[int, ...], Fraction] = {}
    for spread in _spreads(rules.jokers, sizes):
        ways = 1
        for h, j in zip(sizes, spread, strict=True):
            ways *= comb(h, j)
        out[spread] = Fraction(ways, total)
    return out


def _triggered(spread: tuple[int, ...], triggers: tuple[tuple[int, int], ...]) -> bool:
    return any(spread[role] >= k for role, k in triggers)


def revolution_probability(rules: ClimbingOptions) -> Fraction:
    """Exact chance that a hand's deal triggers a revolution (every hand, the first included)."""
    return sum(
        (p for s, p in joker_spread_probabilities(rules).items() if _triggered(s, rules.revolution_triggers)),
        Fraction(0),
    )


def cancelled_exchange_probability(rules: ClimbingOptions) -> Fraction:
    """Exact chance that a deal cancels the exchange (the Bum-only variant's Worker case)."""
    return sum(
        (
            p
            for s, p in joker_spread_probabilities(rules).items()
            if not _triggered(s, rules.revolution_triggers) and _triggered(s, rules.exchange_cancel_triggers)
        ),
        Fraction(0),
    )
