"""Gin Bummy's rules in a few lines, for ``r`` at the prompt (after ``docs/rules/gin-bummy.md``)."""

from __future__ import annotations

from bumtable.rules.gin_bummy.options import GinBummyOptions
from bumtable.rules_text import Part
from bumtable.words import plural


def summary(rules: GinBummyOptions) -> list[Part]:
    jokers = f"and {plural(rules.jokers, 'Joker')}" if rules.jokers else "and no Jokers"
    return [
        (
            "Goal",
            "hold exactly four number cards (2 to 10) of four different suits and four different values, "
            'such as 2♠ 6♥ 4♦ 9♣, and call "Bum!" (type bum): you win at once.',
        ),
        (
            "Cards",
            f"52 {jokers}; {rules.hand_size} dealt to each, the rest is the stock; the discard pile is the "
            "Beg. Face cards (J Q K) make a hand smaller; Aces and Jokers are special.",
        ),
        (
            "A turn",
            "exactly one of: discard a face card (no draw); draw (the stock's top card, or the Beg's unless "
            "it is an Ace or a Joker), then discard a number card, not the one drawn; discard an Ace and "
            "draw three from the stock; discard a Joker with any one card on it, which the next player must "
            "take (the Joker then blocks the Beg).",
        ),
        (
            "Four cards",
            "a player who begins a turn with exactly four cards may draw from the stock and then discard a "
            "face card.",
        ),
        (
            "Starving",
            "a turn that leaves you fewer than four cards starves you: you lose and are out (with two "
            "players the other wins at once).",
        ),
        (
            "Order",
            "the lowest cut card deals and plays first; play goes to the left. When the stock is empty the "
            "Beg is turned over to make a new one.",
        ),
        ("End", 'the first to call "Bum!" wins, or the last player not starved.'),
    ]
