"""The loop ``simulate`` (hands) and ``simulate_games`` (games) share: seeded units played in chunks, each
chunk counted by a :class:`Tally`, the chunks' tallies added up."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from functools import partial
from typing import Any, Generic, TypeVar

from bumtable.bots.seeds import PerSeat
from bumtable.rules import Rules, State
from bumtable.sim.parallel import add_counts, chunk_seeds, chunk_sizes, default_jobs, run_chunks
from bumtable.sim.ray_backend import ray_runner
from bumtable.sim.runner import OVER, Played, Runner, Until

LARGEST = {"add": max}
"""A tally field's metadata: chunks keep the largest value, not the sum."""


@dataclass
class Tally:
    """Counts from one chunk. Fields add up across chunks (lists entry by entry, dicts key by key) unless
    their metadata says otherwise (:data:`LARGEST`)."""

    n: int = field(metadata={"add": lambda mine, _: mine})  # players: the same in every chunk

    def count(self, state: State, played: Played, kinds: Sequence[str]) -> None:
        """Count a unit just played; ``kinds`` is the bot kind at each seat."""
        raise NotImplementedError

    def add(self, other: Tally) -> None:
        for f in fields(self):
            how = f.metadata.get("add", _sum)
            setattr(self, f.name, how(getattr(self, f.name), getattr(other, f.name)))


def _sum(mine: Any, theirs: Any) -> Any:
    if isinstance(mine, dict):
        add_counts(mine, theirs)
        return mine
    if isinstance(mine, list):
        return [_sum(a, b) for a, b in zip(mine, theirs, strict=True)]
    return mine + theirs


T = TypeVar("T", bound=Tally)


@dataclass(frozen=True)
class Batch(Generic[T]):
    """``kinds[p]`` at seat ``p`` (reshuffled each game with ``shuffle``), each unit played ``until``."""

    rules: Rules
    kinds: tuple[str, ...]
    until: Until
    tally: type[T]
    shuffle: bool = False


@dataclass(frozen=True)
class Totals(Generic[T]):
    tally: T
    wall_seconds: float
    jobs: int


def play_chunk(batch: Batch[T], progress: Callable[[int], None] | None, count: int, seed: int) -> T:
    """Play ``count`` units seeded from ``seed``: per game, the seat order (if shuffled), the game's seed,
    then each seat's (``PerSeat.drawn``)."""
    tally = batch.tally(batch.rules.players)
    master = random.Random(seed)
    done = 0
    while done < count:
        kinds = list(batch.kinds)
        if batch.shuffle:
            master.shuffle(kinds)
        # A copy without history keeps no event log: the fast path.
        state = batch.rules.new_state(master.getrandbits(63)).copy(history=False)
        runner = Runner(state, kinds, PerSeat.drawn(master, len(kinds)))
        while done < count:
            played = runner.play(until=batch.until)
            tally.count(state, played, kinds)
            done += 1
            if progress is not None:
                progress(1)
            if played.end == OVER:
                break
    return tally


def play_batch(
    batch: Batch[T],
    *,
    count: int,
    chunk: int,
    seed: int,
    jobs: int,
    progress: Callable[[int], None] | None,
    ray: str | None = None,
) -> Totals[T]:
    """Play ``count`` units in chunks of ``chunk`` in ``jobs`` processes (0: every core), or as Ray tasks on
    the cluster at ``ray`` (``auto`` or an address); the counts depend on the seed alone."""
    jobs = jobs or default_jobs()
    chunks = run_chunks if ray is None else ray_runner(ray)  # a cluster is joined here, before any work
    sizes = chunk_sizes(count, chunk)
    start = time.perf_counter()
    inline = progress if ray is None and (jobs == 1 or len(sizes) == 1) else None
    tallies = chunks(
        partial(play_chunk, batch, inline),
        sizes,
        chunk_seeds(seed, len(sizes)),
        jobs=jobs,
        progress=None if inline is not None else progress,
    )
    total = batch.tally(batch.rules.players)
    for t in tallies:
        total.add(t)
    return Totals(total, time.perf_counter() - start, min(jobs, len(sizes)))
