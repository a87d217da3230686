"""PettingZoo environments for every game (``pip install -e '.[env]'``); see ``docs/env.md``.

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
from bumtable.env.aec import ILLEGAL_REWARD, BumtableEnv
from bumtable.tensors import Planes, planes_for


def env(
    game: str,
    players: int | None = None,
    variants: Sequence[str] = (),
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
) -> BumtableEnv:
    """An AEC environment of ``game`` built as ``rules.get(game, players=, variants=, **options)``."""
    built = rules.get(game, players=players, variants=tuple(variants), **(options or {}))
    return BumtableEnv(built, render_mode=render_mode)


__all__ = ["ILLEGAL_REWARD", "BumtableEnv", "Planes", "env", "planes_for"]
