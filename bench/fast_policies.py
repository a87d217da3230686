"""Speed of the compiled batch policies and the vector environment (``bumtable.fast.policies``,
``bumtable.env.vector``), The Bum Game for 4, on one pinned core; and how often the compiled heuristic makes
the very choice of the reference ``heuristic`` bot (GreedyBot).

Rows:

- ``heuristic hands``: first hands of new matches, every seat the compiled heuristic, dealt and played in
  compiled code (``Policies.deal`` and ``Policies.playout``, ``observe=False``): what ``bumtable simulate
  --engine fast`` runs, for batches of 8192 hands;
- ``random hands``: the same with the random policy;
- ``vector env``: ``FastVectorEnv.step`` with the learner's codes drawn from the masks in numpy, heuristic
  opponents, one-hand matches (``rounds=1``), at ``num_envs`` 1, 64 and 1024 (``--envs``); steps a second
  counts learner steps of all rows (``num_envs`` per call).
- ``agreement``: decisions with a choice over ``--agree`` one-hand games, and the share where both chose the
  same play (the rest are ties, drawn by different generators; ``tests/test_fast_policies.py`` checks every
  choice is one of GreedyBot's best).

    .venv/bin/python bench/fast_policies.py
    .venv/bin/python bench/fast_policies.py --record bench/records/fast-policies-$(git rev-parse --short HEAD).json
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from bench.fast_engine import pin_one_core  # noqa: E402


def hands_per_second(kind: str, seconds: float, batch: int = 8192) -> dict[str, float]:
    from bumtable.fast import make
    from bumtable.fast.policies import generators, policies
    from bumtable.rules import get

    game = make(get("bum-game", players=4), observe=False, stop_at_hand_end=True)
    bots = policies(game)
    state = game.init(np.arange(batch))
    bots.deal(state, generators(0, batch))
    bots.playout(state, [kind] * 4, generators(1, batch))  # compiled before the clock
    hands = actions = 0
    seed = 2
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        gen = generators(seed, batch)
        bots.deal(state, gen)
        actions += bots.playout(state, [kind] * 4, gen)
        hands += batch
        seed += 1
    wall = time.perf_counter() - start
    return {"hands_per_s": hands / wall, "actions_per_s": actions / wall, "hands": hands}


def env_steps_per_second(num_envs: int, seconds: float) -> dict[str, float]:
    from bumtable.env import vector_env

    venv = vector_env("bum-game", num_envs, players=4, options={"rounds": 1}, opponents="heuristic")
    rng = np.random.default_rng(0)
    seen, _ = venv.reset(seed=0)

    def codes(masks: Any) -> Any:
        pick = rng.random(masks.shape) * masks  # a random legal code per row (0 where none: a reset row)
        return pick.argmax(axis=1)

    seen = venv.step(codes(seen["action_mask"]))[0]
    steps = episodes = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seen, _, terminated, _, _ = venv.step(codes(seen["action_mask"]))
        steps += num_envs
        episodes += int(terminated.sum())
    wall = time.perf_counter() - start
    return {"steps_per_s": steps / wall, "episodes_per_s": episodes / wall}


def agreement(games: int) -> dict[str, float]:
    from test_fast_policies import greedy_differences

    from bumtable.rules import get

    decisions, same, problems = greedy_differences(get("bum-game", players=4, rounds=1), list(range(games)))
    return {
        "games": games,
        "decisions": decisions,
        "same": int(same),
        "rate": same / decisions,
        "problems": len(problems),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, nargs="+", default=[1, 64, 1024])
    parser.add_argument(
        "--agree", type=int, default=300, help="one-hand games for the agreement row (0: none)"
    )
    parser.add_argument("--record", type=Path)
    args = parser.parse_args()
    cpu = pin_one_core()
    out: dict[str, Any] = {
        "python": platform.python_version(),
        "cpu": cpu,
        "seconds": args.seconds,
        "heuristic": hands_per_second("heuristic", args.seconds),
        "random": hands_per_second("random", args.seconds),
        "vector_env": {str(n): env_steps_per_second(n, args.seconds) for n in args.envs},
    }
    print(
        f"heuristic hands: {out['heuristic']['hands_per_s']:,.0f}/s ({out['heuristic']['actions_per_s']:,.0f} actions/s)"
    )
    print(
        f"random hands:    {out['random']['hands_per_s']:,.0f}/s ({out['random']['actions_per_s']:,.0f} actions/s)"
    )
    for n, row in out["vector_env"].items():
        print(
            f"vector env, num_envs {n:>4}: {row['steps_per_s']:,.0f} steps/s ({row['episodes_per_s']:,.0f} episodes/s)"
        )
    if args.agree:
        out["agreement"] = agreement(args.agree)
        a = out["agreement"]
        print(
            f"agreement: {a['same']} of {a['decisions']} decisions the same play ({a['rate']:.2%}), {a['problems']} not among GreedyBot's best"
        )
    if args.record:
        args.record.write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
