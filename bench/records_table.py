"""Every tournament record in a folder at a glance: its game, line-up, seed, deals, and the lone bot's figures.

For each ``*.jsonl`` record (``bumtable tournament ... --record FILE``) it prints one row of a Markdown table:
the game and players, the first line-up (its first kind alone against the others, as ``--bots A,B`` seats
them), the seed, the deals the record holds, and the first kind's first-place rate and mean points with their
95 % intervals. The figures are worked out by the same code as ``bumtable tournament --so-far`` (so they
agree with it), over every deal the file holds; a record being played into is read as it stands.

    .venv/bin/python bench/records_table.py bench/records
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bumtable.sim.tournament_record import table_from_dict
from bumtable.sim.tournament_stats import TableResult, kind_results


def row(path: Path) -> str:
    """The record's row of the table."""
    lines = path.read_text().split("\n")
    head = json.loads(lines[0])
    deals: list[list[TableResult]] = []
    for line in lines[1:-1]:  # the last is "" or a line being written
        if line.strip():
            deal = json.loads(line)
            deals.append([table_from_dict(t, t["kinds"]) for t in deal["tables"]])
    rules = head["rules"]
    if len(head["lineups"]) != 1:
        return (
            f"| `{path.name}` | {rules['system']} | {len(head['lineups'])} line-ups: see `--so-far` | | | | |"
        )
    lineup = head["lineups"][0]
    game = f"{rules['system']} for {rules['players']}"
    against = f"`{lineup[0]}` vs {', '.join(f'`{k}`' for k in dict.fromkeys(lineup[1:]))}"
    if not deals:
        return f"| `{path.name}` | {game} | {against} | {head['seed']} | 0 | | |"
    lone = next(r for r in kind_results(deals) if r.bot == lineup[0])
    low, high = lone.first_place_ci95
    points = f"{lone.mean_points:.3g}"
    if lone.mean_points_ci95 is not None:
        points += f" ({lone.mean_points_ci95[0]:.3g}-{lone.mean_points_ci95[1]:.3g})"
    first = f"{100 * lone.first_place_rate:.1f} % ({100 * low:.1f}-{100 * high:.1f})"
    return f"| `{path.name}` | {game} | {against} | {head['seed']} | {len(deals)} | {first} | {points} |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, nargs="?", default=Path("bench/records"))
    args = parser.parse_args()
    print("| file | game | line-up | seed | deals | first place (95 %) | mean points (95 %) |")
    print("|---|---|---|---|---|---|---|")
    for path in sorted(args.folder.glob("*.jsonl")):
        print(row(path))


if __name__ == "__main__":
    main()
