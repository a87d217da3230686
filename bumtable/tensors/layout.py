"""A layout: named blocks of one float vector, and the helpers each family's encoder fills them with."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.rules.phases import PHASES

Vector = npt.NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class Block:
    """Entries ``start`` .. ``start + size - 1``: ``what`` they hold."""

    name: str
    start: int
    size: int
    what: str

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True, slots=True)
class Planes:
    """One family's layout for one rules object: ``size`` floats, each between 0 and ``high``."""

    size: int
    high: float
    blocks: tuple[Block, ...]
    fill: Callable[[Any, Vector], None] = field(repr=False)

    def encode(self, observation: Any) -> Vector:
        """The vector of ``observation`` (a seat's, never the full state)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(observation, out)
        return out

    def block(self, name: str) -> slice:
        """The entries of block ``name`` (a KeyError names the blocks there are)."""
        for b in self.blocks:
            if b.name == name:
                return slice(b.start, b.stop)
        raise KeyError(f"no block {name!r}; blocks: {', '.join(b.name for b in self.blocks)}")


class Builder:
    """Lays blocks out one after another; ``at`` gives each block's first entry to its encoder."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.at: dict[str, int] = {}

    def add(self, name: str, size: int, what: str) -> None:
        start = self.blocks[-1].stop if self.blocks else 0
        self.blocks.append(Block(name, start, size, what))
        self.at[name] = start

    def planes(self, high: float, fill: Callable[[Any, Vector], None]) -> Planes:
        return Planes(self.blocks[-1].stop, high, tuple(self.blocks), fill)


def relative(values: Sequence[Any], seat: int) -> list[Any]:
    """``values`` per seat, starting from ``seat`` (the observer first, then the next seats in turn)."""
    n = len(values)
    return [values[(seat + k) % n] for k in range(n)]


def one_hot_seat(out: Vector, at: int, player: int | None, seat: int, n: int) -> None:
    """Flag ``player`` counted from ``seat`` (nothing for None or -1)."""
    if player is not None and player >= 0:
        out[at + (player - seat) % n] = 1.0


def add_phase(builder: Builder) -> None:
    builder.add("phase", len(PHASES), "phase, one-hot (`bumtable.rules.phases.PHASES`)")


def fill_phase(out: Vector, at: int, phase: str) -> None:
    out[at + PHASES.index(phase)] = 1.0


def count_into(out: Vector, at: int, codes: Iterable[int], index: Sequence[int] | None = None) -> None:
    """Add 1 at ``at + code`` (or ``at + index[code]``) for each code."""
    for code in codes:
        out[at + (code if index is None else index[code])] += 1.0
