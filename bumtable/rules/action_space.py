"""A fixed, exact action space per rules object, as in OpenSpiel: learners get a fixed-size mask, and engines
compare code by code (actions that differ in anything the rules see have different codes).

>>> space = IndexedSpace(("pass", "set 3", "set 4"), text=str)
>>> space.size, space.encode("set 4"), space.decode(1), list(space.mask(["pass", "set 4"]))
(3, 2, 'set 3', [1, 0, 1])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Generic, Protocol, TypeVar

from bumtable.errors import IllegalActionError

A = TypeVar("A")
H = TypeVar("H", bound=Hashable)


class ActionSpace(Protocol[A]):
    """Numbers for every action of one rules object."""

    @property
    def size(self) -> int:
        """How many actions there are; codes are ``0 .. size - 1``."""
        ...

    def encode(self, action: A) -> int:
        """The code of an action (IllegalActionError if the rules have no such action)."""
        ...

    def decode(self, code: int) -> A:
        """The action with that code (IllegalActionError outside ``0 .. size - 1``)."""
        ...

    def mask(self, legal: Iterable[A]) -> bytearray:
        """``size`` bytes, 1 where the action is in ``legal``, else 0."""
        ...


class IndexedSpace(Generic[H]):
    """An action space given by the list of every action, numbered in that order."""

    __slots__ = ("_index", "_text", "actions")

    def __init__(self, actions: Sequence[H], *, text: Callable[[H], str]) -> None:
        self.actions = tuple(actions)
        self._index = {a: i for i, a in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action space lists an action twice")
        self._text = text

    @property
    def size(self) -> int:
        return len(self.actions)

    def encode(self, action: H) -> int:
        code = self._index.get(action)
        if code is None:
            raise IllegalActionError(f"{self._text(action)!r} is not in this game's action space")
        return code

    def decode(self, code: int) -> H:
        if not 0 <= code < len(self.actions):
            raise IllegalActionError(f"action code {code} is outside 0..{len(self.actions) - 1}")
        return self.actions[code]

    def mask(self, legal: Iterable[H]) -> bytearray:
        out = bytearray(len(self.actions))
        index = self._index
        for a in legal:
            out[index[a]] = 1
        return out
