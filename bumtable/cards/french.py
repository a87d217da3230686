"""French cards with Jokers, as small ints with a text form.

A :class:`Card` is an ``int``, ``rank * 4 + suit`` (Ace 14; clubs, diamonds, hearts, spades), so hot paths
keep plain ints. Jokers rank 15: ``JK`` where a game does not tell them apart, else ``BJ`` and ``RJ``.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from bumtable.errors import NotationError


class Suit(IntEnum):
    """The four French suits, in Bridge order (lowest first)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3


SUIT_LETTERS: Final = "cdhs"
SUIT_SYMBOLS: Final = "♣♦♥♠"
RANK_SYMBOLS: Final[dict[int, str]] = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "J",
    12: "Q",
    13: "K",
    14: "A",
}
JOKER_RANK: Final = 15
JOKER: Final = 60  # plain Joker, for games that do not tell Jokers apart
BLACK_JOKER: Final = 61
RED_JOKER: Final = 62
_JOKER_TEXT: Final = {JOKER: "JK", BLACK_JOKER: "BJ", RED_JOKER: "RJ"}
_JOKER_PARSE: Final = {
    "JK": JOKER,
    "JOKER": JOKER,
    "BJ": BLACK_JOKER,
    "RJ": RED_JOKER,
}
_RANK_PARSE: Final[dict[str, int]] = {sym: r for r, sym in RANK_SYMBOLS.items()} | {"T": 10}
_SUIT_PARSE: Final[dict[str, int]] = {ch: i for i, ch in enumerate(SUIT_LETTERS)} | {
    ch: i for i, ch in enumerate(SUIT_SYMBOLS)
}


def rank_text(rank: int) -> str:
    """The text of a rank: ``2``-``10``, ``J``, ``Q``, ``K``, ``A``, ``JK`` for Jokers."""
    if rank == JOKER_RANK:
        return "JK"
    try:
        return RANK_SYMBOLS[rank]
    except KeyError:
        raise NotationError(f"no rank {rank}: ranks run from 2 to 14 (Ace), 15 is a Joker") from None


def parse_rank(token: str) -> int:
    """The rank a token names (``10`` or ``T``; any Joker gives 15)."""
    t = token.strip().upper()
    if t in _JOKER_PARSE:
        return JOKER_RANK
    if t in _RANK_PARSE:
        return _RANK_PARSE[t]
    raise NotationError(f"bad rank {token!r}: expected one of 2-10, T, J, Q, K, A, JK")


class Card(int):
    """One card. Compare and hash as its int code; ``str()`` gives its text."""

    __slots__ = ()

    @classmethod
    def make(cls, rank: int, suit: int) -> Card:
        """The card of that rank (2..14) and suit (0..3)."""
        if not 2 <= rank <= 14:
            raise NotationError(f"no rank {rank}: ranks run from 2 to 14 (Ace)")
        if not 0 <= suit <= 3:
            raise NotationError(f"no suit {suit}: suits run from 0 (clubs) to 3 (spades)")
        return cls(rank * 4 + suit)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card: rank and suit (``Qs``, ``10h``, ``Th``) or a Joker (``JK``, ``BJ``, ``RJ``)."""
        t = text.strip()
        up = t.upper()
        if up in _JOKER_PARSE:
            return cls(_JOKER_PARSE[up])
        if len(t) < 2:
            raise NotationError(f"bad card {text!r}: a card is a rank and a suit, like Qs, 10h or JK")
        rank_part, suit_part = up[:-1], t[-1].lower()
        if rank_part not in _RANK_PARSE:
            raise NotationError(f"bad card {text!r}: rank {rank_part!r} is not one of 2-10, T, J, Q, K, A")
        if suit_part not in _SUIT_PARSE:
            raise NotationError(f"bad card {text!r}: suit {t[-1]!r} is not one of c, d, h, s")
        return cls(_RANK_PARSE[rank_part] * 4 + _SUIT_PARSE[suit_part])

    @property
    def rank(self) -> int:
        """2..14 (Ace 14), 15 for every Joker."""
        return int(self) >> 2

    @property
    def suit(self) -> int | None:
        """0..3 (clubs..spades), or None for a Joker."""
        return None if self >= JOKER else int(self) & 3

    @property
    def is_joker(self) -> bool:
        return self >= JOKER

    def pretty(self) -> str:
        """Text with a suit symbol, for people: ``10♥``, ``Q♠``, ``JK``."""
        if self.is_joker:
            return _JOKER_TEXT[int(self)]
        return RANK_SYMBOLS[int(self) >> 2] + SUIT_SYMBOLS[int(self) & 3]

    def __str__(self) -> str:
        if self >= JOKER:
            return _JOKER_TEXT[int(self)]
        return RANK_SYMBOLS[int(self) >> 2] + SUIT_LETTERS[int(self) & 3]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


def is_card_code(code: int) -> bool:
    """Whether ``code`` is some card's code."""
    return 8 <= code <= 59 or code in _JOKER_TEXT


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas; the error names the bad token.

    >>> format_cards(parse_cards("Th, Qs 2c JK"))
    '10h Qs 2c JK'
    """
    return [Card.parse(tok) for tok in text.replace(",", " ").split()]


def format_cards(cards: list[Card] | tuple[Card, ...] | list[int]) -> str:
    """Cards as text, separated by spaces."""
    return " ".join(str(Card(c)) for c in cards)
