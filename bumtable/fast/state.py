"""The compiled engine's batch of games (:class:`FastState`) and a game as the rules layer replays it
(:class:`FastRecord`): plain arrays, shared by the engine, the loader of hands in play and the JAX backend."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from bumtable.fast import kernels as k

IntArray = npt.NDArray[np.int32]


class FastRecord(NamedTuple):
    """One game as the rules layer replays it: ``rules.new_state(seed, chance=draws)``, then each code
    through ``rules.action_space().decode``."""

    draws: tuple[tuple[int, ...], ...]
    codes: tuple[int, ...]


@dataclass(slots=True)
class FastState:
    """A batch of games, one per row; ``step`` changes it in place (``copy`` keeps one). ``n`` is the player
    count, ``R`` the ranks (14)."""

    ints: IntArray
    """(batch, 12 + 4 n + 8): the small numbers per row (``kernels.F_*`` columns, then per player: roles,
    players by role, cards held, going-out order, then the match's ``kernels.X_*``)."""
    counts: npt.NDArray[np.uint8]
    """(batch, n, R): cards of each rank each player holds (3 .. A, 2, Joker)."""
    played: npt.NDArray[np.uint8]
    """(batch, R): cards of each rank played this hand."""
    legal_action_mask: npt.NDArray[np.bool_]
    """(batch, actions): the legal actions on ``rules.action_space()``'s codes (none once over)."""
    legal: IntArray
    """(batch, actions): the legal codes, the first ``ints[:, F_NLEGAL]`` of each row."""
    observation: npt.NDArray[np.float32]
    """(batch, planes): ``planes_for(rules)`` of the player to act (once over: of the last to act)."""
    rewards: npt.NDArray[np.float32]
    """(batch, n): each player's ``Outcome.returns`` once the match is over (a row stopped at a hand's end:
    the hand's ``place_returns``), 0 before."""
    history: npt.NDArray[np.int16]
    """(batch, H): the codes played, the first ``ints[:, F_NHIST]`` of each row (H grows as a match needs)."""
    draws: npt.NDArray[np.int8]
    """(batch, draws, deck): the shuffles dealt from (the cut's, then one per hand), as ``Chance.draws``."""
    scores: IntArray
    """(batch, n): each player's points in the match so far."""
    known: npt.NDArray[np.uint8]
    """(batch, n, n, R): cards of each rank player ``g`` gave player ``p`` this hand and ``p`` has not played
    a card of since (``known[:, g, p]``; the observation's ``known`` block)."""

    @property
    def current_player(self) -> IntArray:
        """The player to act in each row, -1 once the row is over."""
        return self.ints[:, k.F_TURN].copy()

    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        over: npt.NDArray[np.bool_] = self.ints[:, k.F_OVER] != 0
        return over

    @property
    def batch(self) -> int:
        return int(self.ints.shape[0])

    @property
    def players(self) -> int:
        return int(self.counts.shape[1])

    @property
    def hand(self) -> IntArray:
        """The hand in play in each row, from 1 (the last hand once over)."""
        return self.ints[:, k.extra(self.players) + k.X_HAND].copy()

    @property
    def winner(self) -> IntArray:
        """The match's winner in each row, -1 until it is over (and in a row stopped at a hand's end)."""
        return self.ints[:, k.extra(self.players) + k.X_WINNER].copy()

    def copy(self) -> FastState:
        return FastState(*(getattr(self, f).copy() for f in self.__slots__))

    def take(self, rows: Sequence[int] | npt.ArrayLike) -> FastState:
        """A new state of these rows, in this order (a row may come more than once)."""
        pick = np.asarray(rows, dtype=np.int64).reshape(-1)
        return FastState(*(getattr(self, f)[pick] for f in self.__slots__))
