"""The lab's report written from a hand-built result: one HTML file that fetches nothing, its plots embedded PNGs,
its tables whole and escaped; the CSV and JSON beside it hold the same figures."""

from __future__ import annotations

import base64
import csv
import dataclasses
import json
import sys
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bumtable.errors import BumtableError
from bumtable.lab.report import write_report
from bumtable.lab.result import LabResult, Plot, Table

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

RESULT = LabResult(
    study="revolution",
    game="bum-game",
    players=6,
    command="bumtable lab revolution bum-game -n 6 --seed 7 --hands 2000",
    seed=7,
    version="0.1.0",
    method="Exact odds from the deal; simulated rates with Wilson 95 % intervals.",
    units="hands",
    played=2000,
    question="Which trigger makes revolutions happen about 10 % of the time?",
    figures={"two_jokers": {"exact_rate": 0.0912, "simulated_rate": 0.0934, "ci95": [0.089, 0.0978]}},
    tables=(
        Table(
            "Trigger rates <script>alert(1)</script>",
            ("trigger", "exact", "ci95", "in 9-11 %"),
            (("two Jokers", 0.0912, [0.089, 0.0978], True), ("three 2s & a <b>", 0.051, None, False)),
            note="Rates per hand.",
        ),
        Table("Seats", ("seat", "first places"), ((0, 512), (1, 488))),
        Table("Seats", ("seat", "hands"), ((0, 1000),)),
    ),
    plots=(
        Plot(
            "Revolution rate by trigger",
            "bar",
            "trigger",
            "rate",
            ("two Jokers", "three 2s"),
            {"exact": (0.0912, 0.051), "simulated": (0.0934, 0.05)},
            low={"simulated": (0.089, 0.046)},
            high={"simulated": (0.0978, 0.054)},
            band=(0.09, 0.11),
        ),
        Plot("Lead by hand <i>", "line", "hand", "points per hand", (1, 10, 50), {"lead": (3.0, 1.5, 0.4)}),
    ),
)


class Page(HTMLParser):
    """Every start tag with its attributes, and the page's text."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self.feed(text)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))

    def handle_data(self, data: str) -> None:
        self.text.append(data)

    def attrs(self, tag: str) -> list[dict[str, str | None]]:
        return [a for t, a in self.tags if t == tag]


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[Path]]:
    out = tmp_path_factory.mktemp("report")
    return out, write_report(RESULT, out)


def test_the_report_writes_the_page_the_json_a_csv_per_table_and_a_png_per_plot(
    report: tuple[Path, list[Path]],
) -> None:
    out, written = report
    assert [p.name for p in written] == [
        "report.html",
        "figures.json",
        "trigger-rates-script-alert-1-script.csv",
        "seats.csv",
        "seats-2.csv",
        "revolution-rate-by-trigger.png",
        "lead-by-hand-i.png",
    ]
    assert sorted(p.name for p in out.iterdir()) == sorted(p.name for p in written)


def test_the_page_is_one_file_that_fetches_nothing(report: tuple[Path, list[Path]]) -> None:
    text = (report[0] / "report.html").read_text(encoding="utf-8")
    page = Page(text)
    assert page.attrs("html") == [{"lang": "en"}]
    assert not page.attrs("link") and not page.attrs("script") and not page.attrs("iframe")
    assert 'src="http' not in text and "href=" not in text and "url(" not in text and "@import" not in text
    assert all((a.get("src") or "").startswith("data:image/png;base64,") for a in page.attrs("img"))


def test_every_plot_is_an_embedded_png_with_alt_text_and_the_same_png_beside_the_page(
    report: tuple[Path, list[Path]],
) -> None:
    out, written = report
    images = Page((out / "report.html").read_text(encoding="utf-8")).attrs("img")
    assert len(images) == len(RESULT.plots)
    pngs = [p.read_bytes() for p in written if p.suffix == ".png"]
    for image, plot, png in zip(images, RESULT.plots, pngs, strict=True):
        data = base64.b64decode((image["src"] or "").removeprefix("data:image/png;base64,"), validate=True)
        assert data.startswith(PNG_SIGNATURE) and data == png
        alt = image["alt"] or ""
        assert alt.startswith(f"{plot.kind.capitalize()} chart of {plot.y_label} by {plot.x_label}.")
    assert "simulated: two Jokers: 0.0934 (0.089 to 0.0978)" in (images[0]["alt"] or "")
    assert "Target range shaded: 0.09 to 0.11." in (images[0]["alt"] or "")


def test_every_table_row_is_on_the_page_escaped_with_headers_scoped(report: tuple[Path, list[Path]]) -> None:
    text = (report[0] / "report.html").read_text(encoding="utf-8")
    assert "<script>" not in text and "<b>" not in text and "<i>" not in text
    assert "Trigger rates &lt;script&gt;alert(1)&lt;/script&gt;" in text
    page = Page(text)
    assert len(page.attrs("table")) == len(RESULT.tables)
    scopes = [a.get("scope") for a in page.attrs("th")]
    assert scopes.count("col") == sum(len(t.columns) for t in RESULT.tables)
    assert scopes.count("row") == sum(len(t.rows) for t in RESULT.tables)
    words = " ".join(page.text)
    for row in (
        "two Jokers 0.0912 0.089 to 0.0978 yes",
        "three 2s & a <b> 0.051 – no",
        "0 512",
        "1 488",
        "0 1,000",
    ):
        assert row in " ".join(words.split()), row


def test_the_page_has_the_question_the_command_seed_version_and_number_played(
    report: tuple[Path, list[Path]],
) -> None:
    words = " ".join(" ".join(Page((report[0] / "report.html").read_text(encoding="utf-8")).text).split())
    assert "Revolution: The Bum Game, 6 players" in words
    assert RESULT.question in words and RESULT.method in words and RESULT.command in words
    assert "Seed 7" in words and "bumtable 0.1.0" in words and "2,000 hands" in words
    assert "two jokers · ci95 0.089 to 0.0978" in words


def csv_cell(value: Any) -> str:
    if value is None:
        return ""
    return json.dumps(value) if isinstance(value, list) else str(value)


def test_each_csv_holds_its_tables_columns_and_rows(report: tuple[Path, list[Path]]) -> None:
    files = [p for p in report[1] if p.suffix == ".csv"]
    for table, path in zip(RESULT.tables, files, strict=True):
        with path.open(newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
        assert rows[0] == list(table.columns)
        assert rows[1:] == [[csv_cell(c) for c in row] for row in table.rows]
        if table is RESULT.tables[0]:
            assert json.loads(rows[1][2]) == [0.089, 0.0978]  # an interval cell reads back as its pair


def test_the_json_is_the_results_dict(report: tuple[Path, list[Path]]) -> None:
    assert json.loads((report[0] / "figures.json").read_text(encoding="utf-8")) == RESULT.to_dict()


def test_without_matplotlib_plots_fail_naming_the_extra_and_write_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg"):
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(BumtableError, match=r"pip install 'bumtable\[lab\]'"):
        write_report(RESULT, tmp_path / "out")
    assert not (tmp_path / "out").exists()
    written = write_report(dataclasses.replace(RESULT, plots=()), tmp_path / "tables")  # tables need no plots
    assert [p.suffix for p in written] == [".html", ".json", ".csv", ".csv", ".csv"]
