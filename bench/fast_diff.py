"""The differential check of the compiled engine on many games: the same deals and uniformly random legal
actions in the compiled engine and the rules layer, the legal masks, the player to act and the observation
compared at every step and the returns at the end (``bumtable.fast.check``).

    .venv/bin/python bench/fast_diff.py --games 10000
    .venv/bin/python bench/fast_diff.py --games 2000 --preset match --first 50000

A difference prints its seed; add that seed to ``REGRESSION_SEEDS`` in ``tests/test_fast_engine.py``.
The exit status is 1 when any game differs.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from bumtable.fast import make
from bumtable.fast.check import differences
from bumtable.rules import get

PRESETS = {
    "hand": lambda: get("bum-game", players=4, rounds=1),
    "match": lambda: get("bum-game", players=4),  # a match's first hand, as `bumtable tournament` plays it
    "single-session": lambda: get("bum-game", players=4, variants=["single-session"], rounds=1),
    "bum-only": lambda: get("bum-game", players=4, variants=["bum-only"], rounds=1),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="games per preset (default 10000)")
    parser.add_argument("--first", type=int, default=0, help="seed of the first game (default 0)")
    parser.add_argument("--choices", type=int, default=0, help="seed of the random choices (default 0)")
    parser.add_argument("--preset", choices=sorted(PRESETS), action="append", help="default: all")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1, not {args.games}")
    report = {}
    for name in args.preset or list(PRESETS):
        rules = PRESETS[name]()
        started = time.perf_counter()
        found = differences(
            rules, range(args.first, args.first + args.games), choices=args.choices, game=make(rules)
        )
        seconds = time.perf_counter() - started
        report[name] = {
            "games": args.games,
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
