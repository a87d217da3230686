"""What a game counts so far for each player, read from any system's observation.

>>> from bumtable.rules import get
>>> [running_count(get(g, players=4).new_state(seed=1).observe(0)) for g in ("zs", "boojum", "gin-bummy")]
[((0, 0, 0, 0), 'points'), ((0, 0, 0, 0), 'tokens'), None]
"""

from __future__ import annotations

from bumtable.rules.protocol import AnyObservation
from bumtable.rules.registry import family_of


def running_count(obs: AnyObservation) -> tuple[tuple[int, ...], str] | None:
    """Each player's count so far and its unit (points, tokens); None if nothing counts until the end."""
    return family_of(obs.rules).running_count(obs)
