"""A ladder of bot kinds rated with openskill (Weng-Lin's Plackett-Luce model) from tables' places.

Every table is one rated game, in the order the tables were played. Each seat is one player holding
its kind's current rating; the seats are ranked by their places (ties share a rank). A kind that held
several seats at one table takes the mean of those seats' updated ratings: the comparisons among its
own seats cancel out, what is left is what it showed against the other kinds, and it is not counted
as several games. The ladder is sorted by the ordinal ``mu - 3 * sigma`` (a cautious estimate: the
kind's skill is very likely above it).

>>> from bumtable.sim.tournament_stats import TableResult
>>> wins = TableResult(("a", "b", "b"), (1, 2, 3), (1.0, 0.0, 0.0), (2.0, 1.0, 0.0))
>>> top, bottom = ladder([wins] * 20)
>>> (top.rank, top.bot, top.games), (bottom.rank, bottom.bot, bottom.games)
((1, 'a', 20), (2, 'b', 20))
>>> top.mu > 25 > bottom.mu and top.ordinal > bottom.ordinal
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from bumtable.sim.tournament_stats import TableResult


@dataclass(frozen=True, slots=True)
class Rung:
    """One kind's place on the ladder."""

    rank: int
    bot: str
    ordinal: float
    """``mu - 3 * sigma``: what the ladder is sorted by."""
    mu: float
    sigma: float
    games: int
    """Tables it played at (one per table, whatever the number of seats it held there)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "rank": self.rank,
            "bot": self.bot,
            "ordinal": self.ordinal,
            "mu": self.mu,
            "sigma": self.sigma,
            "games": self.games,
        }


def ladder(tables: Iterable[TableResult]) -> list[Rung]:
    """Rate every kind from ``tables`` (in order: the updates are sequential) and rank them, best first."""
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
