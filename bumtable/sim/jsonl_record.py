"""A record kept as JSON lines (``--record FILE``): a header line, then one line per finished piece of work,
flushed as it finishes. One writer at a time holds it locked; a last line cut short by a stop is dropped; a
record of other work is refused, naming the first setting that differs. Tournaments and lab studies keep theirs
this way; each says what its lines hold (:meth:`JsonlRecord._entry`)."""

from __future__ import annotations

import errno
import fcntl
import json
from pathlib import Path
from types import TracebackType
from typing import IO, Any, ClassVar, Self


class JsonlRecord:
    """Opening creates the file, or reads the entries it holds (through :meth:`_entry`) after checking its
    header's ``SAME`` keys against ``head``; ``read_only`` reads without the lock, as it is written."""

    KIND: ClassVar[str]
    """The header's ``record`` value."""
    WHAT: ClassVar[str]
    """What a record holds, in words: ``tournament``, ``study``."""
    NAME: ClassVar[str]
    """The kind of record, in words: ``tournament record``, ``lab record``."""
    SAME: ClassVar[tuple[str, ...]]
    """What a record must share with the work that goes on from it."""
    BUSY: ClassVar[str] = "give another file"
    ERROR: ClassVar[type[Exception]]
    SAID: ClassVar[dict[str, str]] = {}
    """How a differing key is named, where not ``KEY is``."""
    MISSING: ClassVar[dict[str, Any]] = {}
    """What a header written before a key existed holds for it."""

    def __init__(self, path: str | Path, head: dict[str, Any], *, read_only: bool = False) -> None:
        self.path = Path(path)
        self._file: IO[bytes] | None = None
        if read_only:
            self._read_only(head)
            return
        try:
            file = self.path.open("a+b")  # created if missing; every write goes to the end
        except OSError as e:
            raise self.ERROR(f"cannot open the record {self.path}: {self._reason(e)}") from None
        try:
            try:
                fcntl.flock(file, fcntl.LOCK_EX | fcntl.LOCK_NB)  # one writer at a time
            except OSError as e:
                if e.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                    raise self.ERROR(f"cannot lock the record {self.path}: {self._reason(e)}") from None
                raise self.ERROR(
                    f"the record {self.path} is being written by another {self.WHAT}: {self.BUSY}"
                ) from None
            file.seek(0)
            try:
                data = file.read()
                text = data.decode()
            except (OSError, UnicodeDecodeError) as e:
                raise self.ERROR(f"cannot read the record {self.path}: {e}") from None
            good = self._read(text, head) if text.strip() else 0
            try:
                if good < len(data):
                    file.truncate(good)  # a last line cut short by a stop: dropped (or an empty file)
                if not good:
                    file.write((json.dumps(head) + "\n").encode())
                    file.flush()
            except OSError as e:
                raise self.ERROR(f"cannot write the record {self.path}: {self._reason(e)}") from None
        except BaseException:
            file.close()
            raise
        self._file = file

    def _reason(self, error: OSError) -> str:
        return str(error)

    def _entry(self, line: str) -> None:
        """Read one entry line and keep it; a :class:`ValueError` says what is wrong with it."""
        raise NotImplementedError

    def _read_only(self, head: dict[str, Any]) -> None:
        """Read the entries without locking or writing (a last line half written is left out)."""
        try:
            text = self.path.read_bytes().decode()
        except FileNotFoundError:
            raise self.ERROR(f"there is no record at {self.path}") from None
        except (OSError, UnicodeDecodeError) as e:
            raise self.ERROR(f"cannot read the record {self.path}: {e}") from None
        if not text.strip():
            raise self.ERROR(f"the record {self.path} is empty")
        self._read(text, head)

    def _read(self, text: str, head: dict[str, Any]) -> int:
        """Read the entries of ``text``; the length in bytes of its good part."""
        lines = text.split("\n")
        where = f"the record {self.path}"
        try:
            first = json.loads(lines[0])
        except json.JSONDecodeError:
            first = None
        if not isinstance(first, dict) or first.get("record") != self.KIND:
            raise self.ERROR(f"{where} is not a {self.NAME} (its first line should say {self.KIND!r})")
        for key in self.SAME:
            theirs, ours = first.get(key, self.MISSING.get(key)), head[key]
            if theirs != ours:
                if isinstance(theirs, dict) and isinstance(ours, dict):  # name the first setting that differs
                    sub = next(k for k in [*ours, *theirs] if theirs.get(k) != ours.get(k))
                    key, theirs, ours = f"{key}' {sub}", theirs.get(sub), ours.get(sub)
                said = self.SAID.get(key, f"{key} is")
                raise self.ERROR(
                    f"{where} records another {self.WHAT}: its {said} {_short(theirs)}, this one's "
                    f"{_short(ours)}; give another file to start a new record"
                )
        if len(lines) == 1:  # the whole first line, its newline never written: written again
            return 0
        good = len(lines[0].encode()) + 1
        for number, line in enumerate(lines[1:-1], start=2):  # each followed by a newline
            if line.strip():
                try:
                    self._entry(line)
                except ValueError as e:
                    raise self.ERROR(f"line {number} of {where} is broken: {e}") from None
            good += len(line.encode()) + 1
        return good  # what follows the last newline ("", or a line cut short by a stop) is dropped

    def _write(self, entry: dict[str, Any]) -> None:
        assert self._file is not None, "the record is closed (or was opened read-only)"
        self._file.write((json.dumps(entry) + "\n").encode())
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        self.close()


def _short(value: Any) -> str:
    text = json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."
