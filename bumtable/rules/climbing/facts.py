"""What a climbing hand leaves on the record, for the state and its observations to share."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand decided: ``order`` the players as they went out (the last still held cards),
    ``roles`` as played (after any revolution), ``last_cards`` the play that ended it, for faces to show."""

    hand_no: int
    order: tuple[int, ...]
    points: tuple[int, ...]
    roles: tuple[int, ...]
    revolution: bool
    cancelled_exchange: bool = False
    last_cards: tuple[int, ...] = ()
    with_roles: bool = True


def credited(points: Sequence[int], teams: Sequence[int] | None) -> tuple[int, ...]:
    """What the match credits each player for a hand's ``points``: theirs, or (``teams``) their team's total.

    >>> credited((3, 1, 0, 2), None), credited((3, 1, 0, 2), (0, 1, 0, 1))
    ((3, 1, 0, 2), (3, 3, 3, 3))
    """
    if teams is None:
        return tuple(points)
    return tuple(sum(x for q, x in enumerate(points) if teams[q] == teams[p]) for p in range(len(points)))


@dataclass(frozen=True, slots=True)
class Revolution:
    """A revolution declared this hand: who had the Jokers and the roles before it."""

    player: int
    jokers: int
    old_roles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeenTransfer:
    """An exchange transfer as one seat saw it: ``cards`` is None when that seat may not see them."""

    giver: int
    receiver: int
    count: int
    cards: tuple[int, ...] | None


@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards passed in the exchange (a sampled state keeps only the ``count`` of one its seat did not see);
    ``shown`` and ``hidden``: as giver and receiver, and as everyone else, see it (made once)."""

    giver: int
    receiver: int
    cards: tuple[int, ...]
    count: int = -1
    shown: SeenTransfer = field(init=False, compare=False, repr=False)
    hidden: SeenTransfer = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        count = len(self.cards) if self.count < 0 else self.count
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "shown", SeenTransfer(self.giver, self.receiver, count, self.cards))
        object.__setattr__(self, "hidden", SeenTransfer(self.giver, self.receiver, count, None))
