"""Turns a person notices outside the page: the tab's title and icon change at the person's turn and back after,
a chime (Web Audio) kept on or off across a reload, a notification asked for only when turned on and shown only
while the tab is hidden, and the lobby's turn clock making a table with that clock.

The page's own code runs untouched: init scripts wrap the browser's real ``AudioContext`` and ``Notification``
to count their use. A hidden tab is emulated by an init script that makes ``document.visibilityState`` (and
``document.hidden``) answer from ``window.testHidden`` and sends ``visibilitychange`` when it is set:
headless Chromium keeps every page visible."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from browser_fixtures import FIND_PLAY, open_table
from playwright.sync_api import Browser, BrowserContext, Page, expect
from server_helpers import Server

BUM_SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
MINE = "document.getElementById('app').dataset.turn === 'you'"
STEP = "Number(document.getElementById('app').dataset.step)"
ICON = "document.querySelector('link[rel=icon]').getAttribute('href')"

TAKE_TURN = f"""() => {{
  // the person's turn, by the page's own buttons: the first cards some play uses exactly, else the first
  // card-less action
  const picked = ({FIND_PLAY})();
  for (const i of picked) document.querySelectorAll('.hand button.card')[i].click();
  document.querySelector(picked.length ? '.actions button.exact' : '.actions button[data-action]').click();
}}"""

WATCH_TURNS = f"""() => {{
  // every drawing's turn as the page marks it, with the tab's title and icon at that moment
  window.turns = [];
  const app = document.getElementById('app');
  const note = () => window.turns.push([app.dataset.turn, document.title, {ICON}]);
  note();
  new MutationObserver(note).observe(app, {{ attributes: true, attributeFilter: ['data-turn'] }});
}}"""

COUNT_AUDIO = """
  // the browser's real AudioContext, counting the tones the page starts
  window.tones = 0;
  const RealAudio = window.AudioContext;
  window.AudioContext = class extends RealAudio {
    createOscillator() { window.tones += 1; return super.createOscillator(); }
  };
"""

COUNT_NOTIFICATIONS = """
  // the browser's real Notification, counting what the page makes and how often it asks permission
  window.notes = [];
  window.asked = 0;
  const RealNote = window.Notification;
  const asking = RealNote.requestPermission.bind(RealNote);
  window.Notification = class extends RealNote {
    constructor(title, options) { super(title, options); window.notes.push(title); }
    static get permission() { return RealNote.permission; }
    static requestPermission() { window.asked += 1; return asking(); }
  };
"""

HIDDEN_TAB = """
  // document.visibilityState answers from window.testHidden (headless Chromium keeps every page visible)
  window.testHidden = false;
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true, get: () => (window.testHidden ? 'hidden' : 'visible'),
  });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => window.testHidden });
  window.setHidden = (hidden) => {
    window.testHidden = hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  };
"""


def page_title(server: Server, link: str) -> str:
    """The title the server gives the page (before the page's script changes it)."""
    found = re.search(r"<title>([^<]*)</title>", httpx.get(link, timeout=10).text)
    assert found
    return html.unescape(found[1])


def step_of(page: Page) -> int:
    step: int = page.evaluate(f"() => {STEP}")
    return step


def turn_round(page: Page) -> None:
    """Take the person's turn and wait until it comes round to them again."""
    page.wait_for_function(f"() => {MINE}")
    step = step_of(page)
    page.evaluate(TAKE_TURN)
    page.wait_for_function(f"() => {STEP} > {step} && {MINE}", timeout=30_000)


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(COUNT_AUDIO + COUNT_NOTIFICATIONS + HIDDEN_TAB)
    yield context
    context.close()


@pytest.fixture
def granted(browser: Browser, web_server: Server) -> Iterator[BrowserContext]:
    """A browser that lets the server's pages show notifications."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.grant_permissions(["notifications"], origin=web_server.http)
    context.add_init_script(COUNT_AUDIO + COUNT_NOTIFICATIONS + HIDDEN_TAB)
    yield context
    context.close()


def test_the_title_and_icon_change_at_the_persons_turn_and_back_after(
    context: BrowserContext, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=31)
    page = context.new_page()
    open_table(page, made["links"]["seats"]["0"])
    base = page_title(web_server, made["links"]["seats"]["0"])
    page.evaluate(WATCH_TURNS)
    turn_round(page)
    turns: list[list[Any]] = page.evaluate("() => window.turns")
    yours = [(title, icon) for turn, title, icon in turns if turn == "you"]
    others = [(title, icon) for turn, title, icon in turns if turn == "other"]
    assert yours and others, turns  # the turn went round: both were drawn
    assert {title for title, _ in yours} == {f"● Your turn - {base}"}
    assert {title for title, _ in others} == {base}
    icons = {icon for _, icon in yours}, {icon for _, icon in others}
    assert len(icons[0]) == 1 and len(icons[1]) == 1 and icons[0] != icons[1], icons
    for icon in icons[0] | icons[1]:
        assert icon.startswith("data:image/svg+xml,")


def test_a_spectators_title_never_says_it_is_their_turn(context: BrowserContext, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=32)
    player, spectator = context.new_page(), context.new_page()
    open_table(player, made["links"]["seats"]["0"])
    open_table(spectator, made["links"]["watch"])
    spectator.wait_for_function("() => document.getElementById('app').dataset.turn !== undefined")
    spectator.evaluate(WATCH_TURNS)
    turn_round(player)
    expect(spectator.locator(".turn-notice")).to_be_hidden()
    turns: list[list[Any]] = spectator.evaluate("() => window.turns")
    assert {turn for turn, _, _ in turns} == {"other"}
    assert all("Your turn" not in title for _, title, _ in turns)


def test_the_sound_plays_at_the_turn_and_its_toggle_is_kept_across_a_reload(
    context: BrowserContext, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=33)
    page = context.new_page()
    open_table(page, made["links"]["seats"]["0"])
    sound = page.locator("#turn-sound")
    expect(sound).to_be_checked()  # on by default
    page.wait_for_function(f"() => {MINE}")
    assert page.evaluate("() => window.tones") == 0  # a page just opened at the turn stays quiet
    turn_round(page)
    assert page.evaluate("() => window.tones") > 0
    sound.uncheck()
    page.reload()
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#turn-sound")).not_to_be_checked()
    turn_round(page)
    assert page.evaluate("() => window.tones") == 0
    page.locator("#turn-sound").check()
    page.reload()
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#turn-sound")).to_be_checked()


def test_notifications_ask_permission_only_when_turned_on(
    context: BrowserContext, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=34)
    page = context.new_page()
    open_table(page, made["links"]["seats"]["0"])
    notify = page.locator("#turn-notify")
    expect(notify).not_to_be_checked()
    page.evaluate("() => window.setHidden(true)")
    turn_round(page)
    assert page.evaluate("() => [window.asked, window.notes.length]") == [0, 0]
    notify.check()
    page.wait_for_function("() => window.asked === 1")


def test_a_notification_is_shown_at_the_turn_only_while_the_tab_is_hidden(
    granted: BrowserContext, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=BUM_SEATS, seed=35)
    page = granted.new_page()
    open_table(page, made["links"]["seats"]["0"])
    page.locator("#turn-notify").check()
    expect(page.locator("#turn-notify")).to_be_checked()
    turn_round(page)
    assert page.evaluate("() => window.notes") == []  # the tab is shown: the page itself says it
    page.evaluate("() => window.setHidden(true)")
    turn_round(page)
    assert page.evaluate("() => window.notes") == ["Your turn"]
    assert page.evaluate("() => window.asked") == 0  # granted already: nothing to ask
    page.reload()  # kept on across a reload
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#turn-notify")).to_be_checked()


def bank_seconds(text: str) -> int:
    """A bank's "m:ss left" as seconds."""
    found = re.search(r"(\d+):(\d\d)", text)
    assert found, text
    return int(found[1]) * 60 + int(found[2])


@pytest.mark.parametrize(
    ("choice", "fields", "clock"),
    [
        ("5+5", {}, {"bank": 300, "increment": 5}),
        ("custom", {"#clock-minutes": "2", "#clock-increment": "3"}, {"bank": 120, "increment": 3}),
    ],
)
def test_the_lobbys_turn_clock_makes_a_table_with_that_clock(
    page: Page, web_server: Server, choice: str, fields: dict[str, str], clock: dict[str, float]
) -> None:
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#clock", choice)
    for field, value in fields.items():
        page.fill(field, value)
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    table = re.search(r"/t/([0-9a-f]+)", page.url)
    assert table
    assert web_server.stored(table[1]).settings["clock"] == clock
    bank = page.locator(".seat[data-seat='0'] .bank")
    expect(bank).to_have_text(re.compile(r"\d+:\d\d left"))
    assert clock["bank"] - 60 < bank_seconds(bank.inner_text()) <= clock["bank"]


def test_the_lobby_without_a_clock_makes_a_table_without_one(page: Page, web_server: Server) -> None:
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#clock")).to_have_value("none")
    page.click("text=Make the table")
    expect(page).to_have_url(re.compile(r"/t/[0-9a-f]+\?token="))
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    table = re.search(r"/t/([0-9a-f]+)", page.url)
    assert table
    assert web_server.stored(table[1]).settings.get("clock") is None
    expect(page.locator(".seat .bank")).to_have_count(0)


def test_a_bad_custom_clock_is_refused_in_the_lobby(page: Page, web_server: Server) -> None:
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#clock", "custom")
    page.fill("#clock-minutes", "")  # (a number field's own checks let an empty one through)
    page.click("text=Make the table")
    expect(page.locator("form.create .problem")).to_contain_text("Turn clock")
    assert "/t/" not in page.url
