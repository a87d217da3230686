"""A rematch in the browser: once the match is over, a friend asks for a rematch with the seats shuffled and that
page goes to the new table at once; the other friend is asked and joins with their own link; a spectator may
watch it; the new table says it is the series' second match."""

from __future__ import annotations

from browser_fixtures import open_table, screenshot
from playwright.sync_api import Page, expect
from server_helpers import Server
from test_server_rematch import finished_table


def test_friends_rematch_with_shuffled_seats_and_a_spectator_may_watch_it(
    three_pages: tuple[Page, Page, Page], web_server: Server
) -> None:
    ann, bo, watcher = three_pages
    made = finished_table(web_server, 51)
    old = made["id"]
    for page, link in (
        (ann, made["links"]["seats"]["0"]),
        (bo, made["links"]["seats"]["1"]),
        (watcher, made["links"]["watch"]),
    ):
        open_table(page, link)
    expect(ann.locator(".rematch-same")).to_be_visible()
    expect(watcher.locator(".rematch-ask")).to_be_hidden()
    ann.click(".rematch-shuffled")
    ann.wait_for_url(lambda url: "/t/" in url and old not in url and "token=" in url)
    new = ann.url.split("/t/")[1].split("?")[0]
    expect(ann.locator("#app[data-ready=true]")).to_be_attached()
    expect(ann.locator(".series-line")).to_contain_text("match 2 of the series")
    expect(bo.locator(".rematch-line")).to_have_text("P0 asks for a rematch with the seats drawn anew.")
    bo.click(".rematch-join")
    bo.wait_for_url(f"**/t/{new}?token=*")
    assert bo.url.split("token=")[1] != ann.url.split("token=")[1]
    expect(bo.locator(".who-am-i")).to_contain_text("You play seat")
    expect(watcher.locator(".rematch-join")).to_have_text("Watch the rematch")
    expect(watcher.locator(".rematch-join")).to_have_attribute("href", f"{web_server.http}/t/{new}")
    screenshot(bo, "rematch")
