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
LAYERS = {
    "errors": 0,
    "words": 0,
    "cards": 1,
    "rules": 2,
    "tensors": 3,
    "fast": 4,
    "wire": 5,
    "rules_text": 5,
    "bots": 5,
    "sim": 6,
    "faces": 6,
    "client": 6,
    "env": 7,
    "agents": 7,
    "lab": 7,
    "server": 7,
    "train": 8,
    "cli": 8,
}
"""Each package's floor: a module imports only from its own package and from packages on lower floors (so
the server, the faces and the lab never import each other, and nothing imports the command line)."""
ABOVE_THE_RULES = tuple(layer for layer, floor in LAYERS.items() if floor > LAYERS["rules"])
FAMILY_TYPES = {
    name
    for family in ("Climbing", "GinBummy", "Boojum")
    for name in (f"{family}Rules", f"{family}State", f"{family}Observation", f"{family}Options")
}


def test_every_system_belongs_to_a_registered_family() -> None:
    for name in systems():
        assert system(name).family in FAMILIES.values()
    assert {family_of(get(name)).name for name in systems()} == set(FAMILIES)


def _imported(path: Path) -> list[tuple[str, int]]:
    """Each bumtable module ``path`` imports (at the top, in a function or for type checking), with its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "bumtable":
            found += [(f"bumtable.{alias.name}", node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.module, node.lineno))
    return [(name, line) for name, line in found if name.startswith("bumtable.")]


def _imports_not_down(root: Path) -> list[str]:
    """Every import under ``root`` of a package on the same floor or higher (``where: from -> to``)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        here = path.relative_to(root).parts[0].removesuffix(".py")
        for name, line in _imported(path):
            there = name.split(".")[1]
            if here in LAYERS and there in LAYERS and there != here and LAYERS[there] >= LAYERS[here]:
                found.append(f"{path.relative_to(root)}:{line}: {here} -> {there}")
    return found


def test_every_package_has_a_floor() -> None:
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    modules = {p.stem for p in PACKAGE.glob("*.py") if p.stem != "__init__"}
    assert packages | modules == set(LAYERS)


def test_imports_point_down_the_layers() -> None:
    assert _imports_not_down(PACKAGE) == []


@pytest.mark.parametrize(
    ("layer", "imports", "expected"),
    [
        ("server", "from bumtable.lab.report import write", ["server -> lab"]),
        ("faces", "from bumtable.sim import runner", ["faces -> sim"]),
        ("wire", "import bumtable.cli.app", ["wire -> cli"]),
        ("faces", "from bumtable.cli import common", ["faces -> cli"]),
        ("env", "from bumtable import rules, sim, faces", []),
    ],
)
def test_the_layer_scan_finds_an_import_that_does_not_point_down(
    tmp_path: Path, layer: str, imports: str, expected: list[str]
) -> None:
    sample = tmp_path / layer / "_scan_sample.py"
    sample.parent.mkdir()
    sample.write_text(f"def f():\n    {imports}\n")
    assert _imports_not_down(tmp_path) == [f"{layer}/_scan_sample.py:2: {e}" for e in expected]


def _family_type_checks(root: Path) -> list[str]:
    """Every ``isinstance`` on a family's type in the layers above the rules under ``root`` (``where:line``)."""
    found = []
    for path in sorted(p for layer in ABOVE_THE_RULES for p in (root / layer).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "isinstance"
            ):
                names = {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                names |= {n.attr for n in ast.walk(node.args[1]) if isinstance(n, ast.Attribute)}
                if names & FAMILY_TYPES:
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_module_above_the_rules_layer_tests_a_familys_type() -> None:
    assert all((PACKAGE / layer).is_dir() for layer in ABOVE_THE_RULES), "a layer above the rules is missing"
    assert _family_type_checks(PACKAGE) == []


@pytest.mark.parametrize(
    ("layer", "check"),
    [
        ("faces", "isinstance(x, ClimbingOptions)"),
        ("server", "isinstance(x, ClimbingOptions)"),
        ("wire", "isinstance(x, (BoojumOptions, int))"),
        ("cli", "isinstance(x, rules.GinBummyRules)"),
    ],
)
def test_the_type_scan_finds_a_family_type_check(tmp_path: Path, layer: str, check: str) -> None:
    sample = tmp_path / layer / "_scan_sample.py"
    sample.parent.mkdir()
    sample.write_text(f"def f(x):\n    return {check}\n")
    assert _family_type_checks(tmp_path) == [f"{layer}/_scan_sample.py:2"]


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
