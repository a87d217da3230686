"""Every bot kind by name, and the one place bots are made: ``random`` and ``heuristic`` for every game, the
levels, and ``search`` with its settings in its name.

Kinds are named the same for every game; ``heuristic`` (also ``greedy``) is each family's own heuristic
(:data:`HEURISTIC`), which the search levels also play their playouts with.

>>> sorted(BOTS)
['easy', 'greedy', 'hard', 'heuristic', 'medium', 'random', 'search']
>>> make_bot("greedy", seed=1).name, make_bot("heuristic", seed=1, game="gin").name
('greedy', 'gin-heuristic')
>>> make_bot("smart")
Traceback (most recent call last):
...
bumtable.errors.BumtableError: unknown bot 'smart'; bots: easy, greedy, hard, heuristic, medium, random, search (its settings after colons, as in search:iterations=200:paired=true; see docs/bots.md)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bumtable.bots.base import Bot, RandomBot
from bumtable.bots.boojum import BoojumBot
from bumtable.bots.gin_bummy import GinBummyBot
from bumtable.bots.greedy import GreedyBot
from bumtable.bots.levels import LEVELS, SlipBot, level_about, level_config, level_estimate, level_kind
from bumtable.bots.search import SearchBot, SearchConfig, search_config
from bumtable.bots.search_eval import Estimate, estimate_for
from bumtable.errors import BumtableError
from bumtable.rules.registry import system

HEURISTIC: dict[str, Callable[[int], Bot]] = {
    "climbing": GreedyBot,
    "gin-bummy": GinBummyBot,
    "boojum": BoojumBot,
}
"""Each family's heuristic bot."""

BOTS: dict[str, str] = {
    "random": "picks uniformly among the legal actions",
    "heuristic": "the game's own heuristic (climbing games: sheds low cards, saves winners; Gin Bummy: "
    "sheds face cards toward four suits and values; Boojum: bids spare cards on lots it needs)",
    "greedy": "another name for heuristic",
    **LEVELS,
    "search": "information-set Monte Carlo tree search with heuristic playouts (200 iterations); "
    "search:NAME=VALUE:... sets its configuration (bumtable.bots.search.SearchConfig)",
}
"""Every bot kind, with what it does."""

TABLE_BOTS = ("easy", "medium", "hard", "heuristic", "random")
"""The kinds a table's maker is offered for a seat, in the order a list shows them: the levels, then the
heuristic and random bots (``greedy`` is another name, and ``search`` needs settings)."""


def make_bot(name: str, seed: int = 0, game: str = "bum-game") -> Bot:
    """A new bot of kind ``name`` for ``game`` (a game name or alias), seeded."""
    kind = name.lower()
    if kind == "random":
        return RandomBot(seed)
    if kind in ("heuristic", "greedy"):
        return HEURISTIC[system(game).family.name](seed)
    if kind in LEVELS:
        return make_level(kind, seed, game)
    if kind == "search" or kind.startswith("search:"):
        config, settings = search_config(kind.removeprefix("search").removeprefix(":"))
        return make_search(config, seed, game, settings)
    raise BumtableError(_unknown(name))


def make_level(level: str, seed: int = 0, game: str = "bum-game") -> Bot:
    """A new bot of ``level`` (:mod:`bumtable.bots.levels`) for ``game``, seeded.

    >>> make_level("easy", seed=1, game="gin").name, type(make_level("medium", seed=1, game="boojum")).__name__
    ('easy', 'BoojumBot')
    """
    if level == "easy":
        return SlipBot(make_bot("heuristic", seed, game), seed ^ 0x5EED)
    kind = level_kind(level, game)
    if kind is not None:
        other = make_bot(kind, seed, game)
        other.name = level
        return other
    config = level_config(level, game)
    family = system(game).family
    bot = SearchBot(
        _policy(config, seed, game), family, config, seed=seed, estimate=level_estimate(level, game)
    )
    bot.name = level
    return bot


def make_search(
    config: SearchConfig, seed: int = 0, game: str = "bum-game", settings: Mapping[str, Any] | None = None
) -> SearchBot:
    """A search bot for ``game`` with ``config``, its playouts played by the game's heuristic (or at random:
    ``rollout``), and its family's estimate set by those of ``settings`` that are its own."""
    family = system(game).family
    estimate: Estimate = estimate_for(family.name, settings)
    return SearchBot(_policy(config, seed, game), family, config, seed=seed, estimate=estimate)


def _policy(config: SearchConfig, seed: int, game: str) -> Bot:
    """The search's rollout policy: the game's heuristic, or a random bot."""
    return make_bot("heuristic", seed, game) if config.rollout == "heuristic" else RandomBot(seed)


def _unknown(name: str) -> str:
    """The error for a bot kind nobody knows: the kinds there are, and how a search is named."""
    return (
        f"unknown bot {name!r}; bots: {', '.join(sorted(BOTS))} (its settings after colons, as in "
        "search:iterations=200:paired=true; see docs/bots.md)"
    )


def check_bot(name: str) -> str:
    """``name`` in lower case if it names a bot kind (a search configuration too), else a BumtableError that
    says what was wrong.

    >>> check_bot("Hard"), check_bot("search:iterations=50")
    ('hard', 'search:iterations=50')
    >>> check_bot("search:iterations=many")
    Traceback (most recent call last):
    ...
    bumtable.errors.BumtableError: search setting iterations='many': not a whole number
    """
    kind = name.lower()
    if kind == "search" or kind.startswith("search:"):
        search_config(kind.removeprefix("search").removeprefix(":"))
    elif kind not in BOTS:
        raise BumtableError(_unknown(name))
    return kind


def bot_about(kind: str, game: str) -> str:
    """What bot kind ``kind`` does in ``game`` (:data:`BOTS`, but a level that is another kind in this game
    says so).

    >>> bot_about("medium", "boojum").startswith("the game's own heuristic"), bot_about("random", "boojum")
    (True, 'picks uniformly among the legal actions')
    """
    return level_about(kind, game) if kind in LEVELS else BOTS[kind]


def bot_settings(name: str, game: str) -> str:
    """What a bot kind is in ``game``, in words a record can hold: its class, and its search configuration
    or slip rate where it has one (a level's settings change when its budget does; its code is not looked at).

    >>> bot_settings("heuristic", "president"), bot_settings("easy", "president")
    ('GreedyBot', 'SlipBot(slip=0.25, inner=GreedyBot)')
    >>> bot_settings("medium", "president").startswith("SearchBot(SearchConfig(iterations=65,")
    True
    >>> bot_settings("medium", "boojum")  # Boojum's medium is its heuristic (bumtable.bots.levels.LEVEL_KINDS)
    'BoojumBot'
    """
    bot = make_bot(name, 0, game)
    if isinstance(bot, SearchBot):
        return f"SearchBot({bot.settings_text()})"
    if isinstance(bot, SlipBot):
        return f"SlipBot(slip={bot.slip}, inner={type(bot.inner).__name__})"
    return type(bot).__name__
