"""The lobby's "Your tables": a person who made a table and closed the tab finds it in the lobby, with its game,
players and state, and goes back to the same seat; a table the server no longer knows shows as gone, and Forget
drops a table's links from the browser."""

from __future__ import annotations

import json

from browser_fixtures import make_table_in_the_lobby, screenshot
from playwright.sync_api import Page, expect
from server_helpers import Server


def test_a_person_comes_back_to_their_seat_from_the_lobby(page: Page, web_server: Server) -> None:
    make_table_in_the_lobby(page, web_server)
    seat_link = page.url
    table_id = seat_link.split("/t/")[1].split("?")[0]
    context = page.context
    page.close()  # the tab is closed; the browser (its localStorage) stays

    lobby = context.new_page()
    # a table this browser once sat at, which the server does not have (a database wiped, say)
    lobby.add_init_script(
        "localStorage.setItem('bumtable:seat:0000dead', "
        + json.dumps(json.dumps({"link": f"{web_server.http}/t/0000dead?token=x", "seat": 1, "at": 1}))
        + ")"
    )
    lobby.goto(f"{web_server.http}/")
    yours = lobby.locator(".yours")
    expect(yours).to_have_attribute("data-loaded", "true")
    mine = yours.locator(f"li[data-table='{table_id}']")
    expect(mine).to_have_attribute("data-state", "playing")
    expect(mine.locator("strong")).to_have_text("The Bum Game")
    expect(mine.locator(".yours-status")).to_have_text("being played")
    expect(mine.locator(".yours-players")).to_contain_text("You (P0)")
    expect(mine.locator(".yours-players")).to_contain_text("bot heuristic (P1)")
    back = mine.get_by_role("link", name="Back to my seat: The Bum Game")
    expect(back).to_have_attribute("href", seat_link)

    gone = yours.locator("li[data-table='0000dead']")
    expect(gone).to_have_attribute("data-state", "gone")
    expect(gone.locator(".yours-status")).to_contain_text("gone")
    expect(gone.locator("a")).to_have_count(0)  # nowhere to go back to
    screenshot(lobby, "lobby-your-tables")
    gone.get_by_role("button", name="Forget").click()
    expect(gone).to_have_count(0)
    assert lobby.evaluate("() => localStorage.getItem('bumtable:seat:0000dead')") is None

    back.click()
    expect(lobby.locator("#app[data-ready=true]")).to_be_attached()
    assert lobby.url == seat_link
    expect(lobby.locator(".who-am-i")).to_contain_text("seat P0")
