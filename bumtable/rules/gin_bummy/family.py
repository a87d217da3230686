"""The gin-bummy family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from typing import Any

from bumtable.rules.gin_bummy import GinBummyObservation, GinBummyRules, sample_state
from bumtable.rules.protocol import Family

ENGINE_VERSION = 1
"""Raise it whenever a record of this family would replay differently (records carry it)."""


def _observation_from_dict(data: dict[str, Any], rules: Any) -> GinBummyObservation:
    return GinBummyObservation.from_dict(data)


FAMILY = Family(
    name="gin-bummy",
    engine_version=ENGINE_VERSION,
    rules_from_dict=GinBummyRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=_observation_from_dict,
)
