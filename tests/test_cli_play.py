"""``bumtable play`` driven through real processes: piped stdin, and a terminal via pexpect."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from bumtable.faces.terminal.climbing.choice import interpret, ordered
from bumtable.rules import get

ALWAYS_ONE = "1\n" * 3000
ENV = {**os.environ, "NO_COLOR": "1", "TERM": "dumb", "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}


def bumtable(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run the real command line in a new process."""
    return subprocess.run(
        [sys.executable, "-m", "bumtable.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        env=ENV,
        encoding="utf-8",
    )


def last_line(text: str) -> str:
    """The last line the match's story told: the line before the end-of-match summary, if there is one."""
    story = text.split("Match summary")[0]
    return story.strip().splitlines()[-1]


def test_full_four_player_game_played_to_the_end_always_picking_option_one() -> None:
    run = bumtable(
        "play", "bum-game", "--players", "4", "--variant", "one-hour", "--seed", "11", stdin=ALWAYS_ONE
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Traceback" not in out + run.stderr
    assert "Cut for the first Boss" in out
    assert "No card exchange in this variant." in out
    assert "wins the trick and leads" in out or "win the trick and lead" in out
    assert "goes out 1st" in out or "go out 1st" in out
    assert "Hand 2 result" in out
    assert "the match with" in last_line(out)
    assert out.count("Your play") > 20


def test_save_and_load_resumes_to_the_same_final_result_as_an_uninterrupted_game(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    options = ("play", "bum-game", "--seed", "5", "--target", "8", "--bots", "greedy,random")
    straight = bumtable(*options, "--save", str(whole), stdin=ALWAYS_ONE)
    assert straight.returncode == 0, straight.stderr

    stopped = bumtable(*options, "--save", str(part), stdin="1\n" * 25 + "quit\n")
    assert stopped.returncode == 0, stopped.stderr
    assert f" play --load {part}" in stopped.stdout.split("Resume with: ")[1]
    saved = json.loads(part.read_text())
    assert 0 < len(saved["actions"]) < len(json.loads(whole.read_text())["actions"])

    resumed = bumtable("play", "--load", str(part), stdin=ALWAYS_ONE)
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming" in resumed.stdout
    assert last_line(resumed.stdout) == last_line(straight.stdout)
    assert json.loads(part.read_text())["actions"] == json.loads(whole.read_text())["actions"]


def test_saved_game_records_the_human_seat_and_bots(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run = bumtable(
        "play", "--players", "5", "--seat", "2", "--bots", "random,greedy", "--variant", "no-exchange",
        "--seed", "3", "--save", str(save), stdin="quit\n",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    meta = json.loads(save.read_text())["meta"]
    assert meta["human_seat"] == 2
    assert meta["seats"] == ["random", "greedy", "human", "random", "greedy"]
    assert meta["players"] == 5
    assert meta["variants"] == ["no-exchange"]


def test_illegal_and_unreadable_input_get_a_reason_and_a_new_prompt_in_a_terminal() -> None:
    # Seed 2: seat 0 is the first Boss and holds an Ace, a Two and a Joker.
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", "play", "--seed", "2"],
        env=ENV,
        encoding="utf-8",
        codec_errors="replace",
        timeout=20,
    )
    try:
        child.expect("Your play")
        child.sendline("pass")
        child.expect("you cannot pass when leading a trick")
        child.expect("Your play")
        child.sendline("3 Zz")
        child.expect("bad token 'Zz'")
        child.expect("Your play")
        child.sendline("999")
        child.expect("no option 999")
        child.expect("Your play")
        child.sendline("?")
        child.expect("seq 9 10 J")
        child.expect("Your play")
        child.sendline("A 2 JK")
        child.expect("two ways")
        child.sendline("2")
        child.expect("You play .* \\(a sequence A to JK\\)")
        child.expect("Your play")
        child.sendline("quit")
        child.expect_exact("Quit anyway? (y/N) ")  # not saved: it asks first
        child.sendline("y")
        child.expect("Game not saved")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0


def test_cards_the_player_does_not_hold_are_refused_with_the_reason() -> None:
    run = bumtable("play", "--seed", "2", stdin="Q Q Q Q\nquit\n")
    assert "Not allowed: you do not hold the cards for Q Q Q Q" in run.stdout
    assert run.stdout.count("Your play") == 2
    assert run.returncode == 0


def test_end_of_input_stops_the_game_cleanly() -> None:
    run = bumtable("play", "--seed", "9", stdin="1\n1\n")
    assert run.returncode == 0
    assert "Traceback" not in run.stderr
    assert "Game not saved" in run.stdout


def test_play_without_seed_picks_one_and_prints_it() -> None:
    run = bumtable("play", stdin="quit\n")
    assert run.returncode == 0
    assert "play this deal again with --seed" in run.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--variant", "nope"), "has no variant 'nope'"),
        (("--players", "2"), "3 to 12 players"),
        (("--bots", "greedy,smart"), "unknown bot 'smart'"),
        (("--seat", "4"), "no seat 4"),
        (
            ("--bots", "easy,easy,easy,easy"),
            "4 bots for the 3 other seats of a 4-player game: name at most 3",
        ),
        (("--target", "0"), "--target must be at least 1"),
        (("no-such-game",), "unknown game 'no-such-game'"),
        (("--load", "missing.json"), "no such file: missing.json"),
        (("--load", "x.json", "--seed", "3"), "leave out --seed"),
    ],
)
def test_bad_play_options_exit_2_with_a_clear_message(args: tuple[str, ...], message: str) -> None:
    run = bumtable("play", *args, stdin="quit\n")
    assert run.returncode == 2
    assert message in run.stderr
    assert "Traceback" not in run.stderr


def test_loading_a_finished_game_shows_the_result(tmp_path: Path) -> None:
    save = tmp_path / "done.json"
    assert (
        bumtable("play", "--seed", "4", "--target", "3", "--save", str(save), stdin=ALWAYS_ONE).returncode
        == 0
    )
    again = bumtable("play", "--load", str(save), stdin="")
    assert again.returncode == 0
    assert "The match is over" in again.stdout


def test_typed_cards_read_as_set_or_sequence_offer_both_when_both_are_legal() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(2)  # seat 0 leads holding A, 2 and JK
    options = ordered(state.legal_actions())
    choice = interpret("A 2 JK", rules, options, state.why_illegal)
    assert [rules.action_text(p) for p in choice.options] == ["set A 2 JK", "seq A 2 JK"]
    assert interpret("seq A 2 JK", rules, options, state.why_illegal).play == rules.parse_action("seq A 2 JK")
    assert interpret("Ac 2s", rules, options, state.why_illegal).play == rules.parse_action("A 2")
    assert interpret("As 2s", rules, options, state.why_illegal).error == "you do not hold the As"
    assert interpret("", rules, options, state.why_illegal).unreadable


def test_optional_revolution_is_offered_to_the_player_dealt_the_jokers() -> None:
    # Seed 2: seat 0 is the Worker and holds both Jokers.
    run = bumtable("play", "--variant", "optional-revolution", "--seed", "2", stdin="1\nquit\n")
    assert run.returncode == 0, run.stderr
    out = " ".join(run.stdout.split())
    assert "You were dealt enough Jokers to declare a revolution and decide whether to." in out
    assert "#1 revolution #2 no-revolution" in out
    assert "You declare a revolution! Revolution! You (Worker) reveal two Jokers." in out
    assert "You Worker → Boss" in out
