"""The greedy bot's hand value, fast: a hand is one integer, and what it costs is looked up.

A hand's rank counts are packed into one integer, ``shift`` bits per rank (rank ``r`` in bits
``shift*r`` and up), so taking a play out of a hand is one subtraction (the play's own packed
counts, worked out once per play) and the hand is a dictionary key. Which ranks a hand holds, and
which it holds exactly once (the ranks a sequence would empty), are bit masks in the same layout,
got from the key by a few shifts. Per mask the model keeps the sum the plain evaluation adds up
rank by rank, and the runs of held ranks a sequence could come from. Sequences come only from
those runs, so the sequences taken out of a hand are kept per *runs part* of the hand (its counts
of the runs' ranks alone), which recurs far more often than whole hands do: the cost is then the
mask's sum of what is left plus the sequences' terms (:meth:`CostModel.cost`). Each entry is
computed the first time it is needed, with the very same floating-point operations in the same
order as the plain evaluation (:func:`bumtable.bots.greedy.hand_cost`'s description), so the costs
are equal to the last bit: a sequence that exactly ties with the sets it replaces is decided the
same way (by the whole hand's sums: such hands are worked out whole, and kept by hand).

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
from itertools import islice
from typing import Any

from bumtable.rules.climbing.plays import SET, Play
from bumtable.rules.climbing.tables import Tables

_MAX_CACHED = 1 << 16
"""Entries one of a model's look-up dicts by mask or by play may hold before it starts again (memory
stays bounded; they hold far fewer in practice)."""

_MAX_RUNS = 1 << 17
"""Runs parts whose sequences a model keeps (a few MB); when full, the oldest quarter goes. A runs part
recurs far more often than a whole hand (about a tenth as many distinct ones in simulations of The Bum
Game), so this stays small enough to sit in the processor's cache beside a second process's."""

Run = tuple[int, int, int, int]
"""A run of held ranks a sequence could be taken from: its lowest rank ``lo``, its mask (which is also
one card of each of its ranks, packed), ``2 * top - lo`` and ``top - lo`` (see :meth:`CostModel._gain`)."""

MaskInfo = tuple[int, int, float]
"""Per mask of ranks held: the fields (whole counts) of the ranks in runs a sequence could come from,
the other ranks held (a mask), and the cost of the mask as sets alone (:meth:`CostModel.groups`)."""

RunsInfo = tuple[int, int, int]
"""Per runs part of a hand: the mask of its ranks left after the sequences taken out, how many were
taken (0: none; -1: an exact tie, decided by the whole hand) and the lowest rank of the latest."""

_TIED: RunsInfo = (0, -1, 0)

PlayInfo = tuple[int, int, int, float, Play]
"""What the greedy bot reads of a play: its packed counts, its wild cards standing in for another
rank, its high cards (the top three ranks), 0.01 times the sum of its ranks (for exchanges), and the
play itself (kept by its entry, so that the play's id, the key, is not given to another object)."""


class CostModel:
    """Hand costs for one rules object's tables, hands packed ``shift`` bits per rank; see the module."""

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
        """A card code's rank in packed form (a hand's key is the sum over its cards)."""
        self.low = sum(self.bit)
        """The lowest bit of every rank's field."""
        self.seq_mask = sum(self.bit[: t.seq_top + 1])
        # How low a sequence led from rank r is: the same expression as the plain evaluation's.
        self.lead = tuple(1.0 - r / (t.n_ranks - 1) for r in range(t.n_ranks))
        self.sums: dict[int, float] = {}
        self._runs: dict[int, tuple[Run, ...]] = {}
        # 2 * top - x for the rank x whose field holds a lone bit of bit length n (index n).
        self.lost = tuple(2 * self.top - (n - 1) // shift if n else 0 for n in range(shift * t.n_ranks + 1))
        self.field = (1 << shift) - 1
        """One rank's whole field (its count), at rank 0."""
        self.by_mask: dict[int, MaskInfo] = {}
        """Per mask of ranks held, its :data:`MaskInfo` (read directly by the bot's inner loop;
        :meth:`mask_info` fills it)."""
        self.by_runs: dict[int, RunsInfo] = {}
        """Per hand's runs part, the sequences taken out of it (read directly by the bot's inner loop;
        :meth:`runs_info` fills it)."""
        self.terms: dict[int, tuple[Any, ...]] = {}
        """Per play (by its id), the terms the greedy bot's value adds (:func:`bumtable.bots.greedy._terms`
        fills it: the bot's weights are its own)."""
        self.tied: dict[int, float] = {}
        """Cost by packed hand for the hands whose sequences the floating-point sums decide."""
        self.plays: dict[int, PlayInfo] = {}
        """What the bot reads of each play, by the play's id: hashing a play hashes all its fields, an
        id is one number, and the moves generated are the same objects from decision to decision
        (read directly; :meth:`play_info` fills it)."""

    def key(self, counts: Sequence[int]) -> int:
        """The hand ``counts`` (cards held of each rank index) packed into one integer."""
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
        """Plays needed if each held rank is one set, plus how low they are (``n + low``), summed in
        ascending rank order as the plain evaluation does."""
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
        """The maximal runs of held ranks up to the sequence top that are long enough for a sequence,
        lowest first (see :data:`Run`)."""
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
        """The cost of the packed hand ``key`` (:func:`bumtable.bots.greedy.hand_cost`).

        Only the ranks of the runs a sequence could come from can be taken out as sequences (taking
        one out only ever empties ranks, so no run grows or joins another); every other held rank
        stays one set whatever its count. So the sequences taken depend on the hand's runs part
        alone (``key & full``), and are looked up by it; the cost is then the sets' sum of the ranks
        left (by mask) plus the sequences' terms. Where a sequence exactly ties with the sets it
        replaces, the floating-point sums of the whole hand decide (as in the plain evaluation), so
        such a hand's cost is worked out from all of it, in :meth:`tied_cost`. The bot's inner loop
        does the same inline.
        """
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
        """The cost with ``mask`` held after ``seqs`` sequences (1 or more), the latest led from ``last``."""
        g = self.sums.get(mask)
        if g is None:
            g = self.groups(mask)
        return g + (seqs - 1) + 1 + self.lead[last]  # as _best

    def mask_info(self, mask: int) -> MaskInfo:
        """Work out :data:`MaskInfo` for ``mask`` and keep it in :attr:`by_mask`."""
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
        """Work out :data:`RunsInfo` for a hand's runs part and keep it in :attr:`by_runs` (as
        :meth:`_compute` takes sequences out, stopping at an exact tie)."""
        info = self._take_sequences(part)
        runs = self.by_runs
        if len(runs) >= _MAX_RUNS:
            for old in list(islice(runs, _MAX_RUNS // 4)):  # dicts keep insertion order: oldest first
                del runs[old]
        runs[part] = info
        return info

    def tied_cost(self, key: int) -> float:
        """The cost of a hand where a sequence ties exactly (worked out from the whole hand; kept)."""
        c = self.tied.get(key)
        if c is None:
            c = self._compute(key)
            if len(self.tied) >= _MAX_CACHED:
                self.tied.clear()
            self.tied[key] = c
        return c

    def _take_sequences(self, key: int) -> RunsInfo:
        """:meth:`_compute`'s loop on a hand's runs part: the mask left, the sequences taken and the
        latest one's lowest rank; ``_TIED`` where a gain of exactly 0 is met."""
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
        """Each held rank one set; then sequences taken out greedily, lowest run first, pass after pass,
        while that lowers the cost.

        Whether a sequence lowers the cost is decided in whole numbers (every term is a multiple of
        ``1/top``; see :meth:`_gain`); only where the two are exactly equal does the floating-point
        sum decide, as it does in the plain evaluation, so the same sequences are taken.
        """
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
        """The cost with ``mask`` held after ``seqs`` sequences, the latest led from rank ``last``: the
        floating-point value the plain evaluation holds at that point."""
        g = self.sums.get(mask)
        if g is None:
            g = self.groups(mask)
        return g if seqs == 0 else g + (seqs - 1) + 1 + self.lead[last]

    def _tie_taken(self, mask: int, emptied: int, lo: int, seqs: int, last: int) -> bool:
        """Whether the plain evaluation takes a sequence that exactly ties (its floating-point sums decide)."""
        g = self.sums.get(mask ^ emptied)
        if g is None:
            g = self.groups(mask ^ emptied)
        return g + seqs + 1 + self.lead[lo] < self._best(mask, seqs, last)

    @staticmethod
    def _gain(top: int, lo: int, emptied_ranks: Sequence[int], seqs: int, last: int) -> int:
        """``top`` times (cost with the sequence - cost without it), exactly: the sequence is taken when
        this is below 0 (at 0 the floating-point sums decide).

        Without it the cost is ``G + (seqs - 1) + 1 + lead[last]`` (``G`` after no sequence), with it
        ``G - sum(1 + lead[x] for x emptied) + seqs + 1 + lead[lo]``, where ``G`` is ``n + low`` and
        ``lead[r] = 1 - r / top``. So two emptied ranks always win (each is worth more than 1) and one
        wins when it lies far enough above the run's lowest rank; this method states the rule the
        inner loop of :meth:`_compute` applies inline.

        >>> CostModel._gain(13, 2, [2], 0, 0)  # the run's lowest rank alone emptied: an exact tie
        0
        >>> CostModel._gain(13, 2, [2, 5], 0, 0) < 0
        True
        """
        lost = sum(2 * top - x for x in emptied_ranks)
        return (2 * top - lo - lost) if seqs == 0 else (top - lo + last - lost)

    def _rest(self, key: int) -> int:
        """Each rank's field shifted down by 1 to ``shift - 1`` bits, or-ed (a count above 1 leaves a bit)."""
        rest = 0
        for i in range(1, self.shift):
            rest |= key >> i
        return rest

    def play_info(self, play: Play) -> PlayInfo:
        """What the bot reads of ``play`` (see :data:`PlayInfo`), worked out once per play."""
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
