"""Bot kinds rated with openskill (Plackett-Luce) from tables' places, ranked by ``mu - 3 * sigma``.

>>> from bumtable.sim.tournament_stats import TableResult
>>> wins = TableResult(("a", "b", "b"), (1, 2, 3), (1.0, 0.0, 0.0), (2.0, 1.0, 0.0))
>>> [(r.rank, r.bot, r.games, r.mu > 25) for r in ladder([wins] * 20)]
[(1, 'a', 20, True), (2, 'b', 20, False)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from bumtable.sim.tournament_stats import TableResult


@dataclass(frozen=True, slots=True)
class Rung:
    rank: int
    bot: str
    ordinal: float
    mu: float
    sigma: float
    games: int
    """Tables it played at, however many seats it held there."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "bot": self.bot,
            "ordinal": self.ordinal,
            "mu": self.mu,
            "sigma": self.sigma,
            "games": self.games,
        }


def ladder(tables: Iterable[TableResult]) -> list[Rung]:
    """Rate every kind from ``tables`` in order, best first; a kind's seats at one table count as one game,
    rated with the mean of their updates."""
    model = PlackettLuce()
    ratings: dict[str, PlackettLuceRating] = {}
    games: dict[str, int] = {}
    for table in tables:
        for kind in table.kinds:
            if kind not in ratings:
                ratings[kind], games[kind] = model.rating(name=kind), 0
        # A fresh rating object per seat: openskill updates by object, so one object in two seats
        # would be updated as one player and the seats' results mixed up.
        seats = [[model.create_rating([ratings[k].mu, ratings[k].sigma], name=k)] for k in table.kinds]
        rated = model.rate(seats, ranks=[float(q) for q in table.places])
        for kind in dict.fromkeys(table.kinds):
            mine = [team[0] for team, k in zip(rated, table.kinds, strict=True) if k == kind]
            mu = sum(r.mu for r in mine) / len(mine)
            sigma = sum(r.sigma for r in mine) / len(mine)
            ratings[kind] = model.create_rating([mu, sigma], name=kind)
            games[kind] += 1
    ranked = sorted(ratings.items(), key=lambda item: (-item[1].ordinal(), item[0]))
    return [
        Rung(rank=i + 1, bot=kind, ordinal=r.ordinal(), mu=r.mu, sigma=r.sigma, games=games[kind])
        for i, (kind, r) in enumerate(ranked)
    ]
