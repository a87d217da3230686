"""The search's playouts on the compiled engine (``bumtable.fast``, the ``fast`` extra): a batch of deals of the
hidden cards sampled, weighed (``bumtable/fast/infer.py``) and played out after every action tried, to the
hand's end, in one compiled call each.

The heuristic values the plays as ``GreedyBot`` does and draws its ties from the engine's generator;
``heuristic-first`` takes the first tied play instead (the tests' way to compare with the rules layer).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.bots.search.config import SearchConfig
from bumtable.errors import RulesError
from bumtable.rules.climbing.sample import sample_hands
from bumtable.rules.phases import PLAY


class FastPlayouts:
    """Plays a deal out after each of several actions on the compiled engine of ``rules``."""

    def __init__(
        self, observation: Any, config: SearchConfig, rng: random.Random, heuristic: str = "heuristic"
    ) -> None:
        from bumtable.fast import kernels as k
        from bumtable.fast.infer import Weigher
        from bumtable.fast.load import Loader
        from bumtable.fast.policies import generators

        rules = observation.rules
        self.game, self.policies = _engine(rules)
        self.observation = observation
        self.loader = Loader(self.game, observation)
        self.weigher = Weigher(self.game, observation, config.infer, self.policies) if config.infer else None
        self.space = rules.action_space()
        self.kinds = [heuristic if config.rollout == "heuristic" else "random"] * rules.players
        self.first_weight = config.first_weight
        self.rng = rng
        self.generators = generators
        n = rules.players
        self.finished = slice(k.F_ROLES + 3 * n, k.F_ROLES + 4 * n)
        points = [float(x) for x in rules.points] if config.reward == "points" else []
        low, high = (min(points), max(points)) if points else (0.0, 0.0)
        # a place's value: by the hand's points scaled from worst to best, else first 1 to last 0
        self.by_place = (
            [(x - low) / (high - low) for x in points]
            if high > low
            else [(n - 1 - place) / max(n - 1, 1) for place in range(n)]
        )

    def deal(self, count: int) -> list[list[list[int]]]:
        """``count`` deals of the hidden cards fitting the observation: each player's cards by seat."""
        n = self.game.tables.players
        out = []
        for _ in range(count):
            hands, _ = sample_hands(self.observation, self.rng)
            out.append([hands[p] for p in range(n)])
        return out

    def weights(self, hands: Sequence[Sequence[Sequence[int]]]) -> npt.NDArray[np.float64]:
        """Each deal's weight from the others' moves this hand (``infer``; 1 without it)."""
        if self.weigher is None:
            return np.ones(len(hands))
        return self.weigher.weights(hands)

    def play_out_each(
        self, hands: Sequence[Sequence[Sequence[int]]], actions: Sequence[Any]
    ) -> list[tuple[list[float], list[int]]]:
        """Every action's playout from every deal (deal by deal, the actions in order): each seat's value
        and place."""
        n = self.game.tables.players
        state = self.loader.rows(hands, repeat=len(actions))
        codes = [self.space.encode(a) for a in actions] * len(hands)
        gen = self.generators(self.rng.getrandbits(63), len(codes))
        self.policies.play(state, self.kinds, gen, first=codes)
        w = self.first_weight
        out = []
        for order in state.ints[:, self.finished].tolist():
            places = [0] * n
            for place, p in enumerate(order):
                places[p] = place + 1
            values = [self.by_place[places[p] - 1] for p in range(n)]
            if w:
                values = [(1 - w) * v + (w if places[p] == 1 else 0.0) for p, v in enumerate(values)]
            out.append((values, places))
        return out


def fast_playouts(observation: Any, config: SearchConfig, rng: random.Random) -> FastPlayouts | None:
    """Compiled playouts for this decision where ``config`` asks for them and the engine plays its rules and
    point (a hand in play); else None, and the rules layer plays them."""
    if config.engine != "fast" or observation.phase != PLAY:
        return None
    # the compiled inference weighs a deal by the heuristic's moves, the rules layer's by the rollout's
    if config.rollout == "random" and config.infer:
        return None
    try:
        playouts = FastPlayouts(observation, config, rng)
    except (RulesError, ImportError):
        return None
    # the compiled playouts run to the hand's end: a shorter horizon is the rules layer's, with its estimate
    if config.max_rollout < playouts.game.tables.hand_history or playouts.policies.unplayable:
        return None
    return playouts


@lru_cache(maxsize=8)
def _engine(rules: Any) -> tuple[Any, Any]:
    """The compiled engine (no observations) and its policies for ``rules``, made once per rules."""
    from bumtable.fast import make
    from bumtable.fast.policies import policies

    game = make(rules, observe=False)
    return game, policies(game)
