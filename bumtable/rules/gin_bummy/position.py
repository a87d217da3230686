"""Hand-built positions (who holds what, the Beg, the top of the stock), for tests and examples.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> state = position(gin_bummy(), ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"], beg="5c", stock_top="Qs")
>>> state.apply(state.rules.parse_action("discard Kh"))
>>> state.phase, [a.text for a in state.legal_actions()]
('call', ['bum'])
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from bumtable.cards import parse_cards
from bumtable.cards.french import JOKER
from bumtable.errors import RulesError
from bumtable.rules.gin_bummy.cards import cards_text
from bumtable.rules.gin_bummy.state import PUBLIC, GinBummyState

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.rules import GinBummyRules


def _codes(text: str) -> list[int]:
    return [JOKER if int(c) >= JOKER else int(c) for c in parse_cards(text)]


def position(
    rules: GinBummyRules,
    hands: Sequence[str],
    *,
    beg: str = "",
    stock_top: str = "",
    stock: str | None = None,
    turn: int = 0,
    dealer: int | None = None,
    starved: Sequence[int] = (),
    public: Sequence[str] = (),
    seed: int = 0,
) -> GinBummyState:
    """A state where player ``p`` holds ``hands[p]`` and ``turn`` begins a turn.

    ``beg`` is bottom card first, ``stock_top`` next card first, the rest of the deck shuffled by ``seed``
    below it; or ``stock`` is the whole stock. ``public[p]``: cards everyone knows ``p`` holds.
    """
    n = rules.players
    if len(hands) != n:
        raise RulesError(f"{len(hands)} hands for {n} players")
    if not 0 <= turn < n or turn in starved:
        raise RulesError(f"player {turn} cannot be the one to act")
    state = GinBummyState(rules, seed, _blank=True)
    rest = Counter(int(c) for c in rules.deck())
    for p, text in enumerate(hands):
        cards = _codes(text)
        if p in starved and cards:
            raise RulesError(f"player {p} has starved, so holds no cards")
        known = Counter(_codes(public[p])) if p < len(public) else Counter()
        if known - Counter(cards):
            raise RulesError(f"player {p}'s public cards are not all in their hand")
        state.hands[p] = cards
        tags = []
        for c in cards:
            if known[c] > 0:
                known[c] -= 1
                tags.append(PUBLIC)
            else:
                tags.append(0)
        state.tags[p] = tags
        rest.subtract(cards)
    state.beg = _codes(beg)
    rest.subtract(state.beg)
    top = _codes(stock_top)
    rest.subtract(top)
    short = [c for c, k in rest.items() if k < 0]
    if short:
        raise RulesError(
            f"the position uses cards the deck does not hold (or more of them): {cards_text(short)}"
        )
    below = sorted(rest.elements())
    if stock is not None:
        if top:
            raise RulesError("give stock_top or stock, not both")
        top = _codes(stock)
        extra = Counter(top) - Counter(below)
        if extra:
            raise RulesError(
                f"the stock holds cards placed elsewhere (or not in the deck): {cards_text(extra)}"
            )
        left = Counter(below) - Counter(top)
        if left:
            raise RulesError(
                f"with the whole stock given, these cards are nowhere: {cards_text(sorted(left.elements()))}"
            )
        below = []
    random.Random(seed).shuffle(below)
    state.stock = below + top[::-1]
    state.starved = list(starved)
    state.dealer = turn if dealer is None else dealer
    state._begin_turn(turn)
    return state
