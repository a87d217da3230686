"""Levels a player picks by name: ``easy``, ``medium`` and ``hard``, each a documented configuration for
every game (data, in :data:`LEVEL_CONFIGS` and :data:`LEVEL_KINDS`), each meant to be stronger than the last
(measured in ``docs/bots.md``: shown for every rung, some by points rather than by first places).

- ``easy``: the game's heuristic bot, but one decision in four that has a choice is made at random
  (:class:`SlipBot`): it plays sensibly and makes a beginner's mistakes.
- ``medium``: the search bot (:mod:`bumtable.bots.search`) with a small budget, fitted so that a decision
  takes under 0.2 s at the 99th percentile on one core; in Boojum, the heuristic bot itself
  (:data:`LEVEL_KINDS`: a small search measured no stronger than it, and ``hard`` could not be shown
  over that search, while it is over the heuristic).
- ``hard``: the search bot with a larger budget, a decision under 1 s at the 99th percentile (Boojum's about
  a quarter of that: a game asks a seat hundreds of decisions).

Both search levels are the paired flat search by sequential halving, with heuristic playouts; Boojum's
playouts stop after a horizon (its games run to dozens of rounds) and are scored by tokens held and how near
each seat's cards come to the rest (:mod:`bumtable.bots.search_eval`), ties going to the heuristic's choice,
and ``hard`` values such a playout by the seat's margin over the others.

>>> from bumtable.rules import get
>>> bot = make_level("medium", seed=1, game="bum-game")
>>> bot.name
'medium'
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> bot.choose(state.observe(state.current_player())) in state.legal_actions()
True
>>> make_level("easy", seed=1, game="gin").name
'easy'
>>> boojum_medium = make_level("medium", seed=1, game="boojum")
>>> boojum_medium.name, type(boojum_medium).__name__
('medium', 'BoojumBot')
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from bumtable.bots.base import Bot, legal_or_raise
from bumtable.bots.search import SearchBot, SearchConfig
from bumtable.errors import BumtableError
from bumtable.rules.registry import system

LEVELS: dict[str, str] = {
    "easy": "the game's heuristic, but one decision in four made at random: sensible, with a beginner's slips",
    "medium": "a small search: the likely choices played out on the same deals of the hidden cards (in the "
    "climbing games, the deals weighed by how well they explain the others' moves); under 0.2 s a decision",
    "hard": "the same search with four to seven times the budget (under 1 s a decision)",
}
"""Every level, with what it does."""

SLIP = 0.25
"""How often ``easy`` makes a random choice instead of the heuristic's (when it has a choice)."""

_SEARCH = SearchConfig(paired=True, halving=True, first_weight=0.5)
"""What the search levels share; each family's budget is set below."""

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
        # a playout cut short valued by the seat's margin over the others (commit 2d58c56: +18 points of first place
        # against the heuristic over valuing it by rank, on the same 30 deals), a token held counting 1.5 in
        # it, not 2 (commit 8e85809: +13.8 points of first place, 95 % +-6.6, on the same 100 deals)
        "boojum": replace(
            _SEARCH, iterations=40, max_rollout=16, favourite_ties=True, cutoff="margin", token_weight=1.5
        ),
    },
}
"""Each search level's configuration per game where a game needs its own, else per rules family (the budgets
fitted to the decision times above; ``bench/bot_times.py`` measures them)."""

LEVEL_KINDS: dict[str, dict[str, str]] = {
    # Boojum: a 10-playout search took 26.8 % first place (23.3-30.7 %, 138 deals) against three heuristic
    # bots, parity 25 %, by rank or by margin alike, and hard could not be told from it head to head (26.8 %
    # over 14 deals, 23.1 % over 13), while hard beats the heuristic (commit 82618b3, docs/bots.md): the heuristic is
    # as strong a medium, instant, and leaves each rung of the ladder shown.
    "medium": {"boojum": "heuristic"},
}
"""Levels that are another bot kind in some games (per game, or per rules family), not a search
configuration."""

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
"""What a level is in a game (per game, or per rules family, as :data:`LEVEL_KINDS`) where :data:`LEVELS` does
not say it right."""


class SlipBot:
    """The heuristic bot that, with probability ``slip``, plays a legal action at random instead (only when it
    has a choice: a forced move is no slip)."""

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


def level_config(level: str, game: str) -> SearchConfig:
    """The search configuration of ``level`` (medium or hard) for ``game``.

    >>> level_config("hard", "president").iterations
    450
    >>> level_config("medium", "boojum")
    Traceback (most recent call last):
    ...
    bumtable.errors.BumtableError: 'medium' in boojum is the heuristic bot, not a search
    """
    kind = level_kind(level, game)
    if kind is not None:
        raise BumtableError(f"{level!r} in {system(game).name} is the {kind} bot, not a search")
    try:
        configs = LEVEL_CONFIGS[level]
        entry = system(game)
        return configs.get(entry.name) or configs[entry.family.name]
    except KeyError:
        raise BumtableError(
            f"{level!r} is not a search level; search levels: {', '.join(LEVEL_CONFIGS)}"
        ) from None


def level_kind(level: str, game: str) -> str | None:
    """The bot kind ``level`` is in ``game`` where it is not a search configuration (:data:`LEVEL_KINDS`),
    else None.

    >>> level_kind("medium", "boojum"), level_kind("medium", "bum-game")
    ('heuristic', None)
    """
    kinds = LEVEL_KINDS.get(level, {})
    entry = system(game)
    return kinds.get(entry.name) or kinds.get(entry.family.name)


def level_about(level: str, game: str) -> str:
    """What ``level`` is in ``game``, in words a player reads where a seat's bot is chosen.

    >>> level_about("medium", "boojum")
    "the game's own heuristic, deciding at once: in this game a small search played no better"
    >>> level_about("medium", "gin") == LEVELS["medium"]
    True
    """
    about = LEVEL_ABOUT.get(level, {})
    entry = system(game)
    return about.get(entry.name) or about.get(entry.family.name) or LEVELS[level]


def make_level(level: str, seed: int = 0, game: str = "bum-game") -> Bot:
    """A new bot of ``level`` for ``game``, seeded."""
    from bumtable.bots import make_bot

    if level == "easy":
        return SlipBot(make_bot("heuristic", seed, game), seed ^ 0x5EED)
    kind = level_kind(level, game)
    if kind is not None:
        other = make_bot(kind, seed, game)
        other.name = level
        return other
    bot = SearchBot(seed, game, level_config(level, game))
    bot.name = level
    return bot
