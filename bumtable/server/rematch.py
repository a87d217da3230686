"""Rematches: how a rematch's seats are drawn, and a series' count of wins along a chain of rematches.

>>> rematch_order(4, seed=7, shuffled=False)
[0, 1, 2, 3]
>>> sorted(rematch_order(4, seed=7, shuffled=True))
[0, 1, 2, 3]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bumtable.server.store import TableRecord


def rematch_order(players: int, *, seed: int, shuffled: bool) -> list[int]:
    """For each seat of the rematch, the old table's seat whose person (or bot) sits there: the same seats, or
    a permutation drawn from the rematch's seed (so the draw is the table's own, and can be checked)."""
    order = list(range(players))
    if shuffled:
        random.Random(f"bumtable-rematch|{seed}").shuffle(order)
    return order


def series_before(
    players: int, mapping: Sequence[int | None] | None, chain: Sequence[TableRecord]
) -> tuple[int, list[int]]:
    """The matches over before a rematch and each of its seats' wins in them, following each seat back
    through the seats the rematches gave (``mapping``: the rematch's own ``rematch_seats``; ``chain``: the
    tables before it, nearest first).

    >>> old = TableRecord(id="a", game="g", players=2, rules={}, seed=1, engine_version=1, status="over",
    ...     winners=[1])
    >>> series_before(2, [1, 0], [old])
    (1, [1, 0])
    """
    matches, wins = 0, [0] * players
    seats: list[int | None] = list(range(players))
    for table in chain:
        if mapping is None:
            break
        seats = [None if s is None or s >= len(mapping) else mapping[s] for s in seats]
        if table.status == "over":
            matches += 1
            winners = set(table.winners or ())
            wins = [w + (s is not None and s in winners) for w, s in zip(wins, seats, strict=True)]
        mapping = table.rematch_seats
    return matches, wins
