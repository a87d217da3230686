"""What a search decided, with what it found for each action it tried (hints read it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Stat:
    """One action's playouts in a search: the searching seat's values, each counted by its deal's weight."""

    deals: int = 0
    total: float = 0.0
    tops: float = 0.0
    """The weight of the playouts that ended on top (a value of 1)."""
    aheads: float = 0.0
    """The weight of the playouts that left the seat above the table's average (a value above one half)."""
    cuts: int = 0
    """Playouts cut short (``max_rollout``) and valued by the family's estimate."""
    places: float = 0.0
    """The seat's places (1 first) in the playouts that reached the hand's end, by weight."""
    placed: float = 0.0
    best_place: int = 0
    """The best place (1 first) any of those playouts reached; 0 where none reached the end."""
    at_best: float = 0.0
    weight: float = 0.0

    by_deal: dict[int, tuple[float, float]] | None = None
    """Each deal's value and weight by the deal's number, kept only for ``margin``'s paired test."""

    def add(
        self, value: float, weight: float = 1.0, deal: int | None = None, cut: bool = False, place: int = 0
    ) -> None:
        if place:
            self.places += weight * place
            self.placed += weight
            if place < self.best_place or not self.best_place:
                self.best_place, self.at_best = place, 0.0
            if place == self.best_place:
                self.at_best += weight
        if deal is not None:
            if self.by_deal is None:
                self.by_deal = {}
            self.by_deal[deal] = (value, weight)
        self.deals += 1
        self.cuts += cut
        self.total += weight * value
        self.weight += weight
        if value > 0.5:
            self.aheads += weight
            if value >= 1.0:
                self.tops += weight

    @property
    def mean(self) -> float:
        return self.total / self.weight if self.weight else 0.0

    @property
    def mean_place(self) -> float:
        """The mean place (1 first) of the playouts that reached the hand's end; 0 where none did."""
        return self.places / self.placed if self.placed else 0.0

    @property
    def top_share(self) -> float:
        return self.tops / self.weight if self.weight else 0.0

    def share_at(self, place: int) -> float:
        """The weighted share of playouts that reached the hand's end in ``place``, the best still open."""
        if self.best_place and place > self.best_place:
            raise ValueError(f"a playout reached place {self.best_place}: place {place} is not the best open")
        return self.at_best / self.weight if self.weight and place == self.best_place else 0.0

    @property
    def ahead_share(self) -> float:
        return self.aheads / self.weight if self.weight else 0.0


@dataclass(frozen=True)
class Decision:
    action: Any
    stats: Mapping[str, Stat] = field(default_factory=dict)
    """What the search found for each action it tried, by its text; empty for a forced move."""
    favourite: str | None = None
    """The rollout policy's own choice, by its text, where ``favourite_ties`` or ``margin`` favoured it."""
    iterations: int = 0
    """The budget spent: playouts (flat search) or deals of the hidden cards (tree search)."""
