"""``bumtable lab roles``: a transition matrix whose rows and columns sum to 1, the same figures whatever
--jobs, the first hand's lead known at hand 1, passage times that match a chain worked by hand, bad input told
in one line before any work."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.roles import MATCH_HANDS, mixing, passage_to_top, stationary
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import LabError, Setup
from bumtable.rules import get

runner = CliRunner(env={"COLUMNS": "200"})
ROLES = study("roles")
BUM4 = Setup(rules=get("bum-game", players=4), bots=("random",) * 4, seed=7)


@pytest.fixture(scope="module")
def two_matches() -> Any:
    return run_study(ROLES, BUM4, count=2 * MATCH_HANDS, jobs=1)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two(two_matches: Any) -> None:
    assert run_study(ROLES, BUM4, count=2 * MATCH_HANDS, jobs=2).to_dict() == two_matches.to_dict()


def test_the_figures_have_a_row_per_role_and_a_point_per_hand_of_a_match(two_matches: Any) -> None:
    f = two_matches.figures
    assert (f["hands"], f["matches"], f["transitions"]) == (400, 2, 2 * (MATCH_HANDS - 1))
    assert f["roles"] == ["Boss", "Foreman", "Worker", "Bum"]
    assert [len(row) for row in f["matrix"]] == [4] * 4 and [len(row) for row in f["matrix_ci95"]] == [4] * 4
    assert [p["hands"] for p in f["first_winner_lead"]] == list(range(1, MATCH_HANDS + 1))
    assert {p["matches"] for p in f["first_winner_lead"]} == {2}
    assert two_matches.question and two_matches.method and len(two_matches.plots) == 2
    assert two_matches.plots[1].band == (-1.0, 1.0)


def test_rows_and_columns_of_the_matrix_sum_to_one_and_the_stationary_shares_are_equal(
    two_matches: Any,
) -> None:
    f = two_matches.figures
    matrix = f["matrix"]
    assert all(math.isclose(sum(row), 1.0) for row in matrix)
    assert all(math.isclose(sum(col), 1.0) for col in zip(*matrix, strict=True))  # each role held once a hand
    assert f["stationary"] == pytest.approx([0.25] * 4)
    for row, cells in zip(matrix, f["matrix_ci95"], strict=True):
        for p, (low, high) in zip(row, cells, strict=True):
            assert 0.0 <= low <= p <= high <= 1.0
    for low, high in f["stationary_ci95"]:
        assert low <= 0.25 <= high


def test_the_passage_times_lie_in_their_intervals_and_the_bum_is_furthest_from_boss(two_matches: Any) -> None:
    f = two_matches.figures
    assert f["passage_to_boss"][0] == 0.0
    assert f["bum_to_boss"] == f["passage_to_boss"][3] == max(f["passage_to_boss"])
    low, high = f["bum_to_boss_ci95"]
    assert 1.0 <= low <= f["bum_to_boss"] <= high
    assert f["mixing_hands"] >= 1


def test_the_first_winners_lead_after_one_hand_is_the_points_table_edge(two_matches: Any) -> None:
    first = two_matches.figures["first_winner_lead"][0]
    # points (3, 2, 1, 0): the winner's 3 against the others' mean of 1, in every match
    assert (first["mean"], first["ci95"], first["hand_excess"]) == (2.0, [2.0, 2.0], 2.0)


def test_equal_points_for_every_place_leave_no_lead_to_wash_out() -> None:
    rules = get("bum-game", players=4).replace(points=(1, 1, 1, 1))
    result = run_study(ROLES, Setup(rules=rules, bots=BUM4.bots, seed=3), count=2 * MATCH_HANDS)
    curve = result.figures["first_winner_lead"]
    assert {p["mean"] for p in curve} == {0.0}
    assert result.figures["parity"]["mean"] == 1 and result.figures["parity"]["ci95"] == [1, 1]


def test_a_chain_worked_by_hand_gives_its_passage_times_stationary_shares_and_mixing() -> None:
    # from role 1 or 2, role 0 comes with chance 1/4 a hand: 4 hands on average
    chain = [[0.5, 0.5, 0.0], [0.25, 0.5, 0.25], [0.25, 0.0, 0.75]]
    assert passage_to_top(chain) == pytest.approx([0.0, 4.0, 4.0])
    pi = stationary(chain)
    assert pi is not None and pi == pytest.approx([1 / 3, 1 / 3, 1 / 3])
    assert passage_to_top([[1.0, 0.0], [0.0, 1.0]]) == [0.0, math.inf]  # never reached
    assert mixing([[0.0, 1.0], [1.0, 0.0]]) == math.inf  # a cycle never forgets


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["lab", "roles", "gin-bummy"],
            "the roles study is for the climbing games, and gin-bummy is not one",
        ),
        (["lab", "roles", "bum-game", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["lab", "roles", "bum-game", "-o", "nothing=1"], "has no option 'nothing'"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--hands", "1000000"])  # would take many minutes if work started
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and said in result.stderr


def test_too_few_bots_for_the_seats_is_refused() -> None:
    with pytest.raises(LabError, match="2 bots for 4 seats"):
        run_study(ROLES, Setup(rules=BUM4.rules, bots=("random",) * 2, seed=1), count=10)


def test_json_holds_the_matrix_the_passage_time_and_the_parity_hand_count() -> None:
    result = runner.invoke(
        app,
        [
            "lab",
            "roles",
            "president",
            "--bots",
            "random",
            "--hands",
            "300",
            "--seed",
            "2",
            "-j",
            "1",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["study"], data["game"], data["played"]) == ("roles", "president", 300)
    f = data["figures"]
    # the second match is cut at 100 hands: one match reaches the last hands
    assert f["matches"] == 2 and len(f["first_winner_lead"]) == MATCH_HANDS
    assert f["first_winner_lead"][-1]["matches"] == 1 and f["first_winner_lead"][-1]["ci95"] is None
    assert set(f["parity"]) == {"mean", "ci95", "within_hands", "points_per_hand"}
    assert isinstance(f["bum_to_boss"], float) and len(f["bum_to_boss_ci95"]) == 2
