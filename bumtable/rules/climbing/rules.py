"""The climbing engine's rules object: the options and the games they make (states, action text and codes).

A preset (:mod:`bumtable.rules.bum_game`) is one value of it, and a house rule another value of a field, never
another module. It is the top of the family: the modules it builds on never import it.
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
"""The most actions an action space may hold (counted by ``space_bound`` before it is built): every table of
these rules waits once while it is listed."""


@dataclass(frozen=True, kw_only=True)
class ClimbingRules(ClimbingOptions):
    """Every option of a climbing game, and the games it makes; build one with :func:`bumtable.rules.get`."""

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
        """A new match from this seed: the cut for the first Boss, then the first deal (``chance``: another
        match's ``state.chance.draws``, replayed)."""
        return ClimbingState(self, seed, chance=chance)

    def action_space(self) -> IndexedSpace[Play]:
        """Every action these rules allow, numbered."""
        return self._space

    @cached_property
    def _space(self) -> IndexedSpace[Play]:
        return action_space(self)  # kept on the rules object: looking it up by the rules' hash costs more

    def parse_action(self, text: str) -> Play:
        return parse_play(self, text)

    def action_text(self, action: Play) -> str:
        if type(action) is not Play:  # cards named by suit: equal to the plain play, but written apart
            return format_play(self, action)
        texts = self._texts
        text = texts.get(action)
        if text is None:
            text = texts[action] = format_play(self, action)
        return text

    @cached_property
    def _texts(self) -> dict[Play, str]:
        """Action texts made so far: every play is logged with its text, on the hot path."""
        return {}
