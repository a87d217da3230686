"""The ``skill`` study: does a stronger bot win more? Each level in turn takes one seat against the same
opponents on the same deal with the same bot seeds, the seat tested turning from deal to deal; first places
and mean places by level, with 95 % intervals, and whether they rise level by level.

>>> from bumtable.rules import get
>>> from bumtable.lab.run import run_study
>>> from bumtable.lab.study import Setup
>>> options = SkillOptions(levels=("random", "easy"))
>>> setup = Setup(rules=get("gin-bummy"), bots=("heuristic",) * 2, seed=1, options=options)
>>> result = run_study(SKILL, setup, count=10)
>>> [row["level"] for row in result.figures["levels"]], result.figures["deals"], result.units
(['random', 'easy'], 10, 'deals')
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

from bumtable.bots import check_bot
from bumtable.bots.seeds import PerSeat
from bumtable.errors import BumtableError
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import LabError, Metric, Setup, Study, StudyOptions, Tally
from bumtable.rules import Rules, family_of
from bumtable.sim.runner import HAND_END, Runner
from bumtable.sim.tournament_stats import Z95, mean_places, t95, wilson

LEVELS = ("random", "easy", "medium")
"""The levels compared unless ``-s levels=...`` says others (``hard`` takes seconds a hand)."""


@dataclass(frozen=True)
class SkillOptions(StudyOptions):
    """The ``skill`` study's options."""

    levels: tuple[str, ...] = field(
        default=LEVELS, metadata={"help": "the bot levels or kinds compared, weakest first"}
    )

    def __post_init__(self) -> None:
        if len(self.levels) < 2:
            raise LabError(
                f"the skill study compares two levels or more (-s levels=random,easy,medium), not {len(self.levels)}"
            )
        try:
            kinds = tuple(check_bot(level) for level in self.levels)
        except BumtableError as e:
            raise LabError(f"the skill study's levels: {e}") from None
        twice = sorted({k for k in kinds if kinds.count(k) > 1})
        if twice:
            raise LabError(f"the skill study compares each level once; {', '.join(twice)} is given twice")
        object.__setattr__(self, "levels", kinds)


def play_chunk(
    rules: Rules, bots: tuple[str, ...], seed: int, count: int, *, levels: tuple[str, ...] = LEVELS
) -> Tally:
    """``count`` deals seeded from ``seed``, each played to its first hand's end (a game, where it has no
    hands) once per level, the level at the seat tested and ``bots`` at the others, with the same bot seeds."""
    n, k = rules.players, len(levels)
    places_of = family_of(rules).hand_places
    master = random.Random(seed)
    start = master.randrange(n)
    tally: Tally = {
        "deals": 0,
        "tested_seat": [0] * n,
        "firsts": [0] * k,
        "place_sum": [0.0] * k,
        "place_squares": [0.0] * k,
        "ups": [0] * (k - 1),
        "downs": [0] * (k - 1),
    }
    for i in range(count):
        deal = master.getrandbits(63)
        seeding = PerSeat.drawn(master, n)
        seat = (start + i) % n
        firsts = []
        for j, level in enumerate(levels):
            state = rules.new_state(deal).copy(history=False)
            seats = tuple(level if p == seat else bots[p] for p in range(n))
            Runner(state, seats, seeding).play(until=HAND_END)
            places = places_of(state)
            assert places is not None, "a hand or game just ended"
            place = mean_places(places)[seat]
            firsts.append(places[seat] == 1)
            tally["firsts"][j] += firsts[-1]
            tally["place_sum"][j] += place
            tally["place_squares"][j] += place * place
        for j in range(k - 1):  # the deals where one of two neighbouring levels came first and the other not
            tally["ups"][j] += firsts[j + 1] and not firsts[j]
            tally["downs"][j] += firsts[j] and not firsts[j + 1]
        tally["deals"] += 1
        tally["tested_seat"][seat] += 1
    return tally


def _level(name: str, firsts: int, total: float, squares: float, deals: int) -> dict[str, Any]:
    mean = total / deals
    var = max(squares - deals * mean * mean, 0.0) / (deals - 1) if deals > 1 else 0.0
    half = t95(deals - 1) * math.sqrt(var / deals) if deals > 1 else math.inf
    return {
        "level": name,
        "first_rate": firsts / deals,
        "ci95": list(wilson(firsts, deals)),
        "firsts": firsts,
        "mean_place": mean,
        "mean_place_ci95": [mean - half, mean + half],
    }


def _step(low: dict[str, Any], high: dict[str, Any], ups: int, downs: int, deals: int) -> dict[str, Any]:
    """Two neighbouring levels on the same deals: the difference of their first-place rates with its paired
    interval (from the deals where only one came first), and whether their own intervals separate."""
    diff = (ups - downs) / deals
    se = math.sqrt(max((ups + downs) / deals - diff * diff, 0.0) / deals)
    return {
        "from": low["level"],
        "to": high["level"],
        "difference": diff,
        "ci95": [diff - Z95 * se, diff + Z95 * se],
        "only_higher_first": ups,
        "only_lower_first": downs,
        "rises": diff > 0,
        "significant": diff - Z95 * se > 0,
        "intervals_separate": high["ci95"][0] > low["ci95"][1],
    }


def pct(rate: float) -> float:
    return round(100 * rate, 2)


def finish(tally: Tally, setup: Setup) -> LabResult:
    options = setup.options
    assert isinstance(options, SkillOptions), "run_study settles the options"
    rules, deals = setup.rules, tally["deals"]
    n = rules.players
    unit = "hand" if family_of(rules).name == "climbing" else "game"
    rows = [
        _level(name, tally["firsts"][j], tally["place_sum"][j], tally["place_squares"][j], deals)
        for j, name in enumerate(options.levels)
    ]
    steps = [
        _step(rows[j], rows[j + 1], tally["ups"][j], tally["downs"][j], deals) for j in range(len(rows) - 1)
    ]
    opponents = sorted(set(setup.bots))
    figures: dict[str, Any] = {
        "deals": deals,
        "levels": rows,
        "steps": steps,
        "monotone": all(s["rises"] for s in steps),
        "monotone_significant": all(s["significant"] for s in steps),
        "all_intervals_separate": all(s["intervals_separate"] for s in steps),
        "fair_first_rate": 1 / n,
        "opponents": list(setup.bots),
        "tested_seat": tally["tested_seat"],
    }
    levels = Table(
        f"First places by level, one seat against {', '.join(opponents)}",
        ("level", "first %", "95 % interval", "mean place", "95 % interval"),
        tuple(
            (
                r["level"],
                pct(r["first_rate"]),
                f"{pct(r['ci95'][0])}..{pct(r['ci95'][1])}",
                round(r["mean_place"], 3),
                f"{r['mean_place_ci95'][0]:.3f}..{r['mean_place_ci95'][1]:.3f}",
            )
            for r in rows
        ),
        note=f"{deals:,} deals, each played once per level; a {unit} won by chance alone: {pct(1 / n)} %.",
    )
    step_table = Table(
        "Each step up: the gain in first places on the same deals",
        ("from", "to", "gain (points of %)", "95 % interval", "rises", "intervals separate"),
        tuple(
            (
                s["from"],
                s["to"],
                pct(s["difference"]),
                f"{pct(s['ci95'][0])}..{pct(s['ci95'][1])}",
                "yes" if s["significant"] else ("yes, not surely" if s["rises"] else "no"),
                "yes" if s["intervals_separate"] else "no",
            )
            for s in steps
        ),
        note=(
            f"Monotone: {'yes' if figures['monotone'] else 'no'}"
            f"{' (every step beyond its interval)' if figures['monotone_significant'] else ''}."
        ),
    )
    plot = Plot(
        f"First places by level against {', '.join(opponents)} (95 % intervals; chance alone drawn across)",
        "bar",
        "level",
        f"first places per {unit}",
        tuple(r["level"] for r in rows),
        {"first place": tuple(r["first_rate"] for r in rows)},
        low={"first place": tuple(r["ci95"][0] for r in rows)},
        high={"first place": tuple(r["ci95"][1] for r in rows)},
        band=(1 / n, 1 / n),
    )
    first_hand = "its first hand (no roles yet, no exchange)" if unit == "hand" else "a whole game"
    method = (
        f"Common deals: each deal is played to the end of {first_hand} once per level, the level at the seat "
        f"tested and the --bots line-up at the others, every seat's bot seeded the same for every level, so the "
        "levels meet the same cards; the seat tested turns from deal to deal. Deals are independent, so a "
        "level's first-place rate has Wilson's 95 % score interval and its mean place (ties shared) Student's "
        "t interval. A step between neighbouring levels is judged on the deals where only one of them came "
        "first (a paired difference with its normal 95 % interval, as McNemar's test counts): that is sharper "
        "than asking whether the two levels' own intervals separate, which the table also says."
    )
    return setup.result(
        study="skill",
        method=method,
        units="deals",
        played=deals,
        figures=figures,
        tables=(levels, step_table),
        plots=(plot,),
        question="Does a stronger player win more: do first places rise level by level, beyond chance?",
    )


def headline(result: LabResult) -> list[Metric]:
    """Each level's first-place rate."""
    return [
        Metric.of(f"{r['level']} first", r["first_rate"], r["ci95"], "first places per deal")
        for r in result.figures["levels"]
    ]


SKILL = Study(
    name="skill",
    title="Does a stronger bot win more",
    families=frozenset({"climbing", "gin-bummy", "boojum"}),
    units="hands",
    play_chunk=play_chunk,
    finish=finish,
    chunk=20,
    default_count=400,
    options=SkillOptions,
    headline=headline,
)
