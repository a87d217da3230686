"""The levels a player picks (``easy``, ``medium``, ``hard``): data per game, each stronger than the last.

>>> level_config("hard", "president").iterations, level_kind("medium", "boojum"), level_kind("medium", "gin")
(450, 'heuristic', None)
>>> level_estimate("hard", "boojum"), level_estimate("hard", "gin")
(BoojumEstimate(cutoff='margin', token_weight=1.5), None)
"""

from __future__ import annotations

import importlib.util
import random
from dataclasses import replace
from typing import Any

from bumtable.bots.base import Bot, legal_or_raise
from bumtable.bots.search.config import SearchConfig
from bumtable.bots.search_eval import BoojumEstimate, Estimate
from bumtable.errors import BumtableError
from bumtable.rules.registry import system

LEVELS: dict[str, str] = {
    "easy": "the game's heuristic, but one decision in four made at random: sensible, with a beginner's slips",
    "medium": "a small search: the likely choices played out on the same deals of the hidden cards (in the "
    "climbing games, the deals weighed by how well they explain the others' moves); under 0.2 s a decision",
    "hard": "the same search with four to seven times the budget (under 1 s a decision)",
}
"""Every level, with what it does in words a player reads."""

SLIP = 0.25
"""How often ``easy`` plays at random instead of the heuristic's choice, when it has a choice."""

_SEARCH = SearchConfig(paired=True, halving=True, first_weight=0.5)

LEVEL_CONFIGS: dict[str, dict[str, SearchConfig]] = {
    "medium": {
        "climbing": replace(_SEARCH, iterations=65, prune=12, infer=0.5),
        "zheng-shangyou": replace(_SEARCH, iterations=45, prune=9, infer=0.5),  # five seats: longer playouts
        "gin-bummy": replace(_SEARCH, iterations=50),
    },
    "hard": {
        "climbing": replace(_SEARCH, iterations=450, prune=60, infer=0.5),
        "zheng-shangyou": replace(_SEARCH, iterations=270, prune=40, infer=0.5),
        "gin-bummy": replace(_SEARCH, iterations=350),
        # a game runs to dozens of rounds: playouts end 16 actions on, ties go to the heuristic
        "boojum": replace(_SEARCH, iterations=40, max_rollout=16, favourite_ties=True),
    },
}
"""Each search level's configuration, per game or rules family (budgets fitted to its decision time)."""

FAST_LEVEL_CONFIGS: dict[str, dict[str, SearchConfig]] = {
    # the compiled engine's playouts and inference: about seven times the playouts in the same time
    "hard": {"bum-game": replace(LEVEL_CONFIGS["hard"]["climbing"], iterations=3000, engine="fast")},
}
"""The levels that search on the compiled engine (``bumtable.fast``) where it is installed; where it does not
play the rules at hand (other options of play), the level's configuration above plays instead."""


FAST_LEVEL_ABOUT: dict[str, str] = {
    "hard": "the same search on the compiled engine (installed here): about seven times the playouts in about "
    "the same time (under 1 s a decision); with options of play it does not cover, the search without it",
}
"""What a level of :data:`FAST_LEVEL_CONFIGS` is where the compiled engine plays it."""


def fast_installed() -> bool:
    """Whether the compiled engine's extra (numba) is installed, found without importing it."""
    return importlib.util.find_spec("numba") is not None


LEVEL_ESTIMATES: dict[str, dict[str, Estimate]] = {
    # a playout cut short valued by the seat's margin over the others, a token held counting 1.5 in it
    "hard": {"boojum": BoojumEstimate(cutoff="margin", token_weight=1.5)},
}

LEVEL_KINDS: dict[str, dict[str, str]] = {
    "medium": {"boojum": "heuristic"},  # a small search played no better than the heuristic (docs/bots.md)
}

LEVEL_ABOUT: dict[str, dict[str, str]] = {
    "medium": {
        "boojum": "the game's own heuristic, deciding at once: in this game a small search played no better"
    },
    "hard": {
        "boojum": "a search over the heuristic's play: each likely move played 16 moves on over the same deals "
        "of the hidden cards, and valued by your prospects against the others'; a tenth to a fifth of a "
        "second a decision"
    },
}
"""What a level is in a game or family where :data:`LEVELS` does not say it right."""


class SlipBot:
    """The heuristic bot, but with probability ``slip`` a random legal action when it has a choice."""

    asks_forced_moves = False  # one legal action: it is returned, nothing drawn

    def __init__(self, inner: Bot, seed: int = 0, slip: float = SLIP, name: str = "easy") -> None:
        self.inner = inner
        self.rng = random.Random(seed)
        self.slip = slip
        self.name = name

    def choose(self, observation: Any) -> Any:
        legal = legal_or_raise(observation)
        if len(legal) > 1 and self.rng.random() < self.slip:
            return legal[self.rng.randrange(len(legal))]
        return self.inner.choose(observation)


def level_config(level: str, game: str, fast: bool | None = None) -> SearchConfig:
    """The search configuration of ``level`` for ``game`` (on the compiled engine where it is installed, or
    as ``fast`` says); a BumtableError where it is not a search."""
    kind = level_kind(level, game)
    if kind is not None:
        raise BumtableError(f"{level!r} in {system(game).name} is the {kind} bot, not a search")
    on_fast = FAST_LEVEL_CONFIGS.get(level, {}).get(system(game).name)
    if on_fast is not None and (fast_installed() if fast is None else fast):
        return on_fast
    try:
        configs = LEVEL_CONFIGS[level]
        entry = system(game)
        return configs.get(entry.name) or configs[entry.family.name]
    except KeyError:
        raise BumtableError(
            f"{level!r} is not a search level; search levels: {', '.join(LEVEL_CONFIGS)}"
        ) from None


def level_estimate(level: str, game: str) -> Estimate | None:
    """The estimate ``level``'s search uses in ``game`` where it is not the family's default, else None."""
    estimates = LEVEL_ESTIMATES.get(level, {})
    entry = system(game)
    return estimates.get(entry.name) or estimates.get(entry.family.name)


def level_kind(level: str, game: str) -> str | None:
    """The bot kind ``level`` is in ``game`` where it is not a search, else None."""
    kinds = LEVEL_KINDS.get(level, {})
    entry = system(game)
    return kinds.get(entry.name) or kinds.get(entry.family.name)


def level_about(level: str, game: str) -> str:
    """What ``level`` is in ``game``, in words a player reads where a seat's bot is chosen."""
    entry = system(game)
    if entry.name in FAST_LEVEL_CONFIGS.get(level, {}) and fast_installed():
        return FAST_LEVEL_ABOUT[level]
    about = LEVEL_ABOUT.get(level, {})
    return about.get(entry.name) or about.get(entry.family.name) or LEVELS[level]
