"""``bumtable moves``: legal plays from a hand as JSON, hand validation, and the JSON-lines mode."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

from typer.testing import CliRunner

from bumtable.cli.app import app

runner = CliRunner()


def moves(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(app, ["moves", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def texts(out: str) -> list[str]:
    return [p["text"] for p in json.loads(out)["plays"]]


def test_leading_three_hearts_in_a_row_includes_the_sequence_and_each_single() -> None:
    code, out, _ = moves("bum-game", "--players", "4", "--hand", "3h 4h 5h")
    assert code == 0
    data = json.loads(out)
    assert texts(out) == ["set 3", "set 4", "set 5", "seq 3 4 5"]
    assert data["can_pass"] is False
    seq = data["plays"][-1]
    assert seq == {
        "suit": None,
        "cards": ["3", "4", "5"],
        "kind": "sequence",
        "rank": "5",
        "size": 3,
        "width": 1,
        "length": 3,
        "text": "seq 3 4 5",
    }


def test_beating_a_single_five_from_six_two_joker_gives_the_three_singles() -> None:
    code, out, _ = moves("--hand", "6c 2d JK", "--beat", "set 5")
    assert code == 0
    assert texts(out) == ["set 6", "set 2", "set JK"]
    assert json.loads(out)["can_pass"] is True


def test_plays_that_differ_only_in_suit_are_listed_once() -> None:
    code, out, _ = moves("--hand", "Qs Qh 2c")
    assert code == 0
    assert texts(out) == ["set Q", "set Q Q", "set Q 2", "set Q Q 2", "set 2"]
    assert json.loads(out)["plays"][3]["cards"] == ["Q", "Q", "2"]


def test_a_bad_card_token_is_named_in_the_error() -> None:
    code, out, err = moves("--hand", "3h Zz 5h")
    assert code == 2
    assert "'Zz'" in err
    assert out == ""


def test_two_identical_cards_exist_only_in_the_five_player_deck() -> None:
    code, _, err = moves("--players", "4", "--hand", "Qc Qc")
    assert code == 2
    assert "Qc 2 times" in err
    code, out, _ = moves("--players", "5", "--hand", "Qc Qc")
    assert code == 0
    assert texts(out) == ["set Q", "set Q Q"]


def test_more_jokers_than_the_deck_holds_is_an_error() -> None:
    code, _, err = moves("--players", "4", "--hand", "JK JK JK")
    assert code == 2
    assert "3 Jokers" in err and "two Jokers" in err


def test_a_hand_too_big_for_the_game_is_an_error() -> None:
    hand = " ".join(f"{r}{s}" for r in "3456" for s in "cdhs")
    code, _, err = moves("--hand", hand)
    assert code == 2
    assert "at most 14 cards" in err


def test_an_ambiguous_play_to_beat_asks_for_set_or_seq() -> None:
    code, _, err = moves("--hand", "Ah 2h JK", "--beat", "A 2 JK")
    assert code == 2
    assert "write 'set A 2 JK' or 'seq A 2 JK'" in err
    code, out, _ = moves("--hand", "Kh Ah 2h JK", "--beat", "seq Q K A")
    assert code == 0
    assert texts(out) == ["seq K A 2", "seq A 2 JK"]


def test_the_play_to_beat_must_be_cards() -> None:
    code, _, err = moves("--hand", "3h", "--beat", "pass")
    assert code == 2
    assert "must be a set or a sequence" in err


def test_a_hand_is_required() -> None:
    code, _, err = moves()
    assert code == 2
    assert "--hand" in err


def test_jsonl_answers_each_line_and_reports_bad_lines_in_place() -> None:
    lines = [
        {"hand": "3h 4h 5h"},
        "not json",
        {"hand": "6c 2d JK", "beat": "set 5"},
        {"hand": "3h Xy"},
        {"beat": "set 5"},
        {"hand": "Qc Qc"},
    ]
    stdin = "\n".join(x if isinstance(x, str) else json.dumps(x) for x in lines) + "\n\n"
    code, out, _ = moves("--jsonl", stdin=stdin)
    assert code == 0
    answers: list[dict[str, Any]] = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(lines)
    assert [p["text"] for p in answers[0]["plays"]][-1] == "seq 3 4 5"
    assert "not valid JSON" in answers[1]["error"]
    assert [p["text"] for p in answers[2]["plays"]] == ["set 6", "set 2", "set JK"]
    assert "'Xy'" in answers[3]["error"]
    assert "'hand'" in answers[4]["error"]
    assert "Qc 2 times" in answers[5]["error"]


def test_errors_from_the_real_process_have_no_traceback() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "bumtable.cli", "moves", "--hand", "3h Zz"],
        capture_output=True,
        text=True,
        timeout=30,
        env={**os.environ, "NO_COLOR": "1"},
    )
    assert run.returncode == 2
    assert run.stderr.startswith("error: ") and "'Zz'" in run.stderr
    assert "Traceback" not in run.stderr
