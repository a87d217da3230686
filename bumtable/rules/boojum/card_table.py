"""The public table of the Decktet cards a Boojum game deals: each card's text, name and types.

A card's text names its rank and suits, but not its name or its types (Location, Personality, Event), on which
claims depend: a face shows them from this table, which the table server sends once with the rules (the family's
``card_table``), so that no face keeps a copy of ``bumtable/cards/data/decktet.csv``.

>>> from bumtable.rules.boojum.rules import boojum
>>> table = card_table(boojum(4))
>>> len(table), table[6]
(36, {'text': '2MK', 'name': 'the Author', 'types': ['Personality']})
>>> len(card_table(boojum(4).replace(extended=True)))  # the Excuse, the Pawns and the Courts join
45
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bumtable.cards.decktet import CARDS, TYPE_NAMES

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumOptions

_TYPES: Final = tuple(tuple(name for bit, name in sorted(TYPE_NAMES.items()) if c.types & bit) for c in CARDS)
"""Each card's type names, by code, in the order Location, Personality, Event."""


def card_table(rules: BoojumOptions) -> list[dict[str, Any]]:
    """Each card the rules deal, lowest code first, as JSON-ready data: ``text``, ``name``, ``types``."""
    return [
        {"text": CARDS[c].text, "name": CARDS[c].name, "types": list(_TYPES[c])}
        for c in sorted(rules.tables.in_play)
    ]
