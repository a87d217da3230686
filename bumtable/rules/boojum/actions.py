"""Boojum's actions and their text, bids and claims factored so that each decision lists few actions.

A bid is ``lay`` card by card, then ``stand`` (or ``pass`` before laying); a claim is ``claim`` a token,
``lay`` its cards, ``cash``; ``done`` ends a player's claims for the round.

>>> [action_text(x) for x in parse_actions("bid 9ms 5ml")]
['lay 5ML', 'lay 9MS', 'stand']
"""

from __future__ import annotations

from typing import NamedTuple

from bumtable.cards.decktet import SUIT_LETTERS, SUIT_NAMES, DecktetCard, parse_decktet_cards
from bumtable.errors import NotationError

LAY = 0
STAND = 1
PASS = 2
CLAIM = 3
CASH = 4
DONE = 5
KIND_NAMES = {LAY: "lay", STAND: "stand", PASS: "pass", CLAIM: "claim", CASH: "cash", DONE: "done"}

TOKEN_NAMES = tuple(s.lower() for s in SUIT_NAMES)
"""Suit tokens by number, in the suits' order: 0 moons ... 5 knots."""


class BoojumAction(NamedTuple):
    """``card`` is the card laid, ``token`` the token claimed (-1: none)."""

    kind: int
    card: int = -1
    token: int = -1

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


STAND_ACTION = BoojumAction(STAND)
PASS_ACTION = BoojumAction(PASS)
CASH_ACTION = BoojumAction(CASH)
DONE_ACTION = BoojumAction(DONE)


_LAYS = tuple(BoojumAction(LAY, c) for c in range(45))
"""Made once: legal lists name them often."""


def lay(card: int) -> BoojumAction:
    """Lay one card (a Decktet code)."""
    return _LAYS[card] if 0 <= card < len(_LAYS) else BoojumAction(LAY, int(card))


def claim(token: int) -> BoojumAction:
    """Start a claim for ``token`` (0 Moons .. 5 Knots)."""
    return BoojumAction(CLAIM, -1, int(token))


def bid_actions(cards: list[int] | tuple[int, ...]) -> list[BoojumAction]:
    """A whole bid: a ``lay`` for each card (lowest first), then ``stand``."""
    return [lay(c) for c in sorted(cards)] + [STAND_ACTION]


def claim_actions(token: int, cards: list[int] | tuple[int, ...]) -> list[BoojumAction]:
    """A whole claim: ``claim`` the token, ``lay`` each card (lowest first), ``cash``."""
    return [claim(token)] + [lay(c) for c in sorted(cards)] + [CASH_ACTION]


def parse_token(text: str) -> int:
    """A token's number from its name (``waves``, ``Wave``) or suit letter (``W``)."""
    t = text.strip().lower()
    for i, name in enumerate(TOKEN_NAMES):
        if t in (name, name[:-1], SUIT_LETTERS[i].lower()):
            return i
    raise NotationError(
        f"bad token {text!r}: the tokens are {', '.join(TOKEN_NAMES)} (or {', '.join(SUIT_LETTERS)})"
    )


_WORDS = {"stand": STAND_ACTION, "s": STAND_ACTION, "pass": PASS_ACTION, "p": PASS_ACTION}
_WORDS.update({"cash": CASH_ACTION, "done": DONE_ACTION, "d": DONE_ACTION})


def _cards(tokens: list[str], what: str) -> list[int]:
    if not tokens:
        example = "4MS 4MS 4WL 4YK" if what.startswith("claim") else "5ML 9MS"
        raise NotationError(f"{what} needs cards, e.g. '{what} {example}'")
    return sorted(int(DecktetCard.parse(tok)) for tok in tokens)


def parse_actions(text: str) -> list[BoojumAction]:
    """Read one action, or a shortcut for a whole bid (``bid 5ML 9MS``, or the cards alone) or claim
    (``claim waves 4MS 4WL ...``); the error names the bad word or card."""
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("empty action: say lay <card>, stand, pass, claim <token>, cash or done")
    head, rest = words[0].lower(), words[1:]
    if head in _WORDS:
        if rest:
            raise NotationError(f"bad action {text!r}: {head!r} takes nothing after it, not {rest[0]!r}")
        return [_WORDS[head]]
    if head in ("lay", "l"):
        if len(rest) != 1:
            raise NotationError(f"bad action {text!r}: lay takes one card, e.g. 'lay 5ML'")
        return [lay(DecktetCard.parse(rest[0]))]
    if head in ("bid", "b", "raise"):
        return bid_actions(_cards(rest, "bid"))
    if head in ("claim", "c"):
        if not rest:
            raise NotationError("claim needs a token, e.g. 'claim waves' (and may name the cards too)")
        token = parse_token(rest[0])
        if len(rest) == 1:
            return [claim(token)]
        return claim_actions(token, _cards(rest[1:], f"claim {rest[0]}"))
    try:
        DecktetCard.parse(words[0])
    except NotationError:
        raise NotationError(
            f"bad action {text!r}: {words[0]!r} is not lay, stand, pass, claim, cash, done or bid (nor a card)"
        ) from None
    return bid_actions([int(c) for c in parse_decktet_cards(" ".join(words))])


def parse_action(text: str) -> BoojumAction:
    """Read one action; a shortcut for several is a NotationError that says so.

    >>> action_text(parse_action("l 9ms")), action_text(parse_action("claim Wave"))
    ('lay 9MS', 'claim waves')
    >>> parse_action("bid 5ML 9MS")
    Traceback (most recent call last):
    bumtable.errors.NotationError: 'bid 5ML 9MS' is several actions (lay 5ML, lay 9MS, stand): a bid is laid card by card, then 'stand'
    """
    actions = parse_actions(text)
    if len(actions) != 1:
        what = "a bid is laid card by card, then 'stand'"
        if actions[0].kind == CLAIM:
            what = "a claim names its token, lays its cards one by one, then 'cash'"
        steps = ", ".join(action_text(a) for a in actions)
        raise NotationError(f"{' '.join(text.split())!r} is several actions ({steps}): {what}")
    return actions[0]


def action_text(action: BoojumAction) -> str:
    """The text :func:`parse_action` reads back."""
    if action.kind == LAY:
        return f"lay {DecktetCard(action.card)}"
    if action.kind == CLAIM:
        return f"claim {TOKEN_NAMES[action.token]}"
    return KIND_NAMES[action.kind]
