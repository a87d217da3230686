"""Parts of many observations' wire forms made once and shared, for a caller that writes them all at one moment.

The table server writes every viewer's observation after each action, and most of each is public and equal for
every viewer: the cards played this hand, the trick, the last hand's result. An observation's ``to_dict(memo)``
looks such a part up in ``memo`` by its value and makes it only when it is not there, so the viewers' dicts share
one copy. The memo is the caller's to keep: one per moment of a game is natural (the server keeps one per table and
starts a new one after each action). Parts are found by value, so an older memo gives the same result (it only
grows). A shared part is in several dicts: whoever gets them must not change them.

>>> memo: WireMemo = {}
>>> first = shared(memo, "played", ((0, (5, 6)),), lambda v: [list(cards) for _, cards in v])
>>> first, shared(memo, "played", ((0, (5, 6)),), lambda v: []) is first
([[5, 6]], True)
>>> shared(None, "played", ((0, (5, 6)),), lambda v: []) # no memo: always made
[]
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

WireMemo = dict[Hashable, Any]
"""Wire forms of observation parts by (part name, value): see the module."""

V = TypeVar("V", bound=Hashable)
R = TypeVar("R")


def shared(memo: WireMemo | None, part: str, value: V, make: Callable[[V], R]) -> R:
    """``make(value)``, made once per memo for equal values of the same part (``memo`` None: made every time)."""
    if memo is None:
        return make(value)
    key = (part, value)
    got = memo.get(key)
    if got is None:
        got = memo[key] = make(value)
    return cast(R, got)
