"""Bounds on option values beyond their type, checked whenever rules are made, so no face can build what a
table cannot hold. A field narrows :data:`TYPE_BOUNDS` with ``Annotated[int, Bounds(lo=0, hi=16)]``.

>>> Bounds(most=16, lo=0, hi=3).problem((0, 5)), Bounds(most=16, lo=0, hi=3).words(listed=True)
('each from 0 to 3', 'at most 16 entries, each from 0 to 3')
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class Bounds:
    """Numbers from ``lo`` to ``hi``, lists of ``most`` entries, texts of ``chars`` at most (None: any)."""

    lo: int | None = None
    hi: int | None = None
    most: int | None = None
    chars: int | None = None

    def merge(self, tighter: Bounds) -> Bounds:
        """These bounds with those ``tighter`` sets replacing them."""
        return replace(
            self, **{f.name: v for f in fields(tighter) if (v := getattr(tighter, f.name)) is not None}
        )

    def problem(self, value: Any) -> str | None:
        """What ``value`` breaks, in words (None when it is within bounds); its type is checked elsewhere."""
        if isinstance(value, tuple | list):
            if self.most is not None and len(value) > self.most:
                return f"a list of at most {self.most} entries"
            for item in _leaves(value):
                inner = self._leaf_problem(item)
                if inner is not None:
                    return "each " + inner
            return None
        return self._leaf_problem(value)

    def _leaf_problem(self, value: Any) -> str | None:
        if isinstance(value, bool):
            return None
        if isinstance(value, int | float):
            if (self.lo is not None and value < self.lo) or (self.hi is not None and value > self.hi):
                return self._range_words()
        elif isinstance(value, str) and self.chars is not None and len(value) > self.chars:
            return f"text at most {self.chars} characters"
        return None

    def _range_words(self) -> str:
        if self.lo is not None and self.hi is not None:
            return f"from {self.lo} to {self.hi}"
        return f"at least {self.lo}" if self.lo is not None else f"at most {self.hi}"

    def words(self, *, listed: bool = False) -> str:
        """The bounds in words, as a form shows them next to an option (``listed``: a list's)."""
        parts = [f"at most {self.most} entries"] if listed and self.most is not None else []
        if self.lo is not None or self.hi is not None:
            parts.append(("each " if parts else "") + self._range_words())
        return ", ".join(parts)


TYPE_BOUNDS = Bounds(lo=-1_000_000, hi=1_000_000, most=64, chars=64)
"""The bounds every option has from its type alone: within what JSON, a browser and a table's frames carry."""


def _leaves(value: Any) -> list[Any]:
    out: list[Any] = []
    for item in value:
        out.extend(_leaves(item) if isinstance(item, tuple | list) else (item,))
    return out
