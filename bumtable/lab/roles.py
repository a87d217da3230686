"""The ``roles`` study: how roles pass from hand to hand in long matches of a climbing game (the transition
matrix, its stationary distribution and how fast it forgets, the hands the Bum takes to become Boss) and how
many hands the first hand's winner keeps a lead of a point or more per hand.

>>> P = [[0.5, 0.5, 0.0], [0.25, 0.5, 0.25], [0.25, 0.0, 0.75]]
>>> [round(x, 6) for x in passage_to_top(P)]
[0.0, 4.0, 4.0]
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from typing import Any

from bumtable.errors import BumtableError
from bumtable.lab.exchange import hand_results
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import LabError, Metric, Setup, Study, Tally
from bumtable.rules import Rules, as_climbing
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.facts import HandResult
from bumtable.sim.tournament_stats import Z95, t95, wilson

MATCH_HANDS = 200
"""Hands in each match played (the target set aside): four times the 50 the game's authors name."""
PARITY = 1.0
"""The first hand's winner is at parity once their lead is under this many points per hand."""
RESAMPLES = 400
"""Bootstrap resamples of the matrix for the intervals of what is computed from it."""
MIXED = 0.05
"""A role is forgotten once the role then is within this total variation of the stationary distribution."""
MOST_HANDS = 1000
"""Mixing is looked for up to this many hands."""


def check(rules: Rules) -> None:
    try:
        _long(as_climbing(rules))
    except BumtableError as e:
        raise LabError(
            f"the roles study plays matches of {MATCH_HANDS} hands, which these rules refuse: {e}"
        ) from None


def _long(rules: ClimbingRules) -> ClimbingRules:
    """The rules played: a match of exactly :data:`MATCH_HANDS` hands, with no target to end it sooner."""
    return rules.replace(target=0, rounds=MATCH_HANDS)


def _empty(n: int) -> Tally:
    return {
        "hands": 0,
        "matches": 0,
        "transitions": [[0] * n for _ in range(n)],
        "reached": [0] * MATCH_HANDS,
        "lead": [0] * MATCH_HANDS,
        "lead_sq": [0] * MATCH_HANDS,
        "excess": [0] * MATCH_HANDS,
        "excess_sq": [0] * MATCH_HANDS,
    }


def play_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` hands of matches of :data:`MATCH_HANDS` hands played by ``bots``, seeded from ``seed``."""
    climbing = _long(as_climbing(rules))
    return count_hands(climbing.players, hand_results(climbing, bots, seed, count))


def play_fast(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """:func:`play_chunk` on the compiled engine."""
    from bumtable.sim.fast_hands import hand_results as fast_results

    climbing = _long(as_climbing(rules))
    return count_hands(climbing.players, fast_results(climbing, bots, seed, count))


def count_hands(n: int, results: Iterable[tuple[int, HandResult]]) -> Tally:
    """The tally of hands given in order with the number of the match each belongs to.

    Per hand ``k`` of a match (from 0), ``lead[k]`` sums ``(n - 1) * w - o`` over matches, with ``w`` the first
    hand's winner's points so far and ``o`` the others' together (integers, so tallies add exactly);
    ``excess[k]`` the same of hand ``k``'s points alone."""
    tally = _empty(n)
    moves = tally["transitions"]
    current = -1
    before: tuple[int, ...] | None = None
    winner = k = lead = 0
    for match, result in results:
        if match != current:
            tally["matches"] += 1
            current, before, k, lead = match, None, 0, 0
        tally["hands"] += 1
        roles = result.roles if result.with_roles else None
        if before is not None and roles is not None:
            for p in range(n):
                moves[before[p]][roles[p]] += 1
        before = roles
        if k == 0:
            winner = result.order[0]
        excess = (n - 1) * result.points[winner] - (sum(result.points) - result.points[winner])
        lead += excess
        tally["reached"][k] += 1
        tally["lead"][k] += lead
        tally["lead_sq"][k] += lead * lead
        tally["excess"][k] += excess
        tally["excess_sq"][k] += excess * excess
        k += 1
    return tally


Matrix = Sequence[Sequence[float]]


def solve(a: Matrix, b: Sequence[float]) -> list[float] | None:
    """``x`` with ``a x = b`` by Gaussian elimination with partial pivoting; None when ``a`` is singular.

    >>> solve([[2.0, 1.0], [1.0, 3.0]], [3.0, 5.0])
    [0.8, 1.4]
    """
    n = len(b)
    m = [[*map(float, row), float(y)] for row, y in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            return None
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [round(m[i][n] / m[i][i], 12) for i in range(n)]


def stationary(matrix: Matrix) -> list[float] | None:
    """The distribution ``pi`` with ``pi P = pi`` (None where it is not unique)."""
    n = len(matrix)
    a = [[matrix[j][i] - (i == j) for j in range(n)] for i in range(n - 1)] + [[1.0] * n]
    return solve(a, [0.0] * (n - 1) + [1.0])


def passage_to_top(matrix: Matrix) -> list[float]:
    """Expected hands to first reach role 0 from each role (0 from role 0 itself): ``(I - Q) m = 1`` with ``Q``
    the matrix without role 0; ``inf`` where role 0 cannot be reached."""
    n = len(matrix)
    a = [[(i == j) - matrix[i][j] for j in range(1, n)] for i in range(1, n)]
    m = solve(a, [1.0] * (n - 1))
    if m is None:
        return [0.0] + [math.inf] * (n - 1)
    return [0.0] + [x if math.isfinite(x) and x >= 1 else math.inf for x in m]


def mixing(matrix: Matrix, within: float = MIXED, most: int = MOST_HANDS) -> float:
    """Hands until, whatever role a player holds now, their role then is within ``within`` total variation of
    the stationary distribution (``inf`` past ``most``): how long a role is remembered.

    >>> mixing([[0.5, 0.5], [0.5, 0.5]]), mixing([[0.9, 0.1], [0.1, 0.9]], 0.05)
    (1, 11)
    """
    pi = stationary(matrix)
    if pi is None:
        return math.inf
    n = len(matrix)
    power = [list(row) for row in matrix]
    for k in range(1, most + 1):
        if max(sum(abs(x - y) for x, y in zip(row, pi, strict=True)) / 2 for row in power) <= within:
            return k
        power = [[sum(row[i] * matrix[i][j] for i in range(n)) for j in range(n)] for row in power]
    return math.inf


def _finite(x: float | None) -> float | None:
    return x if x is not None and math.isfinite(x) else None


def _percentiles(values: list[float]) -> list[float | None]:
    """The 2.5 % and 97.5 % points of bootstrap ``values`` (None: infinite)."""
    ordered = sorted(values)
    low = ordered[int(0.025 * (len(ordered) - 1))]
    high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
    return [_finite(low), _finite(high)]


def _dirichlet(rng: random.Random, counts: Sequence[int]) -> list[float]:
    draws = [rng.gammavariate(c, 1.0) if c > 0 else 0.0 for c in counts]
    total = sum(draws)
    return [d / total for d in draws] if total > 0 else [0.0] * len(counts)


def bootstrap(counts: Sequence[Sequence[int]], seed: int, resamples: int = RESAMPLES) -> dict[str, Any]:
    """95 % percentile intervals of the stationary distribution, the passage times to role 0 and of the mixing hands, each row of
    ``counts`` drawn again from its Bayesian bootstrap (Dirichlet with the row's counts)."""
    rng = random.Random(seed)
    pis: list[list[float]] = []
    passages: list[list[float]] = []
    mixed: list[float] = []
    for _ in range(resamples):
        drawn = [_dirichlet(rng, row) for row in counts]
        pis.append(stationary(drawn) or [math.inf] * len(counts))
        passages.append(passage_to_top(drawn))
        mixed.append(mixing(drawn))
    return {
        "stationary": [_percentiles([pi[i] for pi in pis]) for i in range(len(counts))],
        "passage": [_percentiles([m[i] for m in passages]) for i in range(len(counts))],
        "mixing": _percentiles(mixed),
    }


def _mean_interval(total: int, squares: int, n: int, scale: float) -> dict[str, Any]:
    """The mean of ``n`` values summing to ``total`` (squares ``squares``), divided by ``scale``, with
    Student's 95 % interval (None below two values)."""
    mean = total / n / scale
    if n < 2:
        return {"mean": mean, "ci95": None, "matches": n}
    var = max(0.0, (squares - total * total / n) / (n - 1))
    half = t95(n - 1) * math.sqrt(var / n) / scale
    return {"mean": mean, "ci95": [mean - half, mean + half], "matches": n}


def _settled(curve: list[dict[str, Any]], end: int | None) -> int | None:
    """The first hand from which the lead stays under parity up to the match's end: its mean (``end`` None)
    within parity either way, or that end of its interval (0: lower, 1: upper) under parity."""
    found: int | None = None
    for point in curve:
        if end is None:
            under = abs(point["mean"]) < PARITY
        else:
            under = point["ci95"] is not None and point["ci95"][end] < PARITY
        if not under:
            found = None
        elif found is None:
            found = point["hands"]
    return found


def finish(tally: Tally, setup: Setup) -> LabResult:
    rules = as_climbing(setup.rules)
    n = rules.players
    names = list(rules.roles)
    counts: list[list[int]] = tally["transitions"]
    totals = [sum(row) for row in counts]
    moves = sum(totals) // n if n else 0
    matrix = [[c / t if t else 0.0 for c in row] for row, t in zip(counts, totals, strict=True)]
    cells = [[list(wilson(c, t)) for c in row] for row, t in zip(counts, totals, strict=True)]
    if moves:
        pi, to_top, mixed = stationary(matrix), passage_to_top(matrix), mixing(matrix)
        boot = bootstrap(counts, setup.seed)
    else:
        pi, to_top, mixed = None, [math.inf] * n, math.inf
        boot = {"stationary": [[None, None]] * n, "passage": [[None, None]] * n, "mixing": [None, None]}
    curve: list[dict[str, Any]] = []
    for k in range(MATCH_HANDS):
        m = tally["reached"][k]
        if not m:
            break
        lead = _mean_interval(tally["lead"][k], tally["lead_sq"][k], m, (n - 1) * (k + 1))
        excess = _mean_interval(tally["excess"][k], tally["excess_sq"][k], m, n - 1)
        curve.append(
            {"hands": k + 1, **lead, "hand_excess": excess["mean"], "hand_excess_ci95": excess["ci95"]}
        )
    parity = {
        "mean": _settled(curve, None),
        "ci95": [_settled(curve, 0), _settled(curve, 1)],
        "within_hands": len(curve),
        "points_per_hand": PARITY,
    }
    bum = n - 1
    figures: dict[str, Any] = {
        "hands": tally["hands"],
        "matches": tally["matches"],
        "match_hands": MATCH_HANDS,
        "transitions": moves,
        "roles": names,
        "matrix": matrix,
        "matrix_ci95": cells,
        "counts": counts,
        "stationary": [None] * n if pi is None else pi,
        "stationary_ci95": boot["stationary"],
        "passage_to_boss": [_finite(x) for x in to_top],
        "passage_to_boss_ci95": boot["passage"],
        "bum_to_boss": _finite(to_top[bum]),
        "bum_to_boss_ci95": boot["passage"][bum],
        "mixing_hands": _finite(mixed),
        "mixing_hands_ci95": boot["mixing"],
        "mixed_within": MIXED,
        "first_winner_lead": curve,
        "parity": parity,
        "resamples": RESAMPLES,
    }
    tables = _tables(names, figures)
    plots = _plots(names, figures)
    method = (
        f"Matches of {MATCH_HANDS} hands (the target set aside) played by the bots, each hand's roles as "
        "played (after any revolution) counted against the next hand's: each row of the matrix is the share "
        "of hands a role's holder held each role next, with Wilson's 95 % interval. Every hand each role is "
        "held by one player, so the columns sum to 1 as well and the stationary distribution is uniform (1/n, "
        "a check of the estimate): what tells the roles apart is the mean first-passage time to Boss, "
        f"(I - Q) m = 1, and the mixing hands (until every role's distribution then is within {MIXED:g} total "
        "variation of the stationary one). Their intervals are the 2.5 and 97.5 % points of "
        f"{RESAMPLES} Bayesian bootstrap resamples, each row drawn from a Dirichlet with its counts (a Markov "
        "chain on roles: given a role, the next hand is a fresh deal). The first hand's winner's lead per hand after k hands is their "
        "points less the others' mean, over k; its mean over matches (independent, each from its own seed) "
        "has Student's t 95 % interval. Parity: the first hand from which the lead stays under "
        f"{PARITY:g} point per hand up to the match's end, for the mean and for each end of the interval. "
        f"Chunks of hands are seeded from the seed and their index alone (z = {Z95:.2f})."
    )
    return setup.result(
        study="roles",
        method=method,
        units="hands",
        played=tally["hands"],
        figures=figures,
        tables=tuple(tables),
        plots=tuple(plots),
        question=(
            "How do roles pass from hand to hand, how long does the Bum take to become Boss, and how many "
            "hands does the first hand's winner keep a lead of a point per hand (the authors say 50)?"
        ),
    )


def _r(x: float | None, digits: int = 3) -> float | None:
    return None if x is None else round(x, digits)


def _span(ci: Sequence[float | None] | None, digits: int = 3) -> str:
    if ci is None:
        return ""
    low, high = ci
    return f"{'' if low is None else round(low, digits)}..{'never' if high is None else round(high, digits)}"


def _tables(names: list[str], f: dict[str, Any]) -> list[Table]:
    n = len(names)
    matrix = Table(
        "Role next hand, by role this hand (share of hands, 95 % interval)",
        ("role", *names),
        tuple(
            (
                names[i],
                *(f"{f['matrix'][i][j]:.3f} ({_span(f['matrix_ci95'][i][j])})" for j in range(n)),
            )
            for i in range(n)
        ),
        note=f"{f['transitions']:,} hand-to-hand transitions over {f['matches']:,} matches.",
    )
    chain = Table(
        "In the long run: share of hands in each role, and hands to become Boss",
        ("role", "stationary", "95 % interval", "hands to Boss", "95 % interval"),
        tuple(
            (
                names[i],
                _r(f["stationary"][i]),
                _span(f["stationary_ci95"][i]),
                _r(f["passage_to_boss"][i], 2),
                _span(f["passage_to_boss_ci95"][i], 2),
            )
            for i in range(n)
        ),
        note=(
            f"A role is forgotten (every role then within {MIXED:g} total variation of the stationary "
            f"distribution) after {f['mixing_hands'] or 'more than ' + str(MOST_HANDS)} hands "
            f"({_span(f['mixing_hands_ci95'], 0)}). Hands to Boss: mean first-passage time from the matrix; "
            "intervals by bootstrap."
        ),
    )
    shown = [p for p in f["first_winner_lead"] if p["hands"] in SHOWN]
    lead = Table(
        "The first hand's winner's lead over the others, in points per hand",
        ("hands", "matches", "lead per hand", "95 % interval", "that hand's excess", "95 % interval"),
        tuple(
            (
                p["hands"],
                p["matches"],
                _r(p["mean"]),
                _span(p["ci95"]),
                _r(p["hand_excess"]),
                _span(p["hand_excess_ci95"]),
            )
            for p in shown
        ),
        note=(
            f"Under {PARITY:g} point per hand from hand {f['parity']['mean'] or 'never'} on (mean); interval "
            f"{_parity_span(f['parity'])} (lower and upper ends of the 95 % interval), within "
            f"{f['parity']['within_hands']} hands."
        ),
    )
    return [matrix, chain, lead]


def _parity_span(parity: dict[str, Any]) -> str:
    low, high = parity["ci95"]
    return f"{low or 'never'}..{high or 'never'}"


SHOWN = (*range(1, 11), 15, 20, 30, 40, 50, 60, 75, 100, 125, 150, 175, 200)
"""The hands the lead's table shows (the plot: each of the first 10, then every 5th)."""


def _marked(hands: int) -> bool:
    return hands <= 10 or hands % 5 == 0


def _plots(names: list[str], f: dict[str, Any]) -> list[Plot]:
    n = len(names)
    plots = [
        Plot(
            "Role next hand, by role this hand (95 % intervals)",
            "bar",
            "role next hand",
            "share of hands",
            tuple(names),
            {f"from {names[i]}": tuple(f["matrix"][i]) for i in range(n)},
            low={f"from {names[i]}": tuple(c[0] for c in f["matrix_ci95"][i]) for i in range(n)},
            high={f"from {names[i]}": tuple(c[1] for c in f["matrix_ci95"][i]) for i in range(n)},
        )
    ]
    shown = [p for p in f["first_winner_lead"] if _marked(p["hands"]) and p["ci95"] is not None]
    if shown:
        plots.append(
            Plot(
                f"The first hand's winner's lead per hand (95 % interval; parity band ±{PARITY:g} point)",
                "line",
                "hands played",
                "points per hand over the others' mean",
                tuple(p["hands"] for p in shown),
                {"lead per hand": tuple(p["mean"] for p in shown)},
                low={"lead per hand": tuple(p["ci95"][0] for p in shown)},
                high={"lead per hand": tuple(p["ci95"][1] for p in shown)},
                band=(-PARITY, PARITY),
            )
        )
    return plots


def headline(result: LabResult) -> list[Metric]:
    """The hands the bottom role takes to become the top one, and the hand from which the first hand's
    winner's lead stays under parity."""
    f = result.figures
    parity = f["parity"]
    return [
        Metric.of(f"{f['roles'][-1]} to {f['roles'][0]}", f["bum_to_boss"], f["bum_to_boss_ci95"], "hands"),
        Metric.of("parity hand", parity["mean"], parity["ci95"], "hands"),
    ]


ROLES = Study(
    name="roles",
    title="How roles pass from hand to hand",
    families=frozenset({"climbing"}),
    units="hands",
    play_chunk=play_chunk,
    play_fast=play_fast,
    finish=finish,
    check=check,
    chunk=MATCH_HANDS,
    default_count=100 * MATCH_HANDS,
    headline=headline,
    sets=frozenset({"target", "rounds"}),
)
