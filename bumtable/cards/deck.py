"""Decks: full suits (possibly several copies of a suit) plus Jokers.

>>> len(french_deck()), len(french_deck(jokers=2))
(52, 54)
>>> len(french_deck(suits=(0, 1, 2), jokers=2))  # The Bum Game for 3
41
>>> len(french_deck(suits=(0, 1, 2, 3, 0), jokers=3))  # for 5: one suit twice
68
"""

from __future__ import annotations

from collections.abc import Sequence

from bumtable.cards.french import BLACK_JOKER, JOKER, RED_JOKER, Card
from bumtable.errors import RulesError


def french_deck(
    *, suits: Sequence[int] = (0, 1, 2, 3), jokers: int = 0, coloured_jokers: bool = False
) -> list[Card]:
    """A deck of one full suit (2..A) for each entry of ``suits`` and ``jokers`` Jokers.

    Plain Jokers (``JK``) by default; with ``coloured_jokers`` they alternate black, red.

    >>> [str(c) for c in french_deck(suits=(), jokers=2, coloured_jokers=True)]
    ['BJ', 'RJ']
    """
    if jokers < 0:
        raise RulesError(f"a deck cannot have {jokers} Jokers")
    cards = [Card.make(rank, suit) for suit in suits for rank in range(2, 15)]
    for i in range(jokers):
        cards.append(Card((BLACK_JOKER, RED_JOKER)[i % 2] if coloured_jokers else JOKER))
    return cards


def suits_for(copies: int) -> tuple[int, ...]:
    """Suit list for ``copies`` full suits: clubs, diamonds, hearts, spades, then again.

    >>> suits_for(5)
    (0, 1, 2, 3, 0)
    """
    return tuple(i % 4 for i in range(copies))
