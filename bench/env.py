"""PettingZoo AEC steps a second, with observations and masks, for every game against PettingZoo's own classic
Leduc and Texas Hold'em in the same run.

Every environment is driven the same way, the loop of PettingZoo's documentation: ``for agent in
env.agent_iter()``, ``env.last()`` (the agent's observation and action mask) at every step, then ``env.step``
with a uniformly random legal action from a seeded ``random.Random`` (``None`` for an agent that is done).
Episode ``k`` of slice ``j`` is ``env.reset(seed=seed + 1000 j + k)``. One process, pinned to one core where the OS allows. Each
environment runs ``--seconds`` in all, in ``--slices`` slices, the environments taking turns slice by slice so
that a machine whose load changes slows them alike; a figure is all its slices' steps over their time.

    .venv/bin/python bench/env.py                               # table
    .venv/bin/python bench/env.py --json                        # one JSON object on stdout
    .venv/bin/python bench/env.py --record bench/records/env-$(git rev-parse --short HEAD).json

Leduc and Texas Hold'em need the bench extra (rlcard, pygame) beside the env extra; without them only our
figures are reported. Target: The Bum Game for 4 at least ``TARGET_RATIO`` times the steps a second of each
(reported, not asserted).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine import pin_one_core, version_of

TARGET_RATIO = 5.0
TARGET = ("bum-game", 4)
GAMES = ("bum-game", "president", "zheng-shangyou", "arsehole", "gin-bummy", "boojum")
ROOT = Path(__file__).resolve().parent.parent
SLICE_SEEDS = 1000
"""Slice ``k``'s episodes are seeded from ``seed + SLICE_SEEDS * k`` on."""


@dataclass
class Figure:
    """One environment's figures: steps (and actions) a second over all its slices."""

    name: str
    players: int
    make: Callable[[], Any] = field(repr=False)
    steps: int = 0
    actions: int = 0
    episodes: int = 0
    seconds: float = 0.0
    slices: list[float] = field(default_factory=list)
    """Each slice's steps a second."""

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "players": self.players,
            "steps_per_second": round(self.steps_per_second, 1),
            "actions_per_second": round(self.actions_per_second, 1),
            "episodes_begun": self.episodes,
            "steps_timed": self.steps,
            "seconds_timed": round(self.seconds, 3),
            "slices_steps_per_second": [round(x, 1) for x in self.slices],
        }


def drive(env: Any, budget: float, seed: int) -> tuple[int, int, int, float]:
    """Steps, actions (steps that play one) and episodes begun in ``budget`` seconds, and the seconds taken."""
    from numpy import flatnonzero

    rng = random.Random(seed)
    clock = time.perf_counter
    steps = actions = episodes = 0
    start = clock()
    end = start + budget
    while True:
        env.reset(seed=seed + episodes)
        episodes += 1
        for _ in env.agent_iter():
            seen, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                legal = flatnonzero(seen["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                actions += 1
            steps += 1
            if clock() >= end:
                return steps, actions, episodes, clock() - start


def ours(game: str) -> Figure:
    from bumtable import rules
    from bumtable.env import env

    players = rules.get(game).players
    return Figure(game, players, lambda: env(game))


def classic(name: str) -> Figure:
    from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4

    module = {"leduc_holdem_v4": leduc_holdem_v4, "texas_holdem_v4": texas_holdem_v4}[name]
    return Figure(name, 2, module.env)


def tree() -> dict[str, Any]:
    """The commit measured, and the measured files that differ from it (the tree is what runs)."""

    def git(*args: str) -> str:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=False)
        return done.stdout.strip()

    changed = git("status", "--porcelain", "--", "bumtable/env", "bumtable/tensors", "bumtable/rules")
    return {"commit": git("rev-parse", "--short", "HEAD"), "changes": changed.splitlines()}


def print_table(report: dict[str, Any]) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    s = report["settings"]
    pinned = report["machine"]["pinned_cpu"]
    title = (
        f"PettingZoo AEC steps/s (last() + a random legal action), {s['seconds']:g} s in {s['slices']} slices, "
        f"seed {s['seed']}, Python {report['python']}, "
        + (f"pinned to CPU {pinned}" if pinned is not None else "not pinned")
        + f" of {report['machine']['cpu_count']}"
    )
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("env", "n", "steps/s", "actions/s", "x leduc", "x texas"):
        table.add_column(column, justify="left" if column == "env" else "right")
    figures = report["figures"]
    for f in figures.values():
        row = [
            f["name"],
            str(f["players"]),
            f"{f['steps_per_second']:,.0f}",
            f"{f['actions_per_second']:,.0f}",
        ]
        for base in ("leduc_holdem_v4", "texas_holdem_v4"):
            ratio = f.get(f"x_{base}")
            row.append("-" if ratio is None else f"{ratio:.2f}x")
        table.add_row(*row)
    console = Console()
    if not console.is_terminal:
        console = Console(width=120)
    console.print(title, highlight=False, markup=False)
    console.print(table)
    console.print(
        "a step: one last() and one step() (an agent that is done steps None); actions/s counts the steps "
        "that play an action",
        highlight=False,
        markup=False,
    )
    versions = ", ".join(f"{k} {v}" for k, v in report["versions"].items() if v)
    console.print(versions, highlight=False, markup=False)
    console.print(report["target"]["text"], highlight=False, markup=False)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="seconds per environment in all (default 3)")
    ap.add_argument("--slices", type=int, default=6, help="turns each environment takes (default 6)")
    ap.add_argument("--warmup", type=float, default=0.3, help="untimed seconds per environment (default 0.3)")
    ap.add_argument("--seed", type=int, default=0, help="first episode's seed and the chooser's (default 0)")
    ap.add_argument("--games", default=",".join(GAMES), help="our games, comma-separated (default all six)")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--record", type=Path, help="also write the JSON object to this file")
    ap.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.slices < 1 or args.warmup < 0:
        ap.error("--seconds must be > 0, --slices >= 1, --warmup >= 0")
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        ap.error(f"unknown games {', '.join(unknown)}; games: {', '.join(GAMES)}")
    pinned = None if args.no_pin else pin_one_core()

    figures = [ours(game) for game in games]
    try:
        baselines = [classic("leduc_holdem_v4"), classic("texas_holdem_v4")]
        classic_status = "measured"
    except ImportError as e:  # rlcard or pygame missing
        baselines = []
        classic_status = f"not measured ({e}); install with: .venv/bin/pip install -e '.[dev,env,bench]'"
    everything = [*figures, *baselines]
    envs = {f.name: f.make() for f in everything}
    for f in everything:
        if args.warmup > 0:
            drive(envs[f.name], args.warmup, args.seed)
    for k in range(args.slices):
        print(f"slice {k + 1}/{args.slices} ...", file=sys.stderr, flush=True)
        for f in everything:
            gc.collect()
            steps, actions, episodes, elapsed = drive(
                envs[f.name], args.seconds / args.slices, args.seed + SLICE_SEEDS * k
            )
            f.slices.append(steps / elapsed)
            f.steps += steps
            f.actions += actions
            f.episodes += episodes
            f.seconds += elapsed

    table = {f.name: f.to_dict() for f in everything}
    for f in figures:
        for base in baselines:
            table[f.name][f"x_{base.name}"] = round(f.steps_per_second / base.steps_per_second, 3)
    target = next((f for f in figures if (f.name, f.players) == TARGET), None)
    ratios = {b.name: target.steps_per_second / b.steps_per_second for b in baselines} if target else {}
    met = None if not ratios else all(x >= TARGET_RATIO for x in ratios.values())
    goal = f"target: bum-game for 4 at least {TARGET_RATIO:g}x the steps/s of leduc_holdem_v4 and texas_holdem_v4"
    shown = ", ".join(f"{x:.2f}x {name}" for name, x in ratios.items())
    text = f"{goal} - " + (f"{shown}, {'MET' if met else 'NOT MET'}" if ratios else "not checked")
    report: dict[str, Any] = {
        "benchmark": "PettingZoo AEC steps a second: last() and a random legal action, one core",
        "command": "bench/env.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "tree": tree(),
        "figures": table,
        "target": {"text": text, "ratio": TARGET_RATIO, "ratios": ratios, "met": met},
        "classic": classic_status,
        "versions": {
            name: version_of(name)
            for name in ("bumtable", "pettingzoo", "gymnasium", "numpy", "rlcard", "pygame")
        },
        "python": platform.python_version(),
        "machine": {
            "cpu_count": os.cpu_count(),
            "pinned_cpu": pinned,
            "load": list(os.getloadavg()) if hasattr(os, "getloadavg") else None,
            "platform": platform.platform(),
        },
        "settings": {
            "seconds": args.seconds,
            "slices": args.slices,
            "warmup": args.warmup,
            "seed": args.seed,
        },
    }
    if args.record is not None:
        args.record.write_text(json.dumps(report, indent=2) + "\n")
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
