"""Recorded reference games replay to the same transcript (see tests/reference_games.py)."""

from __future__ import annotations

import difflib
import json

import pytest
from reference_games import GAMES, path_of, transcript

from bumtable.rules import GameRecord


@pytest.mark.parametrize(("game", "players", "variants"), GAMES, ids=[path_of(*g).stem for g in GAMES])
def test_a_reference_game_replays_to_its_recorded_transcript(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    data = json.loads(path_of(game, players, variants).read_text())
    record = GameRecord.from_dict(data["record"])
    now = transcript(record)
    diff = list(difflib.unified_diff(data["transcript"], now, "recorded", "replayed", lineterm="", n=2))
    assert not diff, "the game now plays or reads differently:\n" + "\n".join(diff[:60])
