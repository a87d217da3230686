"""The wire form of a Gin Bummy observation (``GinBummyObservation.to_dict``); history is the record's."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bumtable.wire.base import CardText, Count, CutCardModel, LegalActionModel, Seat, WireModel

RECENT = 8  # the most passed-over or discarded cards listed per player; a test holds it to the rules layer's

Recent = Annotated[list[CardText], Field(max_length=RECENT)]


class ForcedCardModel(WireModel):
    """A card a Joker forced on a player, who now takes the turn."""

    player: Seat
    """The player the card was forced on."""
    card: CardText
    """The card."""


class GinBummyObservationModel(WireModel):
    """What one seat (or a spectator) may know of a Gin Bummy game: its own cards and all that is public."""

    format: Literal["gin-bummy-observation/4"]
    """The version of this wire form."""
    system: Literal["gin-bummy"]
    """The rules system (the rules themselves are sent once, apart)."""
    seat: Seat | None
    """The seat whose view this is; null for a spectator, who holds no hand."""
    turn: Seat | None
    """The player to act; null once the game is over."""
    phase: Literal["turn", "discard", "call", "over"]
    """``turn`` (draw or call), ``discard`` (after a draw), ``call`` (may call a winning hand), ``over``."""
    legal: list[LegalActionModel]
    """The seat's legal actions when it is to act, else empty."""
    starving: dict[str, Count]
    """The seat's legal actions (by text) that would starve it, each with the cards it would be left with."""
    dealer: Seat
    """The dealer."""
    cut: list[list[CutCardModel]]
    """Each round of the cut for the deal (ties cut again)."""
    hand: list[CardText] | None
    """The seat's cards, lowest first; null for a spectator."""
    hand_counts: list[Count]
    """How many cards each player holds, by player."""
    public_cards: list[list[CardText]]
    """By player: the cards everyone knows that player holds (from the Beg, a Joker or a known stock)."""
    hidden_counts: list[list[Count]]
    """By player: their other cards, counted by where they came from (0: the deal; k: the k-th turn-over)."""
    beg: list[CardText]
    """The Beg (the face-up pile), bottom card first."""
    stock_count: Count
    """Cards left in the stock."""
    stock: list[CardText] | None
    """The stock, next card first, when everyone knows its order (after an unshuffled turn-over), or null."""
    flips: list[list[CardText]]
    """The cards of each turn-over of the Beg, bottom card first."""
    drawn: CardText | None
    """The card drawn this turn, if this seat may see it."""
    drew_from: Literal["", "stock", "beg"]
    """Where this turn's card came from (empty before the draw)."""
    start_size: Count
    """Cards the player to act held when the turn began."""
    starved: list[Seat]
    """The players out, in the order they starved."""
    turns: Count
    """Turns taken so far."""
    winner: Seat | None
    """The winner once the game is over (null: nobody won)."""
    stuck: Seat | None
    """In a blocked game, the player who had no legal action."""
    result: Literal["", "bum", "last-standing", "turn-limit", "blocked"]
    """How the game ended; empty while it runs."""
    steps: Count
    """Actions taken so far (the history itself is the record's, not resent)."""
    last_forced: ForcedCardModel | None
    """While a player takes the turn after a Joker forced a card on them: who and which card."""
    my_draws: list[CardText]
    """The cards this seat drew on its latest turn."""
    beg_declined: list[Recent]
    """By player, the latest in order: each number card atop the Beg when they drew from the stock instead."""
    number_discards: list[Recent]
    """By player, the latest in order: the number cards that player discarded after drawing."""
