"""What a seat may know (``observe``), observations as JSON, and states sampled to fit them."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from boojum_helpers import act, codes, random_position, table
from hypothesis import given, settings
from hypothesis import strategies as st

from bumtable.cards.decktet import format_decktet_cards
from bumtable.errors import IllegalActionError, NotationError
from bumtable.rules.boojum import (
    BoojumObservation,
    BoojumRules,
    BoojumState,
    boojum,
    observation_from_dict,
    sample_state,
)
from bumtable.rules.boojum.observation import unseen_cards

RULES = {
    "basic-3": boojum(3),
    "basic-4": boojum(4),
    "basic-6": boojum(6),
    "extended-4": BoojumRules(players=4, extended=True),
}

positions = st.builds(
    random_position,
    st.sampled_from(sorted(RULES)).map(RULES.__getitem__),
    st.integers(0, 10**6),
    st.integers(0, 250),
)
seats = st.integers(-1, 5)


def seat_of(state: BoojumState, k: int) -> int | None:
    return None if k < 0 else k % state.rules.players


@settings(max_examples=40)
@given(positions, seats)
def test_an_observation_round_trips_through_json(state: BoojumState, k: int) -> None:
    obs = state.observe(seat_of(state, k))
    data = json.loads(json.dumps(obs.to_dict()))
    assert "rules" not in data and data["system"] == "boojum"
    back = BoojumObservation.from_dict(data, state.rules)
    assert back == obs and back.to_dict() == data


@settings(max_examples=40)
@given(positions, seats, st.integers(0, 1000))
def test_a_sampled_state_looks_the_same_from_the_seat(state: BoojumState, k: int, r: int) -> None:
    seat = seat_of(state, k)
    obs = state.observe(seat)
    guess = sample_state(obs, random.Random(r))
    assert guess.observe(seat) == obs
    assert guess.all_cards() == Counter(state.rules.tables.deck)
    assert guess.legal_actions() == state.legal_actions() or seat != state.current_player()
    assert guess.events(seat) == [] and guess.history == []  # a sample has no past
    for p in range(state.rules.players):
        assert not Counter(obs.known[p]) - Counter(guess.hands[p]), "known cards stay where they are known"


@settings(max_examples=30)
@given(positions, st.integers(0, 5))
def test_the_observation_does_not_change_when_cards_unknown_to_the_seat_move(
    state: BoojumState, k: int
) -> None:
    n = state.rules.players
    seat = k % n
    a, b = (seat + 1) % n, (seat + 2) % n
    free_a = Counter(state.hands[a]) - Counter(state.known[a])
    free_b = Counter(state.hands[b]) - Counter(state.known[b])
    pairs = [(x, y) for x in free_a for y in free_b if x != y]
    if not pairs or state.is_over():
        return
    x, y = pairs[0]
    other = state.copy()
    other.hands[a].remove(x)
    other.hands[b].remove(y)
    other.hands[a].append(y)
    other.hands[b].append(x)
    assert other.observe(seat) == state.observe(seat)
    assert other.observe(a) != state.observe(a)


def test_a_seat_sees_its_own_hand_and_only_counts_of_the_others() -> None:
    state = boojum(4).new_state(seed=8)
    obs = state.observe(2)
    assert obs.hand == tuple(sorted(state.hands[2]))
    assert obs.hand_counts == (5, 5, 5, 5) and obs.known == ((), (), (), ())
    assert state.observe(None).hand is None and state.observe(None).legal_actions() == ()
    assert "hand" in obs.to_dict() and obs.to_dict()["hand"] == [str(c) for c in state.hand_of(2)]


@pytest.mark.parametrize("seat", [4, -1, True, "1"])
def test_a_bad_seat_is_refused(seat: object) -> None:
    with pytest.raises(IllegalActionError, match="no seat"):
        boojum(4).new_state(seed=1).observe(seat)  # type: ignore[arg-type]


def test_a_card_dealt_onto_a_slot_is_hidden_until_the_auction_turns_it_up() -> None:
    rules = boojum(3)
    state = table(
        rules, ["AM AS AW AL AY AK 5ML", "7ML", "9MS"], slots=["2MK 2SY", "3MW 3SK"], stack_top="CM CS"
    )
    act(state, "bid 5ML", "pass", "pass", "pass", "pass", "pass")  # player 0 wins slot 1; slot 2 unsold
    assert state.phase == "claim" and state.current_player() == 0  # six Aces to claim with
    obs = state.observe(1)
    assert obs.slot_hidden == (1, 1)
    assert obs.slots == (tuple(codes("5ML")), tuple(sorted(codes("3MW 3SK"))))
    unknown_in_hands = sum(len(state.hands[p]) - len(state.known[p]) for p in (0, 2))
    assert sum(unseen_cards(obs).values()) == unknown_in_hands + 2 + len(state.stack)


def test_bids_won_lots_and_taken_back_cards_are_public() -> None:
    state = table(boojum(3), ["5ML 9WY", "7ML 2MK", "9MS 3SK"], slots=["AM AS", "CK CY"])
    act(state, "bid 5ML", "bid 7ML")
    obs = state.observe(2)
    assert obs.bids == (tuple(codes("5ML")), tuple(codes("7ML")), ()) and obs.high == 1
    act(state, "bid 9MS", "pass", "pass")  # player 2 wins slot 1; 5ML and 7ML go back to their hands
    obs = state.observe(2)
    assert obs.won[2] == tuple(codes("AM AS"))
    assert obs.known[0] == tuple(codes("5ML")) and obs.known[1] == tuple(codes("7ML"))


@pytest.mark.parametrize(
    ("change", "says"),
    [
        ({"slots": None}, "a Boojum observation needs the field 'slots'"),
        ({"hand": ["ZZ"]}, "bad Boojum observation field 'hand': bad Decktet card 'ZZ'"),
        ({"bids": [[], [], 3]}, "bad Boojum observation field 'bids': item 3 is not a list of cards"),
        ({"passed": [False, False]}, "bad Boojum observation field 'passed': it has 2 entries, not 3"),
        ({"round_no": "one"}, "bad Boojum observation field 'round_no': 'one' is not a whole number"),
        (
            {"tokens": [{"stars": 1}, {}, {}]},
            "bad Boojum observation field 'tokens': item 1: bad token 'stars'",
        ),
        ({"claim_token": "moon"}, None),
        ({"system": "gin-bummy"}, "bad Boojum observation field 'system'"),
    ],
)
def test_malformed_observation_data_is_a_notation_error_that_names_the_field(
    change: dict[str, object], says: str | None
) -> None:
    rules = boojum(3)
    data = rules.new_state(seed=1).observe(0).to_dict()
    for key, value in change.items():
        if value is None and key == "slots":
            del data[key]
        else:
            data[key] = value
    if says is None:  # a token by any of its names reads back
        assert observation_from_dict(data, rules).claim_token == 0
        return
    with pytest.raises(NotationError) as err:
        observation_from_dict(data, rules)
    assert says in str(err.value)


def test_the_wire_form_lists_the_legal_actions_with_their_codes_and_no_rules_or_history() -> None:
    rules = boojum(4)
    state = rules.new_state(seed=2)
    act(state, "bid " + format_decktet_cards(state.hands[0][:1]))
    obs = state.observe(state.current_player())
    data = obs.to_dict()
    space = rules.action_space()
    assert data["legal"] == [
        {"text": rules.action_text(a), "code": space.encode(a)} for a in obs.legal_actions()
    ]
    assert data["legal"][-1] == {"text": "pass", "code": 1}
    derived = {"system", "legal", "bid_worth"}
    assert set(data) == {f.name for f in dataclasses.fields(obs)} - {"rules"} | derived
    sizes = []
    state = rules.new_state(seed=3)
    rng = random.Random(3)
    while not state.is_over():  # the wire form does not grow as the game goes on
        sizes.append(len(json.dumps(state.observe(0).to_dict())))
        state.apply(rng.choice(state.legal_actions()))
    assert max(sizes) < 2500, max(sizes)


@settings(max_examples=40)
@given(positions, seats)
def test_an_observation_made_fast_is_the_one_its_constructor_makes(state: BoojumState, k: int) -> None:
    from bumtable.rules.boojum.state import observation_fields
    from bumtable.rules.frozen import fields_match

    seat = seat_of(state, k)
    values = observation_fields(state, seat)
    assert fields_match(BoojumObservation, values)
    made = BoojumObservation(**values)
    obs = state.observe(seat)
    assert obs == made and hash(obs) == hash(made) and repr(obs) == repr(made)
    with pytest.raises(dataclasses.FrozenInstanceError):
        obs.phase = "over"  # type: ignore[misc]


def test_equal_tables_hash_alike_and_other_rules_give_other_tables() -> None:
    a, b = BoojumRules(players=4).tables, BoojumRules(players=5).tables
    assert a == b and hash(a) == hash(b)  # the same deck and options: the players do not enter the tables
    c = BoojumRules(players=4, extended=True).tables
    assert c != a and hash(c) != hash(a)
