"""The compiled kernels: one hand of The Bum Game for 4 per batch row, on rank counts.

Every per-row number sits in one int32 row of ``ints`` (the ``F_*`` columns), so a call unboxes few arrays.
The rules they follow are the climbing engine's (``bumtable/rules/climbing/state.py``), step for step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba  # type: ignore[import-untyped,import-not-found,unused-ignore]
import numpy as np

Fn = TypeVar("Fn", bound=Callable[..., Any])


def _jit(fn: Fn) -> Fn:
    return cast(Fn, numba.njit(cache=True, nogil=True)(fn))


N = 4
R = 14
TWO = 12
JOKER = 13

F_TURN = 0  # the player to act, -1 once the hand is over
F_TOP = 1  # the code of the play to beat, -1 when the trick is empty
F_TOP_PLAYER = 2
F_PASSES = 3
F_ACTIVE = 4  # players still holding cards
F_OVER = 5
F_NFIN = 6
F_REVOLT = 7  # the player whose Jokers made a revolution, -1 for none
F_NHIST = 8
F_NLEGAL = 9
F_NDRAWS = 10
F_LAST = 11  # the player who acted last
F_ROLES = 12  # 4 columns: each player's role (0 Boss .. 3 Bum)
F_BY_ROLE = 16  # 4 columns: the player in each role
F_NCARDS = 20  # 4 columns
F_FINISHED = 24  # 4 columns: players in going-out order
FIELDS = 28

PHASE_DEAL = 0
PHASE_PLAY = 1
PHASE_OVER = 9

ERR_NONE = -1


@_jit
def _next_active(ints: Any, i: int, p: int) -> int:
    """The next player after ``p`` in role order who still holds cards (``p`` if none)."""
    role = ints[i, F_ROLES + p]
    for k in range(1, N + 1):
        q = ints[i, F_BY_ROLE + (role + k) % N]
        if ints[i, F_NCARDS + q] > 0:
            return int(q)
    return p


@_jit
def _add(i: int, code: int, mask: Any, legal: Any, ints: Any) -> None:
    n = ints[i, F_NLEGAL]
    legal[i, n] = code
    mask[i, code] = True
    ints[i, F_NLEGAL] = n + 1


@_jit
def _legal(i: int, tab: Any, ints: Any, counts: Any, mask: Any, legal: Any) -> None:
    """Write the legal plays of the player to act (movegen's ``turn_plays``), clearing the last ones."""
    for k in range(ints[i, F_NLEGAL]):
        mask[i, legal[i, k]] = False
    ints[i, F_NLEGAL] = 0
    p = ints[i, F_TURN]
    if p < 0:
        return
    c = counts[i, p]
    set_at, seq_at = tab[1], tab[2]
    twos, jokers = int(c[TWO]), int(c[JOKER])
    top = ints[i, F_TOP]
    if top < 0:
        for r in range(R):
            n = int(c[r])
            if n == 0:
                continue
            wt = twos if r < TWO else 0
            wj = jokers if r < JOKER else 0
            for m in range(1, n + 1):
                for t in range(wt + 1):
                    for j in range(wj + 1):
                        _add(i, tab[set_at + ((r * 5 + m) * 5 + t) * 3 + j], mask, legal, ints)
        for w in range(1, 5):
            for lo in range(R - 2):
                hi = lo
                while hi < R and c[hi] >= w:
                    if hi - lo >= 2:
                        _add(i, tab[seq_at + (lo * R + hi) * 5 + w], mask, legal, ints)
                    hi += 1
        return
    kind, rank, size, width = tab[tab[3] + top], tab[tab[4] + top], tab[tab[5] + top], tab[tab[6] + top]
    if kind == 1:
        for r in range(rank + 1, R):
            n = int(c[r])
            if n == 0:
                continue
            wt = twos if r < TWO else 0
            wj = jokers if r < JOKER else 0
            for m in range(1, min(n, size) + 1):
                rest = size - m
                for t in range(min(wt, rest) + 1):
                    j = rest - t
                    if j <= wj:
                        _add(i, tab[set_at + ((r * 5 + m) * 5 + t) * 3 + j], mask, legal, ints)
    else:
        length = size // width
        for hi in range(max(rank + 1, length - 1), R):
            lo = hi - length + 1
            ok = True
            for x in range(lo, hi + 1):
                if c[x] < width:
                    ok = False
                    break
            if ok:
                _add(i, tab[seq_at + (lo * R + hi) * 5 + width], mask, legal, ints)
    _add(i, 0, mask, legal, ints)


@_jit
def _observe(
    i: int, seat: int, phase: int, tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, obs: Any
) -> None:
    """The planes of ``bumtable.tensors`` for ``seat`` (the exchange's blocks stay 0 in a first hand)."""
    o = obs[i]
    o[:] = 0.0
    hand_at, played_at, counts_at, top_at, size_at = obs_at[0], obs_at[1], obs_at[2], obs_at[3], obs_at[4]
    top_player_at, passes_at, roles_at, flags_at, phase_at = (
        obs_at[5],
        obs_at[6],
        obs_at[7],
        obs_at[8],
        obs_at[9],
    )
    for r in range(R):
        o[hand_at + r] = counts[i, seat, r]
        o[played_at + r] = played[i, r]
    for k in range(N):
        q = (seat + k) % N
        o[counts_at + k] = ints[i, F_NCARDS + q]
        o[roles_at + k * N + ints[i, F_ROLES + q]] = 1.0
    top = ints[i, F_TOP]
    if top >= 0:
        o[top_at + tab[tab[4] + top]] = 1.0
        o[size_at] = tab[tab[5] + top]
        o[top_player_at + (ints[i, F_TOP_PLAYER] - seat) % N] = 1.0
    o[passes_at] = ints[i, F_PASSES]
    if ints[i, F_REVOLT] >= 0:
        o[flags_at + 2] = 1.0
    o[phase_at + phase] = 1.0


@_jit
def init_rows(
    draws: Any,
    rank_of: Any,
    triggers: Any,
    new_roles: Any,
    tab: Any,
    obs_at: Any,
    ints: Any,
    counts: Any,
    played: Any,
    mask: Any,
    legal: Any,
    obs: Any,
    rewards: Any,
    observe: bool,
) -> int:
    """Cut, deal and check for a revolution in every row (``state.py``'s ``__init__`` and ``_start_hand``);
    the row of the first game whose draws run out before the deal, else -1."""
    contenders = np.empty(N, dtype=np.int64)
    for i in range(draws.shape[0]):
        ndraws = ints[i, F_NDRAWS]
        for p in range(N):
            contenders[p] = p
        nc = N
        d = 0
        boss = -1
        while boss < 0:
            if d >= ndraws - 1:
                return i
            best = -1
            for k in range(nc):
                best = max(best, rank_of[draws[i, d, k]])
            kept = 0
            for k in range(nc):
                if rank_of[draws[i, d, k]] == best:
                    contenders[kept] = contenders[k]
                    kept += 1
            nc = kept
            d += 1
            if nc == 1:
                boss = contenders[0]
        for k in range(N):
            p = (boss + k) % N
            ints[i, F_ROLES + p] = k
            ints[i, F_BY_ROLE + k] = p
        counts[i] = 0
        played[i] = 0
        rewards[i] = 0.0
        deck = draws[i, d]
        for k in range(deck.shape[0]):
            p = ints[i, F_BY_ROLE + k % N]
            counts[i, p, rank_of[deck[k]]] += 1
        for p in range(N):
            ints[i, F_NCARDS + p] = counts[i, p].sum()
            ints[i, F_FINISHED + p] = -1
        ints[i, F_REVOLT] = -1
        for k in range(triggers.shape[0]):
            p = ints[i, F_BY_ROLE + triggers[k, 0]]
            if counts[i, p, JOKER] >= triggers[k, 1]:
                ints[i, F_REVOLT] = p
                for q in range(N):
                    role = new_roles[ints[i, F_ROLES + q]]
                    ints[i, F_ROLES + q] = role
                    ints[i, F_BY_ROLE + role] = q
                break
        ints[i, F_TURN] = ints[i, F_BY_ROLE]
        ints[i, F_TOP] = -1
        ints[i, F_TOP_PLAYER] = -1
        ints[i, F_PASSES] = 0
        ints[i, F_ACTIVE] = N
        ints[i, F_OVER] = 0
        ints[i, F_NFIN] = 0
        ints[i, F_NHIST] = 0
        ints[i, F_LAST] = -1
        for k in range(ints[i, F_NLEGAL]):
            mask[i, legal[i, k]] = False
        ints[i, F_NLEGAL] = 0
        _legal(i, tab, ints, counts, mask, legal)
        if observe:
            _observe(i, ints[i, F_TURN], PHASE_PLAY, tab, obs_at, ints, counts, played, obs)
    return -1


@_jit
def _finish(
    i: int,
    ends_match: bool,
    tab: Any,
    obs_at: Any,
    ints: Any,
    counts: Any,
    played: Any,
    obs: Any,
    rewards: Any,
    observe: bool,
) -> None:
    """The hand is over: returns by place (``place_returns``), and the last actor's view of the end."""
    ints[i, F_OVER] = 1
    ints[i, F_TURN] = -1
    ints[i, F_TOP] = -1
    for k in range(N):
        rewards[i, ints[i, F_FINISHED + k]] = 1.0 - 2.0 * k / (N - 1)
    phase = PHASE_OVER
    if (
        not ends_match
    ):  # a match goes on: roles from the places, and the next deal waits (``stop_at_hand_end``)
        phase = PHASE_DEAL
        for k in range(N):
            p = ints[i, F_FINISHED + k]
            ints[i, F_ROLES + p] = k
            ints[i, F_BY_ROLE + k] = p
    if observe:
        _observe(i, ints[i, F_LAST], phase, tab, obs_at, ints, counts, played, obs)


@_jit
def step_rows(
    actions: Any,
    ends_match: bool,
    tab: Any,
    obs_at: Any,
    ints: Any,
    counts: Any,
    played: Any,
    mask: Any,
    legal: Any,
    obs: Any,
    rewards: Any,
    history: Any,
    observe: bool,
) -> int:
    """Apply one action per row (rows already over are left as they are); the first row whose action is not
    legal, with nothing changed in any row, else -1."""
    size = tab[0]
    for i in range(actions.shape[0]):
        a = actions[i]
        if not ints[i, F_OVER] and (a < 0 or a >= size or not mask[i, a]):
            return i
    for i in range(actions.shape[0]):
        if ints[i, F_OVER]:
            continue
        a = actions[i]
        _step(
            i, a, ends_match, tab, obs_at, ints, counts, played, mask, legal, obs, rewards, history, observe
        )
    return -1


@_jit
def _step(
    i: int,
    a: int,
    ends_match: bool,
    tab: Any,
    obs_at: Any,
    ints: Any,
    counts: Any,
    played: Any,
    mask: Any,
    legal: Any,
    obs: Any,
    rewards: Any,
    history: Any,
    observe: bool,
) -> None:
    """One legal action in row ``i``: ``state.py``'s ``_play``, ``_pass`` and ``_end_trick``."""
    p = ints[i, F_TURN]
    n = ints[i, F_NHIST]
    history[i, n] = a
    ints[i, F_NHIST] = n + 1
    ints[i, F_LAST] = p
    if a == 0:
        ints[i, F_PASSES] += 1
        w = ints[i, F_TOP_PLAYER]
        needed = ints[i, F_ACTIVE] - (1 if ints[i, F_NCARDS + w] > 0 else 0)
        if ints[i, F_PASSES] >= needed:
            _end_trick(i, w, ints)
        else:
            ints[i, F_TURN] = _next_active(ints, i, p)
    else:
        base = tab[7] + a * R
        for r in range(R):
            k = tab[base + r]
            if k:
                counts[i, p, r] -= k
                played[i, r] += k
        left = ints[i, F_NCARDS + p] - tab[tab[5] + a]
        ints[i, F_NCARDS + p] = left
        if left == 0:
            ints[i, F_ACTIVE] -= 1
            nfin = ints[i, F_NFIN]
            ints[i, F_FINISHED + nfin] = p
            ints[i, F_NFIN] = nfin + 1
            if ints[i, F_ACTIVE] == 1:  # the last holder is last, and the hand ends with the trick
                ints[i, F_FINISHED + nfin + 1] = _next_active(ints, i, p)
                ints[i, F_NFIN] = nfin + 2
                _finish(i, ends_match, tab, obs_at, ints, counts, played, obs, rewards, observe)
                for k in range(ints[i, F_NLEGAL]):
                    mask[i, legal[i, k]] = False
                ints[i, F_NLEGAL] = 0
                return
        ints[i, F_TOP] = a
        ints[i, F_TOP_PLAYER] = p
        ints[i, F_PASSES] = 0
        nxt = _next_active(ints, i, p)
        if nxt == p:
            _end_trick(i, p, ints)
        else:
            ints[i, F_TURN] = nxt
    _legal(i, tab, ints, counts, mask, legal)
    if observe:
        _observe(i, ints[i, F_TURN], PHASE_PLAY, tab, obs_at, ints, counts, played, obs)


@_jit
def _end_trick(i: int, winner: int, ints: Any) -> None:
    ints[i, F_TOP] = -1
    ints[i, F_PASSES] = 0
    if ints[i, F_NCARDS + winner] == 0:
        ints[i, F_TURN] = _next_active(ints, i, winner)
    else:
        ints[i, F_TURN] = winner


@_jit
def pick_rows(uniforms: Any, ints: Any, legal: Any, out: Any) -> None:
    """A uniformly random legal action per row from ``uniforms`` in [0, 1) (0, a pass, for rows over)."""
    for i in range(uniforms.shape[0]):
        n = ints[i, F_NLEGAL]
        out[i] = legal[i, min(int(uniforms[i] * n), n - 1)] if n else 0


@_jit
def playout_rows(
    seed: int,
    ends_match: bool,
    tab: Any,
    obs_at: Any,
    ints: Any,
    counts: Any,
    played: Any,
    mask: Any,
    legal: Any,
    obs: Any,
    rewards: Any,
    history: Any,
    observe: bool,
) -> int:
    """Play every row to its end with uniformly random legal actions (numba's generator seeded ``seed``),
    through the same step as :func:`step_rows`; the number of actions taken."""
    np.random.seed(seed)
    taken = 0
    for i in range(ints.shape[0]):
        while not ints[i, F_OVER]:
            a = legal[i, np.random.randint(ints[i, F_NLEGAL])]
            _step(
                i,
                a,
                ends_match,
                tab,
                obs_at,
                ints,
                counts,
                played,
                mask,
                legal,
                obs,
                rewards,
                history,
                observe,
            )
            taken += 1
    return taken
