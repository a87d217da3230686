"""Gin Bummy's planes: the seat's hand, the Beg, the stock's size and the cards known in other hands."""

from __future__ import annotations

from typing import Any

from bumtable.tensors.layout import Builder, Planes, Vector, add_phase, count_into, fill_phase, relative

FRENCH_CODES = 64
"""French card codes are ``rank * 4 + suit`` below 64 (:mod:`bumtable.cards.french`)."""


def gin_bummy_planes(rules: Any) -> Planes:
    """The layout for Gin Bummy ``rules`` (`n` players; cards by code)."""
    n = rules.players
    b = Builder()
    b.add("hand", FRENCH_CODES, "own hand: cards held of each code")
    b.add("known", (n - 1) * FRENCH_CODES, "per other seat: cards everyone knows it holds")
    b.add("counts", n, "per seat: cards held")
    b.add("out", n, "per seat: starved and out (1/0)")
    b.add("stock", 1, "cards in the stock")
    b.add("beg", FRENCH_CODES, "the Beg: its cards")
    b.add("beg_size", 1, "cards in the Beg")
    b.add("beg_top", FRENCH_CODES, "the Beg's top card, one-hot (all 0 when empty)")
    add_phase(b)
    at = b.at

    def fill(obs: Any, out: Vector) -> None:
        seat = obs.seat
        count_into(out, at["hand"], obs.hand or ())
        for k, cards in enumerate(relative(obs.public_cards, seat)[1:]):
            count_into(out, at["known"] + k * FRENCH_CODES, cards)
        out[at["counts"] : at["counts"] + n] = relative(obs.hand_counts, seat)
        for player in obs.starved:
            out[at["out"] + (player - seat) % n] = 1.0
        out[at["stock"]] = obs.stock_count
        count_into(out, at["beg"], obs.beg)
        out[at["beg_size"]] = len(obs.beg)
        if obs.beg:
            out[at["beg_top"] + obs.beg[-1]] = 1.0
        fill_phase(out, at["phase"], obs.phase)

    return b.planes(float(rules.deck_size), fill)
