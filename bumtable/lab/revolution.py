"""The ``revolution`` study: each trigger's exact chance from the deal's combinatorics beside its rate in match
play (exchanges and role changes included) and over fresh deals, each with a 95 % interval; for 6 to 12
players, candidate trigger rules and their exact rates against the 9-11 % the game's authors aim for.

>>> from bumtable.rules import get
>>> [(label(get("bum-game"), t), float(p)) for t, p in zip(get("bum-game").revolution_triggers,
...     credited_probabilities(as_climbing(get("bum-game"))))]
[('Worker 2+ Jokers', 0.05450733752620545), ('Bum 2+ Jokers', 0.05450733752620545)]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from bumtable.bots.seeds import PerSeat
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import LabError, Metric, Setup, Study, Tally
from bumtable.rules import Rules, State, as_climbing, get, system
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.facts import Revolution
from bumtable.rules.climbing.odds import joker_spread_probabilities, revolution_probability
from bumtable.rules.climbing.plays import DECLARE
from bumtable.sim.runner import HAND_END, OVER, Runner, StepHook
from bumtable.sim.tournament_stats import Z95, wilson

BAND = (0.09, 0.11)
"""The authors' aim: revolutions about 10 % of the time."""
AGREE_SE = 4.0
"""A simulated rate agrees with the exact one within this many standard errors."""
MANY = range(6, 13)
"""The player counts the candidate table covers (the authors leave 6+ to the players)."""


def label(rules: Rules, trigger: tuple[int, int]) -> str:
    role, jokers = trigger
    return f"{as_climbing(rules).roles[role]} {jokers}+ Jokers"


def credited_probabilities(rules: ClimbingRules) -> list[Fraction]:
    """Exact chance, per trigger, that a deal's revolution is credited to it: the first trigger in force
    that the deal meets, as the engine checks them."""
    triggers = rules.revolution_triggers
    out = [Fraction(0)] * len(triggers)
    for spread, p in joker_spread_probabilities(rules).items():
        for i, (role, k) in enumerate(triggers):
            if spread[role] >= k:
                out[i] += p
                break
    return out


def credited_trigger(triggers: Sequence[tuple[int, int]], revolution: Revolution | None) -> int:
    """The index of the trigger a revolution is credited to: the first with its player's role before it and
    its Jokers (``len(triggers)`` when none is, or the revolution is not known)."""
    if revolution is None:
        return len(triggers)
    role = revolution.old_roles[revolution.player]
    return next(
        (i for i, (r, k) in enumerate(triggers) if r == role and revolution.jokers >= k), len(triggers)
    )


def check(rules: Rules) -> None:
    climbing = as_climbing(rules)
    if not climbing.revolution_triggers:
        raise LabError(
            f"{rules.system} has no revolution triggers: set some, e.g. -o jokers=2 "
            f"-o revolution_triggers=[[{climbing.players - 1},2]]"
        )
    for trigger in climbing.revolution_triggers:
        if trigger[1] > climbing.jokers:
            raise LabError(
                f"the trigger {label(rules, trigger)} needs more Jokers than the deck's {climbing.jokers}"
            )


def _empty(triggers: int) -> Tally:
    return {
        "hands": 0,
        "role_hands": 0,
        "revolutions": 0,
        "by_trigger": [0] * (triggers + 1),
        "deals": 0,
        "deal_revolutions": 0,
        "deal_by_trigger": [0] * (triggers + 1),
    }


def deal_only(rules: ClimbingRules, seed: int, count: int) -> Tally:
    """``count`` first deals of matches seeded from ``seed``, roles cut and revolutions automatic: each
    revolution counted against the trigger credited."""
    tally = _empty(len(rules.revolution_triggers))
    dealt = rules.replace(first_roles="cut", revolution_declare="automatic")
    triggers = rules.revolution_triggers
    master = random.Random(seed)
    for _ in range(count):
        revolution = dealt.new_state(master.getrandbits(63)).observe(None).revolution
        tally["deals"] += 1
        if revolution is not None:
            tally["deal_revolutions"] += 1
            tally["deal_by_trigger"][credited_trigger(triggers, revolution)] += 1
    return tally


def _declared(state: State, into: list[Revolution | None]) -> StepHook:
    """A step hook that keeps the revolution of each player who chooses one (optional revolutions)."""

    def seen(seat: int, action: Any) -> bool:
        if action.kind == DECLARE:
            into.append(state.observe(None).revolution)
        return True

    return seen


def play_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` hands of matches played by ``bots`` and as many fresh deals, all seeded from ``seed``."""
    climbing = as_climbing(rules)
    triggers = climbing.revolution_triggers
    master = random.Random(seed)
    tally = deal_only(climbing, master.getrandbits(63), count)
    optional = climbing.revolution_declare == "optional"
    done = 0
    while done < count:
        state = climbing.new_state(master.getrandbits(63)).copy(history=False)
        runner = Runner(state, bots, PerSeat.drawn(master, climbing.players))
        declared: list[Revolution | None] = []
        seen = _declared(state, declared) if optional else None
        while done < count:
            declared.clear()
            dealt = state.observe(None).revolution  # an automatic revolution is in place once dealt
            played = runner.play(until=HAND_END, on_step=seen)
            result = state.observe(None).last_result
            assert result is not None, "a hand just ended"
            tally["hands"] += 1
            done += 1
            if result.with_roles:  # a first hand without roles has no revolution to count
                tally["role_hands"] += 1
                if result.revolution:
                    tally["revolutions"] += 1
                    revolution = declared[0] if declared else dealt
                    tally["by_trigger"][credited_trigger(triggers, revolution)] += 1
            if played.end == OVER:
                break
    return tally


def deal_only_fast(rules: ClimbingRules, seed: int, count: int) -> Tally:
    """:func:`deal_only` on the compiled engine (its own shuffles)."""
    from bumtable.sim.fast_hands import first_deals

    triggers = rules.revolution_triggers
    tally = _empty(len(triggers))
    dealt = rules.replace(first_roles="cut", revolution_declare="automatic")
    for hands in first_deals(dealt, seed, count):
        tally["deals"] += len(hands)
        tally["deal_revolutions"] += int((hands.revolution >= 0).sum())
        _add_credits(tally["deal_by_trigger"], hands.credited(triggers)[hands.revolution >= 0])
    return tally


def play_fast(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """:func:`play_chunk` on the compiled engine: ``count`` hands of matches and as many fresh deals."""
    from bumtable.sim.fast_hands import match_hands

    climbing = as_climbing(rules)
    triggers = climbing.revolution_triggers
    master = random.Random(seed)
    tally = deal_only_fast(climbing, master.getrandbits(63), count)
    for hands in match_hands(climbing, bots, master.getrandbits(63), count):
        tally["hands"] += len(hands)
        tally["role_hands"] += len(hands)  # the first hand's roles are the cut's
        tally["revolutions"] += int((hands.revolution >= 0).sum())
        _add_credits(tally["by_trigger"], hands.credited(triggers)[hands.revolution >= 0])
    return tally


def _add_credits(into: list[int], credited: Any) -> None:
    """Count each revolution against the trigger credited (the last entry: none is)."""
    for i, k in enumerate(np.bincount(credited, minlength=len(into))):
        into[i] += int(k)


def _rate(hits: int, n: int, exact: float) -> dict[str, Any]:
    """A rate with Wilson's interval, and how many standard errors of the exact rate it lies from it."""
    rate = hits / n if n else 0.0
    se = math.sqrt(exact * (1 - exact) / n) if n else 0.0
    # None: no standard error (an exact rate of 0 or 1) and a count that is off it
    z = (rate - exact) / se if se else (0.0 if rate == exact else None)
    return {
        "rate": rate,
        "ci95": list(wilson(hits, n)),
        "count": hits,
        "z": z,
        "agrees": z is not None and abs(z) <= AGREE_SE,
    }


def _row(name: str, exact: Fraction, tally: Tally, i: int | None) -> dict[str, Any]:
    played = tally["revolutions"] if i is None else tally["by_trigger"][i]
    dealt = tally["deal_revolutions"] if i is None else tally["deal_by_trigger"][i]
    match = _rate(played, tally["role_hands"], float(exact))
    deal = _rate(dealt, tally["deals"], float(exact))
    return {
        "trigger": name,
        "exact_rate": float(exact),
        "exact_fraction": str(exact),
        "simulated_rate": match["rate"],
        "ci95": match["ci95"],
        "revolutions": played,
        "match_z": match["z"],
        "match_agrees": match["agrees"],
        "deal_rate": deal["rate"],
        "deal_ci95": deal["ci95"],
        "deal_revolutions": dealt,
        "deal_z": deal["z"],
        "deal_agrees": deal["agrees"],
    }


def candidate_triggers(n: int) -> list[tuple[str, tuple[tuple[int, int], ...]]]:
    """Trigger rules a designer might try for ``n`` players, on the bottom roles."""
    b, w, m = n - 1, n - 2, n - 3
    return [
        ("Bum 2+", ((b, 2),)),
        ("Bum 2+ or Worker 3+", ((b, 2), (w, 3))),
        ("Bum or Worker 2+", ((b, 2), (w, 2))),
        ("Bum 2+ or Worker 3+ or the role above 3+", ((b, 2), (w, 3), (m, 3))),
        ("Bum or Worker 2+ or the role above 3+", ((b, 2), (w, 2), (m, 3))),
        ("Bum, Worker or the role above 2+", ((b, 2), (w, 2), (m, 2))),
    ]


@lru_cache(maxsize=16)
def candidate_rows(game: str) -> tuple[tuple[int, int, str, float, bool], ...]:
    """(players, Jokers, trigger rule, exact rate, within 9-11 %) for 6 to 12 players and ``n // 2`` or one
    more Jokers, on each player count's preset deck."""
    sys = system(game)
    rows = []
    for n in MANY:
        if not sys.min_players <= n <= sys.max_players:
            continue
        preset = as_climbing(get(game, players=n))
        for jokers in (n // 2, n // 2 + 1):
            spreads = joker_spread_probabilities(preset.replace(jokers=jokers, revolution_triggers=()))
            for name, triggers in candidate_triggers(n):
                exact = sum(
                    (p for s, p in spreads.items() if any(s[r] >= k for r, k in triggers)), Fraction(0)
                )
                rate = float(exact)
                rows.append((n, jokers, name, rate, BAND[0] <= rate <= BAND[1]))
    return tuple(rows)


def pct(rate: float) -> float:
    """A rate as a percentage, to three decimals."""
    return round(100 * rate, 3)


def finish(tally: Tally, setup: Setup) -> LabResult:
    rules = as_climbing(setup.rules)
    triggers = rules.revolution_triggers
    exact = credited_probabilities(rules)
    rows = [_row(label(rules, t), p, tally, i) for i, (t, p) in enumerate(zip(triggers, exact, strict=True))]
    total = _row("any", revolution_probability(rules), tally, None)
    candidates = candidate_rows(rules.system)
    figures: dict[str, Any] = {
        "hands": tally["hands"],
        "hands_with_roles": tally["role_hands"],
        "deals": tally["deals"],
        "declare": rules.revolution_declare,
        "triggers": rows,
        "any": total,
        "agree_within_se": AGREE_SE,
        "band": list(BAND),
        "candidates": [
            {"players": n, "jokers": j, "trigger": name, "exact_rate": rate, "in_band": ok}
            for n, j, name, rate, ok in candidates
        ],
    }
    rates = Table(
        "Revolutions per hand, by the trigger credited",
        ("trigger", "exact %", "match play %", "95 % interval", "fresh deals %", "95 % interval", "agrees"),
        tuple(
            (
                r["trigger"],
                pct(r["exact_rate"]),
                pct(r["simulated_rate"]),
                f"{pct(r['ci95'][0])}..{pct(r['ci95'][1])}",
                pct(r["deal_rate"]),
                f"{pct(r['deal_ci95'][0])}..{pct(r['deal_ci95'][1])}",
                "yes" if r["deal_agrees"] else "no",
            )
            for r in [*rows, total]
        ),
        note=(
            f"Match play: {tally['role_hands']:,} hands with roles; fresh deals: {tally['deals']:,}. "
            f"Agrees: the fresh deals' rate within {AGREE_SE:g} standard errors of the exact one."
        ),
    )
    tables = [rates]
    plots = [
        Plot(
            "Revolutions per hand: exact, in match play and over fresh deals (95 % intervals)",
            "bar",
            "trigger",
            "revolutions per hand",
            tuple(r["trigger"] for r in [*rows, total]),
            {
                "exact": tuple(r["exact_rate"] for r in [*rows, total]),
                "match play": tuple(r["simulated_rate"] for r in [*rows, total]),
                "fresh deals": tuple(r["deal_rate"] for r in [*rows, total]),
            },
            low={
                "match play": tuple(r["ci95"][0] for r in [*rows, total]),
                "fresh deals": tuple(r["deal_ci95"][0] for r in [*rows, total]),
            },
            high={
                "match play": tuple(r["ci95"][1] for r in [*rows, total]),
                "fresh deals": tuple(r["deal_ci95"][1] for r in [*rows, total]),
            },
            band=BAND,
        )
    ]
    if candidates:
        tables.append(
            Table(
                "Candidate trigger rules for 6 to 12 players: exact revolutions per hand",
                ("players", "Jokers", "trigger", "exact %", "within 9-11 %"),
                tuple((n, j, name, pct(rate), "yes" if ok else "") for n, j, name, rate, ok in candidates),
                note="Each player count's preset deck with the Jokers shown; a trigger counts its role's Jokers.",
            )
        )
        counts = sorted({n for n, *_ in candidates})
        series: dict[str, tuple[float, ...]] = {}
        for n, j, name, rate, _ in candidates:
            if j == n // 2:
                series.setdefault(name, ())
                series[name] = (*series[name], rate)
        plots.append(
            Plot(
                f"Candidate trigger rules, n // 2 Jokers: exact revolutions per hand (band {BAND[0]:.0%}-{BAND[1]:.0%})",
                "line",
                "players",
                "revolutions per hand",
                tuple(counts),
                series,
                band=BAND,
            )
        )
    method = (
        "Exact: the chance a deal meets a trigger, from the number of ways the Jokers fall into hands of the "
        "dealt sizes (multivariate hypergeometric); a revolution is credited to the first trigger in force it "
        "meets, as the engine checks them. Match play: matches played by the bots, the next hand dealt after "
        "each (exchanges, revolutions and role changes included), every hand with roles counted. Fresh deals: "
        "first deals of new matches, roles cut. Each deal is an independent shuffle, so a hand's revolution is "
        "a Bernoulli trial whatever the play before it: the 95 % intervals are Wilson's score intervals. "
        f"{'Revolutions are optional here: match play counts those declared. ' if rules.revolution_declare == 'optional' else ''}"
        f"Chunks of hands are seeded from the seed and their index alone (z = {Z95:.2f})."
    )
    return setup.result(
        study="revolution",
        method=method,
        units="hands",
        played=tally["hands"],
        figures=figures,
        tables=tuple(tables),
        plots=tuple(plots),
        question=(
            "How often does each revolution trigger fire, in match play as on paper, and which trigger rules "
            "give revolutions about 10 % of the time for 6 to 12 players?"
        ),
    )


def headline(result: LabResult) -> list[Metric]:
    """Revolutions per hand of any trigger: in match play, with its interval, and the exact chance."""
    found = result.figures["any"]
    return [
        Metric.of("any trigger, match play", found["simulated_rate"], found["ci95"], "revolutions per hand"),
        Metric.of("any trigger, exact", found["exact_rate"], None, "revolutions per hand"),
    ]


REVOLUTION = Study(
    name="revolution",
    title="How often revolutions happen",
    families=frozenset({"climbing"}),
    units="hands",
    play_chunk=play_chunk,
    play_fast=play_fast,
    finish=finish,
    check=check,
    chunk=200,
    default_count=2000,
    headline=headline,
)
