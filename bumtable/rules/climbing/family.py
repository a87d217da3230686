"""The climbing family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from typing import Any

from bumtable.rules.climbing import ClimbingObservation, ClimbingRules, sample_state
from bumtable.rules.protocol import Family

ENGINE_VERSION = 1
"""Raise it whenever a record of this family would replay differently (records carry it)."""


def _observation_from_dict(data: dict[str, Any], rules: Any) -> ClimbingObservation:
    return ClimbingObservation.from_dict(data)


FAMILY = Family(
    name="climbing",
    engine_version=ENGINE_VERSION,
    rules_from_dict=ClimbingRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=_observation_from_dict,
)
