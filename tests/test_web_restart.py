"""The series survives the server: a table played in the browser, the server killed hard (SIGKILL) mid-hand and
started again on the same database and port; the page connects again by itself and the hand goes on from where
it was, by clicking, to its end."""

from __future__ import annotations

from pathlib import Path

from browser_fixtures import open_table, play_until, take_climbing_turn
from playwright.sync_api import Page, expect
from server_helpers import Server

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3


def test_a_table_in_the_browser_survives_a_hard_kill_of_the_server_and_plays_on(
    page: Page, tmp_path: Path
) -> None:
    database = f"sqlite:///{tmp_path / 'tables.db'}"
    server = Server(database, tmp_path / "server.log").start()
    try:
        made = server.create(game="bum-game", players=4, seats=SEATS, seed=11)
        open_table(page, made["links"]["seats"]["0"])
        app = page.locator("#app")
        for _ in range(3):  # a few of the person's turns, so the hand is under way
            page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
            step = app.get_attribute("data-step")
            take_climbing_turn(page)
            page.wait_for_function(f"document.getElementById('app').dataset.step !== '{step}'")
        page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
        step = app.get_attribute("data-step")
        hand = page.locator(".hand button.card").evaluate_all("cards => cards.map(c => c.dataset.card)")
        log = page.locator(".log li").all_inner_texts()
        server.kill()
        expect(app).to_have_attribute("data-connection", "lost")
        # while it is down, the actions wait, and the page says why
        expect(page.locator(".offline")).to_contain_text("Not connected")
        expect(page.locator(".board .actions button").first).to_be_disabled()
        again = Server(database, tmp_path / "server.log")
        again.port = server.port  # the page's address, as a restarted server on the same machine has
        server = again.start()
        expect(app).to_have_attribute("data-connection", "open", timeout=30_000)
        expect(page.locator(".offline")).to_be_hidden()
        expect(page.locator(".board .actions button").first).to_be_enabled()
        page.wait_for_function("document.getElementById('app').dataset.turn === 'you'")
        assert app.get_attribute("data-step") == step  # nothing lost, nothing replayed twice
        assert (
            page.locator(".hand button.card").evaluate_all("cards => cards.map(c => c.dataset.card)") == hand
        )
        assert page.locator(".log li").all_inner_texts() == log
        assert play_until([page], "hand-over") > 0  # and the hand goes on to its end
    finally:
        server.kill()
