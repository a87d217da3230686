"""Gin Bummy's rules object: every option as data, the preset and the named variants.

The options themselves (and their checks) are :class:`~bumtable.rules.gin_bummy.options.GinBummyOptions`;
:class:`GinBummyRules` adds what makes it the family's factory (new games, the actions' text and numbers),
so it sits at the top of the family and imports the state, never the other way round.

>>> rules = gin_bummy(players=3)
>>> rules.players, rules.deck_size, rules.hand_size, rules.turn_over
(3, 54, 10, 'flip')
>>> rules.replace(turn_over="shuffle").turn_over
'shuffle'
>>> rules.replace(deal=9)
Traceback (most recent call last):
...
bumtable.errors.RulesError: gin-bummy has no option 'deal'; options: call, cut_ace, four_card_draw, hand_size, joker_carries_joker, jokers, max_turns, may_discard_stock_draw, players, system, turn_over, turn_over_keeps_top
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

    # ----------------------------------------------------------------- interface
    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> GinBummyState:
        """A new game from this seed: the cut for the deal, the deal, the dealer to play.

        ``chance`` replays the shuffles of another game (its ``chance.draws``: each round of the cut,
        the deal, then any shuffled turn-over) instead of drawing them from ``seed``.

        >>> state = gin_bummy(players=2).new_state(seed=4)
        >>> state.current_player() == state.dealer, len(state.hands[0])
        (True, 10)
        >>> gin_bummy(players=2).new_state(seed=99, chance=state.chance.draws).hands == state.hands
        True
        """
        return GinBummyState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[GinBummyAction]:
        """Every action these rules allow, numbered (see :mod:`bumtable.rules.gin_bummy.action_space`).

        >>> gin_bummy().action_space().size
        108
        """
        return space.action_space(self)

    def parse_action(self, text: str) -> GinBummyAction:
        """Read an action's text (``discard Kh``, ``draw stock``, ``draw beg``, ``ace Ah``, ``joker JK Qs``, ``bum``).

        >>> gin_bummy().parse_action("Draw Beg")
        GinBummyAction(kind='draw-beg', card=-1)
        """
        return actions.parse_action(text)

    def action_text(self, action: GinBummyAction) -> str:
        """An action's text form, which :meth:`parse_action` reads back.

        >>> rules = gin_bummy()
        >>> rules.action_text(rules.parse_action("joker qs"))
        'joker JK Qs'
        """
        return actions.action_text(action)


def gin_bummy(players: int = 2) -> GinBummyRules:
    """The preset for ``players`` (2 to 4): 54 cards, 10 each, the Beg flipped as it lies.

    >>> gin_bummy(4).players, gin_bummy(4).max_turns
    (4, 1000)
    """
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
"""Named sets of option changes, for the other readings players are likeliest to want."""

VARIANT_ALIASES: dict[str, str] = {
    "shuffle": "shuffle-beg",
    "shuffle-the-beg": "shuffle-beg",
    "keep-top-card": "keep-top",
    "late-call": "next-turn-call",
    "52-cards": "no-jokers",
    "no-limit": "no-turn-limit",
    "people": "no-turn-limit",
}
