"""Boojum (Richard Morris), a Decktet auction and set-collecting game; rules in ``docs/rules/boojum.md``.

>>> from bumtable.rules.boojum import boojum
>>> rules = boojum(players=4)
>>> action = rules.new_state(seed=7).legal_actions()[0]
>>> rules.parse_action(rules.action_text(action)) == action
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bumtable.cards.decktet import DecktetCard, parse_decktet_cards
from bumtable.errors import NotationError
from bumtable.rules.boojum.actions import (
    CASH,
    CASH_ACTION,
    CLAIM,
    DONE,
    DONE_ACTION,
    LAY,
    PASS,
    PASS_ACTION,
    STAND,
    STAND_ACTION,
    TOKEN_NAMES,
    BoojumAction,
    action_text,
    bid_actions,
    claim,
    claim_actions,
    lay,
    parse_action,
    parse_actions,
    parse_token,
)
from bumtable.rules.boojum.bids import bid_value, bid_words
from bumtable.rules.boojum.observation import BoojumObservation
from bumtable.rules.boojum.observation_json import observation_from_dict
from bumtable.rules.boojum.rules import VARIANT_ALIASES, VARIANTS, BoojumRules, boojum
from bumtable.rules.boojum.sample import sample_state
from bumtable.rules.boojum.sets import PATTERNS, ClaimGroup, Pattern, claim_options, describe_group, is_claim
from bumtable.rules.boojum.state import BoojumState, observe

if TYPE_CHECKING:
    from bumtable.rules.protocol import GameObservation, GameRules, GameState

    _rules: GameRules[BoojumAction, BoojumState] = BoojumRules()
    _state: GameState[BoojumAction, BoojumObservation] = BoojumState(BoojumRules(), 0)
    _obs: GameObservation[BoojumAction] = BoojumState(BoojumRules(), 0).observe(0)


def hand_claims(
    rules: BoojumRules, hand: str | Iterable[int], *, held: Iterable[int | str] = ()
) -> list[ClaimGroup]:
    """Every claim ``hand`` (text or codes) can make, token by token, fewest cards first; tokens ``held``
    (numbers or names) are left out unless ``rules.repeat_tokens``.

    >>> [g.text for g in hand_claims(boojum(), "4MS 4MS 4WL 4YK 9MS", held=["waves"])]
    ['claim knots 4MS 4WL 4YK', 'claim knots 4WL 4YK 9MS']
    """
    cards = parse_decktet_cards(hand) if isinstance(hand, str) else [DecktetCard(int(c)) for c in hand]
    t = rules.tables
    for c in cards:
        if int(c) not in t.in_play:
            raise NotationError(f"{c} ({c.name}) is not in this deck: it comes with the extended deck option")
    owned = {h if isinstance(h, int) else parse_token(h) for h in held}
    tokens = range(6) if rules.repeat_tokens else [k for k in range(6) if k not in owned]
    options = claim_options([int(c) for c in cards], t, tokens)
    return [ClaimGroup(k, g) for k, groups in options.items() for g in groups]


__all__ = [
    "CASH",
    "CASH_ACTION",
    "CLAIM",
    "DONE",
    "DONE_ACTION",
    "LAY",
    "PASS",
    "PASS_ACTION",
    "PATTERNS",
    "STAND",
    "STAND_ACTION",
    "TOKEN_NAMES",
    "VARIANTS",
    "VARIANT_ALIASES",
    "BoojumAction",
    "BoojumObservation",
    "BoojumRules",
    "BoojumState",
    "ClaimGroup",
    "Pattern",
    "action_text",
    "bid_actions",
    "bid_value",
    "bid_words",
    "boojum",
    "claim",
    "claim_actions",
    "claim_options",
    "describe_group",
    "hand_claims",
    "is_claim",
    "lay",
    "observation_from_dict",
    "observe",
    "parse_action",
    "parse_actions",
    "parse_token",
    "sample_state",
]
