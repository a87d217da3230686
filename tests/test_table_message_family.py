"""The `table` message names the game's family (the faces choose their view and words by it) and, for a deck whose
cards a face cannot name from their text, the rules' card table; the HTTP answer about a table leaves it out."""

from __future__ import annotations

from typing import Any

import pytest

from bumtable.rules import family_of, get, system
from bumtable.server.messages import TableMessage
from bumtable.server.store import SeatRecord, TableRecord
from bumtable.server.table import rebuild


def _table(game: str, **options: Any) -> Any:
    rules = get(game, **options)
    record = TableRecord(
        id="t",
        game=game,
        players=rules.players,
        rules=rules.to_dict(),
        seed=3,
        engine_version=family_of(rules).engine_version,
        status="playing",
        seats=[SeatRecord(seat=i, kind="person") for i in range(rules.players)],
        settings={},
    )
    return rebuild(record)


@pytest.mark.parametrize("game", ["president", "zheng-shangyou", "gin-bummy", "boojum"])
def test_the_table_message_names_the_family_the_games_list_gives(game: str) -> None:
    message = _table(game).table_message(0)
    assert message["family"] == system(game).family.name
    assert TableMessage.model_validate(message).family == message["family"]


def test_a_decktet_game_sends_its_card_table_and_a_french_one_none() -> None:
    extended = _table("boojum", extended=True).table_message(None)["card_table"]
    assert len(extended) == 45 and {"text": "X", "name": "the Excuse", "types": []} in extended
    assert len(_table("boojum").table_message(None)["card_table"]) == 36
    assert _table("gin-bummy").table_message(None)["card_table"] == []


def test_the_http_answer_about_a_table_has_the_family_but_not_the_card_table() -> None:
    info = _table("boojum").public()
    assert info["family"] == "boojum" and "card_table" not in info
