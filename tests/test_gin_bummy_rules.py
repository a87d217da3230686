"""Gin Bummy's rules object: options as data, checked, with JSON round trips and named variants."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bumtable.errors import RulesError
from bumtable.rules.gin_bummy import VARIANT_ALIASES, VARIANTS, GinBummyRules, gin_bummy


def test_the_preset_follows_the_text() -> None:
    rules = gin_bummy()
    assert (rules.system, rules.players, rules.deck_size, rules.hand_size) == ("gin-bummy", 2, 54, 10)
    assert rules.turn_over == "flip" and rules.call == "at-once" and rules.four_card_draw == "stock"
    assert rules.max_turns == 1000
    assert [gin_bummy(n).players for n in (2, 3, 4)] == [2, 3, 4]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"players": 1}, "2 to 4 players, not 1"),
        ({"players": 5}, "2 to 4 players, not 5"),
        ({"jokers": 3}, "jokers must be 0, 1 or 2"),
        ({"hand_size": 4}, "hand_size must be at least 5"),
        ({"players": 4, "hand_size": 14}, "leave no stock"),
        ({"max_turns": -1}, "max_turns must be 0"),
        ({"turn_over": "riffle"}, "option 'turn_over' must be one of 'flip', 'shuffle', not 'riffle'"),
        ({"cut_ace": "middle"}, "option 'cut_ace' must be one of 'low', 'high'"),
        ({"call": "never"}, "option 'call' must be one of 'at-once', 'next-turn'"),
        ({"four_card_draw": "beg"}, "option 'four_card_draw' must be one of 'stock', 'stock-or-beg'"),
        ({"players": True}, "option 'players' must be a whole number"),
        ({"turn_over_keeps_top": 1}, "must be true or false"),
    ],
)
def test_bad_options_are_refused_with_a_clear_message(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        gin_bummy().replace(**changes)
    with pytest.raises(RulesError, match=message):  # built directly, the same checks
        GinBummyRules(**changes)


def test_an_unknown_option_names_the_options() -> None:
    with pytest.raises(
        RulesError, match=r"no option 'target'; options: call, cut_ace, .*turn_over_keeps_top"
    ):
        gin_bummy().replace(target=3)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"players": "2"}, "option 'players' must be a whole number, not '2'"),
        ({"players": 2.0}, "must be a whole number"),
        ({"max_turns": None}, "must be a whole number"),
        ({"joker_carries_joker": "yes"}, "must be true or false"),
        ({"turn_over": ["flip"]}, "option 'turn_over' must be one of 'flip', 'shuffle'"),
        ({"colour": "red"}, "unknown gin-bummy options: colour"),
    ],
)
def test_from_dict_checks_the_type_of_each_value(data: dict[str, Any], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        GinBummyRules.from_dict(data)
    with pytest.raises(RulesError):
        GinBummyRules.from_json(json.dumps(data))


def test_from_json_refuses_text_that_is_not_json() -> None:
    with pytest.raises(RulesError, match="not valid JSON"):
        GinBummyRules.from_json("{players: 2")
    with pytest.raises(RulesError, match="must be an object"):
        GinBummyRules.from_json("[2]")


RULES = st.builds(
    GinBummyRules,
    players=st.integers(2, 4),
    jokers=st.integers(0, 2),
    hand_size=st.integers(5, 10),
    cut_ace=st.sampled_from(["low", "high"]),
    turn_over=st.sampled_from(["flip", "shuffle"]),
    turn_over_keeps_top=st.booleans(),
    four_card_draw=st.sampled_from(["stock", "stock-or-beg"]),
    may_discard_stock_draw=st.booleans(),
    joker_carries_joker=st.booleans(),
    call=st.sampled_from(["at-once", "next-turn"]),
    max_turns=st.integers(0, 5000),
)


@given(RULES)
def test_rules_round_trip_through_json(rules: GinBummyRules) -> None:
    assert GinBummyRules.from_json(rules.to_json()) == rules
    assert GinBummyRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert set(rules.to_dict()) == {f.name for f in dataclasses.fields(GinBummyRules)}


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_changes_an_option_to_valid_rules(name: str) -> None:
    base = gin_bummy(3)
    changed = base.replace(**VARIANTS[name](base))
    assert changed != base
    assert GinBummyRules.from_json(changed.to_json()) == changed


def test_every_alias_names_a_variant() -> None:
    assert set(VARIANT_ALIASES.values()) <= set(VARIANTS)
    assert not set(VARIANT_ALIASES) & set(VARIANTS)
