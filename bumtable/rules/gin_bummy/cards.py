"""Gin Bummy's kinds of card, and the winning hand.

Cards are the project's French cards (:class:`bumtable.cards.Card`, plain ints
underneath): number cards 2-10, face cards J Q K, Aces, and plain Jokers ``JK``
(both Jokers have the same code, as they play alike).

>>> from bumtable.cards import parse_cards
>>> [kind(c) for c in parse_cards("7c Qh As JK")]
['number', 'face', 'ace', 'joker']
>>> bum_problem(parse_cards("2s 6h 4d 9c")) is None
True
>>> bum_problem(parse_cards("2s 6h 4d 9s"))
'two of them are spades'
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
    """True for 2 to 10 of any suit.

    >>> is_number(int(Card.parse("10s"))), is_number(int(Card.parse("Js")))
    (True, False)
    """
    return code < 44  # rank 10 * 4 + 3 is the highest number card


def is_face(code: int) -> bool:
    """True for Jacks, Queens and Kings."""
    return 44 <= code < 56


def is_ace(code: int) -> bool:
    return 56 <= code < JOKER


def is_joker(code: int) -> bool:
    return code >= JOKER


def kind(code: int) -> str:
    """``number``, ``face``, ``ace`` or ``joker``."""
    if code < 44:
        return NUMBER
    if code < 56:
        return FACE
    return ACE if code < JOKER else JOKER_KIND


TEXTS: Final = ("",) * 8 + tuple(str(Card(c)) for c in range(8, JOKER + 1))
"""Each card's text by code, worked out once (events name every card that moves; codes below 8 are no card)."""


def card_text(code: int) -> str:
    """A card's text (``7c``, ``Qh``, ``JK``).

    >>> card_text(8), card_text(JOKER)
    ('2c', 'JK')
    """
    return TEXTS[code] if 8 <= code <= JOKER else str(Card(code))


def cards_text(codes: Iterable[int]) -> str:
    """Cards' text separated by spaces."""
    return " ".join(card_text(c) for c in codes)


def bum_problem(hand: Sequence[int]) -> str | None:
    """None when ``hand`` wins (exactly four number cards, four suits, four values), else why not.

    >>> from bumtable.cards import parse_cards
    >>> bum_problem(parse_cards("2s 6h 4d 9c Kh"))
    'you hold 5 cards, not four'
    >>> bum_problem(parse_cards("2s 6h 4d Kc"))
    'Kc is not a number card (2-10)'
    >>> bum_problem(parse_cards("2s 6h 6d 9c"))
    'two of them are 6s'
    """
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
    """True when ``hand`` is a winning hand (see :func:`bum_problem`)."""
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
    """A card's value when cutting for the deal: Ace 1 (or 14), 2-10, J 11, Q 12, K 13, Joker 15.

    >>> cut_value(int(Card.parse("As")), ace_low=True), cut_value(JOKER, ace_low=True)
    (1, 15)
    """
    if code >= JOKER:
        return 15
    rank = code >> 2
    return 1 if rank == 14 and ace_low else rank
