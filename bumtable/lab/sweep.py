"""The ``sweep`` study: another study's headline figures as one rules option, the variant, the player count or
the bots take several values. Every value is played from the same chunk seeds (common random numbers), so
where the deck is the same the values meet the same deals, and what differs between them is the rules'.

>>> from bumtable.rules import get
>>> from bumtable.lab.run import run_study
>>> options = SweepOptions(study="revolution", vary="jokers=2,3")
>>> setup = Setup(rules=get("bum-game"), bots=("random",) * 4, seed=1, options=options)
>>> result = run_study(SWEEP, setup, count=20)
>>> result.figures["values"], [len(r["headline"]) for r in result.figures["results"]]
(['2', '3'], [2, 2])
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Self

from bumtable.bots import check_bot
from bumtable.errors import BumtableError
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.lab.study import LabError, Metric, Setup, Study, StudyOptions, Tally, no_headline
from bumtable.rules import Rules, family_of, get
from bumtable.rules.changes import changed, option_value, read_changes

AXES = ("players", "variant", "bots")
"""What a sweep may vary besides any rules option (``-o NAME=VALUE``)."""
NO_VARIANT = "none"
"""The value of the ``variant`` axis that plays the game without a variant."""
_COMMAND_SET = ("vary", "settings", "variants", "changes", "kinds")
"""Options the command fills in from its other arguments, not from ``-s``."""
_OPEN, _CLOSE = "[({", "])}"
NEEDS_VALUES = (
    "the sweep study needs the values it compares as its last argument, NAME=a,b,c "
    "(e.g. bumtable lab sweep bum-game jokers=2,3)"
)


def _inner(name: str) -> Study:
    from bumtable.lab.studies import study  # the registry lists this study: looked up when used

    return study(name)


@dataclass(frozen=True)
class SweepOptions(StudyOptions):
    """The ``sweep`` study's options: the study swept and its own options, the values (``NAME=a,b,c``), and
    the ``-v``, ``-o`` and ``--bots`` words the rules were made from (a player count or a variant remakes
    them)."""

    study: str = field(default="exchange", metadata={"help": "the study whose headline figures are compared"})
    vary: str = field(default="", metadata={"help": "the values compared, NAME=a,b,c (the last argument)"})
    settings: tuple[str, ...] = field(default=(), metadata={"help": "the swept study's options"})
    variants: tuple[str, ...] = field(default=(), metadata={"help": "the variants (-v)"})
    changes: tuple[str, ...] = field(default=(), metadata={"help": "the rules options (-o)"})
    kinds: tuple[str, ...] = field(default=(), metadata={"help": "the bot kinds (--bots)"})

    def __post_init__(self) -> None:
        name = self.study.strip().lower()
        object.__setattr__(self, "study", name)
        if name == "sweep":
            raise LabError("a sweep compares another study's figures: -s study=NAME names it, not sweep")
        inner = _inner(name)
        if inner.headline is no_headline:
            raise LabError(f"the {name} study names no headline figures for a sweep to compare")
        try:
            inner.options.read(self.settings, study=name)
        except LabError as e:
            raise LabError(f"{e} (a sweep's -s sets study=NAME and that study's own options)") from None
        if self.vary:
            read_axis(self.vary)

    @classmethod
    def describe(cls) -> list[str]:
        return ["study=exchange: the study whose headline figures are compared (and its own options)"]

    @classmethod
    def read(cls, words: Sequence[str], *, study: str) -> Self:
        """``study=NAME`` for the sweep, every other ``NAME=VALUE`` for the study it sweeps."""
        own: list[str] = []
        inner: list[str] = []
        for word in words:
            name = word.partition("=")[0].strip().lower().replace("-", "_")
            if name in _COMMAND_SET:
                raise LabError(
                    f"the sweep's {name} is not a -s option: the values go last (NAME=a,b,c), -v, -o "
                    "and --bots as in any study"
                )
            (own if name == "study" else inner).append(word)
        return replace(super().read(own, study=study), settings=tuple(inner))

    def from_command(
        self,
        *,
        study: str,
        axis: str | None,
        variants: Sequence[str] = (),
        options: Sequence[str] = (),
        bots: Sequence[str] = (),
    ) -> Self:
        if axis is None:
            raise LabError(NEEDS_VALUES)
        return replace(self, vary=axis, variants=tuple(variants), changes=tuple(options), kinds=tuple(bots))

    def inner(self) -> Study:
        """The study swept."""
        return _inner(self.study)

    def inner_options(self) -> StudyOptions:
        """The swept study's own options."""
        return self.inner().options.read(self.settings, study=self.study)


def split_values(text: str) -> list[str]:
    """``text`` cut at each comma outside brackets: ``[[3,2]],[[3,2],[2,3]]`` is two values.

    >>> split_values("[[3,2]],[[3,2],[2,3]]"), split_values("2, 3")
    (['[[3,2]]', '[[3,2],[2,3]]'], ['2', '3'])
    """
    values, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in _OPEN:
            depth += 1
        elif c in _CLOSE:
            depth = max(depth - 1, 0)
        elif c == "," and depth == 0:
            values.append(text[start:i].strip())
            start = i + 1
    values.append(text[start:].strip())
    return values


@dataclass(frozen=True)
class Axis:
    """What a sweep varies and the values it takes, as typed."""

    name: str
    values: tuple[str, ...]


def read_axis(text: str) -> Axis:
    """``NAME=a,b,c`` read: two values or more, none empty; else a :class:`LabError`.

    >>> read_axis("revolution-triggers=[[3,2]],[[2,2]]")
    Axis(name='revolution_triggers', values=('[[3,2]]', '[[2,2]]'))
    """
    name, sep, rest = text.partition("=")
    name = name.strip().lower().replace("-", "_")
    if not sep or not name:
        raise LabError(f"a sweep's values are NAME=a,b,c (e.g. jokers=2,3), not {text!r}")
    values = split_values(rest)
    if "" in values:
        raise LabError(f"{text!r} has an empty value: name one between each pair of commas")
    if len(values) < 2:
        raise LabError(f"a sweep compares two values or more (e.g. {name}=a,b), not {len(values)}: {text!r}")
    return Axis(name, tuple(values))


@dataclass(frozen=True)
class Point:
    """One value of a sweep: its rules and the bot kind at each seat."""

    value: str
    rules: Rules
    bots: tuple[str, ...]


def points(rules: Rules, bots: tuple[str, ...], options: SweepOptions) -> list[Point]:
    """Each value's rules and bots, made from the command's ``rules`` and ``bots``: a rules option changed as
    ``-o`` changes it, a variant (``none``: none) or a player count remade with the same ``-v``/``-o``, a bot
    kind at every seat. An unknown name, or a value the rules or bots refuse, is a :class:`LabError`.

    >>> from bumtable.rules import get
    >>> [(p.value, p.rules.players, p.bots) for p in points(get("bum-game"), ("random",) * 4,
    ...     SweepOptions(vary="players=3,5", kinds=("random", "easy")))]
    [('3', 3, ('random', 'easy', 'random')), ('5', 5, ('random', 'easy', 'random', 'easy', 'random'))]
    """
    axis = read_axis(options.vary)
    names = sorted(set(rules.to_dict()) - {"system", "players"})
    if axis.name not in AXES and axis.name not in names:
        raise LabError(
            f"a sweep of {rules.system} varies {', '.join(AXES)} or a rules option "
            f"({', '.join(names)}), not {axis.name!r}"
        )
    made = []
    for value in axis.values:
        try:
            made.append(Point(value, *_point(rules, bots, axis.name, value, options)))
        except BumtableError as e:
            raise LabError(f"{axis.name}={value}: {e}") from None
    return made


def _point(
    rules: Rules, bots: tuple[str, ...], name: str, value: str, options: SweepOptions
) -> tuple[Rules, tuple[str, ...]]:
    if name == "bots":
        return rules, (check_bot(value.lower()),) * rules.players
    if name == "players":
        n = option_value(value)
        if not isinstance(n, int) or isinstance(n, bool):
            raise LabError(f"a player count is a whole number, not {value!r}")
        made = changed(get(rules.system, players=n, variants=options.variants), read_changes(options.changes))
        kinds = options.kinds or bots
        return made, tuple(kinds[i % len(kinds)] for i in range(n))
    if name == "variant":
        variants = () if value.lower() == NO_VARIANT else (value,)
        made = get(rules.system, players=rules.players, variants=variants)
        return changed(made, read_changes(options.changes)), bots
    return changed(rules, {name: option_value(value)}), bots


def _key(point: Point) -> str:
    return json.dumps([point.rules.to_dict(), point.bots])


def check_setup(setup: Setup) -> None:
    """Refuse, before any work, a sweep without values, one whose values make rules or bots that cannot be
    played or that the swept study does not apply to, and one whose values do not all differ."""
    options = setup.options
    assert isinstance(options, SweepOptions), "run_study settles the options"
    if not options.vary:
        raise LabError(NEEDS_VALUES)
    inner = options.inner()
    if family_of(setup.rules).name not in inner.families:
        inner.applies(setup.rules)
    axis = read_axis(options.vary)
    if axis.name in inner.sets:
        raise LabError(f"the {inner.name} study sets {axis.name} itself: a sweep of it would change nothing")
    if axis.name == "variant" and options.variants:
        raise LabError(
            "the variant values stand in for -v: give the variants to compare as values, without -v "
            f"{' '.join(options.variants)}"
        )
    made = points(setup.rules, setup.bots, options)
    inner_options = options.inner_options()
    for p in made:
        try:
            inner.ready(Setup(rules=p.rules, bots=p.bots, seed=setup.seed, options=inner_options))
        except LabError as e:
            raise LabError(f"{axis.name}={p.value}: {e}") from None
    keys = [_key(p) for p in made]
    if len(set(keys)) == 1:
        raise LabError(
            f"a sweep that changes nothing: every value of {axis.name} gives the same rules and bots"
        )
    for i, k in enumerate(keys):
        if k in keys[:i]:
            first = made[keys.index(k)].value
            raise LabError(
                f"{axis.name}={first} and {axis.name}={made[i].value} give the same rules and bots: give each once"
            )


def play_chunk(
    rules: Rules,
    bots: tuple[str, ...],
    seed: int,
    count: int,
    *,
    study: str = "exchange",
    vary: str = "",
    settings: tuple[str, ...] = (),
    variants: tuple[str, ...] = (),
    changes: tuple[str, ...] = (),
    kinds: tuple[str, ...] = (),
) -> Tally:
    """The swept study's chunk for each value, every one from the same ``seed``: one tally per value."""
    options = SweepOptions(
        study=study, vary=vary, settings=settings, variants=variants, changes=changes, kinds=kinds
    )
    inner = options.inner()
    arguments = options.inner_options().arguments()
    return {
        "study": inner.name,
        "values": [
            inner.play_chunk(p.rules, p.bots, seed, count, **arguments) for p in points(rules, bots, options)
        ],
    }


def merge(a: Tally, b: Tally) -> Tally:
    """Two sweeps' tallies, each value's merged by the swept study's ``merge``."""
    if a["study"] != b["study"]:
        raise ValueError(f"tallies of the {a['study']} and {b['study']} studies do not add up")
    inner = _inner(a["study"])
    return {
        "study": a["study"],
        "values": [inner.merge(x, y) for x, y in zip(a["values"], b["values"], strict=True)],
    }


def _counted(options: StudyOptions) -> Study:
    return options.inner() if isinstance(options, SweepOptions) else _inner(SweepOptions.study)


def _sig(x: float | None) -> float | None:
    return None if x is None else round(x, 3)


def _interval(m: Metric | None) -> str:
    return "" if m is None or m.ci95 is None else f"{m.ci95[0]:.3f}..{m.ci95[1]:.3f}"


def _changes(base: Rules, rules: Rules) -> dict[str, Any]:
    """The options ``rules`` sets otherwise than ``base``, JSON-ready."""
    was, now = json.loads(json.dumps(base.to_dict())), json.loads(json.dumps(rules.to_dict()))
    return {k: v for k, v in now.items() if was.get(k) != v}


def _changes_text(found: dict[str, Any]) -> str:
    if len(found) > 4:
        return ", ".join(found)
    return ", ".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in found.items())


def _line_up(bots: tuple[str, ...]) -> str:
    """The bots by seat, one kind named once when every seat has it."""
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def _plots(axis: Axis, metrics: list[dict[str, Metric]], names: list[str], inner: str) -> list[Plot]:
    """One plot per unit: each metric of that unit that every value has, against the values."""
    numbers = [option_value(v) for v in axis.values]
    numeric = all(isinstance(x, int | float) and not isinstance(x, bool) for x in numbers)
    units: dict[str, list[str]] = {}
    for name in names:
        found = [m.get(name) for m in metrics]
        if all(m is not None and m.value is not None for m in found):
            units.setdefault(next(m.unit for m in found if m is not None), []).append(name)
    plots = []
    for unit, series in units.items():
        rows = {name: [m[name] for m in metrics] for name in series}
        bounded = [name for name in series if all(m.ci95 is not None for m in rows[name])]
        plots.append(
            Plot(
                f"{inner}: {unit} by {axis.name} (95 % intervals)",
                "line" if numeric else "bar",
                axis.name,
                unit,
                tuple(numbers) if numeric else axis.values,
                {name: tuple(float(m.value or 0.0) for m in rows[name]) for name in series},
                low={name: tuple(m.ci95[0] for m in rows[name] if m.ci95) for name in bounded},
                high={name: tuple(m.ci95[1] for m in rows[name] if m.ci95) for name in bounded},
            )
        )
    return plots


def finish(tally: Tally, setup: Setup) -> LabResult:
    options = setup.options
    assert isinstance(options, SweepOptions), "run_study settles the options"
    inner, inner_options = options.inner(), options.inner_options()
    axis = read_axis(options.vary)
    made = points(setup.rules, setup.bots, options)
    results = [
        inner.finish(
            t,
            Setup(rules=p.rules, bots=p.bots, seed=setup.seed, options=inner_options, command=setup.command),
        )
        for p, t in zip(made, tally["values"], strict=True)
    ]
    headlines = [inner.headline(r) for r in results]
    names = list(dict.fromkeys(m.name for found in headlines for m in found))
    metrics = [{m.name: m for m in found} for found in headlines]
    rows = []
    for p, found in zip(made, metrics, strict=True):
        cells: list[Any] = [p.value]
        for name in names:
            m = found.get(name)
            cells += [_sig(None if m is None else m.value), _interval(m)]
        rows.append(tuple(cells))
    columns = (axis.name, *(c for name in names for c in (name, "95 % interval")))
    played = results[0].played
    tables = (
        Table(
            f"The {inner.name} study's headline figures by {axis.name}",
            columns,
            tuple(rows),
            note=(
                f"Every value played {played:,} {results[0].units} from the same seeds; the figures for each "
                "value are those the study gives run alone on that value's rules and bots."
            ),
        ),
        Table(
            f"What each value of {axis.name} plays",
            (axis.name, "players", "bots", "rules options changed"),
            tuple(
                (p.value, p.rules.players, _line_up(p.bots), _changes_text(_changes(setup.rules, p.rules)))
                for p in made
            ),
            note="Rules options changed: those set otherwise than the command's rules.",
        ),
    )
    figures: dict[str, Any] = {
        "study": inner.name,
        "axis": axis.name,
        "values": list(axis.values),
        "headline": names,
        "results": [
            {
                "value": p.value,
                "players": p.rules.players,
                "bots": list(p.bots),
                "changes": _changes(setup.rules, p.rules),
                "played": r.played,
                "headline": [m.to_dict() for m in found],
                "figures": r.figures,
            }
            for p, r, found in zip(made, results, headlines, strict=True)
        ],
    }
    method = (
        f"The {inner.name} study played once for each value of {axis.name}, every value from the same chunk "
        "seeds (common random numbers): where the deck is the same, the values meet the same deals and the "
        "bots the same seeds, so a difference between values is the rules' more than the luck of the deal "
        "(where a value changes the deck or the players, the seeds are the same and the deals differ). Each "
        "value's figures are exactly those of the study run alone on its rules, bots and seed, intervals "
        f"included. The {inner.name} study: {results[0].method}"
    )
    return setup.result(
        study="sweep",
        method=method,
        units=results[0].units,
        played=played,
        figures=figures,
        tables=tables,
        plots=tuple(_plots(axis, metrics, names, inner.name)),
        question=(
            f"How do the {inner.name} study's figures change as {axis.name} takes the values "
            f"{', '.join(axis.values)}?"
        ),
    )


SWEEP = Study(
    name="sweep",
    title="One option, several values",
    families=frozenset({"climbing", "gin-bummy", "boojum"}),
    units="hands",
    play_chunk=play_chunk,
    finish=finish,
    merge=merge,
    options=SweepOptions,
    check_setup=check_setup,
    counted_by=_counted,
)
"""Its units, chunk and default count are the swept study's (``counted_by``)."""
