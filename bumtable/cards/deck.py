"""French decks: full suits (a suit may repeat) plus Jokers."""

from __future__ import annotations

from collections.abc import Sequence

from bumtable.cards.french import BLACK_JOKER, JOKER, RED_JOKER, Card
from bumtable.errors import RulesError


def french_deck(
    *, suits: Sequence[int] = (0, 1, 2, 3), jokers: int = 0, coloured_jokers: bool = False
) -> list[Card]:
    """One full suit (2..A) per entry of ``suits``, then ``jokers`` Jokers (``coloured_jokers``: BJ, RJ, ...).

    >>> len(french_deck(suits=(0, 1, 2, 3, 0))), french_deck(suits=(), jokers=2, coloured_jokers=True)
    (65, [Card('BJ'), Card('RJ')])
    """
    if jokers < 0:
        raise RulesError(f"a deck cannot have {jokers} Jokers")
    cards = [Card.make(rank, suit) for suit in suits for rank in range(2, 15)]
    for i in range(jokers):
        cards.append(Card((BLACK_JOKER, RED_JOKER)[i % 2] if coloured_jokers else JOKER))
    return cards


def suits_for(copies: int) -> tuple[int, ...]:
    """``copies`` suits: clubs, diamonds, hearts, spades, then round again."""
    return tuple(i % 4 for i in range(copies))
