"""The batched engine: ``init`` and ``step`` on a :class:`FastState` of numpy arrays, one game per row.

>>> import numpy as np
>>> from bumtable.rules import get
>>> game = make(get("bum-game", players=4, rounds=1))
>>> state = game.init(np.arange(3))
>>> state.current_player.shape, state.legal_action_mask.shape, state.observation.shape
((3,), (3, 895), (3, 128))
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     state = game.step(state, game.random_actions(state, rng))
>>> sorted(round(float(x), 2) for x in state.rewards[0])
[-1.0, -0.33, 0.33, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from bumtable.errors import IllegalActionError, RulesError
from bumtable.fast import kernels as k
from bumtable.fast.tables import HISTORY, PLAYERS, RANKS, Tables, build
from bumtable.rules import Rules

IntArray = npt.NDArray[np.int32]


class FastRecord(NamedTuple):
    """One game as the rules layer replays it: ``rules.new_state(seed, chance=draws)``, then each code
    through ``rules.action_space().decode``."""

    draws: tuple[tuple[int, ...], ...]
    codes: tuple[int, ...]


@dataclass(slots=True)
class FastState:
    """A batch of games, one per row; ``step`` changes it in place (``copy`` keeps one)."""

    ints: IntArray
    """Per row, the small numbers (``kernels.F_*`` columns): turn, the play to beat, roles, cards held, ..."""
    counts: npt.NDArray[np.uint8]
    """(batch, 4, 14): cards of each rank each player holds (3 .. A, 2, Joker)."""
    played: npt.NDArray[np.uint8]
    """(batch, 14): cards of each rank played this hand."""
    legal_action_mask: npt.NDArray[np.bool_]
    """(batch, actions): the legal actions on ``rules.action_space()``'s codes (none once over)."""
    legal: IntArray
    """(batch, actions): the legal codes, the first ``ints[:, F_NLEGAL]`` of each row."""
    observation: npt.NDArray[np.float32]
    """(batch, planes): ``planes_for(rules)`` of the player to act (once over: of the last to act)."""
    rewards: npt.NDArray[np.float32]
    """(batch, 4): each player's ``Outcome.returns`` once the hand is over, 0 before."""
    history: npt.NDArray[np.int16]
    """(batch, 256): the codes played, the first ``ints[:, F_NHIST]`` of each row."""
    draws: npt.NDArray[np.int8]
    """(batch, draws, 54): the shuffles dealt from (the cut's, then the deal's), as ``Chance.draws``."""

    @property
    def current_player(self) -> IntArray:
        """The player to act in each row, -1 once the hand is over."""
        return self.ints[:, k.F_TURN].copy()

    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        over: npt.NDArray[np.bool_] = self.ints[:, k.F_OVER] != 0
        return over

    @property
    def batch(self) -> int:
        return int(self.ints.shape[0])

    def copy(self) -> FastState:
        return FastState(*(getattr(self, f).copy() for f in self.__slots__))


class FastGame:
    """The compiled engine for one rules object (see :func:`make`)."""

    def __init__(self, rules: Rules, *, observe: bool = True) -> None:
        self.rules = rules
        self.tables: Tables = build(rules)
        self.observe = observe
        self.num_actions = self.tables.size

    def init(
        self, keys: Sequence[int] | npt.ArrayLike, deals: Sequence[Sequence[Sequence[int]]] | None = None
    ) -> FastState:
        """A batch of new games, one per key: dealt from ``deals[i]`` (a game's ``state.chance.draws``:
        the cut's shuffles, then the deal's), or with ``deals=None`` from ``numpy.random.default_rng(key)``."""
        keys = np.asarray(keys, dtype=np.int64).reshape(-1)
        t = self.tables
        if deals is None:
            games = [self._draw(int(key)) for key in keys]
        else:
            if len(deals) != len(keys):
                raise RulesError(f"{len(deals)} deals for {len(keys)} keys: give one deal per key")
            games = [self._checked(i, d) for i, d in enumerate(deals)]
        rows = len(games)
        most = max((len(g) for g in games), default=1)
        draws = np.zeros((rows, most, len(t.deck)), dtype=np.int8)
        ints = np.zeros((rows, k.FIELDS), dtype=np.int32)
        for i, g in enumerate(games):
            draws[i, : len(g)] = g
            ints[i, k.F_NDRAWS] = len(g)
        state = FastState(
            ints=ints,
            counts=np.zeros((rows, PLAYERS, RANKS), dtype=np.uint8),
            played=np.zeros((rows, RANKS), dtype=np.uint8),
            legal_action_mask=np.zeros((rows, t.size), dtype=np.bool_),
            legal=np.zeros((rows, t.size), dtype=np.int32),
            observation=np.zeros((rows, t.obs_size), dtype=np.float32),
            rewards=np.zeros((rows, PLAYERS), dtype=np.float32),
            history=np.zeros((rows, HISTORY), dtype=np.int16),
            draws=draws,
        )
        short = k.init_rows(
            draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at, ints, state.counts,
            state.played, state.legal_action_mask, state.legal, state.observation, state.rewards, self.observe,
        )  # fmt: skip
        if short >= 0:
            raise RulesError(
                f"deal {short} has {len(games[short])} shuffles: the cut needs more before the deal's shuffle"
            )
        return state

    def step(self, state: FastState, actions: Sequence[int] | npt.ArrayLike) -> FastState:
        """Apply one action code per row (rows already over ignore theirs); the same state, changed."""
        acts = np.asarray(actions, dtype=np.int64).reshape(-1)
        if acts.shape[0] != state.batch:
            raise IllegalActionError(
                f"{acts.shape[0]} actions for a batch of {state.batch}: give one per row"
            )
        t = self.tables
        bad = k.step_rows(
            acts, t.ends_match, t.tab, t.obs_at, state.ints, state.counts, state.played,
            state.legal_action_mask, state.legal, state.observation, state.rewards, state.history, self.observe,
        )  # fmt: skip
        if bad >= 0:
            code = int(acts[bad])
            what = (
                repr(self.rules.action_text(self.rules.action_space().decode(code)))
                if 0 <= code < t.size
                else "no action"
            )
            raise IllegalActionError(
                f"row {bad}: action code {code} ({what}) is not legal now; no row was changed"
            )
        return state

    def random_actions(self, state: FastState, rng: np.random.Generator) -> npt.NDArray[np.int64]:
        """A uniformly random legal action code per row (0 for rows over), drawn from ``rng``."""
        out = np.zeros(state.batch, dtype=np.int64)
        k.pick_rows(rng.random(state.batch), state.ints, state.legal, out)
        return out

    def playout(self, state: FastState, seed: int) -> int:
        """Play every row to its end with uniformly random legal actions, all compiled (numba's generator,
        seeded ``seed``); the number of actions taken."""
        t = self.tables
        return int(
            k.playout_rows(
                seed, t.ends_match, t.tab, t.obs_at, state.ints, state.counts, state.played,
                state.legal_action_mask, state.legal, state.observation, state.rewards, state.history,
                self.observe,
            )
        )  # fmt: skip

    def to_records(self, state: FastState) -> list[FastRecord]:
        """Each row's game so far as a record the rules layer replays."""
        out = []
        for i in range(state.batch):
            nd, nh = int(state.ints[i, k.F_NDRAWS]), int(state.ints[i, k.F_NHIST])
            draws = tuple(tuple(int(c) for c in state.draws[i, d]) for d in range(nd))
            out.append(FastRecord(draws, tuple(int(c) for c in state.history[i, :nh])))
        return out

    def _draw(self, key: int) -> list[npt.NDArray[np.int8]]:
        """The cut's shuffles until one player is highest alone, then the deal's, from this key's generator."""
        rng = np.random.default_rng(key)
        deck, rank = self.tables.deck, self.tables.rank_of_code
        out = []
        left = PLAYERS
        while True:
            cut = rng.permutation(deck)
            out.append(cut)
            ranks = rank[cut[:left].astype(np.int64)]
            left = int((ranks == ranks.max()).sum())
            if left == 1:
                break
        out.append(rng.permutation(deck))
        return out

    def _checked(self, row: int, deal: Sequence[Sequence[int]]) -> list[npt.NDArray[np.int8]]:
        deck = np.sort(self.tables.deck)
        out = []
        for d, shuffle in enumerate(deal):
            arr = np.asarray(shuffle, dtype=np.int64)
            if arr.shape != deck.shape or not np.array_equal(np.sort(arr), deck):
                raise RulesError(
                    f"deal {row}, shuffle {d + 1} is not an order of the {deck.size} cards this game shuffles"
                )
            out.append(arr.astype(np.int8))
        if not out:
            raise RulesError(f"deal {row} has no shuffles: give the game's state.chance.draws")
        return out


def make(rules: Rules, *, observe: bool = True) -> FastGame:
    """The compiled engine for ``rules`` (a RulesError naming what is covered for anything else);
    ``observe=False`` leaves ``observation`` at 0 (faster playouts)."""
    return FastGame(rules, observe=observe)
