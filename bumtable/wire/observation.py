"""Any family's observation: one union of the family models, told apart by the ``system`` key.

Every observation dict names its rules ``system``; each system belongs to one family (the registry
says which), and each family's model lists its systems as the literal values of ``system``. So the
``system`` key alone picks the model, and a JSON Schema ``oneOf`` with a discriminator describes them.

>>> from bumtable.rules import get
>>> obs = validate_observation(get("boojum", players=3).new_state(seed=1).observe(None).to_dict())
>>> type(obs).__name__, obs.seat
('BoojumObservationModel', None)
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, TypeAdapter

from bumtable.wire.base import WireModel
from bumtable.wire.boojum import BoojumObservationModel
from bumtable.wire.climbing import ClimbingObservationModel
from bumtable.wire.gin_bummy import GinBummyObservationModel

AnyObservationModel = ClimbingObservationModel | GinBummyObservationModel | BoojumObservationModel
"""The type of an observation model of any family."""
ObservationModel = Annotated[AnyObservationModel, Field(discriminator="system")]
"""An observation of any system: the model is picked by its ``system`` value."""

OBSERVATION_MODELS: dict[str, type[WireModel]] = {
    "climbing": ClimbingObservationModel,
    "gin-bummy": GinBummyObservationModel,
    "boojum": BoojumObservationModel,
}
"""Each family's observation model, by family name (``family_of(rules).name``)."""

OBSERVATION: TypeAdapter[AnyObservationModel] = TypeAdapter(ObservationModel)
"""Validates and dumps an observation of any system (``OBSERVATION.json_schema()`` is its schema)."""


def validate_observation(data: Any) -> AnyObservationModel:
    """The model of an observation dict of any system, chosen by its ``system`` key; anything else
    (a missing or unknown key, a value of the wrong type, an unknown system) is a pydantic
    ``ValidationError`` whose errors name the field (``loc``).

    >>> from pydantic import ValidationError
    >>> try:
    ...     validate_observation({"system": "chess"})
    ... except ValidationError as e:
    ...     print(e.errors()[0]["type"])
    union_tag_invalid
    """
    return OBSERVATION.validate_python(data)
