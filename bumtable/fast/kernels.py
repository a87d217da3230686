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
X_ASSIGNED = 8  # 1: the players have roles (from the cut or a hand's places); 0 before the first hand's end
X_DEALER = 9  # the player who dealt this hand
X_LEADCARD = 10  # the player dealt the lead card this hand (``first_leader="card"``)
X_PAIR = 11  # the exchange pair in hand (a chosen gift waits on its higher role)
X_SAT = 12  # bits by player: passed and sits out the rest of the trick (``pass_final``)
X_RUNV = 13  # four of a value: the rank of the trick's last card (-1 none)
X_RUNN = 14  # and how many cards of that rank in a row end the trick so far
X_NLOSE = 15  # players out with the wipe card, placed last (from the end of the going-out order)
X_FIELDS = 16

PHASE_DEAL = 0
PHASE_PLAY = 1
PHASE_REVOLUTION = 2
PHASE_EXCHANGE = 3
PHASE_OVER = 9

# The header of ``tab`` (``tables.H_*``).
H_SET, H_SEQ, H_KIND, H_RANK, H_PSIZE, H_WIDTH, H_NEED = 1, 2, 3, 4, 5, 6, 7
H_SN, H_ST, H_SJ, H_WD = 8, 9, 10, 11
H_EXCHANGE, H_ORDER, H_KEEP_JOKERS = 16, 17, 18
H_OPTIONAL, H_DECLARE, H_DECLINE, H_LEADER = 19, 20, 21, 22
H_TARGET, H_ROUNDS, H_TARGET_WINNER, H_ROUNDS_WINNER = 23, 24, 25, 26
H_NPAIRS, H_PAIRS, H_NCANCEL, H_CANCEL, H_POINTS = 27, 28, 31, 32, 33
H_SEAT_RANDOM, H_NO_CUT, H_FIRST_LEADER, H_LEAD_CODE, H_CHOICE, H_LOW_KEEP = 35, 36, 37, 38, 39, 40
H_EQUAL_OK, H_PASS_FINAL, H_FOUR, H_WIPE, H_WIPE_LOSES, H_MUST_PLAY = 41, 42, 43, 44, 45, 46
H_WILD_TWOS, H_WILD_JOKERS, H_GIVE1, H_GIVE2 = 47, 48, 49, 50
LEAD_BOSS, LEAD_BUM, LEAD_ELDEST, LEAD_DEALER, LEAD_CARD = 0, 1, 2, 3, 4

ERR_NONE = -1
ERR_HISTORY = -2  # a row's history is full: grow it and call again


def fields(n: int) -> int:
    """Columns of ``ints`` for ``n`` players."""
    return F_ROLES + 4 * n + X_FIELDS + 2 * n


def extra(n: int) -> int:
    """The first of the match's columns (``X_*``) for ``n`` players."""
    return F_ROLES + 4 * n


def order_at(n: int) -> int:
    """The first of ``n`` columns: the players in seat order (by role, or shuffled once); then each
    player's place in it."""
    return F_ROLES + 4 * n + X_FIELDS


@_jit
def _next_active(ints: Any, i: int, p: int, n: int, in_trick: bool = False) -> int:
    """The next player after ``p`` in seat order who still holds cards (``in_trick``: and does not sit out
    the trick); ``p`` if none."""
    order = F_ROLES + 4 * n + X_FIELDS
    at = ints[i, order + n + p]
    ncards = F_ROLES + 2 * n
    sat = ints[i, F_ROLES + 4 * n + X_SAT] if in_trick else 0
    for k in range(1, n + 1):
        q = ints[i, order + (at + k) % n]
        if ints[i, ncards + q] > 0 and not (sat >> q) & 1:
            return int(q)
    return p


@_jit
def _seat_by_role(i: int, tab: Any, ints: Any, n: int) -> None:
    """With role seating, the players sit in role order (every change of roles moves them)."""
    order = F_ROLES + 4 * n + X_FIELDS
    if not tab[H_SEAT_RANDOM]:
        for r in range(n):
            ints[i, order + r] = ints[i, F_ROLES + n + r]
    for k in range(n):
        ints[i, order + n + ints[i, order + k]] = k


@_jit
def _add(i: int, code: int, mask: Any, legal: Any, ints: Any) -> None:
    if code < 0 or mask[i, code]:  # no such play in the space, or listed already (the wipe card)
        return
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
    """Write the legal actions of the player to act (movegen's ``turn_plays``, or the gifts of a chosen
    exchange), clearing the last ones."""
    _clear(i, ints, mask, legal)
    p = ints[i, F_TURN]
    if p < 0:
        return
    n, nr = counts.shape[1], counts.shape[2]
    phase = ints[i, F_ROLES + 4 * n + X_PHASE]
    if phase == PHASE_REVOLUTION:
        _add(i, tab[H_DECLARE], mask, legal, ints)
        _add(i, tab[H_DECLINE], mask, legal, ints)
        return
    c = counts[i, p]
    if phase == PHASE_EXCHANGE:  # every choice of the pair's cards by rank (movegen's give_plays)
        m = tab[tab[H_PAIRS] + 3 * ints[i, F_ROLES + 4 * n + X_PAIR] + 2]
        for r in range(nr):
            if c[r] == 0:
                continue
            if m == 1:
                _add(i, tab[tab[H_GIVE1] + r], mask, legal, ints)
            else:
                for r2 in range(r, nr):
                    if c[r2] >= (2 if r2 == r else 1):
                        _add(i, tab[tab[H_GIVE2] + r * nr + r2], mask, legal, ints)
        return
    set_at, seq_at = tab[H_SET], tab[H_SEQ]
    sn, st, sj, wd = tab[H_SN], tab[H_ST], tab[H_SJ], tab[H_WD]
    twos = int(c[TWO]) if tab[H_WILD_TWOS] else 0
    jokers = int(c[JOKER]) if tab[H_WILD_JOKERS] else 0
    wipe = tab[H_WIPE]
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
    above = rank + 1 - tab[H_EQUAL_OK]
    if kind == 1:
        for r in range(max(above, 0), nr):
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
        for hi in range(max(above, length - 1), nr):
            lo = hi - length + 1
            ok = True
            for x in range(lo, hi + 1):
                if c[x] < width:
                    ok = False
                    break
            if ok:
                _add(i, tab[seq_at + (lo * nr + hi) * wd + width], mask, legal, ints)
    if wipe >= 0 and c[wipe] > 0:  # the wipe card goes on anything
        _add(i, tab[set_at + ((wipe * sn + 1) * st) * sj], mask, legal, ints)
    if tab[H_MUST_PLAY]:  # a pass only where no play but the wipe card is open
        for k in range(ints[i, F_NLEGAL]):
            a = legal[i, k]
            if tab[tab[H_RANK] + a] != wipe or tab[tab[H_PSIZE] + a] != 1:
                return
    _add(i, 0, mask, legal, ints)


@_jit
def _observe(
    i: int, seat: int, tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, known: Any, obs: Any
) -> None:
    """The planes of ``bumtable.tensors`` for ``seat``."""
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
    assigned, sat = ints[i, x + X_ASSIGNED], ints[i, x + X_SAT]
    for k in range(n):
        q = (seat + k) % n
        o[counts_at + k] = ints[i, F_ROLES + 2 * n + q]
        if assigned:
            o[roles_at + k * n + ints[i, F_ROLES + q]] = 1.0
        if (sat >> q) & 1:
            o[obs_at[11] + k] = 1.0
    if ints[i, x + X_PHASE] == PHASE_EXCHANGE and seat == ints[i, F_TURN]:
        o[obs_at[12]] = tab[tab[H_PAIRS] + 3 * ints[i, x + X_PAIR] + 2]
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
def _take(
    i: int, p: int, k: int, lowest: bool, keep_jokers: bool, keep: int, counts: Any, out: Any
) -> int:  # fmt: skip
    """Take ``k`` cards from ``p`` (its lowest, or its highest: Jokers kept if asked, and the rank ``keep``)
    into ``out`` by rank; how many were taken (``state.py``'s ``_take``)."""
    nr = counts.shape[2]
    out[:] = 0
    taken = 0
    for s in range(nr):
        r = s if lowest else nr - 1 - s
        if not lowest and ((keep_jokers and r == JOKER) or r == keep):
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
def _hand_over(
    i: int, giver: int, p: int, cards: Any, given: int, ints: Any, counts: Any, known: Any
) -> None:
    """``giver``'s ``given`` cards (taken from its counts already) to ``p``."""
    ncards = F_ROLES + 2 * counts.shape[1]
    _put(i, giver, p, cards, counts, known)
    ints[i, ncards + giver] -= given
    ints[i, ncards + p] += given
    ints[i, F_ROLES + 4 * counts.shape[1] + X_GIVEN] = 1


@_jit
def _exchange_and_lead(i: int, tab: Any, ints: Any, counts: Any, known: Any) -> None:
    """The exchange from the second hand unless dealt Jokers cancel it, then the lead
    (``_exchange_and_lead``)."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    by_role = F_ROLES + n
    if tab[H_EXCHANGE] and ints[i, x + X_HAND] > 1:
        if ints[i, F_REVOLT] < 0:
            at = tab[H_CANCEL]
            for k in range(tab[H_NCANCEL]):
                if counts[i, ints[i, by_role + tab[at + 2 * k]], JOKER] >= tab[at + 2 * k + 1]:
                    ints[i, x + X_CANCELLED] = 1
                    break
        if not ints[i, x + X_CANCELLED]:
            ints[i, x + X_PAIR] = 0
            _run_exchange(i, tab, ints, counts, known)
            return
    _lead(i, tab, ints, n)


@_jit
def _run_exchange(i: int, tab: Any, ints: Any, counts: Any, known: Any) -> None:
    """The exchange pair by pair from ``X_PAIR`` (each higher role's lowest cards for the lower's best,
    ``_exchange_pair``), stopping where a higher role chooses its gift (``_run_exchange``); then the lead."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
    by_role = F_ROLES + n
    down = np.zeros(nr, dtype=np.int64)
    up = np.zeros(nr, dtype=np.int64)
    order, keep, low_keep = tab[H_ORDER], tab[H_KEEP_JOKERS] != 0, tab[H_LOW_KEEP]
    at = tab[H_PAIRS]
    while ints[i, x + X_PAIR] < tab[H_NPAIRS]:
        k = ints[i, x + X_PAIR]
        high = ints[i, by_role + tab[at + 3 * k]]
        low = ints[i, by_role + tab[at + 3 * k + 1]]
        m = tab[at + 3 * k + 2]
        if tab[H_CHOICE]:
            if order == 1:  # lower-first: the lower role's best arrive before the choice
                nu = _take(i, low, m, False, keep, low_keep, counts, up)
                _hand_over(i, low, high, up, nu, ints, counts, known)
            ints[i, x + X_PHASE] = PHASE_EXCHANGE
            ints[i, F_TURN] = high
            return
        if order == 1:  # lower-first
            nu = _take(i, low, m, False, keep, low_keep, counts, up)
            _hand_over(i, low, high, up, nu, ints, counts, known)
            nd = _take(i, high, m, True, False, -1, counts, down)
            _hand_over(i, high, low, down, nd, ints, counts, known)
        elif order == 0:  # higher-first
            nd = _take(i, high, m, True, False, -1, counts, down)
            _hand_over(i, high, low, down, nd, ints, counts, known)
            nu = _take(i, low, m, False, keep, low_keep, counts, up)
            _hand_over(i, low, high, up, nu, ints, counts, known)
        else:
            nd = _take(i, high, m, True, False, -1, counts, down)
            nu = _take(i, low, m, False, keep, low_keep, counts, up)
            _hand_over(i, high, low, down, nd, ints, counts, known)
            _hand_over(i, low, high, up, nu, ints, counts, known)
        ints[i, x + X_PAIR] = k + 1
    _lead(i, tab, ints, n)


@_jit
def _chosen_gift(i: int, a: int, tab: Any, ints: Any, counts: Any, known: Any) -> None:
    """The higher role gives the cards it chose; the lower role's best follow as the rules order
    (``_chosen_give``); the exchange goes on with the next pair."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
    k = ints[i, x + X_PAIR]
    at = tab[H_PAIRS]
    high = ints[i, F_TURN]
    low = ints[i, F_ROLES + n + tab[at + 3 * k + 1]]
    m = tab[at + 3 * k + 2]
    order, keep, low_keep = tab[H_ORDER], tab[H_KEEP_JOKERS] != 0, tab[H_LOW_KEEP]
    up = np.zeros(nr, dtype=np.int64)
    down = np.zeros(nr, dtype=np.int64)
    nu = _take(i, low, m, False, keep, low_keep, counts, up) if order == 2 else 0
    base = tab[H_NEED] + a * nr
    for r in range(nr):
        down[r] = tab[base + r]
        counts[i, high, r] -= tab[base + r]
    _hand_over(i, high, low, down, m, ints, counts, known)
    if order == 0:
        nu = _take(i, low, m, False, keep, low_keep, counts, up)
    if order != 1:
        _hand_over(i, low, high, up, nu, ints, counts, known)
    ints[i, x + X_PAIR] = k + 1
    _run_exchange(i, tab, ints, counts, known)


@_jit
def _lead(i: int, tab: Any, ints: Any, n: int) -> None:
    """Play begins: the first hand's leader by ``first_leader``, a later hand's by ``leader``."""
    x = F_ROLES + 4 * n
    order = F_ROLES + 4 * n + X_FIELDS
    how = tab[H_FIRST_LEADER] if ints[i, x + X_HAND] == 1 else tab[H_LEADER]
    dealer = ints[i, x + X_DEALER]
    if how == LEAD_CARD:
        leader = ints[i, x + X_LEADCARD]
    elif how == LEAD_DEALER:
        leader = dealer
    elif how == LEAD_ELDEST:
        leader = ints[i, order + (ints[i, order + n + dealer] + 1) % n]
    else:
        leader = ints[i, F_ROLES + n + (n - 1 if how == LEAD_BUM else 0)]
    ints[i, x + X_PHASE] = PHASE_PLAY
    ints[i, F_TURN] = leader


@_jit
def _start_hand(
    i: int, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, ints: Any, counts: Any,
    played: Any, known: Any,
) -> None:  # fmt: skip
    """Deal the next hand from the row's next shuffle (from the dealer's left, one card each in turn), then
    a revolution (or its decision), the exchange and the lead (``state.py``'s ``_start_hand``)."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    order = F_ROLES + 4 * n + X_FIELDS
    by_role, ncards, fin = F_ROLES + n, F_ROLES + 2 * n, F_ROLES + 3 * n
    ints[i, x + X_HAND] += 1
    d = min(ints[i, x + X_DRAW], ints[i, F_NDRAWS] - 1)  # the engine draws enough: never short
    ints[i, x + X_DRAW] = d + 1
    counts[i] = 0
    played[i] = 0
    if ints[i, x + X_GIVEN]:
        known[i] = 0
    _seat_by_role(i, tab, ints, n)
    dealer = ints[i, by_role + n - 1] if ints[i, x + X_ASSIGNED] else ints[i, order + n - 1]
    ints[i, x + X_DEALER] = dealer
    start = ints[i, order + n + dealer] + 1
    lead_code = tab[H_LEAD_CODE]
    deck = draws[i, d]
    for k in range(deck.shape[0]):
        p = ints[i, order + (start + k) % n]
        counts[i, p, rank_of[deck[k]]] += 1
        if deck[k] == lead_code:
            ints[i, x + X_LEADCARD] = p
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
    ints[i, x + X_SAT] = 0
    ints[i, x + X_RUNV] = -1
    ints[i, x + X_RUNN] = 0
    ints[i, x + X_NLOSE] = 0
    first = _candidate(i, 0, triggers, ints, counts) if ints[i, x + X_ASSIGNED] else -1
    if first >= 0 and tab[H_OPTIONAL]:
        ints[i, x + X_PHASE] = PHASE_REVOLUTION
        ints[i, F_TURN] = first
        return
    if first >= 0:
        _revolt(i, first, new_roles, ints, n)
        _seat_by_role(i, tab, ints, n)
    _exchange_and_lead(i, tab, ints, counts, known)


@_jit
def init_rows(
    draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any, ints: Any, counts: Any,
    played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any, rewards: Any, observe: bool,
) -> int:  # fmt: skip
    """Seat the players (shuffled, where the rules say), cut for the Boss or give no roles yet, and deal
    the first hand in every row (``state.py``'s ``__init__``); the row of the first game whose draws run
    out before the deal, else -1."""
    n = counts.shape[1]
    x = F_ROLES + 4 * n
    order = F_ROLES + 4 * n + X_FIELDS
    contenders = np.empty(n, dtype=np.int64)
    for i in range(draws.shape[0]):
        ndraws = ints[i, F_NDRAWS]
        d = 0
        if tab[H_NO_CUT]:  # no roles before the first hand: role numbers follow the seats
            if tab[H_SEAT_RANDOM]:
                if ndraws < 2:
                    return i
                for k in range(n):
                    ints[i, order + k] = draws[i, 0, k]
                d = 1
            else:
                for k in range(n):
                    ints[i, order + k] = k
            for k in range(n):
                p = ints[i, order + k]
                ints[i, F_ROLES + p] = k
                ints[i, F_ROLES + n + k] = p
            ints[i, x + X_ASSIGNED] = 0
        else:
            for p in range(n):
                contenders[p] = p
            nc = n
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
            ints[i, x + X_ASSIGNED] = 1
        _seat_by_role(i, tab, ints, n)
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
    ints[i, x + X_ASSIGNED] = 1
    _seat_by_role(i, tab, ints, n)
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
    revolution's decision, a chosen gift)."""
    n, nr = counts.shape[1], counts.shape[2]
    x = F_ROLES + 4 * n
    ncards, fin = F_ROLES + 2 * n, F_ROLES + 3 * n
    p = ints[i, F_TURN]
    h = ints[i, F_NHIST]
    history[i, h] = a
    ints[i, F_NHIST] = h + 1
    ints[i, F_LAST] = p
    phase = ints[i, x + X_PHASE]
    if phase == PHASE_REVOLUTION:
        if a == tab[H_DECLARE]:
            _revolt(i, p, new_roles, ints, n)
            _seat_by_role(i, tab, ints, n)
            _exchange_and_lead(i, tab, ints, counts, known)
        else:
            c = ints[i, x + X_CAND] + 1
            q = _candidate(i, c, triggers, ints, counts)
            if q >= 0:
                ints[i, x + X_CAND] = c
                ints[i, F_TURN] = q
            else:
                _exchange_and_lead(i, tab, ints, counts, known)
    elif phase == PHASE_EXCHANGE:
        _chosen_gift(i, a, tab, ints, counts, known)
    elif a == 0:
        w = ints[i, F_TOP_PLAYER]
        if tab[H_PASS_FINAL]:  # the passer sits out the rest of the trick
            ints[i, x + X_SAT] |= 1 << p
            nxt = _next_active(ints, i, p, n, True)
            if nxt in (w, p):
                _end_trick(i, w, ints, n)
            else:
                ints[i, F_TURN] = nxt
        else:
            ints[i, F_PASSES] += 1
            needed = ints[i, F_ACTIVE] - (1 if ints[i, ncards + w] > 0 else 0)
            if ints[i, F_PASSES] >= needed:
                _end_trick(i, w, ints, n)
            else:
                ints[i, F_TURN] = _next_active(ints, i, p, n, False)
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
        size, rank = tab[tab[H_PSIZE] + a], tab[tab[H_RANK] + a]
        wipe = rank == tab[H_WIPE] and size == 1
        left = ints[i, ncards + p] - size
        ints[i, ncards + p] = left
        if left == 0:
            ints[i, F_ACTIVE] -= 1
            nfin = ints[i, F_NFIN]
            if wipe and tab[H_WIPE_LOSES]:  # out, but in the lowest place still open
                ints[i, x + X_NLOSE] += 1
                ints[i, fin + n - ints[i, x + X_NLOSE]] = p
            else:
                ints[i, fin + nfin] = p
                nfin += 1
                ints[i, F_NFIN] = nfin
            if ints[i, F_ACTIVE] == 1:  # the last holder is next, and the hand ends with the trick
                ints[i, fin + nfin] = _next_active(ints, i, p, n, False)
                ints[i, F_NFIN] = nfin + 1
                ints[
                    i, F_TOP
                ] = -1  # the passes and who sat out stay, as the rules layer shows them at the end
                if _end_hand(
                    i, draws, rank_of, triggers, new_roles, tab, ints, counts, played, known, scores, rewards
                ):
                    ints[i, F_OVER] = 1
                    ints[i, F_TURN] = -1
                    _clear(i, ints, mask, legal)
                    if observe:
                        _observe(i, p, tab, obs_at, ints, counts, played, known, obs)
                    return
                _legal(i, tab, ints, counts, mask, legal)
                if observe:
                    _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)
                return
        ints[i, F_TOP] = a
        ints[i, F_TOP_PLAYER] = p
        ints[i, F_PASSES] = 0
        ends = wipe
        if tab[H_FOUR] and not ends:  # four cards of one value in a row end the trick
            if tab[tab[H_KIND] + a] == 1:
                if ints[i, x + X_RUNV] == rank:
                    ints[i, x + X_RUNN] += size
                else:
                    ints[i, x + X_RUNV] = rank
                    ints[i, x + X_RUNN] = size
            else:
                ints[i, x + X_RUNV] = rank
                ints[i, x + X_RUNN] = tab[tab[H_WIDTH] + a]
            ends = ints[i, x + X_RUNN] >= 4
        if ends:
            _end_trick(i, p, ints, n)
        else:
            nxt = _next_active(ints, i, p, n, tab[H_PASS_FINAL] != 0)
            if nxt == p:
                _end_trick(i, p, ints, n)
            else:
                ints[i, F_TURN] = nxt
    _legal(i, tab, ints, counts, mask, legal)
    if observe:
        _observe(i, ints[i, F_TURN], tab, obs_at, ints, counts, played, known, obs)


@_jit
def _end_trick(i: int, winner: int, ints: Any, n: int) -> None:
    x = F_ROLES + 4 * n
    ints[i, F_TOP] = -1
    ints[i, F_PASSES] = 0
    ints[i, x + X_SAT] = 0
    ints[i, x + X_RUNV] = -1
    ints[i, x + X_RUNN] = 0
    if ints[i, F_ROLES + 2 * n + winner] == 0:
        ints[i, F_TURN] = _next_active(ints, i, winner, n, False)
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
