"""Boojum's planes: the seat's hand, the lots, the bids, tokens and the cards known in other hands."""

from __future__ import annotations

from typing import Any

from bumtable.cards.decktet import CARDS
from bumtable.tensors.layout import (
    Builder,
    Planes,
    Vector,
    add_phase,
    count_into,
    fill_phase,
    one_hot_seat,
    relative,
)

DECKTET_CODES = len(CARDS)
SUITS = 6


def boojum_planes(rules: Any) -> Planes:
    """The layout for Boojum ``rules`` (`n` players, `S` auction slots; cards by code)."""
    n, slots, codes = rules.players, rules.slot_count, DECKTET_CODES
    b = Builder()
    b.add("hand", codes, "own hand: cards held of each code (two decks can give two of one)")
    b.add("known", (n - 1) * codes, "per other seat: cards everyone knows it holds")
    b.add("counts", n, "per seat: cards held")
    b.add("tokens", SUITS * n, "per seat: tokens held of each suit")
    b.add("lots", slots * codes, "per slot: its cards seen")
    b.add("lots_hidden", slots, "per slot: its cards not yet seen")
    b.add("lot", slots, "the slot being auctioned, one-hot")
    b.add("bids", n * codes, "per seat: the cards it has bid on the current lot")
    b.add("high", n, "per seat: holds the high bid (one-hot)")
    b.add("passed", n, "per seat: has passed on this lot (1/0)")
    b.add("won", n * codes, "per seat: cards of the lots it won this auction phase")
    b.add("stack", 1, "cards in the stack")
    b.add("discard", codes, "the discard pile: its cards")
    add_phase(b)
    at = b.at

    def fill(obs: Any, out: Vector) -> None:
        seat = obs.seat
        count_into(out, at["hand"], obs.hand or ())
        for k, cards in enumerate(relative(obs.known, seat)[1:]):
            count_into(out, at["known"] + k * codes, cards)
        out[at["counts"] : at["counts"] + n] = relative(obs.hand_counts, seat)
        for k, held in enumerate(relative(obs.tokens, seat)):
            out[at["tokens"] + SUITS * k : at["tokens"] + SUITS * (k + 1)] = held
        for s, cards in enumerate(obs.slots):
            count_into(out, at["lots"] + s * codes, cards)
        out[at["lots_hidden"] : at["lots_hidden"] + slots] = obs.slot_hidden
        if obs.lot >= 0:
            out[at["lot"] + obs.lot] = 1.0
        for k, cards in enumerate(relative(obs.bids, seat)):
            count_into(out, at["bids"] + k * codes, cards)
        one_hot_seat(out, at["high"], obs.high, seat, n)
        out[at["passed"] : at["passed"] + n] = relative(obs.passed, seat)
        for k, cards in enumerate(relative(obs.won, seat)):
            count_into(out, at["won"] + k * codes, cards)
        out[at["stack"]] = obs.stack_count
        count_into(out, at["discard"], obs.discard)
        fill_phase(out, at["phase"], obs.phase)

    return b.planes(float(rules.decks * DECKTET_CODES), fill)
