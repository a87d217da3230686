"""The public table of the Decktet cards a Boojum game deals, sent once so that no face keeps the deck."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from bumtable.cards.decktet import CARDS, TYPE_NAMES

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumOptions

_TYPES: Final = tuple(tuple(name for bit, name in sorted(TYPE_NAMES.items()) if c.types & bit) for c in CARDS)


def card_table(rules: BoojumOptions) -> list[dict[str, Any]]:
    """Each card the rules deal, lowest code first, as JSON-ready data."""
    return [
        {"text": CARDS[c].text, "name": CARDS[c].name, "types": list(_TYPES[c])}
        for c in sorted(rules.tables.in_play)
    ]
