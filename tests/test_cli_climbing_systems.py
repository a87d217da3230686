"""Every climbing game through the real command line: play to the end, simulate, moves, replay, games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import seated
from test_cli_play import ALWAYS_ONE, bumtable

from bumtable.faces.terminal.climbing.choice import interpret
from bumtable.rules import get


@pytest.mark.parametrize(
    "args",
    [
        ("zheng-shangyou", "-n", "5", "--target", "4"),
        ("zheng-shangyou", "-n", "4", "-v", "partnership", "--target", "4"),
        ("arsehole", "-n", "4", "--target", "4"),
        ("arsehole", "-n", "5", "-v", "bridge-suits,reverse-both,multiple-sequences", "--target", "3"),
        ("president", "-n", "4", "--target", "6"),
    ],
)
def test_each_climbing_game_plays_to_the_end_in_the_terminal(args: tuple[str, ...], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    run = bumtable("play", *args, "--seed", "3", "--save", str(save), stdin=ALWAYS_ONE)
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stdout + run.stderr
    assert "the match with" in run.stdout
    replay = bumtable("replay", str(save), "--all")
    assert replay.returncode == 0, replay.stderr
    assert "the match with" in replay.stdout


def test_partnership_table_shows_the_teams() -> None:
    run = bumtable(
        "play", "zheng-shangyou", "-n", "4", "-v", "partnership", "--seed", "3", stdin="1\n" * 3 + "quit\n"
    )
    assert run.returncode == 0, run.stderr
    assert "Team" in run.stdout


@pytest.mark.parametrize("game", ["zheng-shangyou", "arsehole", "president"])
def test_simulate_reports_each_climbing_game(game: str) -> None:
    run = bumtable("simulate", game, "--hands", "60", "--seed", "2", "--json")
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
    assert report["system"] == game and report["hands"] == 60
    assert report["hands_with_roles"] < 60  # the first hand of each match is played before roles exist


def test_moves_lists_flushes_and_mixed_sequences_apart_in_zheng_shangyou() -> None:
    run = bumtable("moves", "zheng-shangyou", "--hand", "3h 4h 5h 5c RJ")
    assert run.returncode == 0, run.stderr
    texts = {p["text"] for p in json.loads(run.stdout)["plays"]}
    assert {"seq 3h 4h 5h", "seq 3 4 5", "seq 4 5 RJ=6", "set 5 5", "set 5 RJ"} <= texts


def test_moves_lists_each_deciding_suit_with_bridge_suits() -> None:
    run = bumtable("moves", "arsehole", "-v", "bridge-suits", "--hand", "5c 5h 9s", "--beat", "set 5d")
    assert run.returncode == 0, run.stderr
    plays = json.loads(run.stdout)["plays"]
    assert [p["text"] for p in plays] == ["set 5h", "set 9s"]
    assert plays[0]["suit"] == "h"


def test_moves_after_a_ranking_reversal_lists_lower_plays() -> None:
    run = bumtable(
        "moves", "arsehole", "-v", "reverse-ranking", "--hand", "5c 9h Ks", "--beat", "set 10", "--reversed"
    )
    assert run.returncode == 0, run.stderr
    assert [p["text"] for p in json.loads(run.stdout)["plays"]] == ["set 5", "set 9"]


def test_games_lists_every_system_with_players_and_variants() -> None:
    run = bumtable("games", "--json")
    assert run.returncode == 0, run.stderr
    games = {g["game"]: g for g in json.loads(run.stdout)}
    assert set(games) >= {"bum-game", "president", "zheng-shangyou", "arsehole"}
    assert games["zheng-shangyou"]["players"] == [4, 12]
    assert "partnership" in games["zheng-shangyou"]["variants"]
    assert "bridge-suits" in games["arsehole"]["variants"]


def test_any_rules_option_can_be_set_with_option_name_value() -> None:
    run = bumtable("games", "arsehole", "--json")
    assert json.loads(run.stdout)["reverse_card"] == ""
    ok = bumtable(
        "moves",
        "arsehole",
        "-v",
        "reverse-ranking",
        "-o",
        "reverse_card=8",
        "--hand",
        "8c 9h",
        "--beat",
        "set 7",
    )
    assert ok.returncode == 0, ok.stderr


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("nonsense=1", "has no option 'nonsense'"),
        ("players=four", "must be a whole number"),
        ("reverse_card", "NAME=VALUE"),
        ("suit_order=xyz", "suit_order must order"),
    ],
)
def test_bad_rules_options_exit_2_saying_what_is_wrong(option: str, message: str) -> None:
    run = bumtable("moves", "arsehole", "-o", option, "--hand", "5c")
    assert run.returncode == 2
    assert message in run.stderr


def test_cards_typed_without_the_deciding_suit_offer_each_suit_the_player_may_play() -> None:
    rules = get("arsehole", players=4, variants=["bridge-suits"])
    state = seated(rules, ["5c 5h 5s Kd", "3c", "3d", "3h"])
    options = state.legal_actions()
    choice = interpret("5 5", rules, options, state.why_illegal)
    assert {rules.action_text(p) for p in choice.options or ()} == {"set 5 5h", "set 5 5s"}
    only = interpret("K", rules, options, state.why_illegal)
    assert only.play is not None and rules.action_text(only.play) == "set Kd"
