"""The compiled kernels: a match of The Bum Game per batch row, on rank counts.

Every per-row number sits in one int32 row of ``ints``: the ``F_*`` columns, then four blocks of one column
per player (roles, players by role, cards held, going-out order; for 4 players at ``F_ROLES`` .. ``F_FINISHED``),
then the match's numbers at ``extra(n) + X_*``. The rules they follow are the climbing engine's
(``bumtable/rules/climbing/state.py``), step for step.
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

F_TURN = 0  # the player to act, -1 once the row is over
F_TOP = 1  # the code of the play to beat, -1 when the trick is empty
F_TOP_PLAYER = 2
F_PASSES = 3
F_ACTIVE = 4  # players still holding cards
F_OVER = 5
F_NFIN = 6
F_REVOLT = 7  # the player whose Jokers made a revolution this hand, -1 for none
F_NHIST = 8
F_NLEGAL = 9
F_NDRAWS = 10
F_LAST = 11  # the player who acted last
F_ROLES = 12  # n columns: each player's role (0 Boss .. n - 1 Bum)
F_BY_ROLE = 16  # 4 players; ``F_ROLES + n`` for n: the player in each role
F_NCARDS = 20  # 4 players; ``F_ROLES + 2 n``: cards held
F_FINISHED = 24  # 4 players; ``F_ROLES + 3 n``: players in going-out order
FIELDS = 28  # 4 players' columns before the match's

X_HAND = 0  # the hand in play, from 1
X_WINNER = 1  # the match's winner, -1 until it is over
X_STOP = 2  # 1: the row ends when the hand in play ends (the rules layer's ``stop_at_hand_end``)
X_DRAW = 3  # the shuffle the next hand is dealt from
X_PHASE = 4  # PHASE_* of the row
X_CAND = 5  # optional revolution: which qualifying player decides now (0 the first)
X_CANCELLED = 6  # 1: dealt Jokers cancelled this hand's exchange
X_GIVEN = 7  # 1: cards changed hands this hand (``known`` is in use)
X_FIELDS = 8

PHASE_DEAL = 0
PHASE_PLAY = 1
PHASE_REVOLUTION = 2
PHASE_OVER = 9

# The header of ``tab`` (``tables.H_*``).
H_SET, H_SEQ, H_KIND, H_RANK, H_PSIZE, H_WIDTH, H_NEED = 1, 2, 3, 4, 5, 6, 7
H_SN, H_ST, H_SJ, H_WD = 8, 9, 10, 11
H_EXCHANGE, H_ORDER, H_KEEP_JOKERS = 16, 17, 18
H_OPTIONAL, H_DECLARE, H_DECLINE, H_LEADER = 19, 20, 21, 22
H_TARGET, H_ROUNDS, H_TARGET_WINNER, H_ROUNDS_WINNER = 23, 24, 25, 26
H_NPAIRS, H_PAIRS, H_NCANCEL, H_CANCEL, H_POINTS = 27, 28, 31, 32, 33

ERR_NONE = -1
ERR_HISTORY = -2  # a row's history is full: grow it and call again


def fields(n: int) -> int:
    """Columns of ``ints`` for ``n`` players."""
    return F_ROLES + 4 * n + X_FIELDS


def extra(n: int) -> int:
    """The first of the match's columns (``X_*``) for ``n`` players."""
    return F_ROLES + 4 * n


@_jit
def _next_active(ints: Any, i: int, p: int, n: int) -> int:
    """The next player after ``p`` in role order who still holds cards (``p`` if none)."""
    role = ints[i, F_ROLES + p]
    by_role, ncards = F_ROLES + n, F_ROLES + 2 * n
    for k in range(1, n + 1):
        q = ints[i, by_role + (role + k) % n]
        if ints[i, ncards + q] > 0:
            return int(q)
    return p


@_jit
def _add(i: int, code: int, mask: Any, legal: Any, ints: Any) -> None:
    n = ints[i, F_NLEGAL]
    legal[i, n] = code
    mask[i, code] = True
    ints[i, F_NLEGAL] = n + 1


@_jit
def _clear(i: int, ints: Any, mask: Any, legal: Any) -> None:
    for k in range(ints[i, F_NLEGAL]):
        mask[i, legal[i, k]] = False
    ints[i, F_NLEGAL] = 0


@_jit
def _legal(i: int, tab: Any, ints: Any, counts: Any, mask: Any, legal: Any) -> None:
    """Write the legal actions of the player to act (movegen's ``turn_plays``), clearing the last ones."""
    _clear(i, ints, mask, legal)
    p = ints[i, F_TURN]
    if p < 0:
        return
    n, nr = counts.shape[1], counts.shape[2]
    if ints[i, F_ROLES + 4 * n + X_PHASE] == PHASE_REVOLUTION:
        _add(i, tab[H_DECLARE], mask, legal, ints)
        _add(i, tab[H_DECLINE], mask, legal, ints)
        return
    c = counts[i, p]
    set_at, seq_at = tab[H_SET], tab[H_SEQ]
    sn, st, sj, wd = tab[H_SN], tab[H_ST], tab[H_SJ], tab[H_WD]
    twos, jokers = int(c[TWO]), int(c[JOKER])
    top = ints[i, F_TOP]
    if top < 0:
        for r in range(nr):
            m_most = int(c[r])
            if m_most == 0:
                continue
            wt = twos if r < TWO else 0
            wj = jokers if r < JOKER else 0
            for m in range(1, m_most + 1):
                for t in range(wt + 1):
                    for j in range(wj + 1):
                        _add(i, tab[set_at + ((r * sn + m) * st + t) * sj + j], mask, legal, ints)
        for w in range(1, wd):
            for lo in range(nr - 2):
                hi = lo
                while hi < nr and c[hi] >= w:
                    if hi - lo >= 2:
                        _add(i, tab[seq_at + (lo * nr + hi) * wd + w], mask, legal, ints)
                    hi += 1
        return
    kind, rank = tab[tab[H_KIND] + top], tab[tab[H_RANK] + top]
    size, width = tab[tab[H_PSIZE] + top], tab[tab[H_WIDTH] + top]
    if kind == 1:
        for r in range(rank + 1, nr):
            m_most = int(c[r])
            if m_most == 0:
                continue
            wt = twos if r < TWO else 0
            wj = jokers if r < JOKER else 0
            for m in range(1, min(m_most, size) + 1):
                rest = size - m
                for t in range(min(wt, rest) + 1):
                    j = rest - t
                    if j <= wj:
                        _add(i, tab[set_at + ((r * sn + m) * st + t) * sj + j], mask, legal, ints)
    else:
        length = size // width
        for hi in range(max(rank + 1, length - 1), nr):
            lo = hi - length + 1
            ok = True
            for x in range(lo, hi + 1):
                if c[x] < width:
                    ok = False
                    break
            if ok:
                _add(i, tab[seq_at + (lo * nr + hi) * wd + width], mask, legal, ints)
    _add(i, 0, mask, legal, ints)


@_jit
def _observe(
    i: int, seat: int, tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, known: Any, obs: Any
) -> None:
    """The planes of ``bumtable.tensors`` for ``seat`` (``sat_out`` and ``give`` stay 0 in this game)."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
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
    known_at = obs_at[10]
    for r in range(nr):
        o[hand_at + r] = counts[i, seat, r]
        o[played_at + r] = played[i, r]
    for k in range(n):
        q = (seat + k) % n
        o[counts_at + k] = ints[i, F_ROLES + 2 * n + q]
        o[roles_at + k * n + ints[i, F_ROLES + q]] = 1.0
    if ints[i, x + X_GIVEN]:
        for k in range(1, n):
            q = (seat + k) % n
            base = known_at + (k - 1) * nr
            for r in range(nr):
                o[base + r] = known[i, seat, q, r]
    top = ints[i, F_TOP]
    if top >= 0:
        o[top_at + tab[tab[H_RANK] + top]] = 1.0
        o[size_at] = tab[tab[H_PSIZE] + top]
        o[top_player_at + (ints[i, F_TOP_PLAYER] - seat) % n] = 1.0
    o[passes_at] = ints[i, F_PASSES]
    if ints[i, F_REVOLT] >= 0:
        o[flags_at + 2] = 1.0
    o[phase_at + ints[i, x + X_PHASE]] = 1.0


@_jit
def _candidate(i: int, c: int, triggers: Any, ints: Any, counts: Any) -> int:
    """The ``c``-th player (from 0) whose dealt Jokers meet a revolution trigger, in the triggers' order;
    -1 if fewer qualify (``state.py``'s ``_joker_candidates``)."""
    n = counts.shape[1]
    found = 0
    for k in range(triggers.shape[0]):
        p = ints[i, F_ROLES + n + triggers[k, 0]]
        if counts[i, p, JOKER] < triggers[k, 1]:
            continue
        seen = False
        for j in range(k):
            if ints[i, F_ROLES + n + triggers[j, 0]] == p and counts[i, p, JOKER] >= triggers[j, 1]:
                seen = True
        if seen:
            continue
        if found == c:
            return int(p)
        found += 1
    return -1


@_jit
def _revolt(i: int, p: int, new_roles: Any, ints: Any, n: int) -> None:
    ints[i, F_REVOLT] = p
    for q in range(n):
        role = new_roles[ints[i, F_ROLES + q]]
        ints[i, F_ROLES + q] = role
        ints[i, F_ROLES + n + role] = q


@_jit
def _take(i: int, p: int, k: int, lowest: bool, keep_jokers: bool, counts: Any, out: Any) -> int:
    """Take ``k`` cards from ``p`` (its lowest, or its highest, Jokers kept if asked) into ``out`` by rank;
    how many were taken (``state.py``'s ``_take``)."""
    nr = counts.shape[2]
    out[:] = 0
    taken = 0
    for s in range(nr):
        r = s if lowest else nr - 1 - s
        if not lowest and keep_jokers and r == JOKER:
            continue
        m = min(int(counts[i, p, r]), k - taken)
        if m > 0:
            counts[i, p, r] -= m
            out[r] = m
            taken += m
        if taken == k:
            break
    return taken


@_jit
def _put(i: int, giver: int, p: int, cards: Any, counts: Any, known: Any) -> None:
    """Give ``cards`` to ``p``: known to the giver, and no longer known to ``p`` where they are cards ``p``
    gave the giver before (given back)."""
    for r in range(cards.shape[0]):
        if cards[r]:
            counts[i, p, r] += cards[r]
            known[i, giver, p, r] += cards[r]
            known[i, p, giver, r] = max(0, int(known[i, p, giver, r]) - int(cards[r]))


@_jit
def _exchange_and_lead(i: int, tab: Any, ints: Any, counts: Any, known: Any) -> None:
    """The exchange, pair by pair, then the lead (``_exchange_and_lead`` and ``_exchange_pair``)."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
    by_role, ncards = F_ROLES + n, F_ROLES + 2 * n
    if tab[H_EXCHANGE] and ints[i, x + X_HAND] > 1:
        if ints[i, F_REVOLT] < 0:
            at = tab[H_CANCEL]
            for k in range(tab[H_NCANCEL]):
                if counts[i, ints[i, by_role + tab[at + 2 * k]], JOKER] >= tab[at + 2 * k + 1]:
                    ints[i, x + X_CANCELLED] = 1
                    break
        if not ints[i, x + X_CANCELLED]:
            down = np.zeros(nr, dtype=np.int64)
            up = np.zeros(nr, dtype=np.int64)
            order, keep = tab[H_ORDER], tab[H_KEEP_JOKERS] != 0
            at = tab[H_PAIRS]
            for k in range(tab[H_NPAIRS]):
                high = ints[i, by_role + tab[at + 3 * k]]
                low = ints[i, by_role + tab[at + 3 * k + 1]]
                m = tab[at + 3 * k + 2]
                if order == 1:  # lower-first
                    nu = _take(i, low, m, False, keep, counts, up)
                    _put(i, low, high, up, counts, known)
                    nd = _take(i, high, m, True, False, counts, down)
                    _put(i, high, low, down, counts, known)
                elif order == 0:  # higher-first
                    nd = _take(i, high, m, True, False, counts, down)
                    _put(i, high, low, down, counts, known)
                    nu = _take(i, low, m, False, keep, counts, up)
                    _put(i, low, high, up, counts, known)
                else:
                    nd = _take(i, high, m, True, False, counts, down)
                    nu = _take(i, low, m, False, keep, counts, up)
                    _put(i, high, low, down, counts, known)
                    _put(i, low, high, up, counts, known)
                ints[i, ncards + high] += nu - nd
                ints[i, ncards + low] += nd - nu
                ints[i, x + X_GIVEN] = 1
    ints[i, x + X_PHASE] = PHASE_PLAY
    role = 0 if ints[i, x + X_HAND] == 1 else tab[H_LEADER]
    ints[i, F_TURN] = ints[i, by_role + role]


@_jit
def _start_hand(
    i: int, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, ints: Any, counts: Any,
    played: Any, known: Any,
) -> None:  # fmt: skip
    """Deal the next hand from the row's next shuffle, then a revolution (or its decision), the exchange and
    the lead (``state.py``'s ``_start_hand``)."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    by_role, ncards, fin = F_ROLES + n, F_ROLES + 2 * n, F_ROLES + 3 * n
    ints[i, x + X_HAND] += 1
    d = min(ints[i, x + X_DRAW], ints[i, F_NDRAWS] - 1)  # the engine draws enough: never short
    ints[i, x + X_DRAW] = d + 1
    counts[i] = 0
    played[i] = 0
    if ints[i, x + X_GIVEN]:
        known[i] = 0
    deck = draws[i, d]
    for k in range(deck.shape[0]):
        p = ints[i, by_role + k % n]
        counts[i, p, rank_of[deck[k]]] += 1
    for p in range(n):
        ints[i, ncards + p] = counts[i, p].sum()
        ints[i, fin + p] = -1
    ints[i, F_REVOLT] = -1
    ints[i, F_TOP] = -1
    ints[i, F_TOP_PLAYER] = -1
    ints[i, F_PASSES] = 0
    ints[i, F_ACTIVE] = n
    ints[i, F_NFIN] = 0
    ints[i, x + X_CAND] = 0
    ints[i, x + X_CANCELLED] = 0
    ints[i, x + X_GIVEN] = 0
    first = _candidate(i, 0, triggers, ints, counts)
    if first >= 0 and tab[H_OPTIONAL]:
        ints[i, x + X_PHASE] = PHASE_REVOLUTION
        ints[i, F_TURN] = first
        return
    if first >= 0:
        _revolt(i, first, new_roles, ints, n)
    _exchange_and_lead(i, tab, ints, counts, known)


@_jit
def init_rows(
    draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any, ints: Any, counts: Any,
    played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any, rewards: Any, observe: bool,
) -> int:  # fmt: skip
    """Cut for the Boss and deal the first hand in every row (``state.py``'s ``__init__``); the row of the
    first game whose draws run out before the deal, else -1."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    contenders = np.empty(n, dtype=np.int64)
    for i in range(draws.shape[0]):
        ndraws = ints[i, F_NDRAWS]
        for p in range(n):
            contenders[p] = p
        nc = n
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
        for k in range(n):
            p = (boss + k) % n
            ints[i, F_ROLES + p] = k
            ints[i, F_ROLES + n + k] = p
        scores[i] = 0
        rewards[i] = 0.0
        ints[i, F_OVER] = 0
        ints[i, F_NHIST] = 0
        ints[i, F_LAST] = -1
        ints[i, x + X_HAND] = 0
        ints[i, x + X_WINNER] = -1
        ints[i, x + X_DRAW] = d
        ints[i, x + X_GIVEN] = 1  # clear ``known``
        _start_hand(i, draws, rank_of, triggers, new_roles, tab, ints, counts, played, known)
        _legal(i, tab, ints, counts, mask, legal)
        if observe:
            _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)
    return -1


@_jit
def next_hand_rows(
    rows: Any, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any, ints: Any,
    counts: Any, played: Any, known: Any, mask: Any, legal: Any, obs: Any, rewards: Any, observe: bool,
) -> int:  # fmt: skip
    """Deal the next hand in each of ``rows`` stopped at a hand's end with its match going on (others are
    left alone); the first such row with no shuffle left for it (nothing changed), else -1."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    for j in range(rows.shape[0]):
        i = rows[j]
        if ints[i, F_OVER] and ints[i, x + X_WINNER] < 0 and ints[i, x + X_DRAW] >= ints[i, F_NDRAWS]:
            return int(i)
    for j in range(rows.shape[0]):
        i = rows[j]
        if not ints[i, F_OVER] or ints[i, x + X_WINNER] >= 0:
            continue
        ints[i, F_OVER] = 0
        rewards[i] = 0.0
        _start_hand(i, draws, rank_of, triggers, new_roles, tab, ints, counts, played, known)
        _legal(i, tab, ints, counts, mask, legal)
        if observe:
            _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)
    return -1


@_jit
def _end_hand(
    i: int, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, ints: Any, counts: Any,
    played: Any, known: Any, scores: Any, rewards: Any,
) -> bool:  # fmt: skip
    """Score the hand; end the match (returns as ``outcome()``), stop the row (``stop_at_hand_end``:
    returns by the hand's places) or deal the next hand (``_end_hand``). True when the row is over."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    fin = F_ROLES + 3 * n
    pts = tab[H_POINTS]
    for k in range(n):
        scores[i, ints[i, fin + k]] += tab[pts + k]
    target, rounds = tab[H_TARGET], tab[H_ROUNDS]
    winner = -1
    best = -(1 << 30)
    reached = False
    for k in range(n):
        p = ints[i, fin + k]
        if target and scores[i, p] >= target:
            if not reached:
                winner = p
                best = scores[i, p]
                reached = True
            elif tab[H_TARGET_WINNER] and scores[i, p] > best:
                winner = p
                best = scores[i, p]
    if not reached and rounds and ints[i, x + X_HAND] >= rounds:
        winner = ints[i, fin]
        if not tab[H_ROUNDS_WINNER]:
            for k in range(n):
                p = ints[i, fin + k]
                if scores[i, p] > scores[i, winner]:
                    winner = p
    if winner >= 0:
        ints[i, x + X_WINNER] = winner
        ints[i, x + X_PHASE] = PHASE_OVER
        for p in range(n):
            above = 0
            for q in range(n):
                if q != winner and scores[i, q] > scores[i, p]:
                    above += 1
            place = 1 if p == winner else 2 + above
            if p == winner:
                tied = 1
            else:
                tied = 0
                for q in range(n):
                    if q != winner:
                        a2 = 0
                        for s in range(n):
                            if s != winner and scores[i, s] > scores[i, q]:
                                a2 += 1
                        if 2 + a2 == place:
                            tied += 1
            total = 0.0
            for k in range(tied):
                total += 1.0 - 2.0 * (place - 1 + k) / (n - 1)
            rewards[i, p] = total / tied
        return True
    for k in range(n):
        p = ints[i, fin + k]
        ints[i, F_ROLES + p] = k
        ints[i, F_ROLES + n + k] = p
    if ints[i, x + X_STOP]:
        ints[i, x + X_PHASE] = PHASE_DEAL
        for k in range(n):
            rewards[i, ints[i, fin + k]] = 1.0 - 2.0 * k / (n - 1)
        return True
    _start_hand(i, draws, rank_of, triggers, new_roles, tab, ints, counts, played, known)
    return False


@_jit
def step_rows(
    actions: Any, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any, ints: Any,
    counts: Any, played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any, rewards: Any,
    history: Any, observe: bool,
) -> int:  # fmt: skip
    """Apply one action per row (rows already over are left as they are); with nothing changed in any row,
    the first row whose action is not legal, or ``ERR_HISTORY`` when a row's history is full; else -1."""
    size = tab[0]
    for i in range(actions.shape[0]):
        a = actions[i]
        if not ints[i, F_OVER]:
            if a < 0 or a >= size or not mask[i, a]:
                return i
            if ints[i, F_NHIST] >= history.shape[1]:
                return ERR_HISTORY
    for i in range(actions.shape[0]):
        if ints[i, F_OVER]:
            continue
        _step(
            i, actions[i], draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known,
            scores, mask, legal, obs, rewards, history, observe,
        )  # fmt: skip
    return ERR_NONE


@_jit
def _step(
    i: int, a: int, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any,
    ints: Any, counts: Any, played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any,
    rewards: Any, history: Any, observe: bool,
) -> None:  # fmt: skip
    """One legal action in row ``i``: ``state.py``'s ``apply`` (``_play``, ``_pass``, ``_end_trick``, a
    revolution's decision)."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
    ncards, fin = F_ROLES + 2 * n, F_ROLES + 3 * n
    p = ints[i, F_TURN]
    h = ints[i, F_NHIST]
    history[i, h] = a
    ints[i, F_NHIST] = h + 1
    ints[i, F_LAST] = p
    if ints[i, x + X_PHASE] == PHASE_REVOLUTION:
        if a == tab[H_DECLARE]:
            _revolt(i, p, new_roles, ints, n)
            _exchange_and_lead(i, tab, ints, counts, known)
        else:
            c = ints[i, x + X_CAND] + 1
            q = _candidate(i, c, triggers, ints, counts)
            if q >= 0:
                ints[i, x + X_CAND] = c
                ints[i, F_TURN] = q
            else:
                _exchange_and_lead(i, tab, ints, counts, known)
    elif a == 0:
        ints[i, F_PASSES] += 1
        w = ints[i, F_TOP_PLAYER]
        needed = ints[i, F_ACTIVE] - (1 if ints[i, ncards + w] > 0 else 0)
        if ints[i, F_PASSES] >= needed:
            _end_trick(i, w, ints, n)
        else:
            ints[i, F_TURN] = _next_active(ints, i, p, n)
    else:
        base = tab[H_NEED] + a * nr
        given = ints[i, x + X_GIVEN]
        for r in range(nr):
            k = tab[base + r]
            if k:
                counts[i, p, r] -= k
                played[i, r] += k
                if given:
                    for g in range(n):
                        if known[i, g, p, r]:
                            known[i, g, p, r] = max(0, int(known[i, g, p, r]) - k)
        left = ints[i, ncards + p] - tab[tab[H_PSIZE] + a]
        ints[i, ncards + p] = left
        ended = False
        if left == 0:
            ints[i, F_ACTIVE] -= 1
            nfin = ints[i, F_NFIN]
            ints[i, fin + nfin] = p
            ints[i, F_NFIN] = nfin + 1
            if ints[i, F_ACTIVE] == 1:  # the last holder is last, and the hand ends with the trick
                ints[i, fin + nfin + 1] = _next_active(ints, i, p, n)
                ints[i, F_NFIN] = nfin + 2
                ints[i, F_TOP] = -1  # the passes since stay, as the rules layer shows them at the end
                ended = True
                if _end_hand(
                    i, draws, rank_of, triggers, new_roles, tab, ints, counts, played, known, scores, rewards
                ):
                    ints[i, F_OVER] = 1
                    ints[i, F_TURN] = -1
                    _clear(i, ints, mask, legal)
                    if observe:
                        _observe(i, p, tab, obs_at, ints, counts, played, known, obs)
                    return
        if not ended:
            ints[i, F_TOP] = a
            ints[i, F_TOP_PLAYER] = p
            ints[i, F_PASSES] = 0
            nxt = _next_active(ints, i, p, n)
            if nxt == p:
                _end_trick(i, p, ints, n)
            else:
                ints[i, F_TURN] = nxt
    _legal(i, tab, ints, counts, mask, legal)
    if observe:
        _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)


@_jit
def _end_trick(i: int, winner: int, ints: Any, n: int) -> None:
    ints[i, F_TOP] = -1
    ints[i, F_PASSES] = 0
    if ints[i, F_ROLES + 2 * n + winner] == 0:
        ints[i, F_TURN] = _next_active(ints, i, winner, n)
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
    seed: int, reseed: bool, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any,
    ints: Any, counts: Any, played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any,
    rewards: Any, history: Any, observe: bool,
) -> tuple[int, bool]:  # fmt: skip
    """Play every row to its end with uniformly random legal actions (numba's generator, seeded ``seed`` when
    ``reseed``), through the same step as :func:`step_rows`; the actions taken, and False if a row's history
    filled first (grow it and call again without reseeding)."""
    if reseed:
        np.random.seed(seed)
    taken = 0
    cap = history.shape[1]
    for i in range(ints.shape[0]):
        while not ints[i, F_OVER]:
            if ints[i, F_NHIST] >= cap:
                return taken, False
            a = legal[i, np.random.randint(ints[i, F_NLEGAL])]
            _step(
                i, a, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known, scores,
                mask, legal, obs, rewards, history, observe,
            )  # fmt: skip
            taken += 1
    return taken, True


@_jit
def refresh_rows(
    tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, known: Any, mask: Any, legal: Any, obs: Any,
    observe: bool,
) -> None:  # fmt: skip
    """Write every row's legal actions (and observation) from its numbers and counts, as after a step."""
    for i in range(ints.shape[0]):
        ints[i, F_NLEGAL] = 0
        mask[i] = False
        _legal(i, tab, ints, counts, mask, legal)
        if observe:
            _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)
