"""Gin Bummy's exact action space: every action some position under these rules makes legal, numbered.

Codes: 0-2 ``draw stock``, ``draw beg``, ``bum``; 3 + i ``discard`` a number or face card; 51 + i
``ace``; 55 + i ``joker JK <card>``, cards in code order (2c 2d 2h 2s 3c ... As, then JK when a Joker
may carry the other).

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> space = gin_bummy().action_space()
>>> space.size, space.decode(3).text, space.decode(51).text, space.decode(107).text
(108, 'discard 2c', 'ace Ac', 'joker JK JK')
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Final

from bumtable.cards.french import JOKER
from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.gin_bummy.actions import (
    ACE,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG_ACTION,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    GinBummyAction,
    action_text,
)
from bumtable.rules.gin_bummy.cards import is_ace, is_face, is_number

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions

FIRST_CARD: Final = 8
"""The code of the lowest card, 2c (codes 0 to 7 are no card)."""
DISCARD_BASE: Final = 3
ACE_BASE: Final = 51
JOKER_BASE: Final = 55


def all_actions(rules: GinBummyOptions) -> tuple[GinBummyAction, ...]:
    """Every action these rules allow, in code order."""
    cards = range(FIRST_CARD, JOKER)
    out = [DRAW_STOCK_ACTION, DRAW_BEG_ACTION, BUM_ACTION]
    out += [GinBummyAction(DISCARD, c) for c in cards if is_number(c) or is_face(c)]
    out += [GinBummyAction(ACE, c) for c in cards if is_ace(c)]
    if rules.jokers:
        out += [GinBummyAction(JOKER_PLAY, c) for c in cards]
        if rules.jokers > 1 and rules.joker_carries_joker:
            out.append(GinBummyAction(JOKER_PLAY, JOKER))
    return tuple(out)


@cache
def action_space(rules: GinBummyOptions) -> IndexedSpace[GinBummyAction]:
    """Built once per rules object (rules are frozen and hashable)."""
    return IndexedSpace(all_actions(rules), text=action_text)
