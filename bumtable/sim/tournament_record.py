"""A tournament's record (``--record FILE``): a header line naming the tournament, then a JSON line per deal,
flushed as it finishes, so a stopped tournament loses only the deals in play and goes on from there.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "t.jsonl"
>>> head = header(rules={"system": "president"}, seed=1, mode="duplicate", lineups=[("a", "b")])
>>> with TournamentRecord(path, head, [("a", "b")]) as record:
...     record.add(3, (TableResult(("a", "b"), (1, 2), (1.0, 0.0), (2.0, 0.0)),))
>>> TournamentRecord(path, head, [("a", "b")], read_only=True).deals[3][0].places
(1, 2)
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from bumtable import __version__
from bumtable.sim.jsonl_record import JsonlRecord
from bumtable.sim.lineups import TournamentError
from bumtable.sim.tournament_stats import TableResult

FORMAT = 1
KIND = "bumtable tournament record"


class RecordError(TournamentError):
    """A record that cannot be used: not a record, broken, or another tournament's."""


def header(
    *,
    rules: dict[str, Any],
    seed: int,
    mode: str,
    lineups: Sequence[Sequence[str]],
    bots: dict[str, str] | None = None,
) -> dict[str, Any]:
    """The first line of a record, as JSON reads it back. ``bots`` gives each kind's settings, not its code:
    after a bot's code changes, start a new record."""
    data = {
        "record": KIND,
        "format": FORMAT,
        "version": __version__,
        "rules": rules,
        "seed": seed,
        "mode": mode,
        "lineups": [list(lineup) for lineup in lineups],
        "bots": bots or {},
    }
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


def table_to_dict(table: TableResult) -> dict[str, Any]:
    return {
        "kinds": list(table.kinds),
        "places": list(table.places),
        "firsts": list(table.firsts),
        "points": list(table.points),
    }


def table_from_dict(data: Any, seats: Sequence[str]) -> TableResult:
    """One table's result read back; a :class:`ValueError` says what is wrong with it."""
    if not isinstance(data, dict):
        raise ValueError(f"a table is an object, not {data!r}")
    kinds = tuple(data.get("kinds") or ())
    if kinds != tuple(seats):
        raise ValueError(f"a table seats {list(kinds)}, where this tournament seats {list(seats)}")
    n = len(seats)
    places, firsts, points = (data.get(key) for key in ("places", "firsts", "points"))
    for name, values in (("places", places), ("firsts", firsts), ("points", points)):
        if not isinstance(values, list) or len(values) != n:
            raise ValueError(f"a table's {name} must be a list of {n} numbers, not {values!r}")
        if not all(isinstance(x, int | float) and not isinstance(x, bool) for x in values):
            raise ValueError(f"a table's {name} must be numbers, not {values!r}")
    assert places is not None and firsts is not None and points is not None
    return TableResult(
        kinds, tuple(int(x) for x in places), tuple(float(x) for x in firsts), tuple(float(x) for x in points)
    )


class TournamentRecord(JsonlRecord):
    """The deals a record holds (:attr:`deals`) and :meth:`add` for more. Opening creates the file, or refuses
    a record of another tournament (naming what differs) and drops a last line cut short; one tournament at a
    time holds it locked (``read_only`` reads it without the lock, as it is written)."""

    KIND = KIND
    WHAT = "tournament"
    NAME = "tournament record"
    SAME = ("format", "version", "rules", "seed", "mode", "lineups", "bots")
    BUSY = "wait for it to finish, or give another file"
    ERROR = RecordError
    SAID: ClassVar[dict[str, str]] = {"lineups": "line-ups are", "bots": "bots are"}

    def __init__(
        self,
        path: str | Path,
        head: dict[str, Any],
        plan: Sequence[Sequence[str]],
        *,
        read_only: bool = False,
    ) -> None:
        self.plan = [tuple(seats) for seats in plan]
        self.deals: dict[int, tuple[TableResult, ...]] = {}
        """The deals recorded, by index."""
        super().__init__(path, head, read_only=read_only)

    def _entry(self, line: str) -> None:
        data = json.loads(line)  # a JSONDecodeError is a ValueError
        if not isinstance(data, dict) or not isinstance(data.get("deal"), int) or data["deal"] < 0:
            raise ValueError('a deal line is {"deal": INDEX, "tables": [...]}')
        tables = data.get("tables")
        if not isinstance(tables, list) or len(tables) != len(self.plan):
            raise ValueError(f"deal {data['deal']} has {_count(tables)} tables, not {len(self.plan)}")
        self.deals[data["deal"]] = tuple(
            table_from_dict(t, seats) for t, seats in zip(tables, self.plan, strict=True)
        )

    def add(self, index: int, tables: Sequence[TableResult]) -> None:
        """Record deal ``index``, written and flushed at once."""
        self._write({"deal": index, "tables": [table_to_dict(t) for t in tables]})
        self.deals[index] = tuple(tables)


def _count(tables: Any) -> int | str:
    return len(tables) if isinstance(tables, list) else "no list of"


def recorded_seed(path: str | Path) -> int | None:
    """The seed of the tournament recorded at ``path``; None when there is no record there."""
    try:
        with Path(path).open("rb") as file:
            first = json.loads(file.readline().decode())
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    seed = first.get("seed") if isinstance(first, dict) and first.get("record") == KIND else None
    return seed if isinstance(seed, int) else None
