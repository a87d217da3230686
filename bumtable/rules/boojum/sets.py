"""Which groups of cards earn which suit token (the source's patterns): recognising a claim, finding them all.

The Excuse is wild: any one card, or in a symbols group one to ``excuse_symbols`` symbols of different suits.

>>> from bumtable.rules.boojum.rules import BoojumRules
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> [p.description for p in matching_patterns(cards("3MW 4MS 5ML 6MW 7ML"), BoojumRules().tables)]
['Suns: a 5-card straight', 'Knots: a 5-card run', 'Knots: a 5-card flush']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from typing import NamedTuple

from bumtable.cards.decktet import (
    EVENT,
    KNOTS,
    LEAVES,
    LOCATION,
    MOONS,
    PERSONALITY,
    SUITS_COUNT,
    SUNS,
    TYPE_NAMES,
    WAVES,
    WYRMS,
    format_decktet_cards,
)
from bumtable.rules.boojum.actions import TOKEN_NAMES
from bumtable.rules.boojum.tables import Tables

STRAIGHT = "straight"
RUN = "run"
SET = "set"
FLUSH = "flush"
ACES_CROWNS = "aces-crowns"
SYMBOLS = "symbols"
TYPED = "typed"
TYPED_SUIT = "typed-suit"
TYPED_RUN = "typed-run"


class Pattern(NamedTuple):
    """One way to earn a token; ``size`` is the cards, or for ``symbols`` the symbols of each suit."""

    token: int
    kind: str
    size: int
    types: int = 0

    @property
    def description(self) -> str:
        """In words, e.g. ``Waves: a 7-card flush``."""
        token = TOKEN_NAMES[self.token].capitalize()
        k = self.size
        if self.kind == SYMBOLS:
            what = "one suit symbol" if k == 1 else "two suit symbols"
            return f"{token}: {what} of each suit"
        if self.kind == ACES_CROWNS:
            return f"{token}: 4 Aces and 4 Crowns"
        if self.kind in (TYPED, TYPED_SUIT, TYPED_RUN):
            kind = {LOCATION: "location", PERSONALITY: "personality", EVENT: "event"}[self.types]
            how = {TYPED: "", TYPED_SUIT: " of one suit", TYPED_RUN: " of consecutive rank"}[self.kind]
            return f"{token}: {k} {kind} cards{how}"
        article = "an" if k in (8, 11, 18) else "a"
        return f"{token}: {article} {k}-card {self.kind}"


PATTERNS: tuple[Pattern, ...] = (
    Pattern(MOONS, STRAIGHT, 6),
    Pattern(MOONS, ACES_CROWNS, 8),
    Pattern(MOONS, SET, 6),
    Pattern(SUNS, STRAIGHT, 5),
    Pattern(SUNS, SET, 5),
    Pattern(SUNS, FLUSH, 8),
    Pattern(WAVES, STRAIGHT, 4),
    Pattern(WAVES, SET, 4),
    Pattern(WAVES, FLUSH, 7),
    Pattern(LEAVES, SYMBOLS, 2),
    *(Pattern(LEAVES, TYPED, 6, ty) for ty in TYPE_NAMES),
    *(Pattern(WYRMS, TYPED_SUIT, 3, ty) for ty in TYPE_NAMES),
    *(Pattern(WYRMS, TYPED_RUN, 3, ty) for ty in TYPE_NAMES),
    Pattern(KNOTS, SYMBOLS, 1),
    Pattern(KNOTS, RUN, 5),
    Pattern(KNOTS, FLUSH, 5),
)
"""Token by token, in the source's order."""

ALL_SUITS = (1 << SUITS_COUNT) - 1


# ----------------------------------------------------------------------------- recognising
def _common_suit(real: list[int], t: Tables) -> bool:
    mask = ALL_SUITS
    for c in real:
        mask &= t.suit_mask[c]
    return mask != 0


def _consecutive(real: list[int], k: int, t: Tables) -> bool:
    """Distinct ranks that fit in ``k`` consecutive places (Excuses fill the rest)."""
    pos = [t.pos[c] for c in real]
    if len(set(pos)) != len(pos) or k > t.positions:
        return False
    return not pos or max(pos) - min(pos) < k


def symbols_fill(counts: list[int], per_suit: int, excuses: int, most: int = 3) -> bool:
    """Can ``excuses`` wild cards, each one to ``most`` symbols of different suits, top ``counts`` up to
    exactly ``per_suit`` of each suit?"""
    if any(k > per_suit for k in counts):
        return False
    gaps = [per_suit - k for k in counts]
    total = sum(gaps)
    if excuses == 0:
        return total == 0
    return excuses <= total <= most * excuses and max(gaps) <= excuses


def matches(pattern: Pattern, cards: Iterable[int], t: Tables) -> bool:
    """True when the group ``cards`` matches ``pattern`` exactly (ranks do not wrap around)."""
    group = list(cards)
    x = group.count(t.excuse)
    real = [c for c in group if c != t.excuse]
    kind, k = pattern.kind, pattern.size
    if kind == SYMBOLS:
        counts = [0] * SUITS_COUNT
        for c in real:
            m = t.suit_mask[c]
            for s in range(SUITS_COUNT):
                counts[s] += (m >> s) & 1
        return bool(real or (group and t.excuse_alone)) and symbols_fill(counts, k, x, t.excuse_symbols)
    if len(group) != k or not (real or t.excuse_alone):
        return False
    if pattern.types and any(not t.types[c] & pattern.types for c in real):
        return False
    if kind == STRAIGHT:
        return _consecutive(real, k, t) and _common_suit(real, t)
    if kind in (RUN, TYPED_RUN):
        return _consecutive(real, k, t)
    if kind == SET:
        return len({t.pos[c] for c in real}) <= 1
    if kind in (FLUSH, TYPED_SUIT):
        return _common_suit(real, t)
    if kind == ACES_CROWNS:
        aces = sum(1 for c in real if t.pos[c] == 1)
        crowns = sum(1 for c in real if t.pos[c] == t.positions)
        return aces + crowns == len(real) and aces <= 4 and crowns <= 4
    return kind == TYPED


def matching_patterns(cards: Iterable[int], t: Tables, token: int | None = None) -> list[Pattern]:
    """The patterns (of ``token``, or of any token) the group matches."""
    group = sorted(cards)
    return [p for p in PATTERNS if (token is None or p.token == token) and matches(p, group, t)]


def is_claim(token: int, cards: Iterable[int], t: Tables) -> bool:
    return bool(matching_patterns(cards, t, token))


# ----------------------------------------------------------------------------- finding
def submultisets(pool: list[tuple[int, int]], size: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of ``size`` cards from ``pool`` ((code, copies) pairs, codes ascending), sorted."""
    chosen: list[int] = []

    def rec(i: int, need: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            yield tuple(chosen)
            return
        if i == len(pool):
            return
        code, have = pool[i]
        rest = sum(k for _, k in pool[i + 1 :])
        for take in range(min(have, need), -1, -1):
            if need - take > rest:
                break
            chosen.extend([code] * take)
            yield from rec(i + 1, need - take)
            del chosen[len(chosen) - take :]

    yield from rec(0, size)


def _pool(hand: Counter[int], t: Tables) -> list[tuple[int, int]]:
    return sorted((c, k) for c, k in hand.items() if k > 0 and c != t.excuse)


def _with_excuses(pool: list[tuple[int, int]], x: int, t: Tables) -> list[tuple[int, int]]:
    return [*pool, (t.excuse, x)] if x else pool


def _windows(pool: list[tuple[int, int]], k: int, x: int, t: Tables) -> Iterator[tuple[int, ...]]:
    """Groups of ``k`` consecutive ranks from ``pool``, the Excuses filling gaps and ends."""
    by_pos: dict[int, list[int]] = {}
    for c, _ in pool:
        by_pos.setdefault(t.pos[c], []).append(c)
    chosen: list[int] = []

    def rec(p: int, end: int, wild: int) -> Iterator[tuple[int, ...]]:
        if p == end:
            yield tuple(sorted(chosen))
            return
        for c in by_pos.get(p, ()):
            chosen.append(c)
            yield from rec(p + 1, end, wild)
            chosen.pop()
        if wild:
            chosen.append(t.excuse)
            yield from rec(p + 1, end, wild - 1)
            chosen.pop()

    for start in range(1, t.positions - k + 2):
        yield from rec(start, start + k, x)


def _symbol_groups(
    pool: list[tuple[int, int]], per_suit: int, x: int, most: int, t: Tables
) -> Iterator[tuple[int, ...]]:
    """Symbol groups, following a branch only if it can still be completed (memoised on the counts)."""
    n = len(pool)
    suits_of = [tuple(s for s in range(SUITS_COUNT) if t.suit_mask[c] >> s & 1) for c, _ in pool]

    def successors(i: int, counts: tuple[int, ...]) -> list[tuple[int, tuple[int, ...]]]:
        out = [(0, counts)]
        cur = list(counts)
        for take in range(1, pool[i][1] + 1):
            if any(cur[s] >= per_suit for s in suits_of[i]):
                break
            for s in suits_of[i]:
                cur[s] += 1
            out.append((take, tuple(cur)))
        return out

    def fills(counts: tuple[int, ...]) -> list[int]:
        return [e for e in range(x + 1) if symbols_fill(list(counts), per_suit, e, most)]

    left = [[0] * SUITS_COUNT for _ in range(n + 1)]  # symbols of each suit among pool[i:]
    for i in range(n - 1, -1, -1):
        left[i] = left[i + 1].copy()
        for s in suits_of[i]:
            left[i][s] += pool[i][1]

    @cache
    def finishable(i: int, counts: tuple[int, ...]) -> bool:
        if any(counts[s] + left[i][s] + x < per_suit for s in range(SUITS_COUNT)):
            return False  # even every card left and every Excuse cannot reach the count
        if i == n:
            return bool(fills(counts))
        return any(finishable(i + 1, nxt) for _, nxt in successors(i, counts))

    chosen: list[int] = []

    def rec(i: int, counts: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == n:
            for e in fills(counts):
                yield tuple(chosen) + (t.excuse,) * e
            return
        code = pool[i][0]
        for take, nxt in successors(i, counts):
            if finishable(i + 1, nxt):
                chosen.extend([code] * take)
                yield from rec(i + 1, nxt)
                del chosen[len(chosen) - take :]

    start = (0,) * SUITS_COUNT
    if finishable(0, start):
        yield from rec(0, start)


def find(pattern: Pattern, hand: Counter[int], t: Tables) -> Iterator[tuple[int, ...]]:
    """Groups from ``hand`` that match ``pattern``, each sorted; repeats possible."""
    for group in _find(pattern, hand, t):
        if t.excuse_alone or group[0] != t.excuse:  # the Excuse sorts last: a group of Excuses only
            yield group


def _find(pattern: Pattern, hand: Counter[int], t: Tables) -> Iterator[tuple[int, ...]]:
    x = hand.get(t.excuse, 0)
    pool = _pool(hand, t)
    kind, k = pattern.kind, pattern.size
    if pattern.types:
        pool = [(c, n) for c, n in pool if t.types[c] & pattern.types]
    if kind == SYMBOLS:
        yield from _symbol_groups(pool, k, x, t.excuse_symbols, t)
    elif kind == TYPED:
        yield from submultisets(_with_excuses(pool, x, t), k)
    elif kind == SET:
        for rank in sorted({t.pos[c] for c, _ in pool}):
            same = [(c, n) for c, n in pool if t.pos[c] == rank]
            yield from submultisets(_with_excuses(same, x, t), k)
        if x >= k:
            yield (t.excuse,) * k
    elif kind in (FLUSH, TYPED_SUIT, STRAIGHT):
        for s in range(SUITS_COUNT):
            suited = [(c, n) for c, n in pool if t.suit_mask[c] >> s & 1]
            if kind == STRAIGHT:
                yield from _windows(suited, k, x, t)
            else:
                yield from submultisets(_with_excuses(suited, x, t), k)
    elif kind in (RUN, TYPED_RUN):
        yield from _windows(pool, k, x, t)
    elif kind == ACES_CROWNS:
        aces = [(c, n) for c, n in pool if t.pos[c] == 1]
        crowns = [(c, n) for c, n in pool if t.pos[c] == t.positions]
        for i in range(5):
            for a in submultisets(aces, i):
                for j in range(5):
                    e = 8 - i - j
                    if 0 <= e <= x:
                        for cr in submultisets(crowns, j):
                            yield tuple(sorted(a + cr + (t.excuse,) * e))


def claim_options(
    hand: Iterable[int], t: Tables, tokens: Iterable[int] = range(SUITS_COUNT)
) -> dict[int, list[tuple[int, ...]]]:
    """Every group of ``hand`` earning each of ``tokens``, as token -> sorted groups (none: left out)."""
    counts = Counter(int(c) for c in hand)
    out: dict[int, list[tuple[int, ...]]] = {}
    for token in tokens:
        groups: set[tuple[int, ...]] = set()
        for p in PATTERNS:
            if p.token == token:
                groups.update(find(p, counts, t))
        if groups:
            out[token] = sorted(groups, key=lambda g: (len(g), g))
    return out


class ClaimGroup(NamedTuple):
    """One claim a hand can make: sorted codes that earn ``token``."""

    token: int
    cards: tuple[int, ...]

    @property
    def text(self) -> str:
        """The shortcut a person types, e.g. ``claim waves 4MS 4MS 4WL 4YK``."""
        return f"claim {TOKEN_NAMES[self.token]} {format_decktet_cards(self.cards)}"


def describe_group(cards: Iterable[int], t: Tables) -> str:
    """A group and what it earns, for people: ``AM AS AW AL AY AK: Moons: a 6-card set; Knots: ...``."""
    group = sorted(cards)
    found = matching_patterns(group, t)
    what = "; ".join(p.description for p in found) if found else "earns no token"
    return f"{format_decktet_cards(group)}: {what}"
