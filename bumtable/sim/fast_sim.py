"""Simulations on the compiled engine (``bumtable simulate --engine fast``): hands of matches played one after
another by the compiled ``random`` and ``heuristic`` policies (:func:`bumtable.sim.fast_hands.match_hands`),
counted into the reference engine's :class:`HandTally` and :class:`SimReport`. Chunks of hands run in threads
(the kernels release the GIL), each seeded from ``seed`` and its index alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import numpy as np

from bumtable.rules.climbing import ClimbingRules
from bumtable.sim.fast_hands import check_bots, check_rules, match_hands
from bumtable.sim.parallel import chunk_seeds, chunk_sizes, default_jobs
from bumtable.sim.simulate import HandTally, SimReport, hand_report

CHUNK = 8192
"""Hands per chunk, played as whole matches one after another (the last cut short)."""


def _chunk(rules: ClimbingRules, kinds: Sequence[str], size: int, seed: int) -> HandTally:
    """``size`` hands of matches, counted as :meth:`HandTally.count` counts a hand, with arrays."""
    n = rules.players
    points = np.array(rules.points, dtype=np.int64)
    seat_kinds = np.array(kinds)
    tally = HandTally(n)
    for h in match_hands(rules, kinds, seed, size):
        k = len(h)
        place = np.empty_like(h.order)
        place[np.arange(k)[:, None], h.order] = np.arange(n)
        scored = points[place]  # (hands, seat)
        by_seat = scored.sum(axis=0)
        ended = h.winner[h.winner >= 0]
        more = HandTally(
            n,
            matches=len(ended),
            revolutions=int((h.revolution >= 0).sum()),
            cancelled=int(h.cancelled.sum()),
            plays=int(h.plays.sum()),
            actions=int(h.actions.sum()),
            role_hands=k,  # every hand has roles: the first hand's are the cut's
            points_by_role=np.bincount(h.roles.ravel(), weights=scored.ravel(), minlength=n)
            .astype(int)
            .tolist(),
            finish=np.bincount((h.roles * n + place).ravel(), minlength=n * n).reshape(n, n).tolist(),
            points_by_bot={b: int(by_seat[seat_kinds == b].sum()) for b in set(kinds)},
            seats_by_bot={b: k * int((seat_kinds == b).sum()) for b in set(kinds)},
            winners={
                b: int(c) for b, c in zip(*np.unique(seat_kinds[ended], return_counts=True), strict=True)
            },
        )
        tally.add(more)
    return tally


def simulate_fast(
    rules: ClimbingRules,
    *,
    hands: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """``hands`` hands of matches on the compiled engine, ``bots[i % len(bots)]`` at seat ``i``, in ``jobs``
    threads (0: every core); the report of :func:`bumtable.sim.simulate` (``docs/fast.md``)."""
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    check_bots(bots)
    kinds = [bots[i % len(bots)] for i in range(rules.players)]
    check_rules(rules)  # a RulesError (what the engine and its heuristic play) comes here, before any work
    sizes = chunk_sizes(hands, CHUNK)
    seeds = chunk_seeds(seed, len(sizes))
    jobs = min(jobs or default_jobs(), len(sizes))
    start = time.perf_counter()
    total = HandTally(rules.players)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for size, counts in zip(sizes, pool.map(partial(_chunk, rules, kinds), sizes, seeds), strict=True):
            total.add(counts)
            if progress is not None:
                progress(size)
    wall = time.perf_counter() - start
    return hand_report(rules, total, hands=hands, seed=seed, kinds=kinds, wall=wall, jobs=jobs)
