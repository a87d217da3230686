"""Seeds for bot decisions, derived from the game, so that a resumed game decides exactly as before."""

from __future__ import annotations

import hashlib


def bot_seed(game_seed: int, seat: int, ply: int) -> int:
    """The seed of the bot deciding ply ``ply`` for ``seat``: a resumed game decides exactly as before.

    >>> bot_seed(7, 1, 30) == bot_seed(7, 1, 30), bot_seed(7, 1, 30) == bot_seed(7, 2, 30)
    (True, False)
    """
    data = f"bumtable-bot:{game_seed}:{seat}:{ply}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1
