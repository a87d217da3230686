"""Bids: their value (cards, then pips) and the additions a player may make to beat the high bid.

A bid's value is ``(cards, pips)``, compared as a pair: more cards always wins, then more pips. The
Excuse counts as two cards and no pips.

>>> from bumtable.rules.boojum.options import BoojumRules
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> t = BoojumRules(extended=True).tables
>>> bid_value(cards("AM AS"), t) > bid_value(cards("CM"), t)  # two Aces beat a Crown
True
>>> bid_value(cards("X"), t), bid_words(bid_value(cards("6MW 8MS"), t))
((2, 0), 'two for fourteen')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from bumtable.rules.boojum.actions import BID, PASS_ACTION, BoojumAction
from bumtable.rules.boojum.tables import Tables

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumRules

BidValue = tuple[int, int]

_WORDS: tuple[str, ...] = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_WORDS += ("ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen")
_WORDS += ("nineteen",)
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def number_words(n: int) -> str:
    """A whole number in words, as bids are announced (digits from 1000 on).

    >>> number_words(14), number_words(40), number_words(123)
    ('fourteen', 'forty', 'one hundred and twenty-three')
    """
    if n < 20:
        return _WORDS[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens - 2] + (f"-{_WORDS[ones]}" if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return f"{_WORDS[hundreds]} hundred" + (f" and {number_words(rest)}" if rest else "")
    return str(n)


def bid_value(cards: Iterable[int], t: Tables) -> BidValue:
    """``(cards, pips)`` of a bid (or of a hand, for the tie-break)."""
    count = pips = 0
    for c in cards:
        count += t.bid_cards[c]
        pips += t.pip[c]
    return count, pips


def bid_words(value: BidValue) -> str:
    """The announcement: ``two for fourteen``."""
    return f"{number_words(value[0])} for {number_words(value[1])}"


def _beating(
    pool: list[tuple[int, int]], size: int, base: BidValue, high: BidValue | None, t: Tables
) -> Iterator[tuple[int, ...]]:
    """Multisets of ``size`` cards from ``pool`` that, added to a bid worth ``base``, beat ``high``.

    Lexicographic by code; branches that cannot reach ``high`` even with the best cards left are cut.
    """
    best_pip = [0] * (len(pool) + 1)  # the highest pip count among pool[i:]
    wild = [0] * (len(pool) + 1)  # Excuses (two cards each) among pool[i:]
    for i in range(len(pool) - 1, -1, -1):
        code, have = pool[i]
        best_pip[i] = max(best_pip[i + 1], t.pip[code])
        wild[i] = wild[i + 1] + (have if t.bid_cards[code] == 2 else 0)
    chosen: list[int] = []

    def rec(i: int, need: int, count: int, pips: int) -> Iterator[tuple[int, ...]]:
        if need == 0:
            if high is None or (count, pips) > high:
                yield tuple(chosen)
            return
        if i == len(pool):
            return
        if high is not None:
            most = count + need + min(need, wild[i])
            if most < high[0] or (most == high[0] and pips + need * best_pip[i] <= high[1]):
                return
        code, have = pool[i]
        for take in range(min(have, need), -1, -1):
            chosen.extend([code] * take)
            yield from rec(i + 1, need - take, count + take * t.bid_cards[code], pips + take * t.pip[code])
            del chosen[len(chosen) - take :]

    yield from rec(0, size, base[0], base[1])


def bid_additions(
    hand: Iterable[int],
    laid: Iterable[int],
    high: BidValue | None,
    t: Tables,
    limit: int = 0,
    most: int = 0,
) -> list[tuple[int, ...]]:
    """Every legal addition: the multisets of ``hand`` cards that, added to the cards ``laid``, beat ``high``
    (None: no bid yet), of at most ``most`` cards (0: any number; the Excuse is one card here).

    Each multiset comes once (copies of a card are one card), fewest cards first, then by code (low ranks
    first). With ``limit`` the list is cut, and is then no longer every legal addition: whole sizes are
    listed while it stays within ``limit`` entries, and if even the smallest size that can win has more,
    its first ``limit`` entries are listed.

    >>> from bumtable.rules.boojum.options import BoojumRules
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards, format_decktet_cards as fmt
    >>> t = BoojumRules().tables
    >>> [fmt(a) for a in bid_additions(cards("AM 9MS CK"), cards("5ML"), (2, 10), t)]
    ['9MS', 'CK', 'AM 9MS', 'AM CK', '9MS CK', 'AM 9MS CK']
    >>> [fmt(a) for a in bid_additions(cards("AM 9MS CK"), cards("5ML"), (2, 10), t, most=2)]
    ['9MS', 'CK', 'AM 9MS', 'AM CK', '9MS CK']
    >>> [fmt(a) for a in bid_additions(cards("AM 9MS CK"), cards("5ML"), (2, 10), t, limit=3)]
    ['9MS', 'CK']
    >>> [fmt(a) for a in bid_additions(cards("4MS 4MS"), [], None, t)]  # two copies: two bids, not three
    ['4MS', '4MS 4MS']
    """
    pool = sorted(Counter(int(c) for c in hand).items())
    base = bid_value(laid, t)
    out: list[tuple[int, ...]] = []
    total = sum(k for _, k in pool)
    if most:
        total = min(total, most)
    for size in range(1, total + 1):
        level: list[tuple[int, ...]] = []
        for add in _beating(pool, size, base, high, t):
            level.append(add)
            if limit and len(out) + len(level) > limit:
                break
        if limit and len(out) + len(level) > limit:
            if not out:
                out = level[:limit]
            break
        out.extend(level)
    return out


def best_addition(hand: Iterable[int], most: int, t: Tables) -> BidValue:
    """The most that at most ``most`` cards of ``hand`` (0: any number) can add to a bid: the most cards
    (an Excuse counts two), then the most pips.

    >>> from bumtable.rules.boojum.options import BoojumRules
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards
    >>> t = BoojumRules(extended=True).tables
    >>> best_addition(cards("X 9MS CK 2MK"), 0, t), best_addition(cards("X 9MS CK 2MK"), 2, t)
    ((5, 23), (3, 12))
    >>> best_addition(cards("9MS CK 2MK"), 2, t), best_addition([], 3, t)
    ((2, 21), (0, 0))
    """
    cards = [int(c) for c in hand]
    if not most or len(cards) <= most:
        return bid_value(cards, t)
    wilds = sum(1 for c in cards if t.bid_cards[c] == 2)
    pips = sorted((t.pip[c] for c in cards if t.bid_cards[c] == 1), reverse=True)
    x = min(wilds, most)  # an Excuse adds two cards, any other card one: Excuses first, then the top pips
    y = min(len(pips), most - x)
    return 2 * x + y, sum(pips[:y])


def can_beat(
    hand: Iterable[int], laid: Iterable[int], high: BidValue | None, t: Tables, most: int = 0
) -> bool:
    """True when adding some cards of ``hand`` (at most ``most`` of them; 0: any number) to the cards
    ``laid`` beats ``high`` (None: no bid yet), so the player has a legal bid."""
    count, pips = best_addition(hand, most, t)
    if count == 0:
        return False
    if high is None:
        return True
    base = bid_value(laid, t)
    return (base[0] + count, base[1] + pips) > high


def auction_actions(
    hand: Iterable[int], laid: Iterable[int], high: BidValue | None, rules: BoojumRules
) -> list[BoojumAction]:
    """The legal actions of a player in an auction: every legal bid (see :func:`bid_additions`; a
    shortlist only with ``rules.bid_list_limit``), then ``pass``. The state and the observation both list
    these, so they agree.

    >>> from bumtable.rules.boojum.options import BoojumRules
    >>> from bumtable.rules.boojum.actions import action_text
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards
    >>> rules = BoojumRules(bid_max_add=2)
    >>> [action_text(a) for a in auction_actions(cards("AM 9MS CK"), cards("5ML"), (2, 10), rules)]
    ['bid 9MS', 'bid CK', 'bid AM 9MS', 'bid AM CK', 'bid 9MS CK', 'pass']
    """
    adds = bid_additions(hand, laid, high, rules.tables, rules.bid_list_limit, rules.bid_max_add)
    return [BoojumAction(BID, a) for a in adds] + [PASS_ACTION]
