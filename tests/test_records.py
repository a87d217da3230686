"""Game records: (rules, seed, action texts) as JSON, which replay a match exactly."""

from __future__ import annotations

import json
import random

import pytest
from checker import snapshot
from conftest import get, random_position
from hypothesis import given
from hypothesis import strategies as st

from bumtable.errors import NotationError, RulesError
from bumtable.rules import GameRecord, State

VARIANTS = [(), ("bum-only",), ("optional-revolution",), ("one-hour",), ("single-session",)]


def played(players: int, variants: tuple[str, ...], seed: int, actions: int) -> State:
    return random_position(get(players, *variants), seed, actions, random.Random(~seed))


def same(a: State, b: State) -> None:
    assert a.hands == b.hands
    assert a.scores == b.scores
    assert a.history == b.history
    assert a.results == b.results
    assert (a.roles, a.turn, a.phase, a.hand_no, a.winner) == (b.roles, b.turn, b.phase, b.hand_no, b.winner)
    assert a.played == b.played and a.transfers == b.transfers and a.top == b.top
    assert snapshot(a) == snapshot(b)


@given(
    st.sampled_from([3, 4, 5, 6]),
    st.sampled_from(VARIANTS),
    st.integers(0, 2**40),
    st.integers(0, 600),
)
def test_a_record_round_trips_through_json_and_replays_to_the_same_state(
    players: int, variants: tuple[str, ...], seed: int, actions: int
) -> None:
    state = played(players, variants, seed, actions)
    record = GameRecord.of(state, seats=["me", "bot", "bot", "bot"])
    text = record.to_json(indent=2)
    again = GameRecord.from_json(text)
    assert again == record and again.meta == record.meta
    assert again.rules == state.rules and again.seed == seed
    assert len(again.actions) == len(state.history)
    same(again.replay(), state)


def test_a_record_of_a_whole_match_replays_to_the_same_winner() -> None:
    state = played(4, ("one-hour",), 12, 10**6)
    assert state.is_over()
    replayed = GameRecord.from_json(GameRecord.of(state).to_json()).replay()
    same(replayed, state)
    assert replayed.winner == state.winner is not None


def test_replay_up_to_an_action_gives_the_state_after_that_many_actions() -> None:
    state = played(4, (), 3, 250)
    record = GameRecord.of(state)
    for k in (0, 1, 57, 190, 250):
        same(record.replay(upto=k), played(4, (), 3, k))


def test_actions_are_stored_as_their_text() -> None:
    state = played(4, (), 5, 30)
    record = GameRecord.of(state)
    data = json.loads(record.to_json())
    assert data["format"] == "bumtable-record/2" and data["engine"] == 1
    assert data["actions"] == [state.rules.action_text(a) for a in state.history]
    assert data["seed"] == 5 and data["rules"]["players"] == 4


def test_a_record_with_an_illegal_action_says_which_action() -> None:
    state = played(4, (), 5, 10)
    record = GameRecord.of(state)
    bad = GameRecord(record.rules, record.seed, (*record.actions, "set JK JK JK JK"))
    with pytest.raises(NotationError, match="record action 11"):
        bad.replay()
    garbled = GameRecord(record.rules, record.seed, (*record.actions[:3], "set Q Zz"))
    with pytest.raises(NotationError, match=r"record action 4 .*'Zz'"):
        garbled.replay()


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"format": "other"}', "not a bumtable record"),
        ('{"format": "bumtable-record/1", "rules": {}, "seed": 1}', "actions"),
        (
            '{"format": "bumtable-record/1", "rules": {"system": "bum-game"}, "seed": "x", "actions": []}',
            "seed",
        ),
        (
            '{"format": "bumtable-record/1", "rules": {"system": "bum-game"}, "seed": 1, "actions": [3]}',
            "string",
        ),
    ],
)
def test_a_malformed_record_is_refused_with_the_reason(text: str, match: str) -> None:
    with pytest.raises(NotationError, match=match):
        GameRecord.from_json(text)


def test_a_record_with_unknown_rules_is_refused() -> None:
    data = json.loads(GameRecord.of(get(4).new_state(1)).to_json())
    data["rules"]["system"] = "no-such-game"
    with pytest.raises(RulesError, match="no-such-game"):
        GameRecord.from_dict(data)
