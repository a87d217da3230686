"""The table server while tables of strong bots play: do other requests and other tables' moves still answer?

Starts ``bumtable serve`` on a fresh SQLite file, makes ``--bot-tables`` tables of 12 ``hard`` bots (The Bum Game
for 12: every seat a bot, so they play on their own), and one table of four people that this process plays over
the WebSocket API (random legal moves, no think time, one connection per seat). Meanwhile it asks for
``GET /api/tables`` every 50 ms. After a warm-up it measures, for ``--seconds``:

- ``GET /api/tables``: request to answer;
- a person's move: from just before ``act`` is sent to that seat's ``state`` frame showing it taken;
- how many moves the bots made (the bot tables' ``actions``, before and after the window).

Target: both under 50 ms at the 99th percentile with 8 tables of 12 ``hard`` bots; reported, not asserted.

    .venv/bin/python bench/server.py --bot-load                      # 8 tables, 30 s
    .venv/bin/python bench/server_bots.py --bot-tables 8 --seconds 30 --json
    PYTHONPATH=<other tree> .venv/bin/python bench/server_bots.py    # the same load on another version
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent.parent / "tests"
sys.path.insert(0, str(TESTS))

import httpx  # noqa: E402
from server_helpers import Server  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

TARGET_P99_MS = 50.0
BOT_SEATS = [{"kind": "bot", "bot": "hard"}] * 12


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> dict[str, Any]:
    return {
        "n": len(values),
        "median": percentile(values, 0.5),
        "p99": percentile(values, 0.99),
        "max": max(values, default=None),
    }


async def poll_list(http: str, until: float, start: float, samples: list[float]) -> None:
    async with httpx.AsyncClient(timeout=30) as client:
        while time.monotonic() < until:
            sent = time.monotonic()
            answer = await client.get(f"{http}/api/tables")
            answer.raise_for_status()
            if sent >= start:
                samples.append((time.monotonic() - sent) * 1000)
            await asyncio.sleep(0.05)


async def play_seat(ws_url: str, seed: int, until: float, start: float, samples: list[float]) -> None:
    """One person's seat: answers each turn at once with a random legal move; the move's latency is noted."""
    rng = random.Random(seed)
    async with connect(ws_url, max_size=None) as ws:
        sent_at: float | None = None
        waiting: int | None = None
        while time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
            except TimeoutError:
                return
            message = json.loads(raw)
            if message["type"] != "state":
                continue
            if waiting is not None and message["step"] >= waiting:
                if sent_at is not None and sent_at >= start:
                    samples.append((time.monotonic() - sent_at) * 1000)
                waiting = sent_at = None
            obs = message["observation"]
            if waiting is None and obs["legal"] and obs["turn"] == obs["seat"]:
                text = rng.choice(obs["legal"])["text"]
                sent_at, waiting = time.monotonic(), message["step"] + 1
                await ws.send(json.dumps({"type": "act", "v": 1, "action": text, "step": message["step"]}))


async def load(server: Server, bot_tables: int, warmup: float, seconds: float, seed: int) -> dict[str, Any]:
    bots = [
        server.create(game="bum-game", players=12, seats=BOT_SEATS, seed=seed + i)["id"]
        for i in range(bot_tables)
    ]
    people = server.create(
        game="bum-game",
        players=4,
        seats=[{"kind": "person"}] * 4,
        seed=seed,
        host=False,
        options={"target": 1_500},  # about 1,000 hands: no end within a run
    )
    start = time.monotonic() + warmup
    until = start + seconds

    def actions() -> int:
        return sum(httpx.get(f"{server.http}/api/tables/{t}", timeout=30).json()["actions"] for t in bots)

    listing: list[float] = []
    moves: list[float] = []
    ws = f"ws://127.0.0.1:{server.port}/ws/tables/{people['id']}?token="
    before_task = asyncio.create_task(asyncio.sleep(warmup))
    seats = [
        play_seat(ws + token, seed + int(s), until, start, moves) for s, token in people["tokens"].items()
    ]
    gathered = asyncio.gather(poll_list(server.http, until, start, listing), *seats)
    await before_task
    before = await asyncio.to_thread(actions)
    await gathered
    after = await asyncio.to_thread(actions)
    return {
        "list_ms": summary(listing),
        "move_ms": summary(moves),
        "bot_moves": after - before,
        "bot_moves_per_s": round((after - before) / seconds, 2),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bot-tables", type=int, default=8, help="tables of 12 hard bots (default 8)")
    ap.add_argument("--seconds", type=float, default=30.0, help="measured window (default 30)")
    ap.add_argument("--warmup", type=float, default=5.0, help="seconds before the window (default 5)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--server-args", default="", help="more `bumtable serve` options, e.g. '--bot-workers 1'")
    ap.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        server = Server(
            f"sqlite:///{Path(folder) / 'bench.db'}",
            Path(folder) / "server.log",
            ("--http-per-second", "1000", *args.server_args.split()),
        ).start()
        try:
            result = asyncio.run(load(server, args.bot_tables, args.warmup, args.seconds, args.seed))
        finally:
            server.kill()
    report = {
        "meta": {
            "command": "bench/server_bots.py " + " ".join(sys.argv[1:] if argv is None else argv),
            "bot_tables": args.bot_tables,
            "seconds": args.seconds,
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
            "pythonpath": bool(os.environ.get("PYTHONPATH")),
        },
        **result,
        "met": all(
            (result[k]["p99"] is not None and result[k]["p99"] < TARGET_P99_MS)
            for k in ("list_ms", "move_ms")
        ),
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, label in (("list_ms", "GET /api/tables"), ("move_ms", "a person's move")):
            s = result[key]
            fmt = lambda v: "-" if v is None else f"{v:.1f}"  # noqa: E731
            print(
                f"{label:18} n={s['n']:5}  median {fmt(s['median'])} ms  p99 {fmt(s['p99'])} ms  max {fmt(s['max'])} ms"
            )
        print(
            f"bot moves: {result['bot_moves']} ({result['bot_moves_per_s']}/s); target p99 < {TARGET_P99_MS:g} ms: "
            f"{'met' if report['met'] else 'not met'}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
