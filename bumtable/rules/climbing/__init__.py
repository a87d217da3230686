"""The climbing engine: one engine for every climbing game, driven by a rules object."""

from typing import TYPE_CHECKING

from bumtable.rules.climbing.observation import ClimbingObservation, observation_from_dict
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.rules.climbing.options import ClimbingOptions
from bumtable.rules.climbing.plays import DECLARE, DECLINE, PASS, PASS_PLAY, SEQUENCE, SET, Play
from bumtable.rules.climbing.rules import ClimbingRules
from bumtable.rules.climbing.sample import sample_state
from bumtable.rules.climbing.state import ClimbingState, HandResult, observe

if TYPE_CHECKING:  # mypy checks the classes against the one interface
    from bumtable.rules.protocol import GameObservation, GameRules, GameState

    _rules: GameRules[Play, ClimbingState] = ClimbingRules()
    _state: GameState[Play, ClimbingObservation] = ClimbingState(ClimbingRules(), 0)
    _obs: GameObservation[Play] = _state.observe(0)

__all__ = [
    "DECLARE",
    "DECLINE",
    "PASS",
    "PASS_PLAY",
    "SEQUENCE",
    "SET",
    "ClimbingObservation",
    "ClimbingOptions",
    "ClimbingRules",
    "ClimbingState",
    "HandResult",
    "Play",
    "observation_from_dict",
    "observe",
    "revolution_probability",
    "sample_state",
]
