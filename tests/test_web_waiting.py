"""The waiting room in the browser: the maker and a spectator see who has sat down and who is awaited, a friend
arriving is asked for a name (its field has the focus, Enter sends it) and everyone then sees that name; the maker
may start with bots instead, here on a phone."""

from __future__ import annotations

from browser_fixtures import FRIENDS, open_table, screenshot
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server

SEATS = FRIENDS


def test_a_friend_asked_for_a_name_fills_the_waiting_room_and_the_cards_are_dealt(
    three_pages: tuple[Page, Page, Page], web_server: Server
) -> None:
    ann, bo, watcher = three_pages
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=41, settings={"wait": True})
    open_table(ann, made["links"]["seats"]["0"])
    expect(ann.locator(".name-prompt-field")).to_be_visible()  # the maker is asked too, but keeps the focus
    expect(ann.locator(".name-prompt-field")).not_to_be_focused()
    ann.fill(".name-prompt-field", "Ann")
    ann.press(".name-prompt-field", "Enter")
    expect(ann.locator(".name-prompt")).to_be_hidden()
    room = ann.locator(".waiting-room")
    expect(room).to_contain_text("Waiting for 1 player")
    expect(room.locator(".waiting-seat[data-seat='1']")).to_have_text("P1: awaited")
    expect(room.locator(".start-with-bots")).to_be_visible()
    expect(ann.locator(".hand [data-card]")).to_have_count(0)  # nothing dealt
    open_table(watcher, made["links"]["watch"])
    expect(watcher.locator(".waiting-seat[data-seat='0']")).to_have_text("Ann (P0): here")
    expect(watcher.locator(".start-with-bots")).to_be_hidden()
    screenshot(ann, "waiting-room")
    open_table(bo, made["links"]["seats"]["1"])
    expect(bo.locator(".name-prompt-field")).to_be_focused()
    bo.keyboard.type("Bo")
    bo.keyboard.press("Enter")
    for page in (ann, bo, watcher):
        expect(page.locator(".waiting-room")).to_be_hidden()
        expect(page.locator(".seat[data-seat='1']")).to_contain_text("Bo" if page is not bo else "You")
    for page in (ann, bo):
        expect(page.locator(".hand [data-card]").first).to_be_visible()


def test_the_maker_starts_with_bots_on_a_phone(browser: Browser, web_server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        made = web_server.create(
            game="bum-game", players=4, seats=SEATS, seed=42, settings={"wait": True, "stand_in": "random"}
        )
        open_table(page, made["links"]["seats"]["0"])
        page.fill(".name-prompt-field", "Ann")
        page.press(".name-prompt-field", "Enter")
        start = page.locator(".start-with-bots")
        expect(start).to_be_in_viewport()
        start.tap()
        expect(page.locator(".waiting-room")).to_be_hidden()
        expect(page.locator(".hand [data-card]").first).to_be_visible()
        screenshot(page, "started-with-bots-phone")
    finally:
        context.close()
