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

import errno
import fcntl
import json
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from bumtable import __version__
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


class TournamentRecord:
    """The deals a record holds (:attr:`deals`) and :meth:`add` for more. Opening creates the file, or refuses
    a record of another tournament (naming what differs) and drops a last line cut short; one tournament at a
    time holds it locked (``read_only`` reads it without the lock, as it is written)."""

    def __init__(
        self,
        path: str | Path,
        head: dict[str, Any],
        plan: Sequence[Sequence[str]],
        *,
        read_only: bool = False,
    ) -> None:
        self.path = Path(path)
        self.plan = [tuple(seats) for seats in plan]
        self.deals: dict[int, tuple[TableResult, ...]] = {}
        """The deals recorded, by index."""
        self._file: IO[bytes] | None = None
        if read_only:
            self._read_only(head)
            return
        try:
            file = self.path.open("a+b")  # created if missing; every write goes to the end
        except OSError as e:
            raise RecordError(f"cannot open the record {self.path}: {e}") from None
        try:
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)  # one tournament at a time writes a record
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                    raise RecordError(f"cannot lock the record {self.path}: {e}") from None
                raise RecordError(
                    f"the record {self.path} is being written by another tournament: wait for it to finish, "
                    "or give another file"
                ) from None
            file.seek(0)
            try:
                data = file.read()
                text = data.decode()
            except (OSError, UnicodeDecodeError) as e:
                raise RecordError(f"cannot read the record {self.path}: {e}") from None
            good = self._read(text, head) if text.strip() else 0
            try:
                if good < len(data):
                    file.truncate(good)  # a last line cut short by a stop: dropped (or an empty file)
                if not good:
                    file.write((json.dumps(head) + "\n").encode())
                    file.flush()
            except OSError as e:
                raise RecordError(f"cannot write the record {self.path}: {e}") from None
        except BaseException:
            file.close()
            raise
        self._file = file

    def _read_only(self, head: dict[str, Any]) -> None:
        """Read the deals without locking or writing (a last line half written is left out)."""
        try:
            text = self.path.read_bytes().decode()
        except FileNotFoundError:
            raise RecordError(f"there is no record at {self.path}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise RecordError(f"cannot read the record {self.path}: {e}") from None
        if not text.strip():
            raise RecordError(f"the record {self.path} is empty")
        self._read(text, head)

    def _read(self, text: str, head: dict[str, Any]) -> int:
        """Read the deals of ``text``; the length in bytes of its good part."""
        lines = text.split("\n")
        where = f"the record {self.path}"
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("record") != KIND:
            raise RecordError(f"{where} is not a tournament record (its first line should say {KIND!r})")
        for key in ("format", "version", "rules", "seed", "mode", "lineups", "bots"):
            theirs, ours = first.get(key), head[key]
            if theirs != ours:
                if isinstance(theirs, dict) and isinstance(ours, dict):  # name the first setting that differs
                    sub = next(k for k in [*ours, *theirs] if theirs.get(k) != ours.get(k))
                    key, theirs, ours = f"{key}' {sub}", theirs.get(sub), ours.get(sub)
                said = {"lineups": "line-ups are", "bots": "bots are"}.get(key, f"{key} is")
                raise RecordError(
                    f"{where} records another tournament: its {said} {_short(theirs)}, this one's "
                    f"{_short(ours)}; give another file to start a new record"
                )
        if len(lines) == 1:  # the whole first line, its newline never written: written again
            return 0
        good = len(lines[0].encode()) + 1
        for number, line in enumerate(lines[1:-1], start=2):  # each followed by a newline
            if line.strip():
                try:
                    index, tables = self._deal(line)
                except ValueError as e:
                    raise RecordError(f"line {number} of {where} is broken: {e}") from None
                self.deals[index] = tables
            good += len(line.encode()) + 1
        return good  # what follows the last newline ("", or a line cut short by a stop) is dropped

    def _deal(self, line: str) -> tuple[int, tuple[TableResult, ...]]:
        data = json.loads(line)  # a JSONDecodeError is a ValueError
        if not isinstance(data, dict) or not isinstance(data.get("deal"), int) or data["deal"] < 0:
            raise ValueError('a deal line is {"deal": INDEX, "tables": [...]}')
        tables = data.get("tables")
        if not isinstance(tables, list) or len(tables) != len(self.plan):
            raise ValueError(f"deal {data['deal']} has {_count(tables)} tables, not {len(self.plan)}")
        return data["deal"], tuple(
            table_from_dict(t, seats) for t, seats in zip(tables, self.plan, strict=True)
        )

    def add(self, index: int, tables: Sequence[TableResult]) -> None:
        """Record deal ``index``, written and flushed at once."""
        assert self._file is not None, "the record is closed (or was opened read-only)"
        line = json.dumps({"deal": index, "tables": [table_to_dict(t) for t in tables]})
        self._file.write((line + "\n").encode())
        self._file.flush()
        self.deals[index] = tuple(tables)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> TournamentRecord:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


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
