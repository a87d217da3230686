"""Accessibility checked by axe-core in Debian's Chromium: the lobby, a table at a person's turn (desktop and a
phone), a spectator's view, Boojum and Gin Bummy tables have no serious or critical violation, and the cards in a
hand are named for screen readers ("queen of hearts", "Joker", a Decktet card's name with its suits)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from axe_check import described, serious_violations
from browser_fixtures import open_table
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server

from bumtable.cards.decktet import SUIT_NAMES, DecktetCard

DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
FRENCH_RANKS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}
FRENCH_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


@pytest.fixture(params=["desktop", "phone"])
def sized_page(request: pytest.FixtureRequest, browser: Browser) -> Iterator[Page]:
    phone = request.param == "phone"
    context = browser.new_context(
        viewport=PHONE if phone else DESKTOP,
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )
    yield context.new_page()
    context.close()


def assert_accessible(page: Page) -> None:
    found = serious_violations(page)
    assert not found, "axe-core found serious or critical violations:\n" + described(found)


def at_my_turn(page: Page, server: Server, game: str, seats: list[dict[str, Any]], seed: int) -> None:
    made = server.create(game=game, players=len(seats), seats=seats, seed=seed)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator("#app[data-turn=you]")).to_be_attached(timeout=20_000)
    expect(page.locator(".hand [data-card]").first).to_be_visible()


def french_name(text: str) -> str:
    """A French card's name begins with its rank and suit in words ("10 of hearts"), or says which Joker."""
    if text in ("JK", "RJ", "BJ"):
        return "^" + {"JK": "Joker", "RJ": "red Joker", "BJ": "black Joker"}[text]
    return "^" + re.escape(f"{FRENCH_RANKS.get(text[:-1], text[:-1])} of {FRENCH_SUITS[text[-1]]}")


def decktet_name(text: str) -> str:
    """A Decktet card's name begins with the card table's name for it and says each of its suits."""
    card = DecktetCard.parse(text)
    return "^" + "".join(f"(?=.*{SUIT_NAMES[s]})" for s in card.suits) + re.escape(card.name)


def assert_cards_named(page: Page, pattern: Callable[[str], str]) -> None:
    """Every card of the hand has an accessible name that ``pattern(its text)`` matches."""
    cards = page.locator(".hand [data-card]")
    assert cards.count() > 0
    for i in range(cards.count()):
        card = cards.nth(i)
        expected = pattern(card.get_attribute("data-card") or "")
        expect(card).to_have_accessible_name(re.compile(expected, re.IGNORECASE))


def test_the_lobby_has_no_serious_violation(page: Page, web_server: Server) -> None:
    # an open table listed, and one of "Your tables" (a seat this browser holds)
    made = web_server.create(
        game="president", players=3, seats=[{"kind": "person"}] * 3, settings={"listed": True}
    )
    seat = {"link": made["links"]["seats"]["1"], "seat": 1, "at": 1}
    page.add_init_script(
        f"localStorage.setItem('bumtable:seat:{made['id']}', {json.dumps(json.dumps(seat))})"
    )
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator(f".open-tables li[data-table='{made['id']}']")).to_be_visible()
    expect(page.locator(f".your-tables li[data-table='{made['id']}'] .back-to-seat")).to_be_visible()
    assert_accessible(page)


def test_a_table_at_a_persons_turn_has_no_serious_violation(sized_page: Page, web_server: Server) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    at_my_turn(sized_page, web_server, "bum-game", seats, seed=4)
    sized_page.locator(
        ".hand button.card"
    ).first.click()  # a card selected: the plays that use it are offered
    expect(sized_page.locator(".actions button").first).to_be_visible()
    assert_accessible(sized_page)
    assert_cards_named(sized_page, french_name)


def test_a_spectators_view_has_no_serious_violation(page: Page, web_server: Server) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3  # it waits for its person's turn
    made = web_server.create(game="bum-game", players=4, seats=seats, seed=2)
    open_table(page, made["links"]["watch"])
    expect(page.locator("#app[data-step]")).to_be_attached()
    expect(page.locator(".hand [data-card]")).to_have_count(0)
    assert_accessible(page)


def test_a_gin_bummy_table_has_no_serious_violation(page: Page, web_server: Server) -> None:
    at_my_turn(
        page, web_server, "gin-bummy", [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}], seed=3
    )
    assert_accessible(page)
    assert_cards_named(page, french_name)


def test_a_boojum_table_has_no_serious_violation(page: Page, web_server: Server) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 2
    at_my_turn(page, web_server, "boojum", seats, seed=3)
    assert_accessible(page)
    assert_cards_named(page, decktet_name)
