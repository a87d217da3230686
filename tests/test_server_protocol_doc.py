"""docs/protocol.md is enough to write a client: its example client plays a game through a real server, its
message schemas are current, and every message of whole games validates against them (JSON Schema, with the wire
schemas they refer to)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from referencing import Registry, Resource
from server_helpers import Server, play_seat, receive_any

from bumtable.server.messages import SERVER
from bumtable.server.schema import write_message_schemas

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "protocol.md"
SCHEMAS = ROOT / "docs" / "schema"


def test_the_committed_message_schemas_are_current(tmp_path: Path) -> None:
    written = {p.name: p.read_text() for p in write_message_schemas(tmp_path)}
    committed = {p.name: p.read_text() for p in (SCHEMAS / "protocol").glob("*.json")}
    stale = sorted(n for n in written.keys() | committed.keys() if written.get(n) != committed.get(n))
    assert stale == [], (
        f"docs/schema/protocol is out of date ({', '.join(stale)}): run `bumtable schema --out docs/schema`"
    )


def test_the_documents_example_client_plays_a_game_to_its_end(server: Server, tmp_path: Path) -> None:
    (code,) = re.findall(r"```python\n(.*?)```", DOC.read_text(), re.DOTALL)
    code = (
        code.replace("127.0.0.1:8000", f"127.0.0.1:{server.port}")
        + "\nprint('over at step', message['step'])\n"
    )
    script = tmp_path / "client.py"
    script.write_text(code)
    ran = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert re.search(r"over at step \d+", ran.stdout)


def validator(name: str) -> jsonschema.protocols.Validator:
    """A validator for ``protocol/NAME.json`` that resolves its references to the wire schemas."""
    resources = []
    for path in [*SCHEMAS.glob("*.json"), *(SCHEMAS / "protocol").glob("*.json")]:
        uri = path.relative_to(SCHEMAS).as_posix()
        resources.append(
            (f"https://bumtable.invalid/schema/{uri}", Resource.from_contents(json.loads(path.read_text())))
        )
    registry = Registry().with_resources(resources)
    schema = {"$ref": f"https://bumtable.invalid/schema/protocol/{name}.json"}
    cls = jsonschema.validators.validator_for(json.loads((SCHEMAS / "protocol" / f"{name}.json").read_text()))
    return cls(schema, registry=registry)


@pytest.mark.parametrize("game", ["zheng-shangyou", "gin-bummy", "boojum"])
def test_every_message_of_a_whole_game_matches_its_schema(server: Server, game: str) -> None:
    created = server.create(game=game, seats=None, seed=4, settings={"clock": {"bank": 600, "increment": 1}})
    messages = play_seat(server, created["id"], created["tokens"]["0"], 9)
    with server.connect(created["id"]) as ws:  # a spectator's, and an error of each kind it can cause
        messages += [receive_any(ws), receive_any(ws)]
        for bad in ["{", '{"type": "dance", "v": 1}', '{"type": "act", "v": 1, "action": "pass"}']:
            ws.send(bad)
            messages.append(receive_any(ws))
    kinds = {m["type"] for m in messages}
    assert kinds == {"table", "state", "error"}
    for message in messages:  # the server makes frames as plain data: each is exactly its model's JSON form
        assert SERVER.validate_python(message).model_dump(mode="json") == message
    check = validator("server-message")
    phases: set[tuple[str, int]] = set()
    for message in messages:  # every table and error message; state frames of each phase and turn size
        if message["type"] == "state":
            observation = message["observation"]
            shape = (observation["phase"], len(observation["legal"]))
            if shape in phases:
                continue
            phases.add(shape)
        check.validate(message)
    assert len(phases) >= 3
    clients: list[dict[str, Any]] = [
        {"type": "act", "v": 1, "action": "pass"},
        {"type": "resync", "v": 1, "since": 3},
        {"type": "auto", "v": 1, "on": True},
        {"type": "name", "v": 1, "name": "Ann"},
    ]
    for message in clients:
        validator("client-message").validate(message)
    with pytest.raises(jsonschema.ValidationError):
        validator("client-message").validate({"type": "act", "action": "pass"})  # no version
