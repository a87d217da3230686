"""Random-playout speed of the bumtable engine, against rlcard's Dou Dizhu game in the same run.

Every engine plays whole hands with uniformly random legal actions from a seeded
``random.Random``; a hand's cost includes creating the game (cutting and dealing).
Each measurement runs whole hands for a fixed time budget, after a warm-up, and the
best of several repeats is kept. The process is pinned to one core where the OS allows.

    .venv/bin/python bench/engine.py                  # table
    .venv/bin/python bench/engine.py --json           # one JSON object on stdout
    .venv/bin/python bench/engine.py --seconds 1 --repeats 2

rlcard is a bench-only extra (``pip install -e '.[bench]'``); without it only our
figures are reported. Target: our 4-player actions per second at least
``TARGET_RATIO`` times rlcard's (reported, not asserted).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

TARGET_RATIO = 2.0

PlayHand = Callable[[int, random.Random], int]
"""Play one hand from ``seed`` with random choices from ``rng``; return the number of actions taken."""


# --------------------------------------------------------------------------- engines
def bum_hand(players: int, path: str, game: str = "bum-game") -> PlayHand:
    """One hand of ``game`` (The Bum Game by default) for ``players``. ``path``: "fast", "check" or "observe"."""
    from bumtable.rules import get

    rules = get(game, players=players)

    def engine(seed: int, rng: random.Random, checked: bool) -> int:
        randrange = rng.randrange
        state = rules.new_state(seed)
        results = state.results
        n = 0
        while not results:
            la = state.legal_actions()
            state.apply(la[randrange(len(la))], check=checked)
            n += 1
        return n

    def fast(seed: int, rng: random.Random) -> int:
        return engine(seed, rng, False)

    def check(seed: int, rng: random.Random) -> int:
        return engine(seed, rng, True)

    def observe(seed: int, rng: random.Random) -> int:
        randrange = rng.randrange
        state = rules.new_state(seed)
        results = state.results
        n = 0
        while not results:
            la = state.observe(state.turn).legal_actions()
            state.apply(la[randrange(len(la))], check=False)
            n += 1
        return n

    return {"fast": fast, "check": check, "observe": observe}[path]


def whole_game(players: int, game: str) -> PlayHand:
    """One whole game of Gin Bummy or Boojum (a game is one deal), random legal actions, unchecked."""
    from bumtable.rules import get

    rules = get(game, players=players)

    def play(seed: int, rng: random.Random) -> int:
        randrange = rng.randrange
        state = rules.new_state(seed)
        n = 0
        while not state.is_over():
            la = state.legal_actions()
            state.apply(la[randrange(len(la))], check=False)
            n += 1
        return n

    return play


def rlcard_hand() -> PlayHand:
    """One game of rlcard's Dou Dizhu (3 players); raises ImportError when rlcard is missing."""
    import numpy
    from rlcard.games.doudizhu.game import DoudizhuGame as Game

    game = Game()
    random_state = numpy.random.RandomState

    def play(seed: int, rng: random.Random) -> int:
        randrange = rng.randrange
        game.np_random = random_state(seed)  # init_game hands it to the dealer, players and judger
        state, _ = game.init_game()
        n = 0
        while not game.is_over():
            actions = state["actions"]
            state, _ = game.step(actions[randrange(len(actions))])
            n += 1
        return n

    return play


FAST = "state.legal_actions(); state.apply(a, check=False)"
CHECK = "state.legal_actions(); state.apply(a, check=True)"
OBSERVE = "state.observe(state.turn).legal_actions(); state.apply(a, check=False)"
GAME = "whole games (a hand is a game): state.legal_actions(); state.apply(a, check=False)"
RLCARD = "DoudizhuGame: a from state['actions']; game.step(a) until game.is_over()"


# --------------------------------------------------------------------------- measuring
@dataclass
class Figures:
    key: str
    engine: str
    game: str
    players: int
    path: str
    detail: str
    actions_per_second: float = 0.0
    hands_per_second: float = 0.0
    actions_per_hand: float = 0.0
    hands: int = 0
    actions: int = 0
    seconds: float = 0.0
    repeats_actions_per_second: list[float] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "engine": self.engine,
            "game": self.game,
            "players": self.players,
            "path": self.path,
            "detail": self.detail,
            "actions_per_second": round(self.actions_per_second, 1),
            "hands_per_second": round(self.hands_per_second, 2),
            "actions_per_hand": round(self.actions_per_hand, 2),
            "hands_timed": self.hands,
            "actions_timed": self.actions,
            "seconds_timed": round(self.seconds, 3),
            "repeats_actions_per_second": [round(x, 1) for x in self.repeats_actions_per_second],
        }


def run_for(play: PlayHand, budget: float, seed: int) -> tuple[int, int, float]:
    """Whole hands (seeds ``seed``, ``seed + 1``, ...) until ``budget`` seconds pass: (hands, actions, seconds)."""
    rng = random.Random(seed)
    clock = time.perf_counter
    hands = actions = 0
    start = clock()
    end = start + budget
    while True:
        actions += play(seed + hands, rng)
        hands += 1
        now = clock()
        if now >= end:
            return hands, actions, now - start


def measure(
    fig: Figures, play: PlayHand, *, seconds: float, repeats: int, warmup: float, seed: int
) -> Figures:
    """Warm up, then ``repeats`` timed runs from the same seed; keep the best actions per second."""
    if warmup > 0:
        run_for(play, warmup, seed)
    total_hands = total_actions = 0
    for _ in range(repeats):
        gc.collect()
        hands, actions, elapsed = run_for(play, seconds, seed)
        total_hands += hands
        total_actions += actions
        rate = actions / elapsed
        fig.repeats_actions_per_second.append(rate)
        if rate > fig.actions_per_second:
            fig.actions_per_second = rate
            fig.hands_per_second = hands / elapsed
            fig.hands, fig.actions, fig.seconds = hands, actions, elapsed
    fig.actions_per_hand = total_actions / total_hands
    return fig


def pin_one_core() -> int | None:
    """Pin this process to one allowed CPU; that CPU, or None where the OS does not allow it."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        cpu = max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
    except OSError:
        return None
    return cpu


def version_of(dist: str) -> str | None:
    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return None


# --------------------------------------------------------------------------- output
def fmt(x: float, digits: int = 0) -> str:
    return f"{x:,.{digits}f}"


def verdict(ratio: float | None) -> str:
    goal = f"target: our 4-player actions/s at least {TARGET_RATIO:g}x rlcard's Dou Dizhu"
    if ratio is None:
        return f"{goal} - not checked (rlcard not measured)"
    met = "MET" if ratio >= TARGET_RATIO else "NOT MET"
    return f"{goal} - {ratio:.2f}x, {met}"


def print_table(report: dict[str, Any], figures: list[Figures], rl: Figures | None) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    settings = report["settings"]
    pinned = report["machine"]["pinned_cpu"]
    title = (
        f"Random playouts, {settings['seconds']:g} s x best of {settings['repeats']}, seed {settings['seed']}, "
        f"Python {report['python']['version']}, "
        + (f"pinned to CPU {pinned}" if pinned is not None else "not pinned")
        + f" of {report['machine']['cpu_count']}"
    )
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("engine")
    table.add_column("game")
    table.add_column("n", justify="right")
    table.add_column("path")
    table.add_column("actions/s", justify="right")
    table.add_column("hands/s", justify="right")
    table.add_column("act/hand", justify="right")
    table.add_column("x rlcard", justify="right")
    for f in [*figures, *([rl] if rl else [])]:
        vs = f"{f.actions_per_second / rl.actions_per_second:.2f}x" if rl else "-"
        table.add_row(
            f.engine,
            f.game,
            str(f.players),
            f.path,
            fmt(f.actions_per_second),
            fmt(f.hands_per_second, 1),
            fmt(f.actions_per_hand, 1),
            vs,
        )
    console = Console()
    if not console.is_terminal:
        console = Console(width=100)
    console.print(table)
    notes = [
        "n: players; a hand includes creating the game (cutting and dealing).",
        f"check=False: {FAST}",
        f"check=True:  {CHECK}",
        f"observe:     {OBSERVE}",
    ]
    if rl is not None:
        notes.append(f"step:        {RLCARD}")
    versions = f"bumtable {report['bumtable']}"
    if rl is not None:
        versions += f", rlcard {report['rlcard']['version']} (numpy {report['rlcard']['numpy']})"
    notes.append(versions)
    for line in notes:
        console.print(line, highlight=False, markup=False)
    if rl is None:
        console.print(
            f"rlcard: {report['rlcard']['status']}; our figures only", highlight=False, markup=False
        )
    ratio = report["ratio_actions_per_second"]
    met = report["target"]["met"]
    style = "bold green" if met else ("bold red" if met is False else "bold yellow")
    console.print(verdict(ratio), style=style, highlight=False)


# --------------------------------------------------------------------------- main
def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="time budget per repeat (default 3)")
    ap.add_argument(
        "--repeats", type=int, default=3, help="timed repeats per figure; the best is kept (default 3)"
    )
    ap.add_argument(
        "--warmup", type=float, default=0.5, help="untimed seconds before each figure (default 0.5)"
    )
    ap.add_argument(
        "--seed", type=int, default=0, help="first deal's seed and the chooser's seed (default 0)"
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--skip-rlcard", action="store_true", help="measure our engine only")
    ap.add_argument("--no-pin", action="store_true", help="do not pin the process to one core")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.repeats < 1 or args.warmup < 0:
        ap.error("--seconds must be > 0, --repeats >= 1, --warmup >= 0")

    pinned = None if args.no_pin else pin_one_core()

    ours = "bumtable"
    figures = [
        Figures("bumtable_4p", ours, "bum-game", 4, "check=False", FAST),
        Figures("bumtable_4p_check", ours, "bum-game", 4, "check=True", CHECK),
        Figures("bumtable_4p_observe", ours, "bum-game", 4, "observe", OBSERVE),
        Figures("bumtable_3p", ours, "bum-game", 3, "check=False", FAST),
        Figures("bumtable_5p", ours, "bum-game", 5, "check=False", FAST),
        Figures("bumtable_6p", ours, "bum-game", 6, "check=False", FAST),
        Figures("bumtable_president_4p", ours, "president", 4, "check=False", FAST),
        Figures("bumtable_zheng_shangyou_5p", ours, "zheng-shangyou", 5, "check=False", FAST),
        Figures("bumtable_arsehole_4p", ours, "arsehole", 4, "check=False", FAST),
        Figures("bumtable_gin_bummy_2p", ours, "gin-bummy", 2, "check=False", GAME),
        Figures("bumtable_gin_bummy_4p", ours, "gin-bummy", 4, "check=False", GAME),
        Figures("bumtable_boojum_4p", ours, "boojum", 4, "check=False", GAME),
    ]
    plays = [
        bum_hand(4, "fast"),
        bum_hand(4, "check"),
        bum_hand(4, "observe"),
        bum_hand(3, "fast"),
        bum_hand(5, "fast"),
        bum_hand(6, "fast"),
        bum_hand(4, "fast", "president"),
        bum_hand(5, "fast", "zheng-shangyou"),
        bum_hand(4, "fast", "arsehole"),
        whole_game(2, "gin-bummy"),
        whole_game(4, "gin-bummy"),
        whole_game(4, "boojum"),
    ]

    rl_play: PlayHand | None = None
    rl_status: str
    rl_version = version_of("rlcard")
    if args.skip_rlcard:
        rl_status = "skipped (--skip-rlcard)"
    else:
        try:
            rl_play = rlcard_hand()
            rl_status = f"rlcard {rl_version} measured"
        except ImportError as e:
            if rl_version is None:
                rl_status = "not installed; install with: .venv/bin/pip install -e '.[dev,bench]'"
            else:
                rl_status = f"rlcard {rl_version} is installed but failed to import: {e}"
    rl = Figures("rlcard_doudizhu", "rlcard", "doudizhu", 3, "step", RLCARD)

    jobs: list[tuple[Figures, PlayHand]] = list(zip(figures, plays, strict=True))
    if rl_play is not None:
        jobs.insert(1, (rl, rl_play))
    for i, (fig, play) in enumerate(jobs, 1):
        print(
            f"[{i}/{len(jobs)}] {fig.engine} {fig.game} {fig.players}p {fig.path} ...",
            file=sys.stderr,
            flush=True,
        )
        measure(fig, play, seconds=args.seconds, repeats=args.repeats, warmup=args.warmup, seed=args.seed)

    measured_rl = rl if rl_play is not None else None
    ratio = figures[0].actions_per_second / measured_rl.actions_per_second if measured_rl else None
    engines = {f.key: f.to_dict() for f in figures}
    if measured_rl:
        engines[rl.key] = rl.to_dict()
        for f in figures:
            engines[f.key]["vs_rlcard_actions_per_second"] = round(
                f.actions_per_second / rl.actions_per_second, 3
            )
    report: dict[str, Any] = {
        "benchmark": "random playouts, uniform random legal actions, one core",
        "engines": engines,
        "ratio_actions_per_second": None if ratio is None else round(ratio, 3),
        "ratio_hands_per_second": (
            round(figures[0].hands_per_second / rl.hands_per_second, 3) if measured_rl else None
        ),
        "target": {
            "description": f"bumtable_4p actions/s >= {TARGET_RATIO:g} x rlcard_doudizhu actions/s",
            "ratio": TARGET_RATIO,
            "met": None if ratio is None else ratio >= TARGET_RATIO,
        },
        "rlcard": {
            "installed": rl_version is not None,
            "version": rl_version,
            "numpy": version_of("numpy"),
            "status": rl_status,
        },
        "bumtable": version_of("bumtable"),
        "python": {
            "version": platform.python_version(),
            "implementation": platform.python_implementation(),
            "executable": sys.executable,
        },
        "machine": {
            "cpu_count": os.cpu_count(),
            "pinned_cpu": pinned,
            "platform": platform.platform(),
            "arch": platform.machine(),
        },
        "settings": {
            "seconds": args.seconds,
            "repeats": args.repeats,
            "warmup": args.warmup,
            "seed": args.seed,
            "gc": gc.isenabled(),
        },
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report, figures, measured_rl)
    return 0


if __name__ == "__main__":
    sys.exit(main())
