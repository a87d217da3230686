"""The layers above the rules use the one interface: the registry's families, records with engine versions,
simulations that do not depend on the number of processes, options checked against their types."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from bumtable.errors import NotationError, RulesError
from bumtable.rules import FAMILIES, GameRecord, family_of, get, system, systems
from bumtable.sim import simulate, simulate_games

PACKAGE = Path(__file__).resolve().parents[1] / "bumtable"
FAMILY_TYPES = {
    name
    for family in ("Climbing", "GinBummy", "Boojum")
    for name in (f"{family}Rules", f"{family}State", f"{family}Observation")
}


def test_every_system_belongs_to_a_registered_family() -> None:
    for name in systems():
        assert system(name).family in FAMILIES.values()
    assert {family_of(get(name)).name for name in systems()} == set(FAMILIES)


def _family_type_checks(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
            names |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
            if names & FAMILY_TYPES:
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}")
    return found


def test_no_module_above_the_rules_layer_tests_a_familys_type() -> None:
    above = [p for layer in ("bots", "sim", "cli") for p in (PACKAGE / layer).rglob("*.py")]
    assert above, "the layers above the rules were not found"
    offenders = [where for path in above for where in _family_type_checks(path)]
    assert offenders == []


def test_the_type_scan_finds_a_family_type_check(tmp_path: Path) -> None:
    sample = PACKAGE / "cli" / "_scan_sample.py"
    sample.write_text("def f(r):\n    return isinstance(r, rules.GinBummyRules)\n")
    try:
        assert _family_type_checks(sample) == ["cli/_scan_sample.py:2"]
    finally:
        sample.unlink()


@pytest.mark.parametrize(("game", "count"), [("bum-game", 450), ("president", 230), ("gin-bummy", 25)])
def test_a_simulation_gives_the_same_report_whatever_the_number_of_processes(game: str, count: int) -> None:
    rules = get(game)
    if family_of(rules).name == "climbing":
        one = simulate(rules, hands=count, bots=["heuristic", "random"], seed=8, jobs=1)  # type: ignore[arg-type]
        two = simulate(rules, hands=count, bots=["heuristic", "random"], seed=8, jobs=2)  # type: ignore[arg-type]
        assert one.hands == count
    else:
        one = simulate_games(rules, games=count, bots=["heuristic", "random"], seed=8, jobs=1)  # type: ignore[assignment]
        two = simulate_games(rules, games=count, bots=["heuristic", "random"], seed=8, jobs=2)  # type: ignore[assignment]
    assert two.jobs == 2
    assert one == two  # every figure but the wall time and the number of processes


def test_a_record_carries_its_engine_version() -> None:
    state = get("bum-game").new_state(seed=3)
    data = json.loads(GameRecord.of(state).to_json())
    assert data["engine"] == family_of(state.rules).engine_version
    assert data["format"] == "bumtable-record/2"


def test_a_record_made_by_another_engine_version_is_a_clear_error() -> None:
    state = get("gin-bummy").new_state(seed=3)
    data = json.loads(GameRecord.of(state).to_json())
    data["engine"] = 99
    with pytest.raises(NotationError, match="made by version 99 of the gin-bummy engine"):
        GameRecord.from_dict(data)


def test_a_version_1_record_is_read_as_made_by_engine_version_1() -> None:
    state = get("president").new_state(seed=3)
    state.apply(state.legal_actions()[0])
    data = json.loads(GameRecord.of(state).to_json())
    del data["engine"]
    data["format"] = "bumtable-record/1"
    assert family_of(state.rules).engine_version == 1
    assert GameRecord.from_dict(data).replay().observe(0) == state.observe(0)


def test_a_record_keeps_a_given_deal() -> None:
    rules = get("zheng-shangyou")
    dealt = rules.new_state(seed=5)
    state = rules.new_state(seed=77, chance=dealt.chance.draws)
    record = GameRecord.from_json(GameRecord.of(state).to_json())
    assert record.replay().observe(None) == dealt.observe(None)


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("follow", "lower", "option 'follow' must be one of 'higher', 'equal-or-higher', not 'lower'"),
        ("exchange_pairs", [[0, 3, "x"]], "must be a list of lists of 3 whole numbers"),
        ("exchange", "yes", "must be true or false"),
        ("colour", "red", "bum-game has no option 'colour'"),
    ],
)
def test_options_are_checked_against_their_declared_types(option: str, value: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        get("bum-game", **{option: value})
