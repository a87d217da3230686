"""Climbing-game actions: cards by rank index (plays differing only in suit are one), pass, revolution, give.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> play = rules.parse_action("Q Q Q 2 JK")
>>> play.kind == SET, play.size, rules.rank_order[play.rank], rules.action_text(play)
(True, 5, 'Q', 'set Q Q Q 2 JK')
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
    """One action: ``rank`` is a set's rank or a sequence's top, ``width`` the cards per rank (a set's size),
    ``cards`` rank indices ascending, ``suit`` -1 unless it decides the play (Bridge suits, a flush)."""

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
        return KIND_NAMES[self.kind]

    @property
    def length(self) -> int:
        """Number of ranks in a sequence (1 for a set)."""
        return self.size // self.width if self.kind == SEQUENCE else 1

    def beats(self, top: Play) -> bool:
        """Whether this play may follow ``top`` in the plain game (tie-breaks: ``rules.tables.strength``)."""
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
    """A play with the cards its player named by suit (``picks``, card codes). It equals and hashes as the
    plain play, so legality and action codes see one action; its text names the suits for records."""

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
