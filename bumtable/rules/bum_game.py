"""The Bum Game (Huzonfirst Games' text, after Parlett) for 3, 4, 5 and 6+ players.

>>> from bumtable.rules import get
>>> r3, r5 = get("bum-game", players=3), get("bum-game", players=5)
>>> r3.deck_size, r3.roles, r3.points, r3.target
(41, ('Boss', 'Middleman', 'Bum'), (2, 1, 0), 75)
>>> r5.deck_size, r5.hand_sizes(), get("bum-game", players=6).jokers
(68, (14, 14, 14, 13, 13), 3)
"""

from __future__ import annotations

from typing import Any

from bumtable.cards import suits_for
from bumtable.rules.climbing.rules import ClimbingRules

_MIDDLE_NAMES = ("Supervisor", "Middleman", "Clerk", "Porter", "Runner", "Temp")


def roles_for(players: int) -> tuple[str, ...]:
    """Role names, top first; from 6 players the middle ranks are of our own naming."""
    if players == 3:
        return ("Boss", "Middleman", "Bum")
    if players == 4:
        return ("Boss", "Foreman", "Worker", "Bum")
    if players == 5:
        return ("Boss", "Foreman", "Middleman", "Worker", "Bum")
    middle = players - 4
    extra = len(_MIDDLE_NAMES) - 1
    names = [
        _MIDDLE_NAMES[i] if i <= extra else f"{_MIDDLE_NAMES[-1]} {i - extra + 1}" for i in range(middle)
    ]
    return ("Boss", "Foreman", *names, "Worker", "Bum")


def rotate_from_worker(players: int) -> tuple[int, ...]:
    """Revolution by rotation: the Worker becomes Boss, the Bum Foreman, the rest follow clockwise."""
    return tuple((r + 2) % players for r in range(players))


def bum_game(players: int = 4) -> ClimbingRules:
    """The preset for ``players`` (3, 4, 5, or 6 and more)."""
    n = players
    bum, worker = n - 1, n - 2
    options: dict[str, Any]
    if n == 3:
        options = dict(
            suits=suits_for(3),
            jokers=2,
            revolution_triggers=((bum, 2),),
            revolution_roles=(2, 1, 0),  # the Boss and the Bum swap seats and roles
            exchange_pairs=((0, 2, 1),),
            target=75,
        )
    elif n == 4:
        options = dict(
            suits=suits_for(4),
            jokers=2,
            revolution_triggers=((worker, 2), (bum, 2)),
            revolution_roles=rotate_from_worker(4),
            exchange_pairs=((0, 3, 2), (1, 2, 1)),
            target=100,
        )
    elif n == 5:
        options = dict(
            suits=suits_for(5),
            jokers=3,
            revolution_triggers=((bum, 2), (worker, 3)),
            revolution_roles=rotate_from_worker(5),
            exchange_pairs=((0, 4, 2), (1, 3, 1)),
            target=125,
        )
    else:
        # Our design for 6+ (docs/rules/bum-game.md works out its revolution rates): a suit per
        # player, n // 2 Jokers, the 5-player exchange, a revolution for two Jokers to Bum or Worker.
        options = dict(
            suits=suits_for(n),
            jokers=n // 2,
            revolution_triggers=((bum, 2), (worker, 2)),
            revolution_roles=rotate_from_worker(n),
            exchange_pairs=((0, bum, 2), (1, worker, 1)),
            target=25 * n,
        )
    return ClimbingRules(
        system="bum-game",
        players=n,
        roles=roles_for(n),
        points=tuple(range(n - 1, -1, -1)),
        **options,
    )


def bum_only(rules: ClimbingRules) -> dict[str, Any]:
    """Variant: only the Bum's Jokers cause a revolution; other triggers only cancel the exchange."""
    bum = rules.players - 1
    return dict(
        revolution_triggers=tuple(t for t in rules.revolution_triggers if t[0] == bum),
        exchange_cancel_triggers=tuple(t for t in rules.revolution_triggers if t[0] != bum),
    )


VARIANTS: dict[str, Any] = {
    "bum-only": bum_only,
    "single-session": lambda rules: dict(exchange=False),
    "one-hour": lambda rules: dict(exchange=False, target=20),
    "optional-revolution": lambda rules: dict(revolution_declare="optional"),
    "simultaneous-exchange": lambda rules: dict(exchange_order="simultaneous"),
    "highest-total-wins": lambda rules: dict(target_winner="highest-total"),
}
VARIANT_ALIASES = {
    "bum-only-revolution": "bum-only",
    "true-revolution": "bum-only",
    "no-exchange": "single-session",
    "single": "single-session",
    "hour": "one-hour",
    "1h": "one-hour",
}
