"""Per-card look-ups for one Boojum rules object: cards in play, pips, rank positions, suits, types.

>>> from bumtable.rules.boojum.rules import BoojumRules
>>> t = BoojumRules(extended=True).tables
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
    """Every card of the Decktets, unshuffled (copies repeat a code)."""
    in_play: frozenset[int]
    pip: tuple[int, ...]
    """Pips in a bid: Ace 1, numbers their rank, Pawn 10, Court 11, Crown 10-12; Excuse 0."""
    pos: tuple[int, ...]
    """Place in the rank order for straights and runs (as ``pip``; 0 for the Excuse)."""
    positions: int
    """Ranks in the order: 10, 11 with Pawns, 12 with Courts."""
    bid_cards: tuple[int, ...]
    """Cards a card counts as in a bid (the Excuse 2)."""
    suit_mask: tuple[int, ...]
    types: tuple[int, ...]
    excuse: int
    excuse_symbols: int
    excuse_alone: bool
    _hash: int = field(init=False, repr=False, compare=False)
    """Made once: the bots' kept answers are keyed on the tables. Only ints and bools are hashed, so it is
    the same in every process."""

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
        """The tables of ``decks`` Decktets with these extended cards (all false without ``extended``)."""
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
