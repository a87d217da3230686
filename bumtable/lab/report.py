"""A study's report: one self-contained HTML page (plots embedded, tables, how it was made), its figures as JSON,
one CSV per table and one PNG per plot, all written into one folder.

>>> import tempfile
>>> from pathlib import Path
>>> from bumtable.lab.result import LabResult, Table
>>> result = LabResult(study="revolution", game="bum-game", players=4, command="bumtable lab revolution bum-game",
...     seed=1, version="0.1.0", method="Dealt and played.", units="hands", played=100,
...     figures={"rate": 0.1}, tables=(Table("Rates", ("trigger", "rate"), (("two Jokers", 0.1),)),))
>>> with tempfile.TemporaryDirectory() as folder:
...     [p.name for p in write_report(result, Path(folder))]
['report.html', 'figures.json', 'rates.csv']
"""

from __future__ import annotations

import base64
import csv
import html
import io
import json
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bumtable.errors import BumtableError
from bumtable.lab.result import LabResult, Plot, Table
from bumtable.rules.registry import SYSTEMS

COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000")
"""Okabe and Ito's colour-blind-safe palette: one colour per series, in order."""

HEADLINES = 12
"""How many figures the page's summary lists; every figure is in ``figures.json``."""

CSS = """
:root { color-scheme: light; --ink: #1a1a1a; --muted: #4d4d4d; --line: #c8c8c8; --head: #eef2f7; --band: #f6f8fa; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 60rem; padding: 1.5rem; font: 16px/1.5 system-ui, -apple-system, "Segoe UI",
  Roboto, sans-serif; color: var(--ink); background: #fff; }
h1 { font-size: 1.7rem; margin: 0 0 .25rem; }
h2 { font-size: 1.25rem; margin: 2rem 0 .5rem; border-bottom: 1px solid var(--line); padding-bottom: .2rem; }
.question { font-size: 1.15rem; margin: .25rem 0 1rem; }
.lead, .note, figcaption { color: var(--muted); }
dl.figures { display: grid; grid-template-columns: minmax(10rem, max-content) 1fr; gap: .25rem 1rem; margin: 0; }
dl.figures dt { font-weight: 600; }
dl.figures dd { margin: 0; font-variant-numeric: tabular-nums; }
figure { margin: 1rem 0 1.5rem; }
figure img { display: block; max-width: 100%; height: auto; border: 1px solid var(--line); }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; margin: .5rem 0; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .25rem 0; }
th, td { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; }
thead th { background: var(--head); }
tbody tr:nth-child(even) { background: var(--band); }
td.num { text-align: right; white-space: nowrap; }
pre { background: var(--band); border: 1px solid var(--line); padding: .6rem; overflow-x: auto; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; }
"""


def write_report(result: LabResult, out: Path) -> list[Path]:
    """Write ``report.html``, ``figures.json``, a CSV per table and a PNG per plot into ``out``; the paths written.

    The plots are drawn before anything is written, so a missing matplotlib leaves the folder as it was.
    """
    drawn = [(plot, draw_png(plot)) for plot in result.plots]
    out.mkdir(parents=True, exist_ok=True)
    page = out / "report.html"
    page.write_text(render_html(result, drawn), encoding="utf-8")
    figures = out / "figures.json"
    figures.write_text(json.dumps(result.to_dict(), indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    written = [page, figures]
    names = _unique_names([t.title for t in result.tables], "table")
    for table, name in zip(result.tables, names, strict=True):
        written.append(write_csv(table, out / f"{name}.csv"))
    names = _unique_names([p.title for p, _ in drawn], "plot")
    for (_, png), name in zip(drawn, names, strict=True):
        path = out / f"{name}.png"
        path.write_bytes(png)
        written.append(path)
    return written


def write_csv(table: Table, path: Path) -> Path:
    """One table as CSV: a header of its columns, then its rows; a list or mapping cell (an interval) as JSON.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     print(write_csv(Table("T", ("a", "ci95"), ((1, [0.5, 1.5]),)), Path(folder) / "t.csv").read_text(), end="")
    a,ci95
    1,"[0.5, 1.5]"
    """
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(table.columns)
        writer.writerows([csv_cell(c) for c in row] for row in table.rows)
    return path


def csv_cell(value: Any) -> Any:
    """A cell as the ``csv`` module should write it: lists and mappings as JSON, anything else as it is."""
    return json.dumps(value) if isinstance(value, list | tuple | dict) else value


def safe_name(title: str, fallback: str) -> str:
    """A file name (no extension) from a title: lower-case letters, digits and dashes, at most 60 characters.

    >>> safe_name("Rates by trigger (6+ players) <script>", "table")
    'rates-by-trigger-6-players-script'
    """
    name = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")[:60].strip("-")
    return name or fallback


def _unique_names(titles: list[str], fallback: str) -> list[str]:
    seen: dict[str, int] = {}
    names = []
    for title in titles:
        name = safe_name(title, fallback)
        seen[name] = seen.get(name, 0) + 1
        names.append(name if seen[name] == 1 else f"{name}-{seen[name]}")
    return names


def number(value: Any) -> str:
    """A figure as a person reads it: thousands separated, four significant digits, an interval as ``a to b``.

    >>> [number(v) for v in (12345, 0.098765, 1234.5, 0.00001234, True, None, [0.0912, 0.1088])]
    ['12,345', '0.09877', '1,234', '1.23e-05', 'yes', '–', '0.0912 to 0.1088']
    """
    if value is None:
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return f"{value:,}"
    if isinstance(value, float):
        if math.isnan(value):
            return "–"
        if math.isinf(value) or value == 0:
            return str(value)
        if abs(value) >= 1000:
            return f"{value:,.0f}"
        if abs(value) < 0.001:
            return f"{value:.2e}"
        return f"{value:.4g}"
    if _is_interval(value):
        return f"{number(value[0])} to {number(value[1])}"
    if isinstance(value, list | tuple):
        return ", ".join(number(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{_words(str(k))}: {number(v)}" for k, v in value.items())
    return str(value)


def _is_interval(value: Any) -> bool:
    return (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    )


def _is_numeric(value: Any) -> bool:
    return (isinstance(value, int | float) and not isinstance(value, bool)) or _is_interval(value)


def _words(key: str) -> str:
    return key.replace("_", " ")


def headline_figures(figures: dict[str, Any]) -> Iterator[tuple[str, Any]]:
    """Every figure a summary can show on one line, nested names joined by ``·``: numbers, text, intervals."""
    for key, value in figures.items():
        name = _words(str(key))
        if isinstance(value, dict):
            for inner, v in headline_figures(value):
                yield f"{name} · {inner}", v
        elif not isinstance(value, list | tuple) or _is_interval(value):
            yield name, value


def title_of(result: LabResult) -> str:
    """The page's title: the study and the game by its full name.

    >>> title_of(LabResult(study="roles", game="bum-game", players=4, command="", seed=0, version="", method="",
    ...     units="matches", played=0, figures={}))
    'Roles: The Bum Game, 4 players'
    """
    system = SYSTEMS.get(result.game)
    game = system.title if system is not None else result.game
    return f"{result.study[:1].upper()}{result.study[1:]}: {game}, {result.players} players"


def alt_text(plot: Plot) -> str:
    """A plot in words for a screen reader: its kind, axes, series and values (the first twelve of each)."""
    parts = [f"{plot.kind.capitalize()} chart of {plot.y_label} by {plot.x_label}."]
    for name, ys in plot.series.items():
        low, high = plot.low.get(name), plot.high.get(name)
        points = []
        for i, (x, y) in enumerate(zip(plot.x, ys, strict=False)):
            if i == 12:
                points.append(f"and {len(ys) - 12} more")
                break
            bounds = f" ({number(low[i])} to {number(high[i])})" if low and high else ""
            points.append(f"{x}: {number(y)}{bounds}")
        parts.append(f"{name}: {'; '.join(points)}.")
    if plot.band is not None:
        parts.append(f"Target range shaded: {number(plot.band[0])} to {number(plot.band[1])}.")
    return " ".join(parts)


def draw_png(plot: Plot) -> bytes:
    """One plot as PNG bytes, drawn by matplotlib's Agg canvas (no display, no global state): error bars from
    ``low``/``high``, the ``band`` shaded."""
    try:
        import matplotlib  # noqa: F401  (the extra, named in the error below)
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError as e:
        raise BumtableError(
            "the lab's report draws its plots with matplotlib, which is not installed: "
            "pip install 'bumtable[lab]'"
        ) from e
    figure = Figure(figsize=(8, 4.5), dpi=100, layout="constrained")
    FigureCanvasAgg(figure)
    ax = figure.add_subplot()
    categorical = plot.kind == "bar" or not all(_is_numeric(x) for x in plot.x)
    positions = list(range(len(plot.x))) if categorical else [float(x) for x in plot.x]
    count = max(len(plot.series), 1)
    width = 0.8 / count
    for i, (name, ys) in enumerate(plot.series.items()):
        colour = COLOURS[i % len(COLOURS)]
        low, high = plot.low.get(name), plot.high.get(name)
        errors = None
        if low is not None and high is not None:
            errors = [
                [max(0.0, y - lo) for y, lo in zip(ys, low, strict=True)],
                [max(0.0, hi - y) for y, hi in zip(ys, high, strict=True)],
            ]
        if plot.kind == "bar":
            xs = [p + (i - (count - 1) / 2) * width for p in positions]
            ax.bar(xs, ys, width=width, color=colour, label=name, yerr=errors, capsize=4, ecolor="#333333")
        else:
            ax.errorbar(positions, ys, yerr=errors, color=colour, label=name, marker="o", capsize=4)
    if plot.band is not None:
        ax.axhspan(
            *plot.band,
            color="#F0E442",
            alpha=0.45,
            zorder=0.5,
            label=f"target {number(plot.band[0])} to {number(plot.band[1])}",
        )
    if categorical:
        labels = [str(x) for x in plot.x]
        crowded = len(labels) > 6 and max(map(len, labels), default=0) > 4
        ax.set_xticks(positions, labels, rotation=30 if crowded else 0, ha="right" if crowded else "center")
    ax.set_title(plot.title, fontsize=13)
    ax.set_xlabel(plot.x_label)
    ax.set_ylabel(plot.y_label)
    ax.grid(axis="y", color="#dddddd")
    ax.set_axisbelow(True)
    ax.spines[["top", "right"]].set_visible(False)
    if len(plot.series) > 1 or plot.band is not None:
        ax.legend(frameon=False)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png")
    return buffer.getvalue()


def render_html(result: LabResult, drawn: list[tuple[Plot, bytes]]) -> str:
    """The report page: every text escaped, every plot an embedded PNG, nothing fetched from anywhere."""
    e = html.escape
    title = title_of(result)
    played = f"{number(result.played)} {result.units}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{e(title)}</title>",
        f"<style>{CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        f"<h1>{e(title)}</h1>",
    ]
    if result.question:
        parts.append(f'<p class="question">{e(result.question)}</p>')
    parts.append(f'<p class="lead">From {e(played)}, seed {result.seed}, bumtable {e(result.version)}.</p>')
    parts.append("</header>")
    parts += _summary(result.figures)
    if drawn:
        parts.append('<section aria-labelledby="plots"><h2 id="plots">Plots</h2>')
        for plot, png in drawn:
            data = base64.b64encode(png).decode("ascii")
            parts.append(
                f'<figure><img src="data:image/png;base64,{data}" width="800" height="450" '
                f'alt="{e(alt_text(plot))}"><figcaption>{e(plot.title)}</figcaption></figure>'
            )
        parts.append("</section>")
    if result.tables:
        parts.append('<section aria-labelledby="tables"><h2 id="tables">Tables</h2>')
        parts += [_table(t) for t in result.tables]
        parts.append("</section>")
    parts += [
        '<section aria-labelledby="method"><h2 id="method">Method</h2>',
        f"<p>{e(result.method)}</p>",
        "<h3>Command</h3>",
        f"<pre><code>{e(result.command)}</code></pre>",
        '<dl class="figures">',
        f"<dt>Study</dt><dd>{e(result.study)}</dd>",
        f"<dt>Game</dt><dd>{e(result.game)}, {result.players} players</dd>",
        f"<dt>Seed</dt><dd>{result.seed}</dd>",
        f"<dt>Version</dt><dd>bumtable {e(result.version)}</dd>",
        f"<dt>Played</dt><dd>{e(played)}</dd>",
        "</dl>",
        '<p class="note">Every figure is in figures.json beside this page, each table in its own CSV file.</p>',
        "</section>",
        "</main>",
        "</body>",
        "</html>",
    ]
    return "\n".join(parts) + "\n"


def _summary(figures: dict[str, Any]) -> list[str]:
    lines = list(headline_figures(figures))
    if not lines:
        return []
    out = ['<section aria-labelledby="summary"><h2 id="summary">In short</h2>', '<dl class="figures">']
    out += [f"<dt>{html.escape(k)}</dt><dd>{html.escape(number(v))}</dd>" for k, v in lines[:HEADLINES]]
    out.append("</dl>")
    if len(lines) > HEADLINES:
        out.append(f'<p class="note">And {len(lines) - HEADLINES} more figures in figures.json.</p>')
    out.append("</section>")
    return out


def _table(table: Table) -> str:
    e = html.escape
    head = "".join(f'<th scope="col">{e(c)}</th>' for c in table.columns)
    body = []
    for row in table.rows:
        cells = []
        for i, value in enumerate(row):
            text = e(number(value))
            if i == 0:
                cells.append(f'<th scope="row">{text}</th>')
            elif _is_numeric(value):
                cells.append(f'<td class="num">{text}</td>')
            else:
                cells.append(f"<td>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    note = f'<p class="note">{e(table.note)}</p>' if table.note else ""
    return (
        f'<div class="scroll" role="region" tabindex="0" aria-label="{e(table.title)}"><table><caption>{e(table.title)}</caption><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(body)}</tbody></table></div>{note}"
    )
