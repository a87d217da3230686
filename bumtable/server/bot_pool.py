"""Bot decisions in worker processes: in a thread, a search would hold the lock the event loop needs."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bumtable.bots import make_bot

PARENT_CHECK = 1.0
"""Seconds between a worker's looks at whether the server that started it is still there."""


def _watch_parent(parent: int) -> None:
    """In a worker: leave once the server is gone (killed hard, it cannot stop its pool)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def decide(kind: str, seed: int, game: str, observation: Any) -> Any:
    """Run in a worker: the bot is made there, as seeded."""
    return make_bot(kind, seed, game=game).choose(observation)


class BotPool:
    """Bot decisions in ``workers`` processes (0: a thread, to debug a bot), ``at_once`` at most; the rest
    wait in the event loop, not the pool's queue, so that a stop cancels them cleanly."""

    def __init__(self, workers: int, at_once: int) -> None:
        self.workers = workers
        self.slots = asyncio.Semaphore(at_once)
        self.busy = 0
        self.most = 0
        """The most decisions ever under way at once."""
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, kind: str, seed: int, game: str, observation: Any) -> Any:
        async with self.slots:
            if self.workers == 0:  # in the server's own process (a search then slows its event loop)
                return await asyncio.to_thread(decide, kind, seed, game, observation)
            if self._pool is None:  # spawned, not forked: the server's threads and sockets stay its own
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_watch_parent, initargs=(os.getpid(),)
                )
            self.busy += 1
            self.most = max(self.most, self.busy)
            pool = self._pool
            try:
                loop = asyncio.get_running_loop()
                return await loop.run_in_executor(pool, decide, kind, seed, game, observation)
            except BrokenProcessPool:
                # a worker died (killed, out of memory): the next decision gets a new pool, unless a decision
                # that failed alongside this one has made it already
                if self._pool is pool:
                    self.close()
                raise
            finally:
                self.busy -= 1

    def close(self) -> None:
        """Stop the workers; decisions under way are dropped (their tables replay from the log)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
