"""What the person at the prompt meant: a numbered option, cards, a word (help, quit), or a mistake.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> state = rules.new_state(seed=3)
>>> options = ordered(state.legal_actions())
>>> interpret("1", rules, options, state.why_illegal).play == options[0]
True
>>> interpret("0", rules, options, state.why_illegal).error == f"no option 0: type a number from 1 to {len(options)}"
True
>>> interpret("pass", rules, options, state.why_illegal).error
'the leader must play: you cannot pass when leading a trick'
>>> interpret("q", rules, options, state.why_illegal).command
'quit'
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import NotationError
from bumtable.rules.climbing import ClimbingRules, Play
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET

COMMANDS = {
    "h": "help",
    "help": "help",
    "?": "help",
    "q": "quit",
    "quit": "quit",
    "exit": "quit",
    "t": "table",
    "table": "table",
    "s": "table",
    "show": "table",
}


@dataclass(frozen=True)
class Choice:
    """One reading of a line: exactly one of ``play``, ``command``, ``error`` or ``options`` is set."""

    play: Any = None
    """The action chosen (any game's action type)."""
    command: str | None = None
    error: str | None = None
    options: list[Any] = field(default_factory=list)
    """Two or more legal plays the typed cards could mean (set or sequence): ask which."""
    unreadable: bool = False
    """True when ``error`` says the text could not be read (not that the play is illegal)."""
    then: tuple[Any, ...] = ()
    """Further actions, in order, after ``play``: a line that stands for several (a whole Boojum bid typed
    at once), each already checked by the face."""


def _order_key(play: Play) -> tuple[int, ...]:
    if play.kind == SET:
        return (0, play.rank, play.size, *play.cards)
    if play.kind == SEQUENCE:
        return (1, play.width, play.length, play.rank)
    if play.kind == PASS:
        return (9,)
    return (5, play.kind)


def ordered(legal: Sequence[Play]) -> list[Play]:
    """Legal actions in the order a person scans them: sets by rank then size, sequences, pass last."""
    return sorted(legal, key=_order_key)


def _readings(rules: ClimbingRules, text: str) -> list[Play]:
    """Every play the text can mean: one, or a set and a sequence when it names no kind."""
    try:
        return [rules.parse_action(text)]
    except NotationError:
        both = []
        for kind in ("set", "seq"):
            with contextlib.suppress(NotationError):
                both.append(rules.parse_action(f"{kind} {text}"))
        if len(both) == 2:
            return both
        raise


def _with_suits(play: Play, options: Sequence[Play]) -> list[Play]:
    """The listed plays that are ``play`` with a deciding suit, when ``play`` names none (else ``play``)."""
    if play.suit >= 0:
        return [play]
    return [o for o in options if o.suit >= 0 and o._replace(suit=-1) == play] or [play]


def command_or_number(text: str, options: Sequence[Any], empty: str) -> Choice | None:
    """The reading of a blank line (``empty`` says what to type), a command word or an option number;
    None when the text is none of these (so it is an action to parse)."""
    if not text:
        return Choice(error=f"{empty} (h for help)", unreadable=True)
    command = COMMANDS.get(text.lower())
    if command is not None:
        return Choice(command=command)
    if text.isdigit():
        k = int(text)
        if 1 <= k <= len(options):
            return Choice(play=options[k - 1])
        return Choice(error=f"no option {k}: type a number from 1 to {len(options)}", unreadable=True)
    return None


def interpret(
    line: str,
    rules: ClimbingRules,
    options: Sequence[Play],
    why_illegal: Callable[[Play], str | None],
) -> Choice:
    """Read one line typed at the play prompt against the numbered ``options``."""
    text = line.strip()
    early = command_or_number(text, options, "type the number of a play, cards like 'Q Q 2', or p to pass")
    if early is not None:
        return early
    try:
        readings = _readings(rules, text)
    except NotationError as e:
        return Choice(error=str(e), unreadable=True)
    if rules.tables.bridge:  # cards typed without the deciding suit: each legal suit is a reading
        readings = [q for p in readings for q in _with_suits(p, options)]
    legal = [p for p in readings if why_illegal(p) is None]
    if len(legal) == 1:
        return Choice(play=legal[0])
    if len(legal) > 1:
        return Choice(options=legal)
    reasons = []
    for p in readings:
        reason = why_illegal(p)
        reasons.append(reason if len(readings) == 1 else f"as {rules.action_text(p)}: {reason}")
    return Choice(error="; ".join(r for r in reasons if r))
