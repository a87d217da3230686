"""A study is data plus functions: which families it applies to, its own options, what it plays, a pure seeded
``play_chunk`` whose JSON-ready tallies merge, and ``finish``, which turns the merged tally into a
:class:`LabResult`.

>>> merge_counts({"hands": 2, "by": [1, 0], "kinds": {"a": 1}}, {"hands": 3, "by": [0, 2], "kinds": {"b": 1}})
{'hands': 5, 'by': [1, 2], 'kinds': {'a': 1, 'b': 1}}
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields, replace
from typing import Any, Literal, Self

from bumtable import __version__
from bumtable.errors import BumtableError, RulesError
from bumtable.lab.result import LabResult
from bumtable.rules import Rules, family_of

Tally = dict[str, Any]
"""What a chunk found: JSON-ready counts (numbers, lists and objects of them) that add up across chunks."""

Units = Literal["hands", "matches"]
Engine = Literal["reference", "fast"]
"""What plays a study: the rules layer (every game), or the compiled engine (``bumtable.fast``)."""
ENGINES: tuple[Engine, ...] = ("reference", "fast")


class LabError(BumtableError):
    """Bad input for a study (unknown, not for this game, an impossible option), told before any work."""


OptionValue = str | int | float | bool | tuple[str, ...]
"""What a study option holds: a word, a number, yes or no, or a list of words."""

_TRUE, _FALSE = ("true", "yes", "on", "1"), ("false", "no", "off", "0")


@dataclass(frozen=True)
class StudyOptions:
    """A study's own options (``-s NAME=VALUE``): a study subclasses this with frozen fields of
    :data:`OptionValue` types, each with a default and ``metadata={"help": ...}``; this base holds none.

    >>> StudyOptions.read([], study="revolution").to_dict()
    {}
    """

    def __post_init__(self) -> None:
        """Check the values (a subclass raises a :class:`LabError` for one it cannot use)."""

    def arguments(self) -> dict[str, OptionValue]:
        """Every option by name: the keyword arguments of the study's ``play_chunk``."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_dict(self) -> dict[str, Any]:
        """Every option by name, as JSON reads it back (lists for tuples)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def describe(cls) -> list[str]:
        """Each option as ``NAME=DEFAULT: what it sets``, for the command's help and errors."""
        return [
            f"{f.name}={_text(f.default)}: {f.metadata.get('help', '')}".rstrip(": ") for f in fields(cls)
        ]

    def from_command(
        self,
        *,
        study: str,
        axis: str | None,
        variants: Sequence[str] = (),
        options: Sequence[str] = (),
        bots: Sequence[str] = (),
    ) -> Self:
        """These options with what the command line gives beyond ``-s``: the values ``axis`` (``NAME=a,b,c``)
        and the ``-v``, ``-o`` and ``--bots`` words the rules and bots were made from. A study that takes no
        axis refuses one (:class:`LabError`) and keeps none of it.

        >>> StudyOptions().from_command(study="roles", axis=None, variants=["one-hour"]).to_dict()
        {}
        """
        if axis is not None:
            raise LabError(f"the {study} study takes no values NAME=a,b,c (sweep does): leave out {axis!r}")
        return self

    @classmethod
    def read(cls, words: Sequence[str], *, study: str) -> Self:
        """The options ``NAME=VALUE`` of ``words`` over the defaults; an unknown name or a bad value is a
        :class:`LabError`."""
        known = {f.name: f for f in fields(cls)}
        hints = typing.get_type_hints(cls)
        values: dict[str, OptionValue] = {}
        for word in words:
            name, sep, text = word.partition("=")
            name = name.strip().lower().replace("-", "_")
            if not sep or not name:
                raise LabError(f"a study option is NAME=VALUE, not {word!r}")
            if name not in known:
                takes = f"its options: {', '.join(sorted(known))}" if known else "it takes none"
                raise LabError(f"the {study} study has no option {name!r}; {takes}")
            values[name] = _parse(text.strip(), hints[name], name)
        return cls(**values)


def _text(value: Any) -> str:
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


def _plain(value: OptionValue) -> Any:
    return list(value) if isinstance(value, tuple) else value


def _parse(text: str, kind: Any, name: str) -> OptionValue:
    """``text`` read as the option's type (a list of words is comma-separated)."""
    if kind == tuple[str, ...]:
        return tuple(w.strip().lower() for w in text.split(",") if w.strip())
    if kind is bool:
        if text.lower() not in _TRUE + _FALSE:
            raise LabError(f"the study option {name} is true or false, not {text!r}")
        return text.lower() in _TRUE
    if kind is int or kind is float:
        try:
            number: int | float = kind(text)
        except ValueError:
            raise LabError(f"the study option {name} is a number, not {text!r}") from None
        return number
    return text


@dataclass(frozen=True, kw_only=True)
class Setup:
    """What a study runs on: the rules, the bot kind at each seat, the seed, the study's options (its
    defaults unless given) and the command that asked."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int
    options: StudyOptions = field(default_factory=StudyOptions)
    command: str = ""
    engine: Engine = "reference"

    def result(self, **found: Any) -> LabResult:
        """A study's :class:`LabResult` from what it ``found``, with this setup's game, players, command, seed
        and the version filled in."""
        return LabResult(
            game=self.rules.system,
            players=self.rules.players,
            command=self.command,
            seed=self.seed,
            version=__version__,
            **found,
        )


def merge_counts(a: Tally, b: Tally) -> Tally:
    """``a`` and ``b`` added: numbers summed, lists entry by entry, objects key by key (a new tally)."""
    out: Tally = {}
    for key in {**a, **b}:
        out[key] = _add(a[key], b[key]) if key in a and key in b else (a[key] if key in a else b[key])
    return out


def _add(x: Any, y: Any) -> Any:
    if isinstance(x, dict) and isinstance(y, dict):
        return merge_counts(x, y)
    if isinstance(x, list) and isinstance(y, list):
        if len(x) != len(y):
            raise ValueError(f"tallies of lists of {len(x)} and {len(y)} entries do not add up")
        return [_add(p, q) for p, q in zip(x, y, strict=True)]
    if isinstance(x, bool) or isinstance(y, bool) or not isinstance(x, int | float):
        raise ValueError(f"a tally holds counts, not {x!r}")
    return x + y


@dataclass(frozen=True)
class Metric:
    """One headline figure of a result: its name, value (None where none could be found), 95 % interval where
    the study gives one, and what it counts (a sweep plots the metrics of one unit together).

    >>> Metric.of("Bum to Boss", 6.9, [6.8, None], "hands").to_dict()
    {'name': 'Bum to Boss', 'value': 6.9, 'ci95': None, 'unit': 'hands'}
    """

    name: str
    value: float | None
    ci95: tuple[float, float] | None = None
    unit: str = ""

    @classmethod
    def of(cls, name: str, value: Any, ci95: Sequence[Any] | None, unit: str) -> Metric:
        """A metric from a study's figures: an interval with an end unknown (None) counts as none."""
        ends = None if ci95 is None or any(x is None for x in ci95) else (float(ci95[0]), float(ci95[1]))
        return cls(name, None if value is None else float(value), ends, unit)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "value": self.value,
            "ci95": None if self.ci95 is None else list(self.ci95),
            "unit": self.unit,
        }


def _no_check(rules: Rules) -> None:
    """Every rules of the study's families will do."""


def _no_setup_check(setup: Setup) -> None:
    """Every setup whose rules the study applies to will do."""


def no_headline(result: LabResult) -> list[Metric]:
    """A study that names no headline figures."""
    return []


@dataclass(frozen=True, kw_only=True)
class Study:
    """A study: ``play_chunk(rules, bots, seed, count, **options)`` plays ``count`` units seeded by ``seed``
    alone and tallies them, given the study's options by name (none for a study without); tallies ``merge``;
    ``finish(tally, setup)`` makes the result. ``check`` raises a :class:`LabError` for rules the study cannot
    use, before any work."""

    name: str
    title: str
    families: frozenset[str]
    """The registry's families it applies to (``climbing``, ``gin-bummy``, ``boojum``)."""
    units: Units
    play_chunk: Callable[..., Tally]
    """``(rules, bots, seed, count, **options)``: keyword arguments named as the fields of ``options``."""
    finish: Callable[[Tally, Setup], LabResult]
    merge: Callable[[Tally, Tally], Tally] = merge_counts
    check: Callable[[Rules], None] = _no_check
    chunk: int = 200
    """Units per chunk: each chunk is seeded on its own, so the results are the same for any ``--jobs``."""
    default_count: int = 2000
    options: type[StudyOptions] = StudyOptions
    """The class of the study's own options (the base: none)."""
    headline: Callable[[LabResult], list[Metric]] = no_headline
    """The few figures that answer the study's question, each with its interval: what a sweep compares."""
    check_setup: Callable[[Setup], None] = _no_setup_check
    """Raise a :class:`LabError` for a setup whose options cannot run on its rules and bots, before any work."""
    counted_by: Callable[[StudyOptions], Study] | None = None
    """The study whose units, chunk and default count this one plays by, given its options (None: its own)."""
    sets: frozenset[str] = frozenset()
    """The rules options the study sets itself whatever the rules say (a sweep of one would change nothing)."""
    play_fast: Callable[..., Tally] | None = None
    """``play_chunk`` on the compiled engine (``--engine fast``), where the study has one."""
    fast_chunk: int = 20_000
    """Units per chunk on the compiled engine, which plays a chunk's hands in batches."""

    def counted(self, options: StudyOptions) -> Study:
        """The study whose ``units``, ``chunk`` and ``default_count`` a run of this one with ``options`` uses."""
        return self if self.counted_by is None else self.counted_by(options)

    def ready(self, setup: Setup) -> Setup:
        """``setup`` with this study's options, checked: the study applies to its rules and its options to the
        whole setup, else a :class:`LabError`, before any work."""
        self.applies(setup.rules)
        setup = self.settle(setup)
        self.check_setup(setup)
        if setup.engine == "fast":
            self.check_fast(setup)
        return setup

    def check_fast(self, setup: Setup) -> None:
        """Raise a :class:`LabError` unless the compiled engine plays this study on ``setup``: numba
        installed, the study, its rules and its bots covered."""
        if self.play_fast is None:
            raise LabError(
                f"the {self.name} study plays on the reference engine only: leave out --engine fast"
            )
        from bumtable.sim.fast_hands import FastEngineError, check_bots, check_rules, fast_engine

        try:
            fast_engine()
            check_bots(setup.bots)
            check_rules(setup.rules)
        except (FastEngineError, RulesError) as e:
            raise LabError(str(e)) from None

    def chunk_for(self, setup: Setup) -> int:
        """Units per chunk on ``setup``'s engine, with its options."""
        counted = self.counted(setup.options)
        return counted.fast_chunk if setup.engine == "fast" else counted.chunk

    def settle(self, setup: Setup) -> Setup:
        """``setup`` with this study's options: its defaults where it holds none, a :class:`LabError` where
        it holds another study's."""
        if isinstance(setup.options, self.options):
            return setup
        if type(setup.options) is StudyOptions:
            return replace(setup, options=self.options())
        raise LabError(
            f"the {self.name} study takes {self.options.__name__}, not {type(setup.options).__name__}"
        )

    def applies(self, rules: Rules) -> None:
        """Raise a :class:`LabError` unless the study can be run on ``rules``."""
        family = family_of(rules).name
        if family not in self.families:
            kinds = " and ".join(sorted(self.families))
            raise LabError(f"the {self.name} study is for the {kinds} games, and {rules.system} is not one")
        self.check(rules)
