"""Bot decisions off the event loop: a pool of worker processes, with a per-server limit on decisions at once.

A decision is pure CPU (a ``hard`` bot searches for seconds), and in a thread it would still hold the
interpreter's lock the event loop needs, so one table of strong bots would slow every other table and request.
A worker process gets the bot's kind, seed and game and the seat's observation (rules pickle as their options
alone) and answers the action; the event loop only waits. The pool is started on the first decision.
"""

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
    """In a worker: leave as soon as the server is gone (killed hard, it cannot stop its pool)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def decide(kind: str, seed: int, game: str, observation: Any) -> Any:
    """A bot's action for the observation (run in a worker process: the bot is made there, as seeded)."""
    return make_bot(kind, seed, game=game).choose(observation)


class BotPool:
    """Runs bot decisions in ``workers`` processes (0: in a thread of this process, for debugging a bot where it
    runs); at most ``at_once`` are asked for at a time (the rest wait their turn in the event loop, not in the
    pool's queue, so a stop cancels them cleanly)."""

    def __init__(self, workers: int, at_once: int) -> None:
        self.workers = workers
        self.slots = asyncio.Semaphore(at_once)
        self.busy = 0
        """Decisions under way in the workers now."""
        self.most = 0
        """The most decisions that were ever under way at once (at most ``at_once``)."""
        self._pool: ProcessPoolExecutor | None = None

    async def choose(self, kind: str, seed: int, game: str, observation: Any) -> Any:
        """The bot's action, decided in a worker process."""
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
        """Stop the workers (decisions under way are dropped: their tables replay from the log)."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
