"""``bumtable tournament``: the JSON report's shape, the same JSON whatever --jobs, the summary, bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app

runner = CliRunner(env={"COLUMNS": "200"})
BUM4 = [
    "tournament",
    "bum-game",
    "--players",
    "4",
    "--bots",
    "heuristic,random,random,random",
    "--deals",
    "20",
    "--seed",
    "1",
]


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""  # no progress bar, nothing else
    return json.loads(result.stdout)


def test_a_short_bot_list_is_repeated_round_the_table_as_play_and_simulate_seat_it() -> None:
    args = ["tournament", "bum-game", "-n", "4", "--bots", "heuristic,random", "--deals", "1", "--seed", "1"]
    report = _json([*args, "--json", "--jobs", "1"])
    assert report["lineups"] == [["heuristic", "random", "heuristic", "random"]]


def test_json_prints_one_object_with_a_results_entry_per_bot_kind() -> None:
    report = _json([*BUM4, "--json", "--jobs", "1"])
    assert (report["system"], report["players"], report["deals"], report["seed"]) == ("bum-game", 4, 20, 1)
    assert report["lineups"] == [["heuristic", "random", "random", "random"]]
    assert report["unit"] == "hands" and report["tables_per_deal"] == 4 and report["mode"] == "duplicate"
    assert "ladder" not in report
    assert [entry["bot"] for entry in report["results"]] == ["heuristic", "random"]
    for entry in report["results"]:
        for key in ("bot", "hands", "first_place_rate", "first_place_ci95", "mean_points", "mean_place"):
            assert key in entry
        low, high = entry["first_place_ci95"]
        assert 0 <= low <= entry["first_place_rate"] <= high <= 1
    assert [entry["hands"] for entry in report["results"]] == [80, 240]
    assert sum(entry["first_place_rate"] * entry["hands"] for entry in report["results"]) == pytest.approx(80)


def test_jobs_one_and_jobs_two_print_identical_json() -> None:
    one = runner.invoke(app, [*BUM4, "--json", "--jobs", "1"])
    two = runner.invoke(app, [*BUM4, "--json", "--jobs", "2"])
    assert one.exit_code == two.exit_code == 0
    assert one.stdout == two.stdout


def test_the_same_seed_gives_the_same_report_and_another_seed_another() -> None:
    args = ["tournament", "gin-bummy", "--bots", "heuristic,random", "--deals", "10", "--json", "-j", "1"]
    first, again = (_json([*args, "--seed", "4"]) for _ in range(2))
    assert first == again
    assert _json([*args, "--seed", "5"]) != first


def test_summary_shows_each_kind_with_its_rate_interval_points_place_and_wall_time() -> None:
    result = runner.invoke(app, [*BUM4, "--jobs", "1"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in ("The Bum Game for 4", "20 deals", "80 hands", "seed 1", "1st place", "95 %", "Points"):
        assert text in out
    for text in ("Place", "heuristic", "random", "Wilson", "Student", "Wall time"):
        assert text in out
    heuristic = next(line for line in out.splitlines() if line.strip().startswith("heuristic"))
    assert heuristic.count("..") == 2  # both intervals, low..high


def test_round_robin_prints_the_ladder_with_rank_bot_ordinal_mu_sigma_games() -> None:
    args = ["tournament", "bum-game", "-n", "4", "--bots", "heuristic,random,greedy", "--deals", "3"]
    report = _json([*args, "--round-robin", "--seed", "2", "--json", "-j", "1"])
    assert report["mode"] == "round-robin" and len(report["lineups"]) == 6 and report["tables_per_deal"] == 24
    assert [rung["rank"] for rung in report["ladder"]] == [1, 2, 3]
    assert {rung["bot"] for rung in report["ladder"]} == {"heuristic", "random", "greedy"}
    for rung in report["ladder"]:
        assert set(rung) == {"rank", "bot", "ordinal", "mu", "sigma", "games"}
        assert rung["games"] == 3 * 16  # 4 of the 6 line-ups hold each kind, in 4 rotations, on 3 deals
    text = runner.invoke(app, [*args, "--round-robin", "--seed", "2", "-j", "1"])
    assert text.exit_code == 0
    for word in ("Ladder", "Rank", "Ordinal", "Mu", "Sigma", "Games"):
        assert word in text.stdout
    assert "Head to head: one kind alone against 3 of another (parity 25%)" in text.stdout
    assert len(report["head_to_head"]) == 6
    row = next(line for line in text.stdout.splitlines() if line.split()[:2] == ["heuristic", "random"])
    assert row.rstrip().endswith(
        ("above", "below", "undecided")
    )  # the head-to-head row ends with its verdict


def test_long_bot_names_are_printed_whole_into_a_pipe_in_every_table() -> None:
    narrow = CliRunner(env={"COLUMNS": "80"})  # what Rich takes for a pipe or a file
    long = "search:iterations=2:max_depth=1:max_rollout=30"
    args = ["tournament", "bum-game", "-n", "4", "--bots", f"{long},heuristic", "--deals", "1", "--seed", "3"]
    result = narrow.invoke(app, [*args, "--round-robin", "-j", "1"])
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    lines = result.stdout.splitlines()
    assert any(line.split()[:1] == [long] and ".." in line for line in lines)  # the results table
    assert any(line.split()[:2] in (["1", long], ["2", long]) for line in lines)  # the ladder: rank, bot
    assert any(line.split()[:2] == ["heuristic", long] for line in lines)  # head to head: bot, against
    assert any(
        line.split()[:2] == [long, "heuristic"] and line.rstrip().endswith(("above", "below", "undecided"))
        for line in lines
    )


def test_a_two_player_round_robin_says_each_kind_plays_each_other() -> None:
    args = ["tournament", "gin-bummy", "--bots", "heuristic,random", "--deals", "1", "--seed", "2", "-j", "1"]
    result = runner.invoke(app, [*args, "--round-robin"])
    assert result.exit_code == 0, result.output
    assert "Line-ups: each of heuristic, random against each other" in result.stdout
    assert "alone against 1" not in result.stdout


def test_in_a_terminal_a_name_too_long_for_its_column_folds_onto_more_lines_whole() -> None:
    import io

    from rich.console import Console
    from rich.table import Table

    from bumtable.cli.common import name_column, print_table

    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=30, color_system=None)
    table = Table()
    name_column(table, "Bot")
    table.add_column("Points", no_wrap=True)
    table.add_row("search:iterations=200:paired=true", "1.500")
    print_table(console, table)
    text = out.getvalue()
    assert "…" not in text and "1.500" in text
    assert max(len(line) for line in text.splitlines()) <= 30  # fitted to the terminal
    folded = "".join(part.strip(" │┃") for line in text.splitlines() for part in line.split("│")[1:2])
    assert "search:iterations=200:paired=true" in folded


def test_variant_and_option_reach_the_rules() -> None:
    base = ["tournament", "arsehole", "-n", "4", "--deals", "4", "--seed", "3", "--json", "-j", "1"]
    plain = _json(base)
    changed = _json([*base, "-v", "reverse-ranking", "-o", "reverse_card=8"])
    assert plain["results"] != changed["results"]
    result = runner.invoke(app, [*base, "-o", "no_such_option=1"])
    assert result.exit_code == 2 and "no option 'no_such_option'" in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--bots", "heuristic,clever"],
            "error: unknown bot 'clever'; bots: easy, greedy, hard, heuristic, learned, medium, random",
        ),
        (["--deals", "0"], "error: --deals must be at least 1, not 0"),
        (
            ["-n", "3", "--bots", "heuristic,random,random,random"],
            "error: 4 bots for 3 seats: name at most 3",
        ),
        (
            ["--round-robin", "--bots", "heuristic"],
            "error: a round robin needs at least two different bot kinds",
        ),
        (["--jobs", "-1"], "error: --jobs must be 0 (every core) or more, not -1"),
        (["--variant", "fast"], "no variant 'fast'"),
        (
            ["--bots", "heuristic,,random"],
            "error: --bots 'heuristic,,random' has an empty entry: name a bot kind between each pair of commas",
        ),
        (["--bots", "search:iterations=0,random"], "error: search setting iterations=0: must be at least 1"),
    ],
)
def test_bad_input_is_one_clear_line_and_exit_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "--deals", "2", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
