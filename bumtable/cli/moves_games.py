"""``moves`` for Gin Bummy and Boojum, as JSON-ready data.

>>> from bumtable.rules import get
>>> gin_moves(get("gin-bummy"), "2s 6h 4d 9c Kh", beg="5c")["actions"]
['discard Kh', 'draw beg', 'draw stock']
>>> claims = boojum_moves(get("boojum"), "4MS 4MS 4WL 4YK 9MS", held="knots")["claims"]
>>> [(c["token"], c["cards"]) for c in claims]
[('waves', ['4MS', '4MS', '4WL', '4YK'])]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bumtable.cards import Card, parse_cards
from bumtable.cards.decktet import format_decktet_cards
from bumtable.cli.common import CliError, split_words
from bumtable.errors import BumtableError
from bumtable.rules.boojum import TOKEN_NAMES, BoojumRules, describe_group, hand_claims
from bumtable.rules.gin_bummy import GinBummyRules, bum_problem, position


def gin_moves(
    rules: GinBummyRules, hand: str, *, beg: str = "", stock_top: str = "", then: Iterable[str] = ()
) -> dict[str, Any]:
    """The legal actions of a player holding ``hand`` at the start of a turn with ``beg`` on the Beg (top
    last), after the actions ``then``; the others' hands unknown."""
    cards = parse_cards(hand)
    if not cards:
        raise CliError("the hand is empty: give cards like '2s 6h 4d 9c Kh'")
    n = rules.players
    try:
        state = position(rules, [hand, *[""] * (n - 1)], beg=beg, stock_top=stock_top)
    except BumtableError as e:
        raise CliError(f"cannot set up that position: {e}") from None
    for text in then:
        try:
            state.apply(rules.parse_action(text))
        except BumtableError as e:
            raise CliError(f"--then {text!r}: {e}") from None
    held = state.hand_of(0)
    return {
        "game": rules.system,
        "hand": [str(Card(c)) for c in sorted(held)],
        "beg_top": str(parse_cards(beg)[-1]) if beg.strip() else None,
        "phase": state.phase,
        "actions": [rules.action_text(a) for a in state.legal_actions()],
        "wins": bum_problem(held) is None,
        "why_not_winning": bum_problem(held),
    }


def boojum_moves(rules: BoojumRules, hand: str, *, held: str = "") -> dict[str, Any]:
    """Every claim ``hand`` can make (``held``: tokens already held): token, cards and what the group is."""
    try:
        claims = hand_claims(rules, hand, held=split_words([held]))
    except BumtableError as e:
        raise CliError(str(e)) from None
    t = rules.tables
    return {
        "game": rules.system,
        "claims": [
            {
                "token": TOKEN_NAMES[c.token],
                "cards": format_decktet_cards(c.cards).split(),
                "text": c.text,
                "what": describe_group(c.cards, t).split(": ", 1)[1],
            }
            for c in claims
        ],
        "tokens": sorted({TOKEN_NAMES[c.token] for c in claims}, key=TOKEN_NAMES.index),
    }
