"""Gin Bummy's actions and their text: ``discard Kh``, ``ace Ah``, ``joker JK Qs``, ``draw stock``, ``bum``.

Reading is lenient: any case, ``take deck`` for ``draw stock``, a bare card for its discard.

>>> action_text(parse_action("take deck")), action_text(parse_action("Ah"))
('draw stock', 'ace Ah')
"""

from __future__ import annotations

from typing import Final, NamedTuple

from bumtable.cards.french import JOKER, Card
from bumtable.errors import NotationError
from bumtable.rules.gin_bummy.cards import card_text, is_ace, is_joker

DISCARD: Final = "discard"
DRAW_STOCK: Final = "draw-stock"
DRAW_BEG: Final = "draw-beg"
ACE: Final = "ace"
JOKER_PLAY: Final = "joker"
BUM: Final = "bum"
KINDS: Final = (DISCARD, DRAW_STOCK, DRAW_BEG, ACE, JOKER_PLAY, BUM)


class GinBummyAction(NamedTuple):
    """``card`` is the card discarded, the Ace played, or the card dropped on a Joker (-1: none)."""

    kind: str
    card: int = -1

    @property
    def text(self) -> str:
        return action_text(self)

    def __str__(self) -> str:
        return action_text(self)


DRAW_STOCK_ACTION: Final = GinBummyAction(DRAW_STOCK)
DRAW_BEG_ACTION: Final = GinBummyAction(DRAW_BEG)
BUM_ACTION: Final = GinBummyAction(BUM)

_WORDS: Final = "write one of: discard <card>, draw stock, draw beg, ace <Ace>, joker JK <card>, bum"
_STOCK_WORDS: Final = ("stock", "deck", "pile", "s")
_BEG_WORDS: Final = ("beg", "discards", "b")


def action_text(action: GinBummyAction) -> str:
    """The text :func:`parse_action` reads back."""
    kind = action.kind
    if kind == DRAW_STOCK:
        return "draw stock"
    if kind == DRAW_BEG:
        return "draw beg"
    if kind == BUM:
        return "bum"
    if kind not in KINDS:
        raise NotationError(f"no action kind {kind!r}; kinds: {', '.join(KINDS)}")
    card = card_text(action.card) if action.card >= 0 else "?"
    if kind == JOKER_PLAY:
        return f"joker JK {card}"
    return f"{kind} {card}"


def _card(token: str) -> int:
    code = int(Card.parse(token))
    return JOKER if code >= JOKER else code


def parse_action(text: str) -> GinBummyAction:
    """Read an action; a NotationError names the token that is wrong.

    >>> parse_action("joker JK 7c") == parse_action("joker 7c")
    True
    >>> parse_action("ace 7c")
    Traceback (most recent call last):
    bumtable.errors.NotationError: 'ace' needs an Ace, not '7c'
    """
    if not isinstance(text, str):
        raise NotationError(f"an action is text, not {type(text).__name__}")
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise NotationError(f"empty action: {_WORDS}")
    word, rest = tokens[0].lower(), tokens[1:]
    if word in ("bum", "bum!"):
        if rest:
            raise NotationError(f"'bum' takes nothing after it, not {rest[0]!r}")
        return BUM_ACTION
    if word in ("draw", "take", "pick"):
        if not rest:
            raise NotationError(f"{tokens[0]!r} needs a source: 'draw stock' or 'draw beg'")
        source = rest[0].lower()
        if len(rest) > 1:
            raise NotationError(f"'draw' takes one source, not also {rest[1]!r}")
        if source in _STOCK_WORDS:
            return DRAW_STOCK_ACTION
        if source in _BEG_WORDS:
            return DRAW_BEG_ACTION
        raise NotationError(f"bad source {rest[0]!r}: draw from 'stock' or 'beg'")
    if word in ("discard", "throw", "d"):
        if len(rest) != 1:
            what = f"not also {rest[1]!r}" if rest else "none given"
            raise NotationError(f"'discard' takes one card ({what})")
        return _discard(rest[0])
    if word == "ace":
        if len(rest) != 1:
            what = f"not also {rest[1]!r}" if rest else "none given"
            raise NotationError(f"'ace' takes one Ace ({what})")
        code = _card(rest[0])
        if not is_ace(code):
            raise NotationError(f"'ace' needs an Ace, not {rest[0]!r}")
        return GinBummyAction(ACE, code)
    if word in ("joker", "jk"):
        if not rest or len(rest) > 2:
            raise NotationError(
                f"'joker' takes the card to drop on the Joker, e.g. 'joker JK Qs' ({len(rest)} given)"
            )
        if len(rest) == 2 and not is_joker(_card(rest[0])):
            raise NotationError(f"after 'joker' comes the Joker (JK) and then a card, not {rest[0]!r}")
        return GinBummyAction(JOKER_PLAY, _card(rest[-1]))
    if len(tokens) == 1:
        try:
            return _discard(tokens[0])
        except NotationError:
            pass
    raise NotationError(f"unknown action {tokens[0]!r}: {_WORDS}")


def _discard(token: str) -> GinBummyAction:
    code = _card(token)
    if is_joker(code):
        raise NotationError(
            f"a Joker goes down with another card on top of it: write 'joker JK <card>', not {token!r}"
        )
    if is_ace(code):
        return GinBummyAction(ACE, code)
    return GinBummyAction(DISCARD, code)
