"""What a Boojum game logs, event by event, and who may see each card in it.

Besides the shared kinds of :mod:`bumtable.rules.events` (``deal``, ``bid``, ``pass``, ``lot``,
``claim``, ``draw``, ``game-over``), Boojum logs its own (below). Almost everything in Boojum
happens face up. The hidden cards are: a player's dealt hand and a card dealt face down to a
player who won no lot (seen by that player), a card drawn after a claim (seen by the drawer), and
a card dealt face down onto a slot in the build phase (seen by nobody until a :data:`ROUND` turns
the slots over).

One action logs, in order (then, for every player passed over for lack of choice, a ``pass`` or a
:data:`DONE`, and whatever the end of an auction, a round or the game logs):

* ``lay 5ML`` in an auction: a ``bid`` with that card (public; the bid is not made yet);
* ``stand``: a :data:`STAND` with the whole bid;
* ``pass``: a ``pass`` whose text is ``pass`` (``cannot beat`` or ``no cards`` when the player
  is passed over);
* ``claim waves``: a :data:`CLAIM_START`; ``lay 4MS`` in a claim: a :data:`LAY`; ``cash``: a
  ``claim`` with the group (text: the token) and a ``draw`` of the card drawn for it;
* ``done``: a :data:`DONE` (text ``done``, or ``nothing to claim`` / ``nothing more to claim``
  when the player is passed over).

The end of an auction logs a ``lot`` (text ``slot N``; ``player`` the winner, None when unsold;
``cards`` the lot) and a :data:`TAKE_BACK` for each losing bid. The end of the last auction logs a
:data:`BUILD`, a hidden ``deal`` onto each slot, a ``deal`` to each player who won nothing, a
:data:`PICK_UP` for each lot won, and :data:`CLAIMS` as the claim phase begins. A new round logs
a :data:`ROUND`; a new game first logs one ``deal`` per hand, a hidden ``deal`` per slot and the
first :data:`ROUND`. ``reshuffle`` (:data:`RESHUFFLE`) comes whenever the discard pile becomes the
stack. The game's end logs ``game-over`` (text: the outcome's reason).

>>> from bumtable.rules.boojum.rules import boojum
>>> state = boojum(3).new_state(seed=4)
>>> [e.kind for e in state.events(0)]
['deal', 'deal', 'deal', 'deal', 'deal', 'round']
>>> mine, theirs = state.events(0)[0], state.events(1)[0]
>>> (mine.player, len(mine.cards), mine.count), (theirs.cards, theirs.count)
((0, 5, 5), ((), 5))
>>> round_one = state.events(None)[-1]
>>> round_one.text, len(round_one.cards)  # the slots turned face up
('round 1', 4)
"""

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
"""The shared kinds Boojum logs (re-exported here, so one module names every kind a Boojum game logs)."""
STAND: Final = "stand"
"""``player``'s bid is made: ``cards`` the whole bid on the table, ``text`` its worth (``two for fourteen``).
The cards laid this turn are the ``bid`` events since the player's last turn."""
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
"""``player`` ends its claims for the round; ``text``: ``done``, ``nothing to claim`` or
``nothing more to claim`` (passed over)."""
RESHUFFLE: Final = "reshuffle"
"""The stack ran out: the discard pile was shuffled into a new stack of ``count`` cards."""
ROUND: Final = "round"
"""A round begins (``text``: ``round N``) and the slots are turned face up: ``cards`` are those nobody had seen."""

KINDS: Final = (STAND, TAKE_BACK, BUILD, PICK_UP, CLAIMS, CLAIM_START, LAY, DONE, RESHUFFLE, ROUND)
"""Boojum's own event kinds."""

PASSED: Final = "pass"
"""A ``pass`` event's text when the player chose to pass."""
CANNOT_BEAT: Final = "cannot beat"
"""A ``pass`` event's text when the player was passed over: it cannot beat the high bid."""
NO_CARDS: Final = "no cards"
"""A ``pass`` event's text when the player was passed over: no bid yet, but no cards to open with."""
