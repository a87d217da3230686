"""Starving: a player left with fewer than four cards at the end of a turn is out of the game.

The state decides it with :func:`starves_with` as each turn ends; :func:`cards_after` tells, from the player's
own observation, how many cards a legal action leaves them, and :func:`starving` lists the legal actions that
starve them, which the observation's wire form sends so that every face only shows it.

>>> from bumtable.rules.gin_bummy.position import position
>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> rules = gin_bummy(2)
>>> obs = position(rules, ["2s 6h 4d Kh", "7c 7d 7h 7s 8c"]).observe(0)
>>> cards_after(obs, rules.parse_action("discard Kh")), cards_after(obs, rules.parse_action("draw stock"))
(3, None)
>>> obs = position(rules, ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c"]).observe(0)
>>> {rules.action_text(a): n for a, n in starving(obs).items()}
{'joker JK 2s': 3, 'joker JK 4d': 3, 'joker JK 6h': 3, 'joker JK Kh': 3}
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from bumtable.rules.gin_bummy.actions import ACE, DISCARD, JOKER_PLAY, GinBummyAction

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.observation import GinBummyObservation

FEWEST: Final = 4
"""The fewest cards a player may hold at the end of a turn without starving."""

ACE_DRAWS: Final = 3
"""The cards an Ace played draws, while there are that many to draw."""


def starves_with(cards: int) -> bool:
    """True when a player ending a turn with ``cards`` cards starves.

    >>> starves_with(3), starves_with(4)
    (True, False)
    """
    return cards < FEWEST


def cards_after(obs: GinBummyObservation, action: GinBummyAction) -> int | None:
    """The cards the player to act (the observing seat) holds once ``action`` ends the turn; None for a draw or a
    call (the turn goes on, or the game ends) or when the seat holds no hand it can see.

    An Ace draws three cards only while there are three to draw: the stock, and then the Beg (the Ace just
    discarded on it included) turned over once, less its top card where the rules keep it.
    """
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
    """The seat's legal actions that starve it, each with the cards it would be left with (in the legal order)."""
    out: dict[GinBummyAction, int] = {}
    for action in obs.legal_actions():
        left = cards_after(obs, action)
        if left is not None and starves_with(left):
            out[action] = left
    return out
