"""The climbing engine's rules object: every option of every climbing game, as data, and the games it makes.

A preset (see :mod:`bumtable.rules.bum_game`) is one value of this dataclass; a
house rule is another value of a field, never another module. The options themselves, their
checks and the look-up tables are :class:`~bumtable.rules.climbing.options.ClimbingOptions`, at
the bottom of the family; :class:`ClimbingRules` adds what needs the modules above them: new
states, and the actions' text and numbers. It is the top of the family: nothing in it imports this.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> rules.roles
('Boss', 'Foreman', 'Worker', 'Bum')
>>> rules.deck_size, rules.target
(54, 100)
>>> get("bum-game", players=4, target=20, exchange=False).target
20
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from bumtable.errors import RulesError
from bumtable.rules.action_space import IndexedSpace
from bumtable.rules.climbing.action_space import action_space, space_bound
from bumtable.rules.climbing.notation import format_play, parse_play
from bumtable.rules.climbing.options import (
    BUM_RANK_ORDER,
    ClimbingOptions,
    Declare,
    ExchangeOrder,
    FirstRoles,
    FlushBeats,
    Leader,
    Reverses,
    Seating,
    TargetWinner,
)
from bumtable.rules.climbing.plays import Play
from bumtable.rules.climbing.state import ClimbingState

__all__ = [
    "BUM_RANK_ORDER",
    "ClimbingOptions",
    "ClimbingRules",
    "Declare",
    "ExchangeOrder",
    "FirstRoles",
    "FlushBeats",
    "Leader",
    "Reverses",
    "Seating",
    "TargetWinner",
]


MAX_ACTIONS = 250_000
"""The most actions a climbing game's action space may hold (counted by
:func:`~bumtable.rules.climbing.action_space.space_bound` before it is built): listing them takes about a second
per hundred thousand, and every table of these rules waits for it once."""


@dataclass(frozen=True, kw_only=True)
class ClimbingRules(ClimbingOptions):
    """Every option of a climbing game, and the games it makes. Build one with :func:`bumtable.rules.get`.

    The options are :class:`~bumtable.rules.climbing.options.ClimbingOptions`' fields; states and
    observations hold their rules as that class, whose interface this one implements.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        most = space_bound(self)
        if most > MAX_ACTIONS:
            raise RulesError(
                f"these options allow up to {most:,} distinct actions, more than the {MAX_ACTIONS:,} a table can "
                "hold: use fewer suits, Jokers or wild cards, narrower sequences, or fewer cards to choose in "
                "an exchange"
            )

    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> ClimbingState:
        """A new match from this seed: the cut for the first Boss, then the first deal.

        ``chance`` replays the shuffles of another match (its ``state.chance.draws``) instead of
        drawing from the seed; a draw that is not an order of what is shuffled is a RulesError.
        """
        return ClimbingState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[Play]:
        """Every action these rules allow, numbered (see :mod:`bumtable.rules.climbing.action_space`)."""
        return self._space

    @cached_property
    def _space(self) -> IndexedSpace[Play]:
        return action_space(self)  # kept on the rules object: looking it up by the rules' hash costs more

    def parse_action(self, text: str) -> Play:
        """Read an action's text form (``pass``, ``set Q Q 2``, ``seq 9 10 J``, ``revolution``)."""
        return parse_play(self, text)

    def action_text(self, action: Play) -> str:
        """An action's text form, which :meth:`parse_action` reads back."""
        if type(action) is not Play:  # cards named by suit: equal to the plain play, but written apart
            return format_play(self, action)
        texts = self._texts
        text = texts.get(action)
        if text is None:
            text = texts[action] = format_play(self, action)
        return text

    @cached_property
    def _texts(self) -> dict[Play, str]:
        """Action texts made so far (every play is logged as an event with its text, on the hot path)."""
        return {}
