"""An observation's legal actions, kept with it so they are worked out once (equality ignores them).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Seen:
...     seat: int
>>> seen = Seen(0)
>>> keep_legal(seen, ("pass",))
>>> kept_legal(seen), seen == Seen(0)
(('pass',), True)
"""

from __future__ import annotations

from typing import Any


def kept_legal(observation: Any) -> tuple[Any, ...] | None:
    kept: tuple[Any, ...] | None = observation.__dict__.get("_legal")
    return kept


def keep_legal(observation: Any, legal: tuple[Any, ...]) -> None:
    """Keep ``legal`` with ``observation`` (a frozen dataclass: set past its guard)."""
    object.__setattr__(observation, "_legal", legal)
