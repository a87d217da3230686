"""Simulation speed: hands per second of The Bum Game for 4 on one core, this tree against an older one.

Each figure is measured in its own Python process, pinned to one core, with ``PYTHONPATH`` set to
the tree it measures, so two versions of bumtable can be set against each other in one run:

    .venv/bin/python bench/simulate.py                            # this tree only
    git worktree add /tmp/before 76370d4                          # the code at 76370d4
    .venv/bin/python bench/simulate.py --before /tmp/before       # both, interleaved, with ratios
    .venv/bin/python bench/simulate.py --before /tmp/before --json

Rows: ``greedy`` and ``random`` are ``bumtable.sim.simulate(rules, hands=H, bots=[kind], seed=S)``
(what ``bumtable simulate`` runs, one process); ``playout`` plays hands with uniformly random
legal actions straight on the state (``legal_actions`` + ``apply(check=False)``, as
``bench/engine.py`` does) from ``rules.new_state(seed)``, and ``playout-nohist`` does the same from
``new_state(seed).copy(history=False)`` (trees that have it). Each process first plays an untimed
warm-up from another seed. Trees and rows are interleaved, and the best of ``--repeats`` is kept.
A last check plays seeded hands with greedy bots in every tree and compares digests of every
action chosen: the same digest means the same decisions (given the same deals).

Each process is timed by its own CPU time (``--clock wall`` for the wall clock): on a shared machine
the time spent waiting for the core is not the code's. Even so, other work on the machine slows the
code it shares a core with, so ``--instructions HANDS`` also counts the instructions per hand under
valgrind (cachegrind, no cache simulation), which do not depend on the load at all.

Targets: greedy at least 2x the older tree's hands per second, random playout no slower.
The million-hands line turns hands per second into minutes for 1,000,000 hands, in one process
and in two (measured with ``simulate(..., jobs=2)`` where this tree has it, not pinned).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent.parent
"""This tree (the repository root holding this script)."""

GREEDY_TARGET = 2.0
MILLION = 1_000_000
ROWS = ("greedy", "random", "playout", "playout-nohist")
DIGEST_GAMES = (("bum-game", 4), ("president", 4), ("zheng-shangyou", 4), ("arsehole", 5))


# --------------------------------------------------------------------------- worker (runs in the tree measured)
def _pin() -> int | None:
    """Pin this process to the last CPU it may use; that CPU, or None where the OS does not allow it."""
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        cpu = max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
    except OSError:
        return None
    return cpu


Clock = tuple[float, float]
"""Wall-clock seconds and this process's CPU seconds."""


def _clock() -> Clock:
    import time

    return time.perf_counter(), time.process_time()


def _since(start: Clock) -> Clock:
    now = _clock()
    return now[0] - start[0], now[1] - start[1]


def _playout(rules: Any, hands: int, seed: int, history: bool) -> Clock:
    """Time to play ``hands`` first hands (seeds ``seed``, ``seed + 1``, ...) with random legal actions."""
    import random

    rng = random.Random(seed)
    randrange = rng.randrange
    start = _clock()
    for k in range(hands):
        state = rules.new_state(seed + k)
        if not history:
            state = state.copy(history=False)
        first = state.hand_no
        while state.hand_no == first and not state.is_over():
            la = state.legal_actions()
            state.apply(la[randrange(len(la))], check=False)
    return _since(start)


def _simulate(rules: Any, kind: str, hands: int, seed: int, jobs: int) -> Clock:
    """Time for ``bumtable.sim.simulate`` to play ``hands`` hands with ``kind`` bots in every seat."""
    from bumtable.sim import simulate

    start = _clock()
    if jobs == 1:
        report = simulate(rules, hands=hands, bots=[kind], seed=seed)
    else:
        report = simulate(rules, hands=hands, bots=[kind], seed=seed, jobs=jobs)  # only in trees that have it
    took = _since(start)
    assert report.hands == hands
    return took


def _digest(hands: int, seed: int) -> dict[str, str]:
    """A digest of every action greedy bots choose in ``hands`` hands of each of DIGEST_GAMES."""
    import hashlib

    from bumtable.bots import make_bot
    from bumtable.rules import get

    out = {}
    for system, players in DIGEST_GAMES:
        rules = get(system, players=players)
        h = hashlib.sha256()
        done = match = 0
        while done < hands:
            state = rules.new_state(seed + match)
            match += 1
            bots = [make_bot("greedy", seed + 100 * match + i, game=system) for i in range(players)]
            hand_no = state.hand_no
            while done < hands and not state.is_over():
                seat = state.current_player()
                action = bots[seat].choose(state.observe(seat))
                h.update(repr(tuple(action)).encode())
                state.apply(action, check=False)
                if state.hand_no != hand_no:
                    hand_no = state.hand_no
                    done += 1
        out[f"{system} {players}p"] = h.hexdigest()[:16]
    return out


def worker(task: dict[str, Any]) -> dict[str, Any]:
    """Run one measurement (``task["row"]``) in this process and say which bumtable ran it."""
    import bumtable
    from bumtable.rules import get

    row, hands, seed = task["row"], task["hands"], task["seed"]
    jobs = task.get("jobs", 1)
    out: dict[str, Any] = {"bumtable": str(Path(bumtable.__file__).resolve().parent.parent)}
    if row == "digest":
        out["digest"] = _digest(hands, seed)
        return out
    out["cpu"] = _pin() if jobs == 1 and task.get("pin", True) else None
    rules = get("bum-game", players=4)
    warm = max(1, hands // 10)
    if row in ("greedy", "random"):
        _simulate(rules, row, warm, seed + 1_000_003, jobs)
        if task.get("warm_only"):
            return out
        took = _simulate(rules, row, hands, seed, jobs)
    else:
        history = row == "playout"
        if not history:
            import inspect

            if "history" not in inspect.signature(rules.new_state(0).copy).parameters:
                out["missing"] = "no copy(history=False) in this tree"
                return out
        _playout(rules, warm, seed + 1_000_003, history)
        if task.get("warm_only"):
            return out
        took = _playout(rules, hands, seed, history)
    out["seconds"], out["cpu_seconds"] = took
    # Other processes' children do not count in process_time: two processes are timed by the wall clock.
    out["clock"] = "wall" if jobs > 1 or task.get("clock") == "wall" else "cpu"
    out["hands"] = hands
    out["hands_per_second"] = hands / (out["seconds"] if out["clock"] == "wall" else out["cpu_seconds"])
    return out


def has_jobs(tree: Path) -> bool:
    """Whether the tree's ``simulate`` takes ``jobs`` (run there, so this tree's import is not used)."""
    code = "import inspect, bumtable.sim as s; print('jobs' in inspect.signature(s.simulate).parameters)"
    # Run from the tree itself: with -c the current folder comes first on the path.
    done = subprocess.run(
        [sys.executable, "-c", code], env=_env(tree), cwd=tree, capture_output=True, text=True, check=True
    )
    return done.stdout.strip() == "True"


# --------------------------------------------------------------------------- parent
def _env(tree: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env.pop("PYTHONHASHSEED", None)
    return env


VALGRIND = ("valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null")


def run_in(tree: Path, task: dict[str, Any], *, count: bool = False) -> dict[str, Any]:
    """Run ``worker(task)`` in a new process that imports bumtable from ``tree``; with ``count``, under
    valgrind, and say how many instructions the process ran (``instructions``)."""
    done = subprocess.run(
        [
            *(VALGRIND if count else ()),
            sys.executable,
            str(Path(__file__).resolve()),
            "--worker",
            json.dumps(task),
        ],
        env=_env(tree),
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"measuring {task} in {tree} failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout)
    if count:
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        if refs is None:
            raise SystemExit(f"valgrind did not report instructions:\n{done.stderr[-2000:]}")
        result["instructions"] = int(refs.group(1).replace(",", ""))
    if Path(result["bumtable"]) != tree.resolve():
        raise SystemExit(f"asked for bumtable from {tree}, but {result['bumtable']} was imported")
    return result


def _instruction_ratios(per_hand: dict[str, dict[str, float | None]], rows: list[str]) -> dict[str, float]:
    """Older tree's instructions per hand over this tree's, per row (``playout-nohist`` against ``playout``)."""
    out: dict[str, float] = {}
    for row in rows:
        now = per_hand["this"].get(row)
        then = per_hand.get("before", {}).get("playout" if row == "playout-nohist" else row)
        if now and then:
            out[row] = then / now
    return out


def _per_million(hps: float | None) -> float | None:
    """Minutes for a million hands at ``hps`` hands per second (None when not measured)."""
    return None if not hps else MILLION / hps / 60


def _at_least(ratio: float | None, target: float) -> bool | None:
    return None if ratio is None else ratio >= target


def _minutes(hps: float | None) -> str:
    return "-" if not hps else f"{MILLION / hps / 60:,.1f} min"


def measure(args: argparse.Namespace) -> dict[str, Any]:
    trees = {"this": HERE} | ({"before": Path(args.before).resolve()} if args.before else {})
    hands = {"greedy": args.hands, "random": args.hands, "playout": args.playout_hands}
    hands["playout-nohist"] = args.playout_hands
    best: dict[str, dict[str, float | None]] = {name: dict.fromkeys(ROWS) for name in trees}
    runs: dict[str, dict[str, list[float]]] = {name: {row: [] for row in ROWS} for name in trees}
    notes: dict[str, dict[str, str]] = {name: {} for name in trees}
    cpu = None
    for i in range(args.repeats):
        for row in args.rows:
            for name, tree in trees.items():
                if row in notes[name]:
                    continue
                print(f"[{i + 1}/{args.repeats}] {row:<15} {name} ({tree})", file=sys.stderr, flush=True)
                task = {"row": row, "hands": hands[row], "seed": args.seed, "pin": not args.no_pin}
                task["clock"] = args.clock
                got = run_in(tree, task)
                if "missing" in got:
                    notes[name][row] = got["missing"]
                    continue
                cpu = got["cpu"]
                hps = got["hands_per_second"]
                runs[name][row].append(round(hps, 2))
                best[name][row] = max(best[name][row] or 0.0, hps)
    two: dict[str, float | None] = dict.fromkeys(trees)
    why_not_two: dict[str, str] = {}
    for name, tree in trees.items():
        if args.skip_jobs:
            why_not_two[name] = "not measured (--skip-jobs)"
        elif not has_jobs(tree):
            why_not_two[name] = "simulate runs in one process only in this tree"
        else:
            print(f"greedy, 2 processes: {name}", file=sys.stderr, flush=True)
            # at least 10 of simulate's 200-hand chunks, so both processes have work all along
            many = max(2 * args.hands, 2000)
            got = run_in(tree, {"row": "greedy", "hands": many, "seed": args.seed, "jobs": 2})
            two[name] = got["hands_per_second"]
    digests: dict[str, dict[str, str]] = {}
    if args.digest_hands:
        for name, tree in trees.items():
            print(f"decision digests: {name}", file=sys.stderr, flush=True)
            digests[name] = run_in(tree, {"row": "digest", "hands": args.digest_hands, "seed": args.seed})[
                "digest"
            ]
    per_hand: dict[str, dict[str, float | None]] = {name: {} for name in trees}
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind on the PATH")
        for row in args.rows:
            for name, tree in trees.items():
                if row in notes[name]:
                    continue
                print(f"instructions: {row:<15} {name}", file=sys.stderr, flush=True)
                task = {"row": row, "hands": args.instructions, "seed": args.seed, "pin": False}
                full = run_in(tree, task, count=True)["instructions"]
                warm = run_in(tree, task | {"warm_only": True}, count=True)["instructions"]
                per_hand[name][row] = (full - warm) / args.instructions
    ratios: dict[str, float | None] = {}
    if "before" in trees:
        for row in ROWS:
            now, then = best["this"][row], best["before"]["playout" if row == "playout-nohist" else row]
            ratios[row] = None if not now or not then else now / then
    return {
        "benchmark": "The Bum Game for 4, hands per second, one process pinned to one core",
        "trees": {name: str(tree) for name, tree in trees.items()},
        "hands_per_second": best,
        "repeats_hands_per_second": runs,
        "notes": notes,
        "ratio_this_over_before": ratios,
        "instructions_per_hand": per_hand,
        "instruction_ratio_before_over_this": _instruction_ratios(per_hand, args.rows),
        "greedy_two_processes_hands_per_second": two,
        "greedy_two_processes_not_measured": why_not_two,
        "million_hands_minutes": {
            name: {
                "one_process": _per_million(best[name]["greedy"]),
                "two_processes": _per_million(two[name]),
            }
            for name in trees
        },
        "decision_digests": digests,
        "same_decisions": None if len(digests) < 2 else digests["this"] == digests["before"],
        "targets": {
            "greedy_ratio_at_least": GREEDY_TARGET,
            "greedy_met": _at_least(ratios.get("greedy"), GREEDY_TARGET),
            "playout_no_slower_met": _at_least(ratios.get("playout"), 1.0),
        },
        "settings": {
            "hands": args.hands,
            "playout_hands": args.playout_hands,
            "repeats": args.repeats,
            "rows": args.rows,
            "clock": args.clock,
            "instruction_hands": args.instructions,
            "seed": args.seed,
            "pinned_cpu": cpu,
        },
        "python": platform.python_version(),
        "machine": {"cpu_count": os.cpu_count(), "platform": platform.platform()},
    }


def print_table(report: dict[str, Any]) -> None:
    trees = report["trees"]
    s = report["settings"]
    pinned = "not pinned" if s["pinned_cpu"] is None else f"pinned to CPU {s['pinned_cpu']}"
    print(
        f"The Bum Game for 4, hands/s ({s['clock']} time), best of {s['repeats']}, seed {s['seed']}, {s['hands']} hands "
        f"(playouts {s['playout_hands']}), Python {report['python']}, {pinned} of {report['machine']['cpu_count']}"
    )
    head = f"  {'row':<16}" + "".join(f"{name:>12}" for name in trees)
    if "before" in trees:
        head += f"{'this/before':>13}"
    print(head)
    for row in s["rows"]:
        line = f"  {row:<16}"
        for name in trees:
            hps = report["hands_per_second"][name][row]
            line += f"{'-' if hps is None else f'{hps:,.1f}':>12}"
        if "before" in trees:
            r = report["ratio_this_over_before"][row]
            line += f"{'-' if r is None else f'{r:.2f}x':>13}"
        print(line)
    for name, tree in trees.items():
        for row, why in report["notes"][name].items():
            print(f"  {row} in {name}: {why}")
        print(f"  {name}: {tree}")
    if "playout-nohist" in s["rows"]:
        print("  playout-nohist is set against the older tree's playout (it has no event log to skip).")
    for name in trees if "greedy" in s["rows"] else ():
        m = report["million_hands_minutes"][name]
        one = report["hands_per_second"][name]["greedy"]
        two = report["greedy_two_processes_hands_per_second"][name]
        print(
            f"1,000,000 greedy hands ({name}): {_minutes(one)} in one process, "
            + (
                f"{_minutes(two)} in two ({two:,.1f} hands/s measured, jobs=2)"
                if m["two_processes"]
                else report["greedy_two_processes_not_measured"][name]
            )
        )
    if report["same_decisions"] is not None:
        same = "the same" if report["same_decisions"] else "DIFFERENT"
        print(f"greedy decisions over seeded hands ({', '.join(report['decision_digests']['this'])}): {same}")
    if s["instruction_hands"]:
        print(f"Instructions per hand (valgrind, {s['instruction_hands']} hands after the warm-up)")
        print(f"  {'row':<16}" + "".join(f"{name:>14}" for name in trees) + f"{'before/this':>13}")
        for row in s["rows"]:
            line = f"  {row:<16}"
            for name in trees:
                n = report["instructions_per_hand"][name].get(row)
                line += f"{'-' if n is None else f'{n:,.0f}':>14}"
            ratio = report["instruction_ratio_before_over_this"].get(row)
            print(line + f"{'-' if ratio is None else f'{ratio:.2f}x':>13}")
    t, r = report["targets"], report["ratio_this_over_before"]
    if t["greedy_met"] is not None:
        met = "MET" if t["greedy_met"] else "NOT MET"
        print(f"target: greedy at least {GREEDY_TARGET:g}x - {r['greedy']:.2f}x, {met}")
    if t["playout_no_slower_met"] is not None:
        met = "MET" if t["playout_no_slower_met"] else "NOT MET"
        print(f"target: random playout no slower - {r['playout']:.2f}x, {met}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", metavar="PATH", help="an older tree to measure in the same run")
    ap.add_argument("--hands", type=int, default=2000, help="hands per simulation (default 2000)")
    ap.add_argument("--playout-hands", type=int, default=4000, help="hands per playout figure (default 4000)")
    ap.add_argument("--repeats", type=int, default=3, help="runs per figure; the best is kept (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="simulation seed (default 1)")
    ap.add_argument(
        "--digest-hands", type=int, default=200, help="hands per game for the decision check (0: skip)"
    )
    ap.add_argument(
        "--rows",
        type=lambda text: [r for r in text.split(",") if r],
        default=list(ROWS),
        help=f"rows to measure, comma-separated (default all: {','.join(ROWS)})",
    )
    ap.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="time one process by its CPU time (default: on a shared machine, waiting for the core is not "
        "counted) or by the wall clock",
    )
    ap.add_argument(
        "--instructions",
        type=int,
        default=0,
        metavar="HANDS",
        help="also count instructions per hand under valgrind over HANDS hands (slow, but the same on a busy "
        "machine; 0: off)",
    )
    ap.add_argument("--skip-jobs", action="store_true", help="do not measure two processes")
    ap.add_argument("--no-pin", action="store_true", help="do not pin to one core")
    ap.add_argument("--json", action="store_true", help="print one JSON object instead of the table")
    ap.add_argument("--worker", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        print(json.dumps(worker(json.loads(args.worker))))
        return 0
    if set(args.rows) - set(ROWS):
        ap.error(f"--rows: unknown {', '.join(sorted(set(args.rows) - set(ROWS)))}; rows: {', '.join(ROWS)}")
    if args.hands < 1 or args.playout_hands < 1 or args.repeats < 1:
        ap.error("--hands, --playout-hands and --repeats must be at least 1")
    if args.before and not (Path(args.before) / "bumtable" / "__init__.py").exists():
        ap.error(f"--before {args.before}: no bumtable package there")
    report = measure(args)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
