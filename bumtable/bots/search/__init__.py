"""The search bot: the hidden cards dealt anew and played out by the game's heuristic at every seat.

>>> from bumtable.bots import make_search
>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> bot = make_search(SearchConfig(paired=True, halving=True, iterations=40), seed=1)
>>> decision = bot.decide(state.observe(state.current_player()))
>>> decision.action in state.legal_actions(), len(decision.stats) > 1
(True, True)
"""

from bumtable.bots.search.bot import SearchBot
from bumtable.bots.search.config import LATER_SETTINGS, SETTING_RANGES, SearchConfig, search_config
from bumtable.bots.search.decision import Decision, Stat
from bumtable.bots.search.flat import paired_gain
from bumtable.bots.search.playout import Playout, Playouts, place_values

__all__ = [
    "LATER_SETTINGS",
    "SETTING_RANGES",
    "Decision",
    "Playout",
    "Playouts",
    "SearchBot",
    "SearchConfig",
    "Stat",
    "paired_gain",
    "place_values",
    "search_config",
]
