"""Every bot kind by name, the same for every game, and the one place bots are made.

>>> make_bot("greedy", seed=1).name, make_bot("heuristic", seed=1, game="gin").name
('greedy', 'gin-heuristic')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bumtable.bots.base import Bot, RandomBot
from bumtable.bots.boojum import BoojumBot
from bumtable.bots.gin_bummy import GinBummyBot
from bumtable.bots.greedy import GreedyBot
from bumtable.bots.learned import LearnedBot
from bumtable.bots.levels import LEVELS, SlipBot, level_about, level_config, level_estimate, level_kind
from bumtable.bots.search import SearchBot, SearchConfig, search_config
from bumtable.bots.search_eval import Estimate, estimate_for
from bumtable.errors import BumtableError
from bumtable.rules import Rules
from bumtable.rules.registry import system

HEURISTIC: dict[str, Callable[[int], Bot]] = {
    "climbing": GreedyBot,
    "gin-bummy": GinBummyBot,
    "boojum": BoojumBot,
}

BOTS: dict[str, str] = {
    "random": "picks uniformly among the legal actions",
    "heuristic": "the game's own heuristic (climbing games: sheds low cards, saves winners; Gin Bummy: "
    "sheds face cards toward four suits and values; Boojum: bids spare cards on lots it needs)",
    "greedy": "another name for heuristic",
    **LEVELS,
    "learned": "a network trained by self-play (Deep Monte Carlo) that values each legal action; "
    "The Bum Game for 4 only",
    "search": "information-set Monte Carlo tree search with heuristic playouts (200 iterations); "
    "search:NAME=VALUE:... sets its configuration (bumtable.bots.search.SearchConfig)",
}
"""Every bot kind, with what it does in words a player reads."""

TABLE_BOTS = ("easy", "medium", "hard", "heuristic", "random")
"""The kinds offered for a table's seat, in list order (``greedy`` is an alias; ``search`` needs settings;
``learned`` plays one game only, and the list is offered for every game)."""


def make_bot(name: str, seed: int = 0, game: str = "bum-game") -> Bot:
    """A new bot of kind ``name`` for ``game`` (a game name or alias), seeded."""
    kind = name.lower()
    if kind == "random":
        return RandomBot(seed)
    if kind in ("heuristic", "greedy"):
        return HEURISTIC[system(game).family.name](seed)
    if kind in LEVELS:
        return make_level(kind, seed, game)
    if kind == "learned":
        return LearnedBot(seed, game=game)
    if kind == "search" or kind.startswith("search:"):
        config, settings = search_config(kind.removeprefix("search").removeprefix(":"))
        return make_search(config, seed, game, settings)
    raise BumtableError(_unknown(name))


def make_level(level: str, seed: int = 0, game: str = "bum-game") -> Bot:
    if level == "easy":
        return SlipBot(make_bot("heuristic", seed, game), seed ^ 0x5EED)
    kind = level_kind(level, game)
    if kind is not None:
        other = make_bot(kind, seed, game)
        other.name = level
        return other
    config = level_config(level, game)
    family = system(game).family
    # on the compiled engine: where it does not play the rules at hand, the level's rules-layer search
    fallback = level_config(level, game, fast=False) if config.engine == "fast" else None
    bot = SearchBot(
        _policy(config, seed, game),
        family,
        config,
        seed=seed,
        estimate=level_estimate(level, game),
        fallback=fallback,
    )
    bot.name = level
    return bot


def make_search(
    config: SearchConfig, seed: int = 0, game: str = "bum-game", settings: Mapping[str, Any] | None = None
) -> SearchBot:
    """A search bot for ``game``, its family's estimate set by those of ``settings`` that are its own."""
    family = system(game).family
    estimate: Estimate = estimate_for(family.name, settings)
    return SearchBot(_policy(config, seed, game), family, config, seed=seed, estimate=estimate)


def _policy(config: SearchConfig, seed: int, game: str) -> Bot:
    return make_bot("heuristic", seed, game) if config.rollout == "heuristic" else RandomBot(seed)


def _unknown(name: str) -> str:
    return (
        f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))} (its settings after colons, as in "
        "search:iterations=200:paired=true; see docs/bots.md)"
    )


def check_bot_for(name: str, rules: Rules) -> str:
    """:func:`check_bot`, and that the kind plays ``rules`` (the learned bot plays only what it learned).

    >>> from bumtable.rules import get
    >>> check_bot_for("learned", get("president"))
    Traceback (most recent call last):
    ...
    bumtable.errors.BumtableError: the learned bot's weights were trained for The Bum Game for 4 only, not President
    """
    kind = check_bot(name)
    if kind == "learned":
        LearnedBot(0, game=rules.system).fits(rules)
    return kind


def check_bot(name: str) -> str:
    """``name`` in lower case if it names a bot kind or a valid search, else a BumtableError saying why.

    >>> check_bot("Hard"), check_bot("search:iterations=50")
    ('hard', 'search:iterations=50')
    """
    kind = name.lower()
    if kind == "search" or kind.startswith("search:"):
        search_config(kind.removeprefix("search").removeprefix(":"))
    elif kind not in BOTS:
        raise BumtableError(_unknown(name))
    return kind


def bot_about(kind: str, game: str) -> str:
    """What bot kind ``kind`` does in ``game``: :data:`BOTS`, or what a level is in this game.

    >>> bot_about("medium", "boojum").startswith("the game's own heuristic"), bot_about("random", "boojum")
    (True, 'picks uniformly among the legal actions')
    """
    return level_about(kind, game) if kind in LEVELS else BOTS[kind]


def bot_settings(name: str, game: str) -> str:
    """A bot kind in ``game`` as a record holds it: its class, and its search configuration or slip rate.

    >>> bot_settings("easy", "president"), bot_settings("medium", "boojum")
    ('SlipBot(slip=0.25, inner=GreedyBot)', 'BoojumBot')
    """
    bot = make_bot(name, 0, game)
    if name.lower() == "learned":  # new weights play differently: a record of the old ones is refused
        assert isinstance(bot, LearnedBot)
        return f"LearnedBot(weights={bot.weights.digest})"
    if isinstance(bot, SearchBot):
        return f"SearchBot({bot.settings_text()})"
    if isinstance(bot, SlipBot):
        return f"SlipBot(slip={bot.slip}, inner={type(bot.inner).__name__})"
    return type(bot).__name__
