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
    CASH_ACTION,
    DONE_ACTION,
    PASS_ACTION,
    STAND_ACTION,
    VARIANT_ALIASES,
    VARIANTS,
    BoojumAction,
    BoojumRules,
    action_text,
    boojum,
    claim,
    lay,
    parse_action,
    parse_actions,
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
    with pytest.raises(RulesError, match="boojum has no option 'colour'; options: courts, decks"):
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
        ("lay 9ms", "lay 9MS"),
        ("l x", "lay X"),
        ("lay the-desert", "lay 2SY"),
        ("Stand", "stand"),
        ("s", "stand"),
        ("Pass", "pass"),
        ("p", "pass"),
        ("claim Waves", "claim waves"),
        ("c k", "claim knots"),
        ("claim wyrm", "claim wyrms"),
        ("CASH", "cash"),
        ("DONE", "done"),
        ("d", "done"),
    ],
)
def test_actions_read_in_several_forms_and_write_one(text: str, canonical: str) -> None:
    action = parse_action(text)
    assert action_text(action) == canonical
    assert parse_action(canonical) == action


@pytest.mark.parametrize(
    ("text", "steps"),
    [
        ("bid 9ms 5ml", "lay 5ML, lay 9MS, stand"),
        ("raise CK", "lay CK, stand"),
        ("b x 2km", "lay 2MK, lay X, stand"),
        ("5ML 9MS", "lay 5ML, lay 9MS, stand"),
        ("9MS", "lay 9MS, stand"),
        ("claim Waves 4yk 4ms 4wl 4ms", "claim waves, lay 4MS, lay 4MS, lay 4WL, lay 4YK, cash"),
        ("claim wyrm the-desert cave darkness", "claim wyrms, lay 2SY, lay 7WY, lay 9WY, cash"),
        ("pass", "pass"),
    ],
)
def test_a_shortcut_reads_as_the_actions_it_stands_for(text: str, steps: str) -> None:
    assert ", ".join(action_text(a) for a in parse_actions(text)) == steps
    if "," in steps:
        with pytest.raises(NotationError, match=r"is several actions \("):
            parse_action(text)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "empty action"),
        ("fold", "'fold' is not lay, stand, pass, claim, cash, done or bid"),
        ("bid", "bid needs cards"),
        ("bid 5ML 5QQ", "bad Decktet card '5QQ'"),
        ("lay", "lay takes one card"),
        ("lay 5ML 9MS", "lay takes one card"),
        ("claim", "claim needs a token"),
        ("claim stars AM", "bad token 'stars'"),
        ("pass now", "'pass' takes nothing after it, not 'now'"),
        ("cash 4MS", "'cash' takes nothing after it, not '4MS'"),
    ],
)
def test_bad_action_text_names_the_bad_word(text: str, says: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_action(text)
    assert says in str(err.value)


actions = st.one_of(
    st.sampled_from([PASS_ACTION, DONE_ACTION, STAND_ACTION, CASH_ACTION]),
    st.integers(0, 44).map(lay),
    st.integers(0, 5).map(claim),
)


@given(actions)
def test_every_action_round_trips_through_its_text(action: BoojumAction) -> None:
    rules = boojum().replace(extended=True)
    assert rules.parse_action(rules.action_text(action)) == action
    space = rules.action_space()
    assert space.decode(space.encode(action)) == action


@pytest.mark.parametrize(
    ("rules", "size"),
    [
        (boojum(3), 46),
        (boojum(9), 46),
        (BoojumRules(extended=True), 55),
        (BoojumRules(extended=True, courts=False), 51),
    ],
)
def test_the_action_space_numbers_four_words_six_tokens_and_a_lay_per_card_of_the_deck(
    rules: BoojumRules, size: int
) -> None:
    space = rules.action_space()
    assert space.size == size == 10 + len(rules.tables.in_play)
    assert [rules.action_text(space.decode(i)) for i in range(6)] == [
        "stand",
        "pass",
        "cash",
        "done",
        "claim moons",
        "claim suns",
    ]
    assert {space.decode(i).card for i in range(10, size)} == set(rules.tables.in_play)
    assert rules.action_space() is space  # built once per rules object
    assert list(space.mask([PASS_ACTION, lay(0)])) == [0, 1, 0, 0] + [0] * 6 + [1] + [0] * (size - 11)


def test_helpers_build_a_position_that_keeps_the_deck() -> None:
    rules = boojum(3)
    state = table(rules, ["AM AS", "CK", "9MS"], stack_top="2MK")
    assert state.all_cards() == Counter(rules.tables.deck)
    assert state.stack[-1] == codes("2MK")[0]
    assert isinstance(state.legal_actions()[0], BoojumAction)
