"""A game's face in the terminal: how its table, turns and actions are shown and typed.

Every command that shows a game (``play``, ``replay``) drives the game through
one :class:`Face`, chosen by :func:`bumtable.cli.faces.face_for` from the rules object. The climbing
games share one face; Gin Bummy and Boojum each have their own. A face sees only
observations (what the seat it speaks for may know), never the state.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rich.console import RenderableType
from rich.text import Text

from bumtable.cli.choice import Choice, command_or_number
from bumtable.cli.render import Seats
from bumtable.errors import NotationError
from bumtable.rules import Event


class Face(Protocol):
    """What ``play`` and ``replay`` need to show one family of games."""

    name: str
    help: str
    """The text shown for ``h`` at the prompt."""
    hint: str
    """One dim line under the numbered options."""
    prompt: str
    """The question at the prompt, e.g. ``Your play: ``."""

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
        """The table as the person to act sees it, above the numbered options."""
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


def interpret_typed(
    line: str,
    rules: Any,
    options: Sequence[Any],
    why_illegal: Callable[[Any], str | None],
    *,
    empty: str,
) -> Choice:
    """Read a line as a command word, an option number, or an action in the game's notation.

    ``empty`` says what to type, for a blank line. Used by the faces whose actions are typed
    whole (Gin Bummy's ``discard Kh``, Boojum's ``bid 5ML 9MS``).

    >>> from bumtable.rules import get
    >>> rules = get("gin-bummy")
    >>> state = rules.new_state(seed=4)
    >>> options = state.legal_actions()
    >>> interpret_typed("1", rules, options, state.why_illegal, empty="?").play == options[0]
    True
    >>> interpret_typed("discard", rules, options, state.why_illegal, empty="?").unreadable
    True
    """
    text = line.strip()
    early = command_or_number(text, options, empty)
    if early is not None:
        return early
    try:
        action = rules.parse_action(text)
    except NotationError as e:
        return Choice(error=str(e), unreadable=True)
    reason = why_illegal(action)
    if reason is None:
        return Choice(play=action)
    return Choice(error=reason)
