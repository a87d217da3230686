"""The compiled engine on JAX (``make(rules, backend="jax")``, the ``jax`` extra): the same state layout and
action codes as the Numba engine, each step one ``jax.jit`` of ``jax.vmap`` over the rows, so a batch runs
on a GPU where JAX has one (on the CPU here, where the Numba engine is faster).

It plays one hand: a match that the first hand ends (``rounds=1``), or a row stopped at the first hand's end
(``stop_at_hand_end=True``): the cut for the Boss, the deal, an automatic revolution, the play. A declared
revolution (``optional-revolution``) and the hands after the first, with their exchange, are the Numba
engine's alone (a RulesError says so).

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
from bumtable.fast.engine import FastGame, FastRecord
from bumtable.fast.tables import H_OPTIONAL
from bumtable.rules import Rules


class JaxState(NamedTuple):
    """The Numba engine's :class:`~bumtable.fast.engine.FastState` fields as JAX arrays (a pytree), without
    ``legal`` (the mask is the legal list); ``known`` stays 0, as in a first hand."""

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
        self.numba = FastGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)
        t = self.numba.tables
        if t.tab[H_OPTIONAL]:
            raise RulesError("the JAX engine plays automatic revolutions only: use the Numba engine")
        if not (t.ends_match or stop_at_hand_end):
            raise RulesError(
                "the JAX engine plays one hand: rules the first hand ends (rounds=1), or "
                "stop_at_hand_end=True; use the Numba engine for whole matches"
            )
        points = list(getattr(rules, "points", ()))
        if len(set(points)) != len(points):  # the returns are taken by place, which needs them to differ
            raise RulesError("the JAX engine needs points that differ by place: use the Numba engine")
        self.rules = rules
        self.tables = t
        self.observe = observe
        self.stops_at_hand_end = stop_at_hand_end
        self.num_actions = t.size
        self._consts = _consts(t)
        n = t.players
        self._init = jax.jit(
            jax.vmap(lambda d, nd: _init_row(self._consts, n, stop_at_hand_end, observe, d, nd))
        )
        self._step = jax.jit(jax.vmap(lambda s, a: _step_row(self._consts, n, observe, s, a)))

    def init(
        self, keys: Sequence[int] | npt.ArrayLike, deals: Sequence[Sequence[Sequence[int]]] | None = None
    ) -> JaxState:
        """New hands, one per key, dealt as the Numba engine deals them (``FastGame.init``'s shuffles)."""
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
    """The JAX engine for ``rules`` (one hand; a RulesError for anything else)."""
    return JaxGame(rules, observe=observe, stop_at_hand_end=stop_at_hand_end)


class _Consts(NamedTuple):
    need: Any
    kind: Any
    rank: Any
    size: Any
    width: Any
    rank_of: Any
    triggers: Any
    new_roles: Any
    points: Any
    obs_at: Any
    obs_size: int
    history: int


def _consts(t: Any) -> _Consts:
    tab, a, nr = t.tab, t.size, t.ranks
    codes = np.arange(a)
    return _Consts(
        need=jnp.asarray(tab[t.need_at : t.need_at + a * nr].reshape(a, nr), dtype=jnp.int32),
        kind=jnp.asarray(tab[t.kind_at + codes]),
        rank=jnp.asarray(tab[t.rank_at + codes]),
        size=jnp.asarray(tab[t.size_at + codes]),
        width=jnp.asarray(tab[t.width_at + codes]),
        rank_of=jnp.asarray(t.rank_of_code, dtype=jnp.int32),
        triggers=jnp.asarray(t.triggers.reshape(-1, 2)),
        new_roles=jnp.asarray(t.revolution_roles),
        points=jnp.asarray(np.array(t.rules.points, dtype=np.int32)),
        obs_at=tuple(int(v) for v in t.obs_at),
        obs_size=int(t.obs_size),
        history=int(t.hand_history),
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
    """The legal mask of the player to act (all False once over)."""
    p = jnp.maximum(ints[k.F_TURN], 0)
    fits = (c.need <= counts[p].astype(jnp.int32)[None, :]).all(axis=1)
    play = c.kind > 0
    top = ints[k.F_TOP]
    t = jnp.maximum(top, 0)
    beats = (c.kind == c.kind[t]) & (c.size == c.size[t]) & (c.width == c.width[t]) & (c.rank > c.rank[t])
    mask = fits & play & jnp.where(top < 0, True, beats)
    mask = mask.at[0].set(top >= 0)
    return mask & (ints[k.F_OVER] == 0) & (ints[k.F_TURN] >= 0)


def _observe(c: _Consts, ints: Any, counts: Any, played: Any, seat: Any, n: int) -> Any:
    """``bumtable.tensors``' planes for ``seat`` (``known``, ``sat_out`` and ``give`` 0 in a first hand)."""
    roles, _, ncards_at, _, x = _cols(n)
    hand_at, played_at, counts_at, top_at, size_at, top_player_at, passes_at, roles_at, flags_at, phase_at = (
        c.obs_at[:10]
    )
    o = jnp.zeros(c.obs_size, dtype=jnp.float32)
    nr = counts.shape[1]
    o = o.at[hand_at : hand_at + nr].set(counts[seat].astype(jnp.float32))
    o = o.at[played_at : played_at + nr].set(played.astype(jnp.float32))
    qs = (seat + jnp.arange(n)) % n
    o = o.at[counts_at : counts_at + n].set(ints[ncards_at + qs].astype(jnp.float32))
    o = o.at[roles_at + jnp.arange(n) * n + ints[roles + qs]].set(1.0)
    top = ints[k.F_TOP]
    t = jnp.maximum(top, 0)
    has = top >= 0
    o = o.at[top_at + c.rank[t]].add(jnp.where(has, 1.0, 0.0))
    o = o.at[size_at].set(jnp.where(has, c.size[t], 0).astype(jnp.float32))
    o = o.at[top_player_at + (ints[k.F_TOP_PLAYER] - seat) % n].add(jnp.where(has, 1.0, 0.0))
    o = o.at[passes_at].set(ints[k.F_PASSES].astype(jnp.float32))
    o = o.at[flags_at + 2].set(jnp.where(ints[k.F_REVOLT] >= 0, 1.0, 0.0))
    return o.at[phase_at + ints[x + k.X_PHASE]].set(1.0)


def _init_row(c: _Consts, n: int, stop: bool, observe: bool, draws: Any, ndraws: Any) -> tuple[Any, ...]:
    """Cut for the Boss (ties cut again), deal the hand from the Bum, an automatic revolution, the Boss
    leads (``kernels.init_rows`` for a first hand)."""
    roles, by_role, ncards_at, fin_at, x = _cols(n)
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
    role_of = (slots - boss) % n
    holder = (boss + slots) % n
    deck = draws[d].astype(jnp.int32)
    dealt = holder[jnp.arange(deck.shape[0]) % n]
    counts = jnp.zeros((n, c.need.shape[1]), dtype=jnp.int32)
    counts = counts.at[dealt, c.rank_of[deck]].add(1)
    jokers = counts[:, k.JOKER]
    qualify = (
        jokers[holder[c.triggers[:, 0]]] >= c.triggers[:, 1] if c.triggers.shape[0] else jnp.zeros(0, bool)
    )
    revolt = (
        jnp.where(qualify.any(), holder[c.triggers[jnp.argmax(qualify), 0]], -1) if qualify.shape[0] else -1
    )
    role_of = jnp.where(revolt >= 0, c.new_roles[role_of], role_of)
    holder = jnp.zeros(n, dtype=jnp.int32).at[role_of].set(slots)
    ints = ints.at[roles : roles + n].set(role_of)
    ints = ints.at[by_role : by_role + n].set(holder)
    ints = ints.at[ncards_at : ncards_at + n].set(counts.sum(axis=1))
    ints = ints.at[fin_at : fin_at + n].set(-1)
    ints = ints.at[k.F_TURN].set(holder[0]).at[k.F_TOP].set(-1).at[k.F_TOP_PLAYER].set(-1)
    ints = (
        ints.at[k.F_ACTIVE].set(n).at[k.F_REVOLT].set(revolt).at[k.F_LAST].set(-1).at[k.F_NDRAWS].set(ndraws)
    )
    ints = ints.at[x + k.X_HAND].set(1).at[x + k.X_WINNER].set(-1).at[x + k.X_STOP].set(int(stop))
    ints = ints.at[x + k.X_DRAW].set(d + 1).at[x + k.X_PHASE].set(k.PHASE_PLAY)
    counts8 = counts.astype(jnp.uint8)
    played = jnp.zeros(counts.shape[1], dtype=jnp.uint8)
    mask = _legal(c, ints, counts8, n)
    obs = _observe(c, ints, counts8, played, holder[0], n) if observe else jnp.zeros(c.obs_size, jnp.float32)
    return (
        ints,
        counts8,
        played,
        mask,
        obs,
        jnp.zeros(n, dtype=jnp.float32),
        jnp.zeros(c.history, dtype=jnp.int16),
        draws,
        jnp.zeros(n, dtype=jnp.int32),
        jnp.zeros((n, n, counts.shape[1]), dtype=jnp.uint8),
    )


def _step_row(c: _Consts, n: int, observe: bool, s: tuple[Any, ...], a: Any) -> tuple[Any, ...]:
    """One action in a row (``kernels._step`` for a hand in play); a row over is left as it is."""
    ints, counts, played, _, obs, rewards, history, draws, scores, known = s
    _, by_role, ncards_at, fin_at, x = _cols(n)
    over = ints[k.F_OVER] != 0
    p = jnp.maximum(ints[k.F_TURN], 0)
    is_pass = a == 0
    need = jnp.where(is_pass, 0, c.need[a])
    counts2 = counts.at[p].set((counts[p].astype(jnp.int32) - need).astype(jnp.uint8))
    played2 = (played.astype(jnp.int32) + need).astype(jnp.uint8)
    history2 = history.at[ints[k.F_NHIST]].set(a.astype(jnp.int16))
    i2 = ints.at[k.F_NHIST].add(1).at[k.F_LAST].set(p)
    ncards = ints[ncards_at : ncards_at + n]
    left = ncards[p] - jnp.where(is_pass, 0, c.size[a])
    ncards2 = ncards.at[p].set(left)
    i2 = i2.at[ncards_at : ncards_at + n].set(ncards2)

    # a pass: the trick ends when every other holder has passed since the top play
    passes = ints[k.F_PASSES] + 1
    w = ints[k.F_TOP_PLAYER]
    needed = ints[k.F_ACTIVE] - (ncards[jnp.maximum(w, 0)] > 0)
    trick_over = passes >= needed
    after_w = jnp.where(ncards[jnp.maximum(w, 0)] > 0, w, _next_active(ints, jnp.maximum(w, 0), ncards, n))
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
    nxt = _next_active(i2, p, ncards2, n)
    alone = nxt == p
    own = jnp.where(ncards2[p] > 0, p, _next_active(i2, p, ncards2, n))
    play_turn = jnp.where(alone, own, nxt)
    play_top = jnp.where(alone | ends, -1, a)
    play_passes = jnp.where(ends, ints[k.F_PASSES], 0)

    i2 = i2.at[k.F_TURN].set(jnp.where(is_pass, pass_turn, jnp.where(ends, -1, play_turn)))
    i2 = i2.at[k.F_TOP].set(jnp.where(is_pass, pass_top, play_top))
    i2 = i2.at[k.F_PASSES].set(jnp.where(is_pass, pass_passes, play_passes))
    i2 = i2.at[k.F_TOP_PLAYER].set(jnp.where(is_pass | ends, ints[k.F_TOP_PLAYER], p))
    i2 = i2.at[k.F_ACTIVE].set(active).at[k.F_NFIN].set(nfin)
    i2 = i2.at[fin_at : fin_at + n].set(fin)

    # the hand's end: scores by place, returns by place (the points differ by place), the match over or the
    # row stopped with the next hand's roles
    places = jnp.zeros(n, dtype=jnp.int32).at[fin].set(jnp.arange(n))
    scores2 = jnp.where(ends, scores + c.points[places], scores)
    returns = 1.0 - 2.0 * places.astype(jnp.float32) / (n - 1)
    rewards2 = jnp.where(ends, returns, rewards)
    stop = ints[x + k.X_STOP] != 0
    i2 = i2.at[k.F_OVER].set(ends.astype(jnp.int32))
    i2 = i2.at[x + k.X_WINNER].set(jnp.where(ends & ~stop, fin[0], -1))
    i2 = i2.at[x + k.X_PHASE].set(jnp.where(ends, jnp.where(stop, k.PHASE_DEAL, k.PHASE_OVER), k.PHASE_PLAY))
    roles_at = k.F_ROLES
    restart = ends & stop
    i2 = i2.at[roles_at : roles_at + n].set(jnp.where(restart, places, i2[roles_at : roles_at + n]))
    i2 = i2.at[by_role : by_role + n].set(jnp.where(restart, fin, i2[by_role : by_role + n]))

    mask2 = _legal(c, i2, counts2, n)
    seat = jnp.where(ends, p, i2[k.F_TURN])
    obs2 = _observe(c, i2, counts2, played2, seat, n) if observe else obs
    new = (i2, counts2, played2, mask2, obs2, rewards2, history2, draws, scores2, known)
    old = (ints, counts, played, s[3], obs, rewards, history, draws, scores, known)
    return tuple(jnp.where(over, o, v) for o, v in zip(old, new, strict=True))
