"""Bots that see only observations, each kind made by name (:func:`make_bot`).

>>> make_bot("hard", seed=1, game="gin").name
'hard'
"""

from bumtable.bots.base import Bot, RandomBot
from bumtable.bots.boojum import BoojumBot
from bumtable.bots.gin_bummy import GinBummyBot
from bumtable.bots.greedy import GreedyBot
from bumtable.bots.registry import (
    BOTS,
    HEURISTIC,
    TABLE_BOTS,
    bot_about,
    bot_settings,
    check_bot,
    check_bot_for,
    make_bot,
    make_level,
    make_search,
)

__all__ = [
    "BOTS",
    "HEURISTIC",
    "TABLE_BOTS",
    "BoojumBot",
    "Bot",
    "GinBummyBot",
    "GreedyBot",
    "RandomBot",
    "bot_about",
    "bot_settings",
    "check_bot",
    "check_bot_for",
    "make_bot",
    "make_level",
    "make_search",
]
