"""The one interface every rules system implements, as generic typing protocols.

Everything above the rules layer (bots, simulation, the terminal, the table server) uses a
game only through these protocols and the registry (:mod:`bumtable.rules.registry`), never
through a family's own classes. The type parameters are the family's action type ``A``,
its observation type ``O`` and its state type ``S``; mypy checks that each family's classes
satisfy them (see the ``TYPE_CHECKING`` block of each family package).

>>> from bumtable.rules import get
>>> rules = get("president", players=4)
>>> state = rules.new_state(seed=3)
>>> legal = state.legal_actions()
>>> isinstance(legal, tuple), state.observe(state.current_player()).legal_actions() == legal
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, Self, TypeVar

from bumtable.rules.action_space import ActionSpace
from bumtable.rules.chance import Chance
from bumtable.rules.events import Event
from bumtable.rules.outcome import Outcome
from bumtable.rules.wire_memo import WireMemo

A = TypeVar("A", bound=Hashable)
"""A family's action type: small, immutable, hashable."""
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
        """The observation as JSON-ready data (the wire form); parts equal to those of other observations written
        with the same ``memo`` are shared with them (:mod:`~bumtable.rules.wire_memo`)."""
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
        """Every shuffle so far (``chance.draws``); ``rules.new_state(seed, chance=draws)`` deals them again."""
        ...

    def current_player(self) -> int | None:
        """The seat to act (None once the game is over, or in a state told to stop at its hand's end, once the
        hand is over: see ``Family.stop_at_hand_end``)."""
        ...

    def legal_actions(self) -> tuple[A, ...]:
        """Every legal action of the player to act, each once; an immutable tuple."""
        ...

    def why_illegal(self, action: A) -> str | None:
        """None if ``action`` is legal now, else the reason in words (players named P0, P1, ...)."""
        ...

    def apply(self, action: A, *, check: bool = True) -> None:
        """Take ``action`` for the player to act; an IllegalActionError with the reason if it is not legal."""
        ...

    def is_over(self) -> bool: ...

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs)."""
        ...

    def observe(self, seat: int | None) -> O_co:
        """What ``seat`` may know (None: a spectator)."""
        ...

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        """Everything that happened from event ``start`` on, as ``seat`` may know it (None: a spectator)."""
        ...

    def step(self, seat: int | None) -> int:
        """How many actions ``seat`` has been told of (None: a spectator): its latest event's ``step``, 0 before
        any. An action no event tells of is not counted."""
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

    def action_text(self, action: A) -> str:
        """The text of an action; :meth:`parse_action` reads it back."""
        ...

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
"""The rules object of any system."""
AnyState = GameState[Any, Any]
"""The state of any system's game."""
AnyObservation = GameObservation[Any]
"""Any system's observation."""


@dataclass(frozen=True, kw_only=True)
class Family:
    """What the registry needs from a family of rules systems (one package each)."""

    name: str
    """``climbing``, ``gin-bummy``, ``boojum``."""
    engine_version: int
    """Raised whenever the same record would replay differently; records carry it."""
    rules_from_dict: Callable[[dict[str, Any]], AnyRules]
    sample_state: Callable[[Any, random.Random], AnyState]
    """A full state whose observation for the observation's seat equals it (for search)."""
    observation_from_dict: Callable[[dict[str, Any], Any], AnyObservation]
    """An observation from its wire form and the rules it was made under."""
    hands_over: Callable[[Any], int] = field(default=lambda state: int(state.is_over()))
    """How many hands of the state's match are over (a game without hands: 1 once it is over, else 0): a search
    that looks ahead to the end of the hand stops its playout when this grows."""
    hand_places: Callable[[Any], tuple[int, ...] | None] = field(
        default=lambda state: None if state.outcome() is None else state.outcome().places
    )
    """Each player's place (1 is first) in the last hand over (a game without hands: the game's), or None."""
    hand_points: Callable[[Any], Sequence[float] | None] = field(default=lambda state: None)
    """Each player's points in the last hand over, where the family scores hands (else None): a search that
    plays for the game's score rather than for places reads them."""
    first_open_place: Callable[[Any], int] = field(default=lambda observation: 1)
    """From a seat's observation: the best place still to be won in the hand being played (1 while nobody has
    gone out; a climbing game's seats gone out hold the first places), for words such as a hint's."""
    stop_at_hand_end: Callable[[Any], None] | None = None
    """Where a match has several hands: make a state (one of a search's deals) stop when its hand ends,
    dealing no next hand; a search's playouts read only that hand's result."""
    card_table: Callable[[Any], list[dict[str, Any]]] = field(default=lambda rules: [])
    """From the rules: the public table of the cards they deal, each card's ``text``, ``name`` and ``types`` as
    JSON-ready data, for faces to show what a card's text does not say (sent once with the rules); empty where
    the text says it all (French cards)."""
