"""What a climbing hand leaves on the record: finished hands, revolutions and exchange transfers.

The state keeps them and the observations show them, so they live below both
(:mod:`~bumtable.rules.climbing.state` still offers them under their old names).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand decided."""

    hand_no: int
    order: tuple[int, ...]
    """Players in the order they went out (the last is the one left holding cards)."""
    points: tuple[int, ...]
    """Points each player scored this hand, by player."""
    roles: tuple[int, ...]
    """Role each player held while playing this hand (after any revolution)."""
    revolution: bool
    cancelled_exchange: bool = False
    """True when the deal cancelled the exchange (the Bum-only variant's Worker case)."""
    last_cards: tuple[int, ...] = ()
    """The cards of the play that ended the hand (so faces can show it after the next deal)."""
    with_roles: bool = True
    """False for a first hand played before anyone had a role (``roles`` then only follow the seats)."""


def credited(points: Sequence[int], teams: Sequence[int] | None) -> tuple[int, ...]:
    """What the match credits each player for a hand's ``points``: their own, or in a partnership game
    (``teams``: each player's team) their team's total.

    >>> credited((3, 1, 0, 2), None), credited((3, 1, 0, 2), (0, 1, 0, 1))
    ((3, 1, 0, 2), (3, 3, 3, 3))
    >>> credited((2, 0, 1, 0), (0, 0, 1, 1))
    (2, 2, 1, 1)
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
    """Cards passed in the exchange. ``count`` is how many (it defaults to the cards given); a state
    sampled for a seat that did not see a transfer keeps only its count, with ``cards`` empty."""

    giver: int
    receiver: int
    cards: tuple[int, ...]
    count: int = -1
    shown: SeenTransfer = field(init=False, compare=False, repr=False)
    """The transfer as giver and receiver see it (made once: observations reuse it)."""
    hidden: SeenTransfer = field(init=False, compare=False, repr=False)
    """The transfer as everyone else sees it: the count only."""

    def __post_init__(self) -> None:
        count = len(self.cards) if self.count < 0 else self.count
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "shown", SeenTransfer(self.giver, self.receiver, count, self.cards))
        object.__setattr__(self, "hidden", SeenTransfer(self.giver, self.receiver, count, None))
