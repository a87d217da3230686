"""Random-playout speed of the compiled engine (``bumtable.fast``), The Bum Game for 4, one core, against
the rules layer in the same run: one-hand matches (``--game hand``, the default) or whole matches to the
preset's target of 100 (``--game match``: the exchange, revolutions and scores of every hand).

Rows, each for batch sizes 1, 64 and 1024 (``--batches``):

- ``step``: the public loop, ``state = game.step(state, game.random_actions(state, rng))`` until every row is
  over (numpy's generator picks the actions; each call crosses from Python into the kernels);
- ``playout``: ``game.playout(state, seed)``, the same step kernel looped inside the compiled code;
- ``playout, no planes``: the same with ``make(rules, observe=False)``.

Dealing (``game.init``: numpy generators seeded per key, the cut, the deal) is timed apart and not in the
actions a second; "with deal" counts it in. The reference row is ``bench/engine.py``'s ``check=False`` loop.
Compile time is measured in a child process with an empty Numba cache.

    .venv/bin/python bench/fast_engine.py
    .venv/bin/python bench/fast_engine.py --seconds 1 --repeats 2 --record bench/records/fast-engine-$(git rev-parse --short HEAD).json
    .venv/bin/python bench/fast_engine.py --game match --batches 1 64 256 --record bench/records/fast-match-$(git rev-parse --short HEAD).json
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
TARGET = 2_200_000
"""Actions a second on one core: twice OpenSpiel's C++ Dou Dizhu."""


def pin_one_core() -> int | None:
    if not hasattr(os, "sched_setaffinity"):
        return None
    try:
        cpu = max(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
    except OSError:
        return None
    return cpu


def compile_seconds() -> float:
    """Seconds from import to the first step done, in a child process with an empty Numba cache."""
    code = (
        "import time; t = time.perf_counter()\n"
        "from bumtable.fast import make; from bumtable.rules import get; import numpy as np\n"
        "g = make(get('bum-game', players=4, rounds=1)); s = g.init([0])\n"
        "g.step(s, g.random_actions(s, np.random.default_rng(0))); g.playout(s, 0)\n"
        "print(time.perf_counter() - t)"
    )
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        done = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True, cwd=ROOT
        )
    return float(done.stdout.strip())


def measure(run: Any, seconds: float, repeats: int) -> dict[str, float]:
    """Best of ``repeats`` runs of whole batches for ``seconds`` each: actions a second, with and without dealing."""
    best: dict[str, float] = {}
    key = 0
    for _ in range(repeats):
        actions, play, deal = 0, 0.0, 0.0
        while play + deal < seconds:
            n, p, d = run(key)
            key += 1
            actions, play, deal = actions + n, play + p, deal + d
        rate = actions / play
        if rate > best.get("actions_per_second", 0.0):
            best = {
                "actions_per_second": round(rate, 1),
                "with_deal_per_second": round(actions / (play + deal), 1),
                "actions": actions,
                "seconds": round(play + deal, 3),
            }
    return best


GAMES = {"hand": {"players": 4, "rounds": 1}, "match": {"players": 4}}
"""The rules each ``--game`` plays: ``get("bum-game", **GAMES[game])``."""


def fast_runs(batch: int, path: str, which: str) -> Any:
    from bumtable.fast import make
    from bumtable.rules import get

    rules = get("bum-game", **GAMES[which])
    game = make(rules, observe=path != "playout, no planes")

    def run(key: int) -> tuple[int, float, float]:
        t0 = time.perf_counter()
        state = game.init(np.arange(key * batch, (key + 1) * batch))
        t1 = time.perf_counter()
        if path == "step":
            rng = np.random.default_rng(key)
            while not state.terminated.all():
                game.step(state, game.random_actions(state, rng))
            n = int(state.ints[:, 8].sum())
        else:
            n = game.playout(state, key)
        return n, time.perf_counter() - t1, t1 - t0

    run(10_000)  # compiled (or loaded from the cache) before timing
    return run


def reference_run(which: str) -> Any:
    from bumtable.rules import get

    rules = get("bum-game", players=4)
    match = which == "match"

    def run(key: int) -> tuple[int, float, float]:
        rng = random.Random(key)
        t0 = time.perf_counter()
        state = rules.new_state(key)
        t1 = time.perf_counter()
        n = 0
        results = state.results
        while not (state.is_over() if match else results):
            la = state.legal_actions()
            state.apply(la[rng.randrange(len(la))], check=False)  # type: ignore[attr-defined]
            n += 1
        return n, time.perf_counter() - t1, t1 - t0

    return run


def tree() -> dict[str, Any]:
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=False
        ).stdout.strip()

    changed = git("status", "--porcelain", "--", "bumtable/fast", "bumtable/rules", "bumtable/tensors")
    return {"commit": git("rev-parse", "--short", "HEAD"), "changes": changed.splitlines()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per repeat (default 2)")
    parser.add_argument("--repeats", type=int, default=3, help="repeats, the best kept (default 3)")
    parser.add_argument("--batches", type=int, nargs="+", default=[1, 64, 1024])
    parser.add_argument("--record", help="also write the report as JSON here")
    parser.add_argument(
        "--game", choices=sorted(GAMES), default="hand", help="one-hand matches or whole ones"
    )
    args = parser.parse_args(argv)
    cpu = pin_one_core()
    report: dict[str, Any] = {
        "benchmark": f"The Bum Game for 4 ({'whole matches' if args.game == 'match' else 'one-hand matches'}), "
        "random playouts, actions a second on one core",
        "game": args.game,
        "command": " ".join(["bench/fast_engine.py", *(argv if argv is not None else sys.argv[1:])]),
        "tree": tree(),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpu": cpu,
        "load_before": os.getloadavg()[0],
        "compile_seconds": round(compile_seconds(), 2),
        "target": TARGET,
        "figures": [],
    }
    print(f"compile (empty cache): {report['compile_seconds']} s", file=sys.stderr)
    ref = measure(reference_run(args.game), args.seconds, args.repeats)
    report["figures"].append({"engine": "rules layer", "path": "check=False", "batch": 1, **ref})
    print(f"rules layer: {ref['actions_per_second']:,.0f} actions/s", file=sys.stderr)
    for path in ("step", "playout", "playout, no planes"):
        for batch in args.batches:
            fig = measure(fast_runs(batch, path, args.game), args.seconds, args.repeats)
            fig["x_rules_layer"] = round(fig["actions_per_second"] / ref["actions_per_second"], 1)
            report["figures"].append({"engine": "bumtable.fast", "path": path, "batch": batch, **fig})
            print(
                f"fast {path:>18} batch {batch:>5}: {fig['actions_per_second']:>12,.0f} actions/s "
                f"({fig['with_deal_per_second']:,.0f} with deal), {fig['x_rules_layer']}x",
                file=sys.stderr,
            )
    report["load_after"] = os.getloadavg()[0]
    best = max(f["actions_per_second"] for f in report["figures"])
    report["target_met"] = best >= TARGET
    text = json.dumps(report, indent=2)
    print(text)
    if args.record:
        Path(args.record).write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
