"""The browser table, played by clicking in Debian's Chromium: a table made in the lobby, a whole hand of The Bum
Game against three bots, and what the page shows (only the viewer's own hand)."""

from __future__ import annotations

from browser_fixtures import logged, make_table_in_the_lobby, play_until, screenshot
from playwright.sync_api import Page, expect
from server_helpers import Server


def test_a_whole_hand_of_the_bum_game_is_played_by_clicking_against_three_bots(
    page: Page, web_server: Server
) -> None:
    make_table_in_the_lobby(page, web_server)
    assert play_until([page], "hand-over") > 0
    expect(page.locator(logged("hand-over")).first).to_be_attached()
    screenshot(page, "bum-game")


def test_a_selection_no_legal_play_uses_says_so(page: Page, web_server: Server) -> None:
    make_table_in_the_lobby(page, web_server)
    page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
    cards = page.locator(".hand button.card")
    for i in range(cards.count()):  # every card selected: no play uses them all
        cards.nth(i).click()
    expect(page.locator(".why")).to_contain_text("No legal play uses")
    expect(page.locator(".actions button.exact")).to_have_count(0)
