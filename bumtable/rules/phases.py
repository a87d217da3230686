"""Phase names shared by every rules system, so no layer repeats a bare ``"over"``.

A state's ``phase`` is always one of these strings (JSON keeps the string):

>>> from bumtable.rules.phases import OVER, PHASES
>>> OVER, "auction" in PHASES
('over', True)
"""

from __future__ import annotations

from typing import Final

DEAL: Final = "deal"
"""Another seat is setting up the hand (a private revolution decision): nobody else acts."""
PLAY: Final = "play"
"""Climbing games: tricks are being played."""
REVOLUTION: Final = "revolution"
"""Climbing games: a player dealt the Jokers decides whether to declare a revolution."""
EXCHANGE: Final = "exchange"
"""Climbing games: a higher role chooses the cards it gives."""
TURN: Final = "turn"
"""Gin Bummy: a turn begins (draw, or call Bum)."""
DISCARD: Final = "discard"
"""Gin Bummy: a card was drawn; now discard."""
CALL: Final = "call"
"""Gin Bummy: the player holds a winning hand and may call it."""
AUCTION: Final = "auction"
"""Boojum: a lot is being auctioned."""
CLAIM: Final = "claim"
"""Boojum: the build phase, players claim tokens."""
OVER: Final = "over"
"""The game (or match) has ended; :meth:`outcome` says how."""

PHASES: Final = (DEAL, PLAY, REVOLUTION, EXCHANGE, TURN, DISCARD, CALL, AUCTION, CLAIM, OVER)
