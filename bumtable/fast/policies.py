"""Batch policies on the compiled engine: uniform random and the greedy heuristic, and whole games played
with them inside compiled code.

The heuristic is the reference ``heuristic`` bot of the climbing games (``bumtable/bots/greedy.py``,
``GreedyBot``) on rank counts: each legal play valued by the cost of the hand it leaves (its sets and
sequences, each worth 1 plus how low it is) and its penalties, with the same floating-point operations, so
its values are the bot's to the last bit; ties are broken by a per-row generator, not the bot's.

Each row draws from its own generator (a ``uint64`` per row, :func:`generators`), so a row's game does not
depend on the other rows of the batch.

>>> import numpy as np
>>> from bumtable.fast import make
>>> from bumtable.rules import get
>>> game = make(get("bum-game", players=4, rounds=1))
>>> bots = policies(game)
>>> state = game.init(np.arange(4))
>>> taken = bots.playout(state, ["heuristic", "random", "heuristic", "random"], generators(7, 4))
>>> bool(state.terminated.all()), taken == int(state.ints[:, 8].sum())
(True, True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

import numba  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np
import numpy.typing as npt

from bumtable.errors import RulesError
from bumtable.fast import kernels as k
from bumtable.fast.engine import FastGame
from bumtable.fast.kernels import (
    F_NDRAWS,
    F_NHIST,
    F_NLEGAL,
    F_OVER,
    F_ROLES,
    F_TURN,
    PHASE_REVOLUTION,
    X_PHASE,
)
from bumtable.fast.state import FastState
from bumtable.fast.tables import H_DECLARE, H_NEED, H_SEAT_RANDOM

Fn = TypeVar("Fn", bound=Callable[..., Any])


def _jit(fn: Fn) -> Fn:
    return cast(Fn, numba.njit(cache=True, nogil=True)(fn))


def _inline(fn: Fn) -> Fn:
    """Compiled into each caller: a call passing arrays counts references, which costs more than the body."""
    return cast(Fn, numba.njit(cache=True, nogil=True, inline="always")(fn))


# GreedyBot's terms (bumtable/bots/greedy.py; tests/test_fast_policies.py checks they are the same).
WILD_PENALTY = 3.0
LATE_WILD_PENALTY = 1.0
EARLY_CARDS = 5
HIGH_PENALTY = 0.5
PASS_BONUS = -0.3

RANDOM = 0
HEURISTIC = 1
FIRST_BEST = 2
"""The heuristic breaking ties as GreedyBot does, to the first in the rules' legal order (the search's
playouts: the rules layer's own)."""
LEARNER = -1
"""A seat no policy plays: :meth:`Policies.play` stops at its turn."""
KINDS = {"random": RANDOM, "heuristic": HEURISTIC, "heuristic-first": FIRST_BEST}
"""The policies by the bot kind they play as (``greedy`` is the heuristic's other name)."""

U64 = npt.NDArray[np.uint64]

_GOLD = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S11, _S27, _S30, _S31 = np.uint64(11), np.uint64(27), np.uint64(30), np.uint64(31)


def generators(seed: int, rows: int) -> U64:
    """One generator state per row (splitmix64), all drawn from ``seed``."""
    if rows < 0:
        raise ValueError(f"rows must be 0 or more, not {rows}")
    out: U64 = (
        np.random.SeedSequence(seed).generate_state(max(rows, 1), dtype=np.uint64)[:rows].astype(np.uint64)
    )
    return out


def kind_code(kind: str | None) -> int:
    """A seat's policy code: ``random``, ``heuristic`` (or ``greedy``), or None for a seat left to the caller."""
    if kind is None:
        return LEARNER
    code = KINDS.get("heuristic" if kind == "greedy" else kind)
    if code is None:
        raise ValueError(f"the compiled engine's bots are {', '.join(KINDS)} (and greedy), not {kind!r}")
    return code


@_inline
def _next(gen: Any, i: int) -> Any:
    x = gen[i] + _GOLD
    gen[i] = x
    z = (x ^ (x >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@_inline
def _below(gen: Any, i: int, n: int) -> int:
    """A uniform integer in [0, n) from row ``i``'s generator."""
    u = (_next(gen, i) >> _S11) * (1.0 / 9007199254740992.0)
    return min(int(u * n), n - 1)


@_inline
def _cost(
    planes: Any, deep: int, seq_top: int, seq_min: int, top: int, gtab: Any, lowv: Any, pop: Any, ctz: Any
) -> float:  # fmt: skip
    """How hard a hand is to empty: ``CostModel._compute`` on bit masks. ``planes[k]`` (k = 1 .. ``deep``):
    the ranks held ``k`` times or more (changed: the sequences taken out). Each maximal run of held ranks
    is taken out as a sequence, lowest first and pass after pass, while that lowers the cost in whole
    numbers; at a tie the floating-point sums decide, as there. ``gtab[mask]`` is ``CostModel.groups``."""
    seqs = 0
    last = 0
    seqmask = (1 << (seq_top + 1)) - 1
    while True:
        improved = False
        m = planes[1] & seqmask  # the runs found at the start of a pass (taking one leaves the others)
        while m:
            run = m & ~(m + (m & -m))  # the lowest run of held ranks
            m &= ~run
            if pop[run] < seq_min:
                continue
            lo = ctz[run]
            emptied = planes[1] & ~planes[2] & run  # ranks of the run held once
            if (emptied & (emptied - 1)) == 0:  # two or more ranks emptied: always taken
                lost = 2 * top - ctz[emptied] if emptied else 0
                gain = 2 * top - lo - lost if seqs == 0 else top - lo + last - lost
                if gain > 0:
                    continue
                if gain == 0:
                    g = gtab[planes[1]]
                    best = g if seqs == 0 else g + (seqs - 1) + 1 + lowv[last]
                    if not gtab[planes[1] & ~emptied] + seqs + 1 + lowv[lo] < best:
                        continue
            seqs += 1
            last = lo
            improved = True
            for lv in range(1, deep + 1):  # one card of each rank of the run out
                planes[lv] = (planes[lv] & ~run) | (planes[lv + 1] & run)
        if not improved:
            break
    g = gtab[planes[1]]
    return float(g if seqs == 0 else g + (seqs - 1) + 1 + lowv[last])


@_inline
def _value(
    i: int, a: int, p: int, held: int, danger: bool, counts: Any, tab: Any, ptab: Any, touch: Any,
    gtab: Any, lowv: Any, shape: Any, bits: Any, base: Any, work: Any,
) -> float:  # fmt: skip
    """GreedyBot's value of code ``a`` for player ``p`` of row ``i`` (lower is better); ``base``: the
    player's hand as :func:`_cost`'s planes (:func:`_planes`)."""
    size = ptab[a, 0]
    if size == held:
        return -1e9  # goes out
    deep = shape[4]
    for lv in range(deep + 2):
        work[lv] = base[lv]
    if a:
        need_at = tab[H_NEED] + a * counts.shape[2]
        for j in range(ptab[a, 4]):
            r = touch[a, j]
            had = counts[i, p, r]
            for lv in range(had - tab[need_at + r] + 1, had + 1):
                work[lv] &= ~(1 << r)
    seq_top, seq_min = shape[1], shape[2]
    m = work[1] & ((1 << (seq_top + 1)) - 1)
    run = m
    for shift in range(1, seq_min):
        run &= m >> shift
    if run == 0:  # no run of held ranks long enough for a sequence: the sets alone
        cost = gtab[work[1]]
    else:
        cost = _cost(work, deep, seq_top, seq_min, shape[0], gtab, lowv, bits[0], bits[1])
    if size < 0:
        return float(cost - PASS_BONUS)  # standing still
    rank = ptab[a, 1]
    if cost <= 2.5 and rank >= shape[3]:
        return float(cost + 0.0 + 0.001 * rank)  # a winning play late in the hand: make the move
    if size < held - EARLY_CARDS:
        terms = WILD_PENALTY * ptab[a, 2] + HIGH_PENALTY * ptab[a, 3]
    else:
        terms = LATE_WILD_PENALTY * ptab[a, 2] + HIGH_PENALTY * ptab[a, 3]
    return float(cost + (0.3 if danger else 1.0) * terms + 0.001 * rank)


@_jit
def groups_table(lowv: Any, out: Any) -> None:
    """``out[mask]``: each rank in ``mask`` one set: how many, plus how low they are, summed in rank order as
    ``CostModel.groups`` sums them."""
    for mask in range(out.shape[0]):
        n = 0
        low = 0.0
        for r in range(lowv.shape[0]):
            if (mask >> r) & 1:
                n += 1
                low += lowv[r]
        out[mask] = n + low


@_inline
def _planes(i: int, p: int, counts: Any, base: Any) -> None:
    """``base[k]``: the ranks player ``p`` holds ``k`` times or more (0 past the deepest)."""
    base[:] = 0
    for r in range(counts.shape[2]):
        for lv in range(1, counts[i, p, r] + 1):
            base[lv] |= 1 << r


@_inline
def _danger(i: int, p: int, n: int, ints: Any) -> bool:
    """Another of the ``n`` players holds 1 to 3 cards."""
    for q in range(n):
        held = ints[i, F_ROLES + 2 * n + q]
        if q != p and 0 < held <= 3:
            return True
    return False


@_inline
def _heuristic(
    i: int, ints: Any, counts: Any, legal: Any, tab: Any, ptab: Any, touch: Any, gtab: Any, bits: Any, lowv: Any,
    shape: Any,
    gen: Any, planes: Any, best: Any, first: bool = False,
) -> int:  # fmt: skip
    """GreedyBot's choice in row ``i``: a revolution declared when it may be, else the lowest value, ties
    drawn uniformly (``first``: the first of them in the legal order, ``gen`` unread)."""
    nl = ints[i, F_NLEGAL]
    if nl == 1:
        return int(legal[i, 0])
    n = counts.shape[1]
    if ints[i, F_ROLES + 4 * n + X_PHASE] == PHASE_REVOLUTION:
        return int(tab[H_DECLARE])
    p = ints[i, F_TURN]
    held = ints[i, F_ROLES + 2 * n + p]
    danger = _danger(i, p, n, ints)
    _planes(i, p, counts, planes[0])
    best_value = np.inf
    below = np.inf
    nbest = 0
    for j in range(nl):
        a = legal[i, j]
        value = _value(
            i, a, p, held, danger, counts, tab, ptab, touch, gtab, lowv, shape, bits, planes[0], planes[1]
        )
        if value < below:
            best[0] = a
            nbest = 1
            best_value = value
            below = value - 1e-9
        elif abs(value - best_value) <= 1e-9:
            best[nbest] = a
            nbest += 1
    if nbest == 1 or first:
        return int(best[0])
    return int(best[_below(gen, i, nbest)])


@_jit
def first_best(
    i: int, ints: Any, counts: Any, legal: Any, tab: Any, ptab: Any, touch: Any, gtab: Any, bits: Any,
    lowv: Any, shape: Any, planes: Any, best: Any,
) -> int:  # fmt: skip
    """The heuristic's choice in row ``i`` with ties to the first in the rules' legal order (where GreedyBot
    draws among them): ``_heuristic`` without its draw."""
    return _heuristic(
        i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, best, planes, best, True
    )


@_jit
def heuristic_rows(
    ints: Any,
    counts: Any,
    legal: Any,
    tab: Any,
    ptab: Any,
    touch: Any,
    gtab: Any,
    bits: Any,
    lowv: Any,
    shape: Any,
    gen: Any,
    out: Any,
) -> None:
    planes = np.zeros((2, shape[4] + 2), dtype=np.int64)
    best = np.empty(legal.shape[1], dtype=np.int64)
    for i in range(ints.shape[0]):
        if ints[i, F_NLEGAL]:
            out[i] = _heuristic(
                i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, gen, planes, best
            )
        else:
            out[i] = 0


@_jit
def values_rows(
    ints: Any,
    counts: Any,
    legal: Any,
    tab: Any,
    ptab: Any,
    touch: Any,
    gtab: Any,
    bits: Any,
    lowv: Any,
    shape: Any,
    out: Any,
) -> None:
    n = counts.shape[1]
    planes = np.zeros((2, shape[4] + 2), dtype=np.int64)
    for i in range(ints.shape[0]):
        p = ints[i, F_TURN]
        if p < 0 or ints[i, F_ROLES + 4 * n + X_PHASE] == PHASE_REVOLUTION:
            continue
        held = ints[i, F_ROLES + 2 * n + p]
        danger = _danger(i, p, n, ints)
        _planes(i, p, counts, planes[0])
        for j in range(ints[i, F_NLEGAL]):
            a = legal[i, j]
            out[i, a] = _value(
                i, a, p, held, danger, counts, tab, ptab, touch, gtab, lowv, shape, bits, planes[0], planes[1]
            )


@_jit
def random_rows(ints: Any, legal: Any, gen: Any, out: Any) -> None:
    for i in range(ints.shape[0]):
        n = ints[i, F_NLEGAL]
        out[i] = legal[i, _below(gen, i, n)] if n > 1 else (legal[i, 0] if n else 0)


@_jit
def play_rows(
    first: Any, kinds: Any, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any,
    ints: Any, counts: Any, played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any,
    rewards: Any, history: Any, observe: bool, ptab: Any, touch: Any, gtab: Any, bits: Any, lowv: Any,
    shape: Any,
    gen: Any,
) -> tuple[int, bool]:  # fmt: skip
    """In each row: ``first[i]`` if it is a code (>= 0; then set to -1), then the seats' policies
    (``kinds[seat]``) until the row is over or a ``LEARNER`` seat is to act. The actions taken, and False if
    a row's history filled first (grow it and call again). Codes must be legal."""
    planes = np.zeros((2, shape[4] + 2), dtype=np.int64)
    best = np.empty(legal.shape[1], dtype=np.int64)
    cap = history.shape[1]
    taken = 0
    for i in range(ints.shape[0]):
        if first[i] >= 0 and not ints[i, F_OVER]:
            if ints[i, F_NHIST] >= cap:
                return taken, False
            k._step(
                i, first[i], draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known,
                scores, mask, legal, obs, rewards, history, observe,
            )  # fmt: skip
            first[i] = -1
            taken += 1
        while not ints[i, F_OVER]:
            kind = kinds[ints[i, F_TURN]]
            if kind == LEARNER:
                break
            if ints[i, F_NHIST] >= cap:
                return taken, False
            nl = ints[i, F_NLEGAL]
            if kind == RANDOM:
                a = legal[i, _below(gen, i, nl)] if nl > 1 else legal[i, 0]
            elif kind == FIRST_BEST:
                a = first_best(
                    i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, planes, best
                )
            else:
                a = _heuristic(
                    i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, gen, planes, best
                )
            k._step(
                i, a, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known, scores,
                mask, legal, obs, rewards, history, observe,
            )  # fmt: skip
            taken += 1
    return taken, True


@_jit
def deal_rows(gen: Any, deck: Any, seats: int, draws: Any, ints: Any) -> None:
    """Fill every shuffle of every row with a uniform order of ``deck`` (Fisher-Yates); with ``seats``, the
    first shuffle is an order of the seats instead (its first ``seats`` places)."""
    for i in range(draws.shape[0]):
        for d in range(draws.shape[1]):
            out = draws[i, d]
            size = deck.shape[0]
            if d == 0 and seats:
                out[:] = 0
                for j in range(seats):
                    out[j] = j
                size = seats
            else:
                out[:] = deck
            for j in range(size - 1, 0, -1):
                m = _below(gen, i, j + 1)
                out[j], out[m] = out[m], out[j]
        ints[i, F_NDRAWS] = draws.shape[1]


@_jit
def observe_seat_rows(
    rows: Any, seat: int, tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, known: Any, out: Any
) -> None:
    """The planes of ``seat`` in each of ``rows``, into ``out`` (row by row)."""
    for j in range(rows.shape[0]):
        k._observe(rows[j], seat, tab, obs_at, ints, counts, played, known, out)


class Policies:
    """The batch policies of one compiled engine (:func:`policies`)."""

    def __init__(self, game: FastGame) -> None:
        rules: Any = game.rules
        t = rules.tables
        plain = not (
            rules.teams
            or rules.four_of_a_value
            or t.bridge
            or (t.wipe >= 0 and t.wipe_last_loses)
            or rules.exchange_high_gives == "choice"
        )
        self.unplayable = (
            ""
            if plain
            else "the compiled heuristic plays the plain climbing game, The Bum Game (no teams, runs, wipes or "
            "chosen gifts)"
        )
        """Why the heuristic does not play these rules ("" where it does); random play needs nothing."""
        self.game = game
        ft = game.tables
        tab = ft.tab
        nr = ft.ranks
        ptab = np.zeros((ft.size, 5), dtype=np.int32)
        touch = np.zeros((ft.size, nr), dtype=np.int32)
        for code in range(1, ft.size):
            kind, rank, n = tab[ft.kind_at + code], tab[ft.rank_at + code], tab[ft.size_at + code]
            need = tab[ft.need_at + code * nr : ft.need_at + (code + 1) * nr]
            ranks = np.flatnonzero(need)
            ptab[code] = (
                n,
                rank,
                n - need[rank] if kind == 1 else 0,
                need[t.n_ranks - 3 :].sum(),
                len(ranks),
            )
            touch[code, : len(ranks)] = ranks
        ptab[0, 0] = -1
        self.ptab = ptab
        """Per code: size (-1 a pass), rank, wild stand-ins (a set's), cards of the three highest ranks, and
        how many ranks it takes cards of (``touch``'s row: which)."""
        self.touch = touch
        top = t.n_ranks - 1
        self.lowv = np.array([1.0 - r / top for r in range(t.n_ranks)], dtype=np.float64)
        """How low each rank is, and how low a sequence led from it is (``CostModel.lead``)."""
        self.gtab = np.zeros(1 << nr, dtype=np.float64)
        """Per mask of ranks held: each one set (``CostModel.groups``, summed in the same order)."""
        groups_table(self.lowv, self.gtab)
        masks = np.arange(1 << nr)
        low = masks & -masks
        self.bits = np.array([[bin(m).count("1") for m in masks], [int(b).bit_length() - 1 for b in low]])
        """Per mask of ranks: how many (``bits[0]``), and the lowest (``bits[1]``, -1 for none)."""
        deepest = int(np.bincount(ft.rank_of_code[ft.deck.astype(np.int64)]).max())
        self.shape = np.array(
            [top, t.seq_top if t.sequences else -1, t.seq_min, t.n_ranks - 3, deepest], dtype=np.int64
        )
        """The highest rank, the highest a sequence reaches (-1: none), the fewest ranks in one, the lowest of
        the three highest ranks, and the most cards of one rank in the deck."""

    def random_actions(self, state: FastState, gen: U64) -> npt.NDArray[np.int64]:
        """A uniformly random legal code per row (0 for rows over)."""
        out = np.zeros(state.batch, dtype=np.int64)
        random_rows(state.ints, state.legal, self._gen(state, gen), out)
        return out

    def check_heuristic(self) -> None:
        """A RulesError where the heuristic does not play these rules."""
        if self.unplayable:
            raise RulesError(self.unplayable)

    def heuristic_actions(self, state: FastState, gen: U64) -> npt.NDArray[np.int64]:
        """The heuristic's code per row (0 for rows over); ``gen`` breaks ties."""
        self.check_heuristic()
        out = np.zeros(state.batch, dtype=np.int64)
        heuristic_rows(
            state.ints, state.counts, state.legal, self.game.tables.tab, self.ptab, self.touch, self.gtab, self.bits,
            self.lowv, self.shape, self._gen(state, gen), out,
        )  # fmt: skip
        return out

    def heuristic_values(self, state: FastState) -> npt.NDArray[np.float64]:
        """The heuristic's value of each legal code per row (lower is better; NaN where not legal, and in a
        revolution's decision, which it always declares)."""
        self.check_heuristic()
        out = np.full((state.batch, self.game.num_actions), np.nan)
        values_rows(
            state.ints,
            state.counts,
            state.legal,
            self.game.tables.tab,
            self.ptab,
            self.touch,
            self.gtab,
            self.bits,
            self.lowv,
            self.shape,
            out,
        )
        return out

    def play(
        self,
        state: FastState,
        kinds: Sequence[str | None],
        gen: U64,
        first: npt.ArrayLike | None = None,
    ) -> int:
        """In every row, ``first[i]`` (a legal code, or -1 for none), then ``kinds[seat]`` at each seat's turn
        until the row is over or a seat of kind None is to act; the number of actions taken."""
        codes = np.array([kind_code(kind) for kind in kinds], dtype=np.int64)
        if (codes > RANDOM).any():
            self.check_heuristic()
        if codes.shape[0] != state.players:
            raise ValueError(
                f"{codes.shape[0]} seat kinds for a {state.players}-player game: give one per seat"
            )
        acts = np.full(state.batch, -1, dtype=np.int64)
        if first is not None:
            given = np.asarray(first, dtype=np.int64).reshape(-1)
            if given.shape[0] != state.batch:
                raise ValueError(
                    f"{given.shape[0]} first actions for a batch of {state.batch}: give one per row"
                )
            acts[:] = given
            rows = np.flatnonzero((acts >= 0) & ~state.terminated)
            ok = acts[rows] < self.game.num_actions
            ok[ok] = state.legal_action_mask[rows[ok], acts[rows][ok]]
            if not ok.all():
                row = int(rows[~ok][0])
                raise ValueError(f"row {row}: action code {int(acts[row])} is not legal now")
        t = self.game.tables
        gen = self._gen(state, gen)
        total = 0
        while True:
            taken, done = play_rows(
                acts, codes, state.draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at,
                state.ints, state.counts, state.played, state.known, state.scores, state.legal_action_mask,
                state.legal, state.observation, state.rewards, state.history, self.game.observe, self.ptab,
                self.touch, self.gtab, self.bits, self.lowv, self.shape, gen,
            )  # fmt: skip
            total += int(taken)
            if done:
                return total
            state.history = np.concatenate([state.history, np.zeros_like(state.history)], axis=1)

    def playout(self, state: FastState, kinds: Sequence[str], gen: U64) -> int:
        """Every row played to its end with ``kinds[seat]`` at each seat; the number of actions taken."""
        if any(kind is None for kind in kinds):
            raise ValueError("a playout needs a bot kind at every seat")
        return self.play(state, kinds, gen)

    def deal(self, state: FastState, gen: U64) -> FastState:
        """New games in every row of ``state`` (in place), shuffled in compiled code from ``gen``: the fast
        start of a simulation (``init`` deals in Python). The shuffles are uniform, as any generator's; each
        row has room for a cut tied seven times and as many hands as the match may take."""
        t = self.game.tables
        gen = self._gen(state, gen)
        one_hand = t.ends_match or self.game.stops_at_hand_end
        width = 8 + (1 if one_hand else t.hands)
        while True:
            if state.draws.shape[1] != width:
                state.draws = np.zeros((state.batch, width, len(t.deck)), dtype=np.int8)
            seats = t.players if t.tab[H_SEAT_RANDOM] else 0
            deal_rows(gen, t.deck, seats, state.draws, state.ints)
            short = k.init_rows(
                state.draws, t.rank_of_code, t.triggers, t.revolution_roles, t.tab, t.obs_at, state.ints,
                state.counts, state.played, state.known, state.scores, state.legal_action_mask, state.legal,
                state.observation, state.rewards, self.game.observe,
            )  # fmt: skip
            if short < 0:
                return state
            width *= 2

    def observe_seat(
        self, state: FastState, rows: npt.ArrayLike, seat: int, out: npt.NDArray[np.float32]
    ) -> None:
        """The planes of ``seat`` in each of ``rows``, written into those rows of ``out`` (at a row's end:
        the ended match as that seat sees it)."""
        t = self.game.tables
        idx = np.asarray(rows, dtype=np.int64).reshape(-1)
        observe_seat_rows(
            idx, seat, t.tab, t.obs_at, state.ints, state.counts, state.played, state.known, out
        )

    @staticmethod
    def _gen(state: FastState, gen: U64) -> U64:
        if gen.dtype != np.uint64 or gen.shape != (state.batch,):
            raise ValueError(
                f"give one uint64 generator per row ({state.batch}, from generators()), not {gen.dtype} "
                f"{gen.shape}"
            )
        return gen


def policies(game: FastGame) -> Policies:
    """The batch policies of ``game``'s rules (the heuristic refuses, saying why, rules it does not play)."""
    return Policies(game)


__all__ = [
    "HEURISTIC",
    "KINDS",
    "LEARNER",
    "RANDOM",
    "Policies",
    "generators",
    "kind_code",
    "policies",
]
