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

import errno
import fcntl
import json
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from bumtable import __version__
from bumtable.lab.study import LabError, Tally

FORMAT = 1
KIND = "bumtable lab record"
SAME = ("format", "version", "study", "options", "game", "rules", "bots", "seed", "chunk")
"""What a record must share with the study that goes on from it."""


def header(
    *,
    study: str,
    rules: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    chunk: int,
    options: dict[str, Any] | None = None,
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
        "chunk": chunk,
    }
    out: dict[str, Any] = json.loads(json.dumps(data))
    return out


class StudyRecord:
    """The chunks a record holds (:attr:`chunks`: index -> (units, tally)) and :meth:`add` for more. Opening
    creates the file, or refuses a record of another study in one line, and drops a last line cut short."""

    def __init__(self, path: str | Path, head: dict[str, Any]) -> None:
        self.path = Path(path)
        self.chunks: dict[int, tuple[int, Tally]] = {}
        try:
            file = self.path.open("a+b")
        except OSError as e:
            raise LabError(f"cannot open the record {self.path}: {e.strerror}") from None
        try:
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                    raise LabError(f"cannot lock the record {self.path}: {e.strerror}") from None
                raise LabError(
                    f"the record {self.path} is being written by another study: give another file"
                ) from None
            file.seek(0)
            try:
                data = file.read()
                text = data.decode()
            except (OSError, UnicodeDecodeError) as e:
                raise LabError(f"cannot read the record {self.path}: {e}") from None
            good = self._read(text, head) if text.strip() else 0
            try:
                if good < len(data):
                    file.truncate(good)
                if not good:
                    file.write((json.dumps(head) + "\n").encode())
                    file.flush()
            except OSError as e:
                raise LabError(f"cannot write the record {self.path}: {e.strerror}") from None
        except BaseException:
            file.close()
            raise
        self._file: IO[bytes] | None = file

    def _read(self, text: str, head: dict[str, Any]) -> int:
        """Read the chunks of ``text``; the length in bytes of its good part."""
        lines = text.split("\n")
        where = f"the record {self.path}"
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("record") != KIND:
            raise LabError(f"{where} is not a lab record (its first line should say {KIND!r})")
        for key in SAME:  # a record written before studies had options holds none
            theirs, ours = first.get(key, {} if key == "options" else None), head[key]
            if theirs != ours:
                if isinstance(theirs, dict) and isinstance(ours, dict):
                    sub = next(k for k in [*ours, *theirs] if theirs.get(k) != ours.get(k))
                    key, theirs, ours = f"{key}' {sub}", theirs.get(sub), ours.get(sub)
                raise LabError(
                    f"{where} records another study: its {key} is {_short(theirs)}, this one's "
                    f"{_short(ours)}; give another file to start a new record"
                )
        if len(lines) == 1:
            return 0
        good = len(lines[0].encode()) + 1
        for number, line in enumerate(lines[1:-1], start=2):
            if line.strip():
                try:
                    data = json.loads(line)
                    index, units, tally = data["chunk"], data["units"], data["tally"]
                    if not (isinstance(index, int) and isinstance(units, int) and isinstance(tally, dict)):
                        raise ValueError
                except (ValueError, KeyError, TypeError):
                    raise LabError(
                        f'line {number} of {where} is broken: a chunk is {{"chunk": I, "units": N, "tally": {{...}}}}'
                    ) from None
                self.chunks[index] = (units, tally)
            good += len(line.encode()) + 1
        return good

    def add(self, index: int, units: int, tally: Tally) -> None:
        """Record chunk ``index`` of ``units`` units, written and flushed at once."""
        assert self._file is not None, "the record is closed"
        self._file.write((json.dumps({"chunk": index, "units": units, "tally": tally}) + "\n").encode())
        self._file.flush()
        self.chunks[index] = (units, tally)

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> StudyRecord:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


def recorded_seed(path: str | Path) -> int | None:
    """The seed of the study recorded at ``path``; None when there is no lab record there."""
    try:
        with Path(path).open("rb") as file:
            first = json.loads(file.readline().decode())
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    seed = first.get("seed") if isinstance(first, dict) and first.get("record") == KIND else None
    return seed if isinstance(seed, int) and not isinstance(seed, bool) else None
