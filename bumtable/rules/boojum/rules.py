"""Boojum's rules object (the options plus the factory of games), its preset and named variants.

>>> rules = boojum(players=4)
>>> rules.decks, rules.slot_count, len(rules.tables.deck)
(2, 3, 72)
>>> BoojumRules.from_json(rules.to_json()) == rules
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bumtable.errors import RulesError
from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.boojum import actions
from bumtable.rules.boojum.action_space import boojum_space
from bumtable.rules.boojum.actions import BoojumAction
from bumtable.rules.boojum.options import PLAYERS_PER_DECK, BoojumOptions
from bumtable.rules.boojum.state import BoojumState

__all__ = ["PLAYERS_PER_DECK", "VARIANTS", "VARIANT_ALIASES", "BoojumOptions", "BoojumRules", "boojum"]


@dataclass(frozen=True, kw_only=True)
class BoojumRules(BoojumOptions):
    """Every option of Boojum. Build one with :func:`boojum`; see ``docs/rules/boojum.md``."""

    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> BoojumState:
        """A new game, dealt; ``chance`` replays another game's shuffles (its ``chance.draws``)."""
        return BoojumState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[BoojumAction]:
        """Every action these rules allow, numbered (:mod:`bumtable.rules.boojum.action_space`)."""
        return boojum_space(self)

    def parse_action(self, text: str) -> BoojumAction:
        """Read one action's text (``lay 5ML``, ``stand``, ``pass``, ``claim waves``, ``cash``, ``done``)."""
        return actions.parse_action(text)

    def action_text(self, action: BoojumAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""
        return actions.action_text(action)


def boojum(players: int = 4) -> BoojumRules:
    """The preset for ``players``: two Decktets for 3 to 6, one more for each three more players."""
    if players < 3:
        raise RulesError(f"Boojum is for 3 or more players, not {players}")
    decks = max(2, -(-players // PLAYERS_PER_DECK))
    return BoojumRules(players=players, decks=decks)


VARIANTS: dict[str, Callable[[BoojumRules], dict[str, Any]]] = {
    "extended": lambda rules: dict(extended=True, excuse=True, pawns=True, courts=True),
    "extended-pawns": lambda rules: dict(extended=True, excuse=True, pawns=True, courts=False),
    "extended-excuse": lambda rules: dict(extended=True, excuse=True, pawns=False, courts=False),
    "repeat-tokens": lambda rules: dict(repeat_tokens=True),
}
VARIANT_ALIASES = {
    "extended-deck": "extended",
    "ext": "extended",
    "pawns": "extended-pawns",
    "excuse": "extended-excuse",
}
