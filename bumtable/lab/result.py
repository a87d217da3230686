"""What a study found, as data every report (terminal, JSON, CSV, HTML) is written from.

>>> result = LabResult(study="revolution", game="bum-game", players=4, command="bumtable lab revolution bum-game",
...     seed=1, version="0.1.0", method="Dealt and played.", units="hands", played=100,
...     figures={"rate": 0.1}, tables=(Table("Rates", ("trigger", "rate"), (("two Jokers", 0.1),)),))
>>> result.to_dict()["tables"][0]["rows"]
[['two Jokers', 0.1]]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass(frozen=True)
class Table:
    """A table of figures: one row per item, cells JSON-ready (numbers, text, None)."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "columns": list(self.columns),
            "rows": [list(r) for r in self.rows],
            "note": self.note,
        }


@dataclass(frozen=True)
class Plot:
    """A chart: ``series`` name -> one y value per ``x``; ``low``/``high`` the 95 % interval of each value where
    known; ``band`` a target range drawn across the chart (e.g. revolutions in 9-11 %)."""

    title: str
    kind: Literal["bar", "line"]
    x_label: str
    y_label: str
    x: tuple[Any, ...]
    series: dict[str, tuple[float, ...]]
    low: dict[str, tuple[float, ...]] = field(default_factory=dict)
    high: dict[str, tuple[float, ...]] = field(default_factory=dict)
    band: tuple[float, float] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "kind": self.kind,
            "x_label": self.x_label,
            "y_label": self.y_label,
            "x": list(self.x),
            "series": {k: list(v) for k, v in self.series.items()},
            "low": {k: list(v) for k, v in self.low.items()},
            "high": {k: list(v) for k, v in self.high.items()},
            "band": None if self.band is None else list(self.band),
        }


@dataclass(frozen=True)
class LabResult:
    """A finished study: how it was made (command, seed, version, method) and every figure it found."""

    study: str
    game: str
    players: int
    command: str
    seed: int
    version: str
    method: str
    units: str
    """What was played: ``hands``, ``matches`` or ``games``."""
    played: int
    figures: dict[str, Any]
    """Every figure, JSON-ready, as ``--json`` prints it."""
    tables: tuple[Table, ...] = ()
    plots: tuple[Plot, ...] = ()
    question: str = ""
    """The designer's question the study answers, in a sentence: the report opens with it."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "study": self.study,
            "game": self.game,
            "players": self.players,
            "command": self.command,
            "seed": self.seed,
            "version": self.version,
            "method": self.method,
            "units": self.units,
            "played": self.played,
            "figures": self.figures,
            "tables": [t.to_dict() for t in self.tables],
            "plots": [p.to_dict() for p in self.plots],
            "question": self.question,
        }
