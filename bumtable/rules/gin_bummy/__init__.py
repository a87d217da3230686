"""Gin Bummy (2-4 players): shed cards until you hold four number cards of four suits and four values.

>>> from bumtable.rules.gin_bummy import gin_bummy
>>> state = gin_bummy(players=2).new_state(seed=11)
>>> state.apply(state.rules.parse_action(state.rules.action_text(state.legal_actions()[0])))
>>> len(state.history)
1
"""

from typing import TYPE_CHECKING

from bumtable.rules.gin_bummy.action_space import all_actions
from bumtable.rules.gin_bummy.actions import (
    ACE,
    BUM,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG,
    DRAW_BEG_ACTION,
    DRAW_STOCK,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    GinBummyAction,
    action_text,
    parse_action,
)
from bumtable.rules.gin_bummy.cards import bum_problem, is_bum
from bumtable.rules.gin_bummy.observation import GinBummyObservation, observation_from_dict
from bumtable.rules.gin_bummy.position import position
from bumtable.rules.gin_bummy.rules import VARIANT_ALIASES, VARIANTS, GinBummyRules, gin_bummy
from bumtable.rules.gin_bummy.sample import sample_state
from bumtable.rules.gin_bummy.state import GinBummyState, observe

if TYPE_CHECKING:  # mypy checks the classes against the one interface
    from bumtable.rules.protocol import GameObservation, GameRules, GameState

    def _conforms(
        rules: GinBummyRules, state: GinBummyState, obs: GinBummyObservation
    ) -> tuple[
        GameRules[GinBummyAction, GinBummyState],
        GameState[GinBummyAction, GinBummyObservation],
        GameObservation[GinBummyAction],
    ]:
        return rules, state, obs


__all__ = [
    "ACE",
    "BUM",
    "BUM_ACTION",
    "DISCARD",
    "DRAW_BEG",
    "DRAW_BEG_ACTION",
    "DRAW_STOCK",
    "DRAW_STOCK_ACTION",
    "JOKER_PLAY",
    "VARIANTS",
    "VARIANT_ALIASES",
    "GinBummyAction",
    "GinBummyObservation",
    "GinBummyRules",
    "GinBummyState",
    "action_text",
    "all_actions",
    "bum_problem",
    "gin_bummy",
    "is_bum",
    "observation_from_dict",
    "observe",
    "parse_action",
    "position",
    "sample_state",
]
