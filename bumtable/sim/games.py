"""Simulations of whole games (Gin Bummy, Boojum): who won, how each game ended and how long it ran.

>>> from bumtable.rules import get
>>> report = simulate_games(get("gin-bummy", players=3), games=6, bots=["heuristic", "random"], seed=2)
>>> sum(report.endings.values()), sum(report.wins_by_bot.values()) + report.no_winner == 6
(6, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bumtable.rules import Rules, State, family_of
from bumtable.sim.batch import LARGEST, Batch, Tally, play_batch
from bumtable.sim.runner import GAME_END, Played

CHUNK = 10  # games per chunk: a Boojum game takes a while, a Gin Bummy game is quick

GAME_EXTRAS: dict[str, Callable[[Any], dict[str, float]]] = {
    "gin-bummy": lambda final: {"starved_per_game": float(len(final.starved))},
}
"""Per family, counts read from a finished game's public observation, averaged per game."""


@dataclass
class GameSimReport:
    system: str
    players: int
    seed: int
    bots: list[str]
    games: int
    wins_by_bot: dict[str, float]
    """A joint win of k players counts 1/k to each."""
    seats_by_bot: dict[str, int]
    wins_by_seat: list[float]
    no_winner: int
    endings: dict[str, int]
    """Games by the outcome's ``reason``."""
    actions_per_game: float
    length_per_game: float
    """The outcome's length: turns (Gin Bummy) or rounds (Boojum)."""
    longest: int
    wall_seconds: float = field(compare=False)
    extra: dict[str, float] = field(default_factory=dict)
    """Per-game means of :data:`GAME_EXTRAS`."""
    joint_wins: int = 0
    jobs: int = field(default=1, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class GameTally(Tally):
    wins: dict[str, float] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)
    no_winner: int = 0
    joint: int = 0
    actions: int = 0
    length: int = 0
    longest: int = field(default=0, metadata=LARGEST)
    extra: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins_by_seat = self.wins_by_seat or [0.0] * self.n

    def count(self, state: State, played: Played, kinds: Sequence[str]) -> None:
        outcome = state.outcome()
        assert outcome is not None
        self.actions += len(played.actions)
        self.endings[outcome.reason] = self.endings.get(outcome.reason, 0) + 1
        self.length += outcome.length
        self.longest = max(self.longest, outcome.length)
        for k in kinds:
            self.seats[k] = self.seats.get(k, 0) + 1
        winners = outcome.winners
        if not winners:
            self.no_winner += 1
        if len(winners) > 1:
            self.joint += 1
        for w in winners:
            self.wins[kinds[w]] = self.wins.get(kinds[w], 0.0) + 1 / len(winners)
            self.wins_by_seat[w] += 1 / len(winners)
        extras = GAME_EXTRAS.get(family_of(state.rules).name)
        if extras is not None:
            for key, value in extras(state.observe(None)).items():
                self.extra[key] = self.extra.get(key, 0.0) + value


def simulate_games(
    rules: Rules,
    *,
    games: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> GameSimReport:
    """Play ``games`` games in ``jobs`` processes (0: every core), ``bots[i % len(bots)]`` at seat ``i``; the
    seats are reshuffled each game so that no bot keeps one seat's advantage."""
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    n = rules.players
    asked = [bots[i % len(bots)] for i in range(n)]
    batch = Batch(rules, tuple(asked), GAME_END, GameTally, shuffle=True)
    totals = play_batch(batch, count=games, chunk=CHUNK, seed=seed, jobs=jobs, progress=progress, ray=ray)
    total = totals.tally
    wins = dict.fromkeys(asked, 0.0)
    for kind, won in total.wins.items():
        wins[kind] += won
    return GameSimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=asked,
        games=games,
        wins_by_bot={b: float(wins[b]) for b in sorted(wins)},
        seats_by_bot=dict(sorted(total.seats.items())),
        wins_by_seat=total.wins_by_seat,
        no_winner=total.no_winner,
        endings=dict(sorted(total.endings.items())),
        actions_per_game=total.actions / games,
        length_per_game=total.length / games,
        longest=total.longest,
        wall_seconds=totals.wall_seconds,
        extra={k: v / games for k, v in sorted(total.extra.items())},
        joint_wins=total.joint,
        jobs=totals.jobs,
    )
