"""The wire form of a Boojum observation (``BoojumObservation.to_dict``); history is the event stream's."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bumtable.wire.base import CardText, Count, LegalActionModel, Seat, WireModel

TokenName = Literal["moons", "suns", "waves", "leaves", "wyrms", "knots"]


class BidWorthModel(WireModel):
    """A bid's worth: more cards always wins, then more pips."""

    cards: Count
    """The cards it counts as (the Excuse counts two)."""
    pips: Count
    """The pips of its cards (an Ace 1, a number card its number, a Pawn 10, a Court 10 or 11 and a Crown 10 to
    12 by the ranks in play; the Excuse none)."""


class BoojumObservationModel(WireModel):
    """What one seat (or a spectator) may know of a Boojum game: its own hand and all that is public."""

    system: Literal["boojum"]
    """The rules system (the rules themselves are sent once, apart)."""
    seat: Seat | None
    """The seat whose view this is; null for a spectator, who sees no hand."""
    round_no: Count
    """The round being played."""
    phase: Literal["auction", "claim", "over"]
    """``auction`` (lots are bid for), ``claim`` (tokens are claimed with groups of cards) or ``over``."""
    turn: Seat | None
    """The player to act; null once the game is over."""
    dealer: Seat
    """The dealer of this round."""
    first_to_bid: Seat
    """Who bids first for the current lot."""
    lot: Annotated[int, Field(ge=-1)]
    """The slot being auctioned (0-based), or -1 outside the auction phase."""
    slots: list[list[CardText]]
    """The cards of each slot that have been seen (all of them during the auction)."""
    slot_hidden: list[Count]
    """Cards in each slot not yet seen (dealt in the build phase, turned up when the auction starts)."""
    bids: list[list[CardText]]
    """By player: the cards laid for the current lot (a bid being laid included)."""
    bid_worth: list[BidWorthModel]
    """By player: what the cards of ``bids`` are worth, as the rules count it (a face only shows it)."""
    laid_now: list[CardText]
    """Cards the player to act has laid this turn: its bid is being made (it must stand, not pass)."""
    high: Seat | None
    """The player holding the high bid, or null."""
    passed: list[bool]
    """By player: has passed on the current lot."""
    won: list[list[CardText]]
    """By player: the lots won this auction phase (face down until the build phase, but seen by all)."""
    hand: list[CardText] | None
    """The seat's own cards; null for a spectator."""
    hand_counts: list[Count]
    """How many cards each player holds, by player."""
    known: list[list[CardText]]
    """By player: the cards everyone knows that player holds (lots picked up, losing bids taken back)."""
    tokens: list[dict[TokenName, Count]]
    """By player: the tokens held, by name (a token not held is left out)."""
    discard: list[CardText]
    """The discard pile, bottom card first."""
    stack_count: Count
    """Cards left in the stack."""
    claim_order: list[Seat]
    """The order in which players claim this claim phase."""
    claim_pos: Count
    """The place in ``claim_order`` of the player claiming now."""
    claim_token: TokenName | None
    """The token a claim being laid is for, or null."""
    claim_cards: list[CardText]
    """The cards laid so far for that claim."""
    winners: list[Seat]
    """The winners once the game is over."""
    hit_round_limit: bool
    """Whether the game ended because it reached the rules' round limit."""
    legal: list[LegalActionModel]
    """The seat's legal actions when it is to act, else empty."""
