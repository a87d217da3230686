"""The table's chat in the browser: two friends in two browsers talk (a line typed, an emote clicked), every line
shown as text, never as markup; a spectator in a third browser sees it only where the table opens the chat to
spectators."""

from __future__ import annotations

from browser_fixtures import FRIENDS, open_table, screenshot
from playwright.sync_api import Page, expect
from server_helpers import Server

SEATS = FRIENDS


def say(page: Page, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")


def test_friends_chat_as_text_and_a_spectator_sees_none_of_it(
    three_pages: tuple[Page, Page, Page], web_server: Server
) -> None:
    ann, bo, watcher = three_pages
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=31)
    open_table(ann, made["links"]["seats"]["0"])
    open_table(bo, made["links"]["seats"]["1"])
    open_table(watcher, made["links"]["watch"])
    say(ann, "<b>hi</b> & <img src=x onerror=alert(1)>")
    bo.click(".chat-emote:text('Good game')")
    for page in (ann, bo):
        lines = page.locator(".chat-line")
        expect(lines).to_have_count(2)
        expect(lines.nth(0).locator(".chat-said")).to_have_text("<b>hi</b> & <img src=x onerror=alert(1)>")
        expect(lines.nth(1).locator(".chat-said")).to_have_text("Good game")
        assert page.locator(".chat-lines b, .chat-lines img").count() == 0
    expect(ann.locator(".chat-line").nth(0).locator(".chat-who")).to_have_text("You")
    expect(bo.locator(".chat-line").nth(0).locator(".chat-who")).to_have_text("P0")
    expect(watcher.locator(".chat-closed")).to_have_text("This table's chat is for its players.")
    expect(watcher.locator(".chat-line")).to_have_count(0)
    expect(watcher.locator("#chat-text")).to_be_hidden()
    screenshot(bo, "chat")


def test_a_spectator_writes_where_the_table_opens_the_chat_and_a_refusal_is_said(
    three_pages: tuple[Page, Page, Page], web_server: Server
) -> None:
    ann, _, watcher = three_pages
    made = web_server.create(
        game="bum-game", players=4, seats=SEATS, seed=32, settings={"chat_spectators": True}
    )
    open_table(ann, made["links"]["seats"]["0"])
    open_table(watcher, made["links"]["watch"])
    say(watcher, "go Ann")
    expect(ann.locator(".chat-line")).to_have_text(["Spectator: go Ann"])
    for i in range(5):
        say(ann, f"thanks {i}")
    expect(ann.locator(".chat-line")).to_have_count(6)
    say(ann, "one too many")
    expect(ann.locator(".chat-note")).to_contain_text("at most 5 chat messages in 10 seconds")
    expect(watcher.locator(".chat-line")).to_have_count(6)
