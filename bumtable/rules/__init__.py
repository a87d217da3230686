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

import random
from typing import Any

from bumtable.rules import boojum, gin_bummy
from bumtable.rules.climbing import ClimbingObservation, ClimbingRules, Play
from bumtable.rules.climbing import sample_state as _climbing_sample
from bumtable.rules.record import GameRecord
from bumtable.rules.registry import (
    AnyRules,
    AnyState,
    climbing,
    get,
    rules_from_dict,
    rules_from_json,
    system,
    systems,
)

Rules = AnyRules
"""Any system's rules object: :class:`ClimbingRules`, ``GinBummyRules`` or ``BoojumRules``."""
State = AnyState
"""Any system's state; all offer the interface in :mod:`bumtable.rules.interface`."""
Action = Play | gin_bummy.GinBummyAction | boojum.BoojumAction
Observation = ClimbingObservation | gin_bummy.GinBummyObservation | boojum.BoojumObservation


def observe(state: State, seat: int | None) -> Observation:
    """What ``seat`` may know of ``state`` (None: a spectator)."""
    return state.observe(seat)


def sample_state(observation: Observation, rng: random.Random) -> State:
    """A full state consistent with everything the observation's seat knows (for search bots)."""
    if isinstance(observation, gin_bummy.GinBummyObservation):
        return gin_bummy.sample_state(observation, rng)
    if isinstance(observation, boojum.BoojumObservation):
        return boojum.sample_state(observation, rng)
    return _climbing_sample(observation, rng)


def legal_actions(state: State) -> list[Action]:
    """Every legal action for the player to move."""
    return list(state.legal_actions())


def apply(state: State, action: Any) -> State:
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
    "ClimbingRules",
    "GameRecord",
    "Observation",
    "Rules",
    "State",
    "apply",
    "climbing",
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
