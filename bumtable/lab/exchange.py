"""The ``exchange`` study: what each role is worth in a climbing game's match play (mean points per hand, with
95 % intervals) and whether each position does a little worse than the one above it: the gaps between
neighbouring roles, with their intervals.

>>> from bumtable.rules import get
>>> from bumtable.lab.run import run_study
>>> from bumtable.lab.study import Setup
>>> result = run_study(EXCHANGE, Setup(rules=get("bum-game"), bots=("random",) * 4, seed=1), count=40)
>>> [r["role"] for r in result.figures["roles"]], len(result.figures["gaps"])
(['Boss', 'Foreman', 'Worker', 'Bum'], 3)
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from bumtable.bots.seeds import PerSeat
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import Metric, Setup, Study, Tally
from bumtable.rules import Rules, State, as_climbing
from bumtable.rules.climbing.facts import HandResult
from bumtable.sim.runner import HAND_END, OVER, Runner
from bumtable.sim.tournament_stats import t95


def matches(rules: Rules, bots: tuple[str, ...], seed: int) -> Iterator[tuple[State, Runner]]:
    """Matches one after another, each with its seed and its bots' seeds drawn in turn from ``seed``: the same
    draws whatever the rules, so two rules with the same deck deal the same cards (match by match, hand by hand:
    the ``design`` study's common deals)."""
    master = random.Random(seed)
    while True:
        state = rules.new_state(master.getrandbits(63)).copy(history=False)
        yield state, Runner(state, bots, PerSeat.drawn(master, rules.players))


def hand_results(
    rules: Rules, bots: tuple[str, ...], seed: int, count: int
) -> Iterator[tuple[int, HandResult]]:
    """``count`` hands of climbing matches played by ``bots``, seeded from ``seed`` alone (:func:`matches`), the
    next match begun when one ends: each hand's result with the number of the match it belongs to (0, 1, ...)."""
    done = 0
    for match, (state, runner) in enumerate(matches(as_climbing(rules), bots, seed)):
        while done < count:
            played = runner.play(until=HAND_END)
            result = state.observe(None).last_result
            assert result is not None, "a hand just ended"
            done += 1
            yield match, result
            if played.end == OVER:
                break
        if done >= count:
            return


def cluster_moments(width: int) -> Tally:
    """An empty tally of per-match sums: ``clusters`` and ``moments``, the sum over matches of ``z z'`` (row by
    row, flattened) where ``z`` holds a match's ``width`` sums and its hands last."""
    return {"clusters": 0, "moments": [0] * ((width + 1) ** 2)}


def add_cluster(tally: Tally, sums: Sequence[float], hands: int) -> None:
    """Add one match's sums and hands to ``tally``'s moments (nothing for a match with no hands counted)."""
    if not hands:
        return
    z = [*sums, hands]
    k = len(z)
    moments = tally["moments"]
    for i in range(k):
        for j in range(k):
            moments[i * k + j] += z[i] * z[j]
    tally["clusters"] += 1


def contrast(tally: Tally, totals: Sequence[float], hands: int, weights: Sequence[float]) -> dict[str, Any]:
    """The per-hand mean of ``weights . totals`` with a cluster-robust t interval (matches the clusters, t on
    ``clusters - 1`` degrees of freedom); ``ci95`` None with fewer than two matches.

    >>> t = cluster_moments(1)
    >>> for y, h in ((3, 2), (5, 2), (4, 2)):
    ...     add_cluster(t, [y], h)
    >>> c = contrast(t, [12], 6, [1])
    >>> c["mean"], [round(x, 3) for x in c["ci95"]]
    (2.0, [0.758, 3.242])
    """
    k = len(totals) + 1
    m = tally["moments"]
    a = [*weights, 0.0]
    mean = sum(w * y for w, y in zip(weights, totals, strict=True)) / hands if hands else 0.0
    c = tally["clusters"]
    if c < 2 or not hands:
        return {"mean": mean, "ci95": None, "se": None}
    aya = sum(a[i] * a[j] * m[i * k + j] for i in range(k) for j in range(k))
    ayh = sum(a[i] * m[i * k + k - 1] for i in range(k))
    hh = m[k * k - 1]
    spread = max(aya - 2 * mean * ayh + mean * mean * hh, 0.0)
    se = math.sqrt(spread * c / (c - 1)) / hands
    half = t95(c - 1) * se
    return {"mean": mean, "ci95": [mean - half, mean + half], "se": se}


def play_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` hands of matches: each role's points in the hands played with roles, summed by match."""
    return count_results(rules.players, hand_results(rules, bots, seed, count))


def count_results(n: int, results: Iterable[tuple[int, HandResult]]) -> Tally:
    """The tally of hands given in order with the number of the match each belongs to."""
    tally: Tally = {
        "hands": 0,
        "role_hands": 0,
        "exchanged": 0,
        "points": [0] * n,
        "places": [[0] * n for _ in range(n)],
        **cluster_moments(n),
    }
    sums, hands, current = [0] * n, 0, 0
    for match, result in results:
        if match != current:
            add_cluster(tally, sums, hands)
            sums, hands, current = [0] * n, 0, match
        tally["hands"] += 1
        if not result.with_roles:  # a first hand without roles has no role to credit
            continue
        tally["role_hands"] += 1
        hands += 1
        if result.hand_no > 1 and not result.cancelled_exchange:
            tally["exchanged"] += 1
        for place, p in enumerate(result.order):
            role = result.roles[p]
            sums[role] += result.points[p]
            tally["points"][role] += result.points[p]
            tally["places"][role][place] += 1
    add_cluster(tally, sums, hands)
    return tally


def play_fast(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """:func:`play_chunk` on the compiled engine, counted by the same code."""
    from bumtable.sim.fast_hands import hand_results as fast_results

    return count_results(rules.players, fast_results(rules, bots, seed, count))


def _row(name: str, c: dict[str, Any]) -> tuple[Any, ...]:
    ci = c["ci95"]
    return (name, round(c["mean"], 4), "" if ci is None else f"{ci[0]:.3f}..{ci[1]:.3f}")


def finish(tally: Tally, setup: Setup) -> LabResult:
    rules = as_climbing(setup.rules)
    n = rules.players
    totals = tally["points"]
    hands = tally["role_hands"]
    fair = sum(rules.points) / n

    def unit(i: int) -> list[float]:
        return [1.0 if j == i else 0.0 for j in range(n)]

    roles = []
    for r in range(n):
        c = contrast(tally, totals, hands, unit(r))
        counted = tally["places"][r]
        roles.append(
            {
                "role": rules.roles[r],
                "mean_points": c["mean"],
                "ci95": c["ci95"],
                "vs_fair": c["mean"] - fair,
                "first_rate": counted[0] / hands if hands else 0.0,
                "places": list(counted),
            }
        )
    gaps = []
    for r in range(n - 1):
        c = contrast(tally, totals, hands, [a - b for a, b in zip(unit(r), unit(r + 1), strict=True)])
        gaps.append(
            {
                "above": rules.roles[r],
                "below": rules.roles[r + 1],
                "gap": c["mean"],
                "ci95": c["ci95"],
                "surely_positive": c["ci95"] is not None and c["ci95"][0] > 0,
            }
        )
    spread = contrast(tally, totals, hands, [a - b for a, b in zip(unit(0), unit(n - 1), strict=True)])
    monotone = all(g["gap"] > 0 for g in gaps)
    surely = all(g["surely_positive"] for g in gaps)
    figures: dict[str, Any] = {
        "hands": tally["hands"],
        "hands_with_roles": hands,
        "hands_exchanged": tally["exchanged"],
        "matches": tally["clusters"],
        "points_table": list(rules.points),
        "fair_share": fair,
        "roles": roles,
        "gaps": gaps,
        "spread": {
            "top": rules.roles[0],
            "bottom": rules.roles[-1],
            "gap": spread["mean"],
            "ci95": spread["ci95"],
        },
        "monotone": monotone,
        "surely_monotone": surely,
        "exchange": rules.exchange,
        "exchange_pairs": [list(p) for p in rules.exchange_pairs],
        "exchange_high_gives": rules.exchange_high_gives,
    }
    names = tuple(r["role"] for r in roles)
    tables = (
        Table(
            "Mean points per hand by role",
            ("role", "mean points", "95 % interval", "vs fair share", "first %"),
            tuple(
                (
                    *_row(r["role"], contrast(tally, totals, hands, unit(i))),
                    round(r["vs_fair"], 4),
                    round(100 * r["first_rate"], 2),
                )
                for i, r in enumerate(roles)
            ),
            note=(
                f"{hands:,} hands with roles in {tally['clusters']:,} matches ({tally['exchanged']:,} with an "
                f"exchange); points per place {list(rules.points)}, fair share {fair:g} a hand."
            ),
        ),
        Table(
            "Each role against the one below: the gap in mean points per hand",
            ("roles", "gap", "95 % interval", "above 0 for sure"),
            tuple(
                (
                    f"{g['above']} - {g['below']}",
                    round(g["gap"], 4),
                    "" if g["ci95"] is None else f"{g['ci95'][0]:.3f}..{g['ci95'][1]:.3f}",
                    "yes" if g["surely_positive"] else "no",
                )
                for g in gaps
            ),
            note=(
                f"Monotone (every gap above 0): {'yes' if monotone else 'no'}; "
                f"every gap's interval above 0: {'yes' if surely else 'no'}."
            ),
        ),
    )

    def ends(k: int) -> dict[str, tuple[float, ...]]:
        if any(r["ci95"] is None for r in roles):
            return {}
        return {"mean points": tuple(r["ci95"][k] for r in roles)}

    def gap_ends(k: int) -> dict[str, tuple[float, ...]]:
        if any(g["ci95"] is None for g in gaps):
            return {}
        return {"gap": tuple(g["ci95"][k] for g in gaps)}

    plots = (
        Plot(
            "Mean points per hand by role (95 % intervals)",
            "bar",
            "role",
            "points per hand",
            names,
            {"mean points": tuple(r["mean_points"] for r in roles)},
            low=ends(0),
            high=ends(1),
        ),
        Plot(
            "How much worse each role does than the one above (95 % intervals)",
            "bar",
            "roles",
            "gap in points per hand",
            tuple(f"{g['above']} - {g['below']}" for g in gaps),
            {"gap": tuple(g["gap"] for g in gaps)},
            low=gap_ends(0),
            high=gap_ends(1),
        ),
    )
    method = (
        "Matches played by the bots, the next hand dealt after each (exchanges, revolutions and role changes "
        "included); every hand with roles counts each player's points under the role they played it in (after "
        "any revolution). A role's value is its mean points per hand; a gap is the difference between "
        "neighbouring roles' means, both measured on the same hands. Hands of one match share the bots in each "
        "role and the scores, so the 95 % intervals treat matches, not hands, as the independent units: a "
        "cluster-robust (sandwich) standard error of each mean or gap, with Student's t on matches - 1 degrees "
        "of freedom. Chunks of hands are seeded from the seed and their index alone."
    )
    return setup.result(
        study="exchange",
        method=method,
        units="hands",
        played=tally["hands"],
        figures=figures,
        tables=tables,
        plots=plots,
        question=(
            "What is each role worth in points per hand, and does each position do a little worse than the "
            "one above it, and by how much?"
        ),
    )


def headline(result: LabResult) -> list[Metric]:
    """Each role's mean points per hand and the spread from the top role to the bottom one."""
    unit = "points per hand"
    roles = [Metric.of(r["role"], r["mean_points"], r["ci95"], unit) for r in result.figures["roles"]]
    spread = result.figures["spread"]
    return [*roles, Metric.of(f"{spread['top']} - {spread['bottom']}", spread["gap"], spread["ci95"], unit)]


EXCHANGE = Study(
    name="exchange",
    title="What each role is worth",
    families=frozenset({"climbing"}),
    units="hands",
    play_chunk=play_chunk,
    play_fast=play_fast,
    finish=finish,
    chunk=200,
    default_count=2000,
    headline=headline,
)
