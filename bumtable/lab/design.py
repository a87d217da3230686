"""The ``design`` study: for a climbing game with four players or more, which revolution trigger and which card
exchange come nearest the game's aims. A grid of designs (trigger rules whose exact rate lies near 10 % times
exchanges that differ in size and in who chooses) is played on common deals; each design's revolution rate,
role values and gaps, and the Bum's climb are measured with 95 % intervals, and the designs are ranked by a
distance to the targets (:func:`distance`).

>>> round(distance(rate=0.131, gaps=[0.4, 0.3, 0.3, 0.2, 0.3], step=1.0, climb=0.45)["total"], 3)
3.811
"""

from __future__ import annotations

import itertools
import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

from bumtable.errors import BumtableError
from bumtable.lab.exchange import add_cluster, cluster_moments, contrast, matches
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.revolution import BAND, candidate_triggers, pct
from bumtable.lab.roles import bootstrap, passage_to_top
from bumtable.lab.study import LabError, Metric, Setup, Study, StudyOptions, Tally
from bumtable.rules import Rules, as_climbing
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.odds import joker_spread_probabilities
from bumtable.sim.runner import HAND_END, OVER
from bumtable.sim.tournament_stats import Z95, wilson

LEAST_PLAYERS = 4
"""Below four players the candidates' Worker and the role above them are the top roles, and only the Boss and
the Bum can exchange: there is no grid to choose from."""
AIM = (BAND[0] + BAND[1]) / 2
"""Revolutions about 10 % of the time, the authors' aim."""
HALF_BAND = (BAND[1] - BAND[0]) / 2
"""The band's half-width (a point): the unit of the revolution term."""
WINDOW = 0.05
"""Triggers are kept whose exact rate lies within this of the aim: 5-15 %, which holds the preset's own trigger
at every count from 6 to 12 (10-14.6 %) and the nearest candidates on both sides of the band."""
NOT_MONOTONE = 2.0
"""The cost of each gap at 0 or below: a role that does no worse than the one above it."""
SPREAD = (0.1, 0.5)
"""The mean gap between neighbouring roles, in places' points, that the designer wants: more than a tenth
(a little worse), at most a half (about where the source's own four-player exchange puts it)."""
SPREAD_UNIT = 0.1
"""Each tenth of a place's points outside :data:`SPREAD` costs one."""
UNEVEN_MOST = 3.0
"""The unevenness term's cap (gaps' standard deviation over their mean; also its value when the mean is 0 or
below)."""
CLIMB_LEAST = 0.5
"""The Bum should leave the bottom at least every other hand (the source's four-player game: 52 %)."""
CLIMB_UNIT = 0.1
"""Each ten points of that share below :data:`CLIMB_LEAST` cost one."""
BEST = 3
"""The designs shown in detail."""

_TAGS = {1: "bum", 2: "worker", 3: "above"}
"""A trigger's role by its place from the bottom, in the rule's key."""


def _rule_key(triggers: Sequence[tuple[int, int]], n: int) -> str:
    """A trigger rule's key: its roles from the bottom, those needing the same Jokers together
    (``((5, 2), (4, 3))`` for 6 players: ``bum2-worker3``)."""
    groups = itertools.groupby(triggers, key=lambda t: t[1])
    return "-".join("-".join(_TAGS[n - r] for r, _ in g) + str(k) for k, g in groups)


def _rule_words(triggers: Sequence[tuple[int, int]], roles: Sequence[str]) -> str:
    """A trigger rule in words, e.g. ``Bum or Worker 2+ or Middleman 3+``."""
    parts = []
    for k, group in itertools.groupby(triggers, key=lambda t: t[1]):
        names = [roles[r] for r, _ in group]
        said = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        parts.append(f"{said} {k}+")
    return " or ".join(parts)


RULE_KEYS = tuple(_rule_key(t, LEAST_PLAYERS + 2) for _, t in candidate_triggers(LEAST_PLAYERS + 2))
"""The trigger rules tried (``revolution``'s candidates), by key; a key names roles from the bottom, so it
means the same rule at every player count."""
EXCHANGE_KEYS = ("none", "preset", "preset-choice", "boss-bum", "pairs", "graduated")
"""The exchange designs tried, by key (:func:`exchange_designs`)."""


@dataclass(frozen=True)
class DesignOptions(StudyOptions):
    """The ``design`` study's options: the window of exact rates kept, and which trigger rules and exchanges
    (all by default)."""

    window: float = field(
        default=WINDOW,
        metadata={"help": "keep the triggers whose exact rate lies within this of 10 % (0.05: 5-15 %)"},
    )
    triggers: tuple[str, ...] = field(
        default=RULE_KEYS,
        metadata={"help": "the trigger rules tried, each with both Joker counts (KEY) or one (KEY@JOKERS)"},
    )
    exchanges: tuple[str, ...] = field(default=EXCHANGE_KEYS, metadata={"help": "the exchanges tried"})

    def __post_init__(self) -> None:
        if not self.window > 0:
            raise LabError(f"the design study's window is a rate above 0 (0.05: 5-15 %), not {self.window}")
        if not self.triggers or not self.exchanges:
            raise LabError("the design study needs at least one trigger rule and one exchange")
        for name in self.triggers:
            rule, at, jokers = name.partition("@")
            if rule not in RULE_KEYS or (at and not jokers.isdigit()):
                raise LabError(
                    f"the design study has no trigger rule {name!r}; its rules: {', '.join(RULE_KEYS)} "
                    "(KEY@JOKERS for one Joker count)"
                )
        for name in self.exchanges:
            if name not in EXCHANGE_KEYS:
                raise LabError(
                    f"the design study has no exchange {name!r}; its exchanges: {', '.join(EXCHANGE_KEYS)}"
                )


@dataclass(frozen=True)
class Trigger:
    """A trigger rule with a Joker count, and its exact chance per hand."""

    rule: str
    words: str
    jokers: int
    triggers: tuple[tuple[int, int], ...]
    exact: float

    @property
    def key(self) -> str:
        return f"{self.rule}@{self.jokers}"


@dataclass(frozen=True)
class Exchange:
    """An exchange design: who swaps how many cards, and whether the higher role chooses its cards."""

    key: str
    title: str
    pairs: tuple[tuple[int, int, int], ...]
    high_gives: str = "lowest"

    @property
    def exchange(self) -> bool:
        return bool(self.pairs)


@dataclass(frozen=True)
class Design:
    """One trigger rule with one exchange, and the rules that play it."""

    trigger: Trigger
    exchange: Exchange
    rules: ClimbingRules

    @property
    def key(self) -> str:
        return f"{self.trigger.key}/{self.exchange.key}"

    @property
    def name(self) -> str:
        return f"{self.trigger.words}, {self.trigger.jokers} Jokers; {self.exchange.title}"


def trigger_rules(rules: ClimbingRules) -> list[Trigger]:
    """Every candidate trigger rule for the rules' players with ``n // 2`` and ``n // 2 + 1`` Jokers, with
    its exact chance per hand on the rules' deck; a rule asking for more Jokers than the deck holds is left
    out (it is a simpler one).

    >>> from bumtable.rules import get
    >>> [(t.key, round(t.exact, 3)) for t in trigger_rules(as_climbing(get("bum-game", players=4)))][:2]
    [('bum2@2', 0.055), ('bum-worker2@2', 0.109)]
    """
    n = rules.players
    found = []
    for jokers in (n // 2, n // 2 + 1):
        spreads = _spreads(rules.replace(jokers=jokers, revolution_triggers=(), exchange_cancel_triggers=()))
        for _, triggers in candidate_triggers(n):
            if any(k > jokers for _, k in triggers):
                continue
            exact = sum((p for s, p in spreads.items() if any(s[r] >= k for r, k in triggers)), Fraction(0))
            found.append(
                Trigger(
                    _rule_key(triggers, n), _rule_words(triggers, rules.roles), jokers, triggers, float(exact)
                )
            )
    return found


@lru_cache(maxsize=8)
def _spreads(rules: ClimbingRules) -> dict[tuple[int, ...], Fraction]:
    return joker_spread_probabilities(rules)


def _pair_words(pairs: Sequence[tuple[int, int, int]], roles: Sequence[str]) -> str:
    return ", ".join(f"{roles[hi]}-{roles[lo]} {k}" for hi, lo, k in pairs)


def exchange_designs(rules: ClimbingRules) -> list[Exchange]:
    """The exchanges tried for the rules' players, in :data:`EXCHANGE_KEYS` order: none; the preset's pairs
    with the higher role giving its lowest cards, and choosing them; the top and bottom roles alone, 2 cards;
    each role with the one below, 1 card; graduated (the top and bottom 2, every other mirrored pair 1).

    >>> from bumtable.rules import get
    >>> [e.title for e in exchange_designs(as_climbing(get("bum-game", players=6)))][3:]
    ['Boss-Bum 2 only', 'each role with the one below, 1 card', 'graduated: Boss-Bum 2, Foreman-Worker 1, Supervisor-Middleman 1']
    """
    n, roles = rules.players, rules.roles
    preset = rules.exchange_pairs
    top = ((0, n - 1, 2),)
    chain = tuple((r, r + 1, 1) for r in range(n - 1))
    graduated = top + tuple((r, n - 1 - r, 1) for r in range(1, n // 2))
    return [
        Exchange("none", "no exchange", ()),
        Exchange("preset", f"the preset's: {_pair_words(preset, roles)}", preset),
        Exchange(
            "preset-choice",
            f"the preset's, the higher choosing: {_pair_words(preset, roles)}",
            preset,
            "choice",
        ),
        Exchange("boss-bum", f"{_pair_words(top, roles)} only", top),
        Exchange("pairs", "each role with the one below, 1 card", chain),
        Exchange("graduated", f"graduated: {_pair_words(graduated, roles)}", graduated),
    ]


def check(rules: Rules) -> None:
    climbing = as_climbing(rules)
    n = climbing.players
    if n < LEAST_PLAYERS:
        raise LabError(
            f"the design study needs {LEAST_PLAYERS} players or more, not {n}: with fewer the triggers' Worker "
            "and the role above are the top roles and only the Boss and the Bum can exchange"
        )
    if not any(r in climbing.rank_order for r in ("JK", "BJ", "RJ")):
        raise LabError(f"the design study deals Jokers, and {rules.system}'s rank order has none")
    if list(climbing.revolution_roles) == list(range(n)):
        raise LabError(
            f"a revolution in {rules.system} changes no roles: give a rotation, e.g. -o 'revolution_roles="
            f"{[*range(2, n), 0, 1]}'"
        )
    if climbing.points[0] <= climbing.points[-1]:
        raise LabError(
            f"the design study needs the first place to score more than the last: {climbing.points}"
        )


@lru_cache(maxsize=8)
def grid(rules: ClimbingRules, options: DesignOptions) -> tuple[Design, ...]:
    """The designs ``options`` choose for ``rules``: every trigger rule kept (its exact rate within the
    window of 10 %) with every exchange, an exchange that repeats an earlier one left out; a choice that
    leaves none, or a Joker count the study does not try, is a :class:`LabError`.

    >>> from bumtable.rules import get
    >>> six = as_climbing(get("bum-game", players=6))
    >>> [d.key for d in grid(six, DesignOptions(triggers=("bum2", "bum-worker2"), exchanges=("none", "pairs")))]
    ['bum2@3/none', 'bum2@3/pairs', 'bum-worker2@3/none', 'bum-worker2@3/pairs', 'bum2@4/none', 'bum2@4/pairs']
    """
    n = rules.players
    counts = (n // 2, n // 2 + 1)
    for name in options.triggers:
        _, at, jokers = name.partition("@")
        if at and int(jokers) not in counts:
            raise LabError(
                f"the design study tries {counts[0]} or {counts[1]} Jokers for {n} players, not {jokers} ({name})"
            )
    chosen = [t for t in trigger_rules(rules) if t.rule in options.triggers or t.key in options.triggers]
    low, high = AIM - options.window, AIM + options.window
    kept = [t for t in chosen if low - 1e-12 <= t.exact <= high + 1e-12]
    if not kept:
        near = min(chosen, key=lambda t: abs(t.exact - AIM), default=None)
        said = f" (the nearest: {near.words}, {near.jokers} Jokers, {pct(near.exact)} %)" if near else ""
        raise LabError(
            f"no trigger rule chosen has an exact rate within {pct(low)}-{pct(high)} % for {n} players{said}: "
            "widen -s window"
        )
    exchanges: list[Exchange] = []
    for e in exchange_designs(rules):
        same = any(
            (x.pairs, x.high_gives if x.pairs else "") == (e.pairs, e.high_gives if e.pairs else "")
            for x in exchanges
        )
        if e.key in options.exchanges and not same:
            exchanges.append(e)
    designs = []
    for t, e in itertools.product(kept, exchanges):
        try:
            played = rules.replace(
                jokers=t.jokers,
                revolution_triggers=t.triggers,
                exchange_cancel_triggers=(),
                exchange=e.exchange,
                exchange_pairs=e.pairs or rules.exchange_pairs,
                exchange_high_gives=e.high_gives,
            )
        except BumtableError as err:
            raise LabError(f"the design {t.key}/{e.key} makes rules {rules.system} refuses: {err}") from None
        designs.append(Design(t, e, played))
    return tuple(designs)


def play_design(rules: Rules, bots: tuple[str, ...], seed: int, count: int) -> Tally:
    """``count`` hands of matches under one design: revolutions, each role's points summed by match, and how
    roles (as played) pass from hand to hand within a match.

    >>> from bumtable.rules import get
    >>> tally = play_design(get("bum-game", players=4), ("random",) * 4, 1, 30)
    >>> tally["hands"], sum(map(sum, tally["transitions"])) == 4 * (tally["role_hands"] - tally["clusters"])
    (30, True)
    """
    n = rules.players
    tally: Tally = {
        "hands": 0,
        "role_hands": 0,
        "revolutions": 0,
        "points": [0] * n,
        "transitions": [[0] * n for _ in range(n)],
        **cluster_moments(n),
    }
    moves = tally["transitions"]
    done = 0
    for state, runner in matches(rules, bots, seed):
        sums, hands = [0] * n, 0
        before: tuple[int, ...] | None = None
        while done < count:
            played = runner.play(until=HAND_END)
            result = state.observe(None).last_result
            assert result is not None, "a hand just ended"
            done += 1
            tally["hands"] += 1
            roles = result.roles if result.with_roles else None
            if roles is not None:
                tally["role_hands"] += 1
                tally["revolutions"] += int(result.revolution)
                hands += 1
                for p in range(n):
                    sums[roles[p]] += result.points[p]
                    tally["points"][roles[p]] += result.points[p]
                    if before is not None:
                        moves[before[p]][roles[p]] += 1
            before = roles
            if played.end == OVER:
                break
        add_cluster(tally, sums, hands)
        if done >= count:
            return tally
    raise AssertionError("matches never end")


def play_chunk(
    rules: Rules,
    bots: tuple[str, ...],
    seed: int,
    count: int,
    *,
    window: float = WINDOW,
    triggers: tuple[str, ...] = RULE_KEYS,
    exchanges: tuple[str, ...] = EXCHANGE_KEYS,
) -> Tally:
    """``count`` hands of every design, each played from the same ``seed``: common deals."""
    options = DesignOptions(window=window, triggers=triggers, exchanges=exchanges)
    designs = grid(as_climbing(rules), options)
    return {"designs": {d.key: play_design(d.rules, bots, seed, count) for d in designs}}


def distance(*, rate: float, gaps: Sequence[float], step: float, climb: float) -> dict[str, float]:
    """How far a design lies from the targets, by term, and their ``total``: ``revolutions`` the rate's
    distance from 10 % in points of the band's half-width; ``order`` :data:`NOT_MONOTONE` for each gap at 0
    or below; ``size`` the mean gap (in places' points, ``step``) outside :data:`SPREAD`, in
    :data:`SPREAD_UNIT`; ``uneven`` the gaps' standard deviation over their mean (at most
    :data:`UNEVEN_MOST`); ``climb`` the Bum's share of hands leaving the bottom under :data:`CLIMB_LEAST`, in
    :data:`CLIMB_UNIT`.

    >>> distance(rate=0.10, gaps=[0.3, 0.3, 0.3], step=1.0, climb=0.6)["total"]
    0.0
    >>> {k: round(v, 3) for k, v in distance(rate=0.066, gaps=[0.9, -0.1, 0.7], step=1.0, climb=0.3).items()}
    {'revolutions': 3.4, 'order': 2.0, 'size': 0.0, 'uneven': 0.864, 'climb': 2.0, 'total': 8.264}
    """
    mean = statistics.fmean(gaps)
    size = mean / step
    terms = {
        "revolutions": abs(rate - AIM) / HALF_BAND,
        "order": NOT_MONOTONE * sum(1 for g in gaps if g <= 0),
        "size": max(0.0, SPREAD[0] - size, size - SPREAD[1]) / SPREAD_UNIT,
        "uneven": min(UNEVEN_MOST, statistics.pstdev(gaps) / mean) if mean > 0 else UNEVEN_MOST,
        "climb": max(0.0, CLIMB_LEAST - climb) / CLIMB_UNIT,
    }
    return {**terms, "total": sum(terms.values())}


def _finite(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _measure(design: Design, tally: Tally, seed: int) -> dict[str, Any]:
    """One design's figures from its tally: revolutions, role values and gaps, the Bum's climb, and the
    distance to the targets."""
    rules = design.rules
    n = rules.players
    names = rules.roles
    hands = tally["role_hands"]
    totals = tally["points"]

    def unit(i: int) -> list[float]:
        return [1.0 if j == i else 0.0 for j in range(n)]

    def between(i: int, j: int) -> dict[str, Any]:
        return contrast(tally, totals, hands, [a - b for a, b in zip(unit(i), unit(j), strict=True)])

    roles = []
    for r in range(n):
        c = contrast(tally, totals, hands, unit(r))
        roles.append({"role": names[r], "mean_points": c["mean"], "ci95": c["ci95"]})
    gaps = []
    for r in range(n - 1):
        c = between(r, r + 1)
        sure = c["ci95"] is not None and c["ci95"][0] > 0
        gaps.append(
            {
                "above": names[r],
                "below": names[r + 1],
                "gap": c["mean"],
                "ci95": c["ci95"],
                "surely_positive": sure,
            }
        )
    spread = between(0, n - 1)
    width = rules.points[0] - rules.points[-1]
    step = width / (n - 1)
    revolutions = tally["revolutions"]
    rate = revolutions / hands if hands else 0.0
    automatic = rules.revolution_declare == "automatic"
    counts: list[list[int]] = tally["transitions"]
    bum = n - 1
    from_bum = sum(counts[bum])
    left = from_bum - counts[bum][bum]
    climb = left / from_bum if from_bum else 0.0
    if from_bum:
        matrix = [[c / sum(row) if sum(row) else 0.0 for c in row] for row in counts]
        to_boss = _finite(passage_to_top(matrix)[bum])
        to_boss_ci = bootstrap(counts, seed)["passage"][bum]
    else:
        to_boss, to_boss_ci = None, [None, None]
    far = distance(
        rate=design.trigger.exact if automatic else rate,
        gaps=[g["gap"] for g in gaps],
        step=step,
        climb=climb,
    )
    return {
        "key": design.key,
        "name": design.name,
        "trigger": design.trigger.rule,
        "trigger_words": design.trigger.words,
        "jokers": design.trigger.jokers,
        "revolution_triggers": [list(t) for t in design.trigger.triggers],
        "exchange": design.exchange.key,
        "exchange_words": design.exchange.title,
        "exchange_pairs": [list(p) for p in design.exchange.pairs],
        "exchange_high_gives": design.exchange.high_gives,
        "hands": tally["hands"],
        "hands_with_roles": hands,
        "matches": tally["clusters"],
        "exact_rate": design.trigger.exact,
        "revolution_rate": rate,
        "revolution_ci95": list(wilson(revolutions, hands)),
        "revolutions": revolutions,
        "roles": roles,
        "gaps": gaps,
        "spread": {"gap": spread["mean"], "ci95": spread["ci95"], "share": spread["mean"] / width},
        "mean_gap_in_places": spread["mean"] / width,
        "monotone": all(g["gap"] > 0 for g in gaps),
        "surely_monotone": all(g["surely_positive"] for g in gaps),
        "bum_climbs": {"rate": climb, "ci95": list(wilson(left, from_bum)), "hands": from_bum},
        "bum_to_boss": to_boss,
        "bum_to_boss_ci95": to_boss_ci,
        "distance_rate": "exact" if automatic else "match play",
        "distance_terms": {k: v for k, v in far.items() if k != "total"},
        "distance": far["total"],
    }


def _span(ci: Sequence[float | None] | None, scale: float = 1.0, digits: int = 3) -> str:
    if ci is None or ci[0] is None or ci[1] is None:
        return ""
    return f"{round(ci[0] * scale, digits)}..{round(ci[1] * scale, digits)}"


def finish(tally: Tally, setup: Setup) -> LabResult:
    rules = as_climbing(setup.rules)
    options = setup.options
    assert isinstance(options, DesignOptions), "settled by the study"
    designs = grid(rules, options)
    measured = [_measure(d, tally["designs"][d.key], setup.seed) for d in designs]
    ranked = sorted(measured, key=lambda m: (m["distance"], m["key"]))
    for rank, m in enumerate(ranked, 1):
        m["rank"] = rank
    per_design = ranked[0]["hands"]
    tried = trigger_rules(rules)
    kept = {d.trigger.key for d in designs}
    figures: dict[str, Any] = {
        "hands_per_design": per_design,
        "hands": per_design * len(ranked),
        "design_count": len(ranked),
        "band": list(BAND),
        "aim": AIM,
        "window": options.window,
        "window_rates": [AIM - options.window, AIM + options.window],
        "triggers": [
            {
                "key": t.key,
                "rule": t.rule,
                "words": t.words,
                "jokers": t.jokers,
                "exact_rate": t.exact,
                "kept": t.key in kept,
            }
            for t in tried
        ],
        "exchanges": sorted({d.exchange.key for d in designs}, key=EXCHANGE_KEYS.index),
        "targets": {
            "not_monotone": NOT_MONOTONE,
            "mean_gap_in_places": list(SPREAD),
            "mean_gap_unit": SPREAD_UNIT,
            "uneven_most": UNEVEN_MOST,
            "bum_climbs_least": CLIMB_LEAST,
            "bum_climbs_unit": CLIMB_UNIT,
        },
        "best": ranked[0]["key"],
        "designs": ranked,
    }
    return setup.result(
        study="design",
        method=_method(rules, len(ranked)),
        units="hands",
        played=per_design,
        figures=figures,
        tables=tuple(_tables(ranked, rules)),
        plots=tuple(_plots(ranked, rules)),
        question=(
            f"Which revolution trigger and which card exchange for {rules.players} players come nearest the "
            "authors' aims: revolutions about 10 % of the time, each position a little worse than the one above, "
            "and a Bum who can climb?"
        ),
    )


def _monotone(m: dict[str, Any]) -> str:
    return "surely" if m["surely_monotone"] else "yes" if m["monotone"] else "no"


def _tables(ranked: list[dict[str, Any]], rules: ClimbingRules) -> list[Table]:
    ranking = Table(
        "Designs ranked by their distance to the targets",
        (
            "rank",
            "design",
            "trigger",
            "exchange",
            "exact %",
            "revolution %",
            "95 % interval",
            "spread",
            "monotone",
            "Bum climbs %",
            "distance",
        ),
        tuple(
            (
                m["rank"],
                m["key"],
                f"{m['trigger_words']}, {m['jokers']} Jokers",
                m["exchange_words"],
                pct(m["exact_rate"]),
                pct(m["revolution_rate"]),
                _span(m["revolution_ci95"], 100),
                round(m["spread"]["gap"], 3),
                _monotone(m),
                round(100 * m["bum_climbs"]["rate"], 1),
                round(m["distance"], 2),
            )
            for m in ranked
        ),
        note=(
            f"{ranked[0]['hands']:,} hands per design, every design on the same deals (the same deck: the same "
            f"Joker count). Spread: {rules.roles[0]} less {rules.roles[-1]} in points per hand; monotone: every "
            "role above the one below (surely: every gap's interval above 0); Bum climbs: hands after which the "
            "Bum is Bum no more. Distance: see the method."
        ),
    )
    tables = [ranking]
    for m in ranked[:BEST]:
        gaps = m["gaps"]
        terms = ", ".join(f"{k} {v:.2f}" for k, v in m["distance_terms"].items())
        climb = m["bum_climbs"]
        tables.append(
            Table(
                f"#{m['rank']} {m['key']}: {m['name']}",
                (
                    "role",
                    "mean points",
                    "95 % interval",
                    "gap to the next",
                    "95 % interval",
                    "above 0 for sure",
                ),
                tuple(
                    (
                        r["role"],
                        round(r["mean_points"], 3),
                        _span(r["ci95"]),
                        round(gaps[i]["gap"], 3) if i < len(gaps) else "",
                        _span(gaps[i]["ci95"]) if i < len(gaps) else "",
                        ("yes" if gaps[i]["surely_positive"] else "no") if i < len(gaps) else "",
                    )
                    for i, r in enumerate(m["roles"])
                ),
                note=(
                    f"Revolutions {pct(m['revolution_rate'])} % of hands in match play "
                    f"({_span(m['revolution_ci95'], 100)}), exact {pct(m['exact_rate'])} %. The Bum leaves the "
                    f"bottom after {100 * climb['rate']:.1f} % of hands ({_span(climb['ci95'], 100, 1)}) and "
                    f"becomes Boss in {'never' if m['bum_to_boss'] is None else round(m['bum_to_boss'], 2)} "
                    f"hands ({_span(m['bum_to_boss_ci95'], 1, 2)}). Distance {m['distance']:.2f}: {terms}."
                ),
            )
        )
    return tables


def _plots(ranked: list[dict[str, Any]], rules: ClimbingRules) -> list[Plot]:
    keys = tuple(m["key"] for m in ranked)
    width = rules.points[0] - rules.points[-1]

    def ends(values: list[Any], k: int, scale: float = 1.0) -> tuple[float, ...] | None:
        if any(v is None for v in values):
            return None
        return tuple(v[k] * scale for v in values)

    def spans(name: str, values: list[Any], scale: float = 1.0) -> tuple[dict[str, Any], dict[str, Any]]:
        low, high = ends(values, 0, scale), ends(values, 1, scale)
        return ({} if low is None else {name: low}), ({} if high is None else {name: high})

    rev_low, rev_high = spans("match play", [m["revolution_ci95"] for m in ranked])
    gap_low, gap_high = spans("mean gap", [m["spread"]["ci95"] for m in ranked], 1 / width)
    climb_low, climb_high = spans("Bum climbs", [m["bum_climbs"]["ci95"] for m in ranked])
    return [
        Plot(
            f"Revolutions per hand, best design first (band {BAND[0]:.0%}-{BAND[1]:.0%})",
            "bar",
            "design",
            "revolutions per hand",
            keys,
            {
                "match play": tuple(m["revolution_rate"] for m in ranked),
                "exact": tuple(m["exact_rate"] for m in ranked),
            },
            low=rev_low,
            high=rev_high,
            band=BAND,
        ),
        Plot(
            "Distance to the targets, best design first",
            "bar",
            "design",
            "distance",
            keys,
            {"distance": tuple(m["distance"] for m in ranked)},
        ),
        Plot(
            f"Mean gap between neighbouring roles in places' points (target {SPREAD[0]:g}-{SPREAD[1]:g})",
            "bar",
            "design",
            "mean gap / points of a place",
            keys,
            {"mean gap": tuple(m["mean_gap_in_places"] for m in ranked)},
            low=gap_low,
            high=gap_high,
            band=SPREAD,
        ),
        Plot(
            f"Hands after which the Bum is Bum no more (target {CLIMB_LEAST:.0%} or more)",
            "bar",
            "design",
            "share of the Bum's hands",
            keys,
            {"Bum climbs": tuple(m["bum_climbs"]["rate"] for m in ranked)},
            low=climb_low,
            high=climb_high,
            band=(CLIMB_LEAST, 1.0),
        ),
    ]


def _method(rules: ClimbingRules, designs: int) -> str:
    declared = (
        "Revolutions are optional here, so the distance uses the rate in match play. "
        if rules.revolution_declare == "optional"
        else ""
    )
    return (
        f"A grid of {designs} designs: trigger rules (the revolution study's candidates for {rules.players} "
        f"players with {rules.players // 2} or {rules.players // 2 + 1} Jokers, kept where the exact rate lies "
        "in the window around 10 %) times exchanges; everything else is the game's rules. Every design plays "
        "the same hands from the same chunk seeds: match i of a chunk has the same seed and the same bots' "
        "seeds in every design, and each hand is one shuffle, so designs with the same deck (Joker count) deal "
        "match i's hand k the same cards to the same roles; with another Joker count the deck, and so every "
        "deal, differs. Revolutions per hand in match play with Wilson's interval (each deal a fresh shuffle). "
        "Role values and the gaps between neighbouring roles: mean points per hand with cluster-robust t "
        "intervals, matches the clusters (as in the exchange study). The Bum's climb: the share of hands after "
        "which the Bum (as played) holds another role, with Wilson's interval, and the expected hands from Bum "
        "to Boss from the role transition matrix, with a Bayesian bootstrap interval (as in the roles study). "
        f"Distance = |rate - {AIM:.0%}| / {HALF_BAND:.0%} (the exact rate: in match play it is that rate's "
        f"estimate) + {NOT_MONOTONE:g} per gap at 0 or below + each {SPREAD_UNIT:g} of a place's points that "
        f"the mean gap lies outside {SPREAD[0]:g}-{SPREAD[1]:g} + the gaps' standard deviation over their mean "
        f"(at most {UNEVEN_MOST:g}) + each {CLIMB_UNIT:.0%} that the Bum's climb falls short of "
        f"{CLIMB_LEAST:.0%}; designs ranked by it. {declared}Chunks of hands are seeded from the seed and "
        f"their index alone (z = {Z95:.2f})."
    )


def check_setup(setup: Setup) -> None:
    """The options against the rules (a window that keeps no trigger, a Joker count not tried), before any
    work."""
    assert isinstance(setup.options, DesignOptions), "settled to the study's options"
    grid(as_climbing(setup.rules), setup.options)


def headline(result: LabResult) -> list[Metric]:
    """The best design's distance to the aims and its revolution rate (which design it is: ``figures["best"]``)."""
    best = result.figures["designs"][0]
    return [
        Metric.of("the best design's distance", best["distance"], None, "distance"),
        Metric.of("its revolutions per hand", best["revolution_rate"], best["revolution_ci95"], "rate"),
    ]


DESIGN = Study(
    name="design",
    title="Which revolution trigger and exchange",
    families=frozenset({"climbing"}),
    units="hands",
    play_chunk=play_chunk,
    finish=finish,
    check=check,
    chunk=200,
    default_count=1000,
    options=DesignOptions,
    check_setup=check_setup,
    headline=headline,
    sets=frozenset(
        {
            "jokers",
            "revolution_triggers",
            "exchange",
            "exchange_pairs",
            "exchange_high_gives",
            "exchange_cancel_triggers",
        }
    ),
)
