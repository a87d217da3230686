"""How long Boojum's heuristic bot takes to decide: p50, p99 and max over seeded games and big hands.

Two sets of decisions, each timed with ``time.perf_counter`` around ``bot.choose(observation)``:

* **games**: whole seeded 4-player games, heuristic bots in seats 0 and 2, random bots in 1 and 3;
  every heuristic decision is timed (its observation made outside the timing), and each game's
  wall time is kept;
* **hands**: hands of 20 to 30 cards (the hands a long game builds): for each size and seed, a new
  game whose first bidder is given cards from the stack up to that size, timed at the start of its
  auction turn and again at the start of a claim turn with the same hand.

The positions are built by setting the state's public lists (``hands``, ``stack``, ``phase``...),
which both the engine at 76370d4 and after it have, so one script measures both:

    .venv/bin/python bench/boojum_bot.py                         # this tree
    .venv/bin/python bench/boojum_bot.py --before ../old-tree    # and a tree before, in the same run
    .venv/bin/python bench/boojum_bot.py --json

``--before PATH`` runs the same measurements in a child process with ``PYTHONPATH=PATH`` (a
checkout of the code before) and prints both, side by side. Target: under 50 ms a decision
at the 99th percentile on 25-card hands. The script reports, it does not assert.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

TARGET_MS = 50.0


def _percentiles(times: list[float]) -> dict[str, float]:
    if not times:
        return {"n": 0, "p50_ms": 0.0, "p99_ms": 0.0, "max_ms": 0.0}
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return {
        "n": len(ordered),
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p99_ms": round(p99 * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def measure(games: int, seeds: int, sizes: list[int]) -> dict[str, Any]:
    """Every measurement of the module docstring, as JSON-ready data."""
    from bumtable.bots import make_bot
    from bumtable.rules import get

    rules = get("boojum", players=4)
    game_times: list[float] = []
    decisions: list[float] = []
    for g in range(games):
        state = rules.new_state(g)
        bots = [make_bot(k, g * 4 + i, game="boojum") for i, k in enumerate(("heuristic", "random") * 2)]
        start = time.perf_counter()
        while not state.is_over():
            seat = state.current_player()
            obs = state.observe(seat)
            if seat % 2 == 0:
                t0 = time.perf_counter()
                action = bots[seat].choose(obs)
                decisions.append(time.perf_counter() - t0)
            else:
                action = bots[seat].choose(obs)
            state.apply(action, check=False)
        game_times.append(time.perf_counter() - start)
    by_size: dict[str, dict[str, float]] = {}
    every: list[float] = []
    for size in sizes:
        times: list[float] = []
        for seed in range(seeds):
            for phase in ("auction", "claim"):
                state = rules.new_state(1000 + seed)
                p = state.current_player()
                while len(state.hands[p]) < size:
                    state.hands[p].append(state.stack.pop())
                if phase == "claim":  # the phase names as text: the tree before has no phases module
                    state.phase = "claim"
                    state.lot = -1
                    state.claim_order = [(p + i) % rules.players for i in range(rules.players)]
                    state.claim_pos = 0
                    state.turn = p
                state._legal = None
                obs = state.observe(p)
                bot = make_bot("heuristic", seed, game="boojum")
                t0 = time.perf_counter()
                bot.choose(obs)
                times.append(time.perf_counter() - t0)
        by_size[str(size)] = _percentiles(times)
        every += times
    return {
        "games": {
            **_percentiles(decisions),
            "games": games,
            "seconds_per_game": round(statistics.mean(game_times), 3) if game_times else 0.0,
        },
        "hands": {**_percentiles(every), "by_size": by_size, "seeds": seeds},
    }


def _row(name: str, data: dict[str, Any]) -> str:
    return f"{name:<28} {data['n']:>6} {data['p50_ms']:>9.2f} {data['p99_ms']:>9.2f} {data['max_ms']:>9.2f}"


def _table(label: str, result: dict[str, Any]) -> list[str]:
    lines = [f"{label}", f"{'decisions':<28} {'n':>6} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9}"]
    games = result["games"]
    lines.append(_row(f"games ({games['games']} x 4p)", games))
    lines.append(_row("hands 20-30 cards", result["hands"]))
    for size, data in result["hands"]["by_size"].items():
        lines.append(_row(f"  {size}-card hands", data))
    lines.append(f"seconds per game: {games['seconds_per_game']:.3f}")
    p99 = result["hands"]["by_size"].get("25", result["hands"])["p99_ms"]
    verdict = "met" if p99 < TARGET_MS else "not met"
    lines.append(f"target p99 < {TARGET_MS:.0f} ms on 25-card hands: {p99:.2f} ms, {verdict}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10, help="seeded 4-player games (default 10)")
    parser.add_argument("--seeds", type=int, default=20, help="hands per size and phase (default 20)")
    parser.add_argument("--sizes", default="20,25,30", help="hand sizes (default 20,25,30)")
    parser.add_argument("--before", help="also measure this checkout (run with PYTHONPATH=BEFORE)")
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",")]
    out: dict[str, Any] = {"after": measure(args.games, args.seeds, sizes)}
    if args.before:
        env = {**os.environ, "PYTHONPATH": os.path.abspath(args.before)}
        cmd = [sys.executable, os.path.abspath(__file__), "--json", f"--games={args.games}"]
        cmd += [f"--seeds={args.seeds}", f"--sizes={args.sizes}"]
        child = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
        out["before"] = json.loads(child.stdout)["after"]
    if args.json:
        print(json.dumps(out))
        return 0
    if "before" in out:
        print("\n".join(_table(f"before ({args.before})", out["before"])))
        print()
    print("\n".join(_table("this tree", out["after"])))
    return 0


if __name__ == "__main__":
    sys.exit(main())
