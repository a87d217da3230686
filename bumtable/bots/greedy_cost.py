"""The greedy bot's hand value, fast: a hand is one integer, and what it costs is looked up.

A hand's rank counts are packed into one integer, ``shift`` bits per rank (rank ``r`` in bits
``shift*r`` and up), so taking a play out of a hand is one subtraction (the play's own packed
counts, worked out once per play) and the hand is a dictionary key. Which ranks a hand holds, and
which it holds exactly once (the ranks a sequence would empty), are bit masks in the same layout,
got from the key by a few shifts. Per mask the model keeps the sum the plain evaluation adds up
rank by rank, and the runs of held ranks a sequence could come from; per hand, its cost. Each
entry is computed the first time it is needed, with the very same floating-point operations in
the same order as the plain evaluation (:func:`bumtable.bots.greedy.hand_cost`'s description), so
the costs are equal to the last bit: a sequence that exactly ties with the sets it replaces is
decided the same way.

>>> from bumtable.rules import get
>>> t = get("bum-game", players=4).tables
>>> model = cost_model(t)
>>> counts = [0] * t.n_ranks
>>> for s in ("3", "4", "5", "K"):
...     counts[t.symbol_index[s]] += 1
>>> hand = model.key(counts)
>>> play = get("bum-game", players=4).parse_action("3 4 5")
>>> model.cost(hand - model.play_info(play)[0]) < model.cost(hand)  # the sequence leaves one King
True
>>> cost_model(t) is model  # one model per rules' tables
True
"""

from __future__ import annotations

from collections.abc import Sequence

from bumtable.rules.climbing.plays import SET, Play
from bumtable.rules.climbing.tables import Tables

_MAX_CACHED = 1 << 17
"""Entries one of a model's look-up dicts may hold before it starts again (memory stays bounded)."""

PlayInfo = tuple[int, int, int, float]
"""What the greedy bot reads of a play: its packed counts, its wild cards standing in for another
rank, its high cards (the top three ranks), and 0.01 times the sum of its ranks (for exchanges)."""


class CostModel:
    """Hand costs for one rules object's tables, hands packed ``shift`` bits per rank; see the module."""

    __slots__ = (
        "_runs",
        "_sums",
        "bit",
        "code_bit",
        "costs",
        "lead",
        "low",
        "plays",
        "seq_mask",
        "seq_min",
        "sequences",
        "shift",
        "tables",
        "top",
    )

    def __init__(self, t: Tables, shift: int = 4) -> None:
        self.tables = t
        self.shift = shift
        self.top = t.n_ranks - 1
        self.sequences = t.sequences
        self.seq_min = t.seq_min
        self.bit = tuple(1 << (shift * r) for r in range(t.n_ranks))
        self.code_bit = tuple(self.bit[r] for r in t.rank_of_code)
        """A card code's rank in packed form (a hand's key is the sum over its cards)."""
        self.low = sum(self.bit)
        """The lowest bit of every rank's field."""
        self.seq_mask = sum(self.bit[: t.seq_top + 1])
        # How low a sequence led from rank r is: the same expression as the plain evaluation's.
        self.lead = tuple(1.0 - r / (t.n_ranks - 1) for r in range(t.n_ranks))
        self._sums: dict[int, float] = {}
        self._runs: dict[int, tuple[tuple[int, int], ...]] = {}
        self.costs: dict[int, float] = {}
        """Cost by packed hand (read directly by the bot's inner loop; :meth:`cost` fills it)."""
        self.plays: dict[Play, PlayInfo] = {}
        """What the bot reads of each play (read directly; :meth:`play_info` fills it)."""

    def key(self, counts: Sequence[int]) -> int:
        """The hand ``counts`` (cards held of each rank index) packed into one integer."""
        key = 0
        for r, k in enumerate(counts):
            key += k << (self.shift * r)
        return key

    def masks(self, key: int) -> tuple[int, int]:
        """The ranks held and the ranks held exactly once, as masks of each rank's lowest bit."""
        if self.shift == 4:
            rest = key >> 1 | key >> 2 | key >> 3
        else:
            rest = 0
            for i in range(1, self.shift):
                rest |= key >> i
        low = self.low
        return (key | rest) & low, key & ~rest & low

    def groups(self, mask: int) -> float:
        """Plays needed if each held rank is one set, plus how low they are (``n + low``), summed in
        ascending rank order as the plain evaluation does."""
        s = self._sums.get(mask)
        if s is None:
            top = self.top
            n = 0
            low = 0.0
            for r, b in enumerate(self.bit):
                if mask & b:
                    n += 1
                    low += 1.0 - r / top
            s = n + low
            if len(self._sums) >= _MAX_CACHED:
                self._sums.clear()
            self._sums[mask] = s
        return s

    def runs(self, mask: int) -> tuple[tuple[int, int], ...]:
        """The maximal runs of held ranks up to the sequence top that are long enough for a sequence,
        lowest first: ``(low rank, mask of the run)`` (the mask is also one card of each rank, packed)."""
        mask &= self.seq_mask
        found = self._runs.get(mask)
        if found is None:
            out: list[tuple[int, int]] = []
            start = -1
            for r, b in enumerate((*self.bit, 0)):
                if mask & b:
                    if start < 0:
                        start, run = r, 0
                    run |= b
                    continue
                if start >= 0 and r - start >= self.seq_min:
                    out.append((start, run))
                start = -1
            found = tuple(out)
            if len(self._runs) >= _MAX_CACHED:
                self._runs.clear()
            self._runs[mask] = found
        return found

    def cost(self, key: int) -> float:
        """The cost of the packed hand ``key`` (:func:`bumtable.bots.greedy.hand_cost`)."""
        c = self.costs.get(key)
        if c is None:
            c = self._compute(key)
            if len(self.costs) >= _MAX_CACHED:
                self.costs.clear()
            self.costs[key] = c
        return c

    def _compute(self, key: int) -> float:
        """Each held rank one set; then sequences taken out greedily, lowest run first, pass after pass,
        while that lowers the cost."""
        mask, ones = self.masks(key)
        best = self._sums.get(mask)
        if best is None:
            best = self.groups(mask)
        if not self.sequences:
            return best
        runs = self._runs.get(mask & self.seq_mask)
        if runs is None:
            runs = self.runs(mask)
        if not runs:
            return best
        lead, sums, top = self.lead, self._sums, self.top
        seqs = 0
        while True:
            improved = False
            # Taking a sequence out of one run changes only that run's counts, and runs are separated by
            # ranks not held, so the runs found at the start of a pass are the runs a rank-by-rank scan meets.
            for lo, run in runs:
                emptied = ones & run
                if not emptied and lo < top:
                    # Nothing emptied: the sequence costs at least 1 + 1/top more than the sets it replaces
                    # (after earlier sequences, at least 1/top more), far beyond rounding: never taken.
                    continue
                trial = mask ^ emptied
                g = sums.get(trial)
                if g is None:
                    g = self.groups(trial)
                cost = g + seqs + 1 + lead[lo]
                if cost < best:
                    best, seqs, improved = cost, seqs + 1, True
                    key -= run  # one card of each rank of the run
                    mask, ones = self.masks(key)
            if not improved:
                return best
            runs = self.runs(mask)

    def play_info(self, play: Play) -> PlayInfo:
        """What the bot reads of ``play`` (see :data:`PlayInfo`), worked out once per play."""
        info = self.plays.get(play)
        if info is None:
            t = self.tables
            delta = wilds = high = 0
            for r in play.cards:
                delta += self.bit[r]
                if r != play.rank if play.kind == SET else r > play.rank:
                    wilds += 1
                if r >= t.n_ranks - 3:
                    high += 1
            info = (delta, wilds, high, 0.01 * sum(play.cards))
            if len(self.plays) >= _MAX_CACHED:
                self.plays.clear()
            self.plays[play] = info
        return info


_MODELS: dict[tuple[int, int], tuple[Tables, CostModel]] = {}
"""Models by the identity of their tables and their shift (each tables object is kept with its
model, so its id cannot be reused while the entry lives)."""


def cost_model(t: Tables, shift: int = 4) -> CostModel:
    """The shared cost model of these tables, packing hands ``shift`` bits per rank (4 holds up to 15
    cards of a rank)."""
    entry = _MODELS.get((id(t), shift))
    if entry is None or entry[0] is not t:
        if len(_MODELS) >= 256:  # many rules objects made in one process (tests): start again
            _MODELS.clear()
        entry = (t, CostModel(t, shift))
        _MODELS[id(t), shift] = entry
    return entry[1]


def shift_for(largest: int) -> int:
    """Bits per rank that hold a count of ``largest`` cards (at least 4).

    >>> shift_for(4), shift_for(15), shift_for(16)
    (4, 4, 5)
    """
    return max(4, largest.bit_length())
