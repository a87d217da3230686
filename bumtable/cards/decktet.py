"""Decktet cards as small ints, read from the card table ``data/decktet.csv``.

Codes run in rank order (Aces, 2-9, Pawns, Courts, Crowns, the Excuse), so sorting codes sorts cards.
Text: the rank (``A``, ``2``-``9``, ``P`` Pawn, ``T`` Court, ``C`` Crown, ``X`` the Excuse), then the
suits' initials ``MSWLYK`` (Moons, Suns, Waves, Leaves, Wyrms, Knots); a rank and its suits name one card.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Final

from bumtable.errors import NotationError

SUIT_NAMES: Final = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
SUIT_LETTERS: Final = "MSWLYK"
SUITS_COUNT: Final = 6
MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = range(6)

ACE: Final = 1
PAWN: Final = 10
COURT: Final = 11
CROWN: Final = 12
EXCUSE_RANK: Final = 13
RANK_LETTERS: Final[dict[int, str]] = {ACE: "A", **{r: str(r) for r in range(2, 10)}, PAWN: "P", COURT: "T"}
RANK_LETTERS.update({CROWN: "C", EXCUSE_RANK: "X"})
RANK_NAMES: Final[dict[int, str]] = {ACE: "Ace", **{r: str(r) for r in range(2, 10)}, PAWN: "Pawn"}
RANK_NAMES.update({COURT: "Court", CROWN: "Crown", EXCUSE_RANK: "Excuse"})

LOCATION: Final = 1
PERSONALITY: Final = 2
EVENT: Final = 4
TYPE_NAMES: Final[dict[int, str]] = {LOCATION: "Location", PERSONALITY: "Personality", EVENT: "Event"}

_CSV_RANKS: Final[dict[str, int]] = {
    "Ace(1)": ACE,
    "Pawn": PAWN,
    "Court": COURT,
    "Crown(10)": CROWN,
    "none": 0,
}
_RANK_HELP: Final = "A, 2-9, P (Pawn), T (Court), C (Crown), X (the Excuse)"
_SUIT_HELP: Final = "M (Moons), S (Suns), W (Waves), L (Leaves), Y (Wyrms), K (Knots)"


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One row of the card table; ``suits`` is empty for the Excuse, ``types`` 0 for it and the Aces."""

    code: int
    name: str
    rank: int
    suits: tuple[int, ...]
    types: int
    extended: bool

    @property
    def text(self) -> str:
        return RANK_LETTERS[self.rank] + "".join(SUIT_LETTERS[s] for s in self.suits)


def _read_table(text: str) -> tuple[CardInfo, ...]:
    """Cards from the CSV text, coded in rank order (then suit order), the Excuse last."""
    rows: list[tuple[int, tuple[int, ...], str, int, bool]] = []
    for row in csv.DictReader(io.StringIO(text)):
        rank_text = row["rank"].strip()
        rank = _CSV_RANKS[rank_text] if rank_text in _CSV_RANKS else int(rank_text)
        suits_text = row["suits"].strip()
        suits = (
            () if suits_text == "none" else tuple(sorted(SUIT_NAMES.index(s) for s in suits_text.split("+")))
        )
        types_text = row["types"].strip()
        types = 0
        if types_text and types_text != "none":
            for name in types_text.split("+"):
                types |= {v: k for k, v in TYPE_NAMES.items()}[name]
        if rank == 0:
            rank = EXCUSE_RANK
        rows.append((rank, suits, row["name"].strip(), types, row["deck"].strip() == "extended"))
    rows.sort(key=lambda r: (r[0], r[1]))
    return tuple(
        CardInfo(i, name, rank, suits, types, ext) for i, (rank, suits, name, types, ext) in enumerate(rows)
    )


def _load() -> tuple[CardInfo, ...]:
    data = resources.files("bumtable.cards").joinpath("data/decktet.csv").read_text(encoding="utf-8")
    return _read_table(data)


CARDS: Final = _load()
EXCUSE: Final = next(c.code for c in CARDS if c.rank == EXCUSE_RANK)
BASIC_CODES: Final = tuple(c.code for c in CARDS if not c.extended)
PAWN_CODES: Final = tuple(c.code for c in CARDS if c.rank == PAWN)
COURT_CODES: Final = tuple(c.code for c in CARDS if c.rank == COURT)

_BY_TEXT: Final[dict[str, int]] = {c.text: c.code for c in CARDS}


def _name_key(text: str) -> str:
    key = "".join(ch for ch in text.lower() if ch.isalnum())
    return key[3:] if key.startswith("the") and len(key) > 3 else key


_BY_NAME: Final[dict[str, int]] = {_name_key(c.name): c.code for c in CARDS}


class DecktetCard(int):
    """One Decktet card. Compare and hash as its int code; ``str()`` gives its short text."""

    __slots__ = ()

    @property
    def info(self) -> CardInfo:
        return CARDS[int(self)]

    @property
    def name(self) -> str:
        return CARDS[int(self)].name

    @property
    def rank(self) -> int:
        return CARDS[int(self)].rank

    @property
    def suits(self) -> tuple[int, ...]:
        return CARDS[int(self)].suits

    @property
    def types(self) -> int:
        return CARDS[int(self)].types

    @property
    def is_excuse(self) -> bool:
        return int(self) == EXCUSE

    @classmethod
    def parse(cls, text: str) -> DecktetCard:
        """Read a card from its text (any case, suits in any order) or its name.

        >>> [str(DecktetCard.parse(t)) for t in ("am", "CK", "pslm", "the Window", "Ace of Wyrms")]
        ['AM', 'CK', 'PMSL', 'TSLK', 'AY']
        """
        t = text.strip()
        if not t:
            raise NotationError("bad Decktet card '': a card is a rank and its suits, like 2MK, AY or X")
        key = _name_key(t)
        if key in _BY_NAME and not any(ch.isdigit() for ch in t):
            return cls(_BY_NAME[key])
        up = t.upper()
        rank_letter, suit_part = up[0], up[1:]
        ranks = {v: k for k, v in RANK_LETTERS.items()}
        if rank_letter not in ranks:
            raise NotationError(f"bad Decktet card {text!r}: rank {t[0]!r} is not one of {_RANK_HELP}")
        rank = ranks[rank_letter]
        suits: list[int] = []
        for ch in suit_part:
            if ch not in SUIT_LETTERS:
                raise NotationError(f"bad Decktet card {text!r}: suit {ch!r} is not one of {_SUIT_HELP}")
            s = SUIT_LETTERS.index(ch)
            if s in suits:
                raise NotationError(f"bad Decktet card {text!r}: suit {ch!r} is named twice")
            suits.append(s)
        code = _BY_TEXT.get(RANK_LETTERS[rank] + "".join(SUIT_LETTERS[s] for s in sorted(suits)))
        if code is None:
            same = [c for c in CARDS if c.rank == rank]
            listing = ", ".join(f"{c.text} ({c.name})" for c in same)
            plural = RANK_NAMES[rank] + "s"
            raise NotationError(f"no Decktet card {text!r}: the {plural} are {listing}")
        return cls(code)

    def pretty(self) -> str:
        """Text for people: the short form and the name, ``2MK the Author``."""
        return f"{self} {self.name}"

    def __str__(self) -> str:
        return CARDS[int(self)].text

    def __repr__(self) -> str:
        return f"DecktetCard({str(self)!r})"


def decktet_deck(
    decks: int = 1, *, excuse: bool = False, pawns: bool = False, courts: bool = False
) -> list[DecktetCard]:
    """``decks`` Decktets, unshuffled: the 36 basic cards each, plus the extended cards asked for.

    >>> len(decktet_deck()), len(decktet_deck(2)), len(decktet_deck(2, excuse=True, pawns=True, courts=True))
    (36, 72, 90)
    """
    codes = list(BASIC_CODES)
    if excuse:
        codes.append(EXCUSE)
    if pawns:
        codes.extend(PAWN_CODES)
    if courts:
        codes.extend(COURT_CODES)
    codes.sort()
    return [DecktetCard(c) for _ in range(decks) for c in codes]


def parse_decktet_cards(text: str) -> list[DecktetCard]:
    """Read cards separated by spaces or commas; the error names the bad token."""
    return [DecktetCard.parse(tok) for tok in text.replace(",", " ").split()]


def format_decktet_cards(cards: Iterable[int]) -> str:
    """Cards as short text, in the order given, separated by spaces."""
    return " ".join(str(DecktetCard(c)) for c in cards)
