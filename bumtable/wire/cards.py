"""The wire form of a deck's public card table: what a face shows of a card that its text does not say."""

from __future__ import annotations

from typing import Literal

from bumtable.wire.base import CardText, WireModel

CardType = Literal["Location", "Personality", "Event"]


class CardFaceModel(WireModel):
    """One card of the deck: its text, its name and its types."""

    text: CardText
    """The card's short text, as observations and events write it (``2MK``)."""
    name: str
    """The card's name (``the Author``, ``Ace of Moons``, ``the Excuse``)."""
    types: list[CardType]
    """The card's types, in the order Location, Personality, Event (claims depend on them)."""
