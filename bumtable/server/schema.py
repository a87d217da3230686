"""The JSON Schema of every WebSocket message (``docs/schema/protocol/``), from the pydantic models.

>>> message_schemas()["client-act"]["properties"]["type"]["const"]
'act'
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from bumtable.server.messages import (
    _CLIENT,
    SERVER,
    ActMessage,
    AutoMessage,
    ChatLines,
    ChatMessage,
    ErrorMessage,
    NameMessage,
    RematchMessage,
    RematchOffer,
    ResyncMessage,
    StartMessage,
    StateMessage,
    TableMessage,
)
from bumtable.wire.schema import DIALECT, write_files

PROTOCOL_DIR = "protocol"

MODELS: dict[str, type[BaseModel]] = {
    "client-act": ActMessage,
    "client-resync": ResyncMessage,
    "client-auto": AutoMessage,
    "client-name": NameMessage,
    "client-chat": ChatMessage,
    "client-start": StartMessage,
    "client-rematch": RematchMessage,
    "server-table": TableMessage,
    "server-state": StateMessage,
    "server-error": ErrorMessage,
    "server-chat": ChatLines,
    "server-rematch": RematchOffer,
}


def message_schemas() -> dict[str, dict[str, Any]]:
    """Each message's JSON Schema by name, and the unions ``client-message`` and ``server-message``."""
    out: dict[str, dict[str, Any]] = {}
    for name, model in MODELS.items():
        mode: Literal["validation", "serialization"] = (
            "validation" if name.startswith("client-") else "serialization"
        )
        out[name] = {"$schema": DIALECT, **_link(model.model_json_schema(mode=mode))}
    out["client-message"] = {"$schema": DIALECT, "title": "ClientMessage", **_link(_CLIENT.json_schema())}
    server = _link(SERVER.json_schema(mode="serialization"))
    out["server-message"] = {"$schema": DIALECT, "title": "ServerMessage", **server}
    return out


def _link(schema: Any) -> Any:
    """The schema with each field marked ``x-wire`` (or ``x-wire-items``) a reference to that wire schema: the
    messages hold observations, events and rules as plain JSON."""
    if isinstance(schema, list):
        return [_link(v) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {
        k: _link(v) for k, v in schema.items() if k not in ("x-wire", "x-wire-items", "additionalProperties")
    }
    if "x-wire" in schema:
        out = {"$ref": f"../{schema['x-wire']}.json", "description": schema.get("description", "")}
    elif "x-wire-items" in schema:
        out = {
            "type": "array",
            "items": {"$ref": f"../{schema['x-wire-items']}.json"},
            "description": schema.get("description", ""),
        }
    elif "additionalProperties" in schema:
        out["additionalProperties"] = _link(schema["additionalProperties"])
    return out


def write_message_schemas(directory: Path | str) -> list[Path]:
    """Write each message schema to ``directory/protocol/NAME.json``; return the paths."""
    return write_files(Path(directory) / PROTOCOL_DIR, message_schemas())
