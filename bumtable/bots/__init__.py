"""Players that see only observations: ``random`` and ``greedy``.

>>> from bumtable.bots import BOTS, make_bot
>>> sorted(BOTS)
['greedy', 'random']
>>> make_bot("greedy", seed=1).name
'greedy'
"""

from __future__ import annotations

from collections.abc import Callable

from bumtable.bots.base import Bot, RandomBot
from bumtable.bots.greedy import GreedyBot
from bumtable.errors import BumtableError

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot of that kind, seeded."""
    try:
        return BOTS[name.lower()](seed)
    except KeyError:
        raise BumtableError(f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))}") from None


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "make_bot"]
