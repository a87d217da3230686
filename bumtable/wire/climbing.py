"""The wire form of a climbing game's observation (``ClimbingObservation.to_dict``)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from bumtable.wire.base import CardText, Count, CutCardModel, LegalActionModel, Seat, WireModel

# the registry's climbing systems (a test holds the two equal)
ClimbingSystem = Literal["arsehole", "bum-game", "president", "zheng-shangyou"]
ClimbingPhase = Literal["deal", "revolution", "exchange", "play", "over"]


class TrickEntryModel(WireModel):
    """One play in the current trick."""

    player: Seat
    """Who played."""
    action: str
    """The play in the rules' notation (``set 9 9``)."""
    cards: list[CardText]
    """The cards that left the player's hand."""


class PlayedModel(WireModel):
    """One play of the hand so far."""

    player: Seat
    """Who played."""
    cards: list[CardText]
    """The cards played."""


class RevolutionModel(WireModel):
    """A revolution this hand: public, with the Jokers that made it."""

    player: Seat
    """The player dealt the Jokers."""
    jokers: Count
    """How many Jokers they held."""
    old_roles: list[str]
    """Each player's role before the revolution, by player."""


class TransferModel(WireModel):
    """Cards passed in this hand's exchange, as this seat saw them."""

    giver: Seat
    """Who gave."""
    receiver: Seat
    """Who received."""
    count: Count
    """How many cards moved (known to everyone)."""
    cards: list[CardText] | None
    """The cards, for giver and receiver only; null for everyone else."""


class HandResultModel(WireModel):
    """What the latest finished hand decided."""

    hand_no: Count
    """The hand's number (the first hand is 1)."""
    order: list[Seat]
    """Players in the order they went out (the last is the one left holding cards)."""
    points: list[int]
    """Points each player scored this hand, by player."""
    roles: list[str]
    """The role each player held while playing the hand (after any revolution), by player."""
    revolution: bool
    """Whether a revolution happened in the hand."""
    cancelled_exchange: bool
    """Whether the deal cancelled the exchange (the Bum-only variant)."""
    last_cards: list[CardText]
    """The cards of the play that ended the hand."""
    with_roles: bool
    """False for a first hand played before anyone had a role (``roles`` then only follow the seats)."""


class ClimbingObservationModel(WireModel):
    """What one seat (or a spectator) may know of a climbing game: its own hand and all that is public."""

    system: ClimbingSystem
    """The rules system (the rules themselves are sent once, apart)."""
    seat: Seat | None
    """The seat whose view this is; null for a spectator, who sees no hand."""
    hand_no: Count
    """The hand being played (the first is 1)."""
    phase: ClimbingPhase
    """The phase; in ``deal``, another seat privately decides whether to declare a revolution."""
    turn: Seat | None
    """The player to act, or null (nobody this viewer may see, or the match is over)."""
    leader: Seat
    """The player who led the current trick."""
    roles: list[str]
    """Each player's role by name, by player."""
    roles_assigned: bool
    """False in a first hand played before anyone has a role (President)."""
    order: list[Seat]
    """Players in clockwise order round the table."""
    scores: list[int]
    """Each player's match points, by player."""
    card_counts: list[Count]
    """How many cards each player holds, by player."""
    hand: list[CardText] | None
    """The seat's own cards; null for a spectator."""
    legal: list[LegalActionModel]
    """The seat's legal actions when it is to act, else empty."""
    top: str | None
    """The play to beat in the current trick, in notation; null when the trick is empty."""
    top_player: Annotated[int, Field(ge=-1)]
    """Who made the play to beat; -1 before the hand's first play."""
    passes: Count
    """Passes since the play to beat."""
    trick: list[TrickEntryModel]
    """The plays of the current trick, in order."""
    played: list[PlayedModel]
    """Every play of this hand, in order."""
    finished: list[Seat]
    """Players who have gone out this hand, in order."""
    losers: list[Seat]
    """Players who went out with the wipe card and so finish last (President's 3 of clubs)."""
    sat_out: list[bool]
    """By player: passed and sits out the rest of this trick (rules where a pass is final)."""
    revolution: RevolutionModel | None
    """The revolution of this hand, if any."""
    cancelled_exchange: bool
    """Whether the deal cancelled this hand's exchange."""
    transfers: list[TransferModel]
    """This hand's exchange, as this seat saw it."""
    cut: list[list[CutCardModel]]
    """Each round of the cut for the first roles (ties cut again)."""
    last_result: HandResultModel | None
    """The latest finished hand; null before the first ends."""
    winner: Seat | None
    """The match's winner once it is over."""
    give_count: Count
    """Cards the seat must choose to give now (exchange phase), else 0."""
    dealer: Seat
    """The dealer of this hand."""
    direction: Literal[1, -1]
    """1 while play goes round the table in seat order, -1 after a reversal of direction."""
    inverted: bool
    """True while the ranking is reversed (each play must rank lower)."""
