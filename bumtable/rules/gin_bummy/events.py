"""What a Gin Bummy game logs, event by event, and who may see each card in it.

Besides the shared kinds of :mod:`bumtable.rules.events`, Gin Bummy logs its own (below).
Every card in every event is public but for two: a dealt hand (seen by its holder) and a
card drawn from a stock whose order the table does not know (seen by the drawer; the
table sees ``draw stock`` and the count). A stock turned over as it lay is known to all,
so draws from it show the card to everyone.

One action logs, in order:

* ``draw stock``: a :data:`TURN_OVER` first when the stock was empty, then a ``draw``;
* ``draw beg``: a ``draw`` of the Beg's top card (public);
* ``discard Kh``, ``ace Ah``, ``joker JK Qs``: a ``discard`` with the cards put on the Beg
  (text: the action), then for an Ace one ``draw`` per card drawn (with any turn-over
  between them);
* then, when the turn ends: a :data:`STARVE` (the hand, face up onto the Beg) and, after a
  Joker, a :data:`FORCE` of the carried card onto the next player;
* ``bum``: a :data:`BUM_CALL` with the winning hand laid face up;
* when the game ends: a ``game-over`` whose text is the outcome's reason and whose player
  is the winner (or, for ``blocked``, the player who could not act).

A new game first logs each round of the :data:`CUT` for the deal, one ``deal`` per player
(the cards only to their holder) and a ``lead`` naming the dealer, who plays first.

>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> state = gin_bummy(players=2).new_state(seed=4)
>>> [e.kind for e in state.events(0)][-3:]
['deal', 'deal', 'lead']
>>> mine, theirs = state.events(0)[-3], state.events(1)[-3]
>>> (mine.player, len(mine.cards), mine.count), (theirs.cards, theirs.count)
((0, 10, 10), ((), 10))
"""

from __future__ import annotations

from typing import Final

CUT: Final = "cut"
"""One card cut for the deal (public): ``player`` cut ``cards[0]``; the text says ``round 2`` (3...) when tied
players cut again."""
TURN_OVER: Final = "turn-over"
"""The empty stock was refilled from the Beg: ``cards`` are the cards turned over (bottom of the Beg first),
``text`` is ``flip`` (turned over as they lay: the new stock's order is known) or ``shuffle``."""
FORCE: Final = "force"
"""The card dropped on a Joker goes to the next player: ``player`` played the Joker, ``to`` takes ``cards[0]``."""
STARVE: Final = "starve"
"""``player`` starved (fewer than four cards) and is out: ``cards`` are the hand, now face up on the Beg."""
BUM_CALL: Final = "bum"
"""``player`` called "Bum!": ``cards`` are the winning hand, laid face up."""

KINDS: Final = (CUT, TURN_OVER, FORCE, STARVE, BUM_CALL)
"""Gin Bummy's own event kinds."""
