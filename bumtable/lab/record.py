"""A study's record (``--record FILE``): a header line naming the study, its options, game, rules, bots, seed
and version, then a JSON line per finished chunk, flushed as it finishes, so a stopped study goes on from there.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "lab.jsonl"
>>> head = header(study="revolution", rules={"system": "bum-game"}, bots=["heuristic"], seed=1, chunk=100)
>>> with StudyRecord(path, head) as record:
...     record.add(0, 100, {"hands": 100})
>>> StudyRecord(path, head).chunks
{0: (100, {'hands': 100})}
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

from bumtable import __version__
from bumtable.lab.study import LabError, Tally
from bumtable.sim.jsonl_record import JsonlRecord

FORMAT = 1
KIND = "bumtable lab record"
SAME = ("format", "version", "study", "options", "game", "rules", "bots", "seed", "engine", "chunk")
"""What a record must share with the study that goes on from it."""


def header(
    *,
    study: str,
    rules: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    chunk: int,
    options: dict[str, Any] | None = None,
    engine: str = "reference",
) -> dict[str, Any]:
    """The first line of a record, as JSON reads it back (``options``: the study's own, by name)."""
    data = {
        "record": KIND,
        "format": FORMAT,
        "version": __version__,
        "study": study,
        "options": options or {},
        "game": rules.get("system"),
        "rules": rules,
        "bots": list(bots),
        "seed": seed,
        "engine": engine,  # before the chunk size it decides, so a refusal names it
        "chunk": chunk,
    }
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


class StudyRecord(JsonlRecord):
    """The chunks a record holds (:attr:`chunks`: index -> (units, tally)) and :meth:`add` for more. Opening
    creates the file, or refuses a record of another study in one line, and drops a last line cut short."""

    KIND = KIND
    WHAT = "study"
    NAME = "lab record"
    SAME = SAME
    ERROR = LabError
    MISSING: ClassVar[dict[str, Any]] = {"options": {}, "engine": "reference"}
    """What a record written before a header field existed holds: no study options, the rules layer."""

    def __init__(self, path: str | Path, head: dict[str, Any]) -> None:
        self.chunks: dict[int, tuple[int, Tally]] = {}
        super().__init__(path, head)

    def _reason(self, error: OSError) -> str:
        return str(error.strerror)

    def _entry(self, line: str) -> None:
        try:
            data = json.loads(line)
            index, units, tally = data["chunk"], data["units"], data["tally"]
            if not (isinstance(index, int) and isinstance(units, int) and isinstance(tally, dict)):
                raise ValueError
        except (ValueError, KeyError, TypeError):
            raise ValueError('a chunk is {"chunk": I, "units": N, "tally": {...}}') from None
        self.chunks[index] = (units, tally)

    def add(self, index: int, units: int, tally: Tally) -> None:
        """Record chunk ``index`` of ``units`` units, written and flushed at once."""
        self._write({"chunk": index, "units": units, "tally": tally})
        self.chunks[index] = (units, tally)


def recorded_seed(path: str | Path) -> int | None:
    """The seed of the study recorded at ``path``; None when there is no lab record there."""
    try:
        with Path(path).open("rb") as file:
            first = json.loads(file.readline().decode())
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    seed = first.get("seed") if isinstance(first, dict) and first.get("record") == KIND else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None
