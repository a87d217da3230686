"""Recorded reference games replay to the same transcript (see tests/reference_games.py), and the game loop
plays them again move for move."""

from __future__ import annotations

import difflib
import json
from typing import Any

import pytest
from reference_games import GAMES, path_of, transcript

from bumtable.bots.seeds import PerSeat
from bumtable.rules import GameRecord
from bumtable.sim.runner import Runner


@pytest.mark.parametrize(("game", "players", "variants"), GAMES, ids=[path_of(*g).stem for g in GAMES])
def test_a_reference_game_replays_to_its_recorded_transcript(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    data = json.loads(path_of(game, players, variants).read_text())
    record = GameRecord.from_dict(data["record"])
    now = transcript(record)
    diff = list(difflib.unified_diff(data["transcript"], now, "recorded", "replayed", lineterm="", n=2))
    assert not diff, "the game now plays or reads differently:\n" + "\n".join(diff[:60])


@pytest.mark.parametrize(("game", "players", "variants"), GAMES, ids=[path_of(*g).stem for g in GAMES])
def test_the_game_loop_plays_a_reference_game_move_for_move(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    record = GameRecord.from_dict(json.loads(path_of(game, players, variants).read_text())["record"])
    state = record.rules.new_state(record.seed)
    # as reference_games.make seats them: heuristic and random bots in turn, seat p's seeded seed + p
    kinds = ["heuristic" if p % 2 == 0 else "random" for p in range(players)]
    runner = Runner(state, kinds, PerSeat(tuple(record.seed + p for p in range(players))))

    def going_on(seat: int, action: Any) -> bool:
        return len(state.history) < len(record.actions)

    played = runner.play(on_step=going_on)
    assert [record.rules.action_text(a) for a in played.actions] == list(record.actions)
