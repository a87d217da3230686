"""The browser table, played by clicking in Debian's Chromium: a table made in the lobby, a whole hand of The Bum
Game against three bots, and what the page shows (only the viewer's own hand)."""

from __future__ import annotations

import re

from browser_fixtures import SHOTS
from playwright.sync_api import Page, expect
from server_helpers import Server


def make_table_in_the_lobby(page: Page, server: Server, game: str = "bum-game") -> None:
    page.goto(f"{server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", game)
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    expect(page.locator("#app[data-ready=true]")).to_be_attached()


def take_turn(page: Page) -> None:
    """Play one legal action by clicking: select cards one by one until a play uses exactly them, else pass (or
    whatever card-less action there is: declare, decline)."""
    cards = page.locator(".hand button.card")
    for i in range(cards.count()):
        cards.nth(i).click()
        exact = page.locator(".actions button.exact")
        if exact.count():
            exact.first.click()
            return
        cards.nth(i).click()  # no single-card play with it: unselected again
    page.locator(".actions button").first.click()


def test_a_whole_hand_of_the_bum_game_is_played_by_clicking_against_three_bots(
    page: Page, web_server: Server
) -> None:
    make_table_in_the_lobby(page, web_server)
    app = page.locator("#app")
    for _ in range(200):
        if page.locator(".log li[data-kind='hand-over']").count():
            break
        page.wait_for_function(
            "document.getElementById('app').dataset.turn === 'you' || "
            "document.querySelector(\".log li[data-kind='hand-over']\") !== null"
        )
        if (
            app.get_attribute("data-turn") == "you"
            and not page.locator(".log li[data-kind='hand-over']").count()
        ):
            step = app.get_attribute("data-step")
            take_turn(page)
            page.wait_for_function(f"document.getElementById('app').dataset.step !== '{step}'")
    expect(page.locator(".log li[data-kind='hand-over']").first).to_be_attached()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "bum-game.png"), full_page=True)


def test_a_selection_no_legal_play_uses_says_so(page: Page, web_server: Server) -> None:
    make_table_in_the_lobby(page, web_server)
    page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
    cards = page.locator(".hand button.card")
    for i in range(cards.count()):  # every card selected: no play uses them all
        cards.nth(i).click()
    expect(page.locator(".why")).to_contain_text("No legal play uses")
    expect(page.locator(".actions button.exact")).to_have_count(0)
