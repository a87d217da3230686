"""Compile every kernel once, so that the first game, search or simulation does not wait for Numba (about
20 s of one core; numba keeps what it compiled beside the code, and loads it in a second after that).

    python -m bumtable.fast.warm

``make run`` and ``make test`` run it after installing.
"""

from __future__ import annotations

import time

import numpy as np

from bumtable.fast.engine import make
from bumtable.fast.infer import Weigher
from bumtable.fast.load import load
from bumtable.fast.policies import generators, policies
from bumtable.rules import get


def warm() -> None:
    """Play a little of every path: deals, steps, playouts, both policies, loading a hand and weighing it."""
    rules = get("bum-game", players=4)
    for observe in (True, False):
        game = make(rules, observe=observe)
        bots = policies(game)
        state = game.init(np.arange(2))
        game.step(state, game.random_actions(state, np.random.default_rng(0)))
        bots.heuristic_actions(state, generators(0, 2))
        bots.heuristic_values(state)
        bots.observe_seat(state, [0], 0, np.zeros_like(state.observation))
        game.stop_at_hand_end(state)
        bots.play(state, ["heuristic", "random", "heuristic-first", "random"], generators(1, 2))
        game.next_hand(state)
        game.playout(state, 0)
        bots.deal(state, generators(2, 2))
    ref = rules.new_state(seed=3)
    for _ in range(6):
        ref.apply(ref.legal_actions()[0])
    seat = ref.current_player()
    obs = ref.observe(seat)
    hands = [[ref.hand_of(p) for p in range(4)]]
    game = make(rules, observe=False)
    loaded = load(game, obs, hands)
    policies(game).play(loaded, ["heuristic"] * 4, generators(3, 1))
    Weigher(game, obs, 0.5).weights(hands)


if __name__ == "__main__":
    began = time.perf_counter()
    warm()
    print(f"the compiled engine's kernels are ready ({time.perf_counter() - began:.1f} s)")
