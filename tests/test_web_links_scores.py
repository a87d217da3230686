"""What the table page says of the count and hands out: Boojum's scoreboard totals the tokens the seats hold while
the game is played; the watch link stays for the maker and the seated players once every seat is taken, each link
is copied with one click (or selected where the browser has no clipboard), and a spectator's page holds no seat's
link."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from browser_fixtures import ARGS, CHROMIUM, logged, open_table, play_until, screenshot, take_any_turn
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, expect
from server_helpers import Server

BOT = {"kind": "bot", "bot": "heuristic"}
CLIPBOARD = ["clipboard-read", "clipboard-write"]
INSECURE_HOST = "bumtable.test"
"""A name Chromium is told resolves to 127.0.0.1: a page served under it is not a secure context (loopback
addresses are), so it has no ``navigator.clipboard``, as a server reached by its address on a home network."""


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1100, "height": 900}, permissions=CLIPBOARD)
    yield context
    context.close()


def make_table_with_a_friends_seat(page: Page, base: str) -> None:
    """Make The Bum Game in the lobby at ``base``: you in seat 0, a person to invite in seat 1, bots after."""
    page.goto(f"{base}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", "bum-game")
    page.select_option("#seat-1", "person")
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    expect(page.locator("#app[data-ready=true]")).to_be_attached()


def copied(page: Page, button: str) -> str:
    """Click a copy button; what the clipboard then holds."""
    page.click(button)
    expect(page.locator(".invites .copy-note")).to_have_text(re.compile("^Copied"))
    text: str = page.evaluate("navigator.clipboard.readText()")
    return text


def test_boojums_scoreboard_totals_the_tokens_the_seats_hold_during_the_game(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="boojum", players=3, seats=[{"kind": "person"}, BOT, BOT], seed=4)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator(".scoreboard .score-totals")).to_be_attached()
    play_until([page], "claim", take_any_turn, seconds=120)  # a token was cashed in
    app = page.locator("#app")
    expect(app).to_have_attribute("data-turn", "you")  # the bots wait for the person: nothing moves now
    expect(page.locator(".status")).not_to_have_text(re.compile("over"))
    # each seat's tokens as the board draws them from the observation ("2/6"): the totals are the same
    strips = page.locator(".bj-player .token-box").all_inner_texts()
    held = [int(m.group(1)) for t in strips if (m := re.search(r"(\d+)/6$", t.strip()))]
    assert len(held) == len(strips) == 3
    assert sum(held) > 0
    for seat, tokens in enumerate(held):
        expect(page.locator(f".scoreboard .score-totals td[data-seat='{seat}']")).to_have_text(str(tokens))
    assert page.locator(logged("game-over")).count() == 0


def test_the_watch_link_stays_when_every_seat_is_taken_and_each_link_copies_with_one_click(
    context: BrowserContext, browser: Browser, web_server: Server
) -> None:
    maker = context.new_page()
    make_table_with_a_friends_seat(maker, web_server.http)
    watch = maker.url.split("?")[0]
    box = maker.locator("details.invites")
    expect(box).to_be_visible()
    expect(box.locator("code.watch-link")).to_have_text(watch)
    expect(box.locator("code.join-link")).to_have_text(re.compile(r"\?join="))
    invite = box.locator("code.seat-link[data-seat='1']")
    expect(invite).to_have_text(re.compile(r"\?token="))
    assert box.locator("code.seat-link").count() == 1  # the maker's own seat is not handed out
    screenshot(maker, "table-links")
    seat_link = copied(maker, ".invites .copy-link[data-link='seat-1']")
    assert seat_link == invite.inner_text()
    assert (
        copied(maker, ".invites .copy-link[data-link='join']") == box.locator("code.join-link").inner_text()
    )

    # a spectator (another browser) sees no seat's link anywhere on the page
    watcher_context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        watcher = watcher_context.new_page()
        open_table(watcher, watch)
        expect(watcher.locator(".who-am-i")).to_have_text(re.compile("^You are watching"))
        expect(watcher.locator("details.invites")).to_be_hidden()
        assert "token=" not in watcher.content()
    finally:
        watcher_context.close()

    # the friend takes seat 1 with the link copied (another browser): every seat is taken now
    friend_context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        friend = friend_context.new_page()
        open_table(friend, seat_link)
        expect(friend.locator(".who-am-i")).to_have_text(re.compile("^You play seat P1"))
        expect(maker.locator(".seat[data-seat='1']")).not_to_contain_text("free seat")
        expect(box.locator("code.seat-link")).to_have_count(0)
        expect(box.locator("code.join-link")).to_have_count(0)
        expect(box.locator("code.watch-link")).to_have_text(watch)
        assert copied(maker, ".invites .copy-link[data-link='watch']") == watch
        # a seated player who did not make the table is shown the watch link, and no seat's link
        expect(friend.locator("details.invites code.watch-link")).to_have_text(watch)
        expect(
            friend.locator("details.invites code.seat-link, details.invites code.join-link")
        ).to_have_count(0)
        maker_token = maker.url.split("token=")[1]
        assert maker_token not in friend.content()
    finally:
        friend_context.close()


def test_a_listed_tables_watch_link_copies_from_the_lobby(
    context: BrowserContext, web_server: Server
) -> None:
    made = web_server.create(game="president", players=3, settings={"listed": True})
    page = context.new_page()
    page.goto(f"{web_server.http}/")
    entry = page.locator(f".open-tables li[data-table='{made['id']}']")
    entry.locator(".copy-link[data-link='watch']").click()
    expect(entry.locator(".copy-note")).to_have_text(re.compile("^Copied"))
    assert page.evaluate("navigator.clipboard.readText()") == made["links"]["watch"]
    screenshot(page, "lobby-copy-link")


def test_without_a_clipboard_the_copy_button_selects_the_link(
    playwright: Playwright, web_server: Server
) -> None:
    mapped = [*ARGS, f"--host-resolver-rules=MAP {INSECURE_HOST} 127.0.0.1"]
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=mapped)
    try:
        page = browser.new_page(viewport={"width": 1100, "height": 900})
        make_table_with_a_friends_seat(page, f"http://{INSECURE_HOST}:{web_server.port}")
        assert page.evaluate("window.isSecureContext") is False
        link = page.locator(".invites code.watch-link")
        page.click(".invites .copy-link[data-link='watch']")
        expect(page.locator(".invites .copy-note")).to_have_text(re.compile("Ctrl\\+C"))
        assert page.evaluate("window.getSelection().toString()") == link.inner_text()
    finally:
        browser.close()
