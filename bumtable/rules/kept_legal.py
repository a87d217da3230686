"""An observation's legal actions, worked out once and kept with it (not a field: equality ignores them).

The state that makes an observation for the seat to act hands over its own legal actions, which are the
same; an observation made otherwise (read from the wire, say) works them out the first time it is asked.
The Boojum and Gin Bummy observations keep theirs so (the climbing observation carries them as a field).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Seen:
...     seat: int
>>> seen = Seen(0)
>>> kept_legal(seen) is None
True
>>> keep_legal(seen, ("pass",))
>>> kept_legal(seen), seen == Seen(0)
(('pass',), True)
"""

from __future__ import annotations

from typing import Any


def kept_legal(observation: Any) -> tuple[Any, ...] | None:
    """The legal actions kept with ``observation``, or None."""
    kept: tuple[Any, ...] | None = observation.__dict__.get("_legal")
    return kept


def keep_legal(observation: Any, legal: tuple[Any, ...]) -> None:
    """Keep ``legal`` with ``observation`` (a frozen dataclass: set past its guard)."""
    object.__setattr__(observation, "_legal", legal)
