"""The wire form of an event, :meth:`Event.to_dict <bumtable.rules.events.Event.to_dict>` exactly.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=2)
>>> [EventModel.model_validate(e.to_dict()).kind for e in state.events(None)][:3]
['cut', 'deal', 'deal']
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bumtable.wire.base import CardText, Count, Seat, WireModel

EventKind = Literal[
    # shared by the families (bumtable.rules.events)
    "deal",
    "play",
    "pass",
    "trick",
    "out",
    "lead",
    "revolution",
    "give",
    "hand-over",
    "draw",
    "discard",
    "bid",
    "lot",
    "claim",
    "game-over",
    # the climbing games' own (bumtable.rules.climbing.events)
    "cut",
    "no-exchange",
    # Gin Bummy's own (bumtable.rules.gin_bummy.events), "cut" besides
    "turn-over",
    "force",
    "starve",
    "bum",
    # Boojum's own (bumtable.rules.boojum.events)
    "stand",
    "take-back",
    "build",
    "pick-up",
    "claims",
    "claim-start",
    "lay",
    "done",
    "reshuffle",
    "round",
]
"""Every kind of event any family logs (a test checks this against the rules' constants)."""


class EventModel(WireModel):
    """One thing that happened, as one viewer may know it (cards passed face down only to giver and receiver)."""

    seq: Count
    """The event's place in the game's log (a client asks for everything after the last it saw)."""
    step: Count
    """The actions the viewer had been told of by then, this one included (an action no event tells of, a
    private choice, does not advance it)."""
    kind: EventKind
    """What kind of thing happened (``deal``, ``play``, ``give``, ...)."""
    player: Seat | None
    """Who acted, or whom it concerns; null when nobody does."""
    to: Seat | None
    """The other player (the receiver of cards), if any."""
    text: str
    """What happened, in words or notation (for viewers who may not see the cards: the public text)."""
    cards: list[CardText]
    """The cards this viewer may see (empty when they are hidden from it)."""
    count: Count
    """How many cards were involved, also when they are hidden (a place, for ``out``)."""
    rank: str | None = Field(default=None, exclude_if=lambda value: value is None)
    """On a ``trick`` ended by ``four-of-a-value``: the rank played four times in a row (``7``, ``Q``, ``JK``);
    the key is left out of every other event."""
