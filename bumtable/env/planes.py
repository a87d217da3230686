"""Observation vectors for learners, one layout per family, each built from one seat's observation alone.

Seats are counted from the observer (index 0 is the observer, 1 the next seat, ...), so one policy can play
any seat. Every entry is a count or a 0/1 flag; ``high`` bounds them all. The layouts are in ``docs/env.md``.

>>> from bumtable import rules
>>> state = rules.get("president", players=4).new_state(seed=3)
>>> planes = planes_for(state.rules)
>>> vector = planes.encode(state.observe(0))
>>> vector.shape == (planes.size,), int(vector[: planes.size].max()) <= planes.high
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.cards.decktet import CARDS
from bumtable.errors import RulesError
from bumtable.rules import Observation, Rules, family_of
from bumtable.rules.phases import PHASES

Vector = npt.NDArray[np.float32]

FRENCH_CODES = 64
"""French card codes are ``rank * 4 + suit`` below 64 (:mod:`bumtable.cards.french`)."""
DECKTET_CODES = len(CARDS)


@dataclass(frozen=True, slots=True)
class Planes:
    """One family's layout for one rules object: ``size`` floats, each between 0 and ``high``."""

    size: int
    high: float
    fill: Callable[[Any, Vector], None]

    def encode(self, observation: Observation) -> Vector:
        """The vector of ``observation`` (a seat's, never the full state)."""
        out = np.zeros(self.size, dtype=np.float32)
        self.fill(observation, out)
        return out


def _relative(values: Sequence[int], seat: int) -> list[int]:
    """``values`` per seat, starting from ``seat``."""
    n = len(values)
    return [values[(seat + k) % n] for k in range(n)]


def _phase(out: Vector, at: int, phase: str) -> None:
    out[at + PHASES.index(phase)] = 1.0


def _climbing(rules: Any) -> Planes:
    n, ranks, roles = rules.players, rules.tables.n_ranks, len(rules.roles)
    rank_of = rules.tables.rank_of_code
    hand_at, counts_at = 0, ranks
    top_at = counts_at + n
    top_count_at = top_at + ranks
    roles_at = top_count_at + 1
    phase_at = roles_at + n * roles

    def fill(obs: Any, out: Vector) -> None:
        for code in obs.hand or ():
            out[hand_at + rank_of[code]] += 1
        out[counts_at : counts_at + n] = _relative(obs.card_counts, obs.seat)
        top = obs.top
        if top is not None and top.rank >= 0:
            out[top_at + top.rank] = 1.0
            out[top_count_at] = top.size
        if obs.roles_assigned:
            for k, role in enumerate(_relative(obs.roles, obs.seat)):
                out[roles_at + k * roles + role] = 1.0
        _phase(out, phase_at, obs.phase)

    return Planes(size=phase_at + len(PHASES), high=float(rules.deck_size), fill=fill)


def _gin_bummy(rules: Any) -> Planes:
    n = rules.players
    hand_at, counts_at = 0, FRENCH_CODES
    stock_at = counts_at + n
    beg_at = stock_at + 1
    beg_top_at = beg_at + 1
    phase_at = beg_top_at + FRENCH_CODES

    def fill(obs: Any, out: Vector) -> None:
        for code in obs.hand or ():
            out[hand_at + code] += 1
        out[counts_at : counts_at + n] = _relative(obs.hand_counts, obs.seat)
        out[stock_at] = obs.stock_count
        out[beg_at] = len(obs.beg)
        if obs.beg:
            out[beg_top_at + obs.beg[-1]] = 1.0
        _phase(out, phase_at, obs.phase)

    return Planes(size=phase_at + len(PHASES), high=float(rules.deck_size), fill=fill)


def _boojum(rules: Any) -> Planes:
    n = rules.players
    hand_at, counts_at = 0, DECKTET_CODES
    tokens_at = counts_at + n
    stack_at = tokens_at + 6 * n
    discard_at = stack_at + 1
    phase_at = discard_at + 1

    def fill(obs: Any, out: Vector) -> None:
        for code in obs.hand or ():
            out[hand_at + code] += 1
        out[counts_at : counts_at + n] = _relative(obs.hand_counts, obs.seat)
        for k, held in enumerate(_relative(range(n), obs.seat)):
            out[tokens_at + 6 * k : tokens_at + 6 * k + 6] = obs.tokens[held]
        out[stack_at] = obs.stack_count
        out[discard_at] = len(obs.discard)
        _phase(out, phase_at, obs.phase)

    return Planes(size=phase_at + len(PHASES), high=float(rules.decks * DECKTET_CODES), fill=fill)


_LAYOUTS: dict[str, Callable[[Any], Planes]] = {
    "climbing": _climbing,
    "gin-bummy": _gin_bummy,
    "boojum": _boojum,
}


def planes_for(rules: Rules) -> Planes:
    """The layout for ``rules``, chosen by its family (a RulesError for a family without one)."""
    name = family_of(rules).name
    layout = _LAYOUTS.get(name)
    if layout is None:
        raise RulesError(f"no observation layout for the {name} family; layouts: {', '.join(_LAYOUTS)}")
    return layout(rules)
