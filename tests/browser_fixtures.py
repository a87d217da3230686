"""Browser tests' fixtures: Debian's Chromium driven by Playwright (launched by its path: Playwright cannot download
its own browser here), against a real ``bumtable serve`` on loopback with the built client. Chromium missing is an
error that says how to install it (``scripts/ensure-chromium.sh``, run by ``make test``), never a skip."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Playwright, expect, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from server_helpers import Server

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
BUILD = Path(__file__).resolve().parent.parent / "bumtable" / "server" / "static" / "app.js"

ROOT = Path(__file__).resolve().parent.parent
SHOTS = ROOT / os.environ.get("BUMTABLE_SCREENSHOTS", "build/screenshots")
"""Where the browser tests save their screenshots: ``build/screenshots`` (not kept); the README's are refreshed with
``BUMTABLE_SCREENSHOTS=docs/screenshots make test``."""


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def browser(playwright: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():
        raise RuntimeError(
            f"{CHROMIUM} is missing: run 'sh scripts/ensure-chromium.sh' as root (make test does)"
        )
    if not BUILD.exists():
        raise RuntimeError(f"the browser client is not built ({BUILD}): run 'make web' (make test does)")
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
    yield browser
    browser.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``bumtable serve`` on a SQLite file, shared by this worker's browser tests (each makes its own tables)."""
    folder = tmp_path_factory.mktemp("web")
    server = Server(f"sqlite:///{folder / 'tables.db'}", folder / "server.log").start()
    yield server
    server.kill()


FRIENDS = [
    {"kind": "person"},
    {"kind": "person"},
    {"kind": "bot", "bot": "random"},
    {"kind": "bot", "bot": "random"},
]
"""Two friends' seats and two bots: the friends' table's tests."""


@pytest.fixture
def three_pages(browser: Browser) -> Iterator[tuple[Page, Page, Page]]:
    """Two friends' pages and a spectator's, in three browser contexts (nothing shared)."""
    contexts = [browser.new_context(viewport={"width": 1100, "height": 900}) for _ in range(3)]
    pages = [c.new_page() for c in contexts]
    yield pages[0], pages[1], pages[2]
    for context in contexts:
        context.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    page = context.new_page()
    yield page
    context.close()


def make_table_in_the_lobby(page: Page, server: Server, game: str = "bum-game") -> None:
    """Make a table of ``game`` in the lobby (its preset players: you in seat 0, heuristic bots) and open it."""
    page.goto(f"{server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", game)
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    expect(page.locator("#app[data-ready=true]")).to_be_attached()


def open_table(page: Page, link: str) -> None:
    """Open a table page by its link (a seat's, the join link or the spectators') and wait for its socket."""
    page.goto(link)
    expect(page.locator("#app[data-ready=true]")).to_be_attached()


def logged(kind: str) -> str:
    """The selector of a log line of this event kind."""
    return f".log li[data-kind='{kind}']"


FIND_PLAY = """() => {
  // Which cards to select for a legal play: select cards in hand order, keeping a card while some offered play
  // still uses the selection, until a play uses exactly it. Clicked in the page (its own handlers), then
  // unselected again: the test clicks the chosen cards for real.
  const cards = () => document.querySelectorAll('.hand button.card');
  const n = cards().length;
  const picked = [];
  let found = false;
  for (let i = 0; i < n && !found; i++) {
    cards()[i].click();
    if (document.querySelector('.actions button.exact')) { picked.push(i); found = true; }
    else if ((document.querySelector('.why')?.textContent ?? '') === '') picked.push(i);
    else cards()[i].click();
  }
  for (const i of picked) cards()[i].click();
  return found ? picked : [];
}"""

MARK = "() => { document.querySelector('#app .board').lastElementChild.dataset.acted = 'yes'; }"
"""Marks the view's drawing before an action is sent: the frame the action brings draws it anew (unmarked). The
last child: a view may keep a box before its drawing across frames (the climbing view's news)."""


def press(locator: Locator, tap: bool) -> None:
    if tap:
        locator.tap()
    else:
        locator.click()


def take_climbing_turn(page: Page, tap: bool = False) -> None:
    """Play one legal action by clicking (or tapping): select the first cards some play uses exactly (found by
    trying them in the page) and play them, else the first card-less action (pass, declare, decline)."""
    picked: list[int] = page.evaluate(FIND_PLAY)
    cards = page.locator(".hand button.card")
    for i in picked:
        press(cards.nth(i), tap)
    page.evaluate(MARK)
    if picked:
        press(page.locator(".actions button.exact").first, tap)
    else:
        press(page.locator(".actions button[data-action]").first, tap)


def take_any_turn(page: Page, tap: bool = False) -> None:
    """Play one legal action in any game's view by clicking: an offered action button if there is one, else
    cards clicked one by one until the view offers an action for them."""
    actions = page.locator(".actions button[data-action]")
    if actions.count() == 0:
        cards = page.locator(".hand button.card, .hand [data-card]")
        for i in range(cards.count()):
            press(cards.nth(i), tap)
            if actions.count():
                break
    page.evaluate(MARK)
    press(actions.first, tap)


def play_until(
    pages: list[Page],
    kind: str,
    turn: Callable[[Page], None] = take_climbing_turn,
    seconds: float = 60,
    before_turn: Callable[[Page], None] | None = None,
) -> int:
    """Take every turn the pages' people have, in whichever page is to act, until each page's log shows an
    event of ``kind`` (hand-over, game-over); how many turns were taken. ``before_turn`` looks at a page that is
    to act before it acts."""
    deadline = time.monotonic() + seconds
    done = f'document.querySelector("{logged(kind)}") !== null'
    mine = "document.getElementById('app').dataset.turn === 'you'"
    turns = 0
    while not all(p.evaluate(f"() => {done}") for p in pages):
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {kind} within {seconds} s ({turns} turns taken)"
        acted = False
        for p in pages:
            if p.evaluate(f"() => {mine} && !({done})"):
                if before_turn is not None:
                    before_turn(p)
                turn(p)
                p.wait_for_function(
                    "() => !document.querySelector('#app .board > [data-acted]')", timeout=10_000
                )
                turns += 1
                acted = True
        if not acted:
            wait_for_progress(pages, f"{mine} || {done}", remaining)
    return turns


TO_ACT = """() => [document.getElementById('app').dataset.step,
  document.querySelector('.seat.to-act')?.dataset.seat ?? null]"""


def wait_for_progress(pages: list[Page], ready: str, remaining: float) -> None:
    """Wait until something happens that may give one of the pages a turn: the page whose person the seats list
    says is to act becomes ready (``ready``), or the first page's step or seat to act changes (a bot acted)."""
    step, seat = pages[0].evaluate(TO_ACT)
    owner = next(
        (
            p
            for p in pages
            if seat is not None and p.locator(f".seat[data-seat='{seat}']").inner_text().startswith("You")
        ),
        None,
    )
    if owner is not None:
        # (its page may have acted already, or lag: then its step is another than the first page's)
        owner.wait_for_function(
            f"() => {ready} || document.getElementById('app').dataset.step !== '{step}'",
            timeout=remaining * 1000,
        )
        return
    with contextlib.suppress(PlaywrightTimeout):  # nobody shown to act (a private choice): look again
        pages[0].wait_for_function(
            f"() => {ready} || JSON.stringify(({TO_ACT})()) !== '{json.dumps([step, seat], separators=(',', ':'))}'",
            timeout=min(remaining * 1000, 250 if seat is None else remaining * 1000),
        )


def screenshot(page: Page, name: str) -> None:
    """The whole page as ``name``.png, once the cards in flight have landed."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)))")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
