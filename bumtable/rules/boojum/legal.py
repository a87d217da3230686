"""The legal actions of the player to act, from its hand and the table; the state and observation both ask.

>>> from bumtable.rules.boojum.rules import boojum
>>> from bumtable.rules.boojum.actions import action_text
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> t = boojum().tables
>>> [action_text(a) for a in phase_actions("auction", cards("5ML 9MS"), (), (), None, (), -1, (), t)]
['lay 5ML', 'lay 9MS', 'pass']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from bumtable.rules.boojum.actions import (
    CASH_ACTION,
    DONE_ACTION,
    PASS_ACTION,
    STAND_ACTION,
    BoojumAction,
    claim,
    lay,
)
from bumtable.rules.boojum.bids import BidValue, beats, bid_value
from bumtable.rules.boojum.completion import completable, earnable
from bumtable.rules.boojum.sets import is_claim
from bumtable.rules.boojum.tables import Tables
from bumtable.rules.phases import AUCTION
from bumtable.rules.phases import CLAIM as CLAIMS


def phase_actions(
    phase: str,
    hand: Sequence[int],
    bid: Sequence[int],
    laid_now: Sequence[int],
    high: BidValue | None,
    wanted: Sequence[int],
    claim_token: int,
    claim_cards: Sequence[int],
    t: Tables,
) -> tuple[BoojumAction, ...]:
    """Any card may be laid in an auction (laying more never lowers a bid); in a claim, only one that keeps
    a group within reach."""
    out: list[BoojumAction] = []
    if phase == AUCTION:
        out = [lay(c) for c in sorted(set(hand))]
        if laid_now and beats(bid_value(bid, t), high):
            out.append(STAND_ACTION)
        if not laid_now:
            out.append(PASS_ACTION)
    elif phase == CLAIMS:
        if claim_token < 0:
            mask = earnable(hand, t)
            out = [claim(k) for k in wanted if mask >> k & 1]
            out.append(DONE_ACTION)
        else:
            return _claim_steps(claim_token, tuple(sorted(claim_cards)), tuple(sorted(hand)), t)
    return tuple(out)


CLAIM_STEPS_KEPT = 1 << 14
"""Open claims whose next steps are kept: a search lays the same claim in playout after playout."""


@lru_cache(maxsize=CLAIM_STEPS_KEPT)
def _claim_steps(
    token: int, laid: tuple[int, ...], hand: tuple[int, ...], t: Tables
) -> tuple[BoojumAction, ...]:
    """The next steps of an open claim (cards sorted, so that the answer can be kept)."""
    out: list[BoojumAction] = []
    rest = Counter(hand)
    for c in sorted(rest):
        rest[c] -= 1
        if completable(token, [*laid, c], rest, t):
            out.append(lay(c))
        rest[c] += 1
    if is_claim(token, laid, t):
        out.append(CASH_ACTION)
    return tuple(out)
