"""Copy a tournament record with one bot kind under another name that plays the very same settings.

When a level is changed to a configuration that was tried under its explicit name (``search:...``), the
record of that trial is the level's record from its first deal on: this copies it with the kind renamed
(in the first line's line-ups and settings, and in every table), so ``--bots hard,...`` goes on with it.
It refuses unless the new name's settings today (:func:`bumtable.bots.bot_settings`) are the settings the
record holds for the old kind, and it never writes over a file.

    .venv/bin/python bench/relabel_record.py bench/records/boojum4-tw15-heuristic-s1.jsonl \\
        'search:paired=true:...:cutoff=margin:token_weight=1.5' hard bench/records/boojum4-hard-heuristic-s1.jsonl

(commit 8e85809's: the trial of ``token_weight=1.5`` became ``hard``'s record, after the old record was copied
under its own kind's name the same way).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from bumtable.bots import bot_settings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="the record to copy")
    parser.add_argument("old", help="the kind's name in it")
    parser.add_argument("new", help="the name it takes")
    parser.add_argument("target", type=Path, help="the new record (must not exist)")
    args = parser.parse_args()
    if args.target.exists():
        raise SystemExit(f"{args.target} exists: give a new file")
    lines = args.source.read_text().split("\n")
    head = json.loads(lines[0])
    if args.old not in head["bots"]:
        raise SystemExit(f"{args.source} has no kind {args.old!r}; it has {sorted(head['bots'])}")
    if args.new in head["bots"]:
        raise SystemExit(f"{args.source} already has a kind {args.new!r}")
    held = head["bots"][args.old]
    now = bot_settings(args.new, head["rules"]["system"])
    if now != held:
        raise SystemExit(f"{args.new!r} plays {now}, not the record's {held}: not the same bot")

    def rename(kinds: list[str]) -> list[str]:
        return [args.new if k == args.old else k for k in kinds]

    head["lineups"] = [rename(lineup) for lineup in head["lineups"]]
    head["bots"] = {(args.new if k == args.old else k): v for k, v in head["bots"].items()}
    out = [json.dumps(head)]
    for line in lines[1:-1]:  # the last is "" or a line cut short, dropped as the record itself drops it
        if line.strip():
            deal = json.loads(line)
            for table in deal["tables"]:
                table["kinds"] = rename(table["kinds"])
            out.append(json.dumps(deal))
    args.target.write_text("\n".join(out) + "\n")
    print(f"{args.target}: {len(out) - 1} deals, {args.old!r} now {args.new!r}")


if __name__ == "__main__":
    main()
