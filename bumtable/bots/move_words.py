"""What a move does in a few words, per rules family, for hints; empty where nothing plain can be said.

>>> from bumtable.rules.gin_bummy import gin_bummy, position
>>> observation = position(gin_bummy(), ["2s 6h 6d Kh 8h", "7c 7d 7h 7s 8c"], beg="5c").observe(0)
>>> [WORDS["gin-bummy"](observation, action) for action in observation.legal_actions()]
['sheds a face card', "takes the Beg's card: one for your core", '']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bumtable.bots.boojum import CARD_VALUE, hand_potential
from bumtable.bots.gin_bummy import core_size
from bumtable.cards.decktet import SUIT_NAMES
from bumtable.rules.boojum.actions import CASH, CLAIM, DONE, LAY, STAND
from bumtable.rules.boojum.actions import PASS as BOOJUM_PASS
from bumtable.rules.climbing.plays import PASS, SET
from bumtable.rules.gin_bummy.actions import ACE, BUM, DISCARD, DRAW_BEG, JOKER_PLAY
from bumtable.rules.gin_bummy.cards import is_face, is_number
from bumtable.rules.gin_bummy.moves import DISCARD_PHASE
from bumtable.rules.phases import PLAY


def climbing_words(observation: Any, action: Any) -> str:
    """What a climbing game's move does (goes out, keeps or spends wild cards, leads its lowest cards ...)."""
    t = observation.rules.tables
    if observation.phase != PLAY or (action.kind not in (PASS, SET) and action.size == 0):
        return ""
    ranks = sorted(t.rank_of_code[c] for c in observation.hand or ())
    wild = set(t.seq_wilds).union(*t.subs)
    held_wild = sum(1 for r in ranks if r in wild)
    if action.kind == PASS:
        return (
            "passes and keeps your wild cards for later" if held_wild else "passes and keeps your hand whole"
        )
    if action.size == len(ranks):
        return "goes out"
    plain = [r for r in action.cards if r not in wild or r == action.rank]
    stand_ins = len(action.cards) - len(plain)
    if stand_ins:
        return "spends a wild card to make the play"
    if observation.inverted:  # the ranking is reversed: low and high change places
        return ""
    if observation.top is None and ranks and min(action.cards) == ranks[0]:
        return "leads your lowest cards"
    if ranks and max(action.cards) == ranks[-1] and held_wild == 0:
        return "plays your highest cards"
    return ""


def gin_words(observation: Any, action: Any) -> str:
    """What a Gin Bummy move does to the hand's core and size (fewer than four cards starves)."""
    hand = list(observation.hand or ())
    kind = action.kind
    after_draw = observation.phase == DISCARD_PHASE
    if kind == BUM:
        return "calls Bum!: your hand is made"
    if kind == ACE:
        return "discards an Ace and draws three"
    if kind == JOKER_PLAY:
        return _starves(len(hand) - 2) or "plays a Joker: two cards gone in one turn"
    if kind == DRAW_BEG:
        top = observation.beg[-1] if observation.beg else None
        if top is not None and is_number(top) and core_size([*hand, top]) > core_size(hand):
            return "takes the Beg's card: one for your core"
        if top is not None and is_face(top):
            return "takes the Beg's face card, to shed it next turn"
        return ""
    if kind == DISCARD:
        if is_face(action.card):
            if after_draw:
                return "swaps a face card for the card drawn (the four-card rule)"
            return _starves(len(hand) - 1) or "sheds a face card"
        rest = list(hand)
        rest.remove(action.card)
        if core_size(rest) == core_size(hand):
            return "discards a number card your core does without"
    return ""


def _starves(left: int) -> str:
    return f"starves: {left} cards left, fewer than four" if left < 4 else ""


_BOOJUM_SAID = {
    CASH: "cashes the group in for the token, and draws a card",
    DONE: "makes no more claims this round, keeping the cards a claim would discard (they count toward the "
    "other tokens too)",
    BOOJUM_PASS: "drops out of this slot's auction",
    STAND: "stands: your bid is made",
}


def boojum_words(observation: Any, action: Any) -> str:
    """What a Boojum move does: a bid's card spare or needed, a claim begun, cashed or ended."""
    kind = action.kind
    if kind == CLAIM:
        return f"claims the {SUIT_NAMES[action.token]} token"
    if kind != LAY:
        return _BOOJUM_SAID.get(kind, "")
    if observation.lot < 0:
        return "lays a card of the group you claim with"
    hand = list(observation.hand or ())
    rest = list(hand)
    rest.remove(action.card)
    t = observation.rules.tables
    wanted = observation.wanted_tokens(observation.seat)
    loss = hand_potential(hand, wanted, t) - hand_potential(rest, wanted, t)
    if loss <= CARD_VALUE + 1e-9:  # every card counts CARD_VALUE: this one brings no token nearer
        return "bids with a card your hand can spare"
    return "bids with a card you need"


WORDS: dict[str, Callable[[Any, Any], str]] = {
    "climbing": climbing_words,
    "gin-bummy": gin_words,
    "boojum": boojum_words,
}
