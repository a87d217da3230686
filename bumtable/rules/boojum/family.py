"""The boojum family's entry for the registry: what code above the rules layer may ask of it."""

from __future__ import annotations

from bumtable.rules.boojum import BoojumRules, sample_state
from bumtable.rules.boojum.card_table import card_table
from bumtable.rules.boojum.observation_json import observation_from_dict
from bumtable.rules.protocol import Family

ENGINE_VERSION = 2
"""Raise it whenever a record of this family would replay differently (records carry it). Version 2: bids
and claims are laid a card at a time (``lay``, ``stand``; ``claim``, ``lay``, ``cash``)."""


FAMILY = Family(
    name="boojum",
    engine_version=ENGINE_VERSION,
    rules_from_dict=BoojumRules.from_dict,
    sample_state=sample_state,
    observation_from_dict=observation_from_dict,
    card_table=card_table,
)
