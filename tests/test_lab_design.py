"""``bumtable lab design``: the same figures whatever --jobs, common deals for designs with the same deck, the
ranking by the documented distance, the window and the grid, the command's JSON, and bad input in one line."""

from __future__ import annotations

import itertools
import json
import math
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.design import DESIGN, DesignOptions, distance, grid, matches, trigger_rules
from bumtable.lab.run import run_study
from bumtable.lab.study import Setup
from bumtable.rules import as_climbing, get
from bumtable.sim.runner import HAND_END

runner = CliRunner(env={"COLUMNS": "200"})
SIX = as_climbing(get("bum-game", players=6))
RANDOM6 = ("random",) * 6
SMALL_ARGS = ["-s", "triggers=bum-worker2@3,bum2@4", "-s", "exchanges=preset,none"]


@pytest.fixture(scope="module")
def small() -> Any:
    """The command's JSON for four designs (two trigger rules, with 3 and 4 Jokers, with the preset's exchange
    and none), 400 hands each."""
    args = ["lab", "design", "bum-game", "-n", "6", "--bots", "random", "--hands", "400", "--seed", "1"]
    result = runner.invoke(app, [*args, *SMALL_ARGS, "-j", "1", "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    options = DesignOptions(triggers=("bum2@3",), exchanges=("preset", "pairs"))
    setup = Setup(rules=SIX, bots=RANDOM6, seed=4, options=options)
    one = run_study(DESIGN, setup, count=220, jobs=1)
    two = run_study(DESIGN, setup, count=220, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 220 and one.figures["design_count"] == 2


def test_designs_with_the_same_deck_deal_the_same_cards_match_by_match_and_hand_by_hand() -> None:
    designs = {d.key: d for d in grid(SIX, DesignOptions())}
    a, b, other = designs["bum2@3/preset"], designs["bum-worker2@3/pairs"], designs["bum2@4/preset"]
    played = [matches(d.rules, RANDOM6, 11) for d in (a, b, other)]
    for (x, _), (y, _), (z, _) in itertools.islice(zip(*played, strict=True), 4):
        first = [x.hand_of(p) for p in range(6)]
        assert first == [y.hand_of(p) for p in range(6)]
        assert first != [z.hand_of(p) for p in range(6)]  # another Joker count: another deck, other deals
    # later hands: each match draws the same shuffles under either design, whatever was played
    (x, run_x), (y, run_y) = next(matches(a.rules, RANDOM6, 12)), next(matches(b.rules, RANDOM6, 12))
    for _ in range(3):
        run_x.play(until=HAND_END)
        run_y.play(until=HAND_END)
    assert len(x.chance.draws) == 3 and x.chance.draws == y.chance.draws


def test_the_distance_adds_up_its_documented_terms_for_hand_made_measures() -> None:
    on_target = distance(rate=0.10, gaps=[0.3, 0.3, 0.3, 0.3, 0.3], step=1.0, climb=0.6)
    assert on_target["total"] == 0
    found = distance(rate=0.07, gaps=[0.2, 0.4, 0.2, 0.4], step=1.0, climb=0.35)
    assert found["revolutions"] == pytest.approx(3.0)  # 3 points off 10 %, the band's half-width 1 point
    assert found["order"] == 0 and found["size"] == 0
    assert found["uneven"] == pytest.approx(0.1 / 0.3)  # standard deviation 0.1 over the mean 0.3
    assert found["climb"] == pytest.approx(1.5)  # 35 % leaving the bottom: 15 points short of 50 %
    assert found["total"] == pytest.approx(3.0 + 0.1 / 0.3 + 1.5)
    rough = distance(rate=0.11, gaps=[0.9, 0.9, 0.9, -0.3], step=1.0, climb=0.5)
    assert rough["revolutions"] == pytest.approx(1.0)  # the band's edge
    assert rough["order"] == 2.0  # one gap below 0
    assert rough["size"] == pytest.approx(1.0)  # a mean gap of 0.6 places: 0.1 over 0.5
    assert rough["uneven"] == pytest.approx(math.sqrt(0.27) / 0.6)
    assert distance(rate=0.10, gaps=[0.1] * 3, step=2.0, climb=0.5)["size"] == pytest.approx(
        0.5
    )  # 0.05 places
    assert distance(rate=0.10, gaps=[0.1, -0.2], step=1.0, climb=0.5)["uneven"] == 3.0  # mean below 0


def test_the_ranking_is_sorted_by_distance_and_follows_the_formula(small: Any) -> None:
    designs = small["figures"]["designs"]
    assert [d["rank"] for d in designs] == list(range(1, 5))
    assert [d["distance"] for d in designs] == sorted(d["distance"] for d in designs)
    assert small["figures"]["best"] == designs[0]["key"]
    for d in designs:
        again = distance(
            rate=d["exact_rate"],
            gaps=[g["gap"] for g in d["gaps"]],
            step=1.0,  # points 5 4 3 2 1 0
            climb=d["bum_climbs"]["rate"],
        )
        assert d["distance"] == pytest.approx(again["total"])
        assert sum(r["mean_points"] for r in d["roles"]) == pytest.approx(sum(SIX.points))
        assert d["revolution_ci95"][0] <= d["revolution_rate"] <= d["revolution_ci95"][1]
        assert d["monotone"] == all(g["gap"] > 0 for g in d["gaps"])
        assert d["hands"] == 400
    assert [row[1] for row in small["tables"][0]["rows"]] == [d["key"] for d in designs]


def test_the_window_keeps_exactly_the_triggers_whose_exact_rate_lies_within_it() -> None:
    every = trigger_rules(SIX)
    for window in (0.02, 0.05, 0.2):
        kept = {d.trigger.key for d in grid(SIX, DesignOptions(window=window))}
        assert kept == {t.key for t in every if abs(t.exact - 0.10) <= window}


def test_an_exchange_that_repeats_another_is_played_once() -> None:
    four = as_climbing(
        get("bum-game", players=4)
    )  # graduated at 4 is the preset's Boss-Bum 2, Foreman-Worker 1
    exchanges = {d.exchange.key for d in grid(four, DesignOptions(triggers=("bum-worker2@2",)))}
    assert exchanges == {"none", "preset", "preset-choice", "boss-bum", "pairs"}


def test_the_command_prints_one_json_object_with_the_ranking(small: Any) -> None:
    assert (small["study"], small["players"], small["played"], small["seed"]) == ("design", 6, 400, 1)
    assert small["tables"][0]["title"] == "Designs ranked by their distance to the targets"
    assert len(small["tables"][0]["rows"]) == small["figures"]["design_count"] == 4
    assert {d["key"] for d in small["figures"]["designs"]} == {
        "bum-worker2@3/preset",
        "bum-worker2@3/none",
        "bum2@4/preset",
        "bum2@4/none",
    }
    assert small["plots"][0]["band"] == [0.09, 0.11]
    assert small["question"] and small["method"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["-n", "3"], "the design study needs 4 players or more, not 3"),
        (["-n", "6", "-s", "exchanges=preset,swap-all"], "no exchange 'swap-all'"),
        (["-n", "6", "-s", "triggers=boss2"], "no trigger rule 'boss2'"),
        (["-n", "6", "-s", "triggers=bum2@9"], "tries 3 or 4 Jokers for 6 players, not 9"),
        (["-n", "6", "-s", "window=0.005"], "no trigger rule chosen has an exact rate within 9.5-10.5 %"),
        (["-n", "6", "-s", "window=-1"], "the design study's window is a rate above 0"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["lab", "design", "bum-game", *args, "--hands", "100000"])
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1
    assert said in result.stderr
