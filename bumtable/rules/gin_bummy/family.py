"""The gin-bummy family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from bumtable.rules.gin_bummy import GinBummyRules, sample_state
from bumtable.rules.gin_bummy.observation_json import observation_from_dict
from bumtable.rules.protocol import FamilyOf

ENGINE_VERSION = 1
"""Raise it whenever a record of this family would replay differently (records carry it)."""


FAMILY = FamilyOf(
    name="gin-bummy",
    engine_version=ENGINE_VERSION,
    rules_from_dict=GinBummyRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=observation_from_dict,
)
