"""Boojum's rules in a few lines, for ``r`` at the prompt (after ``docs/rules/boojum.md``)."""

from __future__ import annotations

from bumtable.rules.boojum.options import BoojumOptions
from bumtable.rules_text import Part


def summary(rules: BoojumOptions) -> list[Part]:
    return [
        (
            "Goal",
            "a token of each of the six suits: Moons, Suns, Waves, Leaves, Wyrms, Knots. The game ends "
            "after the claims in which someone completes the six.",
        ),
        (
            "Cards",
            "written rank then suit letters (M S W L Y K): AM the Ace of Moons, 2SY the 2 of Suns and "
            "Wyrms, CK the Crown of Knots. Most are also a Location, a Personality or an Event.",
        ),
        (
            "A round",
            f"an auction, a build, then claims. Auction: {rules.slot_count} slots are sold one by one; round "
            "the table, bid more than the high bid or pass (out of that slot only).",
        ),
        (
            "Bids",
            "cards laid from your hand (bid 5ML 9MS; a raise adds cards). More cards beat fewer; as many: "
            "more pips (Ace 1, 2 to 9 their rank, Crown 10); equal does not beat. The winner takes the lot "
            "and their bid is next round's lot; the others take their cards back.",
        ),
        ("Build", "a card onto each slot and one to each player who won nothing; everyone picks up."),
        (
            "Claims",
            "in seat order, hand in a group that fits a token's pattern (claim waves 4MS 4MS 4WL 4YK), "
            "draw a card, claim again or say done. No token twice.",
        ),
        (
            "Tokens",
            "Moons: a 6-card straight, 4 Aces and 4 Crowns, or a 6-card set. Suns: a 5-card straight, a "
            "5-card set or an 8-card flush. Waves: a 4-card straight, a 4-card set or a 7-card flush.",
        ),
        (
            "Tokens",
            "Leaves: twelve suit symbols, two of each suit, or 6 Locations, 6 Personalities or 6 Events. "
            "Wyrms: 3 cards of one type (Location...) that share a suit or have consecutive ranks.",
        ),
        (
            "Tokens",
            "Knots: six suit symbols, one of each suit, a 5-card run or a 5-card flush. A straight is "
            "ranks in a row sharing a suit, a run ranks in a row, a set one rank, a flush a shared suit.",
        ),
        (
            "End",
            f"ties on all six go to the hand left, valued as a bid; after {rules.max_rounds} rounds the most "
            "tokens win.",
        ),
    ]
