"""The table laid out as a card table: at a laptop's screen (1366x768) and a phone's (390x844), for every game at its
smallest and largest table, a turn's hand, actions, seat to act and status fit the first screen; the viewer's own
seat sits at the bottom with the next to play on its left (a spectator's: P0); a phone's controls are 44 px each
way; a bot's play flies from its seat to the middle, and with reduced motion nothing moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from browser_fixtures import FIND_PLAY, open_table
from playwright.sync_api import Browser, BrowserContext, Page, expect
from server_helpers import Server

from bumtable.rules.registry import system, systems

BOT = {"kind": "bot", "bot": "heuristic"}
LAPTOP: dict[str, Any] = {"viewport": {"width": 1366, "height": 768}}
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
MINE = "document.getElementById('app').dataset.turn === 'you'"

SELECT_A_PLAY = f"""() => {{
  // select (by the page's own handlers: no scrolling) the cards of a legal play, so its action shows; a view whose
  // actions show without a selection (a draw, a pass, a stand) is left as it is
  if (document.querySelector('.actions button')) return;
  for (const i of ({FIND_PLAY})()) document.querySelectorAll('.hand button.card')[i].click();
}}"""

OUTSIDE = """() => {
  // what a turn needs, each box checked against the first screen: the hand's cards, the actions, the seat to act,
  // the status line, the middle of the table
  const parts = ['.hand button.card', '.actions button', '.seat.to-act', '.status', '.board .middle'];
  const out = [];
  for (const selector of parts) {
    const found = [...document.querySelectorAll(selector)];
    if (found.length === 0) out.push(`${selector}: none`);
    for (const node of found) {
      const r = node.getBoundingClientRect();
      if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
        out.push(`${selector} ${node.dataset.card ?? node.dataset.action ?? ''} at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`);
    }
  }
  return out;
}"""

TOO_SMALL = """(selectors) => {
  // each control's own hit area: a 44 x 44 square at its top left corner that a touch there reaches (sampled on a
  // grid of points; a card covered by its neighbours shows that much of itself)
  const small = [];
  for (const node of document.querySelectorAll(selectors)) {
    if (node.getClientRects().length === 0) continue; // not shown (a spectator's toggle)
    node.scrollIntoView({ block: 'center' });
    const r = node.getBoundingClientRect();
    let reached = r.width >= 44 && r.height >= 44;
    for (let x = 4; reached && x <= 40; x += 6)
      for (let y = 4; reached && y <= 40; y += 6) {
        const hit = document.elementFromPoint(r.left + x, r.top + y);
        reached = hit !== null && (node === hit || node.contains(hit));
      }
    if (!reached) small.push(`${node.className || node.tagName} ${node.textContent.trim().slice(0, 20)} ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  scrollTo(0, 0);
  return small;
}"""

RECORD_STEPS = """() => {
  // at each frame drawn (the step changes): the animations running then, and the flying cards' places
  window.drawn = [];
  const watch = () => {
    const app = document.getElementById('app');
    new MutationObserver(() => {
      const plays = [...document.querySelectorAll('.trick .play.top')];
      const seat = plays.length ? document.querySelector(`.seat[data-seat="${plays[0].dataset.player}"]`) : null;
      window.drawn.push({
        step: app.dataset.step,
        ids: document.getAnimations().map((a) => a.id),
        flying: [...document.querySelectorAll('.motion-layer .flying')].map((f) => ({
          move: f.dataset.move,
          ...f.getBoundingClientRect().toJSON(),
        })),
        seat: seat ? seat.getBoundingClientRect().toJSON() : null,
      });
    }).observe(app, { attributes: true, attributeFilter: ['data-step'] });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
}"""


def sizes() -> list[tuple[str, int]]:
    """Every game at its smallest and its largest table, as the registry says."""
    return [(g, n) for g in systems() for n in sorted({system(g).min_players, system(g).max_players})]


@pytest.fixture
def laptop_and_phone(browser: Browser) -> Iterator[tuple[BrowserContext, BrowserContext]]:
    contexts = browser.new_context(**LAPTOP), browser.new_context(**PHONE)
    yield contexts
    for context in contexts:
        context.close()


def my_turn(page: Page, link: str) -> Page:
    """The page opened at ``link``, once it is the person's turn."""
    open_table(page, link)
    page.wait_for_function(f"() => {MINE}", timeout=20_000)
    return page


@pytest.mark.parametrize(("game", "players"), sizes())
def test_a_turns_hand_actions_seat_and_status_fit_the_first_screen(
    laptop_and_phone: tuple[BrowserContext, BrowserContext], web_server: Server, game: str, players: int
) -> None:
    made = web_server.create(
        game=game, players=players, seats=[{"kind": "person"}] + [BOT] * (players - 1), seed=3
    )
    laptop, phone = (my_turn(context.new_page(), made["links"]["seats"]["0"]) for context in laptop_and_phone)
    for page, width in ((laptop, 1366), (phone, 390)):
        page.evaluate(SELECT_A_PLAY)
        expect(page.locator(".actions button").first).to_be_attached()
        assert page.evaluate(OUTSIDE) == [], width
        assert page.evaluate("() => [window.scrollY, document.documentElement.scrollWidth]") == [0, width]
    # the log: beside the table on the laptop, folded under it on the phone
    board, log = (laptop.locator(s).bounding_box() for s in (".board", ".log-box"))
    assert board and log and log["x"] >= board["x"] + board["width"], (board, log)
    expect(laptop.locator(".log li").last).to_be_in_viewport()
    expect(phone.locator("details.log-box")).not_to_have_attribute("open", "")
    expect(phone.locator(".log-box > summary")).to_be_visible()


@pytest.mark.parametrize(("seat", "game"), [(2, "bum-game"), (None, "bum-game"), (1, "gin-bummy")])
def test_the_viewers_own_seat_is_at_the_bottom_and_the_next_to_play_on_its_left(
    page: Page, web_server: Server, seat: int | None, game: str
) -> None:
    players = 4
    seats = [{"kind": "person"} if s == (seat or 0) else BOT for s in range(players)]
    made = web_server.create(game=game, players=players, seats=seats, seed=4)
    open_table(page, made["links"]["watch"] if seat is None else made["links"]["seats"][str(seat)])
    bottom = 0 if seat is None else seat
    edges = [page.locator(f".seat[data-seat='{(bottom + i) % players}']") for i in range(players)]
    for edge, where in zip(edges, ["bottom", "left", "top", "right"], strict=True):
        expect(edge).to_have_attribute("data-edge", where)
    board = page.locator(".board > .seats").bounding_box()
    own = edges[0].bounding_box()
    assert board and own
    assert abs(own["x"] + own["width"] / 2 - (board["x"] + board["width"] / 2)) < 2  # in the bottom's middle
    assert own["y"] + own["height"] >= board["y"] + board["height"] - 2


@pytest.mark.parametrize(("game", "players"), [("president", 3), ("gin-bummy", 4), ("boojum", 12)])
def test_a_phones_cards_actions_and_toggles_are_44_px_each_way(
    browser: Browser, web_server: Server, game: str, players: int
) -> None:
    made = web_server.create(
        game=game, players=players, seats=[{"kind": "person"}] + [BOT] * (players - 1), seed=3
    )
    context = browser.new_context(**PHONE)
    try:
        page = my_turn(context.new_page(), made["links"]["seats"]["0"])
        page.evaluate(SELECT_A_PLAY)
        page.evaluate(
            "() => document.querySelectorAll('.hand button.card[aria-pressed=true]').forEach(c => c.click())"
        )
        controls = page.locator(".hand button.card, .actions button")
        assert controls.count() > 1
        toggles = (
            ".log-box > summary, .players-detail > summary, .gb-public summary, .title-row a, .title-row button, "
            ".auto-toggle, .notice-toggle"
        )
        assert page.evaluate(TOO_SMALL, f".hand button.card, .actions button, {toggles}") == []
    finally:
        context.close()


def bots_play(context: BrowserContext, server: Server) -> list[dict[str, Any]]:
    """The frames a person's page draws while the bots play after the person's first move (as RECORD_STEPS)."""
    made = server.create(game="bum-game", players=4, seats=[{"kind": "person"}] + [BOT] * 3, seed=5)
    page = context.new_page()
    page.add_init_script(f"({RECORD_STEPS})();")
    my_turn(page, made["links"]["seats"]["0"])
    step = int(page.locator("#app").get_attribute("data-step") or "0")
    picked: list[int] = page.evaluate(FIND_PLAY)
    for i in picked:
        page.locator(".hand button.card").nth(i).click()
    page.locator(".actions button.exact" if picked else ".actions button[data-action]").first.click()
    page.wait_for_function(f"() => Number(document.getElementById('app').dataset.step) >= {step + 3}")
    drawn: list[dict[str, Any]] = page.evaluate("window.drawn")
    return [d for d in drawn if int(d["step"]) > step + 1]  # the bots' moves, after the person's own


def test_a_bots_play_flies_from_its_seat_to_the_middle(browser: Browser, web_server: Server) -> None:
    context = browser.new_context(**LAPTOP)
    try:
        drawn = bots_play(context, web_server)
    finally:
        context.close()
    plays = [d for d in drawn if "move-play" in d["ids"]]
    assert plays, drawn
    for frame in plays:  # the cards set off from the seat that played them
        seat, (card, *_) = frame["seat"], [f for f in frame["flying"] if f["move"] == "move-play"]
        middle = card["x"] + card["width"] / 2, card["y"] + card["height"] / 2
        assert seat["x"] <= middle[0] <= seat["x"] + seat["width"], frame
        assert seat["y"] <= middle[1] <= seat["y"] + seat["height"], frame


def test_with_reduced_motion_nothing_moves(browser: Browser, web_server: Server) -> None:
    context = browser.new_context(**LAPTOP, reduced_motion="reduce")
    try:
        drawn = bots_play(context, web_server)
    finally:
        context.close()
    assert drawn, "no bot moved"
    assert all(d["ids"] == [] and d["flying"] == [] for d in drawn), drawn
