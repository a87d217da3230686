"""Gin Bummy's fixed action space: every action the rules allow, numbered once per rules object.

The space is exact: an action is in it when some position of a game under these rules
makes it legal, and nothing else is. Its layout, as a base plus an offset per kind
(card offsets count the deck's cards in code order: 2c 2d 2h 2s 3c ... Ks As, then JK):

======================  ===========================  ==============================================
codes                   actions                      how many
======================  ===========================  ==============================================
0, 1, 2                 ``draw stock``, ``draw beg``, 3
                        ``bum``
3 + i                   ``discard <card>``           48: each number and face card (2 to K)
51 + i                  ``ace <Ace>``                4: the Aces (discard one, draw three)
55 + i                  ``joker JK <card>``          52 with Jokers in the deck: every card but a
                                                     Joker; one more (``joker JK JK``) with two
                                                     Jokers when a Joker may carry the other
======================  ===========================  ==============================================

So the preset (two Jokers) has 108 actions, ``no-joker-on-joker`` 107 and ``no-jokers`` 55.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> space = gin_bummy().action_space()
>>> space.size, space.decode(0).text, space.decode(3).text, space.decode(51).text, space.decode(107).text
(108, 'draw stock', 'discard 2c', 'ace Ac', 'joker JK JK')
>>> space.encode(gin_bummy().parse_action("joker JK Qs"))  # Qs is the 44th card: 55 + 43
98
>>> gin_bummy().replace(jokers=0).action_space().size
55
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
    """Every action these rules allow, in code order (see the module's table).

    >>> from bumtable.rules.gin_bummy.rules import gin_bummy
    >>> [a.text for a in all_actions(gin_bummy())[49:53]]
    ['discard Kh', 'discard Ks', 'ace Ac', 'ace Ad']
    """
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
    """The action space of ``rules`` (built once per rules object: rules are frozen and hashable)."""
    return IndexedSpace(all_actions(rules), text=action_text)
