"""The table server under load: many tables of four people played over the WebSocket API on loopback.

For each configuration (tables x backend x mode) the script starts ``bumtable serve`` as its own process on a
free port of 127.0.0.1, on a fresh SQLite file or a fresh database of a throwaway PostgreSQL cluster
(``tests/pg_cluster.py``), makes N tables of The Bum Game for 4 people through ``POST /api/tables`` and plays
them from this process (asyncio and the ``websockets`` client, one connection per seat; uvloop if installed).
Each seat answers its turn with a random legal action from its frame's ``observation.legal`` (seeded), after a
think time: ``human`` uniform 0.5-1.5 s, ``fast`` none (within the server's rate limit: each seat keeps to
95 messages a second, bursts of 150).

Latency is measured per action by the client that made it: from just before it sends ``act`` to its receiving
the ``state`` frame whose ``step`` shows the action taken. That is a loopback round trip through both event
loops, an upper bound on the server's arrival-to-broadcast time. ``all seats`` is the time until every seat of
the table had its frame of that step. Actions per second counts the actions acknowledged in the measured
window (after a warm-up). The server's CPU is read from ``/proc/PID/stat``; with PostgreSQL the cluster's
processes are counted apart (``db cpu``).

    .venv/bin/python bench/server.py                               # every configuration, table on stdout
    .venv/bin/python bench/server.py --tables 10,100 --backends sqlite --modes fast --seconds 10
    .venv/bin/python bench/server.py --json > server-bench.json    # one JSON object on stdout

Target: 500 tables of four at human pace with p99 under 50 ms; reported, not asserted.
``--bot-load`` runs ``bench/server_bots.py`` instead: requests and people's moves while tables of ``hard`` bots
play (p99 under 50 ms with 8 tables of 12).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from importlib import metadata
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))  # pg_cluster (the throwaway PostgreSQL) and server_helpers (bumtable serve)

import httpx  # noqa: E402
from pg_cluster import Cluster  # noqa: E402
from server_helpers import Server  # noqa: E402
from websockets.asyncio.client import ClientConnection, connect  # noqa: E402
from websockets.exceptions import ConnectionClosed  # noqa: E402

TARGET_TABLES = 500
TARGET_P99_MS = 50.0
HUMAN_THINK = (0.5, 1.5)
"""Seconds a human-paced seat thinks before it acts (uniform)."""
TARGET_POINTS = 1_500
"""The match's target, the most a 4-player table allows (1,000 hands of six points): no table ends within a run (a
table that does end is counted and not replaced)."""
TICKS = os.sysconf("SC_CLK_TCK")
CLIENT_RATE = (95.0, 150)
"""A seat's own pace limit (messages a second, burst), under the server's 100/s, bursts of 200: near a hand's
end two seats alone take turns, and a fast seat would otherwise pass the server's limit and see its action
dropped (``too-fast``)."""

try:  # the load's own parsing is part of every latency measured: the faster parser where installed
    from orjson import loads
except ImportError:
    from json import loads  # type: ignore[assignment]


# --------------------------------------------------------------------------- one configuration's load
@dataclass(eq=False)
class TableLoad:
    """One table as the load sees it: the send time of each action not yet seen by every seat."""

    id: str
    sent: dict[int, list[float]] = field(default_factory=dict)
    """step -> [time act was sent, seats still to get the frame of that step]"""
    over: bool = False


@dataclass(eq=False)
class SeatLoad:
    table: TableLoad
    seat: int
    token: str
    rng: random.Random
    pending: int | None = None
    """The step that will show our last action taken (None: nothing in flight)."""
    sent_at: float = 0.0
    tokens: float = CLIENT_RATE[1]
    """The seat's own token bucket (see ``CLIENT_RATE``)."""
    stamp: float = 0.0

    def wait(self, now: float) -> float:
        """Seconds to wait before the next message keeps the seat within ``CLIENT_RATE``; takes a token."""
        rate, burst = CLIENT_RATE
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        self.tokens -= 1
        return 0.0 if self.tokens >= 0 else -self.tokens / rate


@dataclass
class Samples:
    """What the load saw: (send time, latency) per action, frames, errors."""

    acts: list[tuple[float, float]] = field(default_factory=list)
    all_seats: list[tuple[float, float]] = field(default_factory=list)
    lag: list[tuple[float, float]] = field(default_factory=list)
    """(time, how late the client's event loop woke for a 50 ms sleep)"""
    frames: int = 0
    frame_bytes: int = 0
    errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    tables_over: int = 0
    stopping: bool = False

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.error_samples) < 5:
            self.error_samples.append(text)


@dataclass(frozen=True)
class Config:
    tables: int
    backend: str
    mode: str
    warmup: float
    seconds: float
    seed: int
    compression: str | None


async def make_tables(http: str, config: Config) -> list[dict[str, Any]]:
    """Make the tables (eight requests at a time); the answers, in table order."""
    made: list[dict[str, Any]] = [{} for _ in range(config.tables)]
    gate = asyncio.Semaphore(8)

    async def one(client: httpx.AsyncClient, i: int) -> None:
        request = {
            "game": "bum-game",
            "players": 4,
            "options": {"target": TARGET_POINTS},
            "seats": [{"kind": "person"}] * 4,
            "settings": {"away_after": None},
            "seed": config.seed * 100_003 + i,
            "host": False,
        }
        async with gate:
            answer = await client.post(f"{http}/api/tables", json=request)
        if answer.status_code != 200:
            raise RuntimeError(f"POST /api/tables answered {answer.status_code}: {answer.text}")
        made[i] = answer.json()

    async with httpx.AsyncClient(timeout=60) as client:
        await asyncio.gather(*(one(client, i) for i in range(config.tables)))
    return made


async def play_seat(
    ws: ClientConnection, seat: SeatLoad, samples: Samples, think: tuple[float, float]
) -> None:
    """Answer every turn of the seat until the load stops or the connection closes."""
    table = seat.table
    rng = seat.rng
    clock = time.perf_counter
    try:
        async for raw in ws:
            now = clock()
            samples.frames += 1
            samples.frame_bytes += len(raw)
            message = loads(raw)
            kind = message["type"]
            if kind == "error":
                samples.error(f"table {table.id} seat {seat.seat}: {message['code']}: {message['message']}")
                continue
            if kind != "state":
                continue
            step = message["step"]
            if seat.pending is not None and step >= seat.pending:
                samples.acts.append((seat.sent_at, now - seat.sent_at))
                seat.pending = None
            entry = table.sent.get(step)
            if entry is not None:
                entry[1] -= 1
                if entry[1] <= 0:
                    samples.all_seats.append((entry[0], now - entry[0]))
                    del table.sent[step]
            observation = message["observation"]
            if observation["phase"] == "over":
                if not table.over:
                    table.over = True
                    samples.tables_over += 1
                continue
            legal = observation["legal"]
            if not legal or seat.pending is not None or samples.stopping:
                continue
            action = rng.choice(legal)["text"]
            if think[1] > 0:
                await asyncio.sleep(rng.uniform(*think))
                if samples.stopping:
                    continue
            delay = seat.wait(clock())
            if delay:
                await asyncio.sleep(delay)
            seat.pending = step + 1
            seat.sent_at = clock()
            table.sent[step + 1] = [seat.sent_at, 4]
            await ws.send(json.dumps({"type": "act", "v": 1, "action": action}))
    except ConnectionClosed as e:
        if not samples.stopping:
            samples.error(f"table {table.id} seat {seat.seat}: connection closed: {e}")


async def watch_loop(samples: Samples) -> None:
    """How late this process's event loop wakes (the client's own delay, part of every latency measured)."""
    while not samples.stopping:
        start = time.perf_counter()
        await asyncio.sleep(0.05)
        end = time.perf_counter()
        samples.lag.append((end, end - start - 0.05))


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a process (all its threads), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICKS


def cluster_cpu_seconds(root: int | None) -> float:
    """CPU seconds of a PostgreSQL postmaster and its children (the backends serving the server)."""
    if root is None:
        return 0.0
    total = cpu_seconds(root)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == root:
            total += (int(fields[11]) + int(fields[12])) / TICKS
    return total


def own_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def run_load(
    http: str, config: Config, server_pid: int, postmaster: int | None, progress: Progress
) -> dict[str, Any]:
    """Make the tables, connect every seat, play: warm-up, then the measured window. Figures of the window."""
    progress.say(f"making {config.tables} tables")
    made = await make_tables(http, config)
    samples = Samples()
    think = HUMAN_THINK if config.mode == "human" else (0.0, 0.0)
    seats: list[tuple[SeatLoad, str]] = []
    base = http.replace("http://", "ws://")
    for i, answer in enumerate(made):
        table = TableLoad(answer["id"])
        for seat in range(4):
            token = answer["tokens"][str(seat)]
            rng = random.Random(config.seed * 1_000_003 + i * 4 + seat)
            seats.append((SeatLoad(table, seat, token, rng), f"{base}/ws/tables/{table.id}?token={token}"))
    progress.say(f"connecting {len(seats)} seats")
    gate = asyncio.Semaphore(64)

    async def open_one(url: str) -> ClientConnection:
        async with gate:
            return await connect(
                url, compression=config.compression, proxy=None, open_timeout=60, max_size=2**22
            )

    connections = await asyncio.gather(*(open_one(url) for _, url in seats))
    tasks = [
        asyncio.create_task(play_seat(ws, seat, samples, think))
        for ws, (seat, _) in zip(connections, seats, strict=True)
    ]
    watcher = asyncio.create_task(watch_loop(samples))
    progress.phase("warm-up", config.warmup)
    await asyncio.sleep(config.warmup)
    t0 = time.perf_counter()
    cpu0 = (cpu_seconds(server_pid), cluster_cpu_seconds(postmaster), own_cpu_seconds())
    frames0, bytes0 = samples.frames, samples.frame_bytes
    load0 = os.getloadavg()
    progress.phase("measure", config.seconds)
    await asyncio.sleep(config.seconds)
    t1 = time.perf_counter()
    cpu1 = (cpu_seconds(server_pid), cluster_cpu_seconds(postmaster), own_cpu_seconds())
    frames1, bytes1 = samples.frames, samples.frame_bytes
    load1 = os.getloadavg()
    samples.stopping = True
    progress.say("closing connections")
    closer = asyncio.Semaphore(256)

    async def close_one(ws: ClientConnection) -> None:
        async with closer:
            await ws.close()

    await asyncio.gather(*(close_one(ws) for ws in connections), return_exceptions=True)
    await asyncio.gather(*tasks, watcher, return_exceptions=True)
    window = t1 - t0
    acts = [lat for sent, lat in samples.acts if t0 <= sent + lat < t1]
    all_seats = [lat for sent, lat in samples.all_seats if t0 <= sent + lat < t1]
    lag = [late for at, late in samples.lag if t0 <= at < t1]
    return {
        "tables": config.tables,
        "backend": config.backend,
        "mode": config.mode,
        "seconds": round(window, 3),
        "actions": len(acts),
        "actions_per_s": round(len(acts) / window, 1),
        "latency_ms": summary(acts),
        "all_seats_ms": summary(all_seats),
        "client_loop_lag_ms": summary(lag),
        "frames_per_s": round((frames1 - frames0) / window, 1),
        "frame_bytes": round((bytes1 - bytes0) / max(1, frames1 - frames0)),
        "errors": samples.errors,
        "error_samples": samples.error_samples,
        "tables_over": samples.tables_over,
        "server_cpu_pct": round(100 * (cpu1[0] - cpu0[0]) / window, 1),
        "server_cpu_ms_per_action": round(1000 * (cpu1[0] - cpu0[0]) / max(1, len(acts)), 3),
        "db_cpu_pct": None if postmaster is None else round(100 * (cpu1[1] - cpu0[1]) / window, 1),
        "client_cpu_pct": round(100 * (cpu1[2] - cpu0[2]) / window, 1),
        "load_avg": [round(load0[0], 2), round(load1[0], 2)],
        "server_pid": server_pid,
    }


def summary(values: list[float]) -> dict[str, float | None]:
    """Median, p90, p99 and max in milliseconds (nearest rank)."""
    if not values:
        return {"median": None, "p90": None, "p99": None, "max": None}
    ordered = sorted(values)

    def rank(q: float) -> float:
        return round(1000 * ordered[max(0, math.ceil(q * len(ordered)) - 1)], 2)

    return {"median": rank(0.5), "p90": rank(0.9), "p99": rank(0.99), "max": round(1000 * ordered[-1], 2)}


# --------------------------------------------------------------------------- progress on stderr
class Progress:
    """A line per step on stderr (Rich), and a bar over the warm-up and the measured window."""

    def __init__(self, total: int, quiet: bool = False) -> None:
        from rich.console import Console

        self.console = Console(stderr=True)
        self.quiet = quiet
        self.total = total
        self.done = 0
        self.label = ""

    def start(self, label: str) -> None:
        self.done += 1
        self.label = f"[{self.done}/{self.total}] {label}"
        self.say("starting the server")

    def say(self, text: str) -> None:
        if not self.quiet:
            self.console.print(f"{self.label}: {text}", highlight=False)

    def phase(self, name: str, seconds: float) -> None:
        self.say(f"{name} {seconds:g} s")


# --------------------------------------------------------------------------- databases and servers
class Databases:
    """Fresh databases: a SQLite file in a temporary folder, or a database of one PostgreSQL cluster (started
    on first use, stopped at the end)."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="bumtable-bench-"))
        self.cluster: Cluster | None = None
        self.count = 0

    def new(self, backend: str) -> str:
        self.count += 1
        if backend == "sqlite":
            return f"sqlite:///{self.root / f'tables-{self.count}.db'}"
        if self.cluster is None:
            self.cluster = Cluster().start()
        return self.cluster.new_database()

    def postmaster(self, backend: str) -> int | None:
        if backend != "postgresql" or self.cluster is None:
            return None
        return int((self.cluster.data / "postmaster.pid").read_text().split()[0])

    def close(self) -> None:
        if self.cluster is not None:
            self.cluster.stop()
        import shutil

        shutil.rmtree(self.root, ignore_errors=True)


@contextlib.contextmanager
def serving(databases: Databases, config: Config, keep: Path | None) -> Iterator[Server]:
    url = databases.new(config.backend)
    log = (keep or databases.root) / f"server-{config.backend}-{config.tables}-{config.mode}.log"
    server = Server(  # tables up to N, and HTTP from this one address as fast as the load makes them
        url,
        log,
        args=(
            "--max-tables",
            str(max(1000, config.tables)),
            "--http-per-second",
            "10000",
            "--http-burst",
            "10000",
        ),
    ).start()
    try:
        yield server
    finally:
        server.kill()


def run_config(
    databases: Databases, config: Config, progress: Progress, keep: Path | None, hold: float
) -> dict[str, Any]:
    with serving(databases, config, keep) as server:
        assert server.process is not None
        pid = server.process.pid
        if hold:
            progress.say(f"server pid {pid} (profile it now: py-spy record --pid {pid})")
        tune_gc()
        with asyncio.Runner(loop_factory=loop_factory()) as runner:
            return runner.run(
                run_load(server.http, config, pid, databases.postmaster(config.backend), progress)
            )


def tune_gc() -> None:
    """The load's garbage collector tuned as the server's is (``bumtable serve``): the load holds thousands of
    connections too, and its own pauses would be counted in every latency it measures (``lag p99``)."""
    import gc

    from bumtable.cli.serve_cmd import GC_THRESHOLDS

    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def loop_factory() -> Any:
    try:
        import uvloop
    except ImportError:
        return None
    return uvloop.new_event_loop


# --------------------------------------------------------------------------- report
def ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.1f}"


def render(report: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console()
    if not console.is_terminal:
        console = Console(width=150)
    meta = report["meta"]
    table = Table(
        title=(
            f"bumtable serve under load: The Bum Game for 4 people per table, {meta['seconds']:g} s after "
            f"{meta['warmup']:g} s warm-up, seed {meta['seed']}, Python {meta['python']}, {meta['cpus']} CPUs "
            f"(client and server on the same cores), compression {meta['compression']}"
        ),
        box=None,
    )
    for name in ("tables", "backend", "mode", "actions/s", "median ms", "p90 ms", "p99 ms", "max ms"):
        table.add_column(name, justify="right" if name not in ("backend", "mode") else "left")
    for name in (
        "all seats p99",
        "errors",
        "server cpu",
        "cpu ms/act",
        "db cpu",
        "client cpu",
        "lag p99",
        "load",
    ):
        table.add_column(name, justify="right")
    for run in report["runs"]:
        lat, every, lag = run["latency_ms"], run["all_seats_ms"], run["client_loop_lag_ms"]
        table.add_row(
            str(run["tables"]),
            run["backend"],
            run["mode"],
            f"{run['actions_per_s']:,.0f}",
            ms(lat["median"]),
            ms(lat["p90"]),
            ms(lat["p99"]),
            ms(lat["max"]),
            ms(every["p99"]),
            str(run["errors"]),
            f"{run['server_cpu_pct']:.0f} %",
            f"{run['server_cpu_ms_per_action']:.2f}",
            "-" if run["db_cpu_pct"] is None else f"{run['db_cpu_pct']:.0f} %",
            f"{run['client_cpu_pct']:.0f} %",
            ms(lag["p99"]),
            f"{run['load_avg'][0]:.1f}-{run['load_avg'][1]:.1f}",
        )
    console.print(table)
    for line in report["summary"]:
        console.print(line, highlight=False)


def conclusions(runs: list[dict[str, Any]]) -> tuple[list[str], dict[str, Any]]:
    """The target check and the saturation throughput per backend."""
    lines: list[str] = []
    target: dict[str, Any] = {}
    for run in runs:
        if run["tables"] == TARGET_TABLES and run["mode"] == "human":
            p99 = run["latency_ms"]["p99"]
            met = p99 is not None and p99 < TARGET_P99_MS and run["errors"] == 0
            target[run["backend"]] = {"p99_ms": p99, "errors": run["errors"], "met": met}
            lines.append(
                f"target ({run['backend']}): {TARGET_TABLES} tables at human pace, p99 under "
                f"{TARGET_P99_MS:g} ms - {ms(p99)} ms, {'MET' if met else 'NOT MET'}"
            )
    saturation: dict[str, Any] = {}
    for backend in sorted({r["backend"] for r in runs}):
        fast = sorted(
            (r for r in runs if r["backend"] == backend and r["mode"] == "fast"), key=lambda r: r["tables"]
        )
        if not fast:
            continue
        best = max(fast, key=lambda r: r["actions_per_s"])
        curve = ", ".join(f"{r['tables']}: {r['actions_per_s']:,.0f}" for r in fast)
        saturation[backend] = {
            "actions_per_s": best["actions_per_s"],
            "tables": best["tables"],
            "curve": {str(r["tables"]): r["actions_per_s"] for r in fast},
        }
        lines.append(
            f"saturation ({backend}, fast): {best['actions_per_s']:,.0f} actions/s at {best['tables']} tables "
            f"(actions/s by tables: {curve})"
        )
    errors = sum(r["errors"] for r in runs)
    lines.append(f"errors: {errors}" + ("" if not errors else " - see error_samples in --json"))
    return lines, {"target": target, "saturation": saturation}


def tree() -> dict[str, Any]:
    """The commit measured, and the files of the server that differ from it (the tree is what runs)."""
    import subprocess

    root = TESTS.parent

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    changed = git("status", "--porcelain", "--", "bumtable/server")
    return {"commit": git("rev-parse", "--short", "HEAD"), "server_changes": changed.splitlines()}


def versions() -> dict[str, str]:
    found = {}
    for name in ("bumtable", "fastapi", "uvicorn", "websockets", "sqlalchemy", "psycopg", "uvloop", "orjson"):
        with contextlib.suppress(metadata.PackageNotFoundError):
            found[name] = metadata.version(name)
    return found


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if (
        "--bot-load" in argv
    ):  # tables of strong bots against requests and people's moves: bench/server_bots.py
        from server_bots import main as bot_load

        return bot_load([a for a in argv if a != "--bot-load"])
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--tables", default="10,100,500", help="table counts, comma-separated (default 10,100,500)"
    )
    ap.add_argument("--backends", default="sqlite,postgresql", help="sqlite, postgresql (default both)")
    ap.add_argument("--modes", default="human,fast", help="human, fast (default both)")
    ap.add_argument(
        "--saturation",
        default="1,3",
        help="extra table counts played in fast mode only, to find where throughput stops growing "
        "(default 1,3; '' for none)",
    )
    ap.add_argument(
        "--seconds", type=float, default=20.0, help="measured window per configuration (default 20)"
    )
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds played before the window (default 5)")
    ap.add_argument("--seed", type=int, default=0, help="deals and choices (default 0)")
    ap.add_argument(
        "--compression",
        choices=("deflate", "none"),
        default="deflate",
        help="what the clients offer (default deflate, as the websockets client and browsers do)",
    )
    ap.add_argument("--keep-logs", type=Path, help="keep the servers' logs in this folder")
    ap.add_argument(
        "--hold", action="store_true", help="print each server's pid when it starts (to attach py-spy)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = ap.parse_args(argv)

    def numbers(text: str) -> list[int]:
        return [int(x) for x in text.split(",") if x.strip()]

    tables = numbers(args.tables)
    backends = [b for b in args.backends.split(",") if b]
    modes = [m for m in args.modes.split(",") if m]
    for b in backends:
        if b not in ("sqlite", "postgresql"):
            ap.error(f"unknown backend {b!r}")
    for m in modes:
        if m not in ("human", "fast"):
            ap.error(f"unknown mode {m!r}")
    extra = [n for n in numbers(args.saturation) if n not in tables or "fast" not in modes]
    compression = None if args.compression == "none" else "deflate"
    plan = [
        Config(n, b, m, args.warmup, args.seconds, args.seed, compression)
        for b in backends
        for n in tables
        for m in modes
    ] + [
        Config(n, b, "fast", args.warmup, args.seconds, args.seed, compression)
        for b in backends
        for n in extra
    ]
    if args.keep_logs:
        args.keep_logs.mkdir(parents=True, exist_ok=True)
    progress = Progress(len(plan), quiet=args.quiet)
    databases = Databases()
    runs: list[dict[str, Any]] = []
    started = time.time()
    load_start = os.getloadavg()
    tree_start = tree()
    try:
        for config in plan:
            progress.start(f"{config.tables} tables, {config.backend}, {config.mode}")
            run = run_config(databases, config, progress, args.keep_logs, args.hold)
            runs.append(run)
            lat = run["latency_ms"]
            progress.say(
                f"{run['actions_per_s']:,.0f} actions/s, median {ms(lat['median'])} ms, p99 {ms(lat['p99'])} ms, "
                f"errors {run['errors']}, server cpu {run['server_cpu_pct']:.0f} %"
            )
    finally:
        databases.close()
    lines, checks = conclusions(runs)
    report = {
        "meta": {
            "command": "bench/server.py " + " ".join(sys.argv[1:] if argv is None else argv),
            "seconds": args.seconds,
            "warmup": args.warmup,
            "seed": args.seed,
            "compression": args.compression,
            "think_s": list(HUMAN_THINK),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
            "versions": versions(),
            "tree": tree_start,
            "load_avg_start": [round(x, 2) for x in load_start],
            "wall_s": round(time.time() - started, 1),
        },
        "runs": runs,
        "summary": lines,
        **checks,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        render(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
