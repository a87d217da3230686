"""The bot interface: a bot sees only an observation and picks one of its legal actions.

>>> import random
>>> from bumtable.rules import get
>>> from bumtable.bots import make_bot
>>> state = get("bum-game", players=4).new_state(seed=2)
>>> bot = make_bot("random", seed=9)
>>> seat = state.current_player()
>>> action = bot.choose(state.observe(seat))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class Bot(Protocol):
    """Anything with a name that chooses an action from an observation (of its own game)."""

    name: str
    asks_forced_moves: bool
    """False when the bot neither learns from nor draws randomness for a move it has no choice
    in: a simulator may then make a forced move (one legal action) for it without building an
    observation and asking. Every bot here decides from the observation in hand alone."""

    def choose(self, observation: Any) -> Any: ...


class _Acting(Protocol[A_co]):
    @property
    def seat(self) -> int | None: ...

    def legal_actions(self) -> Sequence[A_co]: ...


def legal_or_raise(observation: _Acting[A]) -> Sequence[A]:
    """The observation's legal actions; a clear error if its seat is not the one to act."""
    legal = observation.legal_actions()
    if not legal:
        raise ValueError(f"seat {observation.seat} was asked to act, but it has no legal action now")
    return legal


class RandomBot:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"
    asks_forced_moves = True  # its generator draws even when there is one legal action

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: _Acting[A]) -> A:
        legal = legal_or_raise(observation)
        return legal[self.rng.randrange(len(legal))]
