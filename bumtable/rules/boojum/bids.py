"""Bids: their value ``(cards, pips)``, compared as a pair (more cards always wins), and its words.

>>> from bumtable.rules.boojum.rules import BoojumRules
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> t = BoojumRules(extended=True).tables
>>> bid_value(cards("AM AS"), t) > bid_value(cards("CM"), t), bid_words(bid_value(cards("6MW 8MS 5ML"), t))
(True, 'three for nineteen')
>>> can_beat(cards("AM"), cards("5ML"), (2, 10), t), can_beat(cards("2MK"), cards("9MS"), (2, 10), t)
(False, True)
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
    """A whole number in words, as bids are announced (digits from 1000 on)."""
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
    """A bid's value as the observation's wire form sends it, for the faces to show (never to count again)."""
    count, pips = bid_value(cards, t)
    return {"cards": count, "pips": pips}


def bid_words(value: BidValue) -> str:
    """The announcement: ``two for fourteen``."""
    return f"{number_words(value[0])} for {number_words(value[1])}"


def beats(value: BidValue, high: BidValue | None) -> bool:
    """True when a bid worth ``value`` beats the high bid (None: nobody has bid, so any cards do)."""
    if value[0] == 0:
        return False
    return high is None or value > high


def can_beat(hand: Iterable[int], laid: Iterable[int], high: BidValue | None, t: Tables) -> bool:
    """Whether some bid of ``hand``'s cards laid on ``laid`` beats ``high``: laying more never lowers a bid,
    so it is whether the whole hand does."""
    hand = list(hand)
    if not hand:
        return False
    count, pips = bid_value(hand, t)
    base = bid_value(laid, t)
    return beats((base[0] + count, base[1] + pips), high)
