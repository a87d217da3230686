"""Boojum's fixed, exact action space: every action the rules allow, numbered.

Bids and claims are factored (:mod:`bumtable.rules.boojum.actions`), so the space is small and
its size follows from the deck alone. Layout (base + offset, as OpenSpiel numbers its actions):

===========  ======================  ==================================================
codes        actions                 offset
===========  ======================  ==================================================
0            ``stand``
1            ``pass``
2            ``cash``
3            ``done``
4 - 9        ``claim <token>``       the token: 0 Moons, 1 Suns, ... 5 Knots
10 - ...     ``lay <card>``          the card's place among the codes in this deck, lowest
                                     first (36 basic cards; up to 45 with the extended deck)
===========  ======================  ==================================================

So the size is ``10 + len(rules.tables.in_play)``: 46 with the basic deck, 55 with the whole
extended deck. A whole bid is ``lay`` codes then ``stand``; a whole claim ``claim``, ``lay`` codes,
``cash``.

>>> from bumtable.rules.boojum.rules import boojum
>>> space = boojum().action_space()
>>> space.size, boojum().replace(extended=True).action_space().size
(46, 55)
>>> from bumtable.rules.boojum.actions import lay, claim, PASS_ACTION
>>> space.encode(PASS_ACTION), space.encode(claim(2)), space.encode(lay(0)), space.decode(45)
(1, 6, 10, BoojumAction(kind=0, card=43, token=-1))
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.boojum.actions import (
    CASH_ACTION,
    DONE_ACTION,
    PASS_ACTION,
    STAND_ACTION,
    TOKEN_NAMES,
    BoojumAction,
    action_text,
    claim,
    lay,
)

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumOptions

WORDS = (STAND_ACTION, PASS_ACTION, CASH_ACTION, DONE_ACTION)
"""Codes 0-3."""
CLAIM_BASE = len(WORDS)
LAY_BASE = CLAIM_BASE + len(TOKEN_NAMES)


@cache
def boojum_space(rules: BoojumOptions) -> IndexedSpace[BoojumAction]:
    """The action space of ``rules`` (built once per rules object)."""
    claims = [claim(k) for k in range(len(TOKEN_NAMES))]
    lays = [lay(c) for c in sorted(rules.tables.in_play)]
    return IndexedSpace([*WORDS, *claims, *lays], text=action_text)
