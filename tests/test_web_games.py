"""Every game at the browser table, played by clicking: one whole hand of each climbing game (President,
Arsehole, Zheng Shangyou) in its climbing view, a whole game of Gin Bummy and of Boojum (one round: their games
have no hands) in whatever view draws them, and a short match of The Bum Game to its end."""

from __future__ import annotations

import re

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


def test_a_short_match_of_the_bum_game_is_played_by_clicking_to_its_end(
    page: Page, web_server: Server
) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    made = web_server.create(game="bum-game", players=4, seats=seats, options={"target": 4}, seed=11)
    open_table(page, made["links"]["seats"]["0"])
    play_until([page], "game-over", take_climbing_turn, seconds=120)
    assert page.locator(logged("hand-over")).count() >= 2  # the exchange of a later hand was played too
    expect(page.locator(logged("give")).first).to_be_attached()
    expect(page.locator(".status")).to_have_text("The match is over.")
    # the final standings, prominently, with the way back to the lobby; no raw event name on the board
    standings = page.get_by_role("region", name="Final standings")
    expect(standings.locator("h2")).to_have_text("The match is over")
    expect(standings.locator(".winner-line")).to_have_text(re.compile(r"(wins?|share first place) .*points?"))
    expect(standings.locator("li")).to_have_count(4)
    expect(standings.locator("li").first).to_contain_text("1st")
    expect(standings.get_by_role("link", name="Back to the lobby")).to_be_visible()
    expect(page.locator("header a.lobby-link")).to_have_attribute("href", "/")
    expect(page.locator(".reason")).not_to_have_text(re.compile(r"P\d: |\(target\)|: target|\(rounds\)"))
    expect(page.locator(logged("pass")).first).to_have_text(re.compile(r"^(You pass|.+ passes)\.$"))
    screenshot(page, "bum-game-match")
