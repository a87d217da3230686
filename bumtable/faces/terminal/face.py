"""A game's face in the terminal: how its table, turns and actions are shown and typed.

Every command that shows a game (``play``, ``replay``, ``join``) drives the game through one
:class:`Face`, chosen by :func:`~bumtable.faces.terminal.families.face_for` from the rules object. The
climbing games share one face; Gin Bummy and Boojum each have their own. A face sees only observations
(what the seat it speaks for may know), never the state.

One hook is optional, with a default here: ``scene(obs)`` (:class:`Scenes`), which says when the
table has changed enough to be drawn in full again (else :meth:`Face.turn_brief` is shown). Every face
reads typed lines by the input rule (:mod:`~bumtable.faces.terminal.common`): :func:`interpret_typed`
does it for a face whose actions are typed whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

from rich.console import RenderableType
from rich.text import Text

from bumtable.errors import NotationError
from bumtable.faces.terminal.common import Choice, Seats, command_or_option, number_or_move
from bumtable.rules import Event


class Face(Protocol):
    """What ``play`` and ``replay`` need to show one family of games."""

    name: str
    help: str
    """The text shown for ``?`` (or ``help``) at the prompt."""
    prompt: str
    """The question at the prompt, e.g. ``Your play: ``."""

    def hint(self, obs: Any, legal: Sequence[Any]) -> str:
        """One dim line under the numbered options: how to type this decision (``p`` only while passing
        is legal, how to bid or to claim)."""
        ...

    def ordered(self, obs: Any, legal: Sequence[Any]) -> list[Any]:
        """The legal actions numbered on screen, in that order.

        May be a shortlist when the legal list is long (Boojum's bids): any legal action can
        still be typed, and the help and hint say how.
        """
        ...

    def option_text(self, obs: Any, action: Any) -> Text:
        """One numbered option as shown."""
        ...

    def interpret(
        self, line: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
    ) -> Choice:
        """What a typed line means: an option number, an action, a command, or an error."""
        ...

    def opening(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The story so far when a view of the game begins (a new, resumed or replayed game)."""
        ...

    def turn_view(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The table as the person to act sees it in full, above the numbered options: at the first turn,
        when the :func:`scene` changes (a new hand) and on ``t``; other turns show :meth:`turn_brief`."""
        ...

    def turn_brief(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The turn in a few lines, for a turn when the table has not changed much since it was last
        drawn in full (:meth:`turn_view`): where the game is, what is to beat or decide, the hand."""
        ...

    def narrate(self, before: Any, events: Sequence[Event], after: Any, seats: Seats) -> list[RenderableType]:
        """What the action just taken did, told from the seat of the observations.

        ``events`` are the events the action caused, as that seat may know them (the rules layer
        leaves out what the seat may not see): a face never sees another player's real action.
        """
        ...

    def warning(self, obs: Any, action: Any) -> str | None:
        """A warning the person must confirm before ``action`` is taken (a move that loses the game
        outright, such as a Gin Bummy discard that starves its player), or None."""
        ...

    def holds(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The observing seat's hand, shown before it acts in a replay (nothing for a spectator)."""
        ...

    def standings(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """Where the game stands: scores, tokens or hands left."""
        ...

    def final(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The result of a game that is over."""
        ...

    def goal(self, rules: Any) -> str:
        """How the game is won, in words: ``first to 100 points``, ``first to all six tokens``."""
        ...

    def progress(self, obs: Any) -> str:
        """Where in the game this is, in words: ``hand 3``, ``turn 41``, ``round 2``."""
        ...


@runtime_checkable
class Scenes(Protocol):
    """A face that says itself when the full table is worth drawing again (optional: see :func:`scene`)."""

    def scene(self, obs: Any) -> Hashable:
        """The part of the game the turn belongs to (a hand, a round, a phase of it): when it changes,
        the next turn draws the full table again."""
        ...


def scene(face: Face, obs: Any) -> Hashable:
    """When the full table is drawn again: the face's own :meth:`Scenes.scene`, or by default the
    hand or round and its phase (a game of neither, such as Gin Bummy, draws it in full once).

    >>> from bumtable.rules import get
    >>> from bumtable.faces.terminal.families import face_for
    >>> rules = get("president", players=4)
    >>> state = rules.new_state(seed=1)
    >>> scene(face_for(rules), state.observe(0))
    (1, None, 'play')
    """
    if isinstance(face, Scenes):
        return face.scene(obs)
    hand, round_no = getattr(obs, "hand_no", None), getattr(obs, "round_no", None)
    if hand is None and round_no is None:
        return None
    return (hand, round_no, getattr(obs, "phase", None))


def interpret_typed(
    line: str,
    rules: Any,
    options: Sequence[Any],
    why_illegal: Callable[[Any], str | None],
    *,
    empty: str,
) -> Choice:
    """Read a line by the input rule: a command word, ``#N``, an action in the game's notation, or a
    number on its own (option N unless it is also a legal action: then the person is asked).

    ``empty`` says what to type, for a blank line. Used by the faces whose actions are typed
    whole (Gin Bummy's ``discard Kh``, Boojum's ``bid 5ML 9MS``).

    >>> from bumtable.rules import get
    >>> rules = get("gin-bummy")
    >>> state = rules.new_state(seed=4)
    >>> options = state.legal_actions()
    >>> interpret_typed("1", rules, options, state.why_illegal, empty="?").play == options[0]
    True
    >>> interpret_typed("#2", rules, options, state.why_illegal, empty="?").play == options[1]
    True
    >>> interpret_typed("discard", rules, options, state.why_illegal, empty="?").unreadable
    True
    """
    text = line.strip()
    early = command_or_option(text, options, empty)
    if early is not None:
        return early
    try:
        action = rules.parse_action(text)
    except NotationError as e:
        move = Choice(error=str(e), unreadable=True)
    else:
        reason = why_illegal(action)
        move = Choice(play=action) if reason is None else Choice(error=reason)
    if text.isdigit():
        return number_or_move(text, options, move, rules.action_text)
    return move
