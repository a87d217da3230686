"""The wire form of a deck's public card table: what a face shows of a card that its text does not say.

The rules make it (the family's ``card_table``); the table server sends it once, in the ``table`` message.

>>> from bumtable.rules import family_of, get
>>> rules = get("boojum", players=4)
>>> face = CardFaceModel.model_validate(family_of(rules).card_table(rules)[0])
>>> face.text, face.name, face.types
('AM', 'Ace of Moons', [])
"""

from __future__ import annotations

from typing import Literal

from bumtable.wire.base import CardText, WireModel

CardType = Literal["Location", "Personality", "Event"]
"""A Decktet card's type (a card may have two, or none)."""


class CardFaceModel(WireModel):
    """One card of the deck: its text, its name and its types."""

    text: CardText
    """The card's short text, as observations and events write it (``2MK``)."""
    name: str
    """The card's name (``the Author``, ``Ace of Moons``, ``the Excuse``)."""
    types: list[CardType]
    """The card's types, in the order Location, Personality, Event (claims depend on them)."""
