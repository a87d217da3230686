"""French cards, decks and their text form (no dependencies)."""

from bumtable.cards.deck import french_deck, suits_for
from bumtable.cards.french import (
    BLACK_JOKER,
    JOKER,
    JOKER_RANK,
    RED_JOKER,
    Card,
    Suit,
    format_cards,
    is_card_code,
    parse_cards,
    parse_rank,
    rank_text,
)

__all__ = [
    "BLACK_JOKER",
    "JOKER",
    "JOKER_RANK",
    "RED_JOKER",
    "Card",
    "Suit",
    "format_cards",
    "french_deck",
    "is_card_code",
    "parse_cards",
    "parse_rank",
    "rank_text",
    "suits_for",
]
