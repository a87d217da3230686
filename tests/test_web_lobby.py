"""The lobby's rules form in Debian's Chromium: built from the game's option descriptions, its variants and house
rules reach the table made, and a value an option does not allow is refused with what it allows."""

from __future__ import annotations

import re

import httpx
from browser_fixtures import screenshot
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server


def open_lobby(page: Page, server: Server, game: str, players: int | None = None) -> None:
    """The lobby with ``game`` (and ``players``) chosen, its rules form drawn for them."""
    page.goto(f"{server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", game)
    if players is not None:
        page.select_option("#players", str(players))
    shows = f"{game} {players}" if players is not None else re.compile(f"^{game} ")
    expect(page.locator(".rules-form")).to_have_attribute("data-shows", shows)


def made_rules(page: Page, server: Server) -> dict[str, object]:
    """Make the table; the rules the server made it with."""
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    table_id = page.url.split("/t/")[1].split("?")[0]
    rules: dict[str, object] = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["rules"]
    return rules


def test_the_house_rules_form_asks_for_every_option_the_game_describes(
    page: Page, web_server: Server
) -> None:
    described = httpx.get(f"{web_server.http}/api/games/bum-game/options?players=4", timeout=10).json()
    open_lobby(page, web_server, "bum-game", 4)
    page.click(".house-rules summary")
    options = page.locator(".option-list .option")
    expect(options).to_have_count(len(described["options"]))
    exchange = next(o for o in described["options"] if o["name"] == "exchange_order")
    box = page.locator(".option[data-option=exchange_order]")
    expect(box.locator(".option-help")).to_contain_text(exchange["doc"])
    expect(box.locator("select")).to_have_value(exchange["value"])
    expect(box.locator("option")).to_have_count(len(exchange["choices"]))
    screenshot(page, "lobby-house-rules")


def test_a_variant_ticked_and_an_option_changed_are_the_rules_of_the_table_made(
    page: Page, web_server: Server
) -> None:
    """one-hour: no exchange, 20 points; then the points per place changed by hand."""
    open_lobby(page, web_server, "bum-game", 4)
    page.check("input[name=one-hour]")
    expect(page.locator("#match")).to_have_value("20")
    page.click(".house-rules summary")
    expect(page.locator("#option-exchange")).not_to_be_checked()
    page.fill("#option-points", "5, 3, 1, 0")
    expect(page.locator(".house-rules summary")).to_contain_text("(3 changed from the preset)")
    expect(page.locator(".option[data-option=points] label")).to_contain_text("(changed)")
    rules = made_rules(page, web_server)
    assert (rules["target"], rules["exchange"], rules["points"]) == (20, False, [5, 3, 1, 0])


def test_the_player_count_brings_its_own_preset(page: Page, web_server: Server) -> None:
    """The Bum Game for 6 adds a third Joker and a second pack's suits (its preset), shown in the form."""
    described = httpx.get(f"{web_server.http}/api/games/bum-game/options?players=6", timeout=10).json()
    jokers = next(o["value"] for o in described["options"] if o["name"] == "jokers")
    open_lobby(page, web_server, "bum-game", 6)
    expect(page.locator("#option-jokers")).to_have_value(str(jokers))
    assert made_rules(page, web_server)["jokers"] == jokers


def test_a_value_the_option_does_not_allow_is_refused_with_what_it_allows(
    page: Page, web_server: Server
) -> None:
    """Refused in the page (not a list of whole numbers) and by the server (one entry per player), and no table is
    made either time."""
    open_lobby(page, web_server, "bum-game", 4)
    page.click(".house-rules summary")
    page.fill("#option-points", "5, three")
    points = page.locator(".option[data-option=points] .field-problem")
    expect(points).to_have_text(
        "Must be a list of whole numbers (at most 12 entries, each from -1000 to 1000), separated by commas."
    )
    page.click("text=Make the table")
    expect(page.locator("form.create .problem")).to_have_text(
        "points must be a list of whole numbers (at most 12 entries, each from -1000 to 1000), separated by commas"
    )
    page.fill("#option-points", "5, 3")
    expect(points).to_have_text("")
    page.click("text=Make the table")
    expect(page.locator("form.create .problem")).to_contain_text("points")
    assert "/t/" not in page.url


def test_a_table_listed_in_one_browser_is_joined_and_watched_from_the_lobby_of_another(
    browser: Browser, web_server: Server
) -> None:
    """Ann makes a listed President table with a seat for a person; Bo's lobby lists it, Bo takes the free seat
    (no link passed between them) and Cy watches; a table made unlisted is not shown."""
    ann, bo, cy = (browser.new_context().new_page() for _ in range(3))
    open_lobby(ann, web_server, "president", 3)
    ann.select_option("#seat-1", "person")
    ann.click("text=Make the table")
    expect(ann).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    table_id = ann.url.split("/t/")[1].split("?")[0]
    hidden = web_server.create(game="president", players=3)  # the API's default: not listed

    bo.goto(f"{web_server.http}/")
    entry = bo.locator(f".open-tables li[data-table='{table_id}']")
    expect(entry).to_contain_text("President")
    expect(entry.locator(".listed-line")).to_have_text("3 players · 10 hands · 1 free seat · 0 watching")
    expect(bo.locator(f".open-tables li[data-table='{hidden['id']}']")).to_have_count(0)
    screenshot(bo, "lobby-open-tables")
    bo.fill("#name", "Bo")
    bo.locator("#name").blur()  # kept as typed: the seat taken below is named by it
    entry.locator("button.take").click()
    expect(bo).to_have_url(re.compile(rf"/t/{table_id}\?token="))
    expect(bo.locator("#app[data-ready=true]")).to_be_attached()
    expect(bo.locator(".seat[data-seat='1']")).to_contain_text("You")
    expect(ann.locator(".seat[data-seat='1']")).to_contain_text("Bo")

    cy.goto(f"{web_server.http}/")
    cy_entry = cy.locator(f".open-tables li[data-table='{table_id}']")
    expect(cy_entry.locator(".listed-line")).to_contain_text("0 free seats")
    expect(cy_entry.locator("button.take")).to_have_count(0)
    cy_entry.locator("a.watch").click()
    expect(cy).to_have_url(re.compile(rf"/t/{table_id}$"))
    expect(cy.locator("#app[data-ready=true]")).to_be_attached()
    for page in (ann, bo, cy):
        page.context.close()


def test_a_game_that_counts_no_series_has_no_series_box_and_the_page_raises_no_error(
    page: Page, web_server: Server
) -> None:
    """Boojum and Gin Bummy count neither points nor hands to a target: after The Bum Game's box, none is
    left behind (it once was, and typing in it threw)."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    open_lobby(page, web_server, "bum-game", 4)
    expect(page.locator("#match")).to_be_visible()
    for game in ("boojum", "gin-bummy"):
        open_lobby(page, web_server, game)
        page.select_option("#game", "bum-game")
        expect(page.locator(".rules-form")).to_have_attribute("data-shows", re.compile("^bum-game "))
        page.select_option("#game", game)
        expect(page.locator(".rules-form")).to_have_attribute("data-shows", re.compile(f"^{game} "))
        expect(page.locator("#match")).to_have_count(0)
    assert errors == []


def test_the_series_box_stays_while_its_option_is_edited_in_the_house_rules(
    page: Page, web_server: Server
) -> None:
    open_lobby(page, web_server, "bum-game", 4)
    page.click(".house-rules summary")
    page.fill("#option-target", "")
    expect(page.locator(".option[data-option=target] .field-problem")).to_have_text("Must be a whole number.")
    expect(page.locator("#match")).to_be_visible()
    page.fill("#option-target", "30")
    page.locator("#option-points").focus()  # the series box shows the edit once the field is left
    expect(page.locator("#match")).to_have_value("30")


def test_the_lobby_offers_the_bum_game_first_and_keeps_the_players_name(
    page: Page, web_server: Server
) -> None:
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#game")).to_have_value("bum-game")
    page.fill("#name", "Ann <3")
    page.click("text=Make the table")
    expect(page.locator("form.create .problem")).to_contain_text("Your name: 1 to 24 letters")
    page.fill("#name", "Ann")
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    assert page.evaluate("localStorage.getItem('bumtable:name')") == "Ann"


def test_the_lobby_fits_a_phone_screen(browser: Browser, web_server: Server) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    open_lobby(phone, web_server, "arsehole", 4)  # the longest variant texts
    phone.click(".house-rules summary")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.context.close()


def test_a_seat_may_hold_a_bot_of_any_level_and_the_table_made_seats_the_level_chosen(
    page: Page, web_server: Server
) -> None:
    """Each seat's list offers the levels (easy, medium, hard) and the heuristic and random bots, as the server
    names them for the game, each with what it does; a hard bot chosen is the seat's bot at the table."""
    described = next(
        g for g in httpx.get(f"{web_server.http}/api/games", timeout=10).json() if g["name"] == "gin-bummy"
    )
    assert [b["name"] for b in described["bots"]] == ["easy", "medium", "hard", "heuristic", "random"]
    open_lobby(page, web_server, "gin-bummy", 2)
    offered = page.locator("#seat-1 option")
    expect(offered).to_have_text(
        ["A person (invite link)", *(f"Bot: {b['name']}" for b in described["bots"])]
    )
    hard = next(b for b in described["bots"] if b["name"] == "hard")
    expect(page.locator("#seat-1 option[value=hard]")).to_have_attribute("title", hard["about"])
    expect(page.locator("#seat-1-about")).to_have_text(
        next(b["about"] for b in described["bots"] if b["name"] == "heuristic")
    )  # the default bot's words, shown beside the list
    page.select_option("#seat-1", "hard")
    expect(page.locator("#seat-1-about")).to_have_text(hard["about"])
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    table_id = page.url.split("/t/")[1].split("?")[0]
    seats = httpx.get(f"{web_server.http}/api/tables/{table_id}", timeout=10).json()["seats"]
    assert (seats[1]["kind"], seats[1]["bot"]) == ("bot", "hard")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator(".seat[data-seat='1']")).to_contain_text("hard")
