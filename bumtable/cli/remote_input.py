"""What the person types at ``bumtable join``, read beside the table's messages.

A thread of its own reads the person's lines and hands each on (``put``) as a :class:`Typed`, so the client
waits for a line and for the table at once: what happens at the table is shown while the person thinks, and a
``quit`` typed while others move is seen as it is typed. From the terminal or piped input every line is read
as it comes (a line typed ahead is kept for the next prompt, as a terminal would keep it); a stream handed in
(a test's person who answers the prompt as the table stands) is read only when a line is asked for.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

from bumtable.cli.prompt import LineReader
from bumtable.faces.terminal.common import COMMANDS

QUIT_WORDS = frozenset(word for word, command in COMMANDS.items() if command == "quit")
"""The words that leave the table (``q``, ``quit``, ``exit``), whenever they are typed."""


def is_quit(line: str | None) -> bool:
    """Whether a typed line asks to leave the table.

    >>> is_quit(" Quit "), is_quit("q"), is_quit("1"), is_quit(None)
    (True, True, False, False)
    """
    return line is not None and line.strip().lower() in QUIT_WORDS


@dataclass(frozen=True)
class Typed:
    """A line the person typed (without its newline); None when input ended."""

    line: str | None


class Keyboard:
    """Reads the person's lines on a thread of its own, handing each on to ``put`` as a :class:`Typed`.

    Lines from the terminal (or piped) are read as they come; lines of a ``stream`` the reader was given
    only once :meth:`want` asks for one (each answers the prompt it is asked at).
    """

    def __init__(self, reader: LineReader, put: Callable[[Typed], None]) -> None:
        self.stream = reader.stream
        self.eager = reader.stream is None
        """Every line is read as it comes (from the terminal or piped input)."""
        self.put = put
        self.asked = threading.Semaphore(0)
        self.waiting = False
        """A line was asked for (:meth:`want`) and has not come yet."""

    def start(self) -> None:
        """Start reading."""
        threading.Thread(target=self._read, daemon=True).start()

    def want(self) -> None:
        """Ask for the next line (read on demand only: from the terminal every line is read anyway)."""
        if not self.eager and not self.waiting:
            self.waiting = True
            self.asked.release()

    def came(self) -> None:
        """A line handed on has been taken: the next may be asked for."""
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
    """The prompt's reader at a server's table: ``answer(question)`` asks and waits for the line (showing what
    happens at the table meanwhile); echoed and ended as :class:`LineReader` does."""

    def __init__(self, reader: LineReader, answer: Callable[[str], str | None]) -> None:
        super().__init__(reader.console, stream=reader.stream)
        self.tty = reader.tty
        self.answer = answer

    def ask(self, question: str) -> str | None:
        return self.answer(question)
