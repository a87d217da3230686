"""The boojum family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from bumtable.rules.boojum import BoojumObservation, BoojumRules, sample_state
from bumtable.rules.boojum.card_table import card_table
from bumtable.rules.boojum.observation_json import observation_from_dict
from bumtable.rules.protocol import FamilyOf

ENGINE_VERSION = 2
"""Raise it whenever a record of this family would replay differently (records carry it)."""


def tokens_held(observation: BoojumObservation) -> tuple[tuple[int, ...], str]:
    """How many different tokens each player holds."""
    return tuple(sum(1 for k in held if k) for held in observation.tokens), "tokens"


FAMILY = FamilyOf(
    name="boojum",
    engine_version=ENGINE_VERSION,
    rules_from_dict=BoojumRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=observation_from_dict,
    card_table=card_table,
    running_count=tokens_held,
)
