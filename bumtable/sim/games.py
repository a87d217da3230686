"""Simulation of the games that are not climbing games: whole games of Gin Bummy or Boojum between bots.

A Gin Bummy or Boojum game is one deal played to its end, so these simulations count games, not
hands: who won, how each game ended (including the safeguards that stop games that cannot end),
and how long games ran.

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
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from bumtable.bots import make_bot
from bumtable.rules.boojum import BoojumRules, BoojumState
from bumtable.rules.gin_bummy import GinBummyRules, GinBummyState


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
    """How games ended: Gin Bummy ``bum``, ``last-standing``, ``turn-limit``, ``blocked``; Boojum
    ``tokens`` (someone held all six), ``joint`` (tied winners), ``round-limit``."""
    actions_per_game: float
    length_per_game: float
    """Turns per game (Gin Bummy) or rounds per game (Boojum)."""
    longest: int
    wall_seconds: float
    extra: dict[str, float] = field(default_factory=dict)
    """Per-game means of game-specific counts (Gin Bummy: players starved per game)."""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _ending(state: GinBummyState | BoojumState) -> tuple[str, list[int], int]:
    """How the game ended, who won (several for a joint win) and its length (turns or rounds)."""
    if isinstance(state, GinBummyState):
        return state.result, [] if state.winner is None else [state.winner], state.turns
    how = "round-limit" if state.hit_round_limit else "tokens" if len(state.winners) == 1 else "joint"
    return how, list(state.winners), state.round_no


def simulate_games(
    rules: GinBummyRules | BoojumRules,
    *,
    games: int,
    bots: Sequence[str] = ("heuristic",),
    seed: int = 0,
    progress: Callable[[int], None] | None = None,
) -> GameSimReport:
    """Play ``games`` games; seat ``i`` is played by ``bots[i % len(bots)]``, seats shuffled per game.

    The seat order of the bots is drawn afresh for each game (from the seed), so no bot keeps the
    advantage or handicap of one seat. ``progress`` is called with 1 after each game.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    n = rules.players
    asked = [bots[i % len(bots)] for i in range(n)]
    master = random.Random(seed)
    wins: dict[str, float] = dict.fromkeys(asked, 0.0)
    seats_by_bot: Counter[str] = Counter()
    wins_by_seat = [0.0] * n
    endings: Counter[str] = Counter()
    no_winner = actions = length = longest = starved = 0
    start = time.perf_counter()
    for _ in range(games):
        kinds = asked[:]
        master.shuffle(kinds)
        state = rules.new_state(master.getrandbits(63))
        players = [make_bot(kinds[i], master.getrandbits(63), game=rules.system) for i in range(n)]
        seats_by_bot.update(kinds)
        while not state.is_over():
            seat = state.current_player()
            assert seat is not None
            state.apply(players[seat].choose(state.observe(seat)), check=False)
            actions += 1
        how, winners, size = _ending(state)
        endings[how] += 1
        length += size
        longest = max(longest, size)
        if isinstance(state, GinBummyState):
            starved += len(state.starved)
        if not winners:
            no_winner += 1
        for w in winners:
            wins[kinds[w]] += 1 / len(winners)
            wins_by_seat[w] += 1 / len(winners)
        if progress is not None:
            progress(1)
    extra = {"starved_per_game": starved / games} if isinstance(rules, GinBummyRules) else {}
    return GameSimReport(
        system=rules.system,
        players=n,
        seed=seed,
        bots=asked,
        games=games,
        wins_by_bot={b: wins[b] for b in sorted(wins)},
        seats_by_bot=dict(sorted(seats_by_bot.items())),
        wins_by_seat=wins_by_seat,
        no_winner=no_winner,
        endings=dict(sorted(endings.items())),
        actions_per_game=actions / games,
        length_per_game=length / games,
        longest=longest,
        wall_seconds=time.perf_counter() - start,
        extra=extra,
    )
