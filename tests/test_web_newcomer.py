"""What a newcomer at the browser table is told and offered: a Gin Bummy move that loses outright is asked
again first, the rules in force are listed, a player names their seat, the join link shows only while a seat is
free, dead ends (a wrong seat's link, a full table's join link) say so with a way on, and a phone-sized page keeps
the hand and the actions on the first screen."""

from __future__ import annotations

import json
import re

from browser_fixtures import open_table, screenshot
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server

BOT = {"kind": "bot", "bot": "heuristic"}


def test_a_gin_bummy_move_that_starves_is_asked_again_before_it_is_sent(
    page: Page, web_server: Server
) -> None:
    # seed 19, five cards: the viewer (the dealer) holds a Joker; a Joker carrying a card leaves three: starved
    made = web_server.create(
        game="gin-bummy", players=2, seats=[{"kind": "person"}, BOT], options={"hand_size": 5}, seed=19
    )
    open_table(page, made["links"]["seats"]["0"])
    app = page.locator("#app")
    expect(app).to_have_attribute("data-turn", "you")
    step = app.get_attribute("data-step")
    page.click(".hand button.card[data-card=JK]")
    starving = page.locator(".actions button[data-starves]")
    expect(starving.first).to_contain_text("(you starve and lose)")
    starving.first.click()
    dialog = page.get_by_role("alertdialog")
    expect(dialog).to_contain_text("leaves you only three cards")
    expect(dialog).to_contain_text("you lose and P1 wins at once")
    expect(page.locator(".confirm-no")).to_be_focused()  # the safe answer first
    page.keyboard.press("Enter")  # "No, keep playing"
    expect(dialog).to_have_count(0)
    assert app.get_attribute("data-step") == step  # nothing was sent
    starving.first.click()  # the Joker is still selected
    page.click(".confirm-yes")
    expect(page.locator(".status")).to_have_text("The game is over.")
    # the end said once on the board, and the standings and the scoreboard say the outcome
    expect(page.locator(".board").get_by_text(re.compile("the last player not starved"))).to_have_count(1)
    expect(page.locator(".standings .winner-line")).to_have_text("P1 wins the game!")
    expect(page.locator(".scoreboard tbody th")).to_have_text("The game")
    expect(page.locator(".scoreboard tbody td[data-seat='0']")).to_have_text("2nd")
    expect(page.locator(".scoreboard tbody td[data-seat='1']")).to_have_text("1st: won")
    expect(page.locator(".scoreboard thead th").last).to_have_text("Replay")
    expect(page.locator(".standings a.lobby-end")).to_have_attribute("href", "/")


def test_the_rules_in_force_are_listed_for_players_and_spectators(
    browser: Browser, web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, variants=["one-hour"], seats=[{"kind": "person"}, BOT, BOT, BOT], seed=3
    )
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        for link in (made["links"]["seats"]["0"], made["links"]["watch"]):
            page = context.new_page()
            open_table(page, link)
            box = page.locator("details.table-rules")
            box.locator("summary").click()
            expect(box.locator(".series-length")).to_have_text("The match: the first to 20 points wins.")
            expect(box.locator("li[data-option='exchange']")).to_contain_text("exchange: off (usually on)")
            expect(box.locator("li[data-option='target']")).to_contain_text("target: 20 (usually 100)")
        expect(page.locator(".who-am-i")).to_have_text(re.compile("^You are watching this table"))
        expect(page.locator(".name-form")).to_be_hidden()
    finally:
        context.close()


def test_a_player_names_their_seat_and_everyone_sees_the_name(browser: Browser, web_server: Server) -> None:
    seats = [{"kind": "person"}, {"kind": "person"}, BOT, BOT]
    made = web_server.create(game="bum-game", players=4, seats=seats, seed=5)
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    try:
        page = context.new_page()
        open_table(page, made["links"]["seats"]["0"])
        field = page.get_by_label("Your name")
        field.fill("")
        field.type("Pip")  # P is "pass" and ? the shortcuts: keys are the person's own while typing
        expect(page.locator("#keys-help")).to_be_hidden()
        field.press("Enter")
        expect(page.locator(".seat[data-seat='0']")).to_contain_text("You (Pip)")
        assert page.evaluate("localStorage.getItem('bumtable:name')") == "Pip"
        watcher = context.new_page()
        open_table(watcher, made["links"]["watch"])
        expect(watcher.locator(".seat[data-seat='0']")).to_have_text(re.compile("^Pip"))
        # the other person's page, in this browser, sends the remembered name with the seat's link: it is seat 0's
        # now, and no two seats are named alike, so seat 1 is played all the same, under no name
        other = context.new_page()
        open_table(other, made["links"]["seats"]["1"])
        expect(other.locator(".who-am-i")).to_have_text(re.compile("^You play seat P1"))
        expect(watcher.locator(".seat[data-seat='1']")).to_have_text(re.compile("^P1"))
        assert web_server.stored(made["id"]).seats[1].name is None
    finally:
        context.close()


def test_the_join_link_shows_only_while_a_persons_seat_is_free(browser: Browser, web_server: Server) -> None:
    made = web_server.create(
        game="bum-game", players=4, seats=[{"kind": "person"}, {"kind": "person"}, BOT, BOT], seed=5
    )
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    links = {"join": made["links"]["join"], "watch": made["links"]["watch"]}
    context.add_init_script(f"localStorage.setItem('bumtable:invites:{made['id']}', '{json.dumps(links)}')")
    try:
        page = context.new_page()
        open_table(page, made["links"]["seats"]["0"])
        expect(page.locator("details.invites code.join-link")).to_be_visible()
        expect(page.locator(".seat[data-seat='1']")).to_contain_text("free seat")
        with web_server.connect(made["id"], made["tokens"]["1"]):  # the friend came: the seat is taken
            pass
        expect(page.locator("details.invites code.join-link")).to_have_count(0)
        expect(page.locator("details.invites code.watch-link")).to_be_visible()  # watching stays open
    finally:
        context.close()


def test_a_wrong_seat_link_says_so_and_offers_to_watch(page: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=[{"kind": "person"}, BOT, BOT, BOT], seed=1)
    page.goto(f"{made['links']['watch']}?token=not-a-token")
    expect(page.get_by_role("heading", name="This link is not a seat at this table")).to_be_visible()
    expect(page.locator(".dead-end")).to_contain_text("not (or no longer) a seat's link")
    expect(page.locator(".dead-end a.lobby-end")).to_have_attribute("href", "/")
    page.get_by_role("link", name="Watch this table").click()
    expect(page.locator(".who-am-i")).to_have_text(re.compile("^You are watching"))


def test_a_full_tables_join_link_offers_to_watch(page: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=[{"kind": "person"}, BOT, BOT, BOT], seed=1)
    page.goto(made["links"]["join"])
    expect(page.get_by_role("heading", name="No seat for you at this table")).to_be_visible()
    expect(page.get_by_role("link", name="Back to the lobby")).to_be_visible()
    page.get_by_role("link", name="Watch this table").click()
    expect(page.locator(".who-am-i")).to_have_text(re.compile("^You are watching"))


def test_a_phone_keeps_the_hand_and_the_actions_on_the_first_screen(
    browser: Browser, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=[{"kind": "person"}, BOT, BOT, BOT], seed=11)
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        open_table(page, made["links"]["seats"]["0"])
        expect(page.locator("#app")).to_have_attribute("data-turn", "you")
        cards = page.locator(".hand button.card")
        card = cards.first.bounding_box()
        hand = page.locator(".board .hand").bounding_box()
        assert card and hand
        assert hand["height"] < 2.6 * card["height"], (hand, card)  # two rows at most
        page.locator(".hand button.card").first.tap()
        actions = page.locator(".board .actions")
        box = actions.bounding_box()
        assert box and box["y"] + box["height"] <= 844, box  # in reach without scrolling
        screenshot(page, "phone")
    finally:
        context.close()
