"""The rules layer: pure (no I/O, no clock, no global random), one interface for every system.

>>> import random
>>> from bumtable import rules
>>> r = rules.get("bum-game", players=4)
>>> s = r.new_state(seed=42)
>>> a = rules.legal_actions(s)[0]
>>> s2 = rules.apply(s, a)          # a new state; s is unchanged
>>> len(s2.history), len(s.history)
(1, 0)
"""

from __future__ import annotations

from bumtable.rules.climbing import (
    ClimbingObservation,
    ClimbingRules,
    ClimbingState,
    Play,
    observe,
    sample_state,
)
from bumtable.rules.record import GameRecord
from bumtable.rules.registry import get, rules_from_dict, rules_from_json, system, systems

Rules = ClimbingRules
State = ClimbingState
Action = Play
Observation = ClimbingObservation


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the player to move."""
    return state.legal_actions()


def apply(state: State, action: Action) -> State:
    """A new state: ``state`` with ``action`` taken (``state`` itself is unchanged)."""
    new = state.copy()
    new.apply(action)
    return new


def current_player(state: State) -> int | None:
    return state.current_player()


def is_over(state: State) -> bool:
    return state.is_over()


def outcome(state: State) -> tuple[int, ...]:
    return state.outcome()


__all__ = [
    "Action",
    "GameRecord",
    "Observation",
    "Rules",
    "State",
    "apply",
    "current_player",
    "get",
    "is_over",
    "legal_actions",
    "observe",
    "outcome",
    "rules_from_dict",
    "rules_from_json",
    "sample_state",
    "system",
    "systems",
]
