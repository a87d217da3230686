"""Gin Bummy's kinds of card and its winning hand, on French card codes (both Jokers share one code).

>>> from bumtable.cards import parse_cards
>>> [kind(c) for c in parse_cards("7c Qh As JK")]
['number', 'face', 'ace', 'joker']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from bumtable.cards.french import JOKER, Card

NUMBER: Final = "number"
FACE: Final = "face"
ACE: Final = "ace"
JOKER_KIND: Final = "joker"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")


def is_number(code: int) -> bool:
    return code < 44  # rank 10 * 4 + 3 is the highest number card


def is_face(code: int) -> bool:
    return 44 <= code < 56


def is_ace(code: int) -> bool:
    return 56 <= code < JOKER


def is_joker(code: int) -> bool:
    return code >= JOKER


def kind(code: int) -> str:
    if code < 44:
        return NUMBER
    if code < 56:
        return FACE
    return ACE if code < JOKER else JOKER_KIND


TEXTS: Final = ("",) * 8 + tuple(str(Card(c)) for c in range(8, JOKER + 1))
"""Each card's text by code, made once: events name every card that moves."""


def card_text(code: int) -> str:
    """A card's text (``7c``, ``Qh``, ``JK``)."""
    return TEXTS[code] if 8 <= code <= JOKER else str(Card(code))


def cards_text(codes: Iterable[int]) -> str:
    return " ".join(card_text(c) for c in codes)


def bum_problem(hand: Sequence[int]) -> str | None:
    """None when ``hand`` wins (four number cards of four suits and four values), else why not."""
    if len(hand) != 4:
        return f"you hold {len(hand)} cards, not four"
    for c in hand:
        if not is_number(c):
            return f"{card_text(c)} is not a number card (2-10)"
    suits = [c & 3 for c in hand]
    for s in range(4):
        if suits.count(s) > 1:
            return f"two of them are {SUIT_NAMES[s]}"
    ranks = [c >> 2 for c in hand]
    for r in sorted(set(ranks)):
        if ranks.count(r) > 1:
            return f"two of them are {r}s"
    return None


def is_bum(hand: Sequence[int]) -> bool:
    """True when ``hand`` wins (:func:`bum_problem` says why not)."""
    if len(hand) != 4:
        return False
    suits = 0
    ranks = 0
    for c in hand:
        if c >= 44:
            return False
        suits |= 1 << (c & 3)
        ranks |= 1 << (c >> 2)
    return suits == 15 and ranks.bit_count() == 4


def cut_value(code: int, *, ace_low: bool) -> int:
    """A card's value when cutting for the deal: Ace 1 (or 14), 2-10, J 11, Q 12, K 13, Joker 15."""
    if code >= JOKER:
        return 15
    rank = code >> 2
    return 1 if rank == 14 and ace_low else rank
