"""The prompt as a newcomer meets it, through the real ``bumtable play`` in a terminal.

Each test is named after what the person did. What was played is read back from the saved game: the
person's own actions, in order, as the record holds them.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from pathlib import Path

import pexpect
from rich.console import Console
from test_cli_play import ENV, bumtable

from bumtable.cli.play import Match
from bumtable.cli.prompt import LineReader
from bumtable.cli.saves import Seating, load_record
from bumtable.faces.terminal.climbing.face import ClimbingFace
from bumtable.rules import GameRecord, get
from bumtable.rules.climbing.plays import PASS
from bumtable.rules_text.summary import rules_summary

PLAY = "Your play: "
MOVE = "Your move: "
PAUSE = "Press Enter for the next hand"
SCRIPT = Path(sys.executable).parent / "bumtable"
"""The console script ``make run`` installs (``.venv/bin/bumtable``)."""


def spawn(*args: str, env: dict[str, str] | None = None) -> pexpect.spawn:
    """``bumtable play ARGS`` in a terminal 100 columns wide."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", "play", *args],
        env=env or ENV,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=(50, 100),
    )


def answer(child: pexpect.spawn, prompt: str, *lines: str) -> None:
    """At each of the next prompts, type the next line."""
    for line in lines:
        child.expect_exact(prompt)
        child.sendline(line)


def quit_game(child: pexpect.spawn, prompt: str | None) -> None:
    """At the next prompt (or at once, for None: the prompt is on screen), quit; the game ends cleanly."""
    if prompt is not None:
        child.expect_exact(prompt)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def said(child: pexpect.spawn) -> str:
    """What the game printed before the last match, on one line."""
    return " ".join(str(child.before).split())


def human_actions(path: Path) -> list[str]:
    """The person's actions in a saved game, in order (auto-played ones included)."""
    record = GameRecord.from_json(path.read_text())
    state = record.rules.new_state(record.seed, chance=record.chance)
    human = record.meta["human_seat"]
    out = []
    for text in record.actions:
        if state.current_player() == human:
            out.append(text)
        state.apply(record.rules.parse_action(text))
    return out


def test_typing_2_while_holding_a_two_plays_the_two_without_asking(tmp_path: Path) -> None:
    # Seed 0: at the person's seventh turn the menu is #1 set 2, #2 pass (a single Two beats the table).
    # --no-auto: every turn is asked, as before auto-play, so the turns are counted the same.
    save = tmp_path / "two.json"
    child = spawn("bum-game", "-n", "4", "--seed", "0", "--no-auto", "--save", str(save))
    answer(child, PLAY, *["1"] * 6, "2")
    child.expect_exact(PLAY)
    assert "Which" not in said(child) and "could be" not in said(child)  # no question: 2 is the Two
    assert human_actions(save)[-1] == "set 2"
    quit_game(child, None)


def test_typing_3_when_leading_with_a_3_and_two_options_plays_the_3(tmp_path: Path) -> None:
    # Seed 48: the person's 14th turn is a lead from 3 and 9 (menu: 1 set 3, 2 set 9).
    save = tmp_path / "three.json"
    child = spawn("president", "-n", "4", "--seed", "48", "--no-auto", "--save", str(save))
    answer(child, PLAY, *["1"] * 13, "3")
    quit_game(child, PLAY)
    assert "no option 3" not in said(child)
    assert human_actions(save)[-1] == "set 3"


def test_typing_4_in_a_president_exchange_gives_the_4_without_asking(tmp_path: Path) -> None:
    # Seed 1: in hand 2 the person (Vice-president) chooses a card to give: #1 give 4 ... #4 give 8.
    save = tmp_path / "give.json"
    child = spawn("president", "-n", "4", "--seed", "1", "--no-auto", "--save", str(save))
    for _ in range(16):
        if child.expect_exact([PLAY, PAUSE]) == 1:
            child.sendline("")
            child.expect_exact(PLAY)
        child.sendline("1")
    if child.expect_exact([PLAY, PAUSE]) == 1:
        child.sendline("")
        child.expect_exact(PLAY)
    assert "Card exchange:" in said(child)
    child.sendline("4")
    child.expect_exact(PLAY)
    assert "Which" not in said(child)
    assert human_actions(save)[-1] == "give 4"
    quit_game(child, None)


def test_typing_a_command_or_a_move_at_the_which_question_is_read_not_cancelled(tmp_path: Path) -> None:
    # Gin Bummy, seed 0: the person's first turn; JK alone can go down with any of nine cards on it.
    save = tmp_path / "gin.json"
    child = spawn("gin-bummy", "--seed", "0", "--save", str(save))
    child.expect_exact(MOVE)
    summary = " ".join(rules_summary(GameRecord.from_json(save.read_text()).rules).split())
    for line in ("t", "?", "r"):
        child.sendline("JK")
        child.expect_exact("Which (number)? ")
        child.sendline(line)
        child.expect_exact(MOVE)
        assert "Nothing played" not in said(child)
        assert {"t": "Stock", "?": "discard", "r": summary}[line] in said(child)
    assert human_actions(save) == []
    child.sendline("JK")
    child.expect_exact("Which (number)? ")
    child.sendline("stock")  # a whole move at the question is that move
    quit_game(child, MOVE)
    assert human_actions(save) == ["draw stock"]


def test_a_turn_where_passing_is_the_only_move_is_played_for_you_and_said(tmp_path: Path) -> None:
    # Seed 0: after the person's first play, nothing in the hand beats the table.
    save = tmp_path / "auto.json"
    child = spawn("bum-game", "-n", "4", "--seed", "0", "--save", str(save))
    answer(child, PLAY, "1")
    child.expect_exact(PLAY)
    assert "You pass: your only move, played for you." in said(child)
    quit_game(child, None)
    assert human_actions(save)[:2] == ["set J", "pass"]


def test_playing_with_no_auto_asks_even_for_a_lone_pass_and_a_resumed_game_keeps_it(tmp_path: Path) -> None:
    save = tmp_path / "manual.json"
    run = bumtable("play", "-n", "4", "--seed", "0", "--no-auto", "--save", str(save), stdin="1\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "Your only move" not in run.stdout
    assert json.loads(save.read_text())["meta"]["auto"] is False
    assert human_actions(save) == ["set J"]
    resumed = bumtable("play", "--load", str(save), stdin="1\nquit\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "Your only move" not in resumed.stdout
    assert human_actions(save) == ["set J", "pass"]


def test_finishing_a_match_shows_a_summary_and_y_starts_another_with_a_new_seed(tmp_path: Path) -> None:
    # Seed 5 with a target of 3: two hands.
    save = tmp_path / "match.json"
    child = spawn("bum-game", "-n", "3", "--target", "3", "--seed", "5", "--save", str(save))
    while (seen := child.expect_exact([PLAY, PAUSE, "Play again? (y/N) "])) < 2:
        child.sendline("1" if seen == 0 else "")  # Enter at the end of a hand
    summary = said(child)
    assert "Match summary · 2 hands" in summary
    assert re.search(r"Place Player Points H1 H2 ─+ 1st P2 4 2 2 2nd You 1 0 1 2nd P1 1 1 0 ", summary)
    assert "Your best hand: hand 2 (+1 point)." in summary
    assert f"The whole match is saved in {save}" in summary
    assert load_record(save)[1].is_over()
    child.sendline("y")
    child.expect(r"A new match with the same settings\. Seed (\d+) ")
    seed = int(child.match.group(1))
    again = tmp_path / "match-2.json"
    child.expect_exact(f"This match is saved to {again}.")
    quit_game(child, PLAY)
    record = GameRecord.from_json(again.read_text())
    assert record.seed == seed != 5
    assert record.rules == get("bum-game", players=3, target=3, rounds=0)
    assert load_record(save)[1].is_over()  # the first match's file is left whole


def test_starting_a_game_with_options_and_variants_names_them_all() -> None:
    run = bumtable(
        "play", "president", "-n", "4", "--target", "11", "-o", "wipe_after_pass=true", "-v", "must-play",
        stdin="quit\n",
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    out = " ".join(run.stdout.split())
    assert out.startswith(
        "President for 4, first to 11 points, variants: must-play, options: wipe_after_pass=true. Seed "
    )
    assert "Variant must-play: must_play=true." in out


def test_quitting_a_saved_game_names_a_resume_command_that_exists(tmp_path: Path) -> None:
    save = tmp_path / "hint.json"
    assert SCRIPT.exists(), "the console script is installed with the package"
    bare = {**ENV, "PATH": os.defpath}  # as after make run: .venv/bin is not on PATH
    run = bumtable_script(bare, "--save", str(save))
    assert f"Resume with: {SCRIPT} play --load {save}" in " ".join(run.split())
    on_path = {**ENV, "PATH": f"{SCRIPT.parent}{os.pathsep}{os.defpath}"}
    run = bumtable_script(on_path, "--save", str(save))
    assert f"Resume with: bumtable play --load {save}" in " ".join(run.split())


def bumtable_script(env: dict[str, str], *args: str) -> str:
    """Run the installed script itself (not ``python -m``) for a quick quit; its output."""
    child = pexpect.spawn(
        str(SCRIPT),
        ["play", "--seed", "3", *args],
        env=env,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=(50, 200),
    )
    quit_game(child, PLAY)
    return str(child.before)


def test_choosing_a_gin_bummy_move_that_starves_you_asks_first_and_only_yes_plays_it(tmp_path: Path) -> None:
    # Five cards each, seed 0: the person's first turn offers 4) joker JK 2s, which leaves three cards.
    save = tmp_path / "starve.json"
    child = spawn("gin-bummy", "-o", "hand_size=5", "--seed", "0", "--save", str(save))
    for reply in ("n", ""):
        answer(child, MOVE, "#4")
        child.expect_exact("Play it anyway? (y/N) ")
        assert "Warning: Discarding a Joker with 2♠ on top leaves you only three cards" in said(child)
        child.sendline(reply)
        child.expect_exact("Not played; choose again.")
    assert human_actions(save) == []
    answer(child, MOVE, "#4")
    child.expect_exact("Play it anyway? (y/N) ")
    child.sendline("y")
    child.expect_exact("Play again? (y/N) ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert human_actions(save) == ["joker JK 2s"]
    assert load_record(save)[1].is_over()


class WarnsOnPass(ClimbingFace):
    """The climbing face with a warning this test controls: passing is warned about."""

    def warning(self, obs: object, action: object) -> str | None:
        return "passing here is what the test warns about" if getattr(action, "kind", None) == PASS else None


def test_answering_anything_but_y_to_a_warning_keeps_the_turn_and_y_plays_the_move() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(0)  # seat 0 first follows a single: it may play or pass
    out = io.StringIO()
    console = Console(file=out, width=100, no_color=True)
    typed = io.StringIO("p\nn\np\n\np\nyes\nquit\n")
    match = Match(
        state,
        Seating.of(4, 0, ["greedy"]),
        console,
        face=WarnsOnPass(),
        reader=LineReader(console, stream=typed),
    )
    assert match.run() is False  # the person quit
    text = out.getvalue()
    assert text.count("Warning: passing here is what the test warns about") == 3
    assert text.count("Play it anyway? (y/N)") == 3
    assert text.count("Not played; choose again.") == 2
    replay = rules.new_state(0)
    human = []
    for action in state.history:
        if replay.current_player() == 0:
            human.append(action)
        replay.apply(action)
    assert human[0] == rules.parse_action("pass")
    assert text.index("Not played; choose again.") < text.index("You pass")


def test_typing_4_holding_a_4_that_cannot_beat_the_table_says_why_and_how_to_pick_option_4() -> None:
    import random

    from bumtable.faces.terminal.climbing.choice import interpret, ordered

    rules = get("president", players=4)  # seed 0, one random move (seed 0): the seat holds a 4, a 10 on top
    state = rules.new_state(0)
    legal = state.legal_actions()
    state.apply(legal[random.Random(0).randrange(len(legal))])
    options = ordered(state.legal_actions())
    choice = interpret("4", rules, options, state.why_illegal)
    assert choice.play is None and choice.error is not None  # nothing is played on a guess
    assert "does not beat" in choice.error and "#4" in choice.error
    assert interpret("#4", rules, options, state.why_illegal).play == options[3]


def test_typing_q_while_a_queen_may_be_led_plays_the_queen_and_quit_asks_before_stopping() -> None:
    child = spawn("--seed", "3", "--no-auto")
    child.expect_exact(PLAY)
    child.sendline("q")
    child.expect_exact(PLAY)
    assert "You play Q" in child.before and "Cannot read that" not in child.before
    child.sendline("quit")
    child.expect_exact("Quit anyway? (y/N) ")  # the game is not saved
    child.sendline("y")
    child.expect(pexpect.EOF)


def test_playing_six_turns_of_one_hand_draws_the_whole_table_once_and_a_short_view_after() -> None:
    run = bumtable("play", "bum-game", "--seed", "5", "--no-auto", stdin="1\n" * 6 + "quit\n")
    first_hand = run.stdout.split("Hand 2")[0]
    assert first_hand.count("Your play: ") == 7  # six turns played, quit typed at the seventh
    assert first_hand.count("Plays as") == 1  # the whole table (its header) once, at the first turn
    assert first_hand.count("Cards left: ") == 6  # then the short view, one per later turn
