"""Phase names shared by every rules system: a state's ``phase`` is always one of :data:`PHASES`."""

from __future__ import annotations

from typing import Final

DEAL: Final = "deal"  # another seat decides in private how the hand starts (a revolution): nobody else acts
PLAY: Final = "play"  # climbing
REVOLUTION: Final = "revolution"  # climbing: a player dealt the Jokers decides whether to declare it
EXCHANGE: Final = "exchange"  # climbing: a higher role chooses the cards it gives
TURN: Final = "turn"  # Gin Bummy: draw, or call Bum
DISCARD: Final = "discard"  # Gin Bummy
CALL: Final = "call"  # Gin Bummy: the player holds a winning hand and may call it
AUCTION: Final = "auction"  # Boojum
CLAIM: Final = "claim"  # Boojum: players claim tokens
OVER: Final = "over"

PHASES: Final = (DEAL, PLAY, REVOLUTION, EXCHANGE, TURN, DISCARD, CALL, AUCTION, CLAIM, OVER)
