"""The JSON Schema of every wire model, and the files ``bumtable schema --out docs/schema`` writes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bumtable.wire.cards import CardFaceModel
from bumtable.wire.event import EventModel
from bumtable.wire.observation import OBSERVATION, OBSERVATION_MODELS
from bumtable.wire.record import RecordModel
from bumtable.wire.rules import RULES, RULES_MODELS

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _makers() -> dict[str, Callable[[], dict[str, Any]]]:
    out: dict[str, Callable[[], dict[str, Any]]] = {}
    for family, model in OBSERVATION_MODELS.items():
        out[f"{family}-observation"] = model.model_json_schema
    out["observation"] = OBSERVATION.json_schema
    for family, model in RULES_MODELS.items():
        out[f"{family}-rules"] = model.model_json_schema
    out["rules"] = RULES.json_schema
    out["event"] = EventModel.model_json_schema
    out["record"] = RecordModel.model_json_schema
    out["card-face"] = CardFaceModel.model_json_schema
    return out


def schemas() -> dict[str, dict[str, Any]]:
    """Each wire model's JSON Schema, by name (the file name under ``docs/schema/`` less ``.json``)."""
    out: dict[str, dict[str, Any]] = {}
    for name, make in _makers().items():
        schema = make()
        if name in ("observation", "rules"):
            schema = {"title": name.capitalize(), **schema}
        out[name] = {"$schema": DIALECT, **schema}
    return out


def schema_text(schema: dict[str, Any]) -> str:
    """A schema as the text of its file: indented JSON, keys in pydantic's order, ending in a newline."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def write_schemas(directory: Path | str) -> list[Path]:
    """Write each schema to ``directory/NAME.json`` (made if missing); the paths written, by name."""
    return write_files(directory, schemas())


def write_files(directory: Path | str, named: dict[str, dict[str, Any]]) -> list[Path]:
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, schema in sorted(named.items()):
        path = folder / f"{name}.json"
        path.write_text(schema_text(schema), encoding="utf-8")
        paths.append(path)
    return paths
