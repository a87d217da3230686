"""Per-card look-up tables for one Boojum rules object: which cards are in play, pips, run positions.

A card's *position* is its place in the rank order used by straights and runs: Ace 1, the numbers
2-9, then (extended deck) Pawn 10 and Court 11, and the Crown last (10, 11 or 12). A card's pip
count in a bid is the same number; the Excuse has no position, counts 0 pips and two cards.

>>> from bumtable.rules.boojum.rules import BoojumRules
>>> t = BoojumRules(players=4).tables
>>> t.positions, t.pip[38]  # 10 ranks; a Crown counts 10
(10, 10)
>>> t = BoojumRules(players=4, extended=True).tables
>>> t.positions, t.pip[30], t.pip[34], t.pip[38], t.bid_cards[44]  # Pawn, Court, Crown, Excuse
(12, 10, 11, 12, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bumtable.cards.decktet import CARDS, COURT, CROWN, EXCUSE, PAWN, decktet_deck


@dataclass(frozen=True, slots=True)
class Tables:
    """Indexed by card code (0..44)."""

    deck: tuple[int, ...]
    """Every card of the shuffled-together Decktets, unshuffled (copies repeat a code)."""
    in_play: frozenset[int]
    """Codes that occur in this deck."""
    pip: tuple[int, ...]
    """Pip count in a bid: Ace 1, numbers their rank, Pawn 10, Court 11, Crown 10-12; Excuse 0."""
    pos: tuple[int, ...]
    """Position in the rank order for straights and runs (same as ``pip``; 0 for the Excuse)."""
    positions: int
    """Number of ranks in the order (10 basic; 11 with Pawns; 12 with Pawns and Courts)."""
    bid_cards: tuple[int, ...]
    """How many cards a card counts as in a bid (the Excuse 2, others 1)."""
    suit_mask: tuple[int, ...]
    """Bit ``1 << s`` for each suit of the card."""
    types: tuple[int, ...]
    excuse: int
    excuse_symbols: int
    """The most suit symbols an Excuse may supply in a symbols group (rules option)."""
    excuse_alone: bool
    """May a group made only of Excuses earn a token (rules option)?"""
    _hash: int = field(init=False, repr=False, compare=False)
    """The hash, worked out once: the bots' kept answers are keyed on the tables, and hashing every field
    (the whole deck among them) on each look-up cost about a twentieth of a search's time. Every field hashed
    is an int or a bool, so the hash is the same in every process (pickled tables carry theirs to the
    workers): a text field would need leaving out of it."""

    def __post_init__(self) -> None:
        fields = (self.deck, self.pip, self.pos, self.positions, self.bid_cards, self.suit_mask, self.types)
        object.__setattr__(
            self, "_hash", hash((*fields, self.excuse, self.excuse_symbols, self.excuse_alone))
        )

    def __hash__(self) -> int:
        return self._hash

    @classmethod
    def build(
        cls, *, decks: int, excuse: bool, pawns: bool, courts: bool, excuse_symbols: int, excuse_alone: bool
    ) -> Tables:
        """The tables of ``decks`` Decktets with the extended cards in use (``excuse``, ``pawns``,
        ``courts``: already false without the extended deck); the rules' options read them through
        :attr:`~bumtable.rules.boojum.options.BoojumOptions.tables`, so this module needs no rules."""
        deck = tuple(int(c) for c in decktet_deck(decks, excuse=excuse, pawns=pawns, courts=courts))
        crown = 10 + pawns + courts
        pip: list[int] = []
        for info in CARDS:
            if info.code == EXCUSE:
                pip.append(0)
            elif info.rank == PAWN:
                pip.append(10)
            elif info.rank == COURT:
                pip.append(10 + pawns)
            elif info.rank == CROWN:
                pip.append(crown)
            else:
                pip.append(info.rank)
        return cls(
            deck=deck,
            in_play=frozenset(deck),
            pip=tuple(pip),
            pos=tuple(pip),
            positions=crown,
            bid_cards=tuple(2 if c.code == EXCUSE else 1 for c in CARDS),
            suit_mask=tuple(sum(1 << s for s in c.suits) for c in CARDS),
            types=tuple(c.types for c in CARDS),
            excuse=EXCUSE,
            excuse_symbols=excuse_symbols,
            excuse_alone=excuse_alone,
        )
