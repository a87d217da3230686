"""What a game counts so far for each player, read from any system's observation.

>>> from bumtable.rules import get
>>> running_count(get("bum-game", players=4).new_state(seed=1).observe(None))
((0, 0, 0, 0), 'points')
"""

from __future__ import annotations

from typing import Any


def running_count(obs: Any) -> tuple[tuple[int, ...], str] | None:
    """What the game counts so far for each player, and its unit, from an observation: match points
    (the climbing games), different tokens held (Boojum); None for a game that counts nothing until it
    ends (Gin Bummy)."""
    scores = getattr(obs, "scores", None)
    if scores is not None:
        return tuple(scores), "points"
    tokens = getattr(obs, "tokens", None)
    if tokens is not None:
        return tuple(sum(1 for k in held if k) for held in tokens), "tokens"
    return None
