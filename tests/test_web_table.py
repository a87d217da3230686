"""The browser table, played by clicking in Debian's Chromium: a table made in the lobby, a whole hand of The Bum
Game against three bots, and what the page shows (only the viewer's own hand)."""

from __future__ import annotations

import re

import httpx
from browser_fixtures import FIND_PLAY, logged, make_table_in_the_lobby, play_until, screenshot
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


def test_the_lobby_sets_the_series_length_the_game_counts(page: Page, web_server: Server) -> None:
    """Points to win where the rules count points (The Bum Game), hands to play where they count hands
    (President); the table is made with that option."""
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", "president")
    expect(page.locator("label[for=match]")).to_have_text("Hands to play ")
    page.select_option("#game", "bum-game")
    expect(page.locator("label[for=match]")).to_have_text("Points to win the series ")
    expect(page.locator("#match")).to_have_value("100")
    page.fill("#match", "7")
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    table_id = page.url.split("/t/")[1].split("?")[0]
    info = httpx.get(f"{web_server.http}/api/tables/{table_id}", timeout=10).json()
    assert info["rules"]["target"] == 7


def test_a_double_click_on_a_play_sends_it_once(page: Page, web_server: Server) -> None:
    """The second click of a double-click is not sent: the server would refuse it as made too late."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    make_table_in_the_lobby(page, web_server)
    page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
    step = page.locator("#app").get_attribute("data-step")
    picked: list[int] = page.evaluate(FIND_PLAY)
    for i in picked:
        page.locator(".hand button.card").nth(i).click()
    target = page.locator(".actions button.exact" if picked else ".actions button[data-action]").first
    target.dblclick()
    expect(page.locator("#app")).not_to_have_attribute("data-step", step or "")
    acts = [f for f in sent if '"act"' in f and f'"step": {step}' in f.replace('"step":', '"step": ')]
    assert len(acts) == 1, acts
