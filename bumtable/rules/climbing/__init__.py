"""The climbing engine: one engine for every climbing game, driven by a rules object."""

from bumtable.rules.climbing.observation import ClimbingObservation, observe, sample_state
from bumtable.rules.climbing.odds import revolution_probability
from bumtable.rules.climbing.options import ClimbingRules
from bumtable.rules.climbing.plays import DECLARE, DECLINE, PASS, PASS_PLAY, SEQUENCE, SET, Play
from bumtable.rules.climbing.state import ClimbingState, HandResult

__all__ = [
    "DECLARE",
    "DECLINE",
    "PASS",
    "PASS_PLAY",
    "SEQUENCE",
    "SET",
    "ClimbingObservation",
    "ClimbingRules",
    "ClimbingState",
    "HandResult",
    "Play",
    "observe",
    "revolution_probability",
    "sample_state",
]
