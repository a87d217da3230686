"""PettingZoo environments for every game, and a Gymnasium one for a learner among bots
(``pip install -e '.[env]'``); see ``docs/env.md``.

>>> from bumtable.env import env
>>> game = env("president", players=4)
>>> game.reset(seed=7)
>>> seen, reward, terminated, truncated, info = game.last()
>>> bool(seen["action_mask"].any()), int(game.action_space(game.agent_selection).n) == len(seen["action_mask"])
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bumtable import rules
from bumtable.env.aec import GAME, HAND, ILLEGAL_REWARD, REWARDS, BumtableEnv, centred
from bumtable.env.gym import BumtableGymEnv
from bumtable.env.vector import FastVectorEnv
from bumtable.tensors import Planes, planes_for


def env(
    game: str,
    players: int | None = None,
    variants: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    rewards: str = GAME,
) -> BumtableEnv:
    """An AEC environment of ``game`` built as ``rules.get(game, players=, variants=, **options)``; ``rewards``
    "game" (the returns at the end) or "hand" (each hand's centred points as it ends, in a match of hands)."""
    built = rules.get(game, players=players, variants=tuple(variants), **(options or {}))
    return BumtableEnv(built, render_mode=render_mode, rewards=rewards)


def gym_env(
    game: str,
    players: int | None = None,
    variants: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
    rewards: str = GAME,
    render_mode: str | None = None,
) -> BumtableGymEnv:
    """A Gymnasium environment of ``game`` (rules as :func:`env`): the learner plays ``seat``, bots of kind
    ``opponents`` (one kind for every other seat, or one per other seat in seat order) play the rest.

    >>> learner = gym_env("president", players=4, opponents="random")
    >>> seen, info = learner.reset(seed=7)
    >>> bool(seen["action_mask"].any()), learner.action_masks().shape == seen["action_mask"].shape
    (True, True)
    """
    built = rules.get(game, players=players, variants=tuple(variants), **(options or {}))
    return BumtableGymEnv(built, seat=seat, opponents=opponents, rewards=rewards, render_mode=render_mode)


def vector_env(
    game: str,
    num_envs: int,
    players: int | None = None,
    variants: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "heuristic",
) -> FastVectorEnv:
    """A Gymnasium vector environment of ``num_envs`` games on the compiled engine (rules as :func:`env`;
    the ``fast`` extra): the learner plays ``seat``, the compiled ``heuristic`` or ``random`` the rest."""
    built = rules.get(game, players=players, variants=tuple(variants), **(options or {}))
    return FastVectorEnv(built, num_envs, seat=seat, opponents=opponents)


__all__ = [
    "GAME",
    "HAND",
    "ILLEGAL_REWARD",
    "REWARDS",
    "BumtableEnv",
    "BumtableGymEnv",
    "FastVectorEnv",
    "Planes",
    "centred",
    "env",
    "gym_env",
    "planes_for",
    "vector_env",
]
