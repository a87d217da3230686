"""The event kinds a Boojum game logs besides the shared ones. All is face up but dealt hands and cards dealt
face down (seen by their holder), a card drawn after a claim (by the drawer), and cards dealt onto a slot (by
nobody, until a :data:`ROUND` turns the slots over)."""

from __future__ import annotations

from typing import Final

from bumtable.rules.events import BID, CLAIM, DEAL, DRAW, GAME_OVER, LOT, PASS

__all__ = [
    "BID",
    "BUILD",
    "CANNOT_BEAT",
    "CLAIM",
    "CLAIMS",
    "CLAIM_START",
    "DEAL",
    "DONE",
    "DRAW",
    "GAME_OVER",
    "KINDS",
    "LAY",
    "LOT",
    "NO_CARDS",
    "PASS",
    "PASSED",
    "PICK_UP",
    "RESHUFFLE",
    "ROUND",
    "SHARED",
    "STAND",
    "TAKE_BACK",
]

SHARED: Final = (DEAL, BID, PASS, LOT, CLAIM, DRAW, GAME_OVER)
STAND: Final = "stand"
"""``player``'s bid is made: ``cards`` the whole bid, ``text`` its worth (``two for fourteen``)."""
TAKE_BACK: Final = "take-back"
"""A losing bid goes back to ``player``'s hand, in full view (``cards``)."""
BUILD: Final = "build"
"""The build phase begins: a card face down onto each slot, one to each player who won no lot."""
PICK_UP: Final = "pick-up"
"""``player`` picks up the lot it won (``cards``, public) into its hand."""
CLAIMS: Final = "claims"
"""The claim phase begins; ``player`` claims first, the others follow round the table."""
CLAIM_START: Final = "claim-start"
"""``player`` starts a claim for the token named in ``text``."""
LAY: Final = "lay"
"""``player`` lays ``cards[0]`` face up into the group it is claiming with."""
DONE: Final = "done"
"""``player`` ends its claims for the round; ``text`` is ``done`` unless it was passed over."""
RESHUFFLE: Final = "reshuffle"
"""The stack ran out: the discard pile was shuffled into a new stack of ``count`` cards."""
ROUND: Final = "round"
"""A round begins (``text``: ``round N``); ``cards`` are the slots' cards nobody had seen, now face up."""

KINDS: Final = (STAND, TAKE_BACK, BUILD, PICK_UP, CLAIMS, CLAIM_START, LAY, DONE, RESHUFFLE, ROUND)

PASSED: Final = "pass"
CANNOT_BEAT: Final = "cannot beat"
"""A ``pass`` event's text when the player was passed over; also :data:`NO_CARDS` (none to open with)."""
NO_CARDS: Final = "no cards"
