"""What every wire model shares: a strict, closed, frozen pydantic model, and the small shapes that recur.

A wire model describes a dict exactly as the rules layer's ``to_dict()`` writes it: every key required
(``extra="forbid"``: an unknown key is an error), every value of its JSON type with no coercion
(``strict``: ``"3"`` is not a number, ``true`` is not 1), and each field's docstring as its description
in the JSON Schema.

>>> LegalActionModel.model_validate({"text": "pass", "code": 0}).code
0
>>> from pydantic import ValidationError
>>> try:
...     LegalActionModel.model_validate({"text": "pass", "code": "0"})
... except ValidationError as e:
...     print(e.errors()[0]["loc"], e.errors()[0]["type"])
('code',) int_type
"""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

Seat = Annotated[int, Field(ge=0)]
"""A player's number (0-based): their identity for the whole game, not a chair."""
Count = Annotated[int, Field(ge=0)]
"""A number of cards, points or actions: never negative."""
CardText = str
"""A card in its short text form: ``9h``, ``10c``, ``JK`` (French cards), ``5ML`` (Decktet cards)."""


class WireModel(BaseModel):
    """The base of every wire model: strict, closed (no unknown keys), immutable, documented from the
    fields' docstrings."""

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
