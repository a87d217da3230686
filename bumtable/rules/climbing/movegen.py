"""Move generation from rank-count vectors: ``counts[r]`` is how many cards of rank index ``r`` a hand holds.

A play is a multiset of ranks (suits enter only where the rules rank them): the lists are small and canonical.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> counts = [["Q", "Q", "2", "JK"].count(s) for s in rules.rank_order]
>>> sorted(rules.action_text(p) for p in lead_plays(counts, rules.tables))  # doctest: +NORMALIZE_WHITESPACE
['set 2', 'set 2 JK', 'set JK', 'set Q', 'set Q 2', 'set Q 2 JK', 'set Q JK',
 'set Q Q', 'set Q Q 2', 'set Q Q 2 JK', 'set Q Q JK']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from operator import itemgetter

from bumtable.cards.french import JOKER
from bumtable.rules.climbing.plays import PASS_PLAY, SEQUENCE, SET, Play, give_play
from bumtable.rules.climbing.tables import Tables


@lru_cache(maxsize=65536)
def _set_play(rank: int, parts: tuple[tuple[int, int], ...]) -> Play:
    """The set that counts as ``rank`` made of ``parts`` ((rank index, count), ...)."""
    cards: list[int] = []
    for r, k in parts:
        cards.extend([r] * k)
    cards.sort()
    size = len(cards)
    return Play(SET, rank, size, size, tuple(cards))


@lru_cache(maxsize=65536)
def _seq_play(lo: int, hi: int, width: int) -> Play:
    cards = tuple(r for r in range(lo, hi + 1) for _ in range(width))
    return Play(SEQUENCE, hi, len(cards), width, cards)


@lru_cache(maxsize=4096)
def _wild_splits(wild: tuple[tuple[int, int], ...], total: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every way to take wild cards from ``wild`` ((rank, held), ...): ``total`` of them, or any (-1)."""
    splits: list[tuple[tuple[int, int], ...]] = [()]
    for w, have in wild:
        splits = [(*s, (w, k)) if k else s for s in splits for k in range(have + 1)]
    if total >= 0:
        splits = [s for s in splits if sum(k for _, k in s) == total]
    return tuple(splits)


def _rank_sets(r: int, n: int, wild: tuple[tuple[int, int], ...], size: int, most: int) -> tuple[Play, ...]:
    """The sets counting as ``r`` from ``n`` cards of it and wild cards: up to ``most``, or of ``size``."""
    out: list[Play] = []
    if not wild:
        if size:
            if n >= size:
                out.append(_set_play(r, ((r, size),)))
        else:
            for m in range(1, min(n, most) + 1):
                out.append(_set_play(r, ((r, m),)))
    elif size:
        for m in range(1, min(n, size) + 1):
            for split in _wild_splits(wild, size - m):
                out.append(_set_play(r, ((r, m), *split)))
    else:
        splits = _wild_splits(wild, -1)
        for m in range(1, min(n, most) + 1):
            for split in splits:
                if m + sum(k for _, k in split) <= most:
                    out.append(_set_play(r, ((r, m), *split)))
    return tuple(out)


class _Cache:
    """Plays worked out once per tables from what they depend on, which repeats far more than whole hands:
    a rank's sets on its count and the wild ranks' counts, a width's sequences on a mask of ranks held."""

    __slots__ = (
        "by_size",
        "chunks",
        "gaps",
        "leads",
        "least",
        "runs",
        "strengths",
        "tables",
        "wild_counts",
        "wilds",
    )

    def __init__(self, t: Tables) -> None:
        self.tables = t
        self.wilds = tuple(sorted({w for subs in t.subs for w in subs}))
        wilds = self.wilds
        self.wild_counts: Callable[[Sequence[int]], tuple[int, ...]] = (
            itemgetter(*wilds) if len(wilds) > 1 else lambda counts: tuple([counts[w] for w in wilds])
        )
        self.chunks: dict[tuple[int, int, int, tuple[int, ...]], tuple[Play, ...]] = {}
        self.least = (0, *(t.min_ranks(w) for w in range(1, t.max_width + 1)))
        self.gaps: dict[tuple[object, ...], tuple[Play, ...]] = {}
        self.strengths: dict[Play, int] = {}
        self.runs: dict[tuple[int, int, int, int, int], tuple[Play, ...]] = {}
        # sets by (size, wild counts), then by n * n_ranks + r: one small int looked up per rank held
        self.by_size: dict[tuple[int, tuple[int, ...]], dict[int, tuple[Play, ...]]] = {}
        self.leads: dict[tuple[int, ...], tuple[Play, ...]] = {}
        """A leader's plays by the hand's counts (:meth:`lead`): about half the leads repeat a hand."""

    def sets_table(self, size: int, wild_counts: tuple[int, ...]) -> dict[int, tuple[Play, ...]]:
        """The table of :attr:`by_size` for this set size and these wild counts."""
        table = self.by_size.get((size, wild_counts))
        if table is None:
            if len(self.by_size) >= 1 << 12:
                self.by_size.clear()
            table = self.by_size[size, wild_counts] = {}
        return table

    def sets(
        self, r: int, n: int, size: int, wild_counts: tuple[int, ...], counts: Sequence[int]
    ) -> tuple[Play, ...]:
        key = (r, n, size, wild_counts)
        found = self.chunks.get(key)
        if found is None:
            t = self.tables
            wild = tuple([(w, counts[w]) for w in t.subs[r] if counts[w]])
            found = _rank_sets(r, n, wild, size, t.max_set)
            if len(self.chunks) >= 1 << 16:  # stays small in practice; bounded all the same
                self.chunks.clear()
            self.chunks[key] = found
        return found

    def lead(self, counts: Sequence[int]) -> list[Play]:
        """``lead_plays`` under the tables' own sequence rules, kept by the hand's counts."""
        key = tuple(counts)
        found = self.leads.get(key)
        if found is None:
            t = self.tables
            found = tuple(lead_plays(counts, t, t.sequences, t.seq_min))
            if len(self.leads) >= 1 << 15:
                self.leads.clear()
            self.leads[key] = found
        return list(found)

    def sequences(self, mask: int, width: int, least: int, length: int, above: int) -> tuple[Play, ...]:
        """The natural sequences of ``width`` cards a rank, all ranks in ``mask``: every one of ``least``
        ranks or more (``length`` 0), or those of ``length`` ranks topping above ``above``."""
        key = (mask, width, least, length, above)
        found = self.runs.get(key)
        if found is None:
            out: list[Play] = []
            top = self.tables.seq_top
            if length:
                need = (1 << length) - 1
                for hi in range(max(above + 1, length - 1), top + 1):
                    lo = hi - length + 1
                    if (mask >> lo) & need == need:
                        out.append(_seq_play(lo, hi, width))
            else:
                start = -1
                for x in range(top + 2):
                    if x <= top and mask >> x & 1:
                        if start < 0:
                            start = x
                        continue
                    if start >= 0:
                        end = x - 1
                        for lo in range(start, end - least + 2):
                            for hi in range(lo + least - 1, end + 1):
                                out.append(_seq_play(lo, hi, width))
                        start = -1
            found = tuple(out)
            if len(self.runs) >= 1 << 16:
                self.runs.clear()
            self.runs[key] = found
        return found


_CACHES: dict[int, tuple[Tables, _Cache]] = {}  # by id of the tables, kept with it so the id stays theirs


_LAST: list[tuple[Tables, _Cache] | None] = [None]


def _cache(t: Tables) -> _Cache:
    last = _LAST[0]  # the tables of the latest call, by far the likeliest
    if last is not None and last[0] is t:
        return last[1]
    entry = _CACHES.get(id(t))
    if entry is None or entry[0] is not t:
        if len(_CACHES) >= 256:  # many rules objects in one process (tests): start again
            _CACHES.clear()
        entry = (t, _Cache(t))
        _CACHES[id(t)] = entry
    _LAST[0] = entry
    return entry[1]


def set_plays(counts: Sequence[int], t: Tables, size: int = 0, above: int = -1) -> list[Play]:
    """Sets from this hand, lowest rank first: all, or those of ``size`` cards ranking above ``above``. A set
    holds a card of its rank, so an all-wild set counts as its highest (2-2-JK: three Twos)."""
    out: list[Play] = []
    cache = _cache(t)
    wild_counts = cache.wild_counts(counts)
    table = cache.by_size.get((size, wild_counts))
    if table is None:
        table = cache.sets_table(size, wild_counts)
    wipe = t.wipe
    n_ranks = t.n_ranks
    for r in range(above + 1, n_ranks):
        n = counts[r]
        if n and r != wipe:
            try:  # by subscript: it almost always finds the entry
                out += table[n * n_ranks + r]
            except KeyError:
                found = table[n * n_ranks + r] = cache.sets(r, n, size, wild_counts, counts)
                out += found
    return out


def _min_ranks(t: Tables, width: int, min_ranks: int) -> int:
    """Fewest ranks a sequence of this width needs: ``min_ranks`` if single, else the rules' limit."""
    return min_ranks if width == 1 else t.min_ranks(width)


def sequence_plays(
    counts: Sequence[int], t: Tables, min_ranks: int, width: int = 0, length: int = 0, above: int = -1
) -> list[Play]:
    """Sequences in natural order: all of them, or those of that width and length topping above ``above``."""
    if t.seq_wilds:
        return _gap_sequences(counts, t, min_ranks, width, length, above)
    top = t.seq_top
    cache = _cache(t)
    if width:
        # Only ranks from the lowest of a sequence of ``length`` ranks topping above ``above`` matter.
        mask = 0
        for x in range(max(0, above - length + 2) if length else 0, top + 1):
            if counts[x] >= width:
                mask |= 1 << x
        return list(cache.sequences(mask, width, 0, length, above))
    # held[w]: the ranks (up to the sequence top) held at least w times, for w = 1 up to the widest
    held = counts[: top + 1]
    exact = [0] * (max(held, default=0) + 1)
    bit = 1
    for k in held:
        exact[k] |= bit
        bit <<= 1
    out: list[Play] = []
    mask = 0
    for w in range(len(exact) - 1, 0, -1):
        mask |= exact[w]
        exact[w] = mask
    least_of = cache.least
    for w in range(1, min(t.max_width, len(exact) - 1) + 1):
        least = min_ranks if w == 1 else least_of[w]  # _min_ranks
        mask = exact[w]
        # No ranks in a row (two, or three, as few as a sequence needs): none, as cache.sequences would say.
        if (least >= 2 and not mask & (mask >> 1)) or (least >= 3 and not mask & (mask >> 1) & (mask >> 2)):
            continue
        out += cache.sequences(mask, w, least, 0, -1)
    return out


def _gap_sequences(
    counts: Sequence[int], t: Tables, min_ranks: int, width: int, length: int, above: int
) -> list[Play]:
    """Sequences whose wild cards fill missing cards (never a held one), each with a natural card."""
    wild = tuple((w, counts[w]) for w in t.seq_wilds if counts[w])
    top = t.seq_top
    gaps = _cache(t).gaps
    key = (tuple(counts[: top + 1]), wild, min_ranks, width, length, above)
    found = gaps.get(key)
    if found is None:
        if len(gaps) >= 1 << 16:
            gaps.clear()
        found = gaps[key] = tuple(_gap_sequences_of(counts, t, min_ranks, width, length, above, wild))
    return list(found)


def _gap_sequences_of(
    counts: Sequence[int],
    t: Tables,
    min_ranks: int,
    width: int,
    length: int,
    above: int,
    wild: tuple[tuple[int, int], ...],
) -> list[Play]:
    spare = sum(k for _, k in wild)
    top = t.seq_top
    out: list[Play] = []
    widest = min(t.max_width, max(counts[: top + 1]) + spare)
    for w in [width] if width else range(1, widest + 1):
        least = length if width else _min_ranks(t, w, min_ranks)
        longest = length if width else top + 1
        for lo in range(top + 1):
            need = naturals = 0
            for hi in range(lo, min(top + 1, lo + longest)):
                have = counts[hi]
                if have < w:
                    need += w - have
                    if need > spare:
                        break
                    naturals += have
                else:
                    naturals += w
                if hi - lo + 1 < least or hi <= above or not naturals:
                    continue
                if need == 0:
                    out.append(_seq_play(lo, hi, w))
                    continue
                natural = tuple(r for r in range(lo, hi + 1) for _ in range(min(w, counts[r])))
                for split in _wild_splits(wild, need):
                    cards = natural + tuple(r for r, k in split for _ in range(k))
                    out.append(Play(SEQUENCE, hi, len(cards), w, cards))
    return out


def suited_plays(plays: list[Play], hand: Sequence[Sequence[int]], t: Tables) -> list[Play]:
    """Where suits matter, each play once per suit that can decide it (Bridge suits), or a single natural
    sequence once per flush suit and once mixed (if the hand can mix)."""
    out: list[Play] = []
    rank_of = t.suit_rank
    for p in plays:
        if p.kind not in (SET, SEQUENCE):
            out.append(p)
            continue
        if t.bridge:
            used = p.cards.count(p.rank)
            suits = sorted((rank_of[c & 3], c & 3) for c in hand[p.rank] if c < JOKER)
            if not used or not suits:
                out.append(p)
                continue
            seen = -1
            for i in range(used - 1, len(suits)):
                if suits[i][1] != seen:
                    seen = suits[i][1]
                    out.append(p._replace(suit=seen))
            continue
        if p.kind != SEQUENCE or p.width != 1 or not t.is_natural(p):
            out.append(p)
            continue
        lo = p.rank - p.size + 1
        sets = [{c & 3 for c in hand[r]} for r in range(lo, p.rank + 1)]
        common = set.intersection(*sets)
        out.extend(p._replace(suit=s) for s in sorted(common))
        if len(set.union(*sets)) > 1:
            out.append(p)  # mixed: some choice of cards spans two suits
    return out


def lead_plays(counts: Sequence[int], t: Tables, sequences: bool = True, min_ranks: int = 3) -> list[Play]:
    """Every play a leader may make from this hand."""
    out = set_plays(counts, t)
    if sequences:
        out.extend(sequence_plays(counts, t, min_ranks))
    if t.wipe >= 0 and counts[t.wipe]:
        out.append(_set_play(t.wipe, ((t.wipe, 1),)))
    return out


def follow_plays(
    counts: Sequence[int],
    t: Tables,
    top: Play,
    hand: Sequence[Sequence[int]] | None = None,
    *,
    inverted: bool = False,
) -> list[Play]:
    """Every play that beats ``top`` (``inverted``: ranks lower); ``hand`` is needed where suits matter."""
    if not (t.keyed or inverted or t.follow_more):
        above = top.rank - t.equal_ok
        if top.kind == SET:
            out = set_plays(counts, t, top.size, above)
        else:
            out = sequence_plays(counts, t, 0, top.width, top.length, above)
    else:
        above = -1 if inverted or t.flush == "any" else top.rank - 1
        extra = sum(counts) - top.size if t.follow_more else 0
        out = []
        for more in range(0, extra + 1):
            if top.kind == SET:
                out.extend(set_plays(counts, t, top.size + more, above))
            elif more % top.width == 0:
                out.extend(sequence_plays(counts, t, 0, top.width, top.length + more // top.width, above))
        if t.suited and hand is not None:
            out = suited_plays(out, hand, t)
        strength = t.strength
        known = _cache(t).strengths
        if len(known) >= 1 << 16:
            known.clear()
        least = strength(top)
        equal_ok = t.equal_ok
        beating = []
        for p in out:
            k = known.get(p)
            if k is None:
                k = known[p] = strength(p)
            if (k < least if inverted else k > least) or (equal_ok and k == least):
                beating.append(p)
        out = beating
    if t.wipe >= 0 and counts[t.wipe]:
        out.append(_set_play(t.wipe, ((t.wipe, 1),)))  # the wipe card goes on anything
    return out


def give_plays(counts: Sequence[int], k: int) -> list[Play]:
    """Every choice of ``k`` cards (by rank) to give in an exchange."""
    out: list[Play] = []

    def walk(r: int, left: int, chosen: tuple[int, ...]) -> None:
        if left == 0:
            out.append(give_play(chosen))
            return
        for x in range(r, len(counts)):
            already = chosen.count(x)
            if counts[x] > already:
                walk(x, left - 1, (*chosen, x))

    walk(0, k, ())
    return out


def turn_plays(
    counts: Sequence[int],
    t: Tables,
    top: Play | None,
    *,
    must_play: bool = False,
    hand: Sequence[Sequence[int]] | None = None,
    inverted: bool = False,
) -> list[Play]:
    """Every action of the play phase for this hand: a lead, or the plays that beat ``top`` and a pass.
    The one place that decides when a pass is allowed, shared by state and observation so they agree."""
    if top is None:
        plays = _cache(t).lead(counts)
        return suited_plays(plays, hand, t) if t.suited and hand is not None else plays
    plays = follow_plays(counts, t, top, hand, inverted=inverted)
    if not must_play or not any(p.rank != t.wipe or p.size != 1 for p in plays):
        plays.append(PASS_PLAY)
    return plays


def wipe_or_pass(plays: Sequence[Play], wipe: int) -> tuple[Play, ...]:
    """The actions of a player back in a trick it passed (``wipe_after_pass``): the wipe card, or pass."""
    return (*(p for p in plays if p.kind == SET and p.rank == wipe and p.size == 1), PASS_PLAY)
