"""What the person types at ``bumtable join``, read on a thread of its own so that the table is shown while
they think and a ``quit`` is seen as it is typed."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

from bumtable.cli.prompt import LineReader
from bumtable.faces.terminal.common import COMMANDS

QUIT_WORDS = frozenset(word for word, command in COMMANDS.items() if command == "quit")


def is_quit(line: str | None) -> bool:
    """Whether a typed line asks to leave the table (``q``, ``quit``, ``exit``, in any case)."""
    return line is not None and line.strip().lower() in QUIT_WORDS


@dataclass(frozen=True)
class Typed:
    """A line the person typed (without its newline); None when input ended."""

    line: str | None


class Keyboard:
    """Hands each line to ``put``: from the terminal or a pipe as it comes, from a ``stream`` (a test's
    person, who answers the prompt as the table stands) only when :meth:`want` asks."""

    def __init__(self, reader: LineReader, put: Callable[[Typed], None]) -> None:
        self.stream = reader.stream
        self.eager = reader.stream is None
        self.put = put
        self.asked = threading.Semaphore(0)
        self.waiting = False  # a line was asked for and has not come yet

    def start(self) -> None:
        threading.Thread(target=self._read, daemon=True).start()

    def want(self) -> None:
        if not self.eager and not self.waiting:
            self.waiting = True
            self.asked.release()

    def came(self) -> None:
        self.waiting = False

    def _read(self) -> None:
        stream = self.stream or sys.stdin
        while True:
            if not self.eager:
                self.asked.acquire()
            try:
                line = stream.readline()
            except (OSError, ValueError):  # the input was closed under us: it ended
                line = ""
            self.put(Typed(line.rstrip("\r\n") if line else None))
            if not line:
                return


class PromptReader(LineReader):
    """The prompt's reader at a server's table: ``answer`` waits for the line while the table is shown."""

    def __init__(self, reader: LineReader, answer: Callable[[str], str | None]) -> None:
        super().__init__(reader.console, stream=reader.stream)
        self.tty = reader.tty
        self.answer = answer

    def ask(self, question: str) -> str | None:
        return self.answer(question)
