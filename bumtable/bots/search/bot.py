"""The search bot: a rollout policy, a family's rules hooks and a configuration make one."""

from __future__ import annotations

import random
from typing import Any

from bumtable.bots.base import Bot, legal_or_raise
from bumtable.bots.search.config import SearchConfig
from bumtable.bots.search.decision import Decision
from bumtable.bots.search.fast import fast_playouts
from bumtable.bots.search.flat import flat_search
from bumtable.bots.search.playout import Playouts
from bumtable.bots.search.tree import tree_search
from bumtable.bots.search_eval import Estimate, estimate_for, estimate_settings
from bumtable.rules.protocol import Family


class SearchBot:
    """Chooses by search over deals of the hidden cards, ``policy`` playing every seat in the playouts; with
    a budget in iterations (no ``seconds``) the same seed chooses the same action."""

    asks_forced_moves = False  # one legal action: it is returned, nothing drawn

    def __init__(
        self,
        policy: Bot,
        family: Family,
        config: SearchConfig | None = None,
        *,
        seed: int = 0,
        estimate: Estimate | None = None,
        fallback: SearchConfig | None = None,
    ) -> None:
        self.policy = policy
        self.family = family
        self.config = config or SearchConfig()
        self.estimate = estimate_for(family.name) if estimate is None else estimate
        self.rng = random.Random(seed)
        self.fallback = fallback
        """The configuration where ``config`` asks for the compiled engine and it does not play the rules
        (or is not installed); None: ``config`` on the rules layer."""
        self.name = "search"

    def choose(self, observation: Any) -> Any:
        return self.decide(observation).action

    def decide(self, observation: Any) -> Decision:
        """The action to play from ``observation``, with what the search found for each action it tried."""
        legal = legal_or_raise(observation)
        if len(legal) == 1:
            return Decision(legal[0])
        text = observation.rules.action_text
        by_key = {text(a): a for a in legal}
        if len(by_key) == 1:
            return Decision(legal[0])
        config = self.config
        fast = fast_playouts(observation, config, self.rng) if config.paired else None
        if fast is None and config.engine == "fast" and self.fallback is not None:
            config = self.fallback
        playouts = Playouts(self.family, self.policy, config, self.rng, self.estimate, fast)
        search = flat_search if config.paired else tree_search
        return search(playouts, observation, by_key)

    def settings_text(self) -> str:
        """The search's configuration and its estimate's settings, as a tournament record holds them."""
        return self.config.settings_text(estimate_settings(self.estimate))
