"""What every terminal face uses: the names of the seats, small numbers in words, whether the terminal shows
suit symbols, a French card as text, and how a typed line is read before the game's own notation.

A typed line is read as a command word (?/help, h/hint, t/table, r/rules, quit) or ``#N`` (option N of
the menu) first (:func:`command_or_option`); what is left is the face's to read. Games whose moves are
never numbers (Gin Bummy, Boojum) read a number alone as option N (:func:`command_or_number`).

>>> count_word(3), count_word(12)
('three', '12')
>>> Seats.numbered(3, you=1).names
('P0', 'You', 'P2')
>>> command_or_number("2", ["draw stock", "draw beg"], "?").play
'draw beg'
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from bumtable.cards import Card

_COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def fancy() -> bool:
    """True when stdout can show suit symbols (else cards print as ``Qs``).

    The faces call it as ``common.fancy()``, so that a test can set it in this one place.
    """
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♣♦♥♠▶·→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def count_word(n: int) -> str:
    """A small number in words (``three``), larger ones in digits."""
    return _COUNT_WORDS[n] if 0 < n < len(_COUNT_WORDS) else str(n)


@dataclass(frozen=True)
class Seats:
    """How to name the players: ``names[p]``, and which seat (if any) is "you"."""

    names: tuple[str, ...]
    you: int | None = None
    kinds: tuple[str, ...] = ()

    @classmethod
    def numbered(cls, players: int, you: int | None = None, kinds: Sequence[str] = ()) -> Seats:
        """``P0``, ``P1``, ... with ``You`` for seat ``you``."""
        names = tuple("You" if p == you else f"P{p}" for p in range(players))
        return cls(names, you, tuple(kinds))

    def name(self, p: int) -> str:
        """The player's name."""
        return self.names[p]

    def verb(self, p: int, third: str, second: str) -> str:
        """``plays`` for others, ``play`` for you."""
        return second if p == self.you else third

    def possessive(self, p: int) -> str:
        """``P2's`` or ``your``."""
        return "your" if p == self.you else f"{self.names[p]}'s"


def card_text(code: int) -> Text:
    """One French card with its suit symbol, red suits in red, Jokers magenta (the climbing games, Gin Bummy)."""
    card = Card(code)
    label = card.pretty() if fancy() else str(card)
    if card.is_joker:
        return Text(label, style="bold magenta")
    return Text(label, style="red" if card.suit in (1, 2) else "")


Part = tuple[str, str]
"""One paragraph of a game's rules in short (``r`` at the prompt): its label (``Goal``) and its text."""


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
"""The command words, read before anything else at every prompt (they are never moves)."""


@dataclass(frozen=True)
class Choice:
    """One reading of a line: exactly one of ``play``, ``command``, ``error`` or ``options`` is set."""

    play: Any = None
    """The action chosen (any game's action type)."""
    command: str | None = None
    error: str | None = None
    options: list[Any] = field(default_factory=list)
    """Two or more legal actions the line could mean (a set or a sequence; a move or a menu option): ask."""
    unreadable: bool = False
    """True when ``error`` says the text could not be read (not that the play is illegal)."""
    then: tuple[Any, ...] = ()
    """Further actions, in order, after ``play``: a line that stands for several (a whole Boojum bid typed
    at once), each already checked by the face."""
    question: str | None = None
    """With ``options``: why the line has several readings, told before asking which is meant."""


def command_or_option(text: str, options: Sequence[Any], empty: str) -> Choice | None:
    """The reading of a blank line (``empty`` says what to type), a command word or ``#N``; None when
    the text is none of these (a move, or a number to read by :func:`number_or_move`).

    >>> command_or_option("#2", ["a", "b"], "?").play, command_or_option("R", [], "?").command
    ('b', 'rules')
    >>> command_or_option("#3", ["a", "b"], "?").error
    'no option 3: type a number from 1 to 2'
    >>> command_or_option("3", ["a", "b"], "?") is None
    True
    """
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
    """Option ``k`` of the menu (counted from 1), or an error that says which numbers there are."""
    if 1 <= k <= len(options):
        return Choice(play=options[k - 1])
    return Choice(error=f"no option {k}: {option_numbers(options)}", unreadable=True)


def option_numbers(options: Sequence[Any]) -> str:
    """Which option numbers the menu has, in words: ``type a number from 1 to 5``."""
    if not options:
        return "there is no menu here"
    return "the only option is 1" if len(options) == 1 else f"type a number from 1 to {len(options)}"


def command_or_number(text: str, options: Sequence[Any], empty: str) -> Choice | None:
    """:func:`command_or_option`, and a number on its own as an option: for a notation in which a
    number alone is never a move (Boojum's cards and Gin Bummy's always carry a suit).

    >>> command_or_number("2", ["a", "b"], "?").play
    'b'
    """
    early = command_or_option(text, options, empty)
    if early is not None or not text.isdigit():
        return early
    return pick_option(int(text), options)


def number_or_move(
    text: str, options: Sequence[Any], move: Choice, action_text: Callable[[Any], str]
) -> Choice:
    """The input rule for a number typed on its own, given its reading as a move (``move``).

    A legal move and no different option N: the move. An option N and no legal move: the option. Both
    and different: ask which (``options``, with the ``question`` why). Neither: an error that says both.

    >>> move = Choice(play="set 2")
    >>> number_or_move("2", ["pass", "set 2"], move, str).play
    'set 2'
    >>> asked = number_or_move("2", ["set 3", "pass"], move, str)
    >>> asked.options, asked.question
    (['set 2', 'pass'], '2 could be a move (set 2) or option 2 of the menu (pass); #2 always means the option')
    >>> number_or_move("2", ["set 3"], Choice(error="you do not hold a 2"), str).error
    'no option 2 (the menu has only option 1), and as a move: you do not hold a 2'
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
