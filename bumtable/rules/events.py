"""What each viewer saw happen, as events: the stream faces narrate and the table server sends.

A state keeps one :class:`EventLog`. Each entry is the event in full and who may see it in
full (``insiders``; ``None``: everyone). Any other viewer gets the event with its cards
removed and, where given, a public text: "P1 gives 2 cards to P3" instead of the cards
themselves. Faces narrate from :meth:`EventLog.seen_by`, never from another player's real
action, so nothing hidden can leak through them.

Events are numbered by ``step``: the actions the viewer was told of, not every action. An action
no event tells of (a private choice not to declare a revolution) is not counted, for a gap in the
numbers would tell that it was made.

>>> log = EventLog()
>>> log.add(GIVE, 4, player=1, to=3, text="give 9 9", cards=("9h", "9s"), insiders=(1, 3),
...         public_text="give 2 cards")
>>> log.seen_by(3)[0].cards, log.seen_by(0)[0].cards, log.seen_by(0)[0].text
(('9h', '9s'), (), 'give 2 cards')
>>> log.seen_by(None)[0].count, log.seen_by(None)[0].step, log.step(None)  # action 4, the first told of
(2, 1, 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

DEAL: Final = "deal"
"""A hand was dealt: the cards only to their holder, the count to everyone."""
PLAY: Final = "play"
"""Cards played to the table (climbing games)."""
PASS: Final = "pass"
"""A player passed."""
TRICK: Final = "trick"
"""A trick was won; ``text`` says why it ended (``passes``, ``four-of-a-value``, ``wipe card``...)."""
OUT: Final = "out"
"""A player went out of the hand; ``count`` is the place."""
LEAD: Final = "lead"
"""A player leads; ``text`` says why (won the trick, holds the lead card...)."""
REVOLUTION: Final = "revolution"
"""A revolution: ``cards`` are the Jokers that made it."""
GIVE: Final = "give"
"""Cards passed in an exchange, face down: the cards only to giver and receiver."""
HAND_OVER: Final = "hand-over"
"""A hand ended; ``text`` lists the finishing order."""
DRAW: Final = "draw"
"""A card was drawn (the card only to the drawer, unless it came from a face-up pile)."""
DISCARD: Final = "discard"
"""A card was discarded face up."""
BID: Final = "bid"
"""Boojum: cards laid in the auction."""
LOT: Final = "lot"
"""Boojum: a lot was won (or went unsold)."""
CLAIM: Final = "claim"
"""Boojum: a token was claimed with a group of cards."""
GAME_OVER: Final = "game-over"
"""The game (or match) ended; ``text`` gives the outcome's reason."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with exactly what one viewer may know of it.

    ``seq`` is the event's place in the game's log (so a client can ask for everything after
    the last one it saw); ``step`` how many actions the viewer had been told of by then, the
    one it tells of included (see :meth:`EventLog.step`); ``player``
    who acted or whom it concerns; ``to`` the other player (the receiver of cards); ``text``
    what happened in words or notation; ``cards`` the cards this viewer may see; ``count``
    how many cards were involved, also when they are hidden.
    """

    seq: int
    step: int
    kind: str
    player: int | None = None
    to: int | None = None
    text: str = ""
    cards: tuple[str, ...] = ()
    count: int = 0

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data."""
        return {
            "seq": self.seq,
            "step": self.step,
            "kind": self.kind,
            "player": self.player,
            "to": self.to,
            "text": self.text,
            "cards": list(self.cards),
            "count": self.count,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """Read :meth:`to_dict` output back."""
        return cls(
            int(data["seq"]),
            int(data["step"]),
            str(data["kind"]),
            data.get("player"),
            data.get("to"),
            str(data.get("text", "")),
            tuple(str(c) for c in data.get("cards", ())),
            int(data.get("count", 0)),
        )


class EventLog:
    """A game's events in order, each with who may see it in full, numbered by the actions told of."""

    __slots__ = ("action", "entries", "told")

    def __init__(self) -> None:
        self.entries: list[tuple[Event, frozenset[int] | None, str | None]] = []
        self.action = 0
        """The number of the action that logged the latest event (0: the game's setting up)."""
        self.told = 0
        """How many actions some event has told of."""

    def __len__(self) -> int:
        return len(self.entries)

    def add(
        self,
        kind: str,
        action: int,
        *,
        player: int | None = None,
        to: int | None = None,
        text: str = "",
        cards: tuple[str, ...] = (),
        count: int | None = None,
        insiders: Iterable[int] | None = None,
        public_text: str | None = None,
    ) -> None:
        """Log an event of action number ``action`` (the actions taken, 0 before the first). With ``insiders``,
        only those seats see its cards (and ``text``); everyone else sees ``public_text`` (default: the text)
        and the count."""
        if action != self.action:
            self.action, self.told = action, self.told + 1
        count = len(cards) if count is None else count
        event = Event(len(self.entries), self.told, kind, player, to, text, cards, count)
        self.entries.append((event, None if insiders is None else frozenset(insiders), public_text))

    def seen_by(self, seat: int | None, start: int = 0) -> list[Event]:
        """The events from ``start`` on as ``seat`` may know them (None: a spectator)."""
        out = []
        for event, insiders, public_text in self.entries[start:]:
            if insiders is None or seat in insiders:
                out.append(event)
            else:
                text = event.text if public_text is None else public_text
                out.append(replace(event, text=text, cards=()))
        return out

    def step(self, seat: int | None) -> int:
        """How many actions ``seat`` has been told of (None: a spectator): the ``step`` of its latest event, 0
        before any. Every event reaches every viewer (its cards perhaps held back), so all viewers count alike."""
        entries = self.entries
        return entries[-1][0].step if entries else 0

    def copy(self) -> EventLog:
        """An independent log with the same entries (entries themselves are immutable)."""
        new = EventLog()
        new.entries = self.entries.copy()
        new.action, new.told = self.action, self.told
        return new
