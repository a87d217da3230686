"""How long a bot takes to decide, per game: the median, 90th and 99th percentile and the slowest decision.

For each game, seeded matches are played with the measured bot in one seat (turned round the table from
match to match) and heuristic bots in the others, until the bot has made ``--decisions`` decisions that had
a choice (a forced move is no decision: the bots return it at once). Each is timed with
``time.perf_counter`` around ``bot.choose(observation)`` (the observation made outside the timing), in this
one process: one core. Targets: ``medium`` under 0.2 s and ``hard`` under 1 s at the 99th
percentile. The script reports, it does not assert.

    .venv/bin/python bench/bot_times.py --bots medium,hard
    .venv/bin/python bench/bot_times.py --bots hard --games bum-game,boojum --decisions 300 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from typing import Any

from bumtable.bots import make_bot
from bumtable.bots.seeds import bot_seed
from bumtable.rules import get

GAMES = {"bum-game": 4, "president": 4, "arsehole": 4, "zheng-shangyou": 5, "gin-bummy": 2, "boojum": 4}
TARGET_S = {"medium": 0.2, "hard": 1.0}


def decision_times(kind: str, game: str, decisions: int, seed: int) -> list[float]:
    """Seconds per decision of ``kind`` in ``game``, ``decisions`` of them."""
    rules = get(game, players=GAMES[game])
    times: list[float] = []
    match = 0
    while len(times) < decisions:
        state = rules.new_state(seed=seed + match)
        mine = match % rules.players
        match += 1
        while not state.is_over() and len(times) < decisions:
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            if len({rules.action_text(a) for a in state.legal_actions()}) == 1:  # forced: no decision
                action = state.legal_actions()[0]
            elif seat == mine:
                bot = make_bot(kind, bot_seed(state.seed, seat, len(state.history)), game)
                start = time.perf_counter()
                action = bot.choose(observation)
                times.append(time.perf_counter() - start)
            else:
                action = make_bot("heuristic", seat, game).choose(observation)
            state.apply(action)
    return times


def summary(times: list[float]) -> dict[str, float]:
    """Percentiles in milliseconds."""
    cuts = statistics.quantiles(times, n=100, method="inclusive")
    return {
        "n": len(times),
        "p50_ms": 1000 * statistics.median(times),
        "p90_ms": 1000 * cuts[89],
        "p99_ms": 1000 * cuts[98],
        "max_ms": 1000 * max(times),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bots", default="medium,hard", help="bot kinds, comma-separated")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated")
    parser.add_argument("--decisions", type=int, default=200, help="decisions timed per bot and game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):  # one core, as the targets say
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    rows: list[dict[str, Any]] = []
    for kind in args.bots.split(","):
        for game in args.games.split(","):
            row = {
                "bot": kind,
                "game": game,
                **summary(decision_times(kind, game, args.decisions, args.seed)),
            }
            target = TARGET_S.get(kind)
            row["target_ms"] = None if target is None else 1000 * target
            row["met"] = None if target is None else row["p99_ms"] < 1000 * target
            rows.append(row)
            if not args.json:
                print(
                    f"{kind:>8} {game:>15}  n={row['n']:<4} p50 {row['p50_ms']:7.1f} ms  p90 {row['p90_ms']:7.1f}"
                    f"  p99 {row['p99_ms']:7.1f}  max {row['max_ms']:7.1f}"
                    + (
                        ""
                        if target is None
                        else f"  target {1000 * target:.0f}: {'met' if row['met'] else 'MISSED'}"
                    ),
                    flush=True,
                )
    if args.json:
        print(json.dumps({"results": rows}, indent=2))


if __name__ == "__main__":
    main()
