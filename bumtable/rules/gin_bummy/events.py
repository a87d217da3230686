"""The event kinds a Gin Bummy game logs besides the shared ones. All is public but a dealt hand (seen by its
holder) and a card drawn from a stock of unknown order (by the drawer). ``game-over``'s player is the winner,
or for ``blocked`` the player who could not act."""

from __future__ import annotations

from typing import Final

CUT: Final = "cut"
"""``player`` cut ``cards[0]`` for the deal; the text says ``round 2`` (3...) when tied players cut again."""
TURN_OVER: Final = "turn-over"
"""The Beg became the stock (``cards``, bottom first); ``text``: ``flip`` (order known) or ``shuffle``."""
FORCE: Final = "force"
"""``player`` played a Joker, and ``to``, the next player, takes the card dropped on it (``cards[0]``)."""
STARVE: Final = "starve"
"""``player`` starved (fewer than four cards) and is out: ``cards`` are the hand, now face up on the Beg."""
BUM_CALL: Final = "bum"
"""``player`` called "Bum!": ``cards`` are the winning hand, laid face up."""

KINDS: Final = (CUT, TURN_OVER, FORCE, STARVE, BUM_CALL)
