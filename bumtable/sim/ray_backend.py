"""Seeded chunks played as Ray tasks (``--ray auto|ADDRESS``): the same chunks and seeds as ``--jobs``, so the
same figures, spread over a Ray cluster; a task whose worker dies is played again. Ray is imported only here,
and only when asked for.

>>> batches([200, 200, 200, 50], least=300)
[[0, 1], [2, 3]]
"""

from __future__ import annotations

import logging
import os
import socket
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from bumtable.errors import BumtableError

T = TypeVar("T")

LEAST = 100
"""Units a task plays at the least (chunks grouped up to it), so that scheduling costs under 1 % of the work."""
RETRIES = 5
"""Times a task is played again when its worker dies (a crash, a node lost)."""
REACH_S = 3.0
"""How long joining a cluster waits for its address to answer before saying it cannot be reached."""
ENV = {"RAY_USAGE_STATS_ENABLED": "0", "RAY_AUTH_MODE": "disabled"}
"""What Ray is started with here: no usage reports sent, no token asked of a local cluster."""

_JOINED: list[str] = []
"""The address this process joined Ray at, kept so that later runs reuse the connection."""
_WORK: dict[str, Callable[[int, int], Any]] = {}
"""In a worker: the work functions it has read from the object store, by object id, so that per-rules caches
last from one task to the next."""


class RayError(BumtableError):
    """Ray missing, or a cluster that cannot be reached: told in one line before any work."""


def batches(sizes: Sequence[int], least: int = LEAST) -> list[list[int]]:
    """Consecutive chunk indices grouped so that each group holds at least ``least`` units (the last may hold
    fewer)."""
    out: list[list[int]] = []
    units = least
    for i, size in enumerate(sizes):
        if units >= least:
            out.append([])
            units = 0
        out[-1].append(i)
        units += size
    return out


def _host_port(address: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``ray://HOST:PORT``) split; anything else is a RayError."""
    bare = address.removeprefix("ray://")
    host, _, port = bare.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RayError(
            f"--ray takes auto or a cluster's HOST:PORT (as ray start --head prints), not {address!r}"
        )
    return host.strip("[]"), int(port)


def connect(address: str) -> None:
    """Join Ray at ``address`` (``auto``: the local cluster if one runs, else one started here); an address
    where nothing answers within a few seconds is a RayError."""
    if _JOINED and _JOINED[0] == address:
        return
    target = None if address == "auto" else address
    if target is not None:
        host, port = _host_port(target)
        try:
            socket.create_connection((host, port), timeout=REACH_S).close()
        except OSError as e:
            reason = "no answer" if isinstance(e, TimeoutError) else (e.strerror or str(e))
            raise RayError(f"cannot reach the Ray cluster at {address}: {reason}") from None
    try:
        import ray
    except ImportError:
        raise RayError("--ray needs Ray, which is not installed here: pip install 'bumtable[lab]'") from None
    for key, value in ENV.items():
        os.environ.setdefault(key, value)
    if ray.is_initialized():
        ray.shutdown()
    _JOINED.clear()
    try:
        ray.init(address=target, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as e:
        raise RayError(f"cannot join the Ray cluster at {address}: {str(e).splitlines()[0]}") from None
    _JOINED.append(address)
    _messages_to_stderr(ray)


def _messages_to_stderr(ray: Any) -> None:
    """Send what Ray's driver tells of the cluster (a worker died, a node lost) to stderr, where a command's
    progress goes, so that stdout holds only the command's own output (``--json``). Ray prints these lines
    from a thread of its own through ``print_to_stdstream``, to stdout; the pinned Ray version is checked
    by the tests."""
    worker = ray._private.worker
    shown = worker.print_to_stdstream
    if getattr(shown, "to_stderr", False):
        return

    def to_stderr(data: dict[str, Any], ignore_prefix: bool) -> None:
        shown({**data, "is_err": True}, ignore_prefix)

    to_stderr.to_stderr = True  # type: ignore[attr-defined]
    worker.print_to_stdstream = to_stderr


def disconnect() -> None:
    """Leave the Ray this process joined (a local one started here ends with it)."""
    if _JOINED:
        import ray

        ray.shutdown()
        _JOINED.clear()


def play_batch(holder: list[Any], sizes: Sequence[int], seeds: Sequence[int]) -> list[Any]:
    """One Ray task (its worker titled ``ray::play_batch`` while it runs): the chunks ``sizes``/``seeds``
    played in turn, the work read from the object store once per worker."""
    import ray

    ref = holder[0]
    work = _WORK.get(ref.hex())
    if work is None:
        _WORK.clear()
        work = _WORK[ref.hex()] = ray.get(ref)
    return [work(size, seed) for size, seed in zip(sizes, seeds, strict=True)]


def run_chunks_ray(
    work: Callable[[int, int], T],
    sizes: Sequence[int],
    seeds: Sequence[int],
    *,
    address: str,
    least: int = LEAST,
    progress: Callable[[int], None] | None = None,
    done: Callable[[int, T], None] | None = None,
) -> list[T]:
    """``work(size, seed)`` for every chunk as Ray tasks on the cluster at ``address``, results in chunk order,
    as :func:`bumtable.sim.parallel.run_chunks` gives them; ``done(i, result)`` is called here as chunk ``i``
    finishes."""
    connect(address)
    import ray

    task = ray.remote(max_retries=RETRIES, retry_exceptions=False)(play_batch)
    ref = ray.put(work)  # sent once; a list keeps Ray from resolving it before the task looks in its cache
    pending: dict[Any, list[int]] = {}
    for group in batches(sizes, least):
        pending[task.remote([ref], [sizes[i] for i in group], [seeds[i] for i in group])] = group
    results: dict[int, T] = {}
    try:
        while pending:
            finished, _ = ray.wait(list(pending), num_returns=1)
            for future in finished:
                group = pending.pop(future)
                for i, result in zip(group, ray.get(future), strict=True):
                    results[i] = result
                    if done is not None:
                        done(i, result)
                    if progress is not None:
                        progress(sizes[i])
    except BaseException:  # Ctrl-C or a chunk's error: the tasks still out are called off
        for future in pending:
            ray.cancel(future, force=True)
        raise
    return [results[i] for i in range(len(sizes))]


def ray_runner(address: str) -> Callable[..., list[Any]]:
    """:func:`run_chunks_ray` on the cluster at ``address``, joined now, called as
    :func:`bumtable.sim.parallel.run_chunks` is (its ``jobs`` left to the cluster's CPUs)."""
    connect(address)

    def run(
        work: Callable[[int, int], T],
        sizes: Sequence[int],
        seeds: Sequence[int],
        *,
        jobs: int = 0,
        progress: Callable[[int], None] | None = None,
        done: Callable[[int, T], None] | None = None,
    ) -> list[T]:
        return run_chunks_ray(work, sizes, seeds, address=address, progress=progress, done=done)

    return run
