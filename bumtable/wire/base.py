"""The base of every wire model, and the small shapes that recur."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Seat = Annotated[int, Field(ge=0)]
"""A player's number (0-based): their identity for the whole game, not a chair."""
Count = Annotated[int, Field(ge=0)]
CardText = str
"""A card's short text: ``9h``, ``10c``, ``JK`` (French cards), ``5ML`` (Decktet cards)."""


class WireModel(BaseModel):
    """Strict (no coercion), closed (no unknown key), frozen; a field's docstring describes it in the schema."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, use_attribute_docstrings=True)


class LegalActionModel(WireModel):
    """One legal action of the seat: what to send back to take it."""

    text: str
    """The action in the rules' notation (``set 9 9``, ``discard Js``, ``lay 5ML``); it parses back."""
    code: Count
    """The action's code in the rules' fixed action space (``rules.action_space()``)."""


class CutCardModel(WireModel):
    """One player's card in one round of a cut."""

    player: Seat
    """The player who cut."""
    card: CardText
    """The card they cut."""
