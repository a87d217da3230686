"""What every terminal face uses: seat names, cards as text, and the reading of a typed line that comes
before the game's own notation (a command word, then ``#N``).

>>> count_word(3), count_word(12), Seats.numbered(3, you=1).names
('three', '12', ('P0', 'You', 'P2'))
>>> command_or_option("#2", ["a", "b"], "?").play, command_or_option("R", [], "?").command
('b', 'rules')
>>> command_or_option("#3", ["a", "b"], "?").error, command_or_option("3", ["a", "b"], "?")
('no option 3: type a number from 1 to 2', None)
>>> command_or_number("2", ["a", "b"], "?").play
'b'
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich import box
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from bumtable.cards import Card

_COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def fancy() -> bool:
    """True when stdout can show suit symbols; read as ``common.fancy()``, so a test can patch it here."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♣♦♥♠▶·→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def seat_table(*title: str) -> Table:
    """The table of seats each face draws, its title's parts joined by a dot (a comma where none shows)."""
    dot = " · " if fancy() else ", "
    return Table(title=dot.join(title), box=box.SIMPLE_HEAD, title_justify="left", pad_edge=False)


def turn_marker() -> str:
    """The mark beside the seat to act."""
    return "▶" if fancy() else ">"


def count_word(n: int) -> str:
    return _COUNT_WORDS[n] if 0 < n < len(_COUNT_WORDS) else str(n)


@dataclass(frozen=True)
class Seats:
    """How to name the players: ``names[p]``, and which seat (if any) is "you"."""

    names: tuple[str, ...]
    you: int | None = None
    kinds: tuple[str, ...] = ()

    @classmethod
    def numbered(cls, players: int, you: int | None = None, kinds: Sequence[str] = ()) -> Seats:
        names = tuple("You" if p == you else f"P{p}" for p in range(players))
        return cls(names, you, tuple(kinds))

    def name(self, p: int) -> str:
        return self.names[p]

    def verb(self, p: int, third: str, second: str) -> str:
        return second if p == self.you else third

    def possessive(self, p: int) -> str:
        return "your" if p == self.you else f"{self.names[p]}'s"


def card_text(code: int) -> Text:
    """A French card with its suit symbol, red suits in red, Jokers magenta."""
    card = Card(code)
    label = card.pretty() if fancy() else str(card)
    if card.is_joker:
        return Text(label, style="bold magenta")
    return Text(label, style="red" if card.suit in (1, 2) else "")


# ---------------------------------------------------------------------- reading a typed line
COMMANDS = {
    "h": "hint",
    "hint": "hint",
    "help": "help",
    "?": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "t": "table",
    "table": "table",
    "show": "table",
    "r": "rules",
    "rules": "rules",
}
"""The command words, read first at every prompt: they are never moves."""


@dataclass(frozen=True)
class Choice:
    """One reading of a line: one of ``play``, ``command``, ``error`` or ``options`` (ask which) is set."""

    play: Any = None
    command: str | None = None
    error: str | None = None
    options: list[Any] = field(default_factory=list)
    unreadable: bool = False
    """``error`` says the text could not be read, not that the play is illegal."""
    then: tuple[Any, ...] = ()
    """Actions to take after ``play``, in order, each already checked (a whole bid typed at once)."""
    question: str | None = None


def command_or_option(text: str, options: Sequence[Any], empty: str) -> Choice | None:
    """A blank line (``empty`` says what to type), a command word or ``#N``; None for anything else."""
    if not text:
        return Choice(error=f"{empty} (? for help)", unreadable=True)
    command = COMMANDS.get(text.lower())
    if command is not None:
        return Choice(command=command)
    if text.startswith("#"):
        number = text[1:].strip()
        if not number.isdigit():
            return Choice(
                error=f"after # type the number of an option, e.g. #2, not {text!r}", unreadable=True
            )
        return pick_option(int(number), options)
    return None


def pick_option(k: int, options: Sequence[Any]) -> Choice:
    """Option ``k`` (counted from 1), or an error that says which numbers there are."""
    if 1 <= k <= len(options):
        return Choice(play=options[k - 1])
    return Choice(error=f"no option {k}: {option_numbers(options)}", unreadable=True)


def option_numbers(options: Sequence[Any]) -> str:
    if not options:
        return "there is no menu here"
    return "the only option is 1" if len(options) == 1 else f"type a number from 1 to {len(options)}"


def command_or_number(text: str, options: Sequence[Any], empty: str) -> Choice | None:
    """:func:`command_or_option`, and a lone number as option N: for a notation where no move is a number."""
    early = command_or_option(text, options, empty)
    if early is not None or not text.isdigit():
        return early
    return pick_option(int(text), options)


def number_or_move(
    text: str, options: Sequence[Any], move: Choice, action_text: Callable[[Any], str]
) -> Choice:
    """The input rule for a lone number, given ``move``, its reading as a move.

    >>> asked = number_or_move("2", ["set 3", "pass"], Choice(play="set 2"), str)
    >>> asked.options, asked.question
    (['set 2', 'pass'], '2 could be a move (set 2) or option 2 of the menu (pass); #2 always means the option')
    """
    k = int(text)
    chosen = options[k - 1] if 1 <= k <= len(options) else None
    moves = [move.play] if move.play is not None else list(move.options)
    if not moves:
        if chosen is not None and not move.unreadable and move.error:
            # Cards that could be meant but are not a move now: say so, and how to pick the option.
            return Choice(
                error=f"{text} as a move: {move.error}; for option {k} ({action_text(chosen)}) type #{k}"
            )
        if chosen is not None:
            return Choice(play=chosen)
        reason = move.error or "it is not a move here"
        menu = f"the menu goes from 1 to {len(options)}" if len(options) > 1 else "the menu has only option 1"
        return Choice(error=f"no option {k} ({menu}), and as a move: {reason}", unreadable=move.unreadable)
    if chosen is None or chosen in moves:
        return move if chosen is None else Choice(play=chosen)
    shown = ", ".join(action_text(m) for m in moves)
    return Choice(
        options=[*moves, chosen],
        question=(
            f"{text} could be a move ({shown}) or option {k} of the menu ({action_text(chosen)}); "
            f"#{k} always means the option"
        ),
    )


def plain_text(lines: Sequence[RenderableType], width: int = 100) -> str:
    """What the terminal prints of ``lines``, as plain text ``width`` columns wide (no colour, no trailing
    spaces): the words an environment's ``ansi`` view or an agent reads."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, highlight=False, emoji=False)
    for line in lines:
        console.print(line)
    return "\n".join(line.rstrip() for line in out.getvalue().strip("\n").splitlines())
