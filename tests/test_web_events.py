"""The climbing games' special events at the browser table, shown as they happen with a line saying why: a
revolution the deal makes (who was dealt the Jokers), one declared or not declared by the viewer, four of a value and
President's wipe card ending a trick, players going out with their places, the hand's end, and the exchange with the
viewer's own cards. Each table is seeded (found with the rules engine and the server's own bot seeding) so the event
really happens; the news box must say it, and say the same after a refresh."""

from __future__ import annotations

import re

from browser_fixtures import logged, open_table, play_until, take_climbing_turn
from playwright.sync_api import Page, expect
from server_helpers import Server, receive

from bumtable.rules import get

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 3
SEATS = [{"kind": "person"}, *BOTS]


def news(page: Page) -> list[str]:
    return page.locator(".news p").all_inner_texts()


def my_turn(page: Page) -> None:
    expect(page.locator("#app")).to_have_attribute("data-turn", "you")


def refreshed_shows_the_same(page: Page) -> None:
    """A refresh mid-hand: the page comes back to the same step and its news box says the same."""
    before, step = news(page), page.locator("#app").get_attribute("data-step")
    page.reload()
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#app")).to_have_attribute("data-step", step or "")
    expect(page.locator(".news p")).to_have_text(before)


def test_a_revolution_the_deal_makes_says_who_was_dealt_the_jokers_and_that_roles_turn_over(
    page: Page, web_server: Server
) -> None:
    # seed 3: the cut makes P1 the Worker, and the deal gives P1 both Jokers (a Worker's two Jokers revolt)
    state = get("bum-game", players=4).new_state(3)
    assert state.revolution is not None and state.revolution.player == 1
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=3)
    open_table(page, made["links"]["seats"]["0"])
    my_role = state.rules.roles[state.roles[0]]
    expect(page.locator(".news")).to_have_attribute("role", "status")
    expect(page.locator(".news p.news-hand")).to_have_text(
        f"Revolution! P1, the Worker, was dealt both Jokers: the roles turn over. You are now the {my_role}."
    )
    expect(page.locator(logged("revolution"))).to_have_count(1)
    my_turn(page)
    refreshed_shows_the_same(page)


def test_an_optional_revolution_the_viewer_declares_is_shown_to_everyone_as_declared(
    page: Page, web_server: Server
) -> None:
    # seed 2 with the optional revolution: seat 0 is dealt the Jokers that let it declare
    state = get("bum-game", players=4, variants=["optional-revolution"]).new_state(2)
    assert state.phase == "revolution" and state.current_player() == 0
    made = web_server.create(
        game="bum-game", players=4, variants=["optional-revolution"], seats=SEATS, seed=2
    )
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator(".prompt")).to_contain_text("You may declare a revolution")
    page.click(".actions button[data-action='revolution']")
    expect(page.locator(".news p.news-hand")).to_contain_text(
        re.compile(r"^Revolution! You, the \w+, declare it, holding both Jokers: the roles turn over\.")
    )
    expect(page.locator(logged("revolution"))).to_contain_text("declare it")
    my_turn(page)
    refreshed_shows_the_same(page)


def test_an_optional_revolution_not_declared_is_told_only_to_the_one_who_chose(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, variants=["optional-revolution"], seats=SEATS, seed=2
    )
    open_table(page, made["links"]["seats"]["0"])
    page.click(".actions button[data-action='no-revolution']")
    expect(page.locator(".news p.news-hand")).to_have_text("You did not declare a revolution.")
    expect(page.locator(logged("revolution"))).to_have_count(0)
    with web_server.connect(made["id"]) as spectator:  # nothing of it reaches anyone else
        frame = receive(spectator)
        assert not any(e["kind"] == "revolution" for e in frame["events"])
    my_turn(page)
    # no event tells of it: after a refresh the page reads it from its own dealt Jokers, its role and the rules
    refreshed_shows_the_same(page)


def test_four_of_a_value_ends_the_trick_in_president(page: Page, web_server: Server) -> None:
    # seed 65: P1 leads 3 3, P3 plays 6 6, and the viewer's 6 6 makes four 6s in a row
    made = web_server.create(game="president", players=4, seats=SEATS, seed=65)
    open_table(page, made["links"]["seats"]["0"])
    my_turn(page)
    expect(page.locator(".news p")).to_have_count(0)
    page.click(".hand button.card[data-card='6c']")
    page.click(".hand button.card[data-card='6d']")
    page.click(".actions button[data-action='set 6 6']")
    expect(page.locator(".news p.news-now")).to_have_text(
        "Four 6s in a row end the trick: You win the trick and lead the next."
    )
    expect(page.locator(logged("trick"))).to_contain_text("Four 6s in a row end the trick")
    my_turn(page)  # the winner leads: the table waits for the viewer
    refreshed_shows_the_same(page)


def test_the_wipe_card_ends_the_trick_in_president(page: Page, web_server: Server) -> None:
    # seed 132: P2 leads 3 3 and P1 plays the 3 of clubs on it, before the viewer's first turn
    made = web_server.create(game="president", players=4, seats=SEATS, seed=132)
    open_table(page, made["links"]["seats"]["0"])
    my_turn(page)
    expect(page.locator(".news p.news-now")).to_have_text(
        "3♣ ends the trick at once: P1 wins the trick and leads the next."
    )
    expect(page.locator(logged("trick"))).to_contain_text("ends the trick at once")


def test_players_going_out_the_hands_end_and_the_exchange_with_the_viewers_own_cards(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="president", players=4, seats=SEATS, seed=21)
    open_table(page, made["links"]["seats"]["0"])
    play_until([page], "hand-over", take_climbing_turn)
    my_turn(page)
    moments = page.locator(".news p.news-now")
    expect(moments.last).to_have_text(re.compile(r"^Hand 1 is over: .*\+3, .*\+0\.$"))
    # places with their points, from the rules (President: 3, 2, 1, 0)
    expect(moments.filter(has_text=re.compile(r"left holding cards: 4th \(0 points\)\.$"))).to_have_count(1)
    expect(moments.filter(has_text=re.compile(r"goes out 3rd \(1 point\)\.$"))).to_have_count(1)
    # the exchange as the viewer saw it: the cards it gave or got, with their suits
    expect(page.locator(".news p.news-hand")).to_contain_text(
        re.compile(r"^Exchange: .*(You gave \w+|gave you) [0-9JQKA]+[♣♦♥♠]")
    )
    refreshed_shows_the_same(page)
