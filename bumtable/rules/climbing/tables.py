"""Look-up tables built once per rules object, so the hot path only indexes lists."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bumtable.cards.french import BLACK_JOKER, JOKER, RED_JOKER, Card

RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingRules


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

    @staticmethod
    def build(rules: ClimbingRules) -> Tables:
        order = rules.rank_order
        index = {s: i for i, s in enumerate(order)}
        rank_of_code = [-1] * 64
        for code in range(8, 60):
            rank_of_code[code] = index.get(RANKS[(code >> 2) - 2], -1)
        for code, text in ((JOKER, "JK"), (BLACK_JOKER, "BJ"), (RED_JOKER, "RJ")):
            rank_of_code[code] = index.get(text, index.get("JK", -1))
        for i, sym in enumerate(order):  # a single card ranked on its own, like President's 3 of clubs
            if len(sym) >= 2 and sym[-1] in "cdhs" and sym[:-1] in RANKS:
                rank_of_code[int(Card.parse(sym))] = i
        subs: list[list[int]] = [[] for _ in order]
        for wild, top in rules.wilds:
            w, t = index[wild], index[top]
            for r in range(t + 1):
                if r != w:
                    subs[r].append(w)
        return Tables(
            n_ranks=len(order),
            rank_of_code=tuple(rank_of_code),
            subs=tuple(tuple(sorted(s)) for s in subs),
            seq_top=index[rules.sequence_top],
            max_width=rules.sequence_max_width or 64,
            symbols=order,
            symbol_index={s.upper(): i for s, i in index.items()},
            points=rules.points,
            wipe=index[rules.wipe_card] if rules.wipe_card else -1,
            max_set=rules.max_set_size or 1 << 20,
            equal_ok=1 if rules.follow == "equal-or-higher" else 0,
            low_keeps=frozenset(index[k] for k in rules.exchange_low_keeps),
            wipe_last_loses=rules.wipe_last_loses,
            sequences=rules.sequences,
            seq_min=rules.sequence_min_ranks,
        )
