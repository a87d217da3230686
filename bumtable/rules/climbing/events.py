"""The climbing games' own event kinds and the reasons their events give (the shared kinds are in
:mod:`bumtable.rules.events`). A ``trick`` event's ``text`` is one of :data:`TRICK_REASONS`; on
:data:`FOUR_OF_A_VALUE` its ``rank`` is the rank played four times in a row (the trick is cleared at once).

>>> from bumtable.rules import get
>>> [(e.kind, e.text) for e in get("president", players=4).new_state(seed=2).events(None)][-1]
('lead', 'lead-card')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from bumtable.cards.french import Card
from bumtable.rules.events import EventLog

if TYPE_CHECKING:
    from bumtable.rules.climbing.plays import Play

CUT: Final = "cut"
"""A round of the cut for the first Boss, every card shown; on the deciding round ``player`` is the Boss."""
NO_EXCHANGE: Final = "no-exchange"
"""The deal cancelled this hand's exchange."""

DECLARED: Final = "declared"
"""A revolution a player chose to declare (a ``revolution`` event's ``text``)."""
DEALT: Final = "dealt"
"""A revolution the deal made by itself (``revolution_declare="automatic"``)."""

CHOSEN: Final = "chosen"
"""Exchange cards the giver picked (a ``give`` event's ``text``, seen by giver and receiver)."""
BEST: Final = "best"
"""Exchange cards the rules took: the lower role's best."""
LOWEST: Final = "lowest"
"""Exchange cards the rules took: the higher role's lowest."""

WENT_OUT: Final = "out"
"""Went out of the hand (an ``out`` event's ``text``; its ``count`` is the place)."""
WIPED_OUT: Final = "wipe-card"
"""Went out on the wipe card with ``wipe_last_loses``: placed below everyone still holding cards."""
LEFT: Final = "left"
"""The last player holding cards when the hand ended."""

PASSES: Final = "passes"
"""Every other player holding cards passed."""
SAT_OUT: Final = "sat-out"
"""A play left nobody to answer it: every other player holding cards had passed this trick."""
FOUR_OF_A_VALUE: Final = "four-of-a-value"
"""The top four cards on the table share a value."""
WIPE: Final = "wipe"
"""The wipe card (President's 3 of clubs) was played."""
TRICK_REASONS: Final = (PASSES, SAT_OUT, FOUR_OF_A_VALUE, WIPE)

TRICK_WINNER: Final = "trick-winner"
"""The winner of the last trick leads."""
AFTER_WINNER: Final = "after-winner"
"""The trick winner went out: the next player holding cards leads."""
LEAD_CARD: Final = "lead-card"
"""The holder of the rules' lead card (President's 3 of diamonds) leads the first hand."""
LEAD_REASONS: Final = (TRICK_WINNER, AFTER_WINNER, LEAD_CARD, "boss", "bum", "dealer", "eldest")
"""Why a player leads; the last four are the hand's first lead by role or seat (``rules.leader``)."""

CARD_TEXT: Final = tuple(str(Card(c)) if 8 <= c <= 62 else "" for c in range(64))
"""Each card code's text (a table, since events are logged on the hot path)."""


def card_texts(codes: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    """Card codes as card text.

    >>> card_texts([8, 60])
    ('2c', 'JK')
    """
    return tuple([CARD_TEXT[c] for c in codes])


_ENTRIES: Any = EventLog.__dict__["entries"]
"""The shared log's own storage (a slot)."""

Pending = tuple[
    str,
    int,
    "int | None",
    "int | None",
    "str | Play",
    tuple[int, ...],
    "int | None",
    "tuple[int, ...] | None",
    "str | None",
    "str | None",
]
"""An event as noted: kind, action number, player, to, text (or the play whose text it is), card codes, count,
insiders, public text, rank."""


class ClimbingLog(EventLog):
    """The shared :class:`~bumtable.rules.events.EventLog`, noted as plain tuples and written out when read,
    so that a playout that never reads its events does not pay for building them.

    >>> from bumtable.rules import get
    >>> log = ClimbingLog(get("bum-game").action_text)
    >>> log.note("play", 1, 2, None, get("bum-game").parse_action("Q Q"), (48, 49))
    >>> log.seen_by(0)[0].text, log.seen_by(0)[0].cards
    ('set Q Q', ('Qc', 'Qd'))
    """

    __slots__ = ("pending", "text")

    def __init__(self, text: Callable[[Play], str]) -> None:
        super().__init__()
        self.pending: list[Pending] = []
        self.text = text

    def note(
        self,
        kind: str,
        action: int,
        player: int | None = None,
        to: int | None = None,
        text: str | Play = "",
        codes: tuple[int, ...] = (),
        count: int | None = None,
        insiders: tuple[int, ...] | None = None,
        public_text: str | None = None,
        rank: str | None = None,
    ) -> None:
        """Log an event (as :meth:`add`, with card codes and a play for its text) without building it yet."""
        self.pending.append((kind, action, player, to, text, codes, count, insiders, public_text, rank))

    def _write_out(self) -> None:
        pending, self.pending = self.pending, []
        for kind, action, player, to, text, codes, count, insiders, public_text, rank in pending:
            self.add(
                kind,
                action,
                player=player,
                to=to,
                text=text if isinstance(text, str) else self.text(text),
                cards=card_texts(codes),
                count=count,
                insiders=insiders,
                public_text=public_text,
                rank=rank,
            )

    @property
    def entries(self) -> list[Any]:
        if self.pending:
            self._write_out()
        entries: list[Any] = _ENTRIES.__get__(self)
        return entries

    @entries.setter
    def entries(self, value: list[Any]) -> None:
        _ENTRIES.__set__(self, value)

    def copy(self) -> ClimbingLog:
        """An independent log with the same events."""
        new = ClimbingLog(self.text)
        new.entries = self.entries.copy()  # written out first: the counts below are up to date
        new.action, new.told = self.action, self.told
        return new
