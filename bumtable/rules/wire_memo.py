"""Wire-form parts that every viewer's observation shares (the trick, the cards played), made once per memo.

One memo per moment of a game (the server: per table, new after each action); a shared part is in several
dicts: never change one.

>>> memo: WireMemo = {}
>>> first = shared(memo, "played", ((0, (5, 6)),), lambda v: [list(cards) for _, cards in v])
>>> first, shared(memo, "played", ((0, (5, 6)),), lambda v: []) is first
([[5, 6]], True)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

WireMemo = dict[Hashable, Any]  # wire forms by (part name, value)

V = TypeVar("V", bound=Hashable)
R = TypeVar("R")


def shared(memo: WireMemo | None, part: str, value: V, make: Callable[[V], R]) -> R:
    """``make(value)``, made once per memo for equal values of one part (``memo`` None: every time)."""
    if memo is None:
        return make(value)
    key = (part, value)
    got = memo.get(key)
    if got is None:
        got = memo[key] = make(value)
    return cast(R, got)
