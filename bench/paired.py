"""Two tournament records of the same deals compared deal by deal: which lone bot did better, and by how much.

Each record is a ``bumtable tournament ... --record FILE`` of the same game, players and seed, with one line-up
of one bot against the others (``--bots A,B``: A alone). For every deal both records hold, the lone bot's
first-place rate and mean points over the deal's rotations are taken in each; the script prints the mean of
the differences (A's record minus B's) with a 95 % interval (Student's t over the deals). The same deals
with different bots in the lone seat cancel most of the cards' luck, so a difference shows with far fewer
deals than two separate runs would need.

    .venv/bin/python bench/paired.py bench/records/zheng5-hard-medium-s1.jsonl \\
        bench/records/zheng5-prune12-medium-s1.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path
from typing import Any

T95 = {
    1: 12.71,
    2: 4.30,
    3: 3.18,
    4: 2.78,
    5: 2.57,
    10: 2.23,
    20: 2.09,
    30: 2.04,
    40: 2.02,
    50: 2.01,
    60: 2.00,
    80: 1.99,
    120: 1.98,
}


def t95(df: int) -> float:
    """Student's two-sided 95 % quantile for ``df`` degrees of freedom (the table's nearest row below)."""
    return T95[max(k for k in T95 if k <= df)] if df < 1000 else 1.96


def read(path: Path) -> tuple[dict[str, Any], str, dict[int, tuple[float, float]]]:
    """A record's first line, its lone bot, and per deal that bot's (first-place rate, mean points)."""
    lines = path.read_text().split("\n")
    head = json.loads(lines[0])
    if len(head["lineups"]) != 1:
        raise SystemExit(
            f"{path}: {len(head['lineups'])} line-ups; this compares records of one (--bots A,B)"
        )
    lineup = head["lineups"][0]
    lone = lineup[0]
    if lineup.count(lone) != 1:
        raise SystemExit(f"{path}: the line-up has no lone bot: {lineup}")
    deals: dict[int, tuple[float, float]] = {}
    for line in lines[1:-1]:  # the last is "" or a line being written
        if not line.strip():
            continue
        deal = json.loads(line)
        firsts, points = [], []
        for table in deal["tables"]:
            seat = table["kinds"].index(lone)
            firsts.append(table["firsts"][seat])
            points.append(table["points"][seat])
        deals[deal["deal"]] = (statistics.fmean(firsts), statistics.fmean(points))
    return head, lone, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", type=Path, help="a record")
    parser.add_argument("b", type=Path, help="another record of the same game, players and seed")
    args = parser.parse_args()
    head_a, lone_a, deals_a = read(args.a)
    head_b, lone_b, deals_b = read(args.b)
    for key in ("rules", "seed", "mode"):
        if head_a[key] != head_b[key]:
            raise SystemExit(f"the records differ in {key}: they are not the same deals")
    others_a = [(k, head_a["bots"][k]) for k in head_a["lineups"][0][1:]]
    others_b = [(k, head_b["bots"][k]) for k in head_b["lineups"][0][1:]]
    if others_a != others_b:
        raise SystemExit("the lone bots faced different opponents (kinds or settings): nothing to pair")
    shared = sorted(set(deals_a) & set(deals_b))
    if len(shared) < 2:
        raise SystemExit(f"the records share {len(shared)} deals: too few to compare")
    print(f"{len(shared)} shared deals; A = {lone_a} ({args.a.name}), B = {lone_b} ({args.b.name})")
    print("first place in percentage points of the rate; mean points in the game's points a hand or game")
    for what, i, unit in (("first place", 0, 100.0), ("mean points", 1, 1.0)):
        a = [deals_a[d][i] * unit for d in shared]
        b = [deals_b[d][i] * unit for d in shared]
        diff = [x - y for x, y in zip(a, b, strict=True)]
        half = t95(len(diff) - 1) * statistics.stdev(diff) / math.sqrt(len(diff))
        print(
            f"{what}: A {statistics.fmean(a):.3g}, B {statistics.fmean(b):.3g}; "
            f"A - B {statistics.fmean(diff):+.3g} (95 % ±{half:.2g})"
        )


if __name__ == "__main__":
    main()
