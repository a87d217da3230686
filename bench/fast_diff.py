"""The differential check of the compiled engine on many games: the same deals and uniformly random legal
actions in the compiled engine and the rules layer, the legal masks, the player to act and the observation
compared at every step and the returns at the end (``bumtable.fast.check``).

    .venv/bin/python bench/fast_diff.py --games 10000 --preset hand --preset first-hand
    .venv/bin/python bench/fast_diff.py --games 2000 --preset match --first 50000 --jobs 16
    .venv/bin/python bench/fast_diff.py --list
    .venv/bin/python bench/fast_diff.py --backend jax --games 1000 --preset hand --preset match

A difference prints its seed; add that seed to ``REGRESSION_SEEDS`` in ``tests/test_fast_engine.py``.
The exit status is 1 when any game differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bumtable.fast import make
from bumtable.fast.check import Difference, differences, jax_differences
from bumtable.rules import get

VARIANTS = (
    "optional-revolution",
    "bum-only",
    "simultaneous-exchange",
    "highest-total-wins",
    "single-session",
    "one-hour",
)
PRESETS: dict[str, tuple[Callable[[], Any], bool]] = {
    "hand": (lambda: get("bum-game", players=4, rounds=1), False),
    # a match's first hand, as `bumtable tournament` plays it (the rules layer's stop_at_hand_end)
    "first-hand": (lambda: get("bum-game", players=4), True),
    "match": (lambda: get("bum-game", players=4), False),
    **{v: ((lambda v=v: get("bum-game", players=4, variants=[v])), False) for v in VARIANTS},
    **{
        f"players-{n}": ((lambda n=n: get("bum-game", players=n)), False)
        for n in (3, 5, 6, 7, 8, 9, 10, 11, 12)
    },
    **{
        f"hand-{n}": ((lambda n=n: get("bum-game", players=n, rounds=1)), False)
        for n in (3, 5, 6, 7, 8, 9, 10, 11, 12)
    },
    **{
        f"{game}-{n}": ((lambda game=game, n=n: get(game, players=n)), False)
        for game in ("president", "arsehole")
        for n in range(3, 9)
    },
}
"""Name: (rules, stop each game at its first hand's end); whole matches unless stopped."""


def _run(name: str, seeds: range, choices: int, backend: str = "numba") -> list[Difference]:
    factory, stop = PRESETS[name]
    rules = factory()
    if backend == "jax":
        return jax_differences(rules, seeds, choices=choices, stop_at_hand_end=stop)
    return differences(rules, seeds, choices=choices, game=make(rules, stop_at_hand_end=stop))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per preset (default 10000)")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--choices", type=int, default=0, help="seed of the random choices (default 0)")
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append", help="default: all")
    parser.add_argument(
        "--jobs", type=int, default=1, help="processes, each a share of the seeds (default 1)"
    )
    parser.add_argument("--backend", choices=("numba", "jax"), default="numba", help="default numba")
    parser.add_argument("--list", action="store_true", help="name the presets and stop")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(PRESETS))
        return 0
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    names = args.preset or list(PRESETS)
    report = {}
    for name in names:
        started = time.perf_counter()
        last = args.first + args.games
        if args.jobs == 1:
            found = _run(name, range(args.first, last), args.choices, args.backend)
        else:
            share = -(-args.games // args.jobs)
            parts = [range(s, min(s + share, last)) for s in range(args.first, last, share)]
            with ProcessPoolExecutor(args.jobs) as pool:
                runs = pool.map(
                    _run,
                    [name] * len(parts),
                    parts,
                    [args.choices + j for j in range(len(parts))],
                    [args.backend] * len(parts),
                )
                found = [d for part in runs for d in part]
        seconds = time.perf_counter() - started
        report[name] = {
            "backend": args.backend,
            "games": args.games,
            "first": args.first,
            "differences": [d._asdict() for d in found],
            "seconds": round(seconds, 1),
        }
        print(
            f"{name}: {args.games} games from seed {args.first}, {len(found)} differences ({seconds:.1f} s)",
            file=sys.stderr,
        )
        for d in found[:20]:
            print(f"  seed {d.seed}, action {d.step}: {d.what}", file=sys.stderr)
    print(json.dumps(report))
    return 1 if any(r["differences"] for r in report.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
