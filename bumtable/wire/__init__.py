"""Typed pydantic models of the wire form that ``to_dict()`` writes, each with a JSON Schema.

The rules layer stays free of pydantic; records, faces and the table server check what they read here.

>>> from bumtable.rules import get
>>> data = get("bum-game", players=4).new_state(seed=3).observe(0).to_dict()
>>> validate_observation(data).model_dump(mode="json") == data
True
"""

from __future__ import annotations

from bumtable.wire.base import CutCardModel, LegalActionModel, WireModel
from bumtable.wire.boojum import BoojumObservationModel
from bumtable.wire.cards import CardFaceModel
from bumtable.wire.climbing import ClimbingObservationModel
from bumtable.wire.event import EventModel
from bumtable.wire.gin_bummy import GinBummyObservationModel
from bumtable.wire.observation import (
    OBSERVATION,
    OBSERVATION_MODELS,
    AnyObservationModel,
    ObservationModel,
    validate_observation,
)
from bumtable.wire.record import RecordModel
from bumtable.wire.rules import RULES, RULES_MODELS, RulesModel
from bumtable.wire.schema import schemas, write_schemas

__all__ = [
    "OBSERVATION",
    "OBSERVATION_MODELS",
    "RULES",
    "RULES_MODELS",
    "AnyObservationModel",
    "BoojumObservationModel",
    "CardFaceModel",
    "ClimbingObservationModel",
    "CutCardModel",
    "EventModel",
    "GinBummyObservationModel",
    "LegalActionModel",
    "ObservationModel",
    "RecordModel",
    "RulesModel",
    "WireModel",
    "schemas",
    "validate_observation",
    "write_schemas",
]
