"""Bids: their value (cards, then pips), on the wire and in words, and whether a hand can still beat the high bid.

A bid's value is ``(cards, pips)``, compared as a pair: more cards always wins, then more pips. The
Excuse counts as two cards and no pips.

>>> from bumtable.rules.boojum.rules import BoojumRules
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> t = BoojumRules(extended=True).tables
>>> bid_value(cards("AM AS"), t) > bid_value(cards("CM"), t)  # two Aces beat a Crown
True
>>> bid_value(cards("X"), t), bid_words(bid_value(cards("6MW 8MS"), t))
((2, 0), 'two for fourteen')
"""

from __future__ import annotations

from collections.abc import Iterable

from bumtable.rules.boojum.tables import Tables

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


def bid_worth(cards: Iterable[int], t: Tables) -> dict[str, int]:
    """A bid's value as the observation's wire form sends it, for the faces to show (never to count again).

    >>> from bumtable.rules.boojum.rules import BoojumRules
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards
    >>> bid_worth(cards("6MW 8MS"), BoojumRules().tables)
    {'cards': 2, 'pips': 14}
    """
    count, pips = bid_value(cards, t)
    return {"cards": count, "pips": pips}


def bid_words(value: BidValue) -> str:
    """The announcement: ``two for fourteen``."""
    return f"{number_words(value[0])} for {number_words(value[1])}"


def beats(value: BidValue, high: BidValue | None) -> bool:
    """True when a bid worth ``value`` beats the high bid (None: nobody has bid, so any cards do).

    >>> beats((2, 2), (1, 10)), beats((1, 9), (1, 9)), beats((0, 0), None)
    (True, False, False)
    """
    if value[0] == 0:
        return False
    return high is None or value > high


def can_beat(hand: Iterable[int], laid: Iterable[int], high: BidValue | None, t: Tables) -> bool:
    """True when laying the whole of ``hand`` on the cards ``laid`` beats ``high`` (None: no bid yet): then,
    and only then, some bid of the hand's cards beats it (laying more never lowers a bid).

    >>> from bumtable.rules.boojum.rules import BoojumRules
    >>> from bumtable.cards.decktet import parse_decktet_cards as cards
    >>> t = BoojumRules().tables
    >>> can_beat(cards("AM"), cards("5ML"), (2, 10), t), can_beat(cards("2MK"), cards("9MS"), (2, 10), t)
    (False, True)
    """
    hand = list(hand)
    if not hand:
        return False
    count, pips = bid_value(hand, t)
    base = bid_value(laid, t)
    return beats((base[0] + count, base[1] + pips), high)
