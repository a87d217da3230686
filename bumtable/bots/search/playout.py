"""What both searches share: a deal of the hidden cards, its weight, and its playout valued for every seat."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from bumtable.bots.base import Bot
from bumtable.bots.inference import WEIGHTS
from bumtable.bots.search.config import SearchConfig
from bumtable.bots.search_eval import Estimate
from bumtable.rules.protocol import AnyState, Family

if TYPE_CHECKING:
    from bumtable.bots.search.fast import FastPlayouts


class Playout(NamedTuple):
    """One playout's result: each seat's value from 0 to 1, and how it ended."""

    values: Sequence[float]
    places: Sequence[int]
    """Each seat's place (1 first) where the playout reached the hand's end; empty where it was cut short."""
    cut: bool


class Playouts:
    def __init__(
        self,
        family: Family,
        policy: Bot,
        config: SearchConfig,
        rng: random.Random,
        estimate: Estimate,
        fast: FastPlayouts | None = None,
    ) -> None:
        self.family = family
        self.policy = policy
        self.config = config
        self.rng = rng
        self.estimate = estimate
        self.fast = fast
        """The compiled engine's playouts where the configuration asks for them and it plays this point."""

    def deal(self, observation: Any) -> tuple[AnyState, int]:
        """A deal consistent with ``observation``, to stop at its hand's end, and the hands over in it."""
        family = self.family
        state = family.sample_state(observation, self.rng)
        if family.stop_at_hand_end is not None:  # playouts end with the hand: no next hand dealt
            family.stop_at_hand_end(state)
        return state, family.hands_over(state)

    def weight(self, observation: Any, deal: AnyState) -> float:
        """How much the deal counts: 1, or with ``infer`` set, how well it explains the others' moves."""
        slip = self.config.infer
        if not slip:
            return 1.0
        weigh = WEIGHTS.get(self.family.name)
        return 1.0 if weigh is None else weigh(observation, deal, self.policy, slip)

    def play_out(self, state: AnyState, start: int) -> Playout:
        """Play the rest of the hand in ``state``: each seat's value from 0 (last) to 1 (first), or the
        estimate's where the playout is cut short."""
        family, policy, rng = self.family, self.policy, self.rng
        random_policy = self.config.rollout == "random"
        for _ in range(self.config.max_rollout):
            if state.is_over() or family.hands_over(state) != start:
                break
            actor = state.current_player()
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif random_policy:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy.choose(state.observe(actor))
            state.apply(action, check=False)
        else:
            if not state.is_over() and family.hands_over(state) == start:
                return Playout(self.estimate(state), (), True)
        places = family.hand_places(state)
        assert places is not None
        values = self._points(state) if self.config.reward == "points" else None
        if values is None:
            values = place_values(places)
        w = self.config.first_weight
        if w:
            mixed = [(1 - w) * v + (w if p == 1 else 0.0) for v, p in zip(values, places, strict=True)]
            return Playout(mixed, places, False)
        return Playout(values, places, False)

    def _points(self, state: AnyState) -> tuple[float, ...] | None:
        """Each seat's hand points scaled from worst (0) to best (1); None where unknown or all alike."""
        points = self.family.hand_points(state)
        if not points:
            return None
        low, high = min(points), max(points)
        if high == low:
            return None
        return tuple((p - low) / (high - low) for p in points)


def place_values(places: Sequence[int]) -> tuple[float, ...]:
    """Each player's value from their place: first 1, last 0, linear between (tied places share a value)."""
    worst = len(places) - 1 or 1
    return tuple((len(places) - p) / worst for p in places)
