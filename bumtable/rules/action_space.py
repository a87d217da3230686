"""A fixed, exact action space per rules object: every action the rules allow, numbered.

As in OpenSpiel, a rules object has one action space whose size follows from the rules
alone; ``encode`` numbers an action, ``decode`` gives it back, and a mask marks the legal
ones, so a learning agent sees a fixed-size vector and any engine can be compared code by
code. The space is exact: two actions that differ in any way the rules can see (a wild card,
a suit that decides, a kicker) have different codes.

>>> space = IndexedSpace(("pass", "set 3", "set 4"), text=str)
>>> space.size, space.encode("set 4"), space.decode(1)
(3, 2, 'set 3')
>>> list(space.mask(["pass", "set 4"]))
[1, 0, 1]
>>> space.encode("set 9")
Traceback (most recent call last):
...
bumtable.errors.IllegalActionError: 'set 9' is not in this game's action space
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
        """The code of an action (an IllegalActionError if the rules have no such action)."""
        ...

    def decode(self, code: int) -> A:
        """The action with that code (an IllegalActionError outside ``0 .. size - 1``)."""
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
