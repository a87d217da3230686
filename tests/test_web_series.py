"""The series at the browser table: a short match of The Bum Game clicked to its final standings, the
scoreboard (a row per finished hand, totals as the seats bar counts them), a finished hand's replay stepped through, the record downloaded once the match is over, the auto-play
toggle kept by the server, and the turn clock's banks in the seats bar."""

from __future__ import annotations

import json
import re

from browser_fixtures import logged, open_table, play_until, screenshot, take_climbing_turn
from playwright.sync_api import Page, expect
from server_helpers import Server

BUM_SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3


def seat_points(page: Page, seat: int) -> int:
    text = page.locator(f".seat[data-seat='{seat}']").inner_text()
    found = re.search(r"(-?\d+) points", text)
    assert found, text
    return int(found.group(1))


def test_a_short_match_is_played_to_its_standings_and_has_its_scoreboard_replays_record_and_auto_play(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, options={"target": 4}, seed=11)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator(".scoreboard h2")).to_contain_text("Scoreboard")
    expect(page.locator(".record-link")).to_have_count(0)  # not before the match is over
    play_until([page], "game-over", take_climbing_turn, seconds=120)
    expect(page.locator(logged("give")).first).to_be_attached()  # a later hand's exchange was played too
    expect(page.locator(".status")).to_have_text("The match is over.")
    # the final standings, prominently, with the way back to the lobby; no raw event name on the board
    standings = page.get_by_role("region", name="Final standings")
    expect(standings.locator("h2")).to_have_text("The match is over")
    expect(standings.locator(".winner-line")).to_have_text(re.compile(r"(wins?|share first place) .*points?"))
    expect(standings.locator("li")).to_have_count(4)
    expect(standings.locator("li").first).to_contain_text("1st")
    expect(standings.get_by_role("link", name="Back to the lobby")).to_be_visible()
    expect(page.locator("header a.lobby-link")).to_have_attribute("href", "/")
    expect(page.locator(".reason")).not_to_have_text(re.compile(r"P\d: |\(target\)|: target|\(rounds\)"))
    expect(page.locator(logged("pass")).first).to_have_text(re.compile(r"^(You pass|.+ passes)\.$"))
    screenshot(page, "bum-game-match")

    # the scoreboard: a row per hand-over in the log, totals as the seats bar counts points
    hands = page.locator(logged("hand-over")).count()
    assert hands >= 2
    expect(page.locator(".scoreboard .score-row")).to_have_count(hands)
    expect(page.locator(".scoreboard thead th[data-seat='0']")).to_have_text("You")
    for seat in range(4):
        expect(page.locator(f".scoreboard .score-totals td[data-seat='{seat}']")).to_have_text(
            str(seat_points(page, seat))
        )

    # a finished hand's replay on a board (test_web_replay_board.py): move 0 the deal, Step forward moves on
    page.locator(".replay-open[data-hand='1']").click()
    replay = page.locator(".replay")
    expect(replay).to_be_visible()
    expect(replay.locator("h2")).to_have_text("Replay of hand 1")
    moves = replay.locator(".replay-events li")
    assert moves.count() > 1
    last = moves.count() - 1
    expect(replay.locator(".replay-step")).to_have_text(f"Move 0 of {last}")
    expect(moves.first).to_have_class(re.compile(r"\bcurrent\b"))
    expect(replay.locator(".replay-previous")).to_be_disabled()
    expect(replay.locator(".replay-next")).to_be_focused()
    page.keyboard.press("Enter")  # the focused Step forward button
    expect(replay.locator(".replay-step")).to_have_text(f"Move 1 of {last}")
    expect(moves.nth(1)).to_have_attribute("aria-current", "step")
    expect(replay.locator(".replay-current")).to_have_text(
        moves.nth(1).text_content() or "-", use_inner_text=True
    )
    replay.locator(".replay-previous").click()
    expect(replay.locator(".replay-step")).to_have_text(f"Move 0 of {last}")
    screenshot(page, "bum-game-series")

    # the record, once the match is over: a JSON download with its actions
    link = page.locator(".record-link")
    expect(link).to_be_visible()
    with page.expect_download() as info:
        link.click()
    record = json.loads(info.value.path().read_text())
    assert record["actions"]

    # auto-play: the checkbox sends the auto message; the server keeps it (the table message after a reload)
    box = page.get_by_label("Play my lone moves for me")
    expect(box).not_to_be_checked()
    box.check()
    expect(page.locator("#app[data-auto=true]")).to_be_attached()
    assert web_server.stored(made["id"]).seats[0].auto is True  # kept (others are never told of it)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.get_by_label("Play my lone moves for me")).to_be_checked()
    page.get_by_label("Play my lone moves for me").uncheck()
    expect(page.locator("#app[data-auto=false]")).to_be_attached()


def test_a_spectator_sees_the_scoreboard_but_no_auto_play(page: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=5)
    open_table(page, made["links"]["watch"])
    expect(page.locator(".scoreboard")).to_contain_text("No hand is finished yet.")
    expect(page.locator(".scoreboard .score-row")).to_have_count(0)
    expect(page.locator(".scoreboard .score-totals td[data-seat='3']")).to_have_text("0")
    expect(page.locator(".scoreboard thead th[data-seat='0']")).to_have_text("P0")  # nobody is "You"
    expect(page.locator(".auto-toggle")).to_be_hidden()


def test_the_turn_clock_shows_each_persons_bank(page: Page, web_server: Server) -> None:
    made = web_server.create(
        game="bum-game",
        players=4,
        seats=BUM_SEATS,
        seed=11,
        settings={"clock": {"bank": 300, "increment": 5}},
    )
    open_table(page, made["links"]["seats"]["0"])
    bank = page.locator(".seat[data-seat='0'] .bank")
    expect(bank).to_have_text(re.compile(r"[45]:[0-5]\d"))
    expect(page.locator(".seat[data-seat='1'] .bank")).to_have_count(0)  # a bot's seat has no bank
