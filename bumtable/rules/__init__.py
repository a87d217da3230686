"""The rules layer: pure (no I/O, no clock, no global random), one interface for every system.

Every system implements the protocols of :mod:`bumtable.rules.protocol`; the registry
(:mod:`bumtable.rules.registry`) names them and says which family each belongs to. Code above
this layer uses only these functions, the protocols and the registry.

>>> import random
>>> from bumtable import rules
>>> r = rules.get("bum-game", players=4)
>>> s = r.new_state(seed=42)
>>> a = rules.legal_actions(s)[0]
>>> s2 = rules.apply(s, a)          # a new state; s is unchanged
>>> len(s2.history), len(s.history)
(1, 0)
>>> rules.legal_mask(s)[r.action_space().encode(a)]
1
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
"""Any system's rules object."""
State = AnyState
"""Any system's state."""
Observation = AnyObservation
"""Any system's observation."""


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    seen: Observation = state.observe(seat)
    return seen


def legal_actions(state: State) -> tuple[Any, ...]:
    """Every legal action for the player to move."""
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
