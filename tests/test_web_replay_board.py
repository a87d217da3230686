"""A finished hand replays on a board: the family's own view draws the viewer's frame at each move, stepped by
hand or played by itself at a chosen speed, with nothing that can be played; a spectator's replay shows no hand."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from axe_check import described, serious_violations
from browser_fixtures import open_table, screenshot
from playwright.sync_api import Locator, Page, expect
from server_helpers import Server, play_seat

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3


@pytest.fixture(scope="module")
def finished_hand(web_server: Server) -> dict[str, Any]:
    """A table of The Bum Game whose first hand is over: its person's seat played at random until the second hand."""
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=17, options={"target": 40})
    play_seat(web_server, made["id"], made["tokens"]["0"], 3, stop=lambda f: f["observation"]["hand_no"] >= 2)
    answer = httpx.get(f"{web_server.http}/api/tables/{made['id']}/scoreboard", timeout=10).json()
    assert answer["hands"], answer
    return made


def open_replay(page: Page, link: str) -> Locator:
    open_table(page, link)
    page.locator(".replay-open[data-hand='1']").click()
    replay = page.locator(".replay")
    expect(replay.locator("h2")).to_have_text("Replay of hand 1")
    return replay


SLIDE = "(slider, move) => { slider.value = String(move); slider.dispatchEvent(new Event('input')); }"
"""Moves the position slider as a person dragging it does (Playwright cannot fill a range input)."""


def at(replay: Locator) -> int:
    return int(replay.locator(".replay-body").get_attribute("data-at") or "-1")


def test_a_finished_hand_replays_on_a_board_by_steps_and_by_itself(
    page: Page, finished_hand: dict[str, Any]
) -> None:
    replay = open_replay(page, finished_hand["links"]["seats"]["0"])
    board = replay.locator(".replay-board")
    moves = replay.locator(".replay-events li").count()
    assert moves > 10
    expect(replay.locator(".replay-step")).to_have_text(f"Move 0 of {moves - 1}")
    dealt = board.locator(".hand button.card")
    expect(dealt.first).to_be_visible()  # the viewer's own hand as dealt
    assert dealt.count() >= 13
    # nothing can be played: no action offered, every card a disabled button
    expect(board.locator(".actions button")).to_have_count(0)
    assert board.locator("button:enabled").count() == 0

    # step forward: the board is drawn anew for the next move, its line beside it
    expect(replay.locator(".replay-next")).to_be_focused()
    before = board.inner_html()
    page.keyboard.press("Enter")
    expect(replay.locator(".replay-step")).to_have_text(f"Move 1 of {moves - 1}")
    assert board.inner_html() != before
    expect(replay.locator(".replay-current")).to_have_text(
        replay.locator(".replay-events li").nth(1).text_content() or "-", use_inner_text=True
    )
    expect(replay.locator(".replay-events li").nth(1)).to_have_attribute("aria-current", "step")
    replay.locator(".replay-previous").click()
    expect(replay.locator(".replay-step")).to_have_text(f"Move 0 of {moves - 1}")
    assert board.inner_html() == before  # the same move draws the same board, coming back too

    found = serious_violations(page)
    assert not found, "axe-core found serious or critical violations:\n" + described(found)

    # play at 4x advances by itself; pause stops it
    replay.locator(".replay-speed").select_option("4")
    replay.locator(".replay-play").click()
    expect(replay.locator(".replay-play")).to_have_text("Pause")
    page.wait_for_function("() => Number(document.querySelector('.replay-body').dataset.at) >= 3")
    replay.locator(".replay-play").click()
    expect(replay.locator(".replay-body")).to_have_attribute("data-playing", "false")
    stopped = at(replay)
    page.wait_for_timeout(3 * 250)  # three moves' time at 4x: a replay still playing would have moved on
    assert at(replay) == stopped

    # Space plays and pauses while the replay has the focus (once a press: the focused button is not pressed too)
    expect(replay.locator(".replay-play")).to_be_focused()
    page.keyboard.press("Space")
    expect(replay.locator(".replay-body")).to_have_attribute("data-playing", "true")
    page.wait_for_function(f"() => Number(document.querySelector('.replay-body').dataset.at) > {stopped}")
    page.keyboard.press("Space")
    expect(replay.locator(".replay-body")).to_have_attribute("data-playing", "false")
    scrolled = page.evaluate("() => window.scrollY")
    page.keyboard.press("End")  # the last move: the list of moves follows it, the page stays where it was
    expect(replay.locator(".replay-step")).to_have_text(f"Move {moves - 1} of {moves - 1}")
    expect(replay.locator(".replay-next")).to_be_disabled()
    assert page.evaluate("() => window.scrollY") == scrolled

    screenshot(page, "replay-board")
    replay.locator(".replay-close").click()
    expect(replay).to_be_hidden()


def test_a_spectators_replay_shows_no_hand(page: Page, finished_hand: dict[str, Any]) -> None:
    replay = open_replay(page, finished_hand["links"]["watch"])
    board = replay.locator(".replay-board")
    moves = replay.locator(".replay-events li").count()
    expect(board.locator(".trick")).to_be_visible()  # the board is drawn
    seen_plays = 0
    for move in range(0, moves, max(1, moves // 12)):  # a dozen moves through the hand, the deal first
        replay.locator(".replay-position").evaluate(SLIDE, move)
        expect(replay.locator(".replay-body")).to_have_attribute("data-at", str(move))
        expect(board.locator(".hand .card")).to_have_count(0)
        seen_plays += board.locator(".trick .play").count()
    assert seen_plays > 0  # the plays on the table are shown to a spectator, only the hands are not
