"""People at the browser table: two people in two browsers each see only their own hand, a page refreshed in the
middle of a hand comes back to the same seat and hand, a spectator sees the table but no hand and no actions,
and a phone-sized page plays a hand by tapping."""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import logged, open_table, play_until, screenshot, take_climbing_turn
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server, act, receive
from websockets.sync.client import ClientConnection, connect

BOTS = [{"kind": "bot", "bot": "heuristic"}] * 2


def shown_hand(page: Page) -> list[str]:
    """The cards the page's hand area shows, in order (each card's data-card)."""
    texts: list[str] = page.eval_on_selector_all(
        ".hand [data-card]", "cards => cards.map(c => c.dataset.card)"
    )
    return texts


def step_of(page: Page) -> int:
    return int(page.locator("#app").get_attribute("data-step") or "-1")


def frame_at(ws: ClientConnection, step: int) -> dict[str, Any]:
    """The seat's own frame (read from the server) that gave it its turn at ``step``."""
    while True:
        message = receive(ws)
        assert message["type"] == "state", message
        if message["step"] == step and message["observation"]["legal"]:
            return message


def seat_socket(server: Server, made: dict[str, Any], seat: int) -> ClientConnection:
    """The seat's own connection, beside its page: what the server sends the seat (its frames queue up unread
    between looks, without holding the server up or slowing the close)."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"
    return connect(url, open_timeout=10, max_queue=None)


@pytest.fixture
def two_pages(browser: Browser) -> Iterator[tuple[Page, Page]]:
    """Two pages in two browser contexts (two people's browsers: nothing shared)."""
    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(2)]
    yield contexts[0].new_page(), contexts[1].new_page()
    for context in contexts:
        context.close()


def test_two_people_at_one_table_each_see_only_their_own_hand(
    two_pages: tuple[Page, Page], web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS, {"kind": "person"}], seed=5, host=False
    )
    seats = {0: two_pages[0], 3: two_pages[1]}
    with contextlib.ExitStack() as stack:
        sockets = {seat: stack.enter_context(seat_socket(web_server, made, seat)) for seat in seats}
        for seat, page in seats.items():
            open_table(page, made["links"]["seats"][str(seat)])
            expect(page.locator(f".seat[data-seat='{seat}']")).to_contain_text("You")
        dealt: dict[int, Counter[str]] = {}
        checked = Counter[int]()

        def check(page: Page) -> None:
            seat = next(s for s, p in seats.items() if p is page)
            frame = frame_at(sockets[seat], step_of(page))
            own = frame["observation"]["hand"]
            dealt.setdefault(seat, Counter(own))
            assert shown_hand(page) == own  # exactly this seat's cards, as the server sent them
            assert frame["observation"]["card_counts"][seat] == len(own)
            for other, cards in dealt.items():  # no card of the other person's is drawn in this page's hand
                if other != seat:
                    assert not (set(shown_hand(page)) & set(cards) - {"JK"})
            checked[seat] += 1

        play_until(list(seats.values()), "hand-over", take_climbing_turn, before_turn=check)
        assert checked[0] > 0 and checked[3] > 0, checked
        assert set(dealt[0]) & set(dealt[3]) <= {"JK"}
        assert sum((dealt[0] + dealt[3]).values()) == 2 * 14  # 54 cards dealt to 4


def test_a_page_refreshed_mid_hand_comes_back_to_the_same_seat_and_hand(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=[*BOTS, {"kind": "person"}, BOTS[0]], seed=9)
    open_table(page, made["links"]["seats"]["2"])
    turns = 0

    def stop_after_three(page: Page) -> None:
        nonlocal turns
        turns += 1
        if turns == 3:
            raise Refresh

    with pytest.raises(Refresh):
        play_until([page], "hand-over", take_climbing_turn, before_turn=stop_after_three)
    before = (shown_hand(page), step_of(page), page.locator(".log li").all_inner_texts())
    assert before[0], "a hand to compare"
    page.reload()
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.wait_for_function(f"document.getElementById('app').dataset.step === '{before[1]}'")
    expect(page.locator("#app")).to_have_attribute("data-turn", "you")
    expect(page.locator(".seat[data-seat='2']")).to_contain_text("You")
    assert (shown_hand(page), step_of(page), page.locator(".log li").all_inner_texts()) == before
    play_until([page], "hand-over", take_climbing_turn)
    expect(page.locator(logged("hand-over"))).to_have_count(1)
    expect(page.locator(logged("hand-over"))).to_contain_text("Hand 1 is over")


class Refresh(Exception):
    """Stops the play at the turn where the page is refreshed."""


def test_a_spectator_sees_the_trick_and_the_log_but_no_hand_and_no_actions(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS, BOTS[0]], seed=13)
    open_table(page, made["links"]["watch"])
    seen_plays = 0
    with web_server.connect(made["id"], made["tokens"]["0"]) as ws:
        while True:
            message = receive(ws)
            assert message["type"] == "state", message
            observation = message["observation"]
            if any(e["kind"] == "hand-over" for e in message["events"]):
                break
            if not observation["legal"]:
                continue
            # the person is to act: the table stands still, and the spectator's page shows the same point
            page.wait_for_function(f"document.getElementById('app').dataset.step === '{message['step']}'")
            expect(page.locator(".hand [data-card]")).to_have_count(0)
            expect(page.locator(".hand button, .actions button")).to_have_count(0)
            expect(page.locator("#app")).to_have_attribute("data-turn", "other")
            expect(page.locator(".trick")).to_be_visible()
            seen_plays += page.locator(".trick figure.play").count()
            act(ws, observation["legal"][0]["text"])
    assert seen_plays > 0, "the trick's plays were never shown"
    expect(page.locator(logged("hand-over"))).to_have_count(1)
    expect(page.locator(logged("play")).first).to_be_attached()
    screenshot(page, "spectator")


def test_a_phone_sized_page_plays_a_hand_by_tapping(browser: Browser, web_server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        made = web_server.create(
            game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS, BOTS[0]], seed=17
        )
        open_table(page, made["links"]["seats"]["0"])
        expect(page.locator(".hand button.card").first).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, (
            "the page is wider than the phone"
        )
        play_until([page], "hand-over", lambda p: take_climbing_turn(p, tap=True))
        expect(page.locator(logged("hand-over"))).to_have_count(1)
        screenshot(page, "phone")
    finally:
        context.close()
