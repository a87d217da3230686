"""The ``length`` study: how long a game is. Hands per match, tricks per hand (climbing games), decisions per
hand, legal actions per decision (the branching), and the time people would spend at the table at a stated pace.

>>> r, (low, high) = ratio_interval(n=3, x=30, y=10, xx=302, yy=34, xy=101)
>>> r, round(low, 2), round(high, 2)
(3.0, 2.25, 3.75)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from bumtable.bots.seeds import PerSeat
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import Metric, Setup, Study, Tally
from bumtable.rules import Rules, State, family_of
from bumtable.rules.climbing.state import ClimbingState
from bumtable.sim.runner import HAND_END, OVER, Runner
from bumtable.sim.tournament_stats import t95

BUCKETS = ((1, 1), (2, 2), (3, 3), (4, 4), (5, 8), (9, 16), (17, 32), (33, 64), (65, None))
"""Legal actions per decision, bucketed for the branching distribution (``None``: no upper end)."""


@dataclass(frozen=True)
class Pace:
    """How fast people play: seconds for a decision with a real choice, for a forced one (the lone legal
    action, often a pass), and to gather, shuffle and deal a hand."""

    choice: float = 6.0
    forced: float = 1.0
    deal: float = 45.0

    def hand_seconds(self, choices: float, forced: float) -> float:
        return choices * self.choice + forced * self.forced + self.deal


PACES = {"fast": Pace(3.0, 0.5, 30.0), "typical": Pace(), "slow": Pace(12.0, 2.0, 60.0)}
"""The paces the time table shows; ``typical`` is the one the figures use."""


def has_hands(rules: Rules) -> bool:
    """Whether a match of ``rules`` is several hands (the family stops a search's deal at a hand's end)."""
    return family_of(rules).stop_at_hand_end is not None


def has_tricks(rules: Rules) -> bool:
    return family_of(rules).name == "climbing"


def bucket(legal: int) -> int:
    """The index in :data:`BUCKETS` of a decision with ``legal`` legal actions."""
    return next(
        i for i, (low, high) in enumerate(BUCKETS) if legal >= low and (high is None or legal <= high)
    )


SUMS = ("h", "t", "d", "c", "l")
"""Per match: hands, tricks, decisions, choices (decisions with more than one legal action), legal actions."""
PAIRS = ("hh", "tt", "th", "dd", "dh", "cc", "ch", "ll", "ld")
"""Sums of products over matches, for the intervals of the ratios."""


def _empty() -> Tally:
    return {"matches": 0, **{k: 0 for k in SUMS + PAIRS}, "branching": [0] * len(BUCKETS), "most_legal": 0}


class _Match:
    """The counts of one match as it is played: a step hook that reads each decision's legal actions before
    it is taken (measured after the action before) and sees tricks end."""

    def __init__(self, state: State, tally: Tally, *, tricks: bool) -> None:
        self.state, self.tally = state, tally
        self.climbing = cast(ClimbingState, state) if tricks else None
        self.counts = dict.fromkeys(SUMS, 0)
        self.seen_trick = None if self.climbing is None else self.climbing.last_trick
        self.legal = self._legal()

    def _legal(self) -> int:
        return len(self.state.legal_actions()) if self.state.current_player() is not None else 0

    def step(self, seat: int, action: Any) -> bool:
        m, tally, legal = self.counts, self.tally, self.legal
        m["d"] += 1
        m["l"] += legal
        m["c"] += legal > 1
        tally["branching"][bucket(legal)] += 1
        tally["most_legal"] = max(tally["most_legal"], legal)
        if self.climbing is not None:
            last = self.climbing.last_trick
            if last is not None and last is not self.seen_trick:
                m["t"] += 1
            self.seen_trick = last
        self.legal = self._legal()
        return True


def play_chunk(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` matches (games, where a game has no hands) played by ``bots``, all seeded from ``seed``."""
    tally = _empty()
    tricks = has_tricks(rules)
    master = random.Random(seed)
    for _ in range(count):
        state = rules.new_state(master.getrandbits(63)).copy(history=False)
        runner = Runner(state, bots, PerSeat.drawn(master, rules.players))
        match = _Match(state, tally, tricks=tricks)
        while True:
            played = runner.play(until=HAND_END, on_step=match.step)
            match.counts["h"] += 1
            if played.end == OVER:
                break
        h, t, d, c, ll = (match.counts[k] for k in SUMS)
        tally["matches"] += 1
        for key, value in zip(SUMS, (h, t, d, c, ll), strict=True):
            tally[key] += value
        products = (h * h, t * t, t * h, d * d, d * h, c * c, c * h, ll * ll, ll * d)
        for key, value in zip(PAIRS, products, strict=True):
            tally[key] += value
    return tally


def ratio_interval(
    *, n: int, x: float, y: float, xx: float, yy: float, xy: float
) -> tuple[float, tuple[float, float]]:
    """The ratio ``x / y`` of sums over ``n`` independent units and its 95 % interval: the linearised (delta
    method) standard error of a ratio estimator, with Student's t on ``n - 1`` degrees of freedom."""
    r = x / y if y else 0.0
    if n < 2 or not y:
        return r, (r, r)
    residual = xx - 2 * r * xy + r * r * yy  # sum over units of (x_i - r y_i) ** 2
    se = math.sqrt(max(residual, 0.0) / (n * (n - 1))) / (y / n)
    half = t95(n - 1) * se
    return r, (r - half, r + half)


def _figure(tally: Tally, x: str, y: str) -> dict[str, Any]:
    mean, (low, high) = ratio_interval(
        n=tally["matches"],
        x=tally[x],
        y=tally[y],
        xx=tally[x + x],
        yy=tally[y + y],
        xy=tally[x + y],
    )
    return {"mean": mean, "ci95": [low, high]}


def _hands_figure(tally: Tally) -> dict[str, Any]:
    """Hands per match: a plain mean over matches (the ratio with a denominator of one per match)."""
    n = tally["matches"]
    mean = tally["h"] / n
    if n < 2:
        return {"mean": mean, "ci95": [mean, mean]}
    sd = math.sqrt(max(tally["hh"] - n * mean * mean, 0.0) / (n - 1))
    half = t95(n - 1) * sd / math.sqrt(n)
    return {"mean": mean, "ci95": [mean - half, mean + half]}


def bucket_name(i: int) -> str:
    low, high = BUCKETS[i]
    return str(low) if low == high else f"{low}+" if high is None else f"{low}-{high}"


def make_finish(pace: Pace = PACES["typical"]) -> Callable[[Tally, Setup], LabResult]:
    """``finish`` for the length study, the time at the table estimated at ``pace``."""

    def finish(tally: Tally, setup: Setup) -> LabResult:
        return _finish(tally, setup, pace)

    return finish


def _finish(tally: Tally, setup: Setup, pace: Pace) -> LabResult:
    rules = setup.rules
    hands, tricks = has_hands(rules), has_tricks(rules)
    decisions = tally["d"]
    per_hand = {k: _figure(tally, k, "h") for k in ("d", "c")}
    branching = _figure(tally, "l", "d")
    shares = [c / decisions if decisions else 0.0 for c in tally["branching"]]
    forced_per_hand = per_hand["d"]["mean"] - per_hand["c"]["mean"]
    hand_minutes = {
        name: p.hand_seconds(per_hand["c"]["mean"], forced_per_hand) / 60 for name, p in PACES.items()
    }
    hands_per_match = _hands_figure(tally)
    match_minutes = {name: m * hands_per_match["mean"] for name, m in hand_minutes.items()}
    figures: dict[str, Any] = {
        "matches": tally["matches"],
        "hands": tally["h"],
        "has_hands": hands,
        "hands_per_match": hands_per_match if hands else None,
        "tricks_per_hand": _figure(tally, "t", "h") if tricks else None,
        "decisions_per_hand": per_hand["d"],
        "choices_per_hand": per_hand["c"],
        "legal_per_decision": branching,
        "most_legal": tally["most_legal"],
        "branching": [
            {"legal": bucket_name(i), "decisions": c, "share": s}
            for i, (c, s) in enumerate(zip(tally["branching"], shares, strict=True))
        ],
        "pace": {
            "seconds_per_choice": pace.choice,
            "seconds_per_forced": pace.forced,
            "seconds_per_deal": pace.deal,
        },
        "minutes_per_hand": pace.hand_seconds(per_hand["c"]["mean"], forced_per_hand) / 60,
        "minutes_per_match": pace.hand_seconds(per_hand["c"]["mean"], forced_per_hand)
        / 60
        * hands_per_match["mean"],
        "minutes_by_pace": {
            name: {"per_hand": hand_minutes[name], "per_match": match_minutes[name]} for name in PACES
        },
    }
    unit = "hand" if hands else "game"
    rows: list[tuple[Any, ...]] = []

    def row(name: str, fig: dict[str, Any] | None) -> None:
        if fig is not None:
            rows.append((name, round(fig["mean"], 3), f"{fig['ci95'][0]:.3f}..{fig['ci95'][1]:.3f}"))

    row("hands per match", figures["hands_per_match"])
    row(f"tricks per {unit}", figures["tricks_per_hand"])
    row(f"decisions per {unit}", per_hand["d"])
    row(f"choices per {unit} (more than one legal action)", per_hand["c"])
    row("legal actions per decision", branching)
    tables = [
        Table(
            "How long it is",
            ("figure", "mean", "95 % interval"),
            tuple(rows),
            note=f"{tally['matches']:,} {'matches' if hands else 'games'}, {tally['h']:,} {unit}s, "
            f"{decisions:,} decisions; at most {tally['most_legal']} legal actions at one decision.",
        ),
        Table(
            "Legal actions per decision",
            ("legal actions", "decisions", "share %"),
            tuple((f["legal"], f["decisions"], round(100 * f["share"], 3)) for f in figures["branching"]),
        ),
        Table(
            "Time at the table for people",
            (
                "pace",
                "s per choice",
                "s per forced move",
                "s per deal",
                f"minutes per {unit}",
                "minutes per match",
            ),
            tuple(
                (
                    name,
                    p.choice,
                    p.forced,
                    p.deal,
                    round(hand_minutes[name], 2),
                    round(match_minutes[name], 1) if hands else None,
                )
                for name, p in PACES.items()
            ),
            note="An estimate: the decisions the bots met, timed at each pace; people who think longer or talk "
            "take longer.",
        ),
    ]
    plots = [
        Plot(
            "Legal actions per decision (share of decisions)",
            "bar",
            "legal actions",
            "share of decisions",
            tuple(f["legal"] for f in figures["branching"]),
            {"decisions": tuple(shares)},
        ),
        Plot(
            f"Decisions per {unit} (95 % intervals)",
            "bar",
            "figure",
            f"per {unit}",
            ("decisions", "choices", *(("tricks",) if tricks else ())),
            {
                "mean": (
                    per_hand["d"]["mean"],
                    per_hand["c"]["mean"],
                    *((figures["tricks_per_hand"]["mean"],) if tricks else ()),
                )
            },
            low={
                "mean": (
                    per_hand["d"]["ci95"][0],
                    per_hand["c"]["ci95"][0],
                    *((figures["tricks_per_hand"]["ci95"][0],) if tricks else ()),
                )
            },
            high={
                "mean": (
                    per_hand["d"]["ci95"][1],
                    per_hand["c"]["ci95"][1],
                    *((figures["tricks_per_hand"]["ci95"][1],) if tricks else ()),
                )
            },
        ),
    ]
    method = (
        f"Whole {'matches' if hands else 'games'} played by the bots ({', '.join(setup.bots)}). A decision is "
        "a turn to act; a choice, one with more than one legal action (the rest are forced, often a pass). "
        "Tricks are counted as they end, the last one of a hand included. Each figure per "
        f"{unit} or per decision is a ratio of totals over {'matches' if hands else 'games'}, which are "
        "independent while the hands of one match are not (roles carry over): its 95 % interval is the "
        "linearised (delta-method) interval of a ratio estimator with the match as the unit, Student's t on "
        f"matches - 1 degrees of freedom. Time at the table: {pace.choice:g} s per choice, {pace.forced:g} s "
        f"per forced move and {pace.deal:g} s to gather, shuffle and deal each {unit} (an assumption, "
        "set by bumtable.lab.length.Pace; the table shows faster and slower paces)."
    )
    return setup.result(
        study="length",
        method=method,
        units="matches",
        played=tally["matches"],
        figures=figures,
        tables=tuple(tables),
        plots=tuple(plots),
        question="How long is a game: how many hands, tricks and decisions, how many options at each decision, "
        "and how many minutes at the table for people?",
    )


def headline(result: LabResult) -> list[Metric]:
    """Hands per match (games with hands) and decisions per hand (per game, in games without)."""
    f = result.figures
    hands = f["hands_per_match"]
    decisions = f["decisions_per_hand"]
    per = "hand" if f["has_hands"] else "game"
    found = [Metric.of(f"decisions per {per}", decisions["mean"], decisions["ci95"], f"decisions per {per}")]
    if hands is not None:
        found.insert(0, Metric.of("hands per match", hands["mean"], hands["ci95"], "hands per match"))
    return found


LENGTH = Study(
    name="length",
    title="How long a game is",
    families=frozenset({"climbing", "gin-bummy", "boojum"}),
    units="matches",
    play_chunk=play_chunk,
    finish=make_finish(),
    chunk=10,
    default_count=200,
    headline=headline,
)
