"""The greedy bot's hand cost, fast: a hand is one integer, ``shift`` bits per rank, and its cost looked up.

Sequences come only from runs of held ranks, so they are kept per *runs part* of a hand; every entry repeats
the plain evaluation's floating-point operations in its order, so the costs are equal to the last bit.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> model = cost_model(rules.tables)
>>> hand = model.key([["3", "4", "5", "K"].count(s) for s in rules.tables.symbols])
>>> model.cost(hand - model.play_info(rules.parse_action("3 4 5"))[0]) < model.cost(hand)  # one King left
True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any

from bumtable.rules.climbing.plays import SET, Play
from bumtable.rules.climbing.tables import Tables

_MAX_CACHED = 1 << 16
"""Entries a model's look-up dict by mask or by play holds before it starts again."""

_MAX_RUNS = 1 << 17
"""Runs parts whose sequences a model keeps, few enough to stay in the processor's cache."""

Run = tuple[int, int, int, int]
"""A run of held ranks: lowest rank ``lo``, mask (one card a rank), ``2*top - lo`` and ``top - lo``."""

MaskInfo = tuple[int, int, float]
"""Per mask of ranks held: the fields of the ranks in runs, the other ranks, and the cost as sets alone."""

RunsInfo = tuple[int, int, int]
"""Per runs part: the ranks left after its sequences, how many (-1: a tie), and the latest's lowest rank."""

_TIED: RunsInfo = (0, -1, 0)

PlayInfo = tuple[int, int, int, float, Play]
"""Of a play: packed counts, wild stand-ins, high cards, 0.01 times its ranks' sum, and the play (its id)."""


class CostModel:
    """Hand costs for one rules object's tables, hands packed ``shift`` bits per rank."""

    __slots__ = (
        "_runs",
        "bit",
        "by_mask",
        "by_runs",
        "code_bit",
        "field",
        "lead",
        "lost",
        "low",
        "plays",
        "seq_mask",
        "seq_min",
        "sequences",
        "shift",
        "sums",
        "tables",
        "terms",
        "tied",
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
        """A card code's rank, packed (a hand's key is the sum over its cards)."""
        self.low = sum(self.bit)
        self.seq_mask = sum(self.bit[: t.seq_top + 1])
        # How low a sequence led from rank r is: the plain evaluation's expression.
        self.lead = tuple(1.0 - r / (t.n_ranks - 1) for r in range(t.n_ranks))
        self.sums: dict[int, float] = {}
        self._runs: dict[int, tuple[Run, ...]] = {}
        # 2 * top - x for the rank x whose field holds a lone bit of bit length n (index n).
        self.lost = tuple(2 * self.top - (n - 1) // shift if n else 0 for n in range(shift * t.n_ranks + 1))
        self.field = (1 << shift) - 1
        self.by_mask: dict[int, MaskInfo] = {}
        self.by_runs: dict[int, RunsInfo] = {}
        self.terms: dict[int, tuple[Any, ...]] = {}
        """Per play id, the terms the greedy bot's value adds (:func:`bumtable.bots.greedy._terms`)."""
        self.tied: dict[int, float] = {}
        """Cost by packed hand where a tie leaves the sequences to the floating-point sums."""
        self.plays: dict[int, PlayInfo] = {}
        """:data:`PlayInfo` by play id: the moves generated are the same objects from decision to decision."""

    def key(self, counts: Sequence[int]) -> int:
        key = 0
        for r, k in enumerate(counts):
            key += k << (self.shift * r)
        return key

    def masks(self, key: int) -> tuple[int, int]:
        """The ranks held and the ranks held exactly once, as masks of each rank's lowest bit."""
        rest = key >> 1 | key >> 2 | key >> 3 if self.shift == 4 else self._rest(key)
        low = self.low
        return (key | rest) & low, key & ~rest & low

    def groups(self, mask: int) -> float:
        """Plays needed if each held rank is one set, plus how low they are, summed as the plain one sums."""
        s = self.sums.get(mask)
        if s is None:
            top = self.top
            n = 0
            low = 0.0
            for r, b in enumerate(self.bit):
                if mask & b:
                    n += 1
                    low += 1.0 - r / top
            s = n + low
            if len(self.sums) >= _MAX_CACHED:
                self.sums.clear()
            self.sums[mask] = s
        return s

    def runs(self, mask: int) -> tuple[Run, ...]:
        """The maximal runs of held ranks long enough for a sequence, lowest first."""
        mask &= self.seq_mask
        found = self._runs.get(mask)
        if found is None:
            out: list[Run] = []
            top = self.top
            start = -1
            for r, b in enumerate((*self.bit, 0)):
                if mask & b:
                    if start < 0:
                        start, run = r, 0
                    run |= b
                    continue
                if start >= 0 and r - start >= self.seq_min:
                    out.append((start, run, 2 * top - start, top - start))
                start = -1
            found = tuple(out)
            if len(self._runs) >= _MAX_CACHED:
                self._runs.clear()
            self._runs[mask] = found
        return found

    def cost(self, key: int) -> float:
        """The cost of the packed hand ``key``: the sequences are looked up by its runs part (taking one out
        never grows a run), the sets by the mask left. The bot's inner loop does the same inline."""
        rest = key >> 1 | key >> 2 | key >> 3 if self.shift == 4 else self._rest(key)
        mask = (key | rest) & self.low
        m = self.by_mask.get(mask) or self.mask_info(mask)
        full = m[0]
        if not full:
            return m[2]
        r = self.by_runs.get(key & full) or self.runs_info(key & full)
        seqs = r[1]
        if seqs == 0:
            return m[2]
        if seqs < 0:
            return self.tied_cost(key)
        return self.with_sequences(r[0] | m[1], seqs, r[2])

    def with_sequences(self, mask: int, seqs: int, last: int) -> float:
        g = self.sums.get(mask)
        if g is None:
            g = self.groups(mask)
        return g + (seqs - 1) + 1 + self.lead[last]  # as _best

    def mask_info(self, mask: int) -> MaskInfo:
        inruns = 0
        if self.sequences:
            for run in self.runs(mask):
                inruns |= run[1]
        info = (inruns * self.field, mask & ~inruns, self.groups(mask))
        if len(self.by_mask) >= _MAX_CACHED:
            self.by_mask.clear()
        self.by_mask[mask] = info
        return info

    def runs_info(self, part: int) -> RunsInfo:
        info = self._take_sequences(part)
        runs = self.by_runs
        if len(runs) >= _MAX_RUNS:
            for old in list(islice(runs, _MAX_RUNS // 4)):  # dicts keep insertion order: oldest first
                del runs[old]
        runs[part] = info
        return info

    def tied_cost(self, key: int) -> float:
        c = self.tied.get(key)
        if c is None:
            c = self._compute(key)
            if len(self.tied) >= _MAX_CACHED:
                self.tied.clear()
            self.tied[key] = c
        return c

    def _take_sequences(self, key: int) -> RunsInfo:
        """:meth:`_compute`'s loop on a hand's runs part, giving up with ``_TIED`` at a gain of exactly 0."""
        low = self.low
        shift = self.shift
        rest = key >> 1 | key >> 2 | key >> 3 if shift == 4 else self._rest(key)
        mask = (key | rest) & low
        runs = self.runs(mask)
        ones = key & ~rest & low
        lost_by_length = self.lost
        seqs = 0
        last = 0
        while runs:
            improved = False
            for lo, run, first, later in runs:
                emptied = ones & run
                if not emptied & (emptied - 1):
                    lost = lost_by_length[emptied.bit_length()]
                    gain = first - lost if seqs == 0 else later + last - lost
                    if gain == 0:
                        return _TIED
                    if gain > 0:
                        continue
                seqs += 1
                last = lo
                improved = True
                key -= run
                rest = key >> 1 | key >> 2 | key >> 3 if shift == 4 else self._rest(key)
                mask = (key | rest) & low
                ones = key & ~rest & low
            if not improved:
                break
            runs = self.runs(mask)
        return (mask, seqs, last)

    def _compute(self, key: int) -> float:
        """Each held rank one set, then sequences taken out, lowest run first, while that lowers the cost:
        decided in whole numbers (:meth:`_gain`), or at a tie by the floating-point sums, as the plain one."""
        low = self.low
        rest = key >> 1 | key >> 2 | key >> 3 if self.shift == 4 else self._rest(key)
        mask = (key | rest) & low
        runs = self._runs.get(mask & self.seq_mask) if self.sequences else ()
        if runs is None:
            runs = self.runs(mask)
        ones = key & ~rest & low
        lost_by_length = self.lost
        shift = self.shift
        seqs = 0
        last = 0  # the lowest rank of the latest sequence taken
        while runs:
            improved = False
            # Taking a sequence out of one run changes only that run's counts, and runs are separated by
            # ranks not held, so the runs found at the start of a pass are the runs a rank-by-rank scan meets.
            for lo, run, first, later in runs:
                emptied = ones & run
                if not emptied & (emptied - 1):  # two or more ranks emptied: always taken (see _gain)
                    lost = lost_by_length[emptied.bit_length()]
                    gain = first - lost if seqs == 0 else later + last - lost
                    if gain > 0 or (gain == 0 and not self._tie_taken(mask, emptied, lo, seqs, last)):
                        continue
                seqs += 1
                last = lo
                improved = True
                key -= run  # one card of each rank of the run
                rest = key >> 1 | key >> 2 | key >> 3 if shift == 4 else self._rest(key)
                mask = (key | rest) & low
                ones = key & ~rest & low
            if not improved:
                break
            runs = self._runs.get(mask & self.seq_mask)
            if runs is None:
                runs = self.runs(mask)
        g = self.sums.get(mask)
        if g is None:
            g = self.groups(mask)
        return g if seqs == 0 else g + (seqs - 1) + 1 + self.lead[last]  # as _best

    def _best(self, mask: int, seqs: int, last: int) -> float:
        """The floating-point cost the plain evaluation holds after ``seqs`` sequences, leaving ``mask``."""
        g = self.sums.get(mask)
        if g is None:
            g = self.groups(mask)
        return g if seqs == 0 else g + (seqs - 1) + 1 + self.lead[last]

    def _tie_taken(self, mask: int, emptied: int, lo: int, seqs: int, last: int) -> bool:
        """Whether the plain evaluation takes a sequence that exactly ties (by its floating-point sums)."""
        g = self.sums.get(mask ^ emptied)
        if g is None:
            g = self.groups(mask ^ emptied)
        return g + seqs + 1 + self.lead[lo] < self._best(mask, seqs, last)

    @staticmethod
    def _gain(top: int, lo: int, emptied_ranks: Sequence[int], seqs: int, last: int) -> int:
        """``top`` times (cost with the sequence - cost without), exact: the rule :meth:`_compute` applies
        inline. Below 0 the sequence is taken, so two emptied ranks always win; at 0 the float sums decide."""
        lost = sum(2 * top - x for x in emptied_ranks)
        return (2 * top - lo - lost) if seqs == 0 else (top - lo + last - lost)

    def _rest(self, key: int) -> int:
        """Each rank's field shifted down 1 to ``shift - 1`` bits, or-ed: a count above 1 leaves a bit."""
        rest = 0
        for i in range(1, self.shift):
            rest |= key >> i
        return rest

    def play_info(self, play: Play) -> PlayInfo:
        info = self.plays.get(id(play))
        if info is None:
            t = self.tables
            delta = wilds = high = 0
            for r in play.cards:
                delta += self.bit[r]
                if r != play.rank if play.kind == SET else r > play.rank:
                    wilds += 1
                if r >= t.n_ranks - 3:
                    high += 1
            info = (delta, wilds, high, 0.01 * sum(play.cards), play)
            if len(self.plays) >= _MAX_CACHED:
                self.plays.clear()
            self.plays[id(play)] = info
        return info


_MODELS: dict[tuple[int, int], tuple[Tables, CostModel]] = {}
"""Models by their tables' id and shift (the entry keeps the tables, so the id is not reused)."""


def cost_model(t: Tables, shift: int = 4) -> CostModel:
    """The shared cost model of these tables, packing hands ``shift`` bits per rank."""
    entry = _MODELS.get((id(t), shift))
    if entry is None or entry[0] is not t:
        if len(_MODELS) >= 256:  # many rules objects made in one process (tests): start again
            _MODELS.clear()
        entry = (t, CostModel(t, shift))
        _MODELS[id(t), shift] = entry
    return entry[1]


def shift_for(largest: int) -> int:
    return max(4, largest.bit_length())
