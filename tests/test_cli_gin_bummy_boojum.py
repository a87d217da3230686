"""Gin Bummy and Boojum through the real command line: play to the end, save and resume, replay, simulate,
moves, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_play import ALWAYS_ONE, bumtable

from bumtable.rules import GameRecord

GAMES = [("gin-bummy", "3", "Your move"), ("boojum", "3", "Your move")]


def finished_record(path: Path) -> GameRecord:
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.replay().is_over()
    return record


@pytest.mark.parametrize(("game", "players", "prompt"), GAMES)
def test_a_whole_game_is_played_to_the_end_in_the_terminal_against_bots(
    game: str, players: str, prompt: str, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    run = bumtable("play", game, "-n", players, "--seed", "21", "--save", str(save), stdin=ALWAYS_ONE)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert prompt in run.stdout
    record = finished_record(save)
    assert record.meta["seats"][0] == "human" and record.rules.system == game
    assert run.stdout.count(prompt) == _choices_of_seat_0(
        record
    )  # a move that is the only one is played for you


def _choices_of_seat_0(record: GameRecord) -> int:
    """How many times seat 0 (the person) was to act with more than one legal action."""
    state, asked = record.replay(0), 0
    for text in record.actions:
        asked += state.current_player() == 0 and len(state.legal_actions()) > 1
        state.apply(record.rules.parse_action(text))
    return asked


@pytest.mark.parametrize(("game", "players", "prompt"), GAMES)
def test_a_saved_game_resumes_to_the_same_end_as_one_played_straight_through(
    game: str, players: str, prompt: str, tmp_path: Path
) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    options = ("play", game, "-n", players, "--seed", "8", "--bots", "heuristic,random")
    assert bumtable(*options, "--save", str(whole), stdin=ALWAYS_ONE).returncode == 0
    stopped = bumtable(*options, "--save", str(part), stdin="1\n" * 3 + "q\n")
    assert stopped.returncode == 0, stopped.stderr
    assert f"play --load {part}" in stopped.stdout
    resumed = bumtable("play", "--load", str(part), stdin=ALWAYS_ONE)
    assert resumed.returncode == 0, resumed.stderr
    assert "Resuming" in resumed.stdout
    assert finished_record(part).actions == finished_record(whole).actions


@pytest.mark.parametrize(("game", "players", "prompt"), GAMES)
def test_a_finished_game_replays_from_its_record_for_a_seat_and_a_spectator(
    game: str, players: str, prompt: str, tmp_path: Path
) -> None:
    save = tmp_path / "game.json"
    assert (
        bumtable("play", game, "-n", players, "--seed", "3", "--save", str(save), stdin=ALWAYS_ONE).returncode
        == 0
    )
    record = finished_record(save)
    for seat in ([], ["--seat", "1"]):
        run = bumtable("replay", str(save), "--all", *seat)
        assert run.returncode == 0, run.stderr
        assert f"Replaying {len(record.actions)} actions of {game}" in run.stdout
        assert "Traceback" not in run.stdout + run.stderr
    stepped = bumtable("replay", str(save), stdin="\n\nq\n")
    assert stepped.returncode == 0 and "[3/" in stepped.stdout and "[4/" not in stepped.stdout


def test_gin_bummy_typed_actions_are_read_and_bad_ones_get_a_reason(tmp_path: Path) -> None:
    run = bumtable("play", "gin-bummy", "--seed", "4", stdin="discard ZZ\nfrobnicate\nbum\n42\nq\n")
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Cannot read that: " in out and "ZZ" in out
    assert "Not allowed: " in out  # bum with ten cards
    assert "no option 42" in out


def test_boojum_typed_actions_are_read_and_bad_ones_get_a_reason(tmp_path: Path) -> None:
    run = bumtable(
        "play", "boojum", "-n", "3", "--seed", "4", "--seat", "1", stdin="bid QQQ\nclaim moons AM\nq\n"
    )
    assert run.returncode == 0, run.stderr
    out = run.stdout
    assert "Cannot read that: " in out and "QQQ" in out
    assert "Not allowed: " in out


@pytest.mark.parametrize(
    ("game", "endings"),
    [
        ("gin-bummy", {"bum", "last-standing", "turn-limit", "blocked"}),
        ("boojum", {"tokens", "joint", "round-limit"}),
    ],
)
def test_simulate_plays_whole_games_and_reports_them_as_json(game: str, endings: set[str]) -> None:
    run = bumtable(
        "simulate", game, "-n", "3", "--games", "6", "--seed", "2", "--bots", "heuristic,random", "--json"
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["games"] == 6 and report["system"] == game
    assert set(report["endings"]) <= endings and sum(report["endings"].values()) == 6
    again = json.loads(
        bumtable(
            "simulate", game, "-n", "3", "--games", "6", "--seed", "2", "--bots", "heuristic,random", "--json"
        ).stdout
    )
    assert again["wins_by_bot"] == report["wins_by_bot"]


def test_simulate_prints_a_summary_table_for_people() -> None:
    run = bumtable("simulate", "gin", "--games", "20", "--seed", "1", "--bots", "heuristic,random")
    assert run.returncode == 0, run.stderr
    assert "Gin Bummy for 2: 20 games" in run.stdout and "Endings: " in run.stdout


def test_moves_lists_a_gin_bummy_turn_and_the_discards_after_a_draw() -> None:
    start = json.loads(bumtable("moves", "gin", "--hand", "2s 6h 4d 9c Kh", "--beg", "3c 5c").stdout)
    assert start["actions"] == ["discard Kh", "draw beg", "draw stock"]
    after = json.loads(
        bumtable("moves", "gin", "--hand", "2s 6h 4d 9c Kh", "--beg", "5c", "--then", "draw beg").stdout
    )
    assert after["actions"] == ["discard 2s", "discard 4d", "discard 6h", "discard 9c"]


def test_moves_answers_which_boojum_tokens_a_hand_can_claim_and_with_which_cards() -> None:
    run = bumtable("moves", "boojum", "--hand", "4MS 4MS 4WL 4YK 9MS", "--held", "knots")
    assert run.returncode == 0, run.stderr
    claims = json.loads(run.stdout)["claims"]
    assert [(c["token"], c["cards"]) for c in claims] == [("waves", ["4MS", "4MS", "4WL", "4YK"])]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("play", "gin", "--target", "5"), "gin-bummy has no points target"),
        (("play", "boojum", "-n", "2"), "Boojum is for 3 to 12 players, not 2"),
        (("moves", "boojum", "--hand", "4MS ZZ"), "bad Decktet card 'ZZ'"),
        (("moves", "gin", "--hand", "2s", "--beat", "set 5"), "--beat"),
        (("simulate", "gin", "--bots", "clever"), "unknown bot 'clever'"),
        (("play", "gin", "-v", "revolution"), "gin-bummy has no variant 'revolution'"),
        (("play", "boojum", "-o", "decks=zero"), "decks"),
    ],
)
def test_bad_command_line_input_for_these_games_is_a_clear_error(args: tuple[str, ...], message: str) -> None:
    run = bumtable(*args)
    assert run.returncode == 2
    assert message in run.stderr and "Traceback" not in run.stderr


def test_gin_bummy_at_the_terminal_has_no_turn_limit_unless_one_is_asked_for(tmp_path: Path) -> None:
    free, limited = tmp_path / "free.json", tmp_path / "limited.json"
    assert bumtable("play", "gin", "--seed", "1", "--save", str(free), stdin="q\n").returncode == 0
    run = bumtable("play", "gin", "--seed", "1", "-o", "max_turns=50", "--save", str(limited), stdin="q\n")
    assert run.returncode == 0, run.stderr
    read = GameRecord.from_json
    assert read(free.read_text()).rules.max_turns == 0  # type: ignore[union-attr]
    assert read(limited.read_text()).rules.max_turns == 50  # type: ignore[union-attr]
