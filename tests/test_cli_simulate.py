"""``bumtable simulate``: the JSON report, the summary for people, and bad options."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from bumtable.cli.app import app

runner = CliRunner(env={"COLUMNS": "200"})


def test_simulate_json_prints_one_object_with_the_report_keys() -> None:
    result = runner.invoke(
        app, ["simulate", "bum-game", "--players", "4", "--hands", "30", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    for key in (
        "hands",
        "revolution_rate",
        "exact_revolution_rate",
        "points_by_role",
        "finish_by_role",
        "seed",
    ):
        assert key in report
    assert report["hands"] == 30
    assert set(report["points_by_role"]) == {"Boss", "Foreman", "Worker", "Bum"}
    assert result.stderr == ""


def test_simulate_with_the_same_seed_reports_the_same_numbers() -> None:
    args = ["simulate", "-n", "3", "--hands", "20", "--bots", "greedy,random", "--seed", "4", "--json"]
    first, second = (json.loads(runner.invoke(app, args).stdout) for _ in range(2))
    first.pop("wall_seconds")
    second.pop("wall_seconds")
    assert first == second
    assert first["bots"] == ["greedy", "random", "greedy"]


def test_simulate_summary_shows_roles_revolution_rate_plays_and_time() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "25", "--seed", "2", "--variant", "bum-only"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("Boss", "Bum", "Points/hand", "Revolutions:", "exact rate", "Plays per hand", "Wall time"):
        assert text in out


def test_simulate_without_seed_picks_one_and_reports_it() -> None:
    result = runner.invoke(app, ["simulate", "--hands", "5", "--json"])
    assert isinstance(json.loads(result.stdout)["seed"], int)


def test_simulate_rejects_bad_options_with_exit_2() -> None:
    for args, message in (
        (["--bots", "clever"], "unknown bot 'clever'"),
        (["--players", "13"], "3 to 12 players"),
        (["--variant", "fast"], "no variant 'fast'"),
    ):
        result = runner.invoke(app, ["simulate", "--hands", "5", *args])
        assert result.exit_code == 2
        assert message in result.stderr
    assert runner.invoke(app, ["simulate", "--hands", "0"]).exit_code == 2
