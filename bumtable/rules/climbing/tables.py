"""Look-up tables built once per rules object, so the hot path only indexes lists.

The options build them (:func:`~bumtable.rules.climbing.options.build_tables`); this module knows
nothing of the options, only of cards and plays.
"""

from __future__ import annotations

from dataclasses import dataclass

from bumtable.cards.french import JOKER
from bumtable.rules.climbing.plays import SEQUENCE, SET, Play

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


@dataclass(frozen=True, slots=True)
class Tables:
    """Derived, read-only data for one rules object."""

    n_ranks: int
    rank_of_code: tuple[int, ...]
    """Rank index for each card code (-1 for codes that are not in this game)."""
    subs: tuple[tuple[int, ...], ...]
    """For each rank, the wild ranks that may stand for it in a set (ascending)."""
    seq_top: int
    max_width: int
    symbols: tuple[str, ...]
    symbol_index: dict[str, int]
    """Rank text (upper case) to rank index."""
    points: tuple[int, ...]
    wipe: int
    """Rank index of the wipe card, or -1."""
    max_set: int
    equal_ok: int
    """1 when a play may equal the last one's rank."""
    low_keeps: frozenset[int]
    """Ranks the lower role never gives in the exchange."""
    wipe_last_loses: bool
    sequences: bool
    """Whether sequences may be played at all."""
    seq_min: int
    multi_min: int
    """Fewest ranks in a sequence of width 2 or more."""
    multi_min_cards: int
    seq_wilds: tuple[int, ...]
    """Wild ranks that may fill a sequence's missing cards (ascending)."""
    keyed: bool
    """Whether plays of equal rank can differ in strength (suits, natural cards, flushes)."""
    suited: bool
    """Whether plays that differ in suit are different plays (Bridge suits or flushes)."""
    bridge: bool
    """Whether suits rank (``suit_order``): the deciding card's suit breaks ties."""
    suit_rank: tuple[int, ...]
    """Strength of each suit (by suit number) under ``suit_order``; all 0 without it."""
    natural_bonus: bool
    flush: str
    follow_more: bool
    reverse: int
    """Rank index of the reversing card, or -1."""

    def min_ranks(self, width: int) -> int:
        """Fewest ranks a sequence of ``width`` cards per rank needs (multiple sequences may need more)."""
        if width == 1:
            return self.seq_min
        return max(self.multi_min, -(-self.multi_min_cards // width), 2)

    def suit_order_key(self, code: int) -> tuple[int, int]:
        """Sort key of a card within its rank: its suit's strength (Jokers have none), then its code."""
        return (self.suit_rank[code & 3] if code < JOKER else 0, code)

    def is_natural(self, play: Play) -> bool:
        """True when no wild card stands in for another rank in ``play``."""
        if play.kind == SET:
            return all(c == play.rank for c in play.cards)
        return play.cards[-1] <= play.rank

    def strength(self, play: Play) -> int:
        """How strong a play is against others of its shape: its rank, then the tie-breaks the rules use.

        Under ``flush_beats="any"`` a flush outranks every mixed sequence; otherwise a flush, a natural
        play, and the deciding card's suit break ties between plays of equal rank, in that order.
        """
        if not self.keyed:
            return play.rank
        flush = 1 if self.flush != "none" and play.kind == SEQUENCE and play.suit >= 0 else 0
        k = play.rank + (100 * flush if self.flush == "any" else 0)
        k = 2 * k + (flush if self.flush == "equal" else 0)
        k = 2 * k + (1 if self.natural_bonus and self.is_natural(play) else 0)
        return 5 * k + (self.suit_rank[play.suit] + 1 if self.bridge and play.suit >= 0 else 0)
