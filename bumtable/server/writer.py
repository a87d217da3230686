"""Group commit: actions that arrive while one transaction is written wait together for the next, so a busy
server makes one commit for many tables. Its own thread keeps commits from waiting behind bots or rebuilds."""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor

from bumtable.server.store import Store

log = logging.getLogger("bumtable.server")

CLOSE_WAIT = 10.0
"""Seconds :meth:`LogWriter.close` waits for the waiting actions before giving up on them."""

CHECKPOINT_EVERY = 1.0
"""Seconds between two checkpoints of the database's log, run apart from the commits."""

Entry = tuple[str, int, str, str]
"""(table id, index in its log, action text, who made it)."""


class LogWriter:
    """Writes actions to a :class:`Store` in batches, from a task started on first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bumtable-writer")
        self.closing = False
        self.pending: list[tuple[Entry, asyncio.Future[None]]] = []
        self.wake = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.batches = 0
        self.written = 0
        self.checkpointing: asyncio.Task[None] | None = None
        self.checkpointed = 0.0  # the event loop's clock

    async def append(self, table_id: str, index: int, text: str, by: str) -> None:
        """Return once the action is committed, or raise what the database raised."""
        if self.closing:
            raise RuntimeError("the server is stopping: no more actions are written")
        if self.task is None or self.task.done():  # started on first use, and again should it ever have died
            self.task = asyncio.get_running_loop().create_task(self._run())
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.append(((table_id, index, text, by), future))
        self.wake.set()
        await future

    async def close(self) -> None:
        """Write what is waiting (for up to ``CLOSE_WAIT`` seconds), then stop."""
        self.closing = True
        self.wake.set()
        if self.task is not None:
            try:
                await asyncio.wait_for(asyncio.shield(self.task), CLOSE_WAIT)
            except (TimeoutError, asyncio.CancelledError):
                log.error("the writer stopped with %d actions not written", len(self.pending))
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)
            self.task = None
        if self.checkpointing is not None:
            await asyncio.gather(self.checkpointing, return_exceptions=True)
            self.checkpointing = None
        for _, future in self.pending:  # given up on: their tables are told, as for any failed write
            if not future.done():
                future.set_exception(RuntimeError("the server stopped before the action was written"))
        self.pending = []
        self.thread.shutdown(wait=False)

    async def _write(self, entries: list[Entry]) -> None:
        await asyncio.get_running_loop().run_in_executor(self.thread, self.store.append_actions, entries)

    async def _run(self) -> None:
        while True:
            if not self.pending:
                if self.closing:
                    return
                await self.wake.wait()
                self.wake.clear()
                continue
            batch, self.pending = self.pending, []
            try:
                await self._write([entry for entry, _ in batch])
            except Exception:  # one bad entry must not fail the others: write them one by one
                log.exception(
                    "a batch of %d actions could not be written; writing them one by one", len(batch)
                )
                for entry, future in batch:
                    try:
                        await self._write([entry])
                    except Exception as e:  # handed to the table that waits for it
                        if not future.done():
                            future.set_exception(e)
                    else:
                        if not future.done():
                            future.set_result(None)
                continue
            self.batches += 1
            self.written += len(batch)
            for _, future in batch:
                if not future.done():
                    future.set_result(None)
            self._maybe_checkpoint()

    def _maybe_checkpoint(self) -> None:
        loop = asyncio.get_running_loop()
        if self.closing or loop.time() - self.checkpointed < CHECKPOINT_EVERY:
            return
        if self.checkpointing is not None and not self.checkpointing.done():
            return
        self.checkpointed = loop.time()
        self.checkpointing = loop.create_task(self._checkpoint())

    async def _checkpoint(self) -> None:
        try:
            await asyncio.to_thread(self.store.checkpoint)
        except Exception:  # the log stays; it is moved next time (or by SQLite itself past its backstop)
            log.exception("the database's log could not be checkpointed")
