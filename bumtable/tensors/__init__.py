"""Observation vectors for learners, one layout per family, each built from one seat's observation alone.

Seats are counted from the observer (the observer's block first, then the next seats in turn), so one policy
can play any seat. Every entry is a count or a 0/1 flag at most ``high``. The layouts are in ``docs/env.md``.

>>> from bumtable import rules
>>> state = rules.get("president", players=4).new_state(seed=3)
>>> planes = planes_for(state.rules)
>>> vector = planes.encode(state.observe(0))
>>> vector.shape == (planes.size,), int(vector.max()) <= planes.high
(True, True)
>>> int(vector[planes.block("hand")].sum()) == len(state.observe(0).hand)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bumtable.errors import RulesError
from bumtable.rules import Rules, family_of
from bumtable.tensors.boojum import boojum_planes
from bumtable.tensors.climbing import climbing_planes
from bumtable.tensors.gin_bummy import gin_bummy_planes
from bumtable.tensors.layout import Block, Planes, Vector

LAYOUTS: dict[str, Callable[[Any], Planes]] = {
    "climbing": climbing_planes,
    "gin-bummy": gin_bummy_planes,
    "boojum": boojum_planes,
}
"""Each family's layout, by family name."""


def planes_for(rules: Rules) -> Planes:
    """The layout for ``rules``, chosen by its family (a RulesError for a family without one)."""
    name = family_of(rules).name
    layout = LAYOUTS.get(name)
    if layout is None:
        raise RulesError(f"no observation layout for the {name} family; layouts: {', '.join(LAYOUTS)}")
    return layout(rules)


__all__ = ["LAYOUTS", "Block", "Planes", "Vector", "planes_for"]
