"""Simulations on the compiled engine (``bumtable simulate --engine fast``): hands of matches played one after
another by the compiled ``random`` and ``heuristic`` policies (:func:`bumtable.sim.fast_hands.match_hands`),
counted into the reference engine's :class:`SimReport`. Chunks of hands run in threads (the kernels release
the GIL), each seeded from ``seed`` and its index alone.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial

import numpy as np

from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.sim.fast_hands import check_bots, fast_engine, match_hands
from bumtable.sim.parallel import chunk_seeds, chunk_sizes, default_jobs
from bumtable.sim.simulate import SimReport

CHUNK = 8192
"""Hands per chunk, played as whole matches one after another (the last cut short)."""


@dataclass
class _Counts:
    hands: int = 0
    matches: int = 0
    revolutions: int = 0
    cancelled: int = 0
    plays: int = 0
    actions: int = 0
    points_by_role: list[int] = field(default_factory=list)
    finish: list[list[int]] = field(default_factory=list)
    points_by_seat: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, n: int) -> _Counts:
        return cls(0, 0, 0, 0, 0, 0, [0] * n, [[0] * n for _ in range(n)], [0] * n, [0] * n)

    def add(self, other: _Counts) -> None:
        for name in ("hands", "matches", "revolutions", "cancelled", "plays", "actions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in (
            (self.points_by_role, other.points_by_role),
            (self.points_by_seat, other.points_by_seat),
            (self.wins_by_seat, other.wins_by_seat),
            *zip(self.finish, other.finish, strict=True),
        ):
            for i, v in enumerate(theirs):
                mine[i] += v


def _chunk(rules: ClimbingRules, kinds: Sequence[str], size: int, seed: int) -> _Counts:
    """``size`` hands of matches, counted as :class:`bumtable.sim.simulate.HandTally` counts them."""
    n = rules.players
    points = np.array(rules.points, dtype=np.int64)
    c = _Counts.empty(n)
    for h in match_hands(rules, kinds, seed, size):
        k = len(h)
        place = np.empty_like(h.order)
        place[np.arange(k)[:, None], h.order] = np.arange(n)
        scored = points[place]  # (hands, seat)
        ended = h.winner[h.winner >= 0]
        more = _Counts(
            hands=k,
            matches=len(ended),
            revolutions=int((h.revolution >= 0).sum()),
            cancelled=int(h.cancelled.sum()),
            plays=int(h.plays.sum()),
            actions=int(h.actions.sum()),
            points_by_role=np.bincount(h.roles.ravel(), weights=scored.ravel(), minlength=n)
            .astype(int)
            .tolist(),
            finish=np.bincount((h.roles * n + place).ravel(), minlength=n * n).reshape(n, n).tolist(),
            points_by_seat=scored.sum(axis=0).tolist(),
            wins_by_seat=np.bincount(ended, minlength=n).tolist(),
        )
        c.add(more)
    return c


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
    n = rules.players
    kinds = [bots[i % len(bots)] for i in range(n)]
    fast_engine().make(rules)  # a RulesError (what the engine covers) comes here, before any work
    sizes = chunk_sizes(hands, CHUNK)
    seeds = chunk_seeds(seed, len(sizes))
    jobs = min(jobs or default_jobs(), len(sizes))
    start = time.perf_counter()
    total = _Counts.empty(n)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for counts in pool.map(partial(_chunk, rules, kinds), sizes, seeds):
            total.add(counts)
            if progress is not None:
                progress(counts.hands)
    wall = time.perf_counter() - start
    roles = rules.roles
    by_seat_kind: dict[str, list[int]] = {}
    winners: dict[str, int] = {}
    for p, kind in enumerate(kinds):
        got = by_seat_kind.setdefault(kind, [0, 0])
        got[0] += total.points_by_seat[p]
        got[1] += hands
        if total.wins_by_seat[p]:
            winners[kind] = winners.get(kind, 0) + total.wins_by_seat[p]
    return SimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=kinds,
        hands=hands,
        matches_finished=total.matches,
        revolutions=total.revolutions,
        revolution_rate=total.revolutions / hands,
        exact_revolution_rate=float(revolution_probability(rules)),
        cancelled_exchanges=total.cancelled,
        points_by_role={roles[r]: total.points_by_role[r] / hands for r in range(n)},
        finish_by_role={roles[r]: [k / hands for k in total.finish[r]] for r in range(n)},
        hands_with_roles=hands,
        points_by_bot={b: by_seat_kind[b][0] / by_seat_kind[b][1] for b in sorted(by_seat_kind)},
        plays_per_hand=total.plays / hands,
        actions_per_hand=total.actions / hands,
        wall_seconds=wall,
        match_winners=winners,
        jobs=jobs,
    )
