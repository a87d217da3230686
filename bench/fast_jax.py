"""Steps a second of the JAX engine on its device (a GPU where JAX has one), random play of The Bum Game's
hands with the observation read at every step, finished rows dealt again on the device.

Each step of the batch: a uniformly random legal code per row (drawn on the device from the mask), the step,
the sum of every row's observation added to a checksum (so the compiler cannot drop the observations), and
every finished row dealt a new hand (two shuffles drawn on the device: the cut's, then the deal's; a tied cut
deals from the last). As on a GPU both sides of a choice are computed, a new deal is made for every row at
every step and kept where the row finished: the figure counts that work in. One ``jax.lax.scan`` of ``--steps`` steps is compiled, run once to warm and once timed.
Steps counted are actions taken in rows in play (a new deal is not a step).

    .venv/bin/python bench/fast_jax.py --players 4 --batch 1024 --steps 200
    .venv/bin/python bench/fast_jax.py --batch 65536 --steps 1000 --json   # on a GPU
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import jax
import jax.numpy as jnp

from bumtable.fast import kernels as k
from bumtable.fast import make
from bumtable.rules import get


def bench(players: int, batch: int, steps: int, seed: int) -> dict[str, Any]:
    game = make(get("bum-game", players=players, rounds=1), backend="jax")
    deck = jnp.asarray(game.tables.deck, dtype=jnp.int8)
    init, step = game._init, game._step  # the jitted batch functions, called inside one scan

    def deals(key: Any) -> Any:
        keys = jax.random.split(key, batch * 2)
        shuffles = jax.vmap(lambda key: jax.random.permutation(key, deck))(keys)
        return shuffles.reshape(batch, 2, -1)

    ndraws = jnp.full((batch,), 2, dtype=jnp.int32)

    def body(carry: Any, _: Any) -> Any:
        state, key, taken, checksum = carry
        key, pick, fresh = jax.random.split(key, 3)
        mask = state[3]
        choice = jnp.argmax(jnp.where(mask, jax.random.uniform(pick, mask.shape), -1.0), axis=1)
        live = state[0][:, k.F_OVER] == 0
        state = step(state, choice.astype(jnp.int32))
        checksum = checksum + state[4].sum()
        taken = taken + live.sum()
        done = state[0][:, k.F_OVER] != 0
        new = init(deals(fresh), ndraws)
        state = tuple(
            jnp.where(done.reshape((-1,) + (1,) * (s.ndim - 1)), f, s)
            for f, s in zip(new, state, strict=True)
        )
        return (state, key, taken, checksum), None

    @jax.jit
    def run(state: Any, key: Any) -> Any:
        out, _ = jax.lax.scan(body, (state, key, jnp.int32(0), jnp.float32(0)), None, length=steps)
        return out[2], out[3]

    key = jax.random.key(seed)
    start = tuple(init(deals(key), ndraws))
    began = time.perf_counter()
    jax.block_until_ready(run(start, key))
    compiled = time.perf_counter() - began
    began = time.perf_counter()
    taken, checksum = jax.block_until_ready(run(start, jax.random.key(seed + 1)))
    seconds = time.perf_counter() - began
    return {
        "device": str(jax.devices()[0]),
        "players": players,
        "batch": batch,
        "steps": steps,
        "actions": int(taken),
        "seconds": round(seconds, 4),
        "steps_per_second": round(int(taken) / seconds),
        "compile_and_first_run_s": round(compiled, 2),
        "checksum": float(checksum),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--batch", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="one JSON object on stdout")
    args = parser.parse_args()
    result = bench(args.players, args.batch, args.steps, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['device']}: {result['steps_per_second']:,} steps/s ({result['actions']:,} actions of "
        f"{args.players} players, batch {args.batch}, {args.steps} steps, observations read every step) in "
        f"{result['seconds']} s; compiling and a first run {result['compile_and_first_run_s']} s"
    )


if __name__ == "__main__":
    main()
