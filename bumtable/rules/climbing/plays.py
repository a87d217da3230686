"""Climbing-game actions: a play of cards (a set or a sequence), a pass, or a revolution choice.

A :class:`Play` names cards by rank index in the rules' rank order, not by suit:
plays that differ only in which suit of a rank is used are the same play. Its
text form comes from the rules (``rules.action_text``), since rank names depend
on the rank order.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> play = rules.parse_action("Q Q Q 2 JK")
>>> play.kind == SET, play.size, rules.rank_order[play.rank]
(True, 5, 'Q')
>>> rules.action_text(play)
'set Q Q Q 2 JK'
"""

from __future__ import annotations

from typing import NamedTuple

PASS = 0
SET = 1
SEQUENCE = 2
DECLARE = 3
DECLINE = 4
GIVE = 5
KIND_NAMES = {
    PASS: "pass",
    SET: "set",
    SEQUENCE: "sequence",
    DECLARE: "revolution",
    DECLINE: "no-revolution",
    GIVE: "give",
}


class Play(NamedTuple):
    """One action of a climbing game. Immutable and hashable.

    ``rank`` is the rank a set counts as, or a sequence's highest rank; ``width``
    is the number of cards of each rank in a sequence (1 for a single sequence)
    and the set's size for a set; ``cards`` are rank indices, ascending. ``suit``
    is -1 unless the rules make suits matter: then it is the suit of the card that
    decides the play (Bridge suit ranking), or a flush's suit.
    """

    kind: int
    rank: int = -1
    size: int = 0
    width: int = 0
    cards: tuple[int, ...] = ()
    suit: int = -1

    @property
    def is_pass(self) -> bool:
        return self.kind == PASS

    @property
    def kind_name(self) -> str:
        """``pass``, ``set``, ``sequence``, ``revolution`` or ``no-revolution``."""
        return KIND_NAMES[self.kind]

    @property
    def length(self) -> int:
        """Number of ranks in a sequence (1 for a set)."""
        return self.size // self.width if self.kind == SEQUENCE else 1

    def beats(self, top: Play) -> bool:
        """True when this play may follow ``top`` in the plain game: same type, same number of cards,
        higher rank (rules with tie-breaks compare with ``rules.tables.strength``).

        >>> Play(SET, 5, 2, 2, (5, 5)).beats(Play(SET, 3, 2, 2, (3, 3)))
        True
        >>> Play(SET, 5, 3, 3, (5, 5, 5)).beats(Play(SET, 3, 2, 2, (3, 3)))
        False
        """
        return (
            self.kind == top.kind
            and self.size == top.size
            and self.width == top.width
            and self.rank > top.rank
        )


PASS_PLAY = Play(PASS)
DECLARE_PLAY = Play(DECLARE)
DECLINE_PLAY = Play(DECLINE)


def give_play(cards: tuple[int, ...]) -> Play:
    """Cards (rank indices) chosen to pass in the exchange."""
    cards = tuple(sorted(cards))
    return Play(GIVE, -1, len(cards), 0, cards)


class Picked(Play):
    """A play with the cards its player named by suit (``picks``, card codes): those cards leave the hand,
    and :mod:`~bumtable.rules.climbing.pick` chooses the rest as usual.

    It equals (and hashes as) the play itself, so legality, action codes and caches see the same action;
    only which physical cards go differs, which the rules never rank but a player may care about (a card
    kept for a flush). Its text names the picked cards' suits, so a record replays them.
    """

    picks: tuple[int, ...] = ()

    def __repr__(self) -> str:
        return f"{super().__repr__()[:-1]}, picks={self.picks})"


def with_picks(play: Play, picks: tuple[int, ...]) -> Play:
    """``play`` with these named cards (card codes); the play itself when none are named."""
    if not picks:
        return play
    picked = Picked._make(play)
    picked.picks = picks
    return picked


def picks_of(play: Play) -> tuple[int, ...]:
    """The cards (codes) the player named for ``play``, or ``()``."""
    return play.picks if isinstance(play, Picked) else ()
