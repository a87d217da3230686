"""The one interface every rules system implements, as generic typing protocols: everything above the rules
layer uses a game only through these and the registry, and mypy checks each family's classes against them."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, Self, TypeVar

from bumtable.rules.action_space import ActionSpace
from bumtable.rules.chance import Chance
from bumtable.rules.events import Event
from bumtable.rules.outcome import Outcome
from bumtable.rules.wire_memo import WireMemo

A = TypeVar("A", bound=Hashable)
O_co = TypeVar("O_co", covariant=True)
S_co = TypeVar("S_co", covariant=True)


class GameObservation(Protocol[A]):
    """What one seat (or a spectator, ``seat`` None) may know: the only view bots and faces get."""

    @property
    def rules(self) -> GameRules[A, Any]: ...

    @property
    def seat(self) -> int | None: ...

    @property
    def phase(self) -> str: ...

    @property
    def turn(self) -> int | None:
        """The player to act as this viewer knows it (None: nobody it may see, or the game is over)."""
        ...

    def legal_actions(self) -> tuple[A, ...]:
        """The seat's legal actions when it is to act, else ``()``; equal to the state's."""
        ...

    def to_dict(self, memo: WireMemo | None = None) -> dict[str, Any]:
        """The wire form; observations written with one ``memo`` share their equal parts."""
        ...


class GameState(Protocol[A, O_co]):
    """A game in progress: the whole truth, hidden cards included; only :meth:`apply` changes it."""

    @property
    def rules(self) -> GameRules[A, Any]: ...

    @property
    def seed(self) -> int: ...

    @property
    def history(self) -> list[A]:
        """Every action taken, in order (empty in a copy made with ``history=False``)."""
        ...

    @property
    def chance(self) -> Chance:
        """Every shuffle so far; ``rules.new_state(seed, chance=chance.draws)`` deals them again."""
        ...

    @property
    def phase(self) -> str: ...

    def hand_of(self, player: int | None) -> Sequence[int]: ...

    def current_player(self) -> int | None:
        """The seat to act; None once the game (or, after ``Family.stop_at_hand_end``, the hand) is over."""
        ...

    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action of the player to act, each once."""
        ...

    def why_illegal(self, action: A) -> str | None:
        """None if ``action`` is legal now, else the reason in words (players named P0, P1, ...)."""
        ...

    def apply(self, action: A, *, check: bool = True) -> None:
        """Take ``action`` for the player to act; an IllegalActionError with the reason if it is not legal."""
        ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None: ...

    def observe(self, seat: int | None) -> O_co: ...

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        """Everything that happened from event ``start`` on, as ``seat`` may know it (None: a spectator)."""
        ...

    def step(self, seat: int | None) -> int:
        """How many actions ``seat`` has been told of: its latest event's ``step`` (0 before any)."""
        ...

    def copy(self, *, history: bool = True) -> Self:
        """An independent copy; ``history=False`` leaves out the history and events (cheap, for search)."""
        ...


class GameRules(Protocol[A, S_co]):
    """A rules object: every option as data, how to start a game, and the actions' text and numbers."""

    @property
    def system(self) -> str: ...

    @property
    def players(self) -> int: ...

    def new_state(self, seed: int, *, chance: Sequence[Sequence[int]] | None = None) -> S_co:
        """A new game; ``chance`` replays the shuffles of another game instead of drawing from ``seed``."""
        ...

    def parse_action(self, text: str) -> A:
        """An action from its text (a NotationError that names the bad part)."""
        ...

    def action_text(self, action: A) -> str: ...

    def action_space(self) -> ActionSpace[A]:
        """The fixed, exact numbering of every action these rules allow."""
        ...

    def replace(self, **changes: Any) -> Self:
        """The same rules with some options changed (an unknown option or a wrong type is a RulesError)."""
        ...

    def to_dict(self) -> dict[str, Any]:
        """Every option as JSON-ready data; the registry's ``rules_from_dict`` reads it back."""
        ...

    def to_json(self) -> str: ...


AnyRules = GameRules[Any, Any]
AnyState = GameState[Any, Any]
AnyObservation = GameObservation[Any]


RulesT = TypeVar("RulesT", bound=AnyRules)
StateT = TypeVar("StateT", bound=AnyState)
ObservationT = TypeVar("ObservationT", bound=AnyObservation)


def _one_hand(state: AnyState) -> int:
    return int(state.is_over())


def _game_places(state: AnyState) -> tuple[int, ...] | None:
    outcome = state.outcome()
    return None if outcome is None else outcome.places


def _no_points(state: AnyState) -> Sequence[float] | None:
    return None


def _first_place(observation: AnyObservation) -> int:
    return 1


def _no_count(observation: AnyObservation) -> tuple[tuple[int, ...], str] | None:
    return None


def _no_cards(rules: AnyRules) -> list[dict[str, Any]]:
    return []


@dataclass(frozen=True, kw_only=True)
class FamilyOf(Generic[RulesT, StateT, ObservationT]):
    """What the registry needs from a family of rules systems, typed by its rules, state and observation classes."""

    name: str
    engine_version: int
    """Raised whenever the same record would replay differently; records carry it."""
    rules_from_dict: Callable[[dict[str, Any]], RulesT]
    sample_state: Callable[[ObservationT, random.Random], StateT]
    observation_from_dict: Callable[[dict[str, Any], RulesT], ObservationT]
    hands_over: Callable[[StateT], int] = field(default=_one_hand)
    """How many hands of the match are over (without hands: 1 once over); a playout stops when it grows."""
    hand_places: Callable[[StateT], tuple[int, ...] | None] = field(default=_game_places)
    """Each player's place (1 is first) in the last hand over (a game without hands: the game's), or None."""
    hand_points: Callable[[StateT], Sequence[float] | None] = field(default=_no_points)
    """Each player's points in the last hand over, where the family scores hands, else None."""
    first_open_place: Callable[[ObservationT], int] = field(default=_first_place)
    """From an observation: the best place still to be won in the hand (for words such as a hint's)."""
    stop_at_hand_end: Callable[[StateT], None] | None = None
    """Where a match has several hands: make a state (a search's deal) stop when its hand ends."""
    running_count: Callable[[ObservationT], tuple[tuple[int, ...], str] | None] = field(default=_no_count)
    """From an observation: each player's count so far and its unit; None if nothing counts until the end."""
    card_table: Callable[[RulesT], list[dict[str, Any]]] = field(default=_no_cards)
    """From the rules: the public table of the cards they deal, for what a card's text does not say."""


Family = FamilyOf[Any, Any, Any]
