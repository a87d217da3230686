"""Every game at the browser table, played by clicking: one whole hand of each climbing game (President,
Arsehole, Zheng Shangyou) in its climbing view, a whole game of Gin Bummy and of Boojum (one round: their games
have no hands) in whatever view draws them; a short match of The Bum Game to its end is in test_web_series.py."""

from __future__ import annotations

import pytest
from browser_fixtures import (
    logged,
    make_table_in_the_lobby,
    open_table,
    play_until,
    screenshot,
    take_any_turn,
    take_climbing_turn,
)
from playwright.sync_api import Page, expect
from server_helpers import Server


@pytest.mark.parametrize("game", ["president", "arsehole", "zheng-shangyou"])
def test_a_whole_hand_of_each_climbing_game_is_played_by_clicking(
    page: Page, web_server: Server, game: str
) -> None:
    make_table_in_the_lobby(page, web_server, game)
    expect(page.locator(".trick")).to_be_visible()  # the climbing view, not the plain one
    assert play_until([page], "hand-over", take_climbing_turn) > 0
    expect(page.locator(logged("hand-over"))).to_have_count(1)
    expect(page.locator(logged("hand-over"))).to_contain_text("Hand 1 is over")
    screenshot(page, game)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [("gin-bummy", 2, {}), ("boojum", 3, {"max_rounds": 1})],
)
def test_a_whole_game_without_hands_is_played_by_clicking(
    page: Page, web_server: Server, game: str, players: int, options: dict[str, int]
) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * (players - 1)
    made = web_server.create(game=game, players=players, seats=seats, options=options, seed=7)
    open_table(page, made["links"]["seats"]["0"])
    assert play_until([page], "game-over", take_any_turn) > 0
    expect(page.locator(logged("game-over"))).to_have_count(1)
    expect(page.locator(".status")).to_have_text("The game is over.")
    expect(page.locator(".actions button")).to_have_count(0)
    screenshot(page, game)
