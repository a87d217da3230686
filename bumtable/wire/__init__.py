"""The wire model: observations, events, rules and records as typed pydantic models with one JSON form
and a JSON Schema each.

The rules layer makes the wire form (``observation.to_dict()``, ``event.to_dict()``,
``rules.to_dict()``, ``GameRecord.to_dict()``) and stays free of pydantic; this package, above it,
describes that form exactly, so records, the faces and the table server can check what they read
and publish a schema of it (``bumtable schema``, ``docs/schema/``). Every model is strict and closed:
a missing key, an unknown key or a value of the wrong type is a ``ValidationError`` naming the field.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> data = state.observe(0).to_dict()
>>> obs = validate_observation(data)
>>> type(obs).__name__, obs.model_dump(mode="json") == data
('ClimbingObservationModel', True)
>>> [EventModel.model_validate(e.to_dict()).kind for e in state.events(0)][-1]
'lead'
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
