"""Any family's observation: a union of the family models, picked by the ``system`` key."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from bumtable.wire.base import WireModel
from bumtable.wire.boojum import BoojumObservationModel
from bumtable.wire.climbing import ClimbingObservationModel
from bumtable.wire.gin_bummy import GinBummyObservationModel

AnyObservationModel = ClimbingObservationModel | GinBummyObservationModel | BoojumObservationModel
ObservationModel = Annotated[AnyObservationModel, Field(discriminator="system")]

OBSERVATION_MODELS: dict[str, type[WireModel]] = {
    "climbing": ClimbingObservationModel,
    "gin-bummy": GinBummyObservationModel,
    "boojum": BoojumObservationModel,
}

OBSERVATION: TypeAdapter[AnyObservationModel] = TypeAdapter(ObservationModel)


def validate_observation(data: Any) -> AnyObservationModel:
    """The model of an observation dict of any system, or a ``ValidationError`` naming the field."""
    return OBSERVATION.validate_python(data)
