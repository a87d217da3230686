"""Simulations of the climbing games, hand after hand; a hand's result is read from its public observation.

>>> from bumtable.rules import climbing
>>> report = simulate(climbing("bum-game", players=4), hands=20, bots=["random"], seed=1)
>>> report.hands, sum(report.points_by_role.values()) == 3 + 2 + 1 + 0
(20, True)
>>> simulate(climbing("bum-game"), hands=20, bots=["random"], seed=1, jobs=2) == report
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bumtable.rules import State
from bumtable.rules.climbing import ClimbingRules, HandResult
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.rules.climbing.plays import PASS
from bumtable.sim.batch import Batch, Tally, play_batch
from bumtable.sim.runner import HAND_END, Played

CHUNK = 200
"""Hands per chunk: small enough to share work out, large enough to be cheap to send."""


@dataclass
class SimReport:
    """Rates are per hand; every hand counts, the first of each match too."""

    system: str
    players: int
    seed: int
    bots: list[str]
    hands: int
    matches_finished: int
    revolutions: int
    revolution_rate: float
    exact_revolution_rate: float
    cancelled_exchanges: int
    points_by_role: dict[str, float]
    """Mean points per hand by the role held while playing it, over the hands with roles."""
    finish_by_role: dict[str, list[float]]
    """For each role, the share of hands it finished 1st, 2nd, ..."""
    points_by_bot: dict[str, float]
    plays_per_hand: float
    actions_per_hand: float
    wall_seconds: float = field(compare=False)
    match_winners: dict[str, int] = field(default_factory=dict)
    hands_with_roles: int = 0
    jobs: int = field(default=1, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class HandTally(Tally):
    matches: int = 0
    revolutions: int = 0
    cancelled: int = 0
    plays: int = 0
    actions: int = 0
    role_hands: int = 0
    points_by_role: list[int] = field(default_factory=list)
    finish: list[list[int]] = field(default_factory=list)
    points_by_bot: dict[str, int] = field(default_factory=dict)
    seats_by_bot: dict[str, int] = field(default_factory=dict)
    winners: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.points_by_role = self.points_by_role or [0] * self.n
        self.finish = self.finish or [[0] * self.n for _ in range(self.n)]

    def count(self, state: State, played: Played, kinds: Sequence[str]) -> None:
        result: HandResult = state.observe(None).last_result
        self.revolutions += result.revolution
        self.cancelled += result.cancelled_exchange
        self.role_hands += result.with_roles
        for place, p in enumerate(result.order):
            if result.with_roles:  # a first hand before roles exist says nothing about roles
                role = result.roles[p]
                self.points_by_role[role] += result.points[p]
                self.finish[role][place] += 1
            self.points_by_bot[kinds[p]] = self.points_by_bot.get(kinds[p], 0) + result.points[p]
            self.seats_by_bot[kinds[p]] = self.seats_by_bot.get(kinds[p], 0) + 1
        taken = [action.kind for action in played.actions]
        self.actions += len(taken)
        self.plays += len(taken) - taken.count(PASS)
        outcome = state.outcome()
        if outcome is not None:
            self.matches += 1
            for w in outcome.winners:
                self.winners[kinds[w]] = self.winners.get(kinds[w], 0) + 1


def simulate(
    rules: ClimbingRules,
    *,
    hands: int,
    bots: Sequence[str] = ("greedy",),
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> SimReport:
    """Play ``hands`` hands in ``jobs`` processes (0: every core), ``bots[i % len(bots)]`` at seat ``i``."""
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    n = rules.players
    kinds = [bots[i % len(bots)] for i in range(n)]
    batch = Batch(rules, tuple(kinds), HAND_END, HandTally)
    totals = play_batch(batch, count=hands, chunk=CHUNK, seed=seed, jobs=jobs, progress=progress, ray=ray)
    return hand_report(
        rules, totals.tally, hands=hands, seed=seed, kinds=kinds, wall=totals.wall_seconds, jobs=totals.jobs
    )


def hand_report(
    rules: ClimbingRules,
    total: HandTally,
    *,
    hands: int,
    seed: int,
    kinds: Sequence[str],
    wall: float,
    jobs: int,
) -> SimReport:
    """The report of ``hands`` hands counted into ``total`` (the reference engine's or the compiled one's)."""
    n = rules.players
    roles, role_hands = rules.roles, max(total.role_hands, 1)
    return SimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=list(kinds),
        hands=hands,
        matches_finished=total.matches,
        revolutions=total.revolutions,
        revolution_rate=total.revolutions / hands,
        exact_revolution_rate=float(revolution_probability(rules)),
        cancelled_exchanges=total.cancelled,
        points_by_role={roles[r]: total.points_by_role[r] / role_hands for r in range(n)},
        finish_by_role={roles[r]: [k / role_hands for k in total.finish[r]] for r in range(n)},
        hands_with_roles=total.role_hands,
        points_by_bot={
            b: total.points_by_bot[b] / total.seats_by_bot[b] for b in sorted(total.points_by_bot)
        },
        plays_per_hand=total.plays / hands,
        actions_per_hand=total.actions / hands,
        wall_seconds=wall,
        match_winners=total.winners,
        jobs=jobs,
    )
