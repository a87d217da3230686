"""Look-up tables built once per rules object, so that the hot path only indexes lists."""

from __future__ import annotations

from dataclasses import dataclass

from bumtable.cards.french import JOKER
from bumtable.rules.climbing.plays import SEQUENCE, SET, Play

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True, slots=True)
class Tables:
    """Derived, read-only data for one rules object. Ranks are rank-order indices, -1 for none; ``subs[r]``:
    the wild ranks that may stand for ``r`` in a set; ``keyed``: plays of equal rank can differ in strength;
    ``suited``: plays differing in suit are different plays; ``bridge``: suits rank."""

    n_ranks: int
    rank_of_code: tuple[int, ...]
    subs: tuple[tuple[int, ...], ...]
    seq_top: int
    max_width: int
    symbols: tuple[str, ...]
    symbol_index: dict[str, int]
    points: tuple[int, ...]
    wipe: int
    max_set: int
    equal_ok: int
    low_keeps: frozenset[int]
    wipe_last_loses: bool
    sequences: bool
    seq_min: int
    multi_min: int
    multi_min_cards: int
    seq_wilds: tuple[int, ...]
    keyed: bool
    suited: bool
    bridge: bool
    suit_rank: tuple[int, ...]
    natural_bonus: bool
    flush: str
    follow_more: bool
    reverse: int

    def min_ranks(self, width: int) -> int:
        """Fewest ranks a sequence of ``width`` cards per rank needs."""
        if width == 1:
            return self.seq_min
        return max(self.multi_min, -(-self.multi_min_cards // width), 2)

    def suit_order_key(self, code: int) -> tuple[int, int]:
        """Sort key of a card within its rank: its suit's strength, then its code."""
        return (self.suit_rank[code & 3] if code < JOKER else 0, code)

    def is_natural(self, play: Play) -> bool:
        """True when no wild card stands in for another rank in ``play``."""
        if play.kind == SET:
            return all(c == play.rank for c in play.cards)
        return play.cards[-1] <= play.rank

    def strength(self, play: Play) -> int:
        """How strong a play is against others of its shape: its rank (under ``any`` a flush is above all),
        then the tie-breaks of a flush, a natural play and the deciding card's suit, in that order."""
        if not self.keyed:
            return play.rank
        flush = 1 if self.flush != "none" and play.kind == SEQUENCE and play.suit >= 0 else 0
        k = play.rank + (100 * flush if self.flush == "any" else 0)
        k = 2 * k + (flush if self.flush == "equal" else 0)
        k = 2 * k + (1 if self.natural_bonus and self.is_natural(play) else 0)
        return 5 * k + (self.suit_rank[play.suit] + 1 if self.bridge and play.suit >= 0 else 0)
