"""Keyboard play at the browser table: a whole hand of The Bum Game played with keys alone (ranks typed to select
cards, Enter for the play that uses exactly them, P to pass), the arrow keys, Space, Escape and the shortcuts' list
that ? opens, and keys left alone while the focus is in a field where one types."""

from __future__ import annotations

import re
from typing import Any

from browser_fixtures import logged, open_table
from playwright.sync_api import Page, expect
from server_helpers import Server, receive
from websockets.sync.client import ClientConnection, connect

SEATS = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3


def seat_socket(server: Server, made: dict[str, Any], seat: int) -> ClientConnection:
    """The seat's own connection beside its page: the legal actions the server gave the seat."""
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{made['id']}?token={made['tokens'][str(seat)]}"
    return connect(url, open_timeout=10, max_queue=None)


def legal_at(ws: ClientConnection, step: int) -> list[str]:
    """The seat's legal actions in its own frame of ``step`` (the frame that gave it this turn)."""
    while True:
        message = receive(ws)
        assert message["type"] == "state", message
        if message["step"] == step and message["observation"]["legal"]:
            return [a["text"] for a in message["observation"]["legal"]]


def rank_key(word: str, turn: int) -> str:
    """The key for a card of a play's text ("10": 0 or T in turn; "JK=5": a Joker stands in, X)."""
    rank = word.split("=")[0]
    if rank == "10":
        return "0" if turn % 2 else "t"
    return "x" if rank in ("JK", "RJ", "BJ") else rank.lower()


def selected(page: Page) -> list[str]:
    texts: list[str] = page.eval_on_selector_all(
        ".hand button.card[aria-pressed=true]", "cards => cards.map(c => c.dataset.card)"
    )
    return texts


def test_a_whole_hand_of_the_bum_game_is_played_by_keyboard_alone(page: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    with seat_socket(web_server, made, 0) as ws:
        open_table(page, made["links"]["seats"]["0"])
        app = page.locator("#app")
        turns = plays = passes = 0
        done = f'document.querySelector("{logged("hand-over")}") !== null'
        while True:
            page.wait_for_function(
                f"() => document.getElementById('app').dataset.turn === 'you' || {done}", timeout=30_000
            )
            if page.evaluate(f"() => {done}"):
                break
            step = app.get_attribute("data-step") or ""
            legal = legal_at(ws, int(step))
            moves = [t for t in legal if t != "pass"]
            if "pass" in legal and (not moves or turns % 3 == 2):
                page.keyboard.press("p")
                passes += 1
            else:
                words = moves[0].split()[1:]
                for word in words:
                    page.keyboard.press(rank_key(word, turns))
                assert len(selected(page)) == len(words), (moves[0], selected(page))
                page.keyboard.press("Enter")
                if "plays use exactly" in (page.locator(".key-note").text_content() or ""):
                    # several plays use these very cards: Enter went to the first, Enter makes it
                    page.keyboard.press("Enter")
                plays += 1
            turns += 1
            expect(app).not_to_have_attribute("data-step", step)
    assert plays > 0 and passes > 0, (plays, passes)
    expect(page.locator(logged("hand-over"))).to_have_count(1)
    played = page.locator(".log li[data-kind=play]").filter(has_text=re.compile(r"^You play "))
    assert played.count() == plays


def test_arrows_space_and_escape_select_and_clear_and_question_mark_lists_the_keys(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    open_table(page, made["links"]["seats"]["0"])
    cards = page.locator(".hand button.card")
    expect(cards.first).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(cards.nth(0)).to_be_focused()
    page.keyboard.press("Space")
    expect(cards.nth(0)).to_have_attribute("aria-pressed", "true")
    expect(cards.nth(0)).to_be_focused()  # the view drew the hand anew; the focus stays on the card
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowUp")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("ArrowDown")
    expect(cards.nth(1)).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("End")
    expect(cards.last).to_be_focused()
    page.keyboard.press("ArrowUp")
    assert len(selected(page)) == 2
    page.keyboard.press("Escape")
    assert selected(page) == []
    expect(cards.last).to_be_focused()

    help_box = page.get_by_role("region", name="Keyboard shortcuts")
    expect(help_box).to_be_hidden()
    page.keyboard.press("?")
    expect(help_box).to_be_visible()
    expect(help_box.locator("tr")).to_contain_text(
        ["←", "Space", "2–9", "Enter", "P", "Esc", "H", "Tab", "?"]
    )
    expect(page.locator(".keys-toggle")).to_have_attribute("aria-expanded", "true")
    page.keyboard.press("Escape")
    expect(help_box).to_be_hidden()
    expect(cards.last).to_be_focused()  # back where the keys were


def test_no_key_fires_while_typing_in_a_field(page: Page, web_server: Server) -> None:
    made = web_server.create(game="bum-game", players=4, seats=SEATS, seed=5)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator("#app")).to_have_attribute("data-turn", "you")
    # a field of the page's own (the table page has none a person types in yet): typed keys stay in it
    page.evaluate(
        "() => { const f = document.createElement('input'); f.id = 'typing'; document.body.prepend(f); }"
    )
    page.focus("#typing")
    page.keyboard.type("7qp?x")
    expect(page.locator("#typing")).to_have_value("7qp?x")
    assert selected(page) == []
    expect(page.get_by_role("region", name="Keyboard shortcuts")).to_be_hidden()
    expect(page.locator("#app")).to_have_attribute("data-turn", "you")  # p did not pass


def card_of(action: str) -> str | None:
    """The one card an action lays or discards ("discard 7c", "lay 3MW"), else None (draws, stand, pass)."""
    words = action.split()
    return words[1] if words[0] in ("discard", "lay") and len(words) == 2 else None


def key_of(card: str) -> str:
    """The rank key that selects a card: a French card's rank (0 for a 10), a Decktet card's first letter."""
    rank = card[:-1] if card[-1] in "cdhs" else card[0]
    return "0" if rank == "10" else rank.lower()


def focused_action(page: Page) -> str | None:
    action: str | None = page.evaluate("() => document.activeElement?.dataset?.action ?? null")
    return action


def keyboard_act(page: Page, action: str) -> None:
    """Take ``action`` with keys alone: its card selected by its rank key (pressed again until it is the one
    selected), then Enter; a card-less action reached with H, End and Tab, then Enter."""
    card = card_of(action)
    if card is not None:
        for _ in range(8):
            page.keyboard.press(key_of(card))
            if selected(page) == [card]:
                break
        assert selected(page) == [card], (action, selected(page))
        page.keyboard.press("Enter")
        if "plays use exactly" not in (page.locator(".key-note").text_content() or ""):
            return
    else:
        page.keyboard.press("h")
        page.keyboard.press("End")
    for _ in range(20):  # Tab to the action's button
        if focused_action(page) == action:
            break
        page.keyboard.press("Tab")
    assert focused_action(page) == action, action
    page.keyboard.press("Enter")


def play_by_keys(page: Page, ws: ClientConnection, choose: Any, turns: int) -> list[str]:
    """Take the person's next ``turns`` turns by keyboard; the actions taken."""
    app = page.locator("#app")
    taken: list[str] = []
    for turn in range(turns):
        expect(app).to_have_attribute("data-turn", "you", timeout=30_000)
        step = app.get_attribute("data-step") or ""
        action = choose(legal_at(ws, int(step)), turn)
        keyboard_act(page, action)
        expect(app).not_to_have_attribute("data-step", step)
        taken.append(action)
    return taken


def test_a_few_moves_of_gin_bummy_are_made_by_keyboard(page: Page, web_server: Server) -> None:
    made = web_server.create(game="gin-bummy", players=2, seats=[{"kind": "person"}, SEATS[1]], seed=7)

    def choose(legal: list[str], turn: int) -> str:
        # a draw (a button reached with Tab), then a discard (its card typed), and so on
        draws = [t for t in legal if t.startswith("draw")]
        discards = [t for t in legal if t.startswith("discard") and card_of(t) not in (None, "JK")]
        return (draws or discards or legal)[0]

    with seat_socket(web_server, made, 0) as ws:
        open_table(page, made["links"]["seats"]["0"])
        taken = play_by_keys(page, ws, choose, 4)
    assert any(t.startswith("draw") for t in taken) and any(t.startswith("discard") for t in taken), taken
    for action in taken:
        kind = "draw" if action.startswith("draw") else "discard"
        expect(
            page.locator(f".log li[data-kind={kind}]").filter(has_text=re.compile("^You ")).first
        ).to_be_attached()


def test_a_few_moves_of_boojum_are_made_by_keyboard(page: Page, web_server: Server) -> None:
    made = web_server.create(game="boojum", players=3, seats=SEATS[:3], options={"max_rounds": 1}, seed=7)

    def choose(legal: list[str], turn: int) -> str:
        # lay a card into a bid (typed), stand (Tab), then pass (P) whenever passing is allowed
        lays = [t for t in legal if t.startswith("lay")]
        if turn == 0 and lays:
            return lays[-1]
        if "stand" in legal:
            return "stand"
        return "pass" if "pass" in legal else legal[0]

    with seat_socket(web_server, made, 0) as ws:
        open_table(page, made["links"]["seats"]["0"])
        app = page.locator("#app")
        taken = play_by_keys(page, ws, choose, 2)
        assert taken[0].startswith("lay") and taken[1] == "stand", taken
        expect(app).to_have_attribute("data-turn", "you", timeout=30_000)
        step = app.get_attribute("data-step") or ""
        assert "pass" in legal_at(ws, int(step))
        page.keyboard.press("p")
        expect(app).not_to_have_attribute("data-step", step)
    expect(page.locator(".log li[data-kind=pass]").filter(has_text="You pass.")).to_have_count(1)
