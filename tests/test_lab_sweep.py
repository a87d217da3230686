"""``bumtable lab sweep``: a study's headline figures as one option, the variant, the player count or the bots
take several values, every value from the same seeds; each value's figures are the study's run alone; the
same figures whatever --jobs and however a run with a record was interrupted; bad input in one line before
any work."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.result import LabResult
from bumtable.lab.run import run_study
from bumtable.lab.studies import STUDIES, study
from bumtable.lab.study import LabError, Setup, StudyOptions, no_headline
from bumtable.lab.sweep import SWEEP, SweepOptions, read_axis, split_values
from bumtable.rules import Rules, get

runner = CliRunner(env={"COLUMNS": "200"})
REVOLUTION, EXCHANGE = study("revolution"), study("exchange")
RANDOM4 = ("random",) * 4
JOKERS = Setup(
    rules=get("bum-game", players=4),
    bots=RANDOM4,
    seed=7,
    options=SweepOptions(study="revolution", vary="jokers=2,3"),
)


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _alone(name: str, rules: Rules, bots: tuple[str, ...], seed: int, count: int, **options: Any) -> Any:
    """The figures of study ``name`` run on its own, as JSON reads them back."""
    chosen = study(name)
    own = chosen.options(**options) if options else StudyOptions()
    result = run_study(chosen, Setup(rules=rules, bots=bots, seed=seed, options=own), count=count)
    return json.loads(json.dumps(result.figures))


def test_values_are_cut_at_commas_outside_brackets() -> None:
    assert split_values("[[3,2]],[[3,2],[2,3]]") == ["[[3,2]]", "[[3,2],[2,3]]"]
    assert split_values("(1,2), x ,{'a':1,'b':2}") == ["(1,2)", "x", "{'a':1,'b':2}"]
    axis = read_axis("Revolution-Triggers=[[3,2]],[[2,2]]")
    assert (axis.name, axis.values) == ("revolution_triggers", ("[[3,2]]", "[[2,2]]"))


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    one = run_study(SWEEP, JOKERS, count=400, jobs=1)
    two = run_study(SWEEP, JOKERS, count=400, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 400 and one.figures["values"] == ["2", "3"]


def test_each_value_has_the_figures_of_its_study_run_alone_with_the_same_seed() -> None:
    swept = run_study(SWEEP, JOKERS, count=400).figures["results"]
    for jokers, found in zip((2, 3), swept, strict=True):
        alone = _alone("revolution", get("bum-game", players=4, jokers=jokers), RANDOM4, 7, 400)
        assert json.loads(json.dumps(found["figures"])) == alone
    assert swept[0]["figures"] != swept[1]["figures"]


def test_values_with_the_same_deck_meet_the_same_deals() -> None:
    # the points table changes neither the deck nor the triggers, so the fresh deals are the same deals
    options = SweepOptions(study="revolution", vary="points=[3,2,1,0],[9,4,1,0]")
    found = run_study(SWEEP, replace(JOKERS, options=options), count=400).figures["results"]
    low, high = (r["figures"] for r in found)
    assert low["deals"] == high["deals"] == 400
    dealt = [
        (f["any"]["deal_revolutions"], [t["deal_revolutions"] for t in f["triggers"]]) for f in (low, high)
    ]
    assert dealt[0] == dealt[1]
    other = run_study(SWEEP, replace(JOKERS, options=options, seed=8), count=400).figures["results"][0]
    assert [t["deal_revolutions"] for t in other["figures"]["triggers"]] != dealt[0][1]


def test_every_study_names_headline_figures_each_within_its_interval() -> None:
    setups = {
        "revolution": (get("bum-game"), 40, {}),
        "exchange": (get("bum-game"), 40, {}),
        "roles": (get("bum-game"), 40, {}),
        "balance": (get("gin-bummy"), 10, {}),
        "length": (get("bum-game"), 3, {}),
        "skill": (get("bum-game"), 10, {"levels": ("random", "easy")}),
    }
    assert set(setups) <= {name for name, s in STUDIES.items() if s.headline is not no_headline}
    for name, (rules, count, options) in setups.items():
        chosen = study(name)
        own = chosen.options(**options) if options else StudyOptions()
        result = run_study(
            chosen, Setup(rules=rules, bots=("random",) * rules.players, seed=1, options=own), count=count
        )
        metrics = chosen.headline(result)
        assert metrics, name
        for m in metrics:
            assert m.unit and m.name
            if m.ci95 is not None and m.value is not None:
                assert m.ci95[0] - 1e-9 <= m.value <= m.ci95[1] + 1e-9, (name, m)


def test_json_holds_each_values_headline_and_figures_and_the_command_gives_the_values_back() -> None:
    args = ["lab", "sweep", "bum-game", "jokers=2,3", "-s", "study=revolution", "--bots", "random"]
    data = _json([*args, "--hands", "200", "--seed", "7", "-j", "1", "--json"])
    assert (data["study"], data["units"], data["played"]) == ("sweep", "hands", 200)
    figures = data["figures"]
    assert (figures["study"], figures["axis"], figures["values"]) == ("revolution", "jokers", ["2", "3"])
    assert [r["changes"] for r in figures["results"]] == [{}, {"jokers": 3}]
    names = [m["name"] for m in figures["results"][0]["headline"]]
    assert names == figures["headline"] and "any trigger, match play" in names
    expected = run_study(SWEEP, JOKERS, count=200).to_dict()
    assert data["figures"] == json.loads(json.dumps(expected["figures"]))
    assert data["tables"][0]["columns"][0] == "jokers" and len(data["tables"][0]["rows"]) == 2
    assert "lab sweep bum-game jokers=2,3 -n 4 -s study=revolution" in data["command"]


@pytest.mark.parametrize(
    ("args", "study_name", "made"),
    [
        (
            ["revolution_triggers=[[3,2]],[[3,2],[2,2]]", "-s", "study=revolution"],
            "revolution",
            [
                (get("bum-game", revolution_triggers=((3, 2),)), RANDOM4),
                (get("bum-game", revolution_triggers=((3, 2), (2, 2))), RANDOM4),
            ],
        ),
        (
            ["variant=none,one-hour", "-o", "target=12"],
            "exchange",
            [
                (get("bum-game", target=12), RANDOM4),
                (get("bum-game", variants=["one-hour"], target=12), RANDOM4),
            ],
        ),
        (
            ["players=4,5", "-v", "one-hour", "--bots", "random,easy"],
            "exchange",
            [
                (get("bum-game", players=4, variants=["one-hour"]), ("random", "easy") * 2),
                (
                    get("bum-game", players=5, variants=["one-hour"]),
                    ("random", "easy", "random", "easy", "random"),
                ),
            ],
        ),
        (
            ["bots=random,easy", "-s", "study=revolution"],
            "revolution",
            [(get("bum-game"), RANDOM4), (get("bum-game"), ("easy",) * 4)],
        ),
    ],
    ids=["rules-option", "variant", "players", "bots"],
)
def test_each_axis_gives_each_value_the_figures_of_its_study_run_alone(
    args: list[str], study_name: str, made: list[tuple[Rules, tuple[str, ...]]]
) -> None:
    command = ["lab", "sweep", "bum-game", *args, "--hands", "200", "--seed", "5", "-j", "1", "--json"]
    if "--bots" not in args:
        command += ["--bots", "random"]
    data = _json(command)
    assert data["figures"]["study"] == study_name
    found = data["figures"]["results"]
    assert len(found) == len(made)
    for result, (rules, bots) in zip(found, made, strict=True):
        assert result["players"] == rules.players and tuple(result["bots"]) == bots
        assert result["figures"] == _alone(study_name, rules, bots, 5, 200)


def test_the_swept_study_sets_the_units_the_chunks_and_its_own_options() -> None:
    args = ["lab", "sweep", "gin-bummy", "max_turns=60,1000", "-s", "study=skill", "-s", "levels=random,easy"]
    data = _json([*args, "--bots", "random", "--hands", "6", "--seed", "2", "-j", "1", "--json"])
    assert (data["units"], data["played"]) == ("deals", 6)
    levels = [[r["level"] for r in v["figures"]["levels"]] for v in data["figures"]["results"]]
    assert levels == [["random", "easy"]] * 2
    levels_alone = {"levels": ("random", "easy")}
    alone = _alone("skill", get("gin-bummy", max_turns=60), ("random",) * 2, 2, 6, **levels_alone)
    assert data["figures"]["results"][0]["figures"] == alone
    args = ["lab", "sweep", "bum-game", "exchange=true,false", "-s", "study=length", "--bots", "random"]
    length = _json([*args, "--matches", "2", "--seed", "2", "--json"])
    assert (length["units"], length["played"]) == ("matches", 2)


def test_a_record_cut_after_its_first_chunk_goes_on_to_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "sweep.jsonl"
    run_study(SWEEP, JOKERS, count=200, record=path)  # as if interrupted after the first of two chunks
    head = json.loads(path.read_text().splitlines()[0])
    assert head["chunk"] == REVOLUTION.chunk and head["options"]["vary"] == "jokers=2,3"
    told: list[int] = []
    resumed = run_study(SWEEP, JOKERS, count=400, record=path, resumed=told.append)
    assert told == [200] and len(path.read_text().splitlines()) == 3
    assert resumed.to_dict() == run_study(SWEEP, JOKERS, count=400).to_dict()
    other = replace(JOKERS, options=SweepOptions(study="revolution", vary="jokers=2,4"))
    with pytest.raises(LabError, match="vary"):
        run_study(SWEEP, other, count=400, record=path)


def test_the_command_goes_on_from_its_record(tmp_path: Path) -> None:
    path = tmp_path / "sweep.jsonl"
    args = [
        "lab",
        "sweep",
        "bum-game",
        "jokers=2,3",
        "-s",
        "study=revolution",
        "--bots",
        "random",
        "--seed",
        "4",
    ]
    first = _json([*args, "--hands", "200", "--record", str(path), "--json"])
    again = _json([*args, "--hands", "400", "--record", str(path), "--json"])
    fresh = _json([*args, "--hands", "400", "--json"])
    assert again["figures"] == fresh["figures"] and first["figures"] != fresh["figures"]


def test_the_report_holds_the_sweeps_table_and_a_plot(tmp_path: Path) -> None:
    args = ["lab", "sweep", "bum-game", "jokers=2,3", "-s", "study=revolution", "--bots", "random"]
    result = runner.invoke(app, [*args, "--hands", "200", "--seed", "1", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text()
    assert "The revolution study&#x27;s headline figures by jokers" in page
    assert "any trigger, match play" in page and "<img" in page
    assert (
        (tmp_path / "the-revolution-study-s-headline-figures-by-jokers.csv").read_text().startswith("jokers,")
    )


def test_a_setup_must_give_the_values() -> None:
    with pytest.raises(LabError, match="needs the values"):
        run_study(SWEEP, replace(JOKERS, options=StudyOptions()), count=10)
    assert isinstance(run_study(SWEEP, JOKERS, count=10), LabResult)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["sweep", "bum-game"], "needs the values it compares"),
        (["exchange", "bum-game", "jokers=2,3"], "takes no values NAME=a,b,c"),
        (["sweep", "bum-game", "nothing=1,2"], "varies players, variant, bots or a rules option (exchange,"),
        (["sweep", "bum-game", "jokers=2"], "two values or more"),
        (["sweep", "bum-game", "jokers=2,,3"], "has an empty value"),
        (["sweep", "bum-game", "jokers"], "NAME=a,b,c"),
        (["sweep", "bum-game", "jokers=2,-1"], "jokers=-1: option 'jokers' must be from 0"),
        (["sweep", "bum-game", "players=4,13"], "players=13: The Bum Game is for 3 to 12 players"),
        (["sweep", "bum-game", "variant=none,nothing"], "variant=nothing: bum-game has no variant 'nothing'"),
        (["sweep", "bum-game", "bots=random,nobody"], "bots=nobody: unknown bot 'nobody'"),
        (["sweep", "bum-game", "jokers=2,2"], "a sweep that changes nothing"),
        (["sweep", "bum-game", "-o", "jokers=3", "jokers=3,3"], "a sweep that changes nothing"),
        (["sweep", "bum-game", "jokers=2,3,2"], "jokers=2 and jokers=2 give the same rules"),
        (["sweep", "bum-game", "-s", "study=revolution", "jokers=2,1"], "jokers=1: the trigger"),
        (["sweep", "gin-bummy", "max_turns=50,60"], "the exchange study is for the climbing games"),
        (["sweep", "bum-game", "-s", "study=sweep", "jokers=2,3"], "not sweep"),
        (["sweep", "bum-game", "-s", "study=nope", "jokers=2,3"], "unknown study 'nope'"),
        (
            ["sweep", "bum-game", "-s", "levels=easy", "jokers=2,3"],
            "the exchange study has no option 'levels'",
        ),
        (["sweep", "bum-game", "-s", "vary=jokers=2,3", "jokers=2,3"], "not a -s option"),
        (["sweep", "bum-game", "-s", "study=length", "jokers=2,3"], "counted in matches: give --matches"),
        (["sweep", "bum-game", "-s", "study=roles", "target=10,30"], "sets target itself"),
        (["sweep", "bum-game", "-n", "6", "-s", "study=design", "jokers=3,4"], "sets jokers itself"),
        (["sweep", "bum-game", "-v", "bum-only", "variant=none,single-session"], "stand in for -v"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, ["lab", *args, "--hands", "100000"])  # minutes of work if any started
    assert result.exit_code == 2, result.output
    assert len(result.stderr.strip().splitlines()) == 1 and said in result.stderr
