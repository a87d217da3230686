"""Can a partly laid claim still be completed from the hand? Asked of every ``lay``, so no claim dead-ends.

Answered without listing groups: by counting for fixed-size patterns, and for symbol groups by a
reachability search over symbol counts packed as the bits of one integer.

>>> from collections import Counter
>>> from bumtable.rules.boojum.rules import BoojumRules
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> rest, t = Counter(cards("4WL 4YK 2MK")), BoojumRules().tables  # the hand, less the cards laid
>>> completable(5, cards("4MS"), rest, t), completable(5, cards("4MS 9MS"), rest, t)  # Knots: six symbols
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache, lru_cache
from itertools import product

from bumtable.cards.decktet import SUITS_COUNT
from bumtable.rules.boojum.sets import (
    ACES_CROWNS,
    ALL_SUITS,
    FLUSH,
    PATTERNS,
    RUN,
    SET,
    STRAIGHT,
    SYMBOLS,
    TYPED,
    TYPED_RUN,
    TYPED_SUIT,
    Pattern,
    symbols_fill,
)
from bumtable.rules.boojum.tables import Tables

_BITS = 2
"""Bits per suit in a packed symbol count (a count of 3 is over any target and masked out)."""


def completable(token: int, laid: Iterable[int], rest: Counter[int], t: Tables) -> bool:
    """True when some group earning ``token`` holds ``laid`` and otherwise only cards of ``rest``."""
    group = list(laid)
    pool = _real_pool(rest, t)
    return any(pattern_completable(p, group, rest, t, pool) for p in _BY_TOKEN[token])


def can_earn(token: int, hand: Counter[int], t: Tables) -> bool:
    return completable(token, (), hand, t)


EARNABLE_KEPT = 1 << 15
"""Hands whose earnable tokens are kept: a search meets the same hands in playout after playout."""


def earnable(hand: Iterable[int], t: Tables) -> int:
    """The tokens ``hand`` holds a group for, as bits (token ``k`` is bit ``k``), kept per hand.

    >>> from bumtable.rules.boojum.rules import BoojumRules
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards
    >>> t, h = BoojumRules().tables, cards("4MS 9MS 4WL 4YK 2MK")  # Knots: one symbol of each suit
    >>> bin(earnable(h, t)), earnable(h, t) == sum(1 << k for k in range(6) if can_earn(k, Counter(h), t))
    ('0b100000', True)
    """
    return _earnable(tuple(sorted(hand)), t)


@lru_cache(maxsize=EARNABLE_KEPT)
def _earnable(hand: tuple[int, ...], t: Tables) -> int:
    rest = Counter(hand)
    pool = _real_pool(rest, t)
    mask = 0
    for token, patterns in enumerate(_BY_TOKEN):
        if any(pattern_completable(p, [], rest, t, pool) for p in patterns):
            mask |= 1 << token
    return mask


_BY_TOKEN = tuple(tuple(p for p in PATTERNS if p.token == k) for k in range(SUITS_COUNT))


def _real_pool(rest: Counter[int], t: Tables) -> list[tuple[int, int]]:
    x = t.excuse
    return [(c, k) for c, k in rest.items() if k > 0 and c != x]


def pattern_completable(
    pattern: Pattern,
    laid: list[int],
    rest: Counter[int],
    t: Tables,
    pool: list[tuple[int, int]] | None = None,
) -> bool:
    """:func:`completable` for one pattern (``pool``: ``rest``'s real cards, if already listed)."""
    x = t.excuse
    real = [c for c in laid if c != x]
    xg = len(laid) - len(real)
    xh = rest.get(x, 0)
    if pool is None:
        pool = _real_pool(rest, t)
    if pattern.types:
        if any(not t.types[c] & pattern.types for c in real):
            return False
        pool = [(c, k) for c, k in pool if t.types[c] & pattern.types]
    kind, k = pattern.kind, pattern.size
    if kind == SYMBOLS:
        return _symbols(real, xg, pool, xh, k, t)
    need = k - len(laid)  # cards still to add to reach the pattern's size
    if need < 0:
        return False
    alone = t.excuse_alone
    if kind in (SET, FLUSH, TYPED_SUIT, TYPED):
        for avail in _same_kind_counts(kind, real, pool, t):
            # ``need`` more cards: real ones of the kind, or Excuses; a group needs a real card
            if need <= avail + xh and (real or alone or (need >= 1 and avail >= 1)):
                return True
        return False
    if kind in (STRAIGHT, RUN, TYPED_RUN):
        return _windows(kind == STRAIGHT, k, real, xg, pool, xh, t)
    if kind == ACES_CROWNS:
        return _aces_crowns(real, xg, pool, xh, t)
    raise AssertionError(f"unknown pattern kind {kind!r}")


def _same_kind_counts(kind: str, real: list[int], pool: list[tuple[int, int]], t: Tables) -> list[int]:
    """For each kind (rank, suit, type) all laid cards share, how many cards of ``pool`` share it too."""
    if kind == SET:
        ranks = {t.pos[c] for c in real}
        if len(ranks) > 1:
            return []
        counts: Counter[int] = Counter()
        for c, n in pool:
            counts[t.pos[c]] += n
        if ranks:
            return [counts[next(iter(ranks))]]
        return list(counts.values()) or [0]
    if kind == TYPED:
        return [sum(n for _, n in pool)]
    mask = ALL_SUITS
    for c in real:
        mask &= t.suit_mask[c]
    return [sum(n for c, n in pool if t.suit_mask[c] >> s & 1) for s in range(SUITS_COUNT) if mask >> s & 1]


def _windows(
    straight: bool, k: int, real: list[int], xg: int, pool: list[tuple[int, int]], xh: int, t: Tables
) -> bool:
    """Some window of ``k`` ranks (of one suit, for a straight) holds the laid cards and can be filled
    from ``pool`` and Excuses (ranks as bits of a mask)."""
    top = t.positions
    if k > top:
        return False
    have = 0
    for c in real:
        bit = 1 << t.pos[c]
        if have & bit:
            return False  # two laid cards of one rank
        have |= bit
    missing = k - len(real)
    high = min(xg + xh, missing)  # Excuses in the group: those laid, and any of the hand's
    if not real and not t.excuse_alone:
        high = min(high, missing - 1)  # at least one real card
    if xg > high:
        return False
    if straight:
        common = ALL_SUITS
        for c in real:
            common &= t.suit_mask[c]
        by_suit = [0] * SUITS_COUNT
        for c, _ in pool:
            m, bit = t.suit_mask[c] & common, 1 << t.pos[c]
            for s in range(SUITS_COUNT):
                if m >> s & 1:
                    by_suit[s] |= bit
        covers = [have | by_suit[s] for s in range(SUITS_COUNT) if common >> s & 1]
    else:
        ranks = 0
        for c, _ in pool:
            ranks |= 1 << t.pos[c]
        covers = [have | ranks]
    for window in _window_masks(k, top):
        if have & ~window:
            continue  # a laid card outside the window
        for cover in covers:
            # ranks no laid card and no pool card has each take an Excuse
            if max(xg, (window & ~cover).bit_count()) <= high:
                return True
    return False


@cache
def _window_masks(k: int, top: int) -> tuple[int, ...]:
    """Bit masks of every ``k`` consecutive ranks within 1..top (bit ``r`` is rank position ``r``)."""
    return tuple(((1 << k) - 1) << start for start in range(1, top - k + 2))


def _aces_crowns(real: list[int], xg: int, pool: list[tuple[int, int]], xh: int, t: Tables) -> bool:
    top = t.positions
    aces = sum(1 for c in real if t.pos[c] == 1)
    crowns = sum(1 for c in real if t.pos[c] == top)
    if aces + crowns != len(real) or aces > 4 or crowns > 4:
        return False
    more_aces = sum(n for c, n in pool if t.pos[c] == 1)
    more_crowns = sum(n for c, n in pool if t.pos[c] == top)
    lo = aces + crowns
    hi = min(4, aces + more_aces) + min(4, crowns + more_crowns)
    # real cards a + c, Excuses 8 - a - c: between xg and xg + xh
    lo = max(lo, 8 - xg - xh, 0 if t.excuse_alone else 1)
    hi = min(hi, 8 - xg)
    return lo <= hi


@cache
def _steps(t: Tables) -> tuple[int, ...]:
    """Each card's suit symbols as packed counts (one of each of its suits)."""
    return tuple(_pack((m >> s) & 1 for s in range(SUITS_COUNT)) for m in t.suit_mask)


def _pack(counts: Iterable[int]) -> int:
    return sum(n << (_BITS * s) for s, n in enumerate(counts))


def _counts_up_to(per_suit: int) -> Iterator[tuple[int, ...]]:
    return product(range(per_suit + 1), repeat=SUITS_COUNT)


@cache
def _valid(per_suit: int) -> int:
    """States (as bits of one integer) whose every suit count is at most ``per_suit``."""
    out = 0
    for counts in _counts_up_to(per_suit):
        out |= 1 << _pack(counts)
    return out


@cache
def _fillable(per_suit: int, excuses: int, most: int) -> int:
    """States that exactly ``excuses`` Excuses can top up to ``per_suit`` symbols of each suit."""
    out = 0
    for counts in _counts_up_to(per_suit):
        if symbols_fill(list(counts), per_suit, excuses, most):
            out |= 1 << _pack(counts)
    return out


def _symbols(
    real: list[int], xg: int, pool: list[tuple[int, int]], xh: int, per_suit: int, t: Tables
) -> bool:
    steps = _steps(t)
    start = sum(steps[c] for c in real)  # packed counts: no suit above 3 unless a laid card repeats one
    counts = [(start >> (_BITS * s)) & 3 for s in range(SUITS_COUNT)]
    if max(counts) > per_suit or sum(counts) != sum(steps[c].bit_count() for c in real):
        return False  # too many symbols of a suit (a sum that carried over counts as too many too)
    valid = _valid(per_suit)
    reach = 1 << start
    for c, n in pool:
        step = steps[c]
        for _ in range(n):
            more = (reach << step) & valid
            if more | reach == reach:
                break  # another copy reaches nothing new
            reach |= more
    if not real and not t.excuse_alone:
        reach &= ~1  # the empty state: no real card in the group
    target = 0
    for e in range(xg, xg + xh + 1):
        target |= _fillable(per_suit, e, t.excuse_symbols)
    return reach & target != 0


def symbols_reachable(hand: Counter[int], per_suit: int, t: Tables) -> bool:
    """True when ``hand`` holds a symbols group of ``per_suit`` (1: Knots, 2: Leaves), for the bots."""
    pattern = Pattern(3 if per_suit == 2 else 5, SYMBOLS, per_suit)
    return pattern_completable(pattern, [], hand, t)
