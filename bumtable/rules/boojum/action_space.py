"""Boojum's exact action space: bids and claims are factored, so it is small and fixed by the deck.

Codes: 0-3 ``stand``, ``pass``, ``cash``, ``done``; 4 + token ``claim``; 10 + i ``lay`` the i-th card
code in play.

>>> from bumtable.rules.boojum.rules import boojum
>>> boojum().action_space().size, boojum().replace(extended=True).action_space().size
(46, 55)
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
CLAIM_BASE = len(WORDS)
LAY_BASE = CLAIM_BASE + len(TOKEN_NAMES)


@cache
def boojum_space(rules: BoojumOptions) -> IndexedSpace[BoojumAction]:
    """Built once per rules object (rules are frozen and hashable)."""
    claims = [claim(k) for k in range(len(TOKEN_NAMES))]
    lays = [lay(c) for c in sorted(rules.tables.in_play)]
    return IndexedSpace([*WORDS, *claims, *lays], text=action_text)
