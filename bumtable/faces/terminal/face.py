"""The interface a family's terminal face implements, and the defaults its optional parts fall back on."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, runtime_checkable

from rich.console import RenderableType
from rich.text import Text

from bumtable.errors import NotationError
from bumtable.faces.terminal.common import Choice, Seats, command_or_option, number_or_move
from bumtable.rules import Event


class Face(Protocol):
    """What ``play``, ``replay`` and ``join`` need to show a family of games; it sees only observations."""

    name: str
    help: str
    """The text shown for ``?`` at the prompt."""
    prompt: str

    def hint(self, obs: Any, legal: Sequence[Any]) -> str: ...

    def ordered(self, obs: Any, legal: Sequence[Any]) -> list[Any]:
        """The legal actions to number, in order (maybe a shortlist: any legal action may be typed)."""
        ...

    def option_text(self, obs: Any, action: Any) -> Text: ...

    def interpret(
        self, line: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
    ) -> Choice: ...

    def opening(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The story so far when a view of the game begins (new, resumed or replayed)."""
        ...

    def turn_view(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The full table above the options: when the :func:`scene` changes and on ``t``."""
        ...

    def turn_brief(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The turn in a few lines, for the other turns."""
        ...

    def narrate(self, before: Any, events: Sequence[Event], after: Any, seats: Seats) -> list[RenderableType]:
        """What the last action did, from the ``events`` its seat may see (never another's real action)."""
        ...

    def warning(self, obs: Any, action: Any) -> str | None:
        """A warning to confirm before ``action`` is taken (a move that loses outright), or None."""
        ...

    def holds(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The observing seat's hand, shown before it acts in a replay."""
        ...

    def standings(self, obs: Any, seats: Seats) -> list[RenderableType]: ...

    def final(self, obs: Any, seats: Seats) -> list[RenderableType]: ...

    def goal(self, rules: Any) -> str:
        """How the game is won: ``first to 100 points``."""
        ...

    def progress(self, obs: Any) -> str:
        """Where in the game this is: ``hand 3``, ``turn 41``."""
        ...


@runtime_checkable
class Scenes(Protocol):
    """Optional: a face that says itself which part of the game (a hand, a phase) a turn belongs to."""

    def scene(self, obs: Any) -> Hashable: ...


def scene(face: Face, obs: Any) -> Hashable:
    """The part of the game a turn belongs to (the full table is drawn when it changes): the face's own,
    or the hand or round and its phase (None in a game of neither, drawn in full once).

    >>> from bumtable.rules import get
    >>> from bumtable.faces.terminal.families import face_for
    >>> rules = get("president", players=4)
    >>> scene(face_for(rules), rules.new_state(seed=1).observe(0))
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
    """The input rule, for a face whose actions are typed whole (``empty``: the hint for a blank line)."""
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
