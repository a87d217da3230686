"""The climbing games' input rule: a line is read as cards first, since their ranks are numbers (``7``
is the 7s, never option 7; ``q`` a Queen while one may be played); options are typed ``#N``."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

from bumtable.errors import NotationError
from bumtable.faces.terminal.common import Choice, command_or_option, option_numbers, pick_option
from bumtable.rules.climbing import ClimbingRules, Play
from bumtable.rules.climbing.plays import GIVE, PASS, SEQUENCE, SET, picks_of, with_picks

INPUT_RULE = (
    "What you type is read as cards first: 7 means your 7s, never option 7, and Q your Queens. Options of "
    "the menu are #N (#7 is option 7); a number that cannot be cards, like 1, picks its option too. q is a "
    "Queen while you may play one; otherwise it quits, as quit always does (asking first when the game is "
    "not saved)."
)


_NOT_GIVE = {"give", "set", "seq", "sequence", "pass", "p", "revolution", "no-revolution"}


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
    picks = picks_of(play)  # cards named by suit (wild cards here) stay named in each reading
    return [with_picks(o, picks) for o in options if o.suit >= 0 and o._replace(suit=-1) == play] or [play]


EMPTY = "type cards like 'Q Q 2', p to pass, or #N for option N of the menu"


def interpret(
    line: str,
    rules: ClimbingRules,
    options: Sequence[Play],
    why_illegal: Callable[[Play], str | None],
) -> Choice:
    """One line typed at the play prompt, read by the input rule against the numbered ``options``.

    >>> from bumtable.rules import get
    >>> rules = get("bum-game", players=4)
    >>> state = rules.new_state(seed=3)  # seat 0 leads, with a Queen and no Two
    >>> options = ordered(state.legal_actions())
    >>> [rules.action_text(interpret(t, rules, options, state.why_illegal).play) for t in ("q", "#2", "1")]
    ['set Q', 'set 3 JK', 'set 3']
    >>> interpret("2", rules, options, state.why_illegal).error
    'you do not hold the cards for 2 (short of 2) (option 2 is #2)'
    """
    text = line.strip()
    early = command_or_option(text, options, EMPTY)
    if early is not None and early.command == "quit" and text.lower() == "q":
        queen = _as_move(text, rules, options, why_illegal)
        if queen.play is not None or queen.options:  # a Queen that may be played now: cards win
            return queen
    if early is not None:
        return early
    move = _as_move(text, rules, options, why_illegal)
    if text.isdigit():
        return number_as_cards(text, options, move)
    return move


def number_as_cards(text: str, options: Sequence[Any], move: Choice) -> Choice:
    """A lone number where ranks are numbers: the cards it names (``move``, legal or not), else option N."""
    if move.unreadable:  # not cards of this game: the menu's option
        k = int(text)
        if 1 <= k <= len(options):
            return pick_option(k, options)
        return Choice(
            error=f"no option {k}: {option_numbers(options)} ({text} is no card here)", unreadable=True
        )
    if move.error is not None and 1 <= int(text) <= len(options):
        return Choice(error=f"{move.error} (option {text} is #{text})")
    return move


def _as_move(
    text: str, rules: ClimbingRules, options: Sequence[Play], why_illegal: Callable[[Play], str | None]
) -> Choice:
    """The line read as a move: the legal play it means, the legal plays it could mean, or why none."""
    if any(o.kind == GIVE for o in options) and text.split()[0].lower() not in _NOT_GIVE:
        text = f"give {text}"  # choosing the cards to give: the cards typed are the gift
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
