"""Starving: a player ending a turn with fewer than four cards is out; the rules tell faces which moves do.

>>> from bumtable.rules.gin_bummy.position import position
>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> rules = gin_bummy(2)
>>> obs = position(rules, ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c"]).observe(0)
>>> {rules.action_text(a): n for a, n in starving(obs).items()}  # discard Kh leaves four: not listed
{'joker JK 2s': 3, 'joker JK 4d': 3, 'joker JK 6h': 3, 'joker JK Kh': 3}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Protocol

from bumtable.rules.gin_bummy.actions import ACE, DISCARD, JOKER_PLAY, GinBummyAction

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions


class GinBummyObservation(Protocol):
    """What starving is counted from: a seat's observation (named here, so the observation can use this module)."""

    @property
    def rules(self) -> GinBummyOptions: ...
    @property
    def hand(self) -> tuple[int, ...] | None: ...
    @property
    def beg(self) -> tuple[int, ...]: ...
    @property
    def stock_count(self) -> int: ...
    def legal_actions(self) -> tuple[GinBummyAction, ...]: ...


FEWEST: Final = 4

ACE_DRAWS: Final = 3
"""The cards an Ace played draws, while there are that many to draw."""


def starves_with(cards: int) -> bool:
    return cards < FEWEST


def cards_after(obs: GinBummyObservation, action: GinBummyAction) -> int | None:
    """The cards the seat to act holds once ``action`` ends its turn; None for a draw or a call, or no hand.
    An Ace draws only what the stock and the Beg (the Ace included) turned over once can give."""
    if obs.hand is None:
        return None
    kind = action.kind
    held = len(obs.hand)
    if kind == DISCARD:
        return held - 1
    if kind == JOKER_PLAY:
        return held - 2
    if kind != ACE:
        return None
    keep = 1 if obs.rules.turn_over_keeps_top else 0
    drawable = obs.stock_count + len(obs.beg) + 1 - keep
    return held - 1 + min(ACE_DRAWS, drawable)


def starving(obs: GinBummyObservation) -> dict[GinBummyAction, int]:
    """The seat's legal actions that starve it, in order, each with the cards it would be left with."""
    out: dict[GinBummyAction, int] = {}
    for action in obs.legal_actions():
        left = cards_after(obs, action)
        if left is not None and starves_with(left):
            out[action] = left
    return out
