"""A tournament's record: every deal written as it finishes, read back instead of played, so a stopped
tournament goes on where it stopped with the same report; broken or foreign records refused, untouched."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.rules import get
from bumtable.sim import tournament as T
from bumtable.sim.tournament_record import RecordError

PRESIDENT = get("president", players=4)
BOTS = ["heuristic", "random", "random", "random"]


def _report(deals: int, record: Path | None = None, **kw: Any) -> dict[str, Any]:
    report = T.tournament(PRESIDENT, bots=BOTS, deals=deals, seed=3, record=record, **kw)
    return report.to_dict()


def _deal_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()[1:]]


def test_a_tournament_stopped_and_run_again_reports_the_same_as_one_played_whole(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(4, path)  # "stopped" after 4 deals
    assert sorted(d["deal"] for d in _deal_lines(path)) == [0, 1, 2, 3]
    assert _report(9, path) == _report(9)
    assert sorted(d["deal"] for d in _deal_lines(path)) == list(range(9))


def test_recorded_deals_are_read_not_played_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    whole = _report(5, path)
    played: list[int] = []
    real = T.play_table
    monkeypatch.setattr(T, "play_table", lambda r, s, deal, t: played.append(deal) or real(r, s, deal, t))
    report = T.tournament(PRESIDENT, bots=BOTS, deals=5, seed=3, record=path)
    assert played == [] and report.resumed == 5 and report.to_dict() == whole
    T.tournament(PRESIDENT, bots=BOTS, deals=6, seed=3, record=path)
    assert played == [T.deal_seed(3, 5)] * 4  # only the new deal, at each of its 4 tables


def test_a_record_holding_more_deals_than_asked_reports_only_the_first_ones(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(7, path)
    assert _report(3, path) == _report(3)


def test_every_deal_is_recorded_whatever_the_number_of_processes(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    assert _report(6, path, jobs=2) == _report(6)
    assert sorted(d["deal"] for d in _deal_lines(path)) == list(range(6))


def test_a_last_line_cut_short_by_a_stop_is_dropped_and_that_deal_played_again(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(3, path)
    whole = path.read_text()
    path.write_text(whole + '{"deal": 3, "tables": [{"kinds": ["heur')  # the process died mid-write
    assert _report(4, path) == _report(4)
    text = path.read_text()
    assert text.startswith(whole) and text.count("\n") == 5 and text.endswith("\n")
    assert '"heur\n' not in text  # the cut line is gone, not left in the middle


def test_a_broken_line_inside_the_record_is_refused_and_the_file_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(3, path)
    lines = path.read_text().splitlines(keepends=True)
    lines[2] = '{"deal": 1, "tables": "lost"}\n'
    path.write_text("".join(lines))
    before = path.read_bytes()
    with pytest.raises(RecordError, match=r"line 3 of the record .* is broken: deal 1 has no list of tables"):
        _report(5, path)
    assert path.read_bytes() == before


def test_a_table_seating_other_bots_than_the_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(2, path)
    path.write_text(
        path.read_text().replace('"kinds": ["heuristic", "random"', '"kinds": ["random", "random"', 1)
    )
    with pytest.raises(
        RecordError, match=r"line 2 .* a table seats \['random', 'random', 'random', 'random'\]"
    ):
        _report(2, path)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"seed": 4}, "its seed is 3, this one's 4"),
        ({"bots": ["heuristic", "easy"]}, "its line-ups are"),
        ({"round_robin": True}, 'its mode is "duplicate", this one\'s "round-robin"'),
    ],
)
def test_a_record_of_another_tournament_is_refused_naming_what_differs(
    tmp_path: Path, change: dict[str, Any], named: str
) -> None:
    path = tmp_path / "t.jsonl"
    _report(2, path)
    before = path.read_bytes()
    kw: dict[str, Any] = {"bots": BOTS, "deals": 2, "seed": 3, "record": path} | change
    with pytest.raises(RecordError, match="records another tournament: " + named.replace("(", r"\(")):
        T.tournament(PRESIDENT, **kw)
    assert path.read_bytes() == before


def test_a_record_of_other_rules_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    _report(2, path)
    with pytest.raises(
        RecordError, match="records another tournament: its rules' jokers is 0, this one's 2;"
    ):
        T.tournament(PRESIDENT.replace(jokers=2), bots=BOTS, deals=2, seed=3, record=path)


def test_a_file_that_is_not_a_record_is_refused_and_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    with pytest.raises(RecordError, match="is not a tournament record"):
        _report(2, path)
    assert path.read_text() == "my notes\n"


def test_the_command_says_which_deals_it_read_and_refuses_a_foreign_record_in_one_line(
    tmp_path: Path,
) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    path = tmp_path / "t.jsonl"
    args = ["tournament", "president", "--bots", ",".join(BOTS), "--seed", "3", "--record", str(path)]
    assert runner.invoke(app, [*args, "--deals", "3"]).exit_code == 0
    result = runner.invoke(app, [*args, "--deals", "5"])
    assert result.exit_code == 0 and "3 of the deals read from the record, not played again." in result.stdout
    other = runner.invoke(app, [*args[:-4], "--seed", "9", "--record", str(path), "--deals", "5"])
    assert other.exit_code == 2
    assert "error: the record" in other.stderr and "its seed is 3, this one's 9" in other.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_keeps_the_finished_deals_and_the_same_command_goes_on_from_there(
    tmp_path: Path, jobs: str
) -> None:
    path = tmp_path / "t.jsonl"
    command = [
        sys.executable,
        "-m",
        "bumtable.cli",
        "tournament",
        "president",
        "--bots",
        "search:iterations=10,random",
    ]
    command += ["--seed", "3", "--jobs", jobs, "--record", str(path), "--json"]
    process = subprocess.Popen(  # in its own process group, as a terminal runs a command
        [*command, "--deals", "200"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        # as a terminal starts it: Ctrl-C not ignored (a job started in the background inherits it ignored)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while not (path.exists() and path.read_text().count("\n") >= 2):  # the first deal is written
            assert process.poll() is None and time.monotonic() < deadline, (
                "it ended before a deal was written"
            )
            time.sleep(0.05)
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: to every process of the command
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:  # it did not stop: end it, so the test leaves nothing running
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    assert process.returncode == 130 and out == ""
    assert "Traceback" not in err, err  # nor from the worker processes
    assert f"Stopped. The deals finished are in {path}: the same command goes on from there" in err
    kept = [d["deal"] for d in _deal_lines(path)]  # every line whole (read back as JSON)
    deals = max(kept) + 2
    again = subprocess.run([*command, "--deals", str(deals)], capture_output=True, text=True, env=os.environ)
    assert again.returncode == 0, again.stderr
    whole = T.tournament(PRESIDENT, bots=["search:iterations=10", "random"], deals=deals, seed=3)
    assert json.loads(again.stdout) == whole.to_dict()


def test_a_record_another_tournament_is_writing_is_refused_and_left_alone(tmp_path: Path) -> None:
    from bumtable.sim.lineups import fill_lineup

    path = tmp_path / "t.jsonl"
    _report(2, path)
    before = path.read_bytes()
    playing = T.open_record(PRESIDENT, [fill_lineup(BOTS, 4)], seed=3, round_robin=False, record=path)
    with playing, pytest.raises(RecordError, match="is being written by another tournament: wait for it"):
        _report(4, path)
    assert path.read_bytes() == before
    assert _report(4, path) == _report(4)  # and once it is done, the record goes on


def test_without_a_seed_the_same_command_goes_on_with_the_records_seed(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    path = tmp_path / "t.jsonl"
    args = ["tournament", "president", "--bots", ",".join(BOTS), "--record", str(path), "--json"]
    first = runner.invoke(app, [*args, "--deals", "2"])
    assert first.exit_code == 0, first.output
    seed = json.loads(first.stdout)["seed"]
    again = runner.invoke(app, [*args, "--deals", "4"])  # no --seed, as before
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["seed"] == seed
    whole = T.tournament(PRESIDENT, bots=BOTS, deals=4, seed=seed).to_dict()
    assert json.loads(again.stdout) == whole


def test_a_bad_record_is_told_before_anything_is_played(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    path = tmp_path / "notes.txt"
    path.write_text("my notes\n")
    args = ["tournament", "president", "--bots", ",".join(BOTS), "--deals", "3", "--record", str(path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.stderr.startswith("error: the record")
    assert "is not a tournament record" in result.stderr and "Tournament" not in result.stderr  # no bar
    assert path.read_text() == "my notes\n"


def test_a_setting_added_later_leaves_the_settings_text_of_a_search_that_does_not_use_it_as_it_was() -> None:
    """A record made before ``margin`` existed names its search bots without it: a search with it off
    matches such a record; one that uses it does not."""
    from bumtable.bots import bot_settings
    from bumtable.bots.search import LATER_SETTINGS

    for game in ("bum-game", "gin-bummy", "boojum"):
        for level in ("medium", "hard"):
            shown = [name for name in LATER_SETTINGS if f"{name}=" in bot_settings(level, game)]
            # Boojum's hard has used cutoff=margin since commit 2d58c56 and token_weight=1.5 since commit 8e85809 (its
            # records began with them); The Bum Game's hard searches on the compiled engine where it is installed,
            # as it is for the tests (its record began with it)
            expected = {("boojum", "hard"): ["cutoff", "token_weight"], ("bum-game", "hard"): ["engine"]}
            assert shown == expected.get((game, level), [])
    assert "cutoff='margin'" in bot_settings("hard", "boojum")
    assert "token_weight=1.5" in bot_settings("hard", "boojum")
    assert "engine='fast'" in bot_settings("hard", "bum-game") and "engine=" not in bot_settings(
        "hard", "president"
    )
    assert "margin=1.0" in bot_settings("search:margin=1", "gin-bummy")
    assert "reward='points'" in bot_settings("search:reward=points", "zheng-shangyou")
    for game in ("zheng-shangyou", "arsehole"):  # the levels play for places: their records stand
        assert "reward=" not in bot_settings("hard", game)


def test_so_far_reads_a_record_another_tournament_is_writing_without_touching_it(tmp_path: Path) -> None:
    from bumtable.sim.lineups import fill_lineup

    path = tmp_path / "t.jsonl"
    _report(3, path)
    playing = T.open_record(PRESIDENT, [fill_lineup(BOTS, 4)], seed=3, round_robin=False, record=path)
    with playing:  # locked by the tournament "playing" into it, which is half-way through a line
        with path.open("a") as file:
            file.write('{"deal": 3, "tables": [{"kinds": ["heur')
        before = path.read_bytes()
        so_far = T.recorded_report(PRESIDENT, bots=BOTS, deals=50, seed=3, round_robin=False, record=path)
    assert path.read_bytes() == before
    assert so_far.to_dict() == _report(3) and so_far.resumed == 3


def test_so_far_counts_only_the_first_deals_asked_and_refuses_a_foreign_or_missing_record(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.jsonl"
    _report(5, path)
    report = T.recorded_report(PRESIDENT, bots=BOTS, deals=2, seed=3, round_robin=False, record=path)
    assert report.to_dict() == _report(2)
    with pytest.raises(RecordError, match="its seed is 3, this one's 4"):
        T.recorded_report(PRESIDENT, bots=BOTS, deals=5, seed=4, round_robin=False, record=path)
    with pytest.raises(RecordError, match="there is no record at"):
        T.recorded_report(PRESIDENT, bots=BOTS, deals=5, seed=3, round_robin=False, record=tmp_path / "x")


def test_the_command_so_far_reports_the_record_and_says_how_many_deals_it_holds(tmp_path: Path) -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    path = tmp_path / "t.jsonl"
    args = ["tournament", "president", "--bots", ",".join(BOTS), "--record", str(path)]
    assert runner.invoke(app, [*args, "--seed", "3", "--deals", "3"]).exit_code == 0
    before = path.read_bytes()
    result = runner.invoke(app, [*args, "--deals", "100", "--so-far"])  # the record's seed
    assert result.exit_code == 0, result.output
    assert "seed 3: 3 deals x 4 rotations" in result.stdout
    assert "Read from the record: 3 of the 100 deals asked, nothing played." in result.stdout
    assert "Tournament" not in result.stderr and path.read_bytes() == before  # no bar, nothing written
    as_json = runner.invoke(app, [*args, "--deals", "100", "--so-far", "--json"])
    assert json.loads(as_json.stdout) == {**_report(3), "so_far": {"deals_asked": 100}}
    every = runner.invoke(app, [*args, "--so-far", "--json"])
    assert json.loads(every.stdout) == {**_report(3), "so_far": {"deals_asked": None}}
    assert "so_far" not in json.loads(
        runner.invoke(app, [*args, "--seed", "3", "--deals", "3", "--json"]).stdout
    )
    bare = runner.invoke(app, ["tournament", "president", "--so-far"])
    assert bare.exit_code == 2 and "--so-far reads a record: give it with --record FILE" in bare.stderr


RECORDS = Path(__file__).resolve().parents[1] / "bench" / "records"


@pytest.mark.parametrize(
    ("name", "game", "players"),
    [
        ("bum4-easy-random-s4", "bum-game", 4),
        ("president4-easy-random-s4", "president", 4),
        ("arsehole4-easy-random-s4", "arsehole", 4),
        ("zheng5-easy-random-s4", "zheng-shangyou", 5),
        ("gin2-easy-random-s4", "gin-bummy", 2),
        ("boojum4-easy-random-s4", "boojum", 4),
        ("gin2-medium-easy-s3", "gin-bummy", 2),  # the search bot's level, as its record was made
    ],
)
def test_a_committed_record_goes_on_with_the_deals_it_holds(
    tmp_path: Path, name: str, game: str, players: int
) -> None:
    """The same seed gives the same games as when the record was made: its header and first deals, gone on
    with, give its next deals line for line."""
    lines = (RECORDS / f"{name}.jsonl").read_text().splitlines()
    path = tmp_path / f"{name}.jsonl"
    path.write_text("\n".join(lines[:3]) + "\n")  # the header and two deals
    head = json.loads(lines[0])
    bots = ",".join(head["lineups"][0])  # one bot of a level against others
    args = [
        "tournament",
        game,
        "-n",
        str(players),
        "--bots",
        bots,
        "--seed",
        str(head["seed"]),
        "--deals",
        "4",
        "--jobs",
        "1",
    ]
    result = CliRunner(env={"COLUMNS": "200"}).invoke(app, [*args, "--record", str(path)])
    assert result.exit_code == 0, result.output
    assert sorted(path.read_text().splitlines()) == sorted(lines[:5])  # deals are written as they finish
