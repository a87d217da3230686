"""The rules layer: pure (no I/O, clock or global random), one interface for every system. Code above it uses
only these functions, the protocols (:mod:`~bumtable.rules.protocol`) and the registry.

>>> from bumtable import rules
>>> s = rules.get("bum-game", players=4).new_state(seed=42)
>>> s2 = rules.apply(s, rules.legal_actions(s)[0])  # a new state; s is unchanged
>>> len(s2.history), len(s.history), rules.legal_mask(s).count(1) == len(rules.legal_actions(s))
(1, 0, True)
"""

from __future__ import annotations

from typing import Any

from bumtable.rules.action_space import ActionSpace
from bumtable.rules.chance import Chance
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.events import Event
from bumtable.rules.outcome import Outcome
from bumtable.rules.protocol import (
    AnyObservation,
    AnyRules,
    AnyState,
    Family,
    GameObservation,
    GameRules,
    GameState,
)
from bumtable.rules.record import GameRecord
from bumtable.rules.registry import (
    FAMILIES,
    as_climbing,
    climbing,
    family_of,
    get,
    rules_from_dict,
    rules_from_json,
    sample_state,
    system,
    systems,
)

Rules = AnyRules
State = AnyState
Observation = AnyObservation


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    seen: Observation = state.observe(seat)
    return seen


def legal_actions(state: State) -> tuple[Any, ...]:
    return state.legal_actions()


def legal_mask(state_or_observation: State | Observation) -> bytearray:
    """The legal actions as a mask over the rules' action space (1 = legal)."""
    rules: Rules = state_or_observation.rules
    return rules.action_space().mask(state_or_observation.legal_actions())


def apply(state: State, action: Any) -> State:
    """A new state: ``state`` with ``action`` taken (``state`` itself is unchanged)."""
    new = state.copy()
    new.apply(action)
    return new


def current_player(state: State) -> int | None:
    return state.current_player()


def is_over(state: State) -> bool:
    return state.is_over()


def outcome(state: State) -> Outcome | None:
    """How the game ended (None while it runs)."""
    return state.outcome()


__all__ = [
    "FAMILIES",
    "ActionSpace",
    "Chance",
    "ClimbingRules",
    "Event",
    "Family",
    "GameObservation",
    "GameRecord",
    "GameRules",
    "GameState",
    "Observation",
    "Outcome",
    "Rules",
    "State",
    "apply",
    "as_climbing",
    "climbing",
    "current_player",
    "family_of",
    "get",
    "is_over",
    "legal_actions",
    "legal_mask",
    "observe",
    "outcome",
    "rules_from_dict",
    "rules_from_json",
    "sample_state",
    "system",
    "systems",
]
