"""The table's rules in the browser views: a Boojum bid's worth shown as the observation sends it (the rules count
it; the conformance check holds the two equal), kept over a refresh; Arsehole's reverse card told when it is
played; President's trick enders named as in force (the `table` message's `rules`). A refreshed page says the
same as before. The Rules panel (the table's own rules, as the server words them) opens from a button and shuts
with Escape; the lobby's form names each option by its plain label under a heading, the engine's names only under
Advanced."""

from __future__ import annotations

import re

import httpx
from browser_fixtures import open_table
from playwright.sync_api import Page, expect
from server_helpers import Server, act, receive

from bumtable.cards.decktet import parse_decktet_cards
from bumtable.rules import get
from bumtable.rules.boojum.bids import bid_value, bid_words

BOTS = [{"kind": "bot", "bot": "heuristic"}]


def my_turn(page: Page) -> None:
    expect(page.locator("#app")).to_have_attribute("data-turn", "you", timeout=30_000)


def reload_at_the_same_step(page: Page) -> None:
    step = page.locator("#app").get_attribute("data-step") or ""
    page.reload()
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    expect(page.locator("#app")).to_have_attribute("data-step", step)


def test_a_boojum_bids_worth_is_shown_as_sent_and_kept_over_a_refresh(page: Page, web_server: Server) -> None:
    rules = get("boojum", players=3).replace(max_rounds=1)

    def worth(cards: str) -> str:  # the engine's own count and words
        return bid_words(bid_value(parse_decktet_cards(cards), rules.tables))

    made = web_server.create(
        game="boojum", players=3, seats=[{"kind": "person"}, *BOTS * 2], options={"max_rounds": 1}, seed=7
    )
    open_table(page, made["links"]["seats"]["0"])
    my_turn(page)
    mine = page.locator(".bj-player[data-seat='0'] .bj-line").first
    page.click(".hand button.card[data-card='8YK']")
    page.click(".actions button[data-action='lay 8YK']")
    expect(mine).to_contain_text(f"Bid (raising: {worth('8YK')} laid so far)")
    page.click(".hand button.card[data-card='2MK']")
    page.click(".actions button[data-action='lay 2MK']")
    expect(mine).to_contain_text(f"Bid (raising: {worth('8YK 2MK')} laid so far)")
    stand = page.locator(".actions button[data-action='stand']")
    expect(stand).to_have_text(f"Stand: make this bid ({worth('8YK 2MK')})")
    step = page.locator("#app").get_attribute("data-step") or ""
    stand.click()
    expect(page.locator("#app")).not_to_have_attribute("data-step", step)
    # seed 7: P1 and P2 outbid it (three for eleven, three for twenty-two) before the viewer's next turn
    my_turn(page)
    shown = {
        seat: page.locator(f".bj-player[data-seat='{seat}'] .bj-line").first.inner_text() for seat in range(3)
    }
    # each bid as the server announced it when it stood ("P1 bids three for eleven: the Desert (2 Suns/Wyrms), ..."),
    # its cards' codes on the line
    stood: dict[int, tuple[str, str]] = {}
    lines = page.locator(".log li[data-kind=stand]")
    for i in range(lines.count()):
        who, words = re.match(r"(You|P\d) bids? (.+?): ", lines.nth(i).inner_text()).groups()
        stood[0 if who == "You" else int(who[1:])] = (words, lines.nth(i).get_attribute("data-cards"))
    assert sorted(stood) == [0, 1, 2], stood
    for seat, line in shown.items():  # each bid's worth as the table announced it when it stood
        words, _ = stood[seat]
        assert f"Bid ({words})" in line, (seat, line)
    info = page.locator(".bj-info")
    expect(info).to_contain_text(f"High bid: P2, {worth('4MS 9MS 9MS')}")
    before = [shown[s] for s in range(3)], info.inner_text()
    reload_at_the_same_step(page)
    after = [page.locator(f".bj-player[data-seat='{s}'] .bj-line").first.inner_text() for s in range(3)]
    assert (after, info.inner_text()) == before


def test_the_reverse_card_turns_play_round_in_arsehole(page: Page, web_server: Server) -> None:
    # seed 75 with the reverse card 8: after the viewer's first play, P1 plays an 8 and play comes back to the viewer
    made = web_server.create(
        game="arsehole",
        players=4,
        seats=[{"kind": "person"}, *BOTS * 3],
        options={"reverse_card": "8"},
        seed=75,
    )
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator(".in-force")).to_have_text("In force: An 8 played reverses the direction of play.")
    with web_server.connect(made["id"], made["tokens"]["0"]) as ws:
        while True:  # the viewer's first turn, played from its own socket: its first play
            message = receive(ws)
            if message["type"] == "state" and message["observation"]["legal"]:
                break
        legal = [a["text"] for a in message["observation"]["legal"]]
        act(ws, next(t for t in legal if t != "pass"))
        expect(page.locator("#app")).not_to_have_attribute("data-step", str(message["step"]))
    my_turn(page)
    expect(page.locator(".news p.news-now")).to_have_text(
        "P1 plays an 8: play now goes the other way round the table."
    )
    expect(page.locator(".prompt")).to_have_text("Play goes the other way round the table.")
    reload_at_the_same_step(page)
    expect(page.locator(".news p.news-now")).to_have_text(
        "P1 plays an 8: play now goes the other way round the table."
    )


def test_president_names_its_trick_enders_in_force_and_the_bum_game_none(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(game="president", players=4, seats=[{"kind": "person"}, *BOTS * 3], seed=132)
    open_table(page, made["links"]["seats"]["0"])
    expect(page.locator(".in-force")).to_have_text(
        "In force: Four cards of one value in a row end the trick. 3♣ ends a trick at once, and going out on it "
        "finishes last."
    )
    # The Bum Game has none of them: no such line
    other = web_server.create(game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS * 3], seed=5)
    open_table(page, other["links"]["seats"]["0"])
    expect(page.locator(".trick")).to_be_visible()
    expect(page.locator(".in-force")).to_have_count(0)


def test_the_rules_panel_opens_from_the_keyboard_shows_the_tables_rules_and_shuts_with_escape(
    page: Page, web_server: Server
) -> None:
    made = web_server.create(
        game="bum-game", players=4, seats=[{"kind": "person"}, *BOTS * 3], options={"exchange": False}, seed=3
    )
    words = httpx.get(f"{web_server.http}/api/tables/{made['id']}/rules", timeout=10).json()
    open_table(page, made["links"]["seats"]["0"])
    button = page.locator("button.rules-open")
    button.focus()
    page.keyboard.press("Enter")
    panel = page.locator("dialog.rules-panel")
    expect(panel).to_be_visible()
    expect(panel.locator("h2")).to_have_text(words["title"])
    for section in words[
        "sections"
    ]:  # every section as the server words it, the exchange's "none" among them
        expect(panel.locator("dd", has_text=section["text"])).to_have_count(1)
    assert any(s["label"] == "Exchange" and s["text"].startswith("none") for s in words["sections"])
    changed = panel.locator(".rules-changed li[data-option=exchange]")
    expect(changed).to_contain_text(words["changed"][0]["label"])
    expect(changed).to_contain_text(": off (usually on)")
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_be_focused()
    assert page.locator(".hand button.card[aria-pressed=true]").count() == 0


def test_the_lobby_names_each_option_by_its_label_under_its_heading_and_the_engine_names_only_under_advanced(
    page: Page, web_server: Server
) -> None:
    described = httpx.get(f"{web_server.http}/api/games/arsehole/options?players=4", timeout=10).json()
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", "arsehole")
    page.select_option("#players", "4")
    expect(page.locator(".rules-form")).to_have_attribute("data-shows", "arsehole 4")
    page.click(".house-rules summary")
    for option in described["options"]:
        box = page.locator(
            f".option-group[data-group='{option['group']}'] .option[data-option={option['name']}]"
        )
        expect(box.locator(".option-name")).to_have_text(option["label"])
    headings = page.locator(".option-group > legend").all_inner_texts()
    assert headings == list(dict.fromkeys(o["group"] for o in described["options"]))
    # the presets come first, before every option; the engine's names are nowhere else but under Advanced
    assert page.evaluate(
        "document.querySelector('.variants').compareDocumentPosition(document.querySelector('.option-list'))"
        " & Node.DOCUMENT_POSITION_FOLLOWING"
    )
    shown = page.locator(".variants").inner_text() + page.locator(".option-list").inner_text()
    raw = [o["name"] for o in described["options"] if "_" in o["name"]]
    assert raw and [name for name in raw if name in shown] == []
    page.click(".advanced-options summary")
    advanced = page.locator(".advanced-options").inner_text()
    assert [o["name"] for o in described["options"] if o["name"] not in advanced] == []


def test_the_lobby_tells_the_chosen_games_rules_in_a_panel(page: Page, web_server: Server) -> None:
    words = httpx.get(f"{web_server.http}/api/games/gin-bummy/rules?players=3", timeout=10).json()
    page.goto(f"{web_server.http}/")
    expect(page.locator("#app[data-ready=true]")).to_be_attached()
    page.select_option("#game", "gin-bummy")
    page.select_option("#players", "3")
    page.click("button.rules-open")
    panel = page.locator("dialog.rules-panel")
    expect(panel.locator("h2")).to_have_text(words["title"])
    expect(panel.locator("dt")).to_have_count(len(words["sections"]))
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
