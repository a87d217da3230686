"""Reading a line from the person at the terminal, or from piped input, without ever crashing on EOF."""

from __future__ import annotations

import contextlib
import sys
from typing import TextIO

from rich.console import Console

from bumtable.cli.common import stdin_is_tty


class LineReader:
    """Asks a question and reads one line (``None`` once input ends) from stdin or ``stream``; input not
    from a terminal is echoed, so a transcript reads like a session.

    >>> import io
    >>> reader = LineReader(Console(file=io.StringIO()), stream=io.StringIO("2\\n"))
    >>> reader.ask("Which? "), reader.ask("Which? ")
    ('2', None)
    """

    def __init__(self, console: Console, *, stream: TextIO | None = None) -> None:
        self.console = console
        self.stream = stream
        self.tty = stream is None and stdin_is_tty()
        self.ended = False
        if self.tty:
            with contextlib.suppress(ImportError):  # line editing and history for input()
                import readline  # noqa: F401

    def ask(self, question: str) -> str | None:
        try:
            if self.tty:
                line = input(question)  # input() draws the prompt itself, so line editing stays aligned
            else:
                self.console.print(question, end="", markup=False, highlight=False)
                self.console.file.flush()
                line = (self.stream or sys.stdin).readline()
        except EOFError:
            self.console.print()
            self.ended = True
            return None
        if not self.tty:
            if not line:
                self.console.print()
                self.ended = True
                return None
            line = line.rstrip("\r\n")
            self.console.print(line, markup=False, highlight=False)
        return line

    def discard_typed_ahead(self) -> None:
        """Drop keys pressed at the terminal while the game was telling something: they answer nothing."""
        if not self.tty:
            return
        with contextlib.suppress(ImportError, OSError, ValueError):
            import termios

            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
