"""``bumtable lab balance``: the same figures whatever --jobs, rates in [0, 1] inside their intervals, first
places that share out every hand, each family's figures, bad input in one line."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import Setup
from bumtable.rules import get

runner = CliRunner(env={"COLUMNS": "200"})
BALANCE = study("balance")


def _setup(game: str, seed: int = 4) -> Setup:
    rules = get(game)
    return Setup(rules=rules, bots=("random",) * rules.players, seed=seed)


def _rates(entry: Any) -> list[dict[str, Any]]:
    if isinstance(entry, dict):
        found = [entry] if "rate" in entry and "ci95" in entry else []
        return found + [r for v in entry.values() for r in _rates(v)]
    if isinstance(entry, list):
        return [r for v in entry for r in _rates(v)]
    return []


@pytest.mark.parametrize(("game", "count"), [("bum-game", 200), ("gin-bummy", 200), ("boojum", 20)])
def test_the_same_seed_gives_the_same_figures_with_one_process_or_two(game: str, count: int) -> None:
    one = run_study(BALANCE, _setup(game), count=count, jobs=1)
    two = run_study(BALANCE, _setup(game), count=count, jobs=2)
    assert one.to_dict() == two.to_dict()
    rates = _rates(one.figures)
    assert rates
    for r in rates:
        assert 0 <= r["ci95"][0] <= r["rate"] <= r["ci95"][1] <= 1


def test_every_climbing_hand_has_one_first_place_and_every_role_before_one() -> None:
    figures = run_study(BALANCE, _setup("president"), count=200).figures
    assert sum(r["count"] for r in figures["first_by_seat"]) == figures["hands"] == 200
    before = figures["first_by_previous_role"]
    assert sum(r["count"] for r in before) == before[0]["of"] < 200  # a match's first hand has no hand before


def test_gin_bummy_gives_starving_length_and_the_first_players_edge() -> None:
    figures = run_study(BALANCE, _setup("gin-bummy"), count=100).figures
    assert {"starvation_rate", "games_with_starving", "first_player_wins", "length_turns", "reasons"} <= set(
        figures
    )
    assert figures["first_player_edge"] == pytest.approx(figures["first_player_wins"]["rate"] - 0.5)
    assert sum(figures["reasons"].values()) == figures["games"] == 100
    assert (
        figures["length_turns"]["ci95"][0]
        <= figures["length_turns"]["mean"]
        <= figures["length_turns"]["ci95"][1]
    )


def test_boojum_gives_wins_by_seat_rounds_and_tie_breaks() -> None:
    figures = run_study(BALANCE, _setup("boojum"), count=20).figures
    assert len(figures["wins_by_seat"]) == 4
    assert (
        sum(r["count"] for r in figures["wins_by_seat"]) >= figures["games"]
    )  # a shared win counts for each
    assert figures["length_rounds"]["mean"] >= 1
    assert figures["shared_wins"]["count"] <= figures["tie_break_decides"]["count"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["lab", "balance", "nogame"], "unknown game 'nogame'"),
        (["lab", "balance", "gin-bummy", "-o", "nothing=1"], "has no option 'nothing'"),
        (["lab", "balance", "boojum", "--bots", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--hands", "100000"])  # would take minutes if any work started
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert said in result.stderr


def test_json_of_gin_bummy_counts_games() -> None:
    result = runner.invoke(
        app,
        [
            "lab",
            "balance",
            "gin-bummy",
            "--bots",
            "random",
            "--hands",
            "50",
            "--seed",
            "2",
            "-j",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["study"], data["units"], data["played"]) == ("balance", "games", 50)
    assert data["plots"] and data["tables"] and data["question"] and data["method"]
