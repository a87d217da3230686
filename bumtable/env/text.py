"""A short text of one viewer's observation for ``render_mode="ansi"``, from its wire form alone.

>>> from bumtable import rules
>>> state = rules.get("gin-bummy").new_state(seed=5)
>>> print(view_text(state.observe(None)).splitlines()[0])
gin-bummy, seen by a spectator
"""

from __future__ import annotations

from typing import Any, Final

from bumtable.rules import Observation

SHOWN: Final = (
    "phase",
    "turn",
    "hand",
    "card_counts",
    "hand_counts",
    "roles",
    "scores",
    "top",
    "beg",
    "stock_count",
    "stack_count",
    "tokens",
)
"""The public facts (and the viewer's own hand) shown, where the family's observation has them."""


def _words(value: Any) -> str:
    if isinstance(value, dict):
        return " ".join(f"{key}={_words(item)}" for key, item in value.items())
    if isinstance(value, list):
        return (
            " | ".join(map(_words, value))
            if any(isinstance(v, dict) for v in value)
            else " ".join(map(str, value))
        )
    return str(value)


def view_text(observation: Observation) -> str:
    """The viewer's game in a few lines: what it holds, the counts everyone sees, its legal actions."""
    data = observation.to_dict()
    seat = data.get("seat")
    lines = [f"{data['system']}, seen by {'a spectator' if seat is None else f'P{seat}'}"]
    lines += [f"{key}: {_words(data[key])}" for key in SHOWN if data.get(key) is not None]
    legal = [entry["text"] for entry in data.get("legal", [])]
    if legal:
        lines.append(f"legal: {', '.join(legal)}")
    return "\n".join(lines)
