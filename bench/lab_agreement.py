"""The revolution study's exact odds against fresh deals, for every player count of The Bum Game and every
trigger in force: each deal-only rate, how many standard errors of the exact rate it lies from it, and whether
that is within 4. Deals of the rules layer (``deal_only``), and as many of the compiled engine's with
``--fast`` (its own shuffles).

    .venv/bin/python bench/lab_agreement.py --deals 50000 --seed 1 [--fast] [--record FILE]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import time

from bumtable.lab.revolution import _rate, credited_probabilities, deal_only, deal_only_fast, label
from bumtable.rules import as_climbing, get


def rows(deals: int, seed: int, fast: bool) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for n in range(3, 13):
        rules = as_climbing(get("bum-game", players=n))
        start = time.perf_counter()
        tally = (deal_only_fast if fast else deal_only)(rules, seed, deals)
        wall = time.perf_counter() - start
        for i, (trigger, exact) in enumerate(
            zip(rules.revolution_triggers, credited_probabilities(rules), strict=True)
        ):
            rate = _rate(tally["deal_by_trigger"][i], tally["deals"], float(exact))
            out.append(
                {
                    "players": n,
                    "trigger": label(rules, trigger),
                    "engine": "fast" if fast else "reference",
                    "deals": tally["deals"],
                    "exact_rate": float(exact),
                    "deal_rate": rate["rate"],
                    "ci95": rate["ci95"],
                    "z": rate["z"],
                    "agrees": rate["agrees"],
                    "seconds": round(wall, 2),
                }
            )
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fast", action="store_true", help="deals of the compiled engine too")
    parser.add_argument("--record", help="write the rows as JSON lines to this file")
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    ).stdout.strip()
    found = rows(args.deals, args.seed, fast=False)
    if args.fast:
        found += rows(args.deals, args.seed, fast=True)
    for row in found:
        row["commit"] = commit
        print(
            f"{row['engine']:9} {row['players']:2} {row['trigger']:28} exact {100 * row['exact_rate']:6.3f} %  "
            f"deals {100 * row['deal_rate']:6.3f} %  z {row['z']:+.2f}  {'agrees' if row['agrees'] else 'DIFFERS'}"
        )
    print(f"{sum(r['agrees'] for r in found)} of {len(found)} within 4 standard errors")
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            for row in found:
                f.write(json.dumps(row) + "\n")


if __name__ == "__main__":
    main()
