"""``bumtable lab length``: the figures' shape for every family, the same figures whatever --jobs, a ratio
interval with a known answer, and bad input told in one line before any work."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.length import BUCKETS, bucket, ratio_interval
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import Setup
from bumtable.rules import get

runner = CliRunner(env={"COLUMNS": "200"})
LENGTH = study("length")


def _setup(game: str, bot: str = "heuristic", seed: int = 4) -> Setup:
    rules = get(game)
    return Setup(rules=rules, bots=(bot,) * rules.players, seed=seed)


def _inside(figure: dict[str, Any]) -> bool:
    low, high = figure["ci95"]
    return bool(low <= figure["mean"] <= high)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    setup = _setup("president", "random")
    one = run_study(LENGTH, setup, count=20, jobs=1)
    two = run_study(LENGTH, setup, count=20, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 20 and one.figures["matches"] == 20


def test_a_climbing_match_counts_hands_tricks_decisions_and_branching() -> None:
    result = run_study(LENGTH, _setup("bum-game"), count=4)
    f = result.figures
    assert f["has_hands"] and f["hands"] == round(f["hands_per_match"]["mean"] * 4)
    for key in (
        "hands_per_match",
        "tricks_per_hand",
        "decisions_per_hand",
        "choices_per_hand",
        "legal_per_decision",
    ):
        assert _inside(f[key]), key
    assert 1 <= f["tricks_per_hand"]["mean"] < f["decisions_per_hand"]["mean"]
    assert f["choices_per_hand"]["mean"] <= f["decisions_per_hand"]["mean"]
    assert f["legal_per_decision"]["mean"] >= 1
    assert sum(b["decisions"] for b in f["branching"]) == round(f["decisions_per_hand"]["mean"] * f["hands"])
    assert sum(b["share"] for b in f["branching"]) == pytest.approx(1.0)
    assert (
        f["minutes_by_pace"]["fast"]["per_match"]
        < f["minutes_per_match"]
        < f["minutes_by_pace"]["slow"]["per_match"]
    )
    assert [p["kind"] for p in result.to_dict()["plots"]] == ["bar", "bar"]


def test_president_matches_last_their_fixed_number_of_rounds() -> None:
    rules = get("president")
    f = run_study(LENGTH, _setup("president", "random"), count=5).figures
    assert f["hands_per_match"] == {
        "mean": float(rules.to_dict()["rounds"]),
        "ci95": [float(rules.to_dict()["rounds"])] * 2,
    }


@pytest.mark.parametrize("game", ["gin-bummy", "boojum"])
def test_games_without_hands_have_no_hands_per_match_nor_tricks(game: str) -> None:
    f = run_study(LENGTH, _setup(game, "random"), count=2).figures
    assert not f["has_hands"] and f["hands_per_match"] is None and f["tricks_per_hand"] is None
    assert f["hands"] == 2 and _inside(f["decisions_per_hand"])


def test_the_ratio_interval_is_the_delta_method_one() -> None:
    # units (x, y): (9, 3), (10, 3), (11, 4); ratio 3; residuals 0, 1, -1; se sqrt(2 / 6) / (10 / 3)
    r, (low, high) = ratio_interval(n=3, x=30, y=10, xx=302, yy=34, xy=101)
    assert r == 3.0
    assert high - r == pytest.approx(4.302652730 * (2 / 6) ** 0.5 / (10 / 3))
    assert r - low == pytest.approx(high - r)


def test_every_legal_count_falls_in_one_bucket() -> None:
    for legal in range(1, 200):
        i = bucket(legal)
        low, high = BUCKETS[i]
        assert low <= legal and (high is None or legal <= high)


def test_json_holds_every_figure() -> None:
    result = runner.invoke(
        app, ["lab", "length", "president", "--bots", "random", "--matches", "3", "--seed", "2", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["study"], data["units"], data["played"]) == ("length", "matches", 3)
    assert set(data["figures"]["pace"]) == {"seconds_per_choice", "seconds_per_forced", "seconds_per_deal"}
    assert data["method"] and data["question"] and len(data["tables"]) == 3


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["lab", "length", "nogame"], "unknown game 'nogame'"),
        (["lab", "length", "bum-game", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["lab", "length", "bum-game", "-o", "nothing=1"], "has no option 'nothing'"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--matches", "100000"])  # would take hours if any work started
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and said in result.stderr
