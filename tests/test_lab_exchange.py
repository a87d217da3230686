"""``bumtable lab exchange``: the same figures whatever --jobs, role values that add up to the points dealt out,
the cluster interval against Student's for independent values, bad input in one line, the JSON's shape."""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.exchange import add_cluster, cluster_moments, contrast
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import Setup
from bumtable.rules import get
from bumtable.sim.tournament_stats import mean_interval

runner = CliRunner(env={"COLUMNS": "200"})
EXCHANGE = study("exchange")
BUM4 = Setup(rules=get("bum-game", players=4), bots=("random",) * 4, seed=7)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    one = run_study(EXCHANGE, BUM4, count=400, jobs=1)
    two = run_study(EXCHANGE, BUM4, count=400, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 400


def test_the_roles_share_out_every_hands_points_and_every_place() -> None:
    result = run_study(EXCHANGE, BUM4, count=300)
    figures = result.figures
    hands = figures["hands_with_roles"]
    assert sum(r["mean_points"] for r in figures["roles"]) == pytest.approx(sum(figures["points_table"]))
    for r in figures["roles"]:
        assert sum(r["places"]) == hands
        assert 0 <= r["first_rate"] <= 1
        assert r["ci95"][0] <= r["mean_points"] <= r["ci95"][1]
    for place in range(4):
        assert sum(r["places"][place] for r in figures["roles"]) == hands
    gaps = [g["gap"] for g in figures["gaps"]]
    means = [r["mean_points"] for r in figures["roles"]]
    assert gaps == pytest.approx([a - b for a, b in itertools.pairwise(means)])
    assert figures["monotone"] == all(g > 0 for g in gaps)


def test_equal_points_for_every_place_make_every_role_worth_the_same() -> None:
    rules = get("bum-game", players=4, points=(1, 1, 1, 1))
    result = run_study(EXCHANGE, Setup(rules=rules, bots=BUM4.bots, seed=3), count=200)
    assert [r["mean_points"] for r in result.figures["roles"]] == [1.0] * 4
    assert all(g["gap"] == 0 and not g["surely_positive"] for g in result.figures["gaps"])
    assert result.figures["monotone"] is False


def test_with_one_hand_a_match_the_interval_is_students_for_independent_values() -> None:
    draw = random.Random(5)
    values = [draw.choice((0, 1, 2, 3)) for _ in range(30)]
    tally = cluster_moments(1)
    for v in values:
        add_cluster(tally, [v], 1)
    found = contrast(tally, [sum(values)], len(values), [1.0])
    assert found["mean"] == pytest.approx(sum(values) / len(values))
    assert found["ci95"] == pytest.approx(list(mean_interval(values) or ()))


def test_a_single_match_gives_no_interval() -> None:
    tally = cluster_moments(2)
    add_cluster(tally, [4, 2], 3)
    assert contrast(tally, [4, 2], 3, [1.0, -1.0]) == {"mean": pytest.approx(2 / 3), "ci95": None, "se": None}


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["lab", "exchange", "gin-bummy"],
            "the exchange study is for the climbing games, and gin-bummy is not one",
        ),
        (
            ["lab", "exchange", "boojum"],
            "the exchange study is for the climbing games, and boojum is not one",
        ),
        (["lab", "exchange", "bum-game", "-o", "nothing=1"], "has no option 'nothing'"),
        (["lab", "exchange", "bum-game", "--bots", "nobody"], "unknown bot 'nobody'"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--hands", "100000"])  # would take minutes if any work started
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert said in result.stderr


def test_json_holds_every_roles_mean_and_every_gap_with_intervals() -> None:
    result = runner.invoke(
        app, ["lab", "exchange", "president", "--hands", "200", "--seed", "2", "-j", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data: Any = json.loads(result.stdout)
    assert (data["study"], data["game"], data["played"], data["seed"]) == ("exchange", "president", 200, 2)
    figures = data["figures"]
    n = data["players"]
    assert len(figures["roles"]) == n and len(figures["gaps"]) == n - 1
    for entry in figures["roles"]:
        assert set(entry) >= {"role", "mean_points", "ci95", "vs_fair", "first_rate", "places"}
    for gap in figures["gaps"]:
        assert gap["ci95"][0] <= gap["gap"] <= gap["ci95"][1]
    assert {"monotone", "surely_monotone", "spread", "exchange_pairs", "matches"} <= set(figures)
    assert data["plots"][0]["title"].startswith("Mean points per hand by role")
    assert data["question"] and data["method"]
