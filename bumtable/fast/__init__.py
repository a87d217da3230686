"""A compiled fast path beside the rules layer: The Bum Game for 3 to 12, President and Parlett's Arsehole
for 3 to 8, batched on Numba (the ``fast`` extra); The Bum Game on JAX for a GPU too (the ``jax`` extra,
``make(rules, backend="jax")``).

The rules layer stays the definition: the kernels write its action codes and observation planes, and
``tests/test_fast_engine.py`` plays both engines on the same deals and actions. ``docs/fast.md`` says what is
covered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, overload

from bumtable.errors import RulesError
from bumtable.fast.engine import FastGame
from bumtable.fast.state import FastRecord, FastState
from bumtable.fast.tables import COVERED
from bumtable.rules import Rules

if TYPE_CHECKING:
    from bumtable.fast.jax_engine import JaxGame


@overload
def make(
    rules: Rules, *, observe: bool = ..., stop_at_hand_end: bool = ..., backend: Literal["numba"] = ...
) -> FastGame: ...


@overload
def make(
    rules: Rules, *, observe: bool = ..., stop_at_hand_end: bool = ..., backend: Literal["jax"]
) -> JaxGame: ...


def make(
    rules: Rules, *, observe: bool = True, stop_at_hand_end: bool = False, backend: str = "numba"
) -> FastGame | JaxGame:
    """The compiled engine for ``rules`` (a RulesError naming what is covered for anything else), playing
    whole matches; ``observe=False`` leaves ``observation`` at 0 (faster playouts); ``stop_at_hand_end``
    ends every row when its first hand ends (as the rules layer's ``state.stop_at_hand_end()``).
    ``backend="jax"``: the same layout on JAX (``bumtable/fast/jax_engine.py``, for a GPU)."""
    if backend == "jax":
        try:
            from bumtable.fast.jax_engine import make_jax
        except ModuleNotFoundError as e:
            if e.name != "jax":
                raise
            raise RulesError("the JAX backend needs jax: pip install 'bumtable[jax]'") from None
        return make_jax(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)
    if backend != "numba":
        raise RulesError(f"the compiled engine's backends are numba and jax, not {backend!r}")
    return FastGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)


__all__ = ["COVERED", "FastGame", "FastRecord", "FastState", "make"]
