"""Legal actions as a pure function of what the player to act sees, so the state and observation agree.

>>> from bumtable.cards import parse_cards
>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> view = TurnView(gin_bummy(), TURN, tuple(parse_cards("7c 8d Kh As JK 9s")), beg_top=None,
...                 stock_open=True, drawn=None, drew_from="", start_size=6)
>>> [a.text for a in legal_actions(view)]
['discard Kh', 'ace As', 'joker JK 7c', 'joker JK 8d', 'joker JK 9s', 'joker JK Kh', 'joker JK As', 'draw stock']
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, NamedTuple

from bumtable.cards.french import JOKER
from bumtable.rules import phases
from bumtable.rules.gin_bummy.actions import (
    ACE,
    BUM,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG,
    DRAW_BEG_ACTION,
    DRAW_STOCK,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    KINDS,
    GinBummyAction,
)
from bumtable.rules.gin_bummy.cards import bum_problem, card_text, is_ace, is_face, is_joker, is_number

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions

TURN: Final = phases.TURN
DISCARD_PHASE: Final = phases.DISCARD
CALL: Final = phases.CALL
OVER: Final = phases.OVER


class TurnView(NamedTuple):
    """What decides the legal actions of the player to act."""

    rules: GinBummyOptions
    phase: str
    hand: tuple[int, ...]
    beg_top: int | None
    """None: the Beg is empty."""
    stock_open: bool
    """The stock has cards, or the Beg can be turned over."""
    drawn: int | None
    drew_from: str
    """``stock`` or ``beg`` in the discard phase."""
    start_size: int
    """Cards held when this turn began."""


def _may_discard_face_after_draw(view: TurnView, source: str) -> bool:
    """The four-card exception: a face card may follow a draw when the turn began with four cards."""
    if view.start_size != 4:
        return False
    return source == "stock" or view.rules.four_card_draw == "stock-or-beg"


def _can_follow_draw(view: TurnView, source: str) -> bool:
    """After drawing from ``source`` the player will surely have a card to discard."""
    if any(is_number(c) for c in view.hand):
        return True
    return _may_discard_face_after_draw(view, source) and any(is_face(c) for c in view.hand)


def _discardable(view: TurnView, card: int) -> bool:
    if card == view.drawn and not (view.drew_from == "stock" and view.rules.may_discard_stock_draw):
        return False
    if is_number(card):
        return True
    return is_face(card) and _may_discard_face_after_draw(view, view.drew_from)


_DISCARDS: Final = tuple(GinBummyAction(DISCARD, c) for c in range(JOKER + 1))
_ACES: Final = tuple(GinBummyAction(ACE, c) for c in range(JOKER + 1))
_JOKER_PLAYS: Final = tuple(GinBummyAction(JOKER_PLAY, c) for c in range(JOKER + 1))
"""Actions by card code, made once: legal actions are listed at every step."""


def legal_actions(view: TurnView) -> tuple[GinBummyAction, ...]:
    """Every legal action, in a fixed order: face discards, Aces, Joker plays, draws (or the discards)."""
    if view.phase == CALL:
        return (BUM_ACTION,)
    hand = sorted(set(view.hand))
    if view.phase == DISCARD_PHASE:
        return tuple([_DISCARDS[c] for c in hand if _discardable(view, c)])
    if view.phase != TURN:
        return ()
    out = [_DISCARDS[c] for c in hand if 44 <= c < 56]  # the face cards
    out += [_ACES[c] for c in hand if 56 <= c < JOKER]
    jokers = view.hand.count(JOKER)
    if jokers:
        carry = view.rules.joker_carries_joker and jokers > 1
        out += [_JOKER_PLAYS[c] for c in hand if c < JOKER or carry]
    top = view.beg_top
    if top is not None and not (is_ace(top) or is_joker(top)) and _can_follow_draw(view, "beg"):
        out.append(DRAW_BEG_ACTION)
    if view.stock_open and _can_follow_draw(view, "stock"):
        out.append(DRAW_STOCK_ACTION)
    return tuple(out)


def why_illegal(view: TurnView, action: GinBummyAction) -> str | None:
    """None if ``action`` is legal, else the reason in words."""
    if not isinstance(action, tuple) or len(action) != 2 or action[0] not in KINDS:
        return f"{action!r} is not a Gin Bummy action"
    kind, card = action.kind, action.card
    if kind in (DISCARD, ACE, JOKER_PLAY) and not (isinstance(card, int) and 8 <= card <= JOKER):
        return f"{kind} needs a card, not {card!r}"
    if kind in (DRAW_STOCK, DRAW_BEG, BUM) and card != -1:
        return f"{kind} takes no card"
    if view.phase == OVER:
        return "the game is over"
    if view.phase == CALL:
        return None if kind == BUM else "you hold a winning hand: call 'bum'"
    if kind == BUM:
        problem = bum_problem(view.hand)
        return None if problem is None else f"you cannot call Bum: {problem}"
    if view.phase == DISCARD_PHASE:
        return _why_not_discard(view, kind, card)
    held = card in view.hand
    name = card_text(card) if card >= 0 else ""
    if kind == DISCARD:
        if is_number(card):
            return "a number card goes down only after a draw: first 'draw stock' or 'draw beg'"
        if not is_face(card):
            return f"{name} is not discarded that way: an Ace is played with 'ace', a Joker with 'joker JK <card>'"
        return None if held else f"you do not hold {name}"
    if kind == ACE:
        if not is_ace(card):
            return f"{name} is not an Ace"
        return None if held else f"you do not hold {name}"
    if kind == JOKER_PLAY:
        jokers = view.hand.count(JOKER)
        if not jokers:
            return "you hold no Joker"
        if is_joker(card):
            if not view.rules.joker_carries_joker:
                return "these rules do not let a Joker carry the other Joker"
            return None if jokers > 1 else "you hold only one Joker: drop another card on it"
        return None if held else f"you do not hold {name}"
    source = "beg" if kind == DRAW_BEG else "stock"
    if kind == DRAW_BEG:
        top = view.beg_top
        if top is None:
            return "the Beg is empty"
        if is_ace(top) or is_joker(top):
            return f"the top of the Beg is {'an Ace' if is_ace(top) else 'a Joker'}, which may not be taken"
    elif not view.stock_open:
        return "there is nothing to draw: the stock is empty and the Beg cannot be turned over"
    if not _can_follow_draw(view, source):
        if _may_discard_face_after_draw(view, source) or view.start_size != 4:
            return "you hold no number card to discard after drawing"
        return "you hold no number card to discard after drawing (a face card may follow only a draw from the stock)"
    return None


def _why_not_discard(view: TurnView, kind: str, card: int) -> str | None:
    if kind != DISCARD:
        return f"you have drawn {card_text(view.drawn) if view.drawn is not None else 'a card'}: now discard a number card"
    if card not in view.hand:
        return f"you do not hold {card_text(card)}"
    if card == view.drawn and not _discardable(view, card):
        return f"you may not discard the card you just drew ({card_text(card)})"
    if not _discardable(view, card):
        if is_face(card):
            return "after drawing you discard a number card (a face card only when the turn began with four cards)"
        return "after drawing you discard a number card, not an Ace or a Joker"
    return None
