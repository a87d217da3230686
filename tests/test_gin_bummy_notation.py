"""Gin Bummy action text: every action reads back, and bad text names the bad token."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bumtable.cards.french import JOKER
from bumtable.errors import NotationError
from bumtable.rules.gin_bummy import (
    ACE,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG_ACTION,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    GinBummyAction,
    gin_bummy,
)

RULES = gin_bummy()
FACE_OR_NUMBER = st.integers(min_value=8, max_value=55)
ACES = st.integers(min_value=56, max_value=59)
ANY_CARD = st.integers(min_value=8, max_value=JOKER)
ACTIONS = st.one_of(
    st.builds(GinBummyAction, st.just(DISCARD), FACE_OR_NUMBER),
    st.builds(GinBummyAction, st.just(ACE), ACES),
    st.builds(GinBummyAction, st.just(JOKER_PLAY), ANY_CARD),
    st.sampled_from([DRAW_STOCK_ACTION, DRAW_BEG_ACTION, BUM_ACTION]),
)


@given(ACTIONS)
def test_every_action_text_reads_back(action: GinBummyAction) -> None:
    text = RULES.action_text(action)
    assert RULES.parse_action(text) == action
    assert RULES.parse_action(text.upper()) == action
    assert str(action) == text == action.text


@given(ACTIONS)
def test_actions_round_trip_through_json(action: GinBummyAction) -> None:
    assert RULES.parse_action(json.loads(json.dumps(RULES.action_text(action)))) == action
    assert GinBummyAction(*json.loads(json.dumps(action))) == action


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("discard Kh", "discard Kh"),
        ("Kh", "discard Kh"),
        ("d 10s", "discard 10s"),
        ("throw Ts", "discard 10s"),
        ("discard Ah", "ace Ah"),
        ("ah", "ace Ah"),
        ("ace AS", "ace As"),
        ("joker JK Qs", "joker JK Qs"),
        ("joker qs", "joker JK Qs"),
        ("JK, Qs", "joker JK Qs"),
        ("joker RJ JK", "joker JK JK"),
        ("draw stock", "draw stock"),
        ("take deck", "draw stock"),
        ("draw s", "draw stock"),
        ("draw beg", "draw beg"),
        ("pick b", "draw beg"),
        ("BUM!", "bum"),
    ],
)
def test_the_forms_a_person_would_type(text: str, canonical: str) -> None:
    assert RULES.action_text(RULES.parse_action(text)) == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("   ", "empty action"),
        ("fold", "unknown action 'fold'"),
        ("draw", "'draw' needs a source"),
        ("draw hand", "bad source 'hand'"),
        ("draw stock beg", "not also 'beg'"),
        ("discard", "none given"),
        ("discard Kh Qh", "not also 'Qh'"),
        ("discard Zz", "bad card 'Zz'"),
        ("discard 1c", "bad card '1c'"),
        ("discard 7x", "suit 'x'"),
        ("discard JK", "a Joker goes down with another card"),
        ("ace 7c", "'ace' needs an Ace, not '7c'"),
        ("ace", "none given"),
        ("joker", "'joker' takes the card to drop on the Joker"),
        ("joker Qs Kh", "not 'Qs'"),
        ("joker JK Qs Kh", "3 given"),
        ("bum now", "not 'now'"),
    ],
)
def test_bad_text_says_which_token_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        RULES.parse_action(text)


def test_actions_are_small_immutable_values() -> None:
    action = RULES.parse_action("discard Kh")
    assert action == GinBummyAction(DISCARD, 54) and hash(action) == hash(GinBummyAction(DISCARD, 54))
    with pytest.raises(AttributeError):
        action.card = 3  # type: ignore[misc]


def test_an_action_of_no_known_kind_has_no_text() -> None:
    with pytest.raises(NotationError, match="no action kind 'pass'"):
        RULES.action_text(GinBummyAction("pass"))
