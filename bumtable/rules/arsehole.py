"""Parlett's Arsehole (Penguin Book of Card Games) for 3 to 8 players; each variation it lists is a variant.

>>> from bumtable.rules import get
>>> r = get("arsehole", players=5)
>>> r.roles, r.exchange_pairs, r.target
(('Boss', 'Foreman', 'Worker 1', 'Worker 2', 'Bum'), ((0, 4, 1),), 11)
>>> get("arsehole", players=5, variants=["two-card-exchange"]).exchange_pairs
((0, 4, 2), (1, 3, 1))
"""

from __future__ import annotations

from typing import Any

from bumtable.rules.climbing.rules import ClimbingRules

ARSEHOLE_RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2")


def roles_for(players: int) -> tuple[str, ...]:
    """Boss, Foreman, Worker(s), Bum."""
    workers = players - 3
    names = ["Worker"] if workers == 1 else [f"Worker {i + 1}" for i in range(workers)]
    return ("Boss", "Foreman", *names, "Bum")


def arsehole(players: int = 4) -> ClimbingRules:
    """The preset for ``players`` (3 to 8)."""
    n = players
    return ClimbingRules(
        system="arsehole",
        players=n,
        suits=(0, 1, 2, 3),
        jokers=0,
        rank_order=ARSEHOLE_RANK_ORDER,
        wilds=(),
        sequences=False,
        sequence_top="A",
        follow="higher",
        roles=roles_for(n),
        first_roles="none",
        seating="random",
        first_leader="eldest",
        leader="boss",
        revolution_triggers=(),
        revolution_roles=tuple(range(n)),
        exchange_pairs=((0, n - 1, 1),),
        exchange_keep_jokers=False,
        exchange_high_gives="choice",
        exchange_order="lower-first",
        points=(2, 1) + (0,) * (n - 2),
        target=11,
    )


def _two_card(rules: ClimbingRules) -> dict[str, Any]:
    n = rules.players
    return dict(exchange_pairs=((0, n - 1, 2),) if n == 3 else ((0, n - 1, 2), (1, n - 2, 1)))


def _jokers(rules: ClimbingRules) -> dict[str, Any]:
    return dict(
        jokers=2,
        rank_order=(*rules.rank_order, "JK"),
        wilds=(*rules.wilds, ("JK", rules.rank_order[-1])),
    )


def _wild_twos(rules: ClimbingRules) -> dict[str, Any]:
    return dict(wilds=(("2", "A"), *((w, top) for w, top in rules.wilds if w != "2")))


VARIANTS: dict[str, Any] = {
    "two-card-exchange": _two_card,
    "bum-leads": lambda rules: dict(leader="bum"),
    "final-position": lambda rules: dict(target=0, rounds=10, rounds_winner="last-hand"),
    "single-sequences": lambda rules: dict(sequences=True, sequence_max_width=1),
    "multiple-sequences": lambda rules: dict(
        sequences=True, sequence_max_width=0, multi_sequence_min_ranks=2, multi_sequence_min_cards=6
    ),
    "follow-with-more": lambda rules: dict(follow_more=True),
    "reverse-direction": lambda rules: dict(reverse_card=rules.reverse_card or "J", reverses="direction"),
    "reverse-ranking": lambda rules: dict(reverse_card=rules.reverse_card or "J", reverses="ranking"),
    "reverse-both": lambda rules: dict(reverse_card=rules.reverse_card or "J", reverses="both"),
    "wild-twos": _wild_twos,
    "jokers": _jokers,
    "bridge-suits": lambda rules: dict(suit_order="cdhs"),
}
VARIANT_ALIASES = {
    "sequences": "single-sequences",
    "suits": "bridge-suits",
    "bum-exchange-two": "two-card-exchange",
    "more-cards": "follow-with-more",
    "wild-jokers": "jokers",
}
