"""The WebSocket protocol: one pydantic model per message type, told apart by ``type``, each with a version ``v``.

Client to server: ``act`` (an action's text, as the observation's ``legal`` lists it) and ``resync``
(every event from ``since`` on, after a dropped connection). Server to client: ``state`` (the
viewer's observation and the events it saw since its last frame) and ``error`` (what was wrong; the
connection stays open unless the error says the table or seat is unreachable).

>>> read_client_message('{"type": "act", "v": 1, "action": "set 3"}')
ActMessage(type='act', v=1, action='set 3')
>>> read_client_message('{"type": "dance", "v": 1}')
Traceback (most recent call last):
...
bumtable.server.messages.MessageError: unknown message type 'dance'; types: act, resync
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bumtable.errors import BumtableError

VERSION = 1
"""The protocol version every message carries as ``v``."""


class MessageError(BumtableError):
    """A message the server cannot read; ``code`` names the kind of fault."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class ActMessage(_Message):
    """Take an action for the connection's seat."""

    type: Literal["act"] = "act"
    v: Literal[1] = 1
    action: str = Field(
        min_length=1, max_length=200, description="The action's text, e.g. 'set 3' or 'pass'."
    )


class ResyncMessage(_Message):
    """Send the observation again with every event from ``since`` on (the seq after the last one seen)."""

    type: Literal["resync"] = "resync"
    v: Literal[1] = 1
    since: int = Field(default=0, ge=0, description="The first event's seq to send again.")


ClientMessage = Annotated[ActMessage | ResyncMessage, Field(discriminator="type")]
CLIENT_TYPES = ("act", "resync")
_CLIENT = TypeAdapter[ActMessage | ResyncMessage](ClientMessage)


class StateMessage(_Message):
    """What the viewer may know now: its observation and the events it saw from ``since`` on."""

    type: Literal["state"] = "state"
    v: Literal[1] = 1
    table: str
    seat: int | None = Field(description="The viewer's seat; None for a spectator.")
    step: int = Field(description="How many actions the table has taken.")
    observation: dict[str, Any] = Field(
        description="The seat's observation in its wire form (bumtable.wire), legal actions included."
    )
    events: list[dict[str, Any]] = Field(description="Events from `since` on, as this viewer may know them.")
    since: int = Field(description="The seq the events start from.")
    next: int = Field(description="The seq of the next event: send it as `since` in a resync.")


class ErrorMessage(_Message):
    """What was wrong with the last message (or why the connection cannot go on)."""

    type: Literal["error"] = "error"
    v: Literal[1] = 1
    code: str = Field(
        description="malformed-json, unknown-type, bad-version, invalid, bad-action, illegal, not-your-turn, "
        "spectator, no-table, bad-token, engine-version"
    )
    message: str


def read_client_message(text: str | bytes) -> ActMessage | ResyncMessage:
    """A client message from its JSON text; a :class:`MessageError` that names what was wrong."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise MessageError("malformed-json", f"not JSON: {e}") from None
    if not isinstance(data, dict):
        raise MessageError("invalid", "a message must be a JSON object with 'type' and 'v'")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise MessageError("unknown-type", f"unknown message type {kind!r}; types: {', '.join(CLIENT_TYPES)}")
    if data.get("v") != VERSION:
        raise MessageError("bad-version", f"{kind} messages are version {VERSION}, not {data.get('v')!r}")
    try:
        return _CLIENT.validate_python(data)
    except ValidationError as e:
        faults = "; ".join(f"{'.'.join(str(p) for p in err['loc'][1:])}: {err['msg']}" for err in e.errors())
        raise MessageError("invalid", f"bad {kind} message: {faults}") from None


def error(code: str, message: str) -> dict[str, Any]:
    """An error message as JSON-ready data.

    >>> error("illegal", "no")["type"]
    'error'
    """
    return ErrorMessage(code=code, message=message).model_dump(mode="json")
