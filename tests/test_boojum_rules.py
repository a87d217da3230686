"""The rules object (options as data, checks, JSON), the preset and variants, and the action notation."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from boojum_helpers import codes, table
from hypothesis import given
from hypothesis import strategies as st

from bumtable.errors import NotationError, RulesError
from bumtable.rules.boojum import (
    BID,
    CLAIM,
    DONE_ACTION,
    PASS_ACTION,
    VARIANT_ALIASES,
    VARIANTS,
    BoojumAction,
    BoojumRules,
    action_text,
    boojum,
    parse_action,
)

# ----------------------------------------------------------------------------- rules object


def test_the_preset_uses_two_decktets_for_three_to_six_and_more_for_more_players() -> None:
    assert [boojum(n).decks for n in (3, 4, 5, 6, 7, 9, 10)] == [2, 2, 2, 2, 3, 3, 4]
    assert boojum().players == 4 and boojum().system == "boojum" and not boojum().extended


def test_the_rules_are_a_frozen_value() -> None:
    rules = boojum()
    with pytest.raises(AttributeError):
        rules.players = 5  # type: ignore[misc]
    assert rules == boojum() and hash(rules) == hash(boojum())


@pytest.mark.parametrize(
    ("options", "says"),
    [
        ({"players": 2}, "for 3 to 6 players, not 2"),
        ({"players": 7}, "each further Decktet makes room for 3 more"),
        ({"decks": 0}, "at least one Decktet"),
        ({"extended": True, "pawns": False}, "the Courts come only with the Pawns"),
        ({"excuse_symbols": 4}, "excuse_symbols must be 1, 2 or 3"),
        ({"hand_size": 0}, "hand_size and lot_size must be at least 1"),
        ({"slots": -1}, "slots must be 0"),
        ({"max_rounds": 0}, "it makes every game end"),
        ({"bid_list_limit": -2}, "bid_list_limit must be 0"),
        ({"bid_max_add": -1}, "bid_max_add must be 0"),
        ({"system": "bum-game"}, "system must be 'boojum'"),
        ({"decks": 1, "players": 3, "hand_size": 11}, "the deal needs 37 cards but the deck has only 36"),
    ],
)
def test_inconsistent_options_are_refused_with_a_clear_message(options: dict[str, object], says: str) -> None:
    with pytest.raises(RulesError) as err:
        BoojumRules(**options)  # type: ignore[arg-type]
    assert says in str(err.value)


def test_replace_checks_its_options_and_names_them_when_one_is_unknown() -> None:
    rules = boojum()
    assert rules.replace(players=5).players == 5
    with pytest.raises(
        RulesError, match="boojum has no option 'colour'; options: bid_list_limit, bid_max_add, courts"
    ):
        rules.replace(colour="red")
    with pytest.raises(RulesError):
        rules.replace(players=9)


def test_rules_round_trip_through_json() -> None:
    for rules in (boojum(3), boojum(7), BoojumRules(players=5, extended=True, courts=False, max_rounds=9)):
        data = json.loads(rules.to_json())
        assert BoojumRules.from_dict(data) == rules
        assert BoojumRules.from_json(rules.to_json()) == rules


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ({"players": "four"}, "option 'players' must be a whole number, not 'four'"),
        ({"players": True}, "option 'players' must be a whole number"),
        ({"extended": "yes"}, "option 'extended' must be true or false"),
        ({"system": 3}, "option 'system' must be a string"),
        ({"flavour": 1}, "unknown boojum options: flavour"),
    ],
)
def test_rules_data_of_the_wrong_type_is_refused(data: dict[str, object], says: str) -> None:
    with pytest.raises(RulesError) as err:
        BoojumRules.from_dict(data)
    assert says in str(err.value)
    if "unknown" not in says:
        with pytest.raises(RulesError) as err:
            BoojumRules(**data)  # type: ignore[arg-type]
        assert says in str(err.value)
    with pytest.raises(RulesError, match="not valid JSON"):
        BoojumRules.from_json("{")


def test_variants_are_named_option_changes() -> None:
    rules = boojum()
    ext = rules.replace(**VARIANTS["extended"](rules))
    assert ext.extended and ext.tables.positions == 12 and len(ext.tables.deck) == 90
    pawns = rules.replace(**VARIANTS[VARIANT_ALIASES["pawns"]](rules))
    assert pawns.tables.positions == 11 and len(pawns.tables.deck) == 2 * (36 + 1 + 4)
    assert rules.replace(**VARIANTS["repeat-tokens"](rules)).repeat_tokens
    assert all(v in VARIANTS for v in VARIANT_ALIASES.values())


def test_slots_default_to_one_fewer_than_the_players() -> None:
    assert boojum(5).slot_count == 4 and boojum(5).replace(slots=2).slot_count == 2


# ----------------------------------------------------------------------------- notation
@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("bid 9ms 5ml", "bid 5ML 9MS"),
        ("raise CK", "bid CK"),
        ("b x 2km", "bid 2MK X"),
        ("5ML 9MS", "bid 5ML 9MS"),
        ("Pass", "pass"),
        ("p", "pass"),
        ("DONE", "done"),
        ("d", "done"),
        ("claim Waves 4yk 4ms 4wl 4ms", "claim waves 4MS 4MS 4WL 4YK"),
        ("c k AM AS AW AL AY AK", "claim knots AM AS AW AL AY AK"),
        ("claim wyrm the-desert cave darkness", "claim wyrms 2SY 7WY 9WY"),
    ],
)
def test_actions_read_in_several_forms_and_write_one(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert action_text(action) == canonical
    assert parse_action(canonical) == action


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty action"),
        ("fold", "'fold' is not bid, raise, pass, claim or done"),
        ("bid", "bid needs cards"),
        ("bid 5ML 5QQ", "bad Decktet card '5QQ'"),
        ("claim", "claim needs a token and cards"),
        ("claim stars AM", "bad token 'stars'"),
        ("claim moons", "claim moons needs cards"),
        ("pass now", "'pass' takes nothing after it, not 'now'"),
    ],
)
def test_bad_action_text_names_the_bad_word(text: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert says in str(err.value)


actions = st.one_of(
    st.just(PASS_ACTION),
    st.just(DONE_ACTION),
    st.lists(st.integers(0, 44), min_size=1, max_size=8).map(lambda cs: BoojumAction(BID, tuple(sorted(cs)))),
    st.tuples(st.integers(0, 5), st.lists(st.integers(0, 44), min_size=1, max_size=12)).map(
        lambda tc: BoojumAction(CLAIM, tuple(sorted(tc[1])), tc[0])
    ),
)


@given(actions)
def test_every_action_round_trips_through_its_text(action: BoojumAction) -> None:
    rules = boojum()
    assert rules.parse_action(rules.action_text(action)) == action


def test_helpers_build_a_position_that_keeps_the_deck() -> None:
    rules = boojum(3)
    state = table(rules, ["AM AS", "CK", "9MS"], stack_top="2MK")
    assert state.all_cards() == Counter(rules.tables.deck)
    assert state.stack[-1] == codes("2MK")[0]
    assert isinstance(state.legal_actions()[0], BoojumAction)
