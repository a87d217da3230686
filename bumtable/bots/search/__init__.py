"""The search bot, for every game through the rules interface: it deals the hidden cards anew, consistent with
what its seat has seen (``Family.sample_state``), and plays each deal out with the game's heuristic bot at
every seat (or random moves) to the hand's end, valuing each seat by its place there, or by its family's
estimate (:mod:`bumtable.bots.search_eval`) where the playout was cut short.

- :mod:`~bumtable.bots.search.flat`: paired flat search with sequential halving, what the levels run: each
  action played out on the same deals, the worse half dropped round by round.
- :mod:`~bumtable.bots.search.tree`: experimental ISMCTS (``search`` without ``paired``).
- :mod:`~bumtable.bots.search.config`: :class:`SearchConfig`, read from a bot kind's name.

>>> from bumtable.bots import make_search
>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=5)
>>> observation = state.observe(state.current_player())
>>> config = SearchConfig(paired=True, halving=True, iterations=40)
>>> make_search(config, seed=1).choose(observation) in state.legal_actions()
True
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
