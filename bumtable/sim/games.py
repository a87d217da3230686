"""Simulation of whole games (Gin Bummy, Boojum): bots play game after game, in parallel processes when asked.

A Gin Bummy or Boojum game is one deal played to its end, so these simulations count games, not
hands: who won, how each game ended (the :class:`~bumtable.rules.Outcome`'s reason, including the
safeguards that stop games that cannot end), and how long games ran. Works for any system; it reads
only the interface.

>>> from bumtable.rules import get
>>> report = simulate_games(get("gin-bummy", players=3), games=6, bots=["heuristic", "random"], seed=2)
>>> report.games, sum(report.endings.values())
(6, 6)
>>> report.wins_by_bot["heuristic"] + report.wins_by_bot["random"] + report.no_winner == 6
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
from bumtable.rules import Rules, family_of
from bumtable.sim.parallel import add_counts, chunk_seeds, chunk_sizes, default_jobs, run_chunks

CHUNK = 10
"""Games per chunk (a Boojum game takes a while; a Gin Bummy game is quick)."""

GAME_EXTRAS: dict[str, Callable[[Any], dict[str, float]]] = {
    "gin-bummy": lambda final: {"starved_per_game": float(len(final.starved))},
}
"""Per family, counts read from a finished game's spectator observation (public data), averaged per game."""


@dataclass
class GameSimReport:
    """What a simulation of whole games measured."""

    system: str
    players: int
    seed: int
    bots: list[str]
    """The bot kind playing each seat, as asked for."""
    games: int
    wins_by_bot: dict[str, float]
    """Games won by each bot kind (as asked for); a joint win of k players counts 1/k to each."""
    seats_by_bot: dict[str, int]
    """Seats each bot played, over all games (so win rates can be read fairly)."""
    wins_by_seat: list[float]
    no_winner: int
    """Games that ended with nobody winning (a safeguard, or everyone starved)."""
    endings: dict[str, int]
    """How games ended, by the outcome's reason: Gin Bummy ``bum``, ``last-standing``, ``starved``,
    ``turn-limit``, ``blocked``; Boojum ``tokens``, ``round-limit``."""
    actions_per_game: float
    length_per_game: float
    """Turns per game (Gin Bummy) or rounds per game (Boojum): the outcome's length."""
    longest: int
    wall_seconds: float = field(compare=False)
    extra: dict[str, float] = field(default_factory=dict)
    """Per-game means of game-specific counts (Gin Bummy: players starved per game)."""
    joint_wins: int = 0
    """Games won jointly by several players."""
    jobs: int = field(default=1, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _Tally:
    n: int
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    seats: dict[str, int] = field(default_factory=dict)
    wins_by_seat: list[float] = field(default_factory=list)
    endings: dict[str, int] = field(default_factory=dict)
    no_winner: int = 0
    joint: int = 0
    actions: int = 0
    length: int = 0
    longest: int = 0
    extra: dict[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.wins_by_seat = self.wins_by_seat or [0.0] * self.n

    def add(self, other: _Tally) -> None:
        for name in ("games", "no_winner", "joint", "actions", "length"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.longest = max(self.longest, other.longest)
        for p in range(self.n):
            self.wins_by_seat[p] += other.wins_by_seat[p]
        for mine, theirs in (
            (self.seats, other.seats),
            (self.endings, other.endings),
            (self.wins, other.wins),
            (self.extra, other.extra),
        ):
            add_counts(mine, theirs)


def _play_chunk(
    rules: Rules, asked: Sequence[str], progress: Callable[[int], None] | None, games: int, seed: int
) -> _Tally:
    n = rules.players
    tally = _Tally(n)
    master = random.Random(seed)
    extras = GAME_EXTRAS.get(family_of(rules).name)
    for _ in range(games):
        kinds = list(asked)
        master.shuffle(kinds)
        state = rules.new_state(master.getrandbits(63)).copy(history=False)
        players = [make_bot(kinds[i], master.getrandbits(63), game=rules.system) for i in range(n)]
        while not state.is_over():
            seat = state.current_player()
            assert seat is not None
            bot = players[seat]
            legal = state.legal_actions()
            if len(legal) == 1 and not bot.asks_forced_moves:
                state.apply(legal[0], check=False)  # no choice: the bot would say the same, unasked
            else:
                state.apply(bot.choose(state.observe(seat)), check=False)
            tally.actions += 1
        outcome = state.outcome()
        assert outcome is not None
        tally.games += 1
        tally.endings[outcome.reason] = tally.endings.get(outcome.reason, 0) + 1
        tally.length += outcome.length
        tally.longest = max(tally.longest, outcome.length)
        for k in kinds:
            tally.seats[k] = tally.seats.get(k, 0) + 1
        winners = outcome.winners
        if not winners:
            tally.no_winner += 1
        if len(winners) > 1:
            tally.joint += 1
        for w in winners:
            tally.wins[kinds[w]] = tally.wins.get(kinds[w], 0.0) + 1 / len(winners)
            tally.wins_by_seat[w] += 1 / len(winners)
        if extras is not None:
            for key, value in extras(state.observe(None)).items():
                tally.extra[key] = tally.extra.get(key, 0.0) + value
        if progress is not None:
            progress(1)
    return tally


def simulate_games(
    rules: Rules,
    *,
    games: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> GameSimReport:
    """Play ``games`` games in ``jobs`` processes (0: every core); seat ``i`` is played by
    ``bots[i % len(bots)]``, seats shuffled per game.

    The seat order of the bots is drawn afresh for each game (from the seed), so no bot keeps the
    advantage or handicap of one seat. ``progress`` is called with the games just finished.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    jobs = jobs or default_jobs()
    n = rules.players
    asked = [bots[i % len(bots)] for i in range(n)]
    sizes = chunk_sizes(games, CHUNK)
    inline = progress if jobs == 1 or len(sizes) == 1 else None
    start = time.perf_counter()
    tallies = run_chunks(
        partial(_play_chunk, rules, asked, inline),
        sizes,
        chunk_seeds(seed, len(sizes)),
        jobs=jobs,
        progress=None if inline is not None else progress,
    )
    total = _Tally(n)
    for t in tallies:
        total.add(t)
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
        wall_seconds=time.perf_counter() - start,
        extra={k: v / games for k, v in sorted(total.extra.items())},
        joint_wins=total.joint,
        jobs=min(jobs, len(sizes)),
    )
