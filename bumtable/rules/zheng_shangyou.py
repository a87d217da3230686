"""Zheng Shangyou ("Struggling Upstream") for 4 to 12 players; its wild cards' limits are set out in
``docs/rules/zheng-shangyou.md``.

>>> from bumtable.rules import get
>>> r = get("zheng-shangyou", players=5)
>>> r.rank_order[-3:], r.deck_size, r.points, r.roles[-1]
(('2', 'BJ', 'RJ'), 54, (2, 1, 0, 0, 0), 'Loser')
>>> get("zheng-shangyou", players=6, variants=["partnership"]).teams
(0, 1, 0, 1, 0, 1)
"""

from __future__ import annotations

from typing import Any

from bumtable.errors import RulesError
from bumtable.rules.climbing.rules import ClimbingRules

ZS_RANK_ORDER = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ")
ORDINALS = ("Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth", "Eleventh")


def roles_for(players: int) -> tuple[str, ...]:
    """Places from the last hand: Winner, Second, ..., Loser."""
    return ("Winner", *ORDINALS[: players - 2], "Loser")


def zheng_shangyou(players: int = 5) -> ClimbingRules:
    """The preset for ``players`` (4 to 12; two packs from 7)."""
    n = players
    packs = 1 if n <= 6 else 2
    return ClimbingRules(
        system="zheng-shangyou",
        players=n,
        suits=(0, 1, 2, 3) * packs,
        jokers=2 * packs,
        rank_order=ZS_RANK_ORDER,
        wilds=(("2", "A"), ("BJ", "2"), ("RJ", "BJ")),
        sequences=True,
        sequence_min_ranks=3,
        sequence_max_width=0,
        sequence_top="A",
        multi_sequence_min_ranks=2,
        multi_sequence_min_cards=6,
        sequence_wilds=("BJ", "RJ"),
        natural_beats_wild=True,
        flush_beats="any",
        follow="higher",
        roles=roles_for(n),
        first_roles="none",
        seating="random",
        first_leader="dealer",
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


def _partnership(rules: ClimbingRules) -> dict[str, Any]:
    if rules.players % 2:
        raise RulesError(
            f"the partnership game is for an even number of players (4 crosswise, 6 as two teams of three), "
            f"not {rules.players}"
        )
    return dict(teams=tuple(i % 2 for i in range(rules.players)))


VARIANTS: dict[str, Any] = {
    "partnership": _partnership,
    "eldest-leads": lambda rules: dict(first_leader="eldest"),
    "loser-leads": lambda rules: dict(leader="bum"),
    "twos-in-sequences": lambda rules: dict(sequence_wilds=("2", "BJ", "RJ")),
    "natural-sequences": lambda rules: dict(sequence_wilds=()),
    "no-wilds": lambda rules: dict(wilds=(), sequence_wilds=(), natural_beats_wild=False),
    "flush-breaks-ties": lambda rules: dict(flush_beats="equal"),
    "no-flushes": lambda rules: dict(flush_beats="none"),
}
VARIANT_ALIASES = {"partnerships": "partnership", "teams": "partnership", "san-jia-xi": "partnership"}
