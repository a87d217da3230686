"""Simulation: bots play hand after hand (matches run on to their target, then a new match starts).

>>> from bumtable.rules import get
>>> report = simulate(get("bum-game", players=4), hands=20, bots=["random"], seed=1)
>>> report.hands, sum(report.points_by_role.values()) == 3 + 2 + 1 + 0
(20, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bumtable.bots import make_bot
from bumtable.rules import ClimbingRules
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.rules.climbing.plays import PASS


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
    wall_seconds: float
    match_winners: dict[str, int] = field(default_factory=dict)
    hands_with_roles: int = 0
    """Hands played with roles (the by-role figures are over these)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def simulate(
    rules: ClimbingRules,
    *,
    hands: int,
    bots: Sequence[str] = ("greedy",),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> SimReport:
    """Play ``hands`` hands; seat ``i`` is played by ``bots[i % len(bots)]``.

    ``progress`` is called with the number of hands just finished (for progress bars).
    """
    if hands < 1:
        raise ValueError(f"hands must be at least 1, not {hands}")
    n = rules.players
    kinds = [bots[i % len(bots)] for i in range(n)]
    master = random.Random(seed)
    roles = rules.roles
    points_by_role = [0] * n
    finish = [[0] * n for _ in range(n)]
    points_by_bot: dict[str, int] = {}
    seats_by_bot: dict[str, int] = {}
    winners: dict[str, int] = {}
    revolutions = cancelled = plays = actions = done = matches = role_hands = 0
    start = time.perf_counter()
    while done < hands:
        state = rules.new_state(master.getrandbits(63))
        players = [make_bot(kinds[i], master.getrandbits(63)) for i in range(n)]
        seen = 0
        while done < hands and not state.is_over():
            seat = state.turn
            action = players[seat].choose(state.observe(seat))
            state.apply(action, check=False)
            actions += 1
            if action.kind != PASS:
                plays += 1
            if len(state.results) > seen:
                result = state.results[seen]
                seen += 1
                done += 1
                revolutions += result.revolution
                cancelled += result.cancelled_exchange
                role_hands += result.with_roles
                for place, p in enumerate(result.order):
                    if result.with_roles:  # a first hand before roles exist says nothing about roles
                        role = result.roles[p]
                        points_by_role[role] += result.points[p]
                        finish[role][place] += 1
                    points_by_bot[kinds[p]] = points_by_bot.get(kinds[p], 0) + result.points[p]
                    seats_by_bot[kinds[p]] = seats_by_bot.get(kinds[p], 0) + 1
                if progress is not None:
                    progress(1)
        if state.is_over() and state.winner is not None:
            matches += 1
            winners[kinds[state.winner]] = winners.get(kinds[state.winner], 0) + 1
    wall = time.perf_counter() - start
    return SimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=kinds,
        hands=done,
        matches_finished=matches,
        revolutions=revolutions,
        revolution_rate=revolutions / done,
        exact_revolution_rate=float(revolution_probability(rules)),
        cancelled_exchanges=cancelled,
        points_by_role={roles[r]: points_by_role[r] / max(role_hands, 1) for r in range(n)},
        finish_by_role={roles[r]: [k / max(role_hands, 1) for k in finish[r]] for r in range(n)},
        hands_with_roles=role_hands,
        points_by_bot={b: points_by_bot[b] / seats_by_bot[b] for b in sorted(points_by_bot)},
        plays_per_hand=plays / done,
        actions_per_hand=actions / done,
        wall_seconds=wall,
        match_winners=winners,
    )
