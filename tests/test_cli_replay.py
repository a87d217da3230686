"""``bumtable replay`` of saved records, broken files, and the top-level help."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.rules import GameRecord, get

runner = CliRunner(env={"COLUMNS": "200"})


def saved_game(tmp_path: Path, *, finish: bool = True, actions: int = 60) -> Path:
    """A record of a short 4-player game between random choices, as ``bumtable play --save`` writes it."""
    state = get("bum-game", players=4, target=5).new_state(seed=21)
    rng = random.Random(3)
    while not state.is_over() and (finish or len(state.history) < actions):
        state.apply(rng.choice(state.legal_actions()))
    meta = {"human_seat": 0, "seats": ["human", "greedy", "random", "greedy"], "players": 4, "variants": []}
    path = tmp_path / "game.json"
    path.write_text(GameRecord.of(state, **meta).to_json())
    return path


def test_replay_all_prints_the_whole_game_without_prompting(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seats: P0 human, P1 greedy, P2 random, P3 greedy" in out
    assert "Cut for the first Boss" in out
    assert "wins the trick and leads" in out
    assert "Hand 1 result" in out
    assert "Card exchange:" in out
    assert "wins the match" in out
    assert "Enter: next" not in out


def test_replay_from_a_seat_shows_that_seats_hand_and_exchange(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path), "--all", "--seat", "1"])
    assert result.exit_code == 0, result.output
    assert "P1's hand (14)" in result.stdout or "P1's hand (13)" in result.stdout
    assert "P1 holds:" in result.stdout


def test_replay_steps_one_action_per_enter_and_stops_at_q(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    result = runner.invoke(app, ["replay", str(path)], input="\n\nq\n")
    assert result.exit_code == 0
    assert result.stdout.count("Enter: next, q: quit") == 3
    assert "wins the match" not in result.stdout


def test_replay_of_an_unfinished_game_says_where_it_ends(tmp_path: Path) -> None:
    path = saved_game(tmp_path, finish=False, actions=30)
    result = runner.invoke(app, ["replay", str(path), "--all"])
    assert result.exit_code == 0
    assert "The record ends here, during hand 1." in result.stdout


def test_replay_of_a_broken_file_is_a_clear_error_with_exit_2(tmp_path: Path) -> None:
    good = json.loads(saved_game(tmp_path).read_text())
    cases = {
        "not JSON": ("{oops", "not valid JSON"),
        "wrong format": (json.dumps({**good, "format": "other"}), "not a bumtable record"),
        "bad action": (json.dumps({**good, "actions": ["set 3", "seq K K K"]}), "record action"),
        "bad rules": (
            json.dumps({**good, "rules": {**good["rules"], "players": "four"}}),
            "option 'players' must be a whole number",
        ),
    }
    for name, (text, message) in cases.items():
        path = tmp_path / f"{name}.json"
        path.write_text(text)
        result = runner.invoke(app, ["replay", str(path), "--all"])
        assert result.exit_code == 2, name
        assert message in result.stderr, (name, result.stderr)
    missing = runner.invoke(app, ["replay", str(tmp_path / "none.json")])
    assert missing.exit_code == 2
    assert "no such file" in missing.stderr


def test_replay_rejects_a_seat_the_game_does_not_have(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(saved_game(tmp_path)), "--seat", "7"])
    assert result.exit_code == 2
    assert "no seat 7" in result.stderr


def test_top_level_help_lists_every_command() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0
    for command in ("play", "simulate", "moves", "replay"):
        assert command in result.stdout
    for command in ("play", "simulate", "moves", "replay"):
        assert runner.invoke(app, [command, "--help"]).exit_code == 0


def record_until(tmp_path: Path, variants: list[str], stop: str) -> Path:
    """A random game of The Bum Game for 4 played until ``stop`` (a state attribute) holds on hand 2 or later."""
    rules = get("bum-game", players=4, variants=variants)
    for seed in range(200):
        state, rng = rules.new_state(seed), random.Random(seed)
        while not state.is_over() and state.hand_no < 6:
            state.apply(rng.choice(state.legal_actions()))
            if state.hand_no > 1 and getattr(state, stop):
                path = tmp_path / f"{stop}.json"
                path.write_text(GameRecord.of(state).to_json())
                return path
    raise AssertionError(f"no game reached {stop}")


def test_replay_tells_a_revolution_with_the_jokers_and_the_role_changes(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(record_until(tmp_path, [], "revolution")), "--all"])
    assert result.exit_code == 0
    out = result.stdout
    assert "Revolution! P" in out and "reveals two Jokers" in out
    assert "New roles:" in out and "Worker → Boss" in out


def test_replay_tells_a_cancelled_exchange_and_who_cancelled_it(tmp_path: Path) -> None:
    result = runner.invoke(
        app, ["replay", str(record_until(tmp_path, ["bum-only"], "cancelled_exchange")), "--all"]
    )
    assert result.exit_code == 0
    assert "The card exchange is cancelled this hand: P" in result.stdout
    assert "(Worker) was dealt two or more Jokers" in result.stdout
