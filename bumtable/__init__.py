"""bumtable: the Bum family of climbing card games.

Layers (imports point down only): ``cards`` -> ``rules`` -> ``bots`` -> ``sim`` -> ``cli``.

>>> import bumtable
>>> rules = bumtable.rules.get("bum-game", players=4)
>>> state = rules.new_state(seed=7)
>>> state.is_over()
False
"""

from bumtable import cards, rules
from bumtable.errors import BumtableError, IllegalActionError, NotationError

__all__ = ["BumtableError", "IllegalActionError", "NotationError", "cards", "rules"]
__version__ = "0.1.0"
