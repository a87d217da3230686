"""Work cut into fixed, seeded chunks and run in parallel processes: the chunks and their merged results are
the same whatever the number of processes (``--jobs``), only the wall time differs.

>>> chunk_sizes(450, 200)
[200, 200, 50]
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

T = TypeVar("T")


def default_jobs() -> int:
    """All the cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def chunk_sizes(total: int, size: int) -> list[int]:
    return [min(size, total - start) for start in range(0, total, size)]


def chunk_seeds(seed: int, count: int) -> list[int]:
    """One seed per chunk, drawn from the simulation's seed."""
    master = random.Random(seed)
    return [master.getrandbits(63) for _ in range(count)]


def add_counts(into: dict[str, Any], more: dict[str, Any]) -> None:
    """Add the counts of ``more`` into ``into``, key by key."""
    for key, value in more.items():
        into[key] = into.get(key, 0) + value


_WORK: list[Callable[[int, int], Any]] = []
"""The work function of the pool this worker process serves, set when the process starts."""


def _keep_work(work: Callable[[int, int], Any]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's to handle (it ends us)
    _WORK[:] = [work]


def _kept_work(size: int, seed: int) -> Any:
    return _WORK[0](size, seed)


def run_chunks(
    work: Callable[[int, int], T],
    sizes: Sequence[int],
    seeds: Sequence[int],
    *,
    jobs: int,
    progress: Callable[[int], None] | None = None,
    done: Callable[[int, T], None] | None = None,
) -> list[T]:
    """``work(size, seed)`` for every chunk in ``jobs`` processes, results in chunk order; ``work`` must be
    module-level (it is sent to the workers). ``done(i, result)`` is called here as chunk ``i`` finishes."""
    if jobs < 1:
        raise ValueError(f"jobs must be at least 1, not {jobs}")
    if jobs == 1 or len(sizes) == 1:
        out = []
        for i, (size, seed) in enumerate(zip(sizes, seeds, strict=True)):
            out.append(work(size, seed))
            if done is not None:
                done(i, out[-1])
            if progress is not None:
                progress(size)
        return out
    results: dict[int, T] = {}
    # ``work`` goes to each process once, not with every chunk: a copy per chunk would bring fresh rules, and
    # with them empty per-rules caches (move generation, the greedy bot's hand costs).
    others = set(multiprocessing.active_children())  # children of this process that are not the pool's
    with ProcessPoolExecutor(
        max_workers=min(jobs, len(sizes)), initializer=_keep_work, initargs=(work,)
    ) as pool:
        try:
            pending: dict[Future[T], int] = {
                pool.submit(_kept_work, size, seed): i
                for i, (size, seed) in enumerate(zip(sizes, seeds, strict=True))
            }
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    i = pending.pop(future)
                    results[i] = future.result()
                    if done is not None:
                        done(i, results[i])
                    if progress is not None:
                        progress(sizes[i])
        except BaseException:  # Ctrl-C (or a chunk's error): stop at once, the chunks being played dropped
            for process in set(multiprocessing.active_children()) - others:
                process.terminate()
            # Wait for the pool's manager thread to see its workers gone and end: left running, it races the
            # interpreter's exit, which then prints a traceback.
            pool.shutdown(wait=True, cancel_futures=True)
            raise
    return [results[i] for i in range(len(sizes))]
