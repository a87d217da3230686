"""A study is data plus functions: which families it applies to, what it plays, a pure seeded ``play_chunk``
whose JSON-ready tallies merge, and ``finish``, which turns the merged tally into a :class:`LabResult`.

>>> merge_counts({"hands": 2, "by": [1, 0], "kinds": {"a": 1}}, {"hands": 3, "by": [0, 2], "kinds": {"b": 1}})
{'hands': 5, 'by': [1, 2], 'kinds': {'a': 1, 'b': 1}}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from bumtable.errors import BumtableError
from bumtable.lab.result import LabResult
from bumtable.rules import Rules, family_of

Tally = dict[str, Any]
"""What a chunk found: JSON-ready counts (numbers, lists and objects of them) that add up across chunks."""

Units = Literal["hands", "matches"]


class LabError(BumtableError):
    """Bad input for a study (unknown, not for this game, an impossible option), told before any work."""


@dataclass(frozen=True, kw_only=True)
class Setup:
    """What a study runs on: the rules, the bot kind at each seat, the seed, and the command that asked."""

    rules: Rules
    bots: tuple[str, ...]
    seed: int
    command: str = ""


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


def _no_check(rules: Rules) -> None:
    """Every rules of the study's families will do."""


@dataclass(frozen=True, kw_only=True)
class Study:
    """A study: ``play_chunk(rules, bots, seed, count)`` plays ``count`` units seeded by ``seed`` alone and
    tallies them; tallies ``merge``; ``finish(tally, setup)`` makes the result. ``check`` raises a
    :class:`LabError` for rules the study cannot use, before any work."""

    name: str
    title: str
    families: frozenset[str]
    """The registry's families it applies to (``climbing``, ``gin-bummy``, ``boojum``)."""
    units: Units
    play_chunk: Callable[[Rules, tuple[str, ...], int, int], Tally]
    finish: Callable[[Tally, Setup], LabResult]
    merge: Callable[[Tally, Tally], Tally] = merge_counts
    check: Callable[[Rules], None] = _no_check
    chunk: int = 200
    """Units per chunk: each chunk is seeded on its own, so the results are the same for any ``--jobs``."""
    default_count: int = 2000

    def applies(self, rules: Rules) -> None:
        """Raise a :class:`LabError` unless the study can be run on ``rules``."""
        family = family_of(rules).name
        if family not in self.families:
            kinds = " and ".join(sorted(self.families))
            raise LabError(f"the {self.name} study is for the {kinds} games, and {rules.system} is not one")
        self.check(rules)
