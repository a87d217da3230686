"""The lab's report opened in Chromium from its file: its title, its plots loaded from the page itself, its tables,
and no request for anything outside the file."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, Request, expect
from test_lab_report import RESULT

from bumtable.lab.report import write_report


def test_the_report_opens_in_a_browser_with_its_plots_and_tables_and_fetches_nothing(
    page: Page, tmp_path: Path
) -> None:
    write_report(RESULT, tmp_path)
    requests: list[str] = []

    def note(request: Request) -> None:
        requests.append(request.url)

    page.on("request", note)
    page.goto((tmp_path / "report.html").as_uri())
    expect(page).to_have_title("Revolution: The Bum Game, 6 players")
    expect(page.locator("h1")).to_have_text("Revolution: The Bum Game, 6 players")
    images = page.locator("main img")
    expect(images).to_have_count(len(RESULT.plots))
    widths = page.evaluate("() => [...document.images].map(i => i.complete ? i.naturalWidth : 0)")
    assert widths == [800] * len(RESULT.plots)
    expect(page.locator("table")).to_have_count(len(RESULT.tables))
    expect(page.locator("table").first.locator("caption")).to_have_text(
        "Trigger rates <script>alert(1)</script>"
    )
    expect(page.locator("table").first.locator("tbody tr")).to_have_count(len(RESULT.tables[0].rows))
    expect(page.locator("table tbody tr").first).to_have_text("two Jokers0.09120.089 to 0.0978yes")
    assert [u for u in requests if not u.startswith(("data:", "file:"))] == []
    assert page.evaluate("() => document.querySelectorAll('script').length") == 0
