"""Simulation of the climbing games: bots play hand after hand (matches run on to their target, then a new
match starts), in parallel processes when asked.

The hands are cut into fixed chunks (:mod:`bumtable.sim.parallel`), so the report is the same for
the same seed whatever the number of processes. Each hand's result is read from the observations
the bots are given (a hand's result is public), never from the state's own fields.

>>> from bumtable.rules import climbing
>>> report = simulate(climbing("bum-game", players=4), hands=20, bots=["random"], seed=1)
>>> report.hands, sum(report.points_by_role.values()) == 3 + 2 + 1 + 0
(20, True)
>>> simulate(climbing("bum-game"), hands=20, bots=["random"], seed=1, jobs=2) == report
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from bumtable.bots import make_bot
from bumtable.rules.climbing import ClimbingRules, HandResult
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.rules.climbing.plays import PASS
from bumtable.sim.parallel import add_counts, chunk_seeds, chunk_sizes, default_jobs, run_chunks

CHUNK = 200
"""Hands per chunk: small enough to share work between processes, large enough to be cheap to send."""


@dataclass
class SimReport:
    """What a simulation measured. Rates are per hand; every hand counts, the first of each match too."""

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
    """Mean points per hand by the role held while playing the hand (after any revolution); hands played
    before anyone had a role (President's, Zheng Shangyou's and Arsehole's first hands) are left out."""
    finish_by_role: dict[str, list[float]]
    """For each role, the share of hands it finished 1st, 2nd, ..."""
    points_by_bot: dict[str, float]
    """Mean points per hand by bot kind."""
    plays_per_hand: float
    actions_per_hand: float
    wall_seconds: float = field(compare=False)
    match_winners: dict[str, int] = field(default_factory=dict)
    hands_with_roles: int = 0
    """Hands played with roles (the by-role figures are over these)."""
    jobs: int = field(default=1, compare=False)
    """Processes the hands were played in (the figures do not depend on it)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Tally:
    """Counts from one chunk of hands; chunks add up."""

    n: int
    hands: int = 0
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

    def hand(self, result: HandResult, kinds: Sequence[str]) -> None:
        self.hands += 1
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

    def add(self, other: _Tally) -> None:
        for name in ("hands", "matches", "revolutions", "cancelled", "plays", "actions", "role_hands"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        for r in range(self.n):
            self.points_by_role[r] += other.points_by_role[r]
            for place in range(self.n):
                self.finish[r][place] += other.finish[r][place]
        for mine, theirs in (
            (self.points_by_bot, other.points_by_bot),
            (self.seats_by_bot, other.seats_by_bot),
            (self.winners, other.winners),
        ):
            add_counts(mine, theirs)


def _play_chunk(
    rules: ClimbingRules, kinds: Sequence[str], progress: Callable[[int], None] | None, hands: int, seed: int
) -> _Tally:
    """Play ``hands`` hands from fresh matches seeded from ``seed``."""
    n = rules.players
    tally = _Tally(n)
    master = random.Random(seed)
    while tally.hands < hands:
        # A copy without history keeps no event log: the fast path.
        state = rules.new_state(master.getrandbits(63)).copy(history=False)
        players = [make_bot(kinds[i], master.getrandbits(63), game=rules.system) for i in range(n)]
        hand_no = 1
        forced = [not bot.asks_forced_moves for bot in players]
        legal_actions, apply = state.legal_actions, state.apply
        actions = plays = 0  # added to the tally below (locals are cheaper)
        while tally.hands < hands and not state.is_over():
            seat = state.turn  # state.current_player(): the match is not over
            legal = legal_actions()
            if len(legal) == 1 and forced[seat] and state.hand_no == hand_no:
                action = legal[0]  # no choice: the bot would say the same, unasked
            else:
                obs = state.observe(seat)
                if obs.hand_no != hand_no:  # the hand before this one is over: its result is public
                    hand_no = obs.hand_no
                    assert obs.last_result is not None
                    tally.hand(obs.last_result, kinds)
                    if progress is not None:
                        progress(1)
                    if tally.hands == hands:
                        break
                action = players[seat].choose(obs)
            apply(action, check=False)
            actions += 1
            plays += action.kind != PASS
        tally.actions += actions
        tally.plays += plays
        outcome = state.outcome()
        if outcome is not None and tally.hands < hands:
            last = state.observe(None).last_result
            assert last is not None
            tally.hand(last, kinds)
            if progress is not None:
                progress(1)
            tally.matches += 1
            for w in outcome.winners:
                tally.winners[kinds[w]] = tally.winners.get(kinds[w], 0) + 1
    return tally


def simulate(
    rules: ClimbingRules,
    *,
    hands: int,
    bots: Sequence[str] = ("greedy",),
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play ``hands`` hands in ``jobs`` processes; seat ``i`` is played by ``bots[i % len(bots)]``.

    ``progress`` is called with the number of hands just finished (for progress bars). ``jobs=0``
    means every core.
    """
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    jobs = jobs or default_jobs()
    n = rules.players
    kinds = [bots[i % len(bots)] for i in range(n)]
    sizes = chunk_sizes(hands, CHUNK)
    start = time.perf_counter()
    inline = progress if jobs == 1 or len(sizes) == 1 else None
    tallies = run_chunks(
        partial(_play_chunk, rules, kinds, inline),
        sizes,
        chunk_seeds(seed, len(sizes)),
        jobs=jobs,
        progress=None if inline is not None else progress,
    )
    total = _Tally(n)
    for t in tallies:
        total.add(t)
    wall = time.perf_counter() - start
    roles, done, role_hands = rules.roles, total.hands, max(total.role_hands, 1)
    return SimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=kinds,
        hands=done,
        matches_finished=total.matches,
        revolutions=total.revolutions,
        revolution_rate=total.revolutions / done,
        exact_revolution_rate=float(revolution_probability(rules)),
        cancelled_exchanges=total.cancelled,
        points_by_role={roles[r]: total.points_by_role[r] / role_hands for r in range(n)},
        finish_by_role={roles[r]: [k / role_hands for k in total.finish[r]] for r in range(n)},
        hands_with_roles=total.role_hands,
        points_by_bot={
            b: total.points_by_bot[b] / total.seats_by_bot[b] for b in sorted(total.points_by_bot)
        },
        plays_per_hand=total.plays / done,
        actions_per_hand=total.actions / done,
        wall_seconds=wall,
        match_winners=total.winners,
        jobs=min(jobs, len(sizes)),
    )
