"""The wire models (bumtable.wire) describe exactly what the rules layer writes: every observation of
every seat and of a spectator, every event as each viewer saw it, rules and records, in seeded random
games of every system; malformed data is refused naming the field; the committed schemas are current."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any, get_args

import pytest
from pydantic import BaseModel, ValidationError
from typer.testing import CliRunner

from bumtable.cards.decktet import DecktetCard
from bumtable.cli.app import app
from bumtable.errors import RulesError
from bumtable.rules import FAMILIES, GameRecord, family_of, get, system, systems
from bumtable.rules import events as shared_events
from bumtable.rules.boojum import events as boojum_events
from bumtable.rules.climbing import events as climbing_events
from bumtable.rules.gin_bummy import events as gin_events
from bumtable.rules.phases import PHASES
from bumtable.server.schema import message_schemas
from bumtable.wire import (
    OBSERVATION,
    OBSERVATION_MODELS,
    RULES,
    RULES_MODELS,
    CardFaceModel,
    EventModel,
    RecordModel,
    schemas,
    validate_observation,
    write_schemas,
)
from bumtable.wire.event import EventKind
from bumtable.wire.schema import schema_text

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_DIR = ROOT / "docs" / "schema"

SHORT = {"climbing": {"target": 0, "rounds": 2}, "boojum": {"max_rounds": 2}, "gin-bummy": {}}
"""Options that end a whole game soon (two hands, two rounds): every phase, ``over`` included, is still
reached."""
SHORTER = {"climbing": {"target": 0, "rounds": 1, "suits": (0, 1, 2, 3)}, "boojum": {"max_rounds": 1}}
"""At the largest tables: one hand dealt from one deck, one round. The lists get their longest (one entry
per player); the deck's size changes no key or type, and a second hand is seen at the other tables."""

VARIANTS = {
    "bum-game": ["optional-revolution", "simultaneous-exchange"],
    "president": ["must-play"],
    "arsehole": ["reverse-both", "bridge-suits"],
    "zheng-shangyou": ["partnership", "no-wilds"],
    "gin-bummy": ["shuffle-beg", "four-card-beg"],
    "boojum": ["extended-pawns", "repeat-tokens"],
}


def _cases() -> list[tuple[str, int, str]]:
    out = []
    for game in systems():
        sys = system(game)
        out += [(game, n, "") for n in sorted({sys.min_players, sys.max_players})]
        out += [(game, 4 if game == "zheng-shangyou" else sys.default_players, v) for v in VARIANTS[game]]
    return out


CASES = _cases()


def _rules(game: str, players: int, variant: str) -> Any:
    family = system(game).family.name
    options = SHORTER.get(family, {}) if players == system(game).max_players else SHORT[family]
    return get(game, players=players, variants=[variant] if variant else [], **options)


def _same_after_dump(model: BaseModel, data: dict[str, Any]) -> None:
    assert model.model_dump(mode="json") == data


def test_the_cases_cover_every_registered_system() -> None:
    assert {game for game, _, _ in CASES} == set(systems()) == set(VARIANTS)


@pytest.mark.parametrize(
    ("game", "players", "variant"), CASES, ids=[f"{g}-{n}-{v or 'preset'}" for g, n, v in CASES]
)
def test_every_observation_and_event_of_a_random_game_fits_its_model(
    game: str, players: int, variant: str
) -> None:
    rules = _rules(game, players, variant)
    family = family_of(rules).name
    model = OBSERVATION_MODELS[family]
    state = rules.new_state(seed=players * 7 + len(variant))
    rng = random.Random(players)
    viewers: list[int | None] = [None, *range(players)]
    seen = dict.fromkeys(viewers, 0)
    phases: set[str] = set()
    events: list[dict[str, Any]] = []
    while True:
        for viewer in viewers:
            observed = state.observe(viewer).to_dict()
            obs = OBSERVATION.validate_python(observed, strict=True)
            assert type(obs) is model
            _same_after_dump(obs, observed)
            phases.add(obs.phase)
            news = state.events(viewer, seen[viewer])
            for event in news:
                data = event.to_dict()
                _same_after_dump(EventModel.model_validate(data, strict=True), data)
                events.append(data)
            seen[viewer] += len(news)
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    assert "over" in phases and events
    record = json.loads(GameRecord.of(state, seats=["bot"] * players).to_json())
    _same_after_dump(RecordModel.model_validate(record, strict=True), record)
    # read as JSON text, as the server will: the same models, the same dicts
    assert OBSERVATION.validate_json(json.dumps(observed)).model_dump(mode="json") == observed
    assert EventModel.model_validate_json(json.dumps(events[-1])).model_dump(mode="json") == events[-1]


@pytest.mark.parametrize("game", systems())
def test_the_rules_of_every_preset_and_variant_fit_the_rules_model(game: str) -> None:
    sys = system(game)
    for players in range(sys.min_players, sys.max_players + 1):
        data = json.loads(get(game, players=players).to_json())
        rules = RULES.validate_python(data, strict=True)
        assert type(rules) is RULES_MODELS[sys.family.name]
        _same_after_dump(rules, data)
    for variant in sys.variants:
        try:
            data = json.loads(get(game, variants=[variant]).to_json())
        except RulesError:  # a variant that needs another player count (the partnership game)
            data = json.loads(get(game, players=4, variants=[variant]).to_json())
        _same_after_dump(RULES.validate_python(data, strict=True), data)


def test_a_record_with_a_chance_script_fits_and_one_without_leaves_the_key_out() -> None:
    rules = get("gin-bummy", players=3)
    draws = rules.new_state(seed=5).chance.draws
    scripted = json.loads(GameRecord.of(rules.new_state(seed=1, chance=draws)).to_json())
    assert scripted["chance"]
    _same_after_dump(RecordModel.model_validate(scripted), scripted)
    plain = json.loads(GameRecord.of(rules.new_state(seed=1)).to_json())
    assert "chance" not in RecordModel.model_validate(plain).model_dump(mode="json")


# ----------------------------------------------------------------- malformed data names the field
def _observation(game: str, players: int, steps: int) -> dict[str, Any]:
    state = get(game, players=players).new_state(seed=2)
    rng = random.Random(2)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    data: dict[str, Any] = state.observe(state.current_player()).to_dict()
    return data


def _samples() -> dict[str, tuple[type[BaseModel], dict[str, Any]]]:
    state = get("president", players=4).new_state(seed=3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    out: dict[str, tuple[type[BaseModel], dict[str, Any]]] = {
        "climbing-observation": (OBSERVATION_MODELS["climbing"], _observation("bum-game", 4, 20)),
        "gin-bummy-observation": (OBSERVATION_MODELS["gin-bummy"], _observation("gin-bummy", 2, 5)),
        "boojum-observation": (OBSERVATION_MODELS["boojum"], _observation("boojum", 3, 5)),
        "event": (EventModel, state.events(0)[-1].to_dict()),
        "record": (RecordModel, json.loads(GameRecord.of(state).to_json())),
    }
    for family, model in RULES_MODELS.items():
        game = next(s for s in systems() if system(s).family.name == family)
        out[f"{family}-rules"] = (model, json.loads(get(game).to_json()))
    return out


SAMPLES = _samples()
WRONG = [[0.5]]
"""A value no field accepts: not text, a number, a flag, an object, nor a list of any of those."""


def _errors(model: type[BaseModel], data: Any) -> list[tuple[tuple[str | int, ...], str]]:
    with pytest.raises(ValidationError) as caught:
        model.model_validate(data)
    return [(e["loc"], e["type"]) for e in caught.value.errors()]


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_missing_an_unknown_or_a_wrongly_typed_key_is_refused_naming_it(name: str) -> None:
    model, data = SAMPLES[name]
    _same_after_dump(model.model_validate(data), data)
    optional = {"chance"} if model is RecordModel else {"rank"} if model is EventModel else set()
    assert set(model.model_fields) == set(data) | optional
    for key in data:
        missing = {k: v for k, v in data.items() if k != key}
        assert _errors(model, missing) == [((key,), "missing")], key
        errors = _errors(model, {**data, key: WRONG})
        assert errors and all(loc[0] == key for loc, _ in errors), (key, errors)
    assert _errors(model, {**data, "colour": "red"}) == [(("colour",), "extra_forbidden")]


def test_a_nested_wrong_type_names_the_whole_path() -> None:
    model, data = SAMPLES["climbing-observation"]
    legal = [dict(data["legal"][0], code="7"), *data["legal"][1:]]
    assert _errors(model, {**data, "legal": legal}) == [(("legal", 0, "code"), "int_type")]
    assert _errors(model, {**data, "seat": True}) != []  # strict: a flag is not a number
    assert _errors(model, {**data, "phase": "bidding"}) == [(("phase",), "literal_error")]


def test_the_union_picks_the_model_by_system_and_refuses_an_unknown_one() -> None:
    for game in systems():
        data = get(game).new_state(seed=1).observe(None).to_dict()
        assert type(validate_observation(data)) is OBSERVATION_MODELS[family_of(get(game)).name]
    with pytest.raises(ValidationError) as caught:
        validate_observation({**SAMPLES["boojum-observation"][1], "system": "chess"})
    assert caught.value.errors()[0]["type"] == "union_tag_invalid"


# ----------------------------------------------------------------- the models follow the rules layer
def test_each_family_has_models_and_each_system_literal_matches_the_registry() -> None:
    assert set(OBSERVATION_MODELS) == set(RULES_MODELS) == set(FAMILIES)
    for family, model in OBSERVATION_MODELS.items():
        named = set(get_args(model.model_fields["system"].annotation))
        assert named == {g for g in systems() if system(g).family.name == family}, family
        assert set(get_args(model.model_fields["phase"].annotation)) <= set(PHASES)


def test_gin_bummys_recent_cards_are_bounded_in_the_schema_as_in_the_rules() -> None:
    from bumtable.rules.gin_bummy.observation import RECENT
    from bumtable.wire import gin_bummy as gin_wire

    assert gin_wire.RECENT == RECENT
    schema = OBSERVATION_MODELS["gin-bummy"].model_json_schema()
    for name in ("beg_declined", "number_discards"):
        assert schema["properties"][name]["items"]["maxItems"] == RECENT, name
    obs = get("gin-bummy").new_state(seed=1).observe(0).to_dict()
    obs["beg_declined"][0] = ["5h"] * (RECENT + 1)
    with pytest.raises(ValidationError, match="beg_declined"):
        OBSERVATION_MODELS["gin-bummy"].model_validate(obs)


def test_the_event_kinds_are_every_kind_the_rules_declare() -> None:
    shared = {v for k, v in vars(shared_events).items() if k.isupper() and isinstance(v, str)}
    declared = shared | {climbing_events.CUT, climbing_events.NO_EXCHANGE}
    declared |= set(gin_events.KINDS) | set(boojum_events.KINDS)
    assert set(get_args(EventKind)) == declared


def test_the_rules_layer_imports_neither_pydantic_nor_the_wire_package() -> None:
    pattern = re.compile(r"^\s*(from|import)\s+(pydantic|bumtable\.wire)\b", re.MULTILINE)
    offenders = [
        str(p.relative_to(ROOT))
        for p in (ROOT / "bumtable" / "rules").rglob("*.py")
        if pattern.search(p.read_text())
    ]
    assert offenders == []


# ----------------------------------------------------------------- the card table sent with the rules
def test_the_card_table_names_every_card_the_rules_deal_and_fits_its_model() -> None:
    for players, options in ((4, {}), (4, {"extended": True}), (5, {"extended": True, "courts": False})):
        rules = get("boojum", players=players, **options)
        table = family_of(rules).card_table(rules)
        assert [CardFaceModel.model_validate(row).model_dump(mode="json") for row in table] == table
        assert [row["text"] for row in table] == [str(DecktetCard(c)) for c in sorted(rules.tables.in_play)]
        assert all(row["name"] == DecktetCard.parse(row["text"]).name for row in table)
    for game in ("president", "gin-bummy"):
        assert family_of(get(game)).card_table(get(game)) == []


def test_the_web_tests_decktet_card_table_is_the_one_the_server_sends() -> None:
    rules = get("boojum", players=4, extended=True)
    fixture = json.loads((ROOT / "web" / "test" / "decktet_cards.json").read_text())
    assert fixture == family_of(rules).card_table(rules), (
        "web/test/decktet_cards.json differs from the card table the server sends: write it again from "
        "family_of(rules).card_table(rules) for get('boojum', extended=True)"
    )


# ----------------------------------------------------------------- the committed schemas
def test_the_committed_schemas_are_current(tmp_path: Path) -> None:
    written = {p.name: p.read_text() for p in write_schemas(tmp_path)}
    committed = {p.name: p.read_text() for p in SCHEMA_DIR.glob("*.json")}
    stale = sorted(n for n in written.keys() | committed.keys() if written.get(n) != committed.get(n))
    assert stale == [], (
        f"docs/schema is out of date ({', '.join(stale)}): run `bumtable schema --out docs/schema`"
    )


def test_the_schema_command_prints_one_schema_or_writes_them_all(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["schema", "event"])
    assert result.exit_code == 0 and result.stdout == schema_text(schemas()["event"])
    result = runner.invoke(app, ["schema", "--out", str(tmp_path)])
    assert result.exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("*.json")) == sorted(f"{n}.json" for n in schemas())
    written = sorted(p.name for p in (tmp_path / "protocol").glob("*.json"))
    assert written == sorted(f"{n}.json" for n in message_schemas())  # the server's messages, in protocol/
    result = runner.invoke(app, ["schema", "no-such"])
    assert result.exit_code == 2 and "no schema 'no-such'" in result.stderr
