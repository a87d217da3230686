"""Gin Bummy's rules object (the options plus the factory of games), its preset and named variants.

>>> rules = gin_bummy(players=3)
>>> rules.deck_size, rules.replace(turn_over="shuffle").turn_over
(54, 'shuffle')
>>> GinBummyRules.from_json(rules.to_json()) == rules
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.gin_bummy import action_space as space
from bumtable.rules.gin_bummy import actions
from bumtable.rules.gin_bummy.actions import GinBummyAction
from bumtable.rules.gin_bummy.options import Call, CutAce, FourCardDraw, GinBummyOptions, TurnOver
from bumtable.rules.gin_bummy.state import GinBummyState

__all__ = [
    "VARIANTS",
    "VARIANT_ALIASES",
    "Call",
    "CutAce",
    "FourCardDraw",
    "GinBummyOptions",
    "GinBummyRules",
    "TurnOver",
    "gin_bummy",
]


@dataclass(frozen=True, kw_only=True)
class GinBummyRules(GinBummyOptions):
    """Every option of Gin Bummy. Build one with :func:`gin_bummy`; see ``docs/rules/gin-bummy.md``."""

    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> GinBummyState:
        """A new game, cut and dealt; ``chance`` replays another game's shuffles (its ``chance.draws``)."""
        return GinBummyState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[GinBummyAction]:
        """Every action these rules allow, numbered (:mod:`bumtable.rules.gin_bummy.action_space`)."""
        return space.action_space(self)

    def parse_action(self, text: str) -> GinBummyAction:
        """Read an action's text (``discard Kh``, ``draw beg``, ``ace Ah``, ``joker JK Qs``, ``bum``)."""
        return actions.parse_action(text)

    def action_text(self, action: GinBummyAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""
        return actions.action_text(action)


def gin_bummy(players: int = 2) -> GinBummyRules:
    """The preset for ``players`` (2 to 4): 54 cards, 10 each, the Beg flipped as it lies."""
    return GinBummyRules(players=players)


VARIANTS: dict[str, Callable[[GinBummyRules], dict[str, Any]]] = {
    "shuffle-beg": lambda rules: {"turn_over": "shuffle"},
    "keep-top": lambda rules: {"turn_over_keeps_top": True},
    "four-card-beg": lambda rules: {"four_card_draw": "stock-or-beg"},
    "discard-stock-draw": lambda rules: {"may_discard_stock_draw": True},
    "no-joker-on-joker": lambda rules: {"joker_carries_joker": False},
    "next-turn-call": lambda rules: {"call": "next-turn"},
    "ace-high-cut": lambda rules: {"cut_ace": "high"},
    "no-jokers": lambda rules: {"jokers": 0},
    "no-turn-limit": lambda rules: {"max_turns": 0},
}
"""Named option changes: the other readings of the rules players are likeliest to want."""

VARIANT_ALIASES: dict[str, str] = {
    "shuffle": "shuffle-beg",
    "shuffle-the-beg": "shuffle-beg",
    "keep-top-card": "keep-top",
    "late-call": "next-turn-call",
    "52-cards": "no-jokers",
    "no-limit": "no-turn-limit",
    "people": "no-turn-limit",
}
