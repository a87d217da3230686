"""``bumtable lab skill``: levels compared on the same deals, the same figures whatever --jobs, the study's own
options (``-s levels=...``) checked, recorded and refused when they differ, and ``--hands``/``--matches``."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.run import run_study
from bumtable.lab.skill import SKILL, SkillOptions
from bumtable.lab.study import LabError, Setup, StudyOptions
from bumtable.rules import get

runner = CliRunner(env={"COLUMNS": "200"})
FAST = SkillOptions(levels=("random", "easy"))


class _Other(StudyOptions):
    """Options of some other study."""


BUM4 = Setup(rules=get("bum-game", players=4), bots=("heuristic",) * 4, seed=5, options=FAST)


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    one = run_study(SKILL, BUM4, count=120, jobs=1)
    two = run_study(SKILL, BUM4, count=120, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 120 and [r["level"] for r in one.figures["levels"]] == ["random", "easy"]


def test_easy_comes_first_more_often_than_random_against_the_heuristic() -> None:
    figures = run_study(SKILL, BUM4, count=200).figures
    random_, easy = figures["levels"]
    assert easy["first_rate"] > random_["first_rate"]
    assert figures["monotone"] and figures["steps"][0]["significant"]
    step = figures["steps"][0]
    assert step["difference"] == pytest.approx(easy["first_rate"] - random_["first_rate"])
    assert step["ci95"][0] <= step["difference"] <= step["ci95"][1]


def test_levels_meet_the_same_deals_whatever_their_order() -> None:
    ahead = run_study(SKILL, BUM4, count=40).figures["levels"]
    behind = run_study(SKILL, replace(BUM4, options=SkillOptions(levels=("easy", "random"))), count=40)
    assert behind.figures["levels"] == ahead[::-1]


def test_the_seat_tested_turns_from_deal_to_deal() -> None:
    seats = run_study(SKILL, BUM4, count=120).figures["tested_seat"]
    assert sum(seats) == 120 and max(seats) - min(seats) <= 1 * (120 // SKILL.chunk)


def test_a_game_without_hands_is_played_as_whole_games() -> None:
    rules = get("gin-bummy")
    result = run_study(SKILL, Setup(rules=rules, bots=("random",) * 2, seed=2, options=FAST), count=20)
    assert (result.units, result.played) == ("deals", 20)
    assert "a whole game" in result.method
    assert sum(result.figures["tested_seat"]) == 20


def test_a_setup_without_options_gets_the_studys_defaults() -> None:
    assert SKILL.settle(Setup(rules=BUM4.rules, bots=BUM4.bots, seed=1)).options == SkillOptions()
    with pytest.raises(LabError, match="takes SkillOptions"):
        SKILL.settle(Setup(rules=BUM4.rules, bots=BUM4.bots, seed=1, options=_Other()))


def test_options_are_read_from_words_and_checked() -> None:
    assert SkillOptions.read(["levels=Random, EASY"], study="skill").levels == ("random", "easy")
    assert SkillOptions.read([], study="skill").to_dict() == {"levels": ["random", "easy", "medium"]}
    for words, said in [
        (["levels=random"], "two levels or more"),
        (["levels=easy,easy"], "easy is given twice"),
        (["levels=random,nobody"], "unknown bot 'nobody'"),
        (["depth=3"], "has no option 'depth'; its options: levels"),
        (["levels"], "NAME=VALUE"),
    ]:
        with pytest.raises(LabError, match=said):
            SkillOptions.read(words, study="skill")
    with pytest.raises(LabError, match="the revolution study has no option 'levels'; it takes none"):
        StudyOptions.read(["levels=easy"], study="revolution")


def test_a_record_made_with_other_levels_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "skill.jsonl"
    run_study(SKILL, BUM4, count=20, record=path)
    assert json.loads(path.read_text().splitlines()[0])["options"] == {"levels": ["random", "easy"]}
    other = replace(BUM4, options=SkillOptions(levels=("random", "heuristic")))
    with pytest.raises(LabError, match="its options' levels is"):
        run_study(SKILL, other, count=20, record=path)


def test_json_holds_every_figure_and_the_command_gives_the_options_back() -> None:
    args = ["lab", "skill", "bum-game", "-s", "levels=random,easy", "--hands", "20", "--seed", "3", "-j", "1"]
    data = _json([*args, "--json"])
    assert (data["study"], data["units"], data["played"]) == ("skill", "deals", 20)
    assert [r["level"] for r in data["figures"]["levels"]] == ["random", "easy"]
    assert {"monotone", "steps", "fair_first_rate"} <= set(data["figures"])
    assert "-s levels=random,easy" in data["command"] and "--hands 20" in data["command"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["skill", "bum-game", "-s", "levels=random,nobody", "--hands", "100000"], "unknown bot 'nobody'"),
        (["skill", "bum-game", "-s", "levels=easy", "--hands", "100000"], "two levels or more"),
        (["skill", "bum-game", "-s", "depth=2", "--hands", "100000"], "has no option 'depth'"),
        (["revolution", "bum-game", "-s", "levels=easy", "--hands", "100000"], "it takes none"),
        (["skill", "bum-game", "--matches", "100000"], "counted in hands: give --hands, not --matches"),
        (["length", "bum-game", "--hands", "100000"], "counted in matches: give --matches, not --hands"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["lab", *args])  # each would take minutes if any work started
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and said in result.stderr
