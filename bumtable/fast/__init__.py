"""A compiled fast path beside the rules layer: The Bum Game for 4, batched on Numba (the ``fast`` extra).

The rules layer stays the definition: the kernels write its action codes and observation planes, and
``tests/test_fast_engine.py`` plays both engines on the same deals and actions. ``docs/fast.md`` says what is
covered.
"""

from __future__ import annotations

from bumtable.fast.engine import FastGame, FastRecord, FastState, make
from bumtable.fast.tables import COVERED

__all__ = ["COVERED", "FastGame", "FastRecord", "FastState", "make"]
