"""The table page's manners and marks: the page stays where the person left it while others play (only the log
box follows its newest line, unless the person scrolled it up to read), the turn clock drawn in glyphs every
page has and warning once a turn when the person's own time runs low, a move the clock made marked in the log
(an ordinary move not), seats named alike everywhere, and Boojum's log naming a lot as its board does."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import FIND_PLAY, logged, open_table, play_until, take_any_turn, take_climbing_turn
from playwright.sync_api import Browser, Page, expect
from server_helpers import Server

BUM_SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
MINE = "document.getElementById('app').dataset.turn === 'you'"
STEP = "Number(document.getElementById('app').dataset.step)"

SCRIPTED_TURN = f"""() => {{
  // a turn taken by the page's own handlers (element.click() neither focuses nor scrolls, as a person's click
  // on a button in view does not): the first cards some play uses exactly, else the first card-less action
  const picked = ({FIND_PLAY})();
  for (const i of picked) document.querySelectorAll('.hand button.card')[i].click();
  const play = picked.length ? '.actions button.exact' : '.actions button[data-action]';
  document.querySelector(play).click();
}}"""

LOG_VIEW = """() => {
  const log = document.querySelector('.log');
  const box = log.getBoundingClientRect();
  const last = log.lastElementChild.getBoundingClientRect();
  return {
    overflows: log.scrollHeight > log.clientHeight,
    top: log.scrollTop,
    newestShown: last.top >= box.top - 1 && last.bottom <= box.bottom + 1,
  };
}"""

DRAWN = """(selector) => {
  // each character of the element's text drawn in its own font, beside a character no font has (U+10FFFD):
  // a character drawn alike is a missing glyph (an empty box)
  const node = document.querySelector(selector);
  const s = getComputedStyle(node);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const g = canvas.getContext('2d');
  const draw = (ch) => {
    g.clearRect(0, 0, 64, 64);
    g.font = `${s.fontStyle} ${s.fontWeight} 32px ${s.fontFamily}`;
    g.fillText(ch, 4, 44);
    return g.getImageData(0, 0, 64, 64).data.join(',');
  };
  const missing = draw('\\u{10FFFD}');
  return [...new Set(node.textContent.replace(/\\s/g, ''))].filter((ch) => draw(ch) === missing);
}"""

WATCH_WARNINGS = """() => {
  // every text the clock warning is given, with the step it was given at
  window.warnings = [];
  const warning = document.querySelector('.clock-warning');
  new MutationObserver(() =>
    window.warnings.push([warning.textContent, document.getElementById('app').dataset.step]),
  ).observe(warning, { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture
def laptop(browser: Browser) -> Iterator[Page]:
    """A page the size of a common laptop's screen (1366x768), where the log starts below the fold."""
    context = browser.new_context(viewport={"width": 1366, "height": 768})
    yield context.new_page()
    context.close()


def step_of(page: Page) -> int:
    step: int = page.evaluate(f"() => {STEP}")
    return step


def scripted_turn_and_wait(page: Page) -> int:
    """Take the person's turn without scrolling the page, and wait until it is theirs again; how many moves
    were made meanwhile (the person's and the bots')."""
    page.wait_for_function(f"() => {MINE}")
    step = step_of(page)
    page.evaluate(SCRIPTED_TURN)
    page.wait_for_function(f"() => {STEP} > {step} && {MINE}", timeout=30_000)
    return step_of(page) - step


def lots_named(lines: list[str]) -> set[int]:
    """The lot numbers the lines name ("lot 2")."""
    return {int(n) for line in lines for n in re.findall(r"\blot (\d+)\b", line, re.IGNORECASE)}


def scroll_y(page: Page) -> float:
    y: float = page.evaluate("() => window.scrollY")
    return y


def test_the_page_stays_where_the_person_left_it_while_bots_play(laptop: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=21)
    open_table(laptop, made["links"]["seats"]["0"])
    laptop.wait_for_function(f"() => {MINE}")
    assert scroll_y(laptop) == 0
    moves = 0
    # (until the log box had to scroll to show its newest line: on a laptop it is as high as the table)
    while moves < 8 or not laptop.evaluate(LOG_VIEW)["overflows"]:
        assert moves < 120, "the log never filled its box"
        moves += scripted_turn_and_wait(laptop)
        assert scroll_y(laptop) == 0, f"the page scrolled after {moves} moves"
        expect(laptop.get_by_text("Your turn.")).to_be_in_viewport()
        view = laptop.evaluate(LOG_VIEW)
        assert view["newestShown"], view


def test_a_log_scrolled_up_to_read_stays_where_the_person_put_it(laptop: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=22)
    open_table(laptop, made["links"]["seats"]["0"])
    laptop.wait_for_function(f"() => {MINE}")
    while not laptop.evaluate(LOG_VIEW)["overflows"]:
        scripted_turn_and_wait(laptop)
    laptop.evaluate("() => { document.querySelector('.log').scrollTop = 0; }")
    lines = laptop.locator(".log li").count()
    scripted_turn_and_wait(laptop)
    assert laptop.locator(".log li").count() > lines
    view = laptop.evaluate(LOG_VIEW)
    assert view["top"] == 0 and not view["newestShown"], view
    # back at the bottom, the log follows its newest line again
    laptop.evaluate("() => { const log = document.querySelector('.log'); log.scrollTop = log.scrollHeight; }")
    scripted_turn_and_wait(laptop)
    assert laptop.evaluate(LOG_VIEW)["newestShown"]
    assert scroll_y(laptop) == 0


def test_the_turn_clock_is_drawn_in_glyphs_the_page_has(page: Page, web_server: Server) -> None:
    """No emoji font here (Debian's Chromium has none): the clock shows no empty box."""
    made = web_server.create(
        game="bum-game",
        players=4,
        seats=BUM_SEATS,
        seed=11,
        settings={"clock": {"bank": 300, "increment": 5}},
    )
    open_table(page, made["links"]["seats"]["0"])
    bank = ".seat[data-seat='0'] .bank"
    expect(page.locator(bank)).to_have_text(re.compile(r"\d:\d\d"))
    assert page.evaluate(DRAWN, bank) == []
    assert page.evaluate(DRAWN, ".seat[data-seat='1']") == []  # (a seat without a clock: the check itself)


def test_the_persons_own_clock_warns_once_a_turn_when_under_ten_seconds(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, seats=BUM_SEATS, seed=12, settings={"clock": {"bank": 16, "increment": 0}}
    )
    open_table(page, made["links"]["seats"]["0"])
    page.evaluate(WATCH_WARNINGS)
    page.wait_for_function(f"() => {MINE}")
    turn = step_of(page)
    bank = page.locator(".seat[data-seat='0'] .bank")
    expect(bank).not_to_have_class(re.compile(r"\blow\b"))  # 16 s: not yet
    expect(page.locator(".clock-warning")).to_have_text("")
    expect(page.locator(".clock-warning")).to_have_text("10 seconds left", timeout=15_000)
    expect(page.locator(".clock-warning")).to_have_attribute("aria-live", re.compile("."))
    expect(bank).to_have_class(re.compile(r"\blow\b"))
    page.wait_for_function(f"() => {STEP} > {turn}", timeout=20_000)  # the clock ran out: the stand-in moved
    warnings: list[list[Any]] = page.evaluate("() => window.warnings")
    given = [text for text, step in warnings if text and int(step) == turn]
    assert given == ["10 seconds left"], warnings


def test_a_move_the_clock_made_is_marked_in_the_log_and_an_ordinary_move_is_not(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, seats=BUM_SEATS, seed=13, settings={"clock": {"bank": 1, "increment": 60}}
    )
    open_table(page, made["links"]["seats"]["0"])
    marked = page.locator(".log li[data-by]")
    expect(marked).to_have_count(1, timeout=20_000)  # the person did not move: the clock did
    expect(marked).to_contain_text("the clock ran out")
    expect(marked).to_have_text(re.compile("^You "))
    page.wait_for_function(f"() => {MINE}")  # the clock ran out: a minute a move from now on
    step = step_of(page)
    take_climbing_turn(page)
    page.wait_for_function(f"() => {STEP} > {step} && {MINE}", timeout=30_000)
    own = page.locator(".log li").filter(has_text=re.compile("^You (play|pass)"))
    expect(own).to_have_count(2)
    expect(own.nth(0)).to_have_attribute("data-by", re.compile("clock"))
    expect(own.nth(1)).not_to_have_attribute("data-by", re.compile("."))
    expect(marked).to_have_count(1)  # nor a bot's move
    by = web_server.stored(made["id"]).by
    assert by.count("clock") == 1 and by.count("stand-in") == 0, by


def test_the_table_page_names_each_seat_alike_everywhere(page: Page, web_server: Server) -> None:
    """ "P<n>" counted from 0 (as the server's words, the rules' event texts and the records number seats) in
    the seats bar, the scoreboard and the log; never "Seat <n>"."""
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=14)
    open_table(page, made["links"]["watch"])
    expect(page.locator(logged("deal")).first).to_be_attached()
    for seat in range(4):
        expect(page.locator(f".seat[data-seat='{seat}']")).to_have_text(re.compile(rf"^P{seat}\b"))
        expect(page.locator(f".scoreboard thead th[data-seat='{seat}']")).to_have_text(f"P{seat}")
    text = page.locator("#app").inner_text()
    assert not re.search(r"\bSeat \d", text, re.IGNORECASE), text
    assert {int(n) for n in re.findall(r"\bP(\d+)\b", page.locator(".log").inner_text())} <= set(range(4))


def test_boojums_log_names_a_lot_as_its_board_does(page: Page, web_server: Server) -> None:
    made = web_server.create(
        game="boojum",
        players=3,
        seats=BUM_SEATS[:3],
        options={"max_rounds": 1},
        seed=7,
    )
    open_table(page, made["links"]["seats"]["0"])
    play_until([page], "lot", take_any_turn)
    board = lots_named([page.locator(".bj-slots").inner_text()])
    assert board, page.locator(".bj-slots").inner_text()
    dealt = page.locator(logged("deal")).all_inner_texts()
    won = page.locator(logged("lot")).all_inner_texts()
    for line in dealt + won:
        assert "slot" not in line.lower(), line
    assert lots_named(dealt) == board  # a card dealt onto each lot the board shows, numbered alike
    assert lots_named(won) and lots_named(won) <= board
