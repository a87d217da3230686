"""Boojum's actions and their text: bid, pass, claim a suit token, done.

An action is a :class:`BoojumAction` (an immutable NamedTuple). Cards are Decktet codes, sorted, so an
action names a multiset of cards (copies from different Decktets are the same card).

=================================  ===================================================================
text                               meaning
=================================  ===================================================================
``bid 5ML 9MS``                    auction: lay these cards from your hand, adding them to any cards
                                   you already laid for this slot (``raise`` and ``b`` mean the same;
                                   bare cards are a bid too)
``pass``                           auction: drop out of this slot's auction (``p``)
``claim waves 4MS 4WL 4YK X``      claim phase: hand in these cards for the Waves token (``c``; the
                                   token by name, singular or plural, or its suit letter)
``done``                           claim phase: end your claims for this round (``d``)
=================================  ===================================================================

>>> a = parse_action("claim Wave 4yk 4ms x 4wl")
>>> action_text(a)
'claim waves 4MS 4WL 4YK X'
>>> parse_action(action_text(a)) == a
True
>>> action_text(parse_action("raise 9ms 5ml")), action_text(parse_action("p"))
('bid 5ML 9MS', 'pass')
>>> parse_action("claim stars AM")
Traceback (most recent call last):
...
bumtable.errors.NotationError: bad token 'stars': the tokens are moons, suns, waves, leaves, wyrms, knots (or M, S, W, L, Y, K)
"""

from __future__ import annotations

from typing import NamedTuple

from bumtable.cards.decktet import SUIT_LETTERS, SUIT_NAMES, DecktetCard, format_decktet_cards
from bumtable.errors import NotationError

BID = 0
PASS = 1
CLAIM = 2
DONE = 3
KIND_NAMES = {BID: "bid", PASS: "pass", CLAIM: "claim", DONE: "done"}

TOKEN_NAMES = tuple(s.lower() for s in SUIT_NAMES)
"""Suit tokens by number: 0 moons, 1 suns, 2 waves, 3 leaves, 4 wyrms, 5 knots (the suits' order)."""


class BoojumAction(NamedTuple):
    """One Boojum action. ``cards`` are sorted codes; ``token`` is the suit token claimed (-1 otherwise)."""

    kind: int
    cards: tuple[int, ...] = ()
    token: int = -1

    @property
    def kind_name(self) -> str:
        return KIND_NAMES[self.kind]


PASS_ACTION = BoojumAction(PASS)
DONE_ACTION = BoojumAction(DONE)


def bid(cards: list[int] | tuple[int, ...]) -> BoojumAction:
    """A bid of these cards (sorted for you).

    >>> bid([27, 15])
    BoojumAction(kind=0, cards=(15, 27), token=-1)
    """
    return BoojumAction(BID, tuple(sorted(int(c) for c in cards)))


def claim(token: int, cards: list[int] | tuple[int, ...]) -> BoojumAction:
    """A claim of ``token`` with these cards (sorted for you)."""
    return BoojumAction(CLAIM, tuple(sorted(int(c) for c in cards)), token)


def parse_token(text: str) -> int:
    """A token's number from its name (``waves``, ``Wave``) or suit letter (``W``).

    >>> parse_token("Wyrm"), parse_token("k")
    (4, 5)
    """
    t = text.strip().lower()
    for i, name in enumerate(TOKEN_NAMES):
        if t in (name, name[:-1], SUIT_LETTERS[i].lower()):
            return i
    raise NotationError(
        f"bad token {text!r}: the tokens are {', '.join(TOKEN_NAMES)} (or {', '.join(SUIT_LETTERS)})"
    )


def _cards(tokens: list[str], what: str) -> tuple[int, ...]:
    if not tokens:
        example = "4MS 4MS 4WL 4YK" if what.startswith("claim") else "5ML 9MS"
        raise NotationError(f"{what} needs cards, e.g. '{what} {example}'")
    return tuple(sorted(int(DecktetCard.parse(tok)) for tok in tokens))


def parse_action(text: str) -> BoojumAction:
    """Read an action (see the module's table); the error names the bad word or card.

    >>> parse_action("bid 5ML Q")
    Traceback (most recent call last):
    ...
    bumtable.errors.NotationError: bad Decktet card 'Q': rank 'Q' is not one of A, 2-9, P (Pawn), T (Court), C (Crown), X (the Excuse)
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    bumtable.errors.NotationError: bad action 'fold': 'fold' is not bid, raise, pass, claim or done (nor a card)
    """
    words = text.replace(",", " ").split()
    if not words:
        raise NotationError("empty action: say bid <cards>, pass, claim <token> <cards> or done")
    head, rest = words[0].lower(), words[1:]
    if head in ("pass", "p", "done", "d"):
        if rest:
            raise NotationError(f"bad action {text!r}: {head!r} takes nothing after it, not {rest[0]!r}")
        return PASS_ACTION if head in ("pass", "p") else DONE_ACTION
    if head in ("bid", "b", "raise"):
        return BoojumAction(BID, _cards(rest, "bid"))
    if head in ("claim", "c"):
        if not rest:
            raise NotationError("claim needs a token and cards, e.g. 'claim waves 4MS 4MS 4WL 4YK'")
        return BoojumAction(CLAIM, _cards(rest[1:], f"claim {rest[0]}"), parse_token(rest[0]))
    try:
        DecktetCard.parse(words[0])
    except NotationError:
        raise NotationError(
            f"bad action {text!r}: {words[0]!r} is not bid, raise, pass, claim or done (nor a card)"
        ) from None
    return BoojumAction(BID, _cards(words, "bid"))


def action_text(action: BoojumAction) -> str:
    """The canonical text of an action.

    >>> action_text(BoojumAction(CLAIM, (0, 1, 2, 3, 4, 5), 5))
    'claim knots AM AS AW AL AY AK'
    """
    if action.kind == BID:
        return "bid " + format_decktet_cards(action.cards)
    if action.kind == CLAIM:
        return f"claim {TOKEN_NAMES[action.token]} " + format_decktet_cards(action.cards)
    return KIND_NAMES[action.kind]
