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
>>> match = make(get("bum-game", players=4))        # whole matches, to the target
>>> state = match.init([1])
>>> match.playout(state, seed=0) > 1000, int(state.scores.max()) >= 100, state.hand.tolist() > [20]
(True, True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from bumtable.errors import IllegalActionError, RulesError
from bumtable.fast import kernels as k
from bumtable.fast.state import FastRecord, FastState
from bumtable.fast.tables import H_NO_CUT, H_SEAT_RANDOM, Tables, build
from bumtable.rules import Rules

IntArray = npt.NDArray[np.int32]


class FastGame:
    """The compiled engine for one rules object (see :func:`make`)."""

    def __init__(self, rules: Rules, *, observe: bool = True, stop_at_hand_end: bool = False) -> None:
        self.rules = rules
        self.tables: Tables = build(rules)
        self.observe = observe
        self.stops_at_hand_end = stop_at_hand_end
        self.num_actions = self.tables.size

    def init(
        self, keys: Sequence[int] | npt.ArrayLike, deals: Sequence[Sequence[Sequence[int]]] | None = None
    ) -> FastState:
        """A batch of new matches, one per key: dealt from ``deals[i]`` (a game's ``state.chance.draws``:
        the cut's shuffles, then one per hand), or with ``deals=None`` from ``numpy.random.default_rng(key)``.
        Hands past a deal's last shuffle are dealt from ``numpy.random.default_rng(key)``'s shuffles."""
        keys = np.asarray(keys, dtype=np.int64).reshape(-1)
        t = self.tables
        n = t.players
        if deals is None:
            games = [self._draw(int(key)) for key in keys]
        else:
            if len(deals) != len(keys):
                raise RulesError(f"{len(deals)} deals for {len(keys)} keys: give one deal per key")
            games = [self._checked(i, d) for i, d in enumerate(deals)]
            games = [self._filled(g, int(key)) for g, key in zip(games, keys, strict=True)]
        rows = len(games)
        most = max((len(g) for g in games), default=1)
        draws = np.zeros((rows, most, len(t.deck)), dtype=np.int8)
        ints = np.zeros((rows, k.fields(n)), dtype=np.int32)
        for i, g in enumerate(games):
            draws[i, : len(g)] = g
            ints[i, k.F_NDRAWS] = len(g)
        ints[:, k.extra(n) + k.X_STOP] = int(self.stops_at_hand_end)
        one_hand = self.stops_at_hand_end or t.ends_match
        state = FastState(
            ints=ints,
            counts=np.zeros((rows, n, t.ranks), dtype=np.uint8),
            played=np.zeros((rows, t.ranks), dtype=np.uint8),
            legal_action_mask=np.zeros((rows, t.size), dtype=np.bool_),
            legal=np.zeros((rows, t.size), dtype=np.int32),
            observation=np.zeros((rows, t.obs_size), dtype=np.float32),
            rewards=np.zeros((rows, n), dtype=np.float32),
            history=np.zeros((rows, t.hand_history * (1 if one_hand else 8)), dtype=np.int16),
            draws=draws,
            scores=np.zeros((rows, n), dtype=np.int32),
            known=np.zeros((rows, n, n, t.ranks), dtype=np.uint8),
        )
        short = k.init_rows(
            draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at, ints, state.counts,
            state.played, state.known, state.scores, state.legal_action_mask, state.legal, state.observation,
            state.rewards, self.observe,
        )  # fmt: skip
        if short >= 0:
            raise RulesError(
                f"deal {short} has {len(games[short])} shuffles: the cut needs more before the deal's shuffle"
            )
        return state

    def stop_at_hand_end(self, state: FastState, rows: Sequence[int] | npt.ArrayLike | None = None) -> None:
        """End these rows (all by default) when their hand in play ends, dealing no next hand, as the rules
        layer's ``state.stop_at_hand_end()``: the row is then over, its rewards the hand's ``place_returns``."""
        pick = slice(None) if rows is None else np.asarray(rows, dtype=np.int64)
        state.ints[pick, k.extra(state.players) + k.X_STOP] = 1

    def next_hand(self, state: FastState, rows: Sequence[int] | npt.ArrayLike | None = None) -> FastState:
        """Deal the next hand in these rows (all by default) that stopped at a hand's end with their match
        going on, as play goes on past the hand in the rules layer; other rows are left alone. A row stops
        again at its next hand's end. Rows need a shuffle for it: a game made with ``stop_at_hand_end=True``
        draws one hand's, so stop the rows of a match game with :meth:`stop_at_hand_end` instead."""
        pick = np.arange(state.batch) if rows is None else np.asarray(rows, dtype=np.int64).reshape(-1)
        t = self.tables
        short = k.next_hand_rows(
            pick, state.draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at, state.ints,
            state.counts, state.played, state.known, state.legal_action_mask, state.legal, state.observation,
            state.rewards, self.observe,
        )  # fmt: skip
        if short >= 0:
            raise RulesError(
                f"row {short} has no shuffle left for another hand: make the game without stop_at_hand_end "
                "and stop its rows with stop_at_hand_end(state)"
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
        while True:
            bad = k.step_rows(
                acts, state.draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at,
                state.ints, state.counts, state.played, state.known, state.scores, state.legal_action_mask,
                state.legal, state.observation, state.rewards, state.history, self.observe,
            )  # fmt: skip
            if bad != k.ERR_HISTORY:
                break
            _grow(state)
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
        total, reseed = 0, True
        while True:
            taken, done = k.playout_rows(
                seed, reseed, state.draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at,
                state.ints, state.counts, state.played, state.known, state.scores, state.legal_action_mask,
                state.legal, state.observation, state.rewards, state.history, self.observe,
            )  # fmt: skip
            total += int(taken)
            if done:
                return total
            _grow(state)
            reseed = False

    def to_records(self, state: FastState) -> list[FastRecord]:
        """Each row's game so far as a record the rules layer replays (the shuffles of the hands dealt)."""
        out = []
        x = k.extra(state.players)
        if state.batch and not state.ints[:, k.F_NDRAWS].all():
            raise RulesError("rows loaded mid-hand have no record: they did not start from a deal")
        seats = self.tables.players if self.tables.tab[H_SEAT_RANDOM] else 0
        for i in range(state.batch):
            nd = min(int(state.ints[i, x + k.X_DRAW]), int(state.ints[i, k.F_NDRAWS]))
            nh = int(state.ints[i, k.F_NHIST])
            draws = tuple(
                tuple(int(c) for c in (state.draws[i, d, :seats] if d == 0 and seats else state.draws[i, d]))
                for d in range(nd)
            )
            out.append(FastRecord(draws, tuple(int(c) for c in state.history[i, :nh])))
        return out

    def _shuffles(self, rng: np.random.Generator) -> list[npt.NDArray[np.int8]]:
        """The seats' shuffle where they are shuffled (its first ``players`` places), the cut's shuffles until
        one player is highest alone where there is a cut, then one per hand the match may take."""
        t = self.tables
        deck, rank = t.deck, t.rank_of_code
        out = []
        if t.tab[H_SEAT_RANDOM]:
            seats = np.zeros(len(deck), dtype=np.int8)
            seats[: t.players] = rng.permutation(t.players)
            out.append(seats)
        left = t.players
        while not t.tab[H_NO_CUT]:
            cut = rng.permutation(deck)
            out.append(cut)
            ranks = rank[cut[:left].astype(np.int64)]
            left = int((ranks == ranks.max()).sum())
            if left == 1:
                break
        hands = 1 if t.ends_match or self.stops_at_hand_end else t.hands
        out.extend(rng.permutation(deck) for _ in range(hands))
        return out

    def _draw(self, key: int) -> list[npt.NDArray[np.int8]]:
        return self._shuffles(np.random.default_rng(key))

    def _filled(self, given: list[npt.NDArray[np.int8]], key: int) -> list[npt.NDArray[np.int8]]:
        """``given`` and, for the hands a match may take past its last shuffle, the key's own shuffles."""
        t = self.tables
        cut = self._cut_length(given)
        if t.ends_match or self.stops_at_hand_end or cut is None or len(given) - cut >= t.hands:
            return given
        own = self._draw(key)
        at = self._cut_length(own) or 0
        return given + own[at + len(given) - cut : at + t.hands]

    def _cut_length(self, shuffles: Sequence[npt.NDArray[np.int8]]) -> int | None:
        """How many of ``shuffles`` come before the first hand's (the seats', the cut's; None if they run out
        first)."""
        tab = self.tables.tab
        if tab[H_NO_CUT]:
            first = 1 if tab[H_SEAT_RANDOM] else 0
            return first if len(shuffles) > first else None
        rank = self.tables.rank_of_code
        left = self.tables.players
        for d, cut in enumerate(shuffles):
            ranks = rank[np.asarray(cut[:left], dtype=np.int64)]
            left = int((ranks == ranks.max()).sum())
            if left == 1:
                return d + 1
        return None

    def _checked(self, row: int, deal: Sequence[Sequence[int]]) -> list[npt.NDArray[np.int8]]:
        deck = np.sort(self.tables.deck)
        out = []
        n = self.tables.players
        for d, shuffle in enumerate(deal):
            arr = np.asarray(shuffle, dtype=np.int64)
            if d == 0 and self.tables.tab[H_SEAT_RANDOM]:  # the seats' order
                if arr.shape != (n,) or not np.array_equal(np.sort(arr), np.arange(n)):
                    raise RulesError(f"deal {row}, shuffle 1 is not an order of the {n} seats")
                seats = np.zeros(deck.size, dtype=np.int8)
                seats[:n] = arr
                out.append(seats)
                continue
            if arr.shape != deck.shape or not np.array_equal(np.sort(arr), deck):
                raise RulesError(
                    f"deal {row}, shuffle {d + 1} is not an order of the {deck.size} cards this game shuffles"
                )
            out.append(arr.astype(np.int8))
        if not out:
            raise RulesError(f"deal {row} has no shuffles: give the game's state.chance.draws")
        return out


def _grow(state: FastState) -> None:
    """Double the history's width (a match took more actions than it had room for)."""
    more = np.zeros_like(state.history)
    state.history = np.concatenate([state.history, more], axis=1)


def make(rules: Rules, *, observe: bool = True, stop_at_hand_end: bool = False) -> FastGame:
    """The compiled engine for ``rules`` on Numba (a RulesError naming what is covered for anything else),
    playing whole matches; ``observe=False`` leaves ``observation`` at 0 (faster playouts);
    ``stop_at_hand_end`` ends every row when its first hand ends (as the rules layer's
    ``state.stop_at_hand_end()``). ``bumtable.fast.make`` chooses the backend."""
    return FastGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)
