"""Tournament statistics per bot kind: first-place rate with its 95 % interval, mean points, mean place.

The deal, played in every rotation, is the unit: Wilson's interval is widened by its design effect.

>>> tables = [TableResult(("a", "b"), (1, 2), (1.0, 0.0), (1.0, 0.0)) for _ in range(3)]
>>> a, b = kind_results([tables[:2], tables[2:]])
>>> a.hands, a.first_place_rate, a.mean_place, b.first_place_rate, [round(x, 3) for x in a.first_place_ci95]
(3, 1.0, 1.0, 0.0, [0.439, 1.0])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054  # the standard normal quantile of a two-sided 95 % interval


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table's result by seat: kind, place (1 best; tied seats share the better one), first-place credit
    (``1/k`` to each of ``k`` tied winners, none when nobody won) and points."""

    kinds: tuple[str, ...]
    places: tuple[int, ...]
    firsts: tuple[float, ...]
    points: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class KindResult:
    bot: str
    hands: int
    """Hands (climbing games) or games it played: one per seat it held at a table."""
    firsts: float
    first_place_rate: float
    first_place_ci95: tuple[float, float]
    design_effect: float
    """Variance of its first places per deal over that of independent hands (1 when it cannot be measured)."""
    mean_points: float
    mean_points_ci95: tuple[float, float] | None
    """Student's 95 % interval over the deals' mean points; None with a single deal."""
    mean_place: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "hands": self.hands,
            "firsts": self.firsts,
            "first_place_rate": self.first_place_rate,
            "first_place_ci95": list(self.first_place_ci95),
            "design_effect": self.design_effect,
            "mean_points": self.mean_points,
            "mean_points_ci95": None if self.mean_points_ci95 is None else list(self.mean_points_ci95),
            "mean_place": self.mean_place,
        }


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson's score interval for ``successes`` in ``n`` trials (``n`` may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    zz = z * z
    centre = (p + zz / (2 * n)) / (1 + zz / n)
    half = z / (1 + zz / n) * math.sqrt(max(p * (1 - p) / n + zz / (4 * n * n), 0.0))
    low = 0.0 if p <= 0.0 else max(0.0, centre - half)  # exact ends, not rounding noise, at 0 and 1
    high = 1.0 if p >= 1.0 else min(1.0, centre + half)
    return (low, high)


def t95(df: int) -> float:
    """Student's t quantile of a two-sided 95 % interval, exact to 3 decimals (Cornish-Fisher above 7 df).

    >>> [round(t95(df), 3) for df in (1, 4, 5, 8, 10, 20, 30, 1000)]
    [12.706, 2.776, 2.571, 2.306, 2.228, 2.086, 2.042, 1.962]
    """
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, not {df}")
    if df <= 7:
        return (12.706204736, 4.302652730, 3.182446305, 2.776445105, 2.570581836, 2.446911851, 2.364624252)[
            df - 1
        ]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_interval(values: Sequence[float]) -> tuple[float, float] | None:
    """Student's 95 % interval for the mean of independent ``values`` (None for fewer than two)."""
    d = len(values)
    if d < 2:
        return None
    mean = sum(values) / d
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (d - 1))
    half = t95(d - 1) * sd / math.sqrt(d)
    return (mean - half, mean + half)


def mean_places(places: Sequence[int]) -> tuple[float, ...]:
    """Places with ties spread: ``k`` seats sharing place ``q`` each take the mean of ``q .. q+k-1``."""
    return tuple(q + (sum(1 for r in places if r == q) - 1) / 2 for q in places)


def design_effect(per_deal: Sequence[float], per_deal_hands: int) -> float:
    """The variance of a kind's first places per deal over what ``per_deal_hands`` independent hands give."""
    d = len(per_deal)
    if d < 2 or per_deal_hands < 1:
        return 1.0
    mean = sum(per_deal) / d
    p = mean / per_deal_hands
    if p <= 0.0 or p >= 1.0:
        return 1.0
    variance = sum((t - mean) ** 2 for t in per_deal) / (d - 1)
    return variance / (per_deal_hands * p * (1 - p))


def kind_results(deals: Sequence[Sequence[TableResult]]) -> list[KindResult]:
    """Each kind's statistics over ``deals`` (each with the same line-ups), in order of first appearance."""
    order: list[str] = []
    hands: dict[str, int] = {}
    points: dict[str, float] = {}
    places: dict[str, float] = {}
    per_deal: dict[str, list[float]] = {}
    deal_points: dict[str, list[float]] = {}
    for d, tables in enumerate(deals):
        for table in tables:
            spread = mean_places(table.places)
            for seat, kind in enumerate(table.kinds):
                if kind not in hands:
                    order.append(kind)
                    hands[kind], points[kind], places[kind] = 0, 0.0, 0.0
                    per_deal[kind] = [0.0] * len(deals)
                    deal_points[kind] = [0.0] * len(deals)
                hands[kind] += 1
                points[kind] += table.points[seat]
                deal_points[kind][d] += table.points[seat]
                places[kind] += spread[seat]
                per_deal[kind][d] += table.firsts[seat]
    out = []
    for kind in order:
        n, firsts = hands[kind], sum(per_deal[kind])
        effect = design_effect(per_deal[kind], n // len(deals))
        widen = max(effect, 1.0)  # the same rate over fewer effective hands
        per_hand = n // len(deals)
        out.append(
            KindResult(
                bot=kind,
                hands=n,
                firsts=firsts,
                first_place_rate=firsts / n,
                first_place_ci95=wilson(firsts / widen, n / widen),
                design_effect=effect,
                mean_points=points[kind] / n,
                mean_points_ci95=mean_interval([p / per_hand for p in deal_points[kind]]),
                mean_place=places[kind] / n,
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """How the lone kind ``result.bot`` of a round robin's line-up did against ``against`` at its tables."""

    against: str
    result: KindResult

    def to_dict(self) -> dict[str, Any]:
        return {**self.result.to_dict(), "against": self.against}


def head_to_head(
    deals: Sequence[Sequence[TableResult]], lineups: Sequence[Sequence[str]]
) -> list[HeadToHead]:
    """Per round-robin line-up, how its lone kind did at its tables (a deal's tables: each line-up's rotations
    in turn)."""
    out = []
    for i, lineup in enumerate(lineups):
        lone, against, n = lineup[0], lineup[-1], len(lineup)
        assert lone != against and set(lineup[1:]) == {against}, f"not a round robin's line-up: {lineup}"
        tables = [deal[i * n : (i + 1) * n] for deal in deals]  # a line-up's rotations, in the plan's order
        result = next(r for r in kind_results(tables) if r.bot == lone)
        out.append(HeadToHead(against, result))
    return out
