"""President for a virtual table (``president.txt``), 3 to 8 players.

>>> from bumtable.rules import get
>>> r = get("president", players=5)
>>> r.roles, r.hand_sizes()
(('President', 'Vice-president', 'Neutral', 'Vice-bum', 'Bum'), (11, 11, 10, 10, 10))
>>> r.exchange_pairs, r.exchange_high_gives
(((0, 4, 2), (1, 3, 1)), 'choice')
"""

from __future__ import annotations

from typing import Any

from bumtable.rules.climbing.rules import ClimbingRules

PRESIDENT_RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "3c")
"""2 is the highest ordinary card; the 3 of clubs ranks on its own, above it."""


def roles_for(players: int) -> tuple[str, ...]:
    """President, Vice-president (4+), Neutral(s), Vice-bum (4+), Bum."""
    if players == 3:
        return ("President", "Neutral", "Bum")
    middle = players - 4
    neutrals = ["Neutral"] if middle == 1 else [f"Neutral {i + 1}" for i in range(middle)]
    return ("President", "Vice-president", *neutrals, "Vice-bum", "Bum")


def president(players: int = 4) -> ClimbingRules:
    """The preset for ``players`` (3 to 8)."""
    n = players
    pairs = ((0, 2, 1),) if n == 3 else ((0, n - 1, 2), (1, n - 2, 1))
    return ClimbingRules(
        system="president",
        players=n,
        suits=(0, 1, 2, 3),
        jokers=0,
        rank_order=PRESIDENT_RANK_ORDER,
        wilds=(),
        sequences=False,
        sequence_top="2",
        max_set_size=4,
        follow="equal-or-higher",
        pass_final=True,
        four_of_a_value=True,
        wipe_card="3c",
        wipe_last_loses=True,
        roles=roles_for(n),
        first_roles="none",
        seating="random",
        first_leader="card",
        lead_card="3d",
        leader="bum",
        revolution_triggers=(),
        revolution_roles=tuple(range(n)),
        exchange_pairs=pairs,
        exchange_high_gives="choice",
        exchange_order="lower-first",
        exchange_low_keeps=("3c",),
        points=tuple(range(n - 1, -1, -1)),
        target=0,
        rounds=10,
    )


VARIANTS: dict[str, Any] = {
    "must-play": lambda rules: dict(must_play=True),
}
VARIANT_ALIASES = {"must-play-if-able": "must-play"}
