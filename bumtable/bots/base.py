"""The bot interface: a bot sees only an observation and picks one of its legal actions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

A = TypeVar("A")
A_co = TypeVar("A_co", covariant=True)


class Bot(Protocol):
    """Anything with a name that chooses an action from an observation of its own game."""

    name: str
    asks_forced_moves: bool
    """False if a forced move neither teaches the bot nor draws on its generator: a simulator may play it."""

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
