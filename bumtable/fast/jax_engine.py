"""The compiled engine on JAX (``make(rules, backend="jax")``, the ``jax`` extra): the same state layout and
action codes as the Numba engine, each step one ``jax.jit`` of ``jax.vmap`` over the rows, so a batch runs
on a GPU where JAX has one (on the CPU here, where the Numba engine is faster).

It plays what the Numba engine plays: matches of The Bum Game for 3 to 12 with the preset's variants (the
cut, every hand's deal, revolutions automatic or declared, the exchange, scores to the target or the rounds),
or rows stopped at the first hand's end (``stop_at_hand_end=True``). Every branch of a step is computed and
the right one kept (as on a GPU), so a step costs the same whether a hand ends in it or not.

>>> import numpy as np
>>> from bumtable.rules import get
>>> game = make_jax(get("bum-game", players=4, rounds=1))
>>> state = game.init(np.arange(3))
>>> rng = np.random.default_rng(0)
>>> while not state.terminated.all():
...     mask = np.asarray(state.legal_action_mask)
...     state = game.step(state, [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
>>> bool(np.abs(np.asarray(state.rewards).sum(axis=1)).max() < 1e-6), state.rewards.shape
(True, (3, 4))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
import numpy.typing as npt

from bumtable.errors import IllegalActionError, RulesError
from bumtable.fast import kernels as k
from bumtable.fast.engine import FastGame
from bumtable.fast.state import FastRecord
from bumtable.fast.tables import (
    H_CANCEL,
    H_DECLARE,
    H_DECLINE,
    H_EXCHANGE,
    H_KEEP_JOKERS,
    H_LEADER,
    H_NCANCEL,
    H_NPAIRS,
    H_OPTIONAL,
    H_ORDER,
    H_PAIRS,
    H_ROUNDS,
    H_ROUNDS_WINNER,
    H_TARGET,
    H_TARGET_WINNER,
)
from bumtable.rules import Rules


class JaxState(NamedTuple):
    """The Numba engine's :class:`~bumtable.fast.engine.FastState` fields as JAX arrays (a pytree), without
    ``legal`` (the mask is the legal list). ``history`` has room for the most actions the match can take (it
    cannot grow on a device): for a 4-player match to 100, 67 hands of 256, 34 KB a row."""

    ints: Any
    counts: Any
    played: Any
    legal_action_mask: Any
    observation: Any
    rewards: Any
    history: Any
    draws: Any
    scores: Any
    known: Any

    @property
    def current_player(self) -> Any:
        return self.ints[:, k.F_TURN]

    @property
    def terminated(self) -> npt.NDArray[np.bool_]:
        over: npt.NDArray[np.bool_] = np.asarray(self.ints[:, k.F_OVER]) != 0
        return over


class JaxGame:
    """The JAX engine for one rules object (see :func:`make_jax`)."""

    def __init__(self, rules: Rules, *, observe: bool = True, stop_at_hand_end: bool = False) -> None:
        if getattr(rules, "system", None) != "bum-game":
            raise RulesError(
                f"the JAX engine plays The Bum Game, not {getattr(rules, 'system', rules)}: President and "
                "Arsehole are the Numba engine's"
            )
        self.numba = FastGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)
        t = self.numba.tables
        self.rules = rules
        self.tables = t
        self.observe = observe
        self.stops_at_hand_end = stop_at_hand_end
        self.num_actions = t.size
        self._consts = _consts(t, t.ends_match or stop_at_hand_end)
        n = t.players
        self._init = jax.jit(
            jax.vmap(lambda d, nd: _init_row(self._consts, n, stop_at_hand_end, observe, d, nd))
        )
        self._step = jax.jit(jax.vmap(lambda s, a: _step_row(self._consts, n, observe, s, a)))

    def init(
        self, keys: Sequence[int] | npt.ArrayLike, deals: Sequence[Sequence[Sequence[int]]] | None = None
    ) -> JaxState:
        """New matches, one per key, dealt as the Numba engine deals them (``FastGame.init``'s shuffles)."""
        draws = self.numba.init(keys, deals).draws
        return self.init_draws(draws)

    def init_draws(self, draws: npt.ArrayLike) -> JaxState:
        """New hands from shuffles already on the device or in an array (rows, shuffles, deck), as
        ``FastState.draws`` holds them: the cut's, then the deal's. A cut still tied when one shuffle is
        left makes the first of the tied players (in seat order) the Boss and deals from that shuffle."""
        d = jnp.asarray(draws, dtype=jnp.int8)
        nd = jnp.full((d.shape[0],), d.shape[1], dtype=jnp.int32)
        return JaxState(*self._init(d, nd))

    def step(
        self, state: JaxState, actions: Sequence[int] | npt.ArrayLike, *, check: bool = True
    ) -> JaxState:
        """Apply one action code per row (rows already over ignore theirs); a new state. ``check`` refuses
        an illegal code (reading the mask back from the device); ``check=False`` for speed."""
        acts = jnp.asarray(actions, dtype=jnp.int32).reshape(-1)
        if acts.shape[0] != state.ints.shape[0]:
            raise IllegalActionError(f"{acts.shape[0]} actions for a batch of {state.ints.shape[0]}")
        if check:
            mask = np.asarray(state.legal_action_mask)
            live = np.asarray(state.ints[:, k.F_OVER]) == 0
            codes = np.asarray(acts)
            ok = (codes >= 0) & (codes < self.num_actions)
            ok[ok] = mask[np.flatnonzero(ok), codes[ok]]
            bad = np.flatnonzero(live & ~ok)
            if bad.size:
                i = int(bad[0])
                raise IllegalActionError(
                    f"row {i}: action code {int(codes[i])} is not legal now; no row was changed"
                )
        return JaxState(*self._step(tuple(state), acts))

    def to_records(self, state: JaxState) -> list[FastRecord]:
        """Each row's hand as a record the rules layer replays (its shuffles and codes)."""
        ints, history, draws = (np.asarray(x) for x in (state.ints, state.history, state.draws))
        x = k.extra(self.tables.players)
        out = []
        for i in range(ints.shape[0]):
            nd = int(ints[i, x + k.X_DRAW])
            shuffles = tuple(tuple(int(c) for c in draws[i, d]) for d in range(nd))
            out.append(FastRecord(shuffles, tuple(int(c) for c in history[i, : ints[i, k.F_NHIST]])))
        return out


def make_jax(rules: Rules, *, observe: bool = True, stop_at_hand_end: bool = False) -> JaxGame:
    """The JAX engine for ``rules`` (a RulesError naming what is covered for anything else)."""
    return JaxGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)


class _Consts(NamedTuple):
    """The tables the row functions read: per code, and the rules' options (Python numbers: the graph is
    built for them)."""

    need: Any
    kind: Any
    rank: Any
    size: Any
    width: Any
    rank_of: Any
    triggers: Any
    cancel: Any
    new_roles: Any
    points: Any
    pairs: tuple[tuple[int, int, int], ...]
    exchange: bool
    order: int
    keep_jokers: bool
    optional: bool
    declare: int
    decline: int
    leader: int
    target: int
    rounds: int
    target_highest: bool
    rounds_highest: bool
    obs_at: tuple[int, ...]
    obs_size: int
    history: int


def _consts(t: Any, one_hand: bool) -> _Consts:
    tab, a, nr = t.tab, t.size, t.ranks
    codes = np.arange(a)
    pairs = tab[tab[H_PAIRS] : tab[H_PAIRS] + 3 * tab[H_NPAIRS]].reshape(-1, 3)
    cancel = tab[tab[H_CANCEL] : tab[H_CANCEL] + 2 * tab[H_NCANCEL]].reshape(-1, 2)
    return _Consts(
        need=jnp.asarray(tab[t.need_at : t.need_at + a * nr].reshape(a, nr), dtype=jnp.int32),
        kind=jnp.asarray(tab[t.kind_at + codes]),
        rank=jnp.asarray(tab[t.rank_at + codes]),
        size=jnp.asarray(tab[t.size_at + codes]),
        width=jnp.asarray(tab[t.width_at + codes]),
        rank_of=jnp.asarray(t.rank_of_code, dtype=jnp.int32),
        triggers=jnp.asarray(t.triggers.reshape(-1, 2)),
        cancel=jnp.asarray(cancel),
        new_roles=jnp.asarray(t.revolution_roles),
        points=jnp.asarray(np.array(t.rules.points, dtype=np.int32)),
        pairs=tuple((int(h), int(lo), int(m)) for h, lo, m in pairs),
        exchange=bool(tab[H_EXCHANGE]),
        order=int(tab[H_ORDER]),
        keep_jokers=bool(tab[H_KEEP_JOKERS]),
        optional=bool(tab[H_OPTIONAL]),
        declare=int(tab[H_DECLARE]),
        decline=int(tab[H_DECLINE]),
        leader=0 if tab[H_LEADER] == k.LEAD_BOSS else int(t.players) - 1,
        target=int(tab[H_TARGET]),
        rounds=int(tab[H_ROUNDS]),
        target_highest=bool(tab[H_TARGET_WINNER]),
        rounds_highest=not tab[H_ROUNDS_WINNER],
        obs_at=tuple(int(v) for v in t.obs_at),
        obs_size=int(t.obs_size),
        history=int(t.hand_history) * (1 if one_hand else int(t.hands)),
    )


def _cols(n: int) -> tuple[int, int, int, int, int]:
    """The first column of roles, players by role, cards held, going-out order, and the match's."""
    return k.F_ROLES, k.F_ROLES + n, k.F_ROLES + 2 * n, k.F_ROLES + 3 * n, k.F_ROLES + 4 * n


def _next_active(ints: Any, p: Any, ncards: Any, n: int) -> Any:
    """The next player after ``p`` in role order who holds cards (``p`` if none)."""
    roles, by_role, _, _, _ = _cols(n)
    role = ints[roles + p]
    ks = jnp.arange(1, n + 1)
    qs = ints[by_role + (role + ks) % n]
    has = ncards[qs] > 0
    return jnp.where(has.any(), qs[jnp.argmax(has)], p)


def _legal(c: _Consts, ints: Any, counts: Any, n: int) -> Any:
    """The legal mask of the player to act (all False once over): a revolution's decision, or the plays."""
    p = jnp.maximum(ints[k.F_TURN], 0)
    fits = (c.need <= counts[p].astype(jnp.int32)[None, :]).all(axis=1)
    play = (c.kind == 1) | (c.kind == 2)
    top = ints[k.F_TOP]
    t = jnp.maximum(top, 0)
    beats = (c.kind == c.kind[t]) & (c.size == c.size[t]) & (c.width == c.width[t]) & (c.rank > c.rank[t])
    mask = fits & play & jnp.where(top < 0, True, beats)
    mask = mask.at[0].set(top >= 0)
    if c.optional:
        deciding = ints[k.extra(n) + k.X_PHASE] == k.PHASE_REVOLUTION
        codes = jnp.arange(mask.shape[0])
        mask = jnp.where(deciding, (codes == c.declare) | (codes == c.decline), mask)
    return mask & (ints[k.F_OVER] == 0) & (ints[k.F_TURN] >= 0)


def _observe(c: _Consts, ints: Any, counts: Any, played: Any, known: Any, seat: Any, n: int) -> Any:
    """``bumtable.tensors``' planes for ``seat`` (``sat_out`` and ``give`` 0 in this game)."""
    roles, _, ncards_at, _, x = _cols(n)
    hand_at, played_at, counts_at, top_at, size_at, top_player_at, passes_at, roles_at, flags_at, phase_at = (
        c.obs_at[:10]
    )
    known_at = c.obs_at[10]
    o = jnp.zeros(c.obs_size, dtype=jnp.float32)
    nr = counts.shape[1]
    o = o.at[hand_at : hand_at + nr].set(counts[seat].astype(jnp.float32))
    o = o.at[played_at : played_at + nr].set(played.astype(jnp.float32))
    qs = (seat + jnp.arange(n)) % n
    o = o.at[counts_at : counts_at + n].set(ints[ncards_at + qs].astype(jnp.float32))
    o = o.at[roles_at + jnp.arange(n) * n + ints[roles + qs]].set(1.0)
    given = jnp.where(ints[x + k.X_GIVEN] != 0, known[seat, qs[1:]], 0).astype(jnp.float32)
    o = o.at[known_at : known_at + (n - 1) * nr].set(given.reshape(-1))
    top = ints[k.F_TOP]
    t = jnp.maximum(top, 0)
    has = top >= 0
    o = o.at[top_at + c.rank[t]].add(jnp.where(has, 1.0, 0.0))
    o = o.at[size_at].set(jnp.where(has, c.size[t], 0).astype(jnp.float32))
    o = o.at[top_player_at + (ints[k.F_TOP_PLAYER] - seat) % n].add(jnp.where(has, 1.0, 0.0))
    o = o.at[passes_at].set(ints[k.F_PASSES].astype(jnp.float32))
    o = o.at[flags_at + 2].set(jnp.where(ints[k.F_REVOLT] >= 0, 1.0, 0.0))
    return o.at[phase_at + ints[x + k.X_PHASE]].set(1.0)


def _candidate(c: _Consts, n: int, ints: Any, counts: Any, idx: Any) -> Any:
    """The ``idx``-th player (from 0) whose Jokers meet a revolution trigger, in the triggers' order, each
    player once; -1 if fewer qualify (``kernels._candidate``)."""
    if c.triggers.shape[0] == 0:
        return jnp.int32(-1)
    ps = ints[k.F_ROLES + n + c.triggers[:, 0]]
    meets = counts[ps, k.JOKER].astype(jnp.int32) >= c.triggers[:, 1]
    nt = c.triggers.shape[0]
    earlier = jnp.tril(jnp.ones((nt, nt), dtype=jnp.bool_), -1)
    seen = ((ps[:, None] == ps[None, :]) & meets[None, :] & earlier).any(axis=1)
    valid = meets & ~seen
    hit = valid & (jnp.cumsum(valid) - 1 == idx)
    return jnp.where(hit.any(), ps[jnp.argmax(hit)], -1)


def _revolt(c: _Consts, n: int, ints: Any, p: Any) -> Any:
    """The revolution of ``p``: every role turned as the rules say."""
    roles, by_role, _, _, _ = _cols(n)
    role_of = c.new_roles[ints[roles : roles + n]]
    ints = ints.at[roles : roles + n].set(role_of)
    ints = ints.at[by_role : by_role + n].set(jnp.zeros(n, dtype=jnp.int32).at[role_of].set(jnp.arange(n)))
    return ints.at[k.F_REVOLT].set(p)


def _take(held: Any, m: int, lowest: bool, keep_jokers: bool) -> Any:
    """The ``m`` cards by rank a player gives from ``held``: its lowest, or its highest (Jokers kept if
    asked), as ``kernels._take``."""
    avail = held.astype(jnp.int32)
    if not lowest and keep_jokers:
        avail = avail.at[k.JOKER].set(0)
    seq = avail if lowest else avail[::-1]
    take = jnp.clip(m - (jnp.cumsum(seq) - seq), 0, seq)
    return take if lowest else take[::-1]


def _exchange_and_lead(c: _Consts, n: int, ints: Any, counts: Any, known: Any) -> tuple[Any, Any, Any]:
    """The exchange, pair by pair (from the second hand, unless a dealt Joker cancels it), then the lead."""
    _, by_role, ncards_at, _, x = _cols(n)
    if c.exchange and c.pairs:
        holders = ints[by_role + c.cancel[:, 0]] if c.cancel.shape[0] else jnp.zeros(0, jnp.int32)
        cancel = (
            (counts[holders, k.JOKER].astype(jnp.int32) >= c.cancel[:, 1]).any()
            if c.cancel.shape[0]
            else jnp.bool_(False)
        )
        cancelled = (ints[x + k.X_HAND] > 1) & (ints[k.F_REVOLT] < 0) & cancel
        do = (ints[x + k.X_HAND] > 1) & ~cancelled
        cnt = counts.astype(jnp.int32)
        kn = known.astype(jnp.int32)
        nc = ints[ncards_at : ncards_at + n]

        def put(cnt: Any, kn: Any, giver: Any, p: Any, cards: Any) -> tuple[Any, Any]:
            cnt = cnt.at[p].add(cards)
            kn = kn.at[giver, p].add(cards)
            return cnt, kn.at[p, giver].set(jnp.maximum(0, kn[p, giver] - cards))

        for hi, lo, m in c.pairs:
            high, low = ints[by_role + hi], ints[by_role + lo]
            if c.order == 1:  # lower-first
                up = _take(cnt[low], m, False, c.keep_jokers)
                cnt = cnt.at[low].add(-up)
                cnt, kn = put(cnt, kn, low, high, up)
                down = _take(cnt[high], m, True, False)
                cnt = cnt.at[high].add(-down)
                cnt, kn = put(cnt, kn, high, low, down)
            elif c.order == 0:  # higher-first
                down = _take(cnt[high], m, True, False)
                cnt = cnt.at[high].add(-down)
                cnt, kn = put(cnt, kn, high, low, down)
                up = _take(cnt[low], m, False, c.keep_jokers)
                cnt = cnt.at[low].add(-up)
                cnt, kn = put(cnt, kn, low, high, up)
            else:
                down = _take(cnt[high], m, True, False)
                up = _take(cnt[low], m, False, c.keep_jokers)
                cnt = cnt.at[high].add(-down).at[low].add(-up)
                cnt, kn = put(cnt, kn, high, low, down)
                cnt, kn = put(cnt, kn, low, high, up)
            nc = nc.at[high].add(up.sum() - down.sum()).at[low].add(down.sum() - up.sum())
        counts = jnp.where(do, cnt, counts.astype(jnp.int32)).astype(jnp.uint8)
        known = jnp.where(do, kn, known.astype(jnp.int32)).astype(jnp.uint8)
        ints = ints.at[ncards_at : ncards_at + n].set(jnp.where(do, nc, ints[ncards_at : ncards_at + n]))
        ints = ints.at[x + k.X_CANCELLED].set(cancelled.astype(jnp.int32))
        ints = ints.at[x + k.X_GIVEN].set(jnp.where(do, 1, ints[x + k.X_GIVEN]))
    ints = ints.at[x + k.X_PHASE].set(k.PHASE_PLAY)
    role = jnp.where(ints[x + k.X_HAND] == 1, 0, c.leader)
    return ints.at[k.F_TURN].set(ints[by_role + role]), counts, known


def _start_hand(c: _Consts, n: int, ints: Any, draws: Any) -> tuple[Any, Any, Any, Any]:
    """Deal the next hand from the row's next shuffle (from the Bum), then a revolution or its decision, the
    exchange and the lead (``kernels._start_hand``)."""
    _, by_role, ncards_at, fin_at, x = _cols(n)
    ints = ints.at[x + k.X_HAND].add(1)
    d = jnp.minimum(ints[x + k.X_DRAW], ints[k.F_NDRAWS] - 1)
    ints = ints.at[x + k.X_DRAW].set(d + 1)
    deck = draws[d].astype(jnp.int32)
    holder = ints[by_role : by_role + n]
    counts = jnp.zeros((n, c.need.shape[1]), dtype=jnp.int32)
    counts = counts.at[holder[jnp.arange(deck.shape[0]) % n], c.rank_of[deck]].add(1)
    ints = ints.at[ncards_at : ncards_at + n].set(counts.sum(axis=1))
    ints = ints.at[fin_at : fin_at + n].set(-1)
    ints = ints.at[k.F_REVOLT].set(-1).at[k.F_TOP].set(-1).at[k.F_TOP_PLAYER].set(-1).at[k.F_PASSES].set(0)
    ints = ints.at[k.F_ACTIVE].set(n).at[k.F_NFIN].set(0)
    ints = ints.at[x + k.X_CAND].set(0).at[x + k.X_CANCELLED].set(0).at[x + k.X_GIVEN].set(0)
    counts8 = counts.astype(jnp.uint8)
    known = jnp.zeros((n, n, counts.shape[1]), dtype=jnp.uint8)
    played = jnp.zeros(counts.shape[1], dtype=jnp.uint8)
    first = _candidate(c, n, ints, counts8, 0)
    revolted = jnp.where(first >= 0, _revolt(c, n, ints, first), ints)
    led, counts_led, known_led = _exchange_and_lead(c, n, revolted, counts8, known)
    if c.optional:  # the first qualifying player decides: no revolution, exchange or lead yet
        deciding = first >= 0
        waiting = ints.at[x + k.X_PHASE].set(k.PHASE_REVOLUTION).at[k.F_TURN].set(first)
        led = jnp.where(deciding, waiting, led)
        counts_led = jnp.where(deciding, counts8, counts_led)
        known_led = jnp.where(deciding, known, known_led)
    return led, counts_led, played, known_led


def _init_row(c: _Consts, n: int, stop: bool, observe: bool, draws: Any, ndraws: Any) -> tuple[Any, ...]:
    """Cut for the Boss (ties cut again), then the first hand (``kernels.init_rows``)."""
    roles, by_role, _, _, x = _cols(n)
    slots = jnp.arange(n)

    def cutting(carry: Any) -> Any:  # until one is highest alone, or one shuffle is left for the deal
        return (carry[2] < 0) & (carry[3] < ndraws - 1)

    def cut(carry: Any) -> Any:
        order, left, boss, d = carry
        ranks = jnp.where(slots < left, c.rank_of[draws[d, slots].astype(jnp.int32)], -1)
        keep = ranks == ranks.max()
        order = order[jnp.argsort(~keep, stable=True)]
        left = keep.sum()
        boss = jnp.where(left == 1, order[0], -1)
        return order, left, boss, d + 1

    order, _, boss, d = jax.lax.while_loop(cutting, cut, (slots, jnp.int32(n), jnp.int32(-1), jnp.int32(0)))
    boss = jnp.where(boss < 0, order[0], boss)  # shuffles ran out (init_draws): the first still tied
    ints = jnp.zeros(k.fields(n), dtype=jnp.int32)
    ints = ints.at[roles : roles + n].set((slots - boss) % n)
    ints = ints.at[by_role : by_role + n].set((boss + slots) % n)
    ints = ints.at[k.F_LAST].set(-1).at[k.F_NDRAWS].set(ndraws)
    ints = ints.at[x + k.X_WINNER].set(-1).at[x + k.X_STOP].set(int(stop)).at[x + k.X_DRAW].set(d)
    ints, counts, played, known = _start_hand(c, n, ints, draws)
    mask = _legal(c, ints, counts, n)
    obs = (
        _observe(c, ints, counts, played, known, ints[k.F_TURN], n)
        if observe
        else jnp.zeros(c.obs_size, jnp.float32)
    )
    return (
        ints,
        counts,
        played,
        mask,
        obs,
        jnp.zeros(n, dtype=jnp.float32),
        jnp.zeros(c.history, dtype=jnp.int16),
        draws,
        jnp.zeros(n, dtype=jnp.int32),
        known,
    )


def _match_returns(c: _Consts, n: int, scores: Any, winner: Any) -> Any:
    """Each player's return when the match ends: the winner first, the rest by score, ties sharing
    (``Outcome.returns``, as ``kernels._end_hand``)."""
    players = jnp.arange(n)
    others = players != winner
    above = (others[None, :] & (scores[None, :] > scores[:, None])).sum(axis=1)
    place = jnp.where(others, 2 + above, 1)
    tied = jnp.where(others, (others[None, :] & (place[None, :] == place[:, None])).sum(axis=1), 1)
    ks = jnp.arange(n)[None, :]
    shares = jnp.where(ks < tied[:, None], 1.0 - 2.0 * (place[:, None] - 1 + ks) / (n - 1), 0.0)
    return (shares.sum(axis=1) / tied).astype(jnp.float32)


def _winner(c: _Consts, n: int, ints: Any, fin: Any, scores: Any) -> Any:
    """The match's winner at a hand's end, -1 if it goes on (the target, else the rounds)."""
    x = k.extra(n)
    in_order = scores[fin]
    winner = jnp.int32(-1)
    reached = jnp.zeros(n, dtype=jnp.bool_)
    if c.target:
        reached = in_order >= c.target
        if c.target_highest:
            best = jnp.where(reached, in_order, -(1 << 30))
            pick = jnp.argmax(best)
        else:
            pick = jnp.argmax(reached)
        winner = jnp.where(reached.any(), fin[pick], -1)
    if c.rounds:
        by_rounds = fin[jnp.argmax(in_order)] if c.rounds_highest else fin[0]
        winner = jnp.where(~reached.any() & (ints[x + k.X_HAND] >= c.rounds), by_rounds, winner)
    return winner


def _step_row(c: _Consts, n: int, observe: bool, s: tuple[Any, ...], a: Any) -> tuple[Any, ...]:
    """One action in a row (``kernels._step``); a row over is left as it is."""
    ints, counts, played, _, obs, rewards, history, draws, scores, known = s
    roles_at, by_role, ncards_at, fin_at, x = _cols(n)
    over = ints[k.F_OVER] != 0
    p = jnp.maximum(ints[k.F_TURN], 0)
    history2 = history.at[jnp.minimum(ints[k.F_NHIST], c.history - 1)].set(a.astype(jnp.int16))
    base = ints.at[k.F_NHIST].add(1).at[k.F_LAST].set(p)

    # a revolution's decision: declared, or the next qualifying player decides (the exchange and the lead
    # once none is left)
    if c.optional:
        deciding = ints[x + k.X_PHASE] == k.PHASE_REVOLUTION
        declared = _exchange_and_lead(c, n, _revolt(c, n, base, p), counts, known)
        nxt = ints[x + k.X_CAND] + 1
        q = _candidate(c, n, base, counts, nxt)
        passed_on = base.at[x + k.X_CAND].set(nxt).at[k.F_TURN].set(q)
        none_left = _exchange_and_lead(c, n, base, counts, known)
        declined = tuple(
            jnp.where(q >= 0, w, v) for w, v in zip((passed_on, counts, known), none_left, strict=True)
        )
        decided = tuple(jnp.where(a == c.declare, v, w) for v, w in zip(declared, declined, strict=True))

    is_pass = a == 0
    need = jnp.where(is_pass, 0, c.need[a])
    counts2 = counts.at[p].set((counts[p].astype(jnp.int32) - need).astype(jnp.uint8))
    played2 = (played.astype(jnp.int32) + need).astype(jnp.uint8)
    gave = ints[x + k.X_GIVEN] != 0
    kn = known.astype(jnp.int32)
    known2 = jnp.where(gave, kn.at[:, p].set(jnp.maximum(0, kn[:, p] - need[None, :])), kn).astype(jnp.uint8)
    i2 = base
    ncards = ints[ncards_at : ncards_at + n]
    left = ncards[p] - jnp.where(is_pass, 0, c.size[a])
    ncards2 = ncards.at[p].set(left)
    i2 = i2.at[ncards_at : ncards_at + n].set(ncards2)

    # a pass: the trick ends when every other holder has passed since the top play
    passes = ints[k.F_PASSES] + 1
    w = jnp.maximum(ints[k.F_TOP_PLAYER], 0)
    trick_over = passes >= ints[k.F_ACTIVE] - (ncards[w] > 0)
    after_w = jnp.where(ncards[w] > 0, w, _next_active(ints, w, ncards, n))
    pass_turn = jnp.where(trick_over, after_w, _next_active(ints, p, ncards, n))
    pass_top = jnp.where(trick_over, -1, ints[k.F_TOP])
    pass_passes = jnp.where(trick_over, 0, passes)

    # a play: the player may go out; the last holder ends the hand
    out = (left == 0) & ~is_pass
    active = ints[k.F_ACTIVE] - out
    nfin = ints[k.F_NFIN]
    fin = ints[fin_at : fin_at + n]
    fin = jnp.where(out, fin.at[nfin].set(p), fin)
    nfin = nfin + out
    ends = out & (active == 1)
    last = _next_active(i2, p, ncards2, n)
    fin = jnp.where(ends, fin.at[jnp.minimum(nfin, n - 1)].set(last), fin)
    nfin = nfin + ends
    nxt_p = _next_active(i2, p, ncards2, n)
    alone = nxt_p == p
    own = jnp.where(ncards2[p] > 0, p, nxt_p)
    play_turn = jnp.where(alone, own, nxt_p)

    i2 = i2.at[k.F_TURN].set(jnp.where(is_pass, pass_turn, jnp.where(ends, -1, play_turn)))
    i2 = i2.at[k.F_TOP].set(jnp.where(is_pass, pass_top, jnp.where(alone | ends, -1, a)))
    i2 = i2.at[k.F_PASSES].set(jnp.where(is_pass, pass_passes, jnp.where(ends, ints[k.F_PASSES], 0)))
    i2 = i2.at[k.F_TOP_PLAYER].set(jnp.where(is_pass | ends, ints[k.F_TOP_PLAYER], p))
    i2 = i2.at[k.F_ACTIVE].set(active).at[k.F_NFIN].set(nfin)
    i2 = i2.at[fin_at : fin_at + n].set(fin)

    # the hand's end: scores by place; the match ends (returns by score), the row stops (returns by place),
    # or the next hand is dealt
    places = jnp.zeros(n, dtype=jnp.int32).at[fin].set(jnp.arange(n))
    scores2 = jnp.where(ends, scores + c.points[places], scores)
    winner = _winner(c, n, i2, fin, scores2)
    match_over = ends & (winner >= 0)
    stop = ints[x + k.X_STOP] != 0
    stopped = ends & ~match_over & stop
    goes_on = ends & ~match_over & ~stop
    next_roles = i2.at[roles_at : roles_at + n].set(places).at[by_role : by_role + n].set(fin)
    i2 = jnp.where(stopped | goes_on, next_roles, i2)
    dealt, counts_d, played_d, known_d = _start_hand(c, n, i2, draws)
    rewards2 = jnp.where(
        match_over,
        _match_returns(c, n, scores2, winner),
        jnp.where(stopped, 1.0 - 2.0 * places.astype(jnp.float32) / (n - 1), rewards),
    )
    i2 = i2.at[k.F_OVER].set((match_over | stopped).astype(jnp.int32))
    i2 = i2.at[x + k.X_WINNER].set(jnp.where(match_over, winner, -1))
    i2 = i2.at[x + k.X_PHASE].set(
        jnp.where(match_over, k.PHASE_OVER, jnp.where(stopped, k.PHASE_DEAL, k.PHASE_PLAY))
    )
    i2 = jnp.where(goes_on, dealt, i2)
    counts2 = jnp.where(goes_on, counts_d, counts2)
    played2 = jnp.where(goes_on, played_d, played2)
    known2 = jnp.where(goes_on, known_d, known2)

    if c.optional:
        i2 = jnp.where(deciding, decided[0], i2)
        counts2 = jnp.where(deciding, decided[1], counts2)
        known2 = jnp.where(deciding, decided[2], known2)
        played2 = jnp.where(deciding, played, played2)
        scores2 = jnp.where(deciding, scores, scores2)
        rewards2 = jnp.where(deciding, rewards, rewards2)

    mask2 = _legal(c, i2, counts2, n)
    ended = i2[k.F_OVER] != 0
    seat = jnp.where(ended, p, i2[k.F_TURN])
    obs2 = _observe(c, i2, counts2, played2, known2, seat, n) if observe else obs
    new = (i2, counts2, played2, mask2, obs2, rewards2, history2, draws, scores2, known2)
    old = (ints, counts, played, s[3], obs, rewards, history, draws, scores, known)
    return tuple(jnp.where(over, o, v) for o, v in zip(old, new, strict=True))
