"""What each viewer saw happen: the event stream faces narrate and the table server sends.

Faces narrate only from :meth:`EventLog.seen_by`, so nothing hidden leaks. ``step`` counts only the actions
some event tells of: a gap would tell of a private choice.

>>> log = EventLog()
>>> log.add(GIVE, 4, player=1, to=3, cards=("9h", "9s"), insiders=(1, 3), public_text="give 2 cards")
>>> log.seen_by(3)[0].cards, log.seen_by(0)[0].cards, log.seen_by(0)[0].text, log.step(None)
(('9h', '9s'), (), 'give 2 cards', 1)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Final

DEAL: Final = "deal"
"""A hand was dealt: the cards only to their holder, the count to everyone."""
PLAY: Final = "play"
PASS: Final = "pass"
TRICK: Final = "trick"
"""A trick was won; ``text`` says why it ended (``passes``, ``four-of-a-value``, ``wipe card``...)."""
OUT: Final = "out"
"""A player went out of the hand; ``count`` is the place."""
LEAD: Final = "lead"
REVOLUTION: Final = "revolution"
"""``cards`` are the Jokers that made it."""
GIVE: Final = "give"
"""Cards passed face down in an exchange: the cards only to giver and receiver."""
HAND_OVER: Final = "hand-over"
"""``text`` gives the finishing order."""
DRAW: Final = "draw"
"""The card only to the drawer, unless it came from a face-up pile."""
DISCARD: Final = "discard"
BID: Final = "bid"
LOT: Final = "lot"
CLAIM: Final = "claim"
GAME_OVER: Final = "game-over"
"""``text`` gives the outcome's reason."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, with exactly what one viewer may know of it (see ``bumtable.wire.event``)."""

    seq: int
    step: int
    kind: str
    player: int | None = None
    to: int | None = None
    text: str = ""
    cards: tuple[str, ...] = ()
    count: int = 0
    rank: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "seq": self.seq,
            "step": self.step,
            "kind": self.kind,
            "player": self.player,
            "to": self.to,
            "text": self.text,
            "cards": list(self.cards),
            "count": self.count,
        }
        if self.rank is not None:
            data["rank"] = self.rank
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        return cls(
            int(data["seq"]),
            int(data["step"]),
            str(data["kind"]),
            data.get("player"),
            data.get("to"),
            str(data.get("text", "")),
            tuple(str(c) for c in data.get("cards", ())),
            int(data.get("count", 0)),
            None if data.get("rank") is None else str(data["rank"]),
        )


class EventLog:
    """A game's events in order, each with who may see it in full (``None``: everyone)."""

    __slots__ = ("action", "entries", "told")

    def __init__(self) -> None:
        self.entries: list[tuple[Event, frozenset[int] | None, str | None]] = []
        self.action = 0  # the action that logged the latest event (0: the setting up)
        self.told = 0  # how many actions some event has told of

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
        rank: str | None = None,
    ) -> None:
        """Log an event of action ``action``; viewers not among ``insiders`` see ``public_text`` and no cards."""
        if action != self.action:
            self.action, self.told = action, self.told + 1
        count = len(cards) if count is None else count
        event = Event(len(self.entries), self.told, kind, player, to, text, cards, count, rank)
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
        """How many actions ``seat`` has been told of: its latest event's ``step``, alike for every viewer."""
        entries = self.entries
        return entries[-1][0].step if entries else 0

    def copy(self) -> EventLog:
        new = EventLog()
        new.entries = self.entries.copy()
        new.action, new.told = self.action, self.told
        return new
