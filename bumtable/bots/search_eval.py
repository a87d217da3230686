"""Each family's estimate of a playout cut short: every seat's prospects from 0 (last) to 1 (first).

>>> from bumtable.rules import get
>>> ClimbingEstimate()(get("bum-game", players=4).new_state(seed=1))  # 14, 13, 13 and 14 cards left
(0.16666666666666666, 0.8333333333333334, 0.8333333333333334, 0.16666666666666666)
>>> margin_of(0.75), standing_of(0.5, 4)  # what a value stands for: a lead of 6, or place 2.5 of 4
(6.0, 2.5)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from bumtable.bots.boojum import hand_potential
from bumtable.errors import BumtableError


class Estimate(Protocol):
    """Values a state whose playout was cut short, a number in [0, 1] per seat, as places are valued."""

    @property
    def by_margin(self) -> bool:
        """True where a value is the seat's margin over the others, False where it is its rank."""
        ...

    def __call__(self, state: Any) -> tuple[float, ...]: ...


@dataclass(frozen=True)
class ClimbingEstimate:
    """The climbing games: those out by the order they went out, then the others by cards left."""

    by_margin = False

    def __call__(self, state: Any) -> tuple[float, ...]:
        public = state.observe(None)
        out = list(public.finished)
        keys = [
            (0, out.index(p)) if p in out else (1, public.card_counts[p])
            for p in range(len(public.card_counts))
        ]
        return _by_keys(keys, better_low=True)


@dataclass(frozen=True)
class EvenEstimate:
    """Every seat alike, for a family whose playouts reach the game's end (Gin Bummy)."""

    by_margin = False

    def __call__(self, state: Any) -> tuple[float, ...]:
        players: int = state.rules.players
        return (0.5,) * players


TOKEN_WEIGHT = 2.0
"""What a Boojum token held counts by default; cards that could claim one count at most 1."""


@dataclass(frozen=True, kw_only=True)
class BoojumEstimate:
    """Boojum: each seat's tokens held, and how near its cards come to the tokens it wants."""

    cutoff: Literal["rank", "margin"] = "rank"
    """``rank``: the seat's place among the seats' prospects; ``margin``: its own less the others' mean, which
    shows a change to its prospects even where no place changes."""
    token_weight: float = TOKEN_WEIGHT

    def __post_init__(self) -> None:
        if not (math.isfinite(self.token_weight) and self.token_weight >= 0):
            raise BumtableError(f"search setting token_weight={self.token_weight!r}: must be at least 0")

    @property
    def by_margin(self) -> bool:
        return self.cutoff == "margin"

    def __call__(self, state: Any) -> tuple[float, ...]:
        prospects = boojum_prospects(state, self.token_weight)
        return _by_margin(prospects) if self.by_margin else _by_keys(prospects, better_low=False)


ESTIMATES: dict[str, type[ClimbingEstimate] | type[BoojumEstimate]] = {
    "climbing": ClimbingEstimate,
    "boojum": BoojumEstimate,
}
"""Each family's estimate; a family not here: :class:`EvenEstimate`."""

ESTIMATE_SETTINGS: dict[str, tuple[Any, type]] = {
    f.name: (f.default, kind) for kind in ESTIMATES.values() for f in dataclasses.fields(kind)
}


def estimate_for(family: str, settings: Mapping[str, Any] | None = None) -> Estimate:
    """``family``'s estimate, set by those of ``settings`` that are its own (another family's are unused)."""
    kind = ESTIMATES.get(family)
    if kind is None:
        return EvenEstimate()
    own = {f.name for f in dataclasses.fields(kind)}
    return kind(**{name: value for name, value in (settings or {}).items() if name in own})


def estimate_settings(estimate: Estimate) -> list[tuple[str, Any]]:
    if not dataclasses.is_dataclass(estimate):
        return []
    return [(f.name, getattr(estimate, f.name)) for f in dataclasses.fields(estimate)]


def boojum_prospects(state: Any, token_weight: float = TOKEN_WEIGHT) -> list[float]:
    """Each Boojum seat's tokens held (``token_weight`` each) plus its cards' potential for those it wants."""
    out = []
    for seat in range(state.rules.players):
        seen = state.observe(seat)
        cards = [*(seen.hand or ()), *seen.bids[seat], *seen.won[seat]]
        held = sum(1 for k in seen.tokens[seat] if k)
        out.append(token_weight * held + hand_potential(cards, seen.wanted_tokens(seat), seen.rules.tables))
    return out


MARGIN_SCALE = 12.0
"""``cutoff="margin"``: the lead over the others' mean valued 1 (12: six tokens at the default weight)."""


def margin_of(value: float) -> float:
    """The lead over the others' mean that a ``cutoff="margin"`` value stands for (unclamped)."""
    return (value - 0.5) * 2 * MARGIN_SCALE


def standing_of(value: float, players: int) -> float:
    """The place among ``players`` seats (1 first) that a ``cutoff="rank"`` value stands for."""
    return 1 + (players - 1) * (1 - value)


def _by_margin(numbers: Sequence[float]) -> tuple[float, ...]:
    """Values from numbers: each seat's number less the others' mean, on :data:`MARGIN_SCALE`, in [0, 1]."""
    n = len(numbers)
    if n < 2:
        return (0.5,) * n
    total = sum(numbers)
    out = []
    for x in numbers:
        lead = x - (total - x) / (n - 1)
        out.append(min(1.0, max(0.0, 0.5 + lead / (2 * MARGIN_SCALE))))
    return tuple(out)


def _by_keys(keys: Sequence[Any], *, better_low: bool) -> tuple[float, ...]:
    """Values from keys: each seat's share of the seats it beats, ties counting half."""
    n = len(keys)
    if n < 2:
        return (0.5,) * n
    out = []
    for k in keys:
        beats = sum(1 for q in keys if (k < q if better_low else k > q))
        ties = sum(1 for q in keys if q == k) - 1
        out.append((beats + ties / 2) / (n - 1))
    return tuple(out)
