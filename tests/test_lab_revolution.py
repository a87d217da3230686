"""``bumtable lab revolution``: the same figures whatever --jobs and however a record was stopped, exact odds
that a deal-only simulation confirms, bad input told in one line before any work, the JSON's shape."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.lab.record import header
from bumtable.lab.revolution import credited_probabilities, deal_only
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import LabError, Setup, merge_counts
from bumtable.rules import climbing, get, system
from bumtable.rules.climbing.odds import revolution_probability

runner = CliRunner(env={"COLUMNS": "200"})
REVOLUTION = study("revolution")
BUM4 = Setup(rules=get("bum-game", players=4), bots=("random",) * 4, seed=11)


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    return json.loads(result.stdout)


def test_the_same_seed_gives_the_same_figures_with_one_process_or_two() -> None:
    one = run_study(REVOLUTION, BUM4, count=400, jobs=1)
    two = run_study(REVOLUTION, BUM4, count=400, jobs=2)
    assert one.to_dict() == two.to_dict()
    assert one.played == 400 and one.figures["hands_with_roles"] == 400


def test_another_seed_gives_other_deals() -> None:
    one = run_study(REVOLUTION, BUM4, count=200)
    other = run_study(REVOLUTION, Setup(rules=BUM4.rules, bots=BUM4.bots, seed=12), count=200)
    assert one.figures["any"]["deal_revolutions"] != other.figures["any"]["deal_revolutions"] or (
        one.figures["any"]["revolutions"] != other.figures["any"]["revolutions"]
    )


def test_a_record_stopped_after_its_first_chunk_goes_on_to_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "lab.jsonl"
    run_study(REVOLUTION, BUM4, count=200, record=path)  # as if stopped after the first of two chunks
    assert len(path.read_text().splitlines()) == 2  # the header and one chunk
    told: list[int] = []
    resumed = run_study(REVOLUTION, BUM4, count=400, record=path, resumed=told.append)
    assert told == [200]
    assert len(path.read_text().splitlines()) == 3
    assert resumed.to_dict() == run_study(REVOLUTION, BUM4, count=400).to_dict()


def test_a_last_line_cut_short_by_a_stop_is_played_again(tmp_path: Path) -> None:
    path = tmp_path / "lab.jsonl"
    run_study(REVOLUTION, BUM4, count=400, record=path)
    text = path.read_text()
    path.write_text(text[: len(text) - 20])  # the second chunk's line cut short
    told: list[int] = []
    again = run_study(REVOLUTION, BUM4, count=400, record=path, resumed=told.append)
    assert told == [200]
    assert again.to_dict() == run_study(REVOLUTION, BUM4, count=400).to_dict()


def test_a_record_of_another_study_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "lab.jsonl"
    head = header(study="roles", rules=BUM4.rules.to_dict(), bots=BUM4.bots, seed=11, chunk=200)
    path.write_text(json.dumps(head) + "\n")
    with pytest.raises(
        LabError, match='records another study: its study is "roles", this one\'s "revolution"'
    ):
        run_study(REVOLUTION, BUM4, count=200, record=path)
    result = runner.invoke(app, ["lab", "revolution", "bum-game", "--seed", "11", "--record", str(path)])
    assert result.exit_code == 2 and "records another study" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert path.read_text() == json.dumps(head) + "\n"


BUM_COUNTS = range(system("bum-game").min_players, system("bum-game").max_players + 1)


@pytest.mark.parametrize("players", BUM_COUNTS)
def test_the_exact_rate_agrees_with_a_deal_only_simulation_within_four_standard_errors(players: int) -> None:
    rules = climbing("bum-game", players=players)
    deals = 3000
    tally = deal_only(rules, seed=players, count=deals)
    exact = credited_probabilities(rules)
    assert sum(exact) > 0
    for i, p in enumerate([*exact, sum(exact)]):
        hits = tally["deal_revolutions"] if i == len(exact) else tally["deal_by_trigger"][i]
        se = (float(p) * (1 - float(p)) / deals) ** 0.5
        assert abs(hits / deals - float(p)) <= 4 * se, (i, hits, float(p))


def test_each_revolution_is_credited_to_the_first_trigger_it_meets() -> None:
    rules = climbing("bum-game", players=8)  # Bum or Worker 2+: with 4 Jokers both may qualify
    bum, worker = rules.revolution_triggers
    credited = credited_probabilities(rules)
    assert sum(credited) == revolution_probability(rules)
    assert credited[0] == revolution_probability(rules.replace(revolution_triggers=(bum,)))
    assert credited[1] < revolution_probability(rules.replace(revolution_triggers=(worker,)))


def test_tallies_merge_number_by_number_and_refuse_what_is_not_a_count() -> None:
    assert merge_counts({"a": 1, "b": [1, 2]}, {"a": 2, "b": [3, 4], "c": 5}) == {"a": 3, "b": [4, 6], "c": 5}
    with pytest.raises(ValueError, match="counts"):
        merge_counts({"a": "x"}, {"a": "y"})


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["lab", "nope", "bum-game"], "unknown study 'nope'; studies: "),
        (
            ["lab", "revolution", "gin-bummy"],
            "the revolution study is for the climbing games, and gin-bummy is not one",
        ),
        (["lab", "revolution", "president"], "president has no revolution triggers"),
        (
            ["lab", "revolution", "bum-game", "-o", "revolution_triggers=[[3,3]]"],
            "needs more Jokers than the deck's 2",
        ),
        (["lab", "revolution", "bum-game", "--bots", "nobody"], "unknown bot 'nobody'"),
        (["lab", "revolution", "bum-game", "-o", "nothing=1"], "has no option 'nothing'"),
        (["lab", "revolution", "nogame"], "unknown game 'nogame'"),
    ],
)
def test_bad_input_is_one_line_before_any_work(args: list[str], said: str) -> None:
    result = runner.invoke(app, [*args, "--hands", "100000"])  # would take minutes if any work started
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"error: {result.stderr.strip().removeprefix('error: ')}"]
    assert said in result.stderr


def test_json_holds_per_trigger_the_exact_and_simulated_rates_with_intervals() -> None:
    data = _json(["lab", "revolution", "bum-game", "--hands", "200", "--seed", "3", "-j", "1", "--json"])
    assert (data["study"], data["game"], data["players"], data["seed"], data["played"]) == (
        "revolution",
        "bum-game",
        4,
        3,
        200,
    )
    assert "--seed 3" in data["command"]
    triggers = data["figures"]["triggers"]
    assert [t["trigger"] for t in triggers] == ["Worker 2+ Jokers", "Bum 2+ Jokers"]
    for entry in [*triggers, data["figures"]["any"]]:
        assert 0 <= entry["ci95"][0] <= entry["simulated_rate"] <= entry["ci95"][1] <= 1
        assert 0 <= entry["deal_ci95"][0] <= entry["deal_rate"] <= entry["deal_ci95"][1] <= 1
        assert isinstance(entry["exact_rate"], float) and isinstance(entry["deal_agrees"], bool)
    assert data["figures"]["any"]["exact_fraction"] == "52/477"
    candidates = data["figures"]["candidates"]
    assert {c["players"] for c in candidates} == set(range(6, 13))
    assert all(c["in_band"] == (0.09 <= c["exact_rate"] <= 0.11) for c in candidates)
    assert data["plots"][0]["band"] == [0.09, 0.11] and data["plots"][0]["low"]["match play"]


def test_an_unknown_study_is_answered_with_every_study_by_name() -> None:
    from bumtable.lab.studies import STUDIES

    result = runner.invoke(app, ["lab", "nope", "bum-game"])
    assert result.exit_code == 2
    named = result.stderr.strip().split("studies: ", 1)[1]
    assert sorted(named.split(", ")) == sorted(STUDIES)
