"""What a climbing match tells each viewer: the family's own event kinds and the reasons events give.

The state logs, with every change, an :class:`~bumtable.rules.events.Event` saying what happened and
who may see its cards (see :mod:`bumtable.rules.events` for the shared kinds). The climbing games use:

* ``cut`` (family kind :data:`CUT`): one round of cutting for the first Boss, every card shown; on
  the deciding round ``player`` is the new Boss;
* ``deal``: each player's new hand, the cards only to that player (``count`` for everyone);
* ``revolution``: a revolution, with the Jokers that made it, for everyone; ``text`` is
  :data:`DECLARED` when a player chose it, :data:`DEALT` when the deal made it;
* ``no-exchange`` (family kind :data:`NO_EXCHANGE`): the deal called the exchange off (the Bum-only
  variant's Jokers); ``player`` is the holder when one role can cancel it;
* ``give``: cards passed in the exchange, to giver and receiver only (``public_text`` "gives 2
  cards to P3" for the rest); ``text`` is ``chosen`` for the cards a player picked, else the rules'
  automatic choice (``best`` or ``lowest``);
* ``play`` and ``pass``; ``out``: a player went out, ``count`` the place, ``text``
  :data:`WENT_OUT`, :data:`WIPED_OUT` (went out on the wipe card: last) or :data:`LEFT` (the one left
  holding cards);
* ``trick``: the trick is won by ``player``; ``text`` the reason (:data:`TRICK_REASONS`);
* ``lead``: who leads and why (:data:`LEAD_REASONS`);
* ``hand-over``: the finishing order and points; ``game-over``: the winner and the outcome's reason.

>>> from bumtable.rules import get
>>> state = get("president", players=4).new_state(seed=2)
>>> [e.kind for e in state.events(None)][-2:]
['deal', 'lead']
>>> state.events(None)[-1].text
'lead-card'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from bumtable.cards.french import Card
from bumtable.rules.events import EventLog

if TYPE_CHECKING:
    from bumtable.rules.climbing.plays import Play

CUT: Final = "cut"
"""A round of the cut for the first Boss (every card shown)."""
NO_EXCHANGE: Final = "no-exchange"
"""The deal cancelled this hand's exchange."""

DECLARED: Final = "declared"
"""A revolution a player chose to declare."""
DEALT: Final = "dealt"
"""A revolution the deal made by itself (``revolution_declare="automatic"``)."""

CHOSEN: Final = "chosen"
"""Exchange cards the giver picked."""
BEST: Final = "best"
"""Exchange cards the rules took: the lower role's best."""
LOWEST: Final = "lowest"
"""Exchange cards the rules took: the higher role's lowest."""

WENT_OUT: Final = "out"
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
"""The shared log's own storage (a slot), which :class:`ClimbingLog` fills when it is read."""

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
]
"""An event as noted on the hot path: kind, the number of the action that logged it, player, to, text (or
the play whose text it is), card codes, count, insiders, public text."""


class ClimbingLog(EventLog):
    """The shared :class:`~bumtable.rules.events.EventLog`, noted cheaply and written out when read.

    Every action of a match logs events, and a random playout that never reads them should not pay
    for building them (``Event`` objects, card and action texts: about half the cost of an action).
    :meth:`note` keeps a plain tuple; reading the log in any way (``entries``, ``seen_by``, ``len``,
    ``copy``) first turns the noted events into entries, in order, exactly as ``add`` would have.

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
    ) -> None:
        """Log an event (as :meth:`add`, with card codes and a play for its text) without building it yet."""
        self.pending.append((kind, action, player, to, text, codes, count, insiders, public_text))

    def _write_out(self) -> None:
        pending, self.pending = self.pending, []
        for kind, action, player, to, text, codes, count, insiders, public_text in pending:
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
