"""Simulations on the compiled engine (``bumtable simulate --engine fast``): many first hands, played by the
compiled ``random`` and ``heuristic`` policies, counted into the reference engine's :class:`SimReport`.

The compiled engine plays a match's first hand (``docs/fast.md``), so each hand here is the first hand of a
new match: the roles are the cut's (and a revolution's), and under ``rounds=1`` each hand is a whole match.
Chunks of hands run in threads (the kernels release the GIL), seeded from ``seed`` alone.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bumtable.errors import BumtableError
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.sim.parallel import chunk_seeds, chunk_sizes, default_jobs
from bumtable.sim.simulate import SimReport

FAST_BOTS = ("heuristic", "greedy", "random")
"""The bot kinds the compiled engine plays (``greedy`` is the heuristic's other name)."""

CHUNK = 8192
"""Hands per chunk: one batch of rows, dealt and played in one compiled call each."""

INSTALL = "pip install 'bumtable[fast]'"


class FastEngineError(BumtableError, ValueError):
    """The compiled engine cannot run this simulation (no numba, or a bot or game it does not play)."""


def fast_engine() -> Any:
    """The ``bumtable.fast`` package, or a FastEngineError saying how to install it."""
    try:
        import bumtable.fast as fast
        import bumtable.fast.policies  # noqa: F401 (the policies load with it)
    except ModuleNotFoundError as e:
        if e.name != "numba":
            raise
        raise FastEngineError(f"the compiled engine needs numba: {INSTALL}") from None
    return fast


def check_bots(kinds: Sequence[str]) -> None:
    """Refuse, naming the kinds that work, any bot the compiled engine does not play."""
    other = sorted({k for k in kinds if k not in FAST_BOTS})
    if other:
        raise FastEngineError(
            f"the compiled engine plays the bots {', '.join(FAST_BOTS)}, not {', '.join(other)}: "
            "use --engine reference for the others"
        )


@dataclass
class _Counts:
    hands: int = 0
    matches: int = 0
    revolutions: int = 0
    plays: int = 0
    actions: int = 0
    points_by_role: list[int] = field(default_factory=list)
    finish: list[list[int]] = field(default_factory=list)
    points_by_seat: list[int] = field(default_factory=list)
    wins_by_seat: list[int] = field(default_factory=list)

    @classmethod
    def empty(cls, n: int, hands: int = 0) -> _Counts:
        return cls(hands, 0, 0, 0, 0, [0] * n, [[0] * n for _ in range(n)], [0] * n, [0] * n)

    def add(self, other: _Counts) -> None:
        for name in ("hands", "matches", "revolutions", "plays", "actions"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for mine, theirs in (
            (self.points_by_role, other.points_by_role),
            (self.points_by_seat, other.points_by_seat),
            (self.wins_by_seat, other.wins_by_seat),
        ):
            for i, v in enumerate(theirs):
                mine[i] += v
        for row, more in zip(self.finish, other.finish, strict=True):
            for i, v in enumerate(more):
                row[i] += v


class _Chunks:
    """One engine and its policies, shared by the threads; each chunk has its own state."""

    def __init__(self, rules: ClimbingRules, kinds: Sequence[str]) -> None:
        fast = fast_engine()
        from bumtable.fast.kernels import F_NHIST, F_REVOLT, F_ROLES
        from bumtable.fast.policies import generators, policies

        self.n = n = rules.players
        self.cols = (F_ROLES + 3 * n, F_NHIST, F_REVOLT, F_ROLES)
        self.generators = generators
        self.game = fast.make(rules, observe=False, stop_at_hand_end=True)
        self.policies = policies(self.game)
        self.kinds = list(kinds)
        self.points = np.array(rules.tables.points, dtype=np.int64)
        self.ends_match = bool(self.game.tables.ends_match)
        """Each hand is a whole match (``rounds=1``)."""
        self.local = threading.local()

    def _rows(self, size: int) -> Any:
        """This thread's batch of ``size`` rows to deal into: made once (numpy's deals, replaced each
        chunk), then reused."""
        base = getattr(self.local, "state", None)
        if base is None or base.batch < size:
            base = self.game.init(np.arange(size))
            self.local.state = base
        if base.batch == size:
            return base
        return type(base)(*(getattr(base, f)[:size] for f in base.__slots__))

    def play(self, size: int, seed: int) -> _Counts:
        fin, nhist, revolt, roles_at = self.cols
        state = self._rows(size)
        gen = self.generators(seed, size)
        self.policies.deal(state, gen)
        n = self.n
        roles = state.ints[:, roles_at : roles_at + n].copy()  # as played: the cut's, after any revolution
        self.policies.playout(state, self.kinds, gen)
        order = state.ints[:, fin : fin + n].astype(np.int64)
        rows = np.arange(size)[:, None]
        place = np.empty_like(order)
        place[rows, order] = np.arange(n)
        role = roles.astype(np.int64)
        points = self.points[place]  # (hands, seat)
        c = _Counts.empty(n, size)
        c.matches = size if self.ends_match else 0
        c.revolutions = int((state.ints[:, revolt] >= 0).sum())
        length = state.ints[:, nhist].astype(np.int64)
        c.actions = int(length.sum())
        taken = np.arange(state.history.shape[1])[None, :] < length[:, None]
        c.plays = int(((state.history != 0) & taken).sum())
        c.points_by_role = np.bincount(role.ravel(), weights=points.ravel(), minlength=n).astype(int).tolist()
        c.finish = np.bincount((role * n + place).ravel(), minlength=n * n).reshape(n, n).tolist()
        c.points_by_seat = points.sum(axis=0).tolist()
        if self.ends_match:  # the match's winner: the first out (the highest total after one hand)
            c.wins_by_seat = np.bincount(order[:, 0], minlength=n).tolist()
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
    """``hands`` first hands on the compiled engine, ``bots[i % len(bots)]`` at seat ``i``, in ``jobs``
    threads (0: every core); the report of :func:`bumtable.sim.simulate` (``docs/fast.md``)."""
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    check_bots(bots)
    n = rules.players
    kinds = [bots[i % len(bots)] for i in range(n)]
    chunks = _Chunks(rules, kinds)  # a RulesError (what the engine covers) comes here, before any work
    sizes = chunk_sizes(hands, CHUNK)
    seeds = chunk_seeds(seed, len(sizes))
    jobs = min(jobs or default_jobs(), len(sizes))
    start = time.perf_counter()
    total = _Counts.empty(n)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        for counts in pool.map(chunks.play, sizes, seeds):
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
        cancelled_exchanges=0,
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
