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

import httpx
import jsonschema
import pytest
from referencing import Registry, Resource
from server_fixtures import ON_SQLITE
from server_helpers import Server, next_of, play_seat, receive_any

from bumtable.cards.decktet import DecktetCard
from bumtable.cards.french import Card
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


@ON_SQLITE
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
@ON_SQLITE
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


def section(title: str) -> str:
    """The text of the document's section ``## title`` (or ``### title``), up to the next heading of its level."""
    text = DOC.read_text()
    match = re.search(rf"^(#+) {re.escape(title)}\n(.*?)(?=^\1 )", text, re.DOTALL | re.MULTILINE)
    assert match, f"docs/protocol.md has no section {title!r}"
    return match.group(2)


def play_to_the_end(server: Server, created: dict[str, Any], seed: int) -> list[dict[str, Any]]:
    """Play seat 0 (random legal actions) to the game's end; every message received, then a resync's answer
    (table messages before it skipped), which comes after anything else the server had to send."""
    import random

    rng = random.Random(seed)
    messages: list[dict[str, Any]] = []
    with server.connect(created["id"], created["tokens"]["0"]) as ws:
        while True:
            message = receive_any(ws, timeout=30)
            messages.append(message)
            assert message["type"] != "error", message
            if message["type"] != "state":
                continue
            observation = message["observation"]
            if observation["phase"] == "over":
                break
            if observation["legal"]:
                ws.send(
                    json.dumps({"type": "act", "v": 1, "action": rng.choice(observation["legal"])["text"]})
                )
        ws.send(json.dumps({"type": "resync", "v": 1, "since": messages[-1]["next"]}))
        while True:
            message = receive_any(ws)
            messages.append(message)
            if message["type"] == "state":
                return messages


@ON_SQLITE
def test_the_table_message_saying_over_comes_before_the_last_state_frame(server: Server) -> None:
    """As the document says: the game's last action sends the ``table`` message (``over``), then its ``state``
    frame with the last events, ending with ``game-over``; no state frame follows but what a client asks for."""
    assert "comes **before** the last events" in section("The end of a game")
    created = server.create(game="president", players=4, seats=None, seed=6, options={"rounds": 1})
    messages = play_to_the_end(server, created, 3)
    *played, resynced = messages
    over = next(i for i, m in enumerate(played) if m["type"] == "table" and m["status"] == "over")
    last = max(i for i, m in enumerate(played) if m["type"] == "state")
    assert over < last and played[last]["observation"]["phase"] == "over"
    assert all(m["observation"]["phase"] != "over" for m in played[:last] if m["type"] == "state")
    events = played[last]["events"]
    assert [e["kind"] for e in events][-2:] == ["hand-over", "game-over"]
    assert played[last]["next"] == events[-1]["seq"] + 1
    assert resynced["since"] == played[last]["next"] and resynced["events"] == []  # nothing was left to send


FRENCH = re.compile(r"(?:[2-9]|10|[JQKA])[cdhs]|JK|BJ|RJ")
DECKTET = re.compile(r"[A2-9PTC][MSWLYK]{1,3}|X")


@pytest.mark.parametrize(
    ("game", "players"),
    [
        ("bum-game", 4),
        ("president", 4),
        ("zheng-shangyou", 4),
        ("arsehole", 4),
        ("gin-bummy", 2),
        ("boojum", 3),
    ],
)
@ON_SQLITE
def test_every_card_the_server_sends_is_written_as_the_document_gives_the_notation(
    server: Server, game: str, players: int
) -> None:
    """Every card in every seat's first frame (four deals) is in the documented form, and the document's examples
    read as the cards it says they are."""
    text = section("Cards and actions")
    for example in ("`Qh`", "`10s`", "`3c`", "`JK`", "`BJ`", "`RJ`", "`2MK` the Author", "`X`"):
        assert example in text, example
    read = [str(Card.parse(c)) for c in ("Qh", "10s", "Th", "q♥", "JK", "BJ", "RJ")]
    assert read == ["Qh", "10s", "10h", "Qh", "JK", "BJ", "RJ"]
    names = [DecktetCard.parse(c).name for c in ("AM", "2MK", "7ML", "PMSL", "CK", "X")]
    assert names == [
        "Ace of Moons",
        "the Author",
        "the Chance Meeting",
        "the Harvest",
        "the Windfall",
        "the Excuse",
    ]
    notation = DECKTET if game == "boojum" else FRENCH
    cards: set[str] = set()
    for seed in range(4):
        seats = [{"kind": "person"}] * players
        created = server.create(game=game, players=players, seats=seats, seed=seed, host=False)
        for token in created["tokens"].values():
            with server.connect(created["id"], token) as ws:
                cards.update(next_of(ws, "state")["observation"]["hand"])
    assert cards and all(notation.fullmatch(c) for c in cards), sorted(cards)


@ON_SQLITE
def test_a_short_match_made_as_the_document_shows_is_short(server: Server) -> None:
    """Each example body of the document's short matches makes a table whose match ends as its options say."""
    bodies = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", section("A short match"), re.DOTALL)]
    assert [b["game"] for b in bodies] == ["bum-game", "president", "zheng-shangyou", "gin-bummy", "boojum"]
    for seed, body in enumerate(bodies):
        answer = httpx.post(f"{server.http}/api/tables", json=body, timeout=10)
        assert answer.status_code == 200, (body, answer.text)
        play_to_the_end(server, answer.json(), seed)
        board = httpx.get(f"{server.http}/api/tables/{answer.json()['id']}/scoreboard", timeout=10).json()
        outcome, options = board["outcome"], body["options"]
        assert outcome is not None, body
        if "rounds" in options:
            assert len(board["hands"]) == options["rounds"] and outcome["reason"] == "rounds", (body, outcome)
        elif "target" in options:
            assert outcome["reason"] == "target" and max(board["totals"]) >= options["target"], (body, board)
        elif "max_turns" in options:
            assert outcome["length"] <= options["max_turns"], (body, outcome)
        else:
            assert outcome["length"] <= options["max_rounds"], (body, outcome)


@pytest.mark.parametrize(
    ("game", "options"), [("president", {"rounds": 2}), ("gin-bummy", {}), ("boojum", {})]
)
@ON_SQLITE
def test_what_each_game_keeps_private_is_as_the_document_says(
    server: Server, game: str, options: dict[str, Any]
) -> None:
    """The document's table of private cards, checked on a whole game's events as a seat and a spectator saw them:
    a dealt hand only to its holder; exchanged cards only to giver and receiver; a draw from an unknown stock and
    Boojum's face-down cards only to their holder, or to nobody."""
    text = section("What each game keeps private")
    for words in ("cards passed in the **exchange**", "**drawn from a stock", "**dealt face down**"):
        assert words in text, words
    created = server.create(game=game, seats=None, seed=7, options=options)
    play_to_the_end(server, created, 5)
    views = {}
    for seat, token in ((0, created["tokens"]["0"]), (None, None)):
        with server.connect(created["id"], token) as ws:
            views[seat] = next_of(ws, "state")
    assert views[None]["observation"]["hand"] is None and isinstance(views[0]["observation"]["hand"], list)
    hidden = (
        {"deal"} | ({"give"} if game == "president" else set()) | ({"draw"} if game != "president" else set())
    )
    checked = 0
    for seat, frame in views.items():
        known_stock = False  # Gin Bummy: a stock turned over as it lay is known to all
        for event in frame["events"]:
            known_stock = known_stock or event["kind"] == "turn-over"
            if event["kind"] not in hidden:
                continue
            insider = seat is not None and seat in (event["player"], event["to"])  # a slot's deal: nobody's
            if not insider and event["count"]:
                public = game == "gin-bummy" and (event["text"] == "draw beg" or known_stock)
                assert public or not event["cards"], (seat, event)
                checked += not public
            elif insider and event["count"] and event["kind"] != "draw":
                assert len(event["cards"]) == event["count"], (seat, event)
    assert checked
