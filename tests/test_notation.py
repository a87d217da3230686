"""Play text: ``rules.action_text`` and ``rules.parse_action`` (and rules JSON)."""

from __future__ import annotations

import pytest
from conftest import get
from hypothesis import given
from hypothesis import strategies as st

from bumtable.errors import NotationError, RulesError
from bumtable.rules import Rules, rules_from_dict, rules_from_json
from bumtable.rules.climbing.movegen import follow_plays, lead_plays
from bumtable.rules.climbing.plays import DECLARE, DECLINE, PASS, SEQUENCE, SET, Play

RULES = {n: get(n) for n in (3, 4, 5, 6)}


@pytest.mark.parametrize(
    ("text", "kind", "cards", "rank"),
    [
        ("Q Q Q 2 JK", SET, "Q Q Q 2 JK", "Q"),  # five Queens
        ("2 2 JK", SET, "2 2 JK", "2"),  # three Twos
        ("JK JK", SET, "JK JK", "JK"),  # two Jokers
        ("7", SET, "7", "7"),
        ("4-4-4", SET, "4 4 4", "4"),
        ("Qs, Qh, 2c, joker", SET, "Q Q 2 JK", "Q"),  # cards: suits ignored
        ("9 10 J", SEQUENCE, "9 10 J", "J"),
        ("9-T-J", SEQUENCE, "9 10 J", "J"),
        ("5-6-7-8-9", SEQUENCE, "5 6 7 8 9", "9"),
        ("3-3-4-4-5-5-6-6", SEQUENCE, "3 3 4 4 5 5 6 6", "6"),
        ("K-K-K-A-A-A-2-2-2", SEQUENCE, "K K K A A A 2 2 2", "2"),
        ("seq A 2 JK", SEQUENCE, "A 2 JK", "JK"),
        ("set A 2 JK", SET, "A 2 JK", "A"),  # three Aces
        ("sequence 10h Jd Qc", SEQUENCE, "10 J Q", "Q"),
        ("RJ BJ", SET, "JK JK", "JK"),
        ("2 JK JK", SET, "2 JK JK", "2"),  # three Twos: a Two cannot replace a Joker
    ],
)
def test_plays_are_read_from_the_examples_in_the_rules(text: str, kind: int, cards: str, rank: str) -> None:
    rules = RULES[4]
    play = rules.parse_action(text)
    assert play.kind == kind
    assert " ".join(rules.rank_order[c] for c in play.cards) == cards
    assert rules.rank_order[play.rank] == rank
    assert play.size == len(cards.split())
    assert rules.parse_action(rules.action_text(play)) == play


@pytest.mark.parametrize(
    ("text", "kind"),
    [("pass", PASS), ("p", PASS), ("PASS", PASS), ("revolution", DECLARE), ("no-revolution", DECLINE)],
)
def test_pass_and_revolution_words(text: str, kind: int) -> None:
    rules = RULES[4]
    action = rules.parse_action(text)
    assert action.kind == kind
    assert rules.parse_action(rules.action_text(action)) == action


def test_action_text_names_the_kind_and_the_ranks_lowest_first() -> None:
    rules = RULES[4]
    assert rules.action_text(rules.parse_action("JK Q 2 Q Q")) == "set Q Q Q 2 JK"
    assert rules.action_text(rules.parse_action("J 9 10")) == "seq 9 10 J"
    assert rules.action_text(Play(PASS)) == "pass"


def test_cards_that_read_both_as_a_set_and_a_sequence_must_say_which() -> None:
    # A-2-Joker is a three card sequence and also three Aces (a Two and a Joker standing in).
    with pytest.raises(NotationError, match="both a set"):
        RULES[4].parse_action("A 2 JK")


@pytest.mark.parametrize(
    ("text", "token"),
    [("Q Q Xq", "'Xq'"), ("set 3 4 Z", "'Z'"), ("9 10 11", "'11'"), ("Qs Qq", "'Qq'")],
)
def test_a_bad_token_in_a_play_is_named(text: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        RULES[4].parse_action(text)
    assert token in str(err.value)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "set",  # a kind but no cards
        "set 9 10 J",  # not one rank
        "seq 9 10",  # two ranks are not a sequence
        "seq 9 10 2",  # a Two cannot stand in for the Jack
        "seq 9 JK J",  # nor a Joker
        "seq 3 3 4 4 5",  # double sequence with one 5
        "seq Q K A 2 JK 3",  # no wrapping round
        "seq 2 3 4",  # a Two ranks above the Ace, not below the Three
        "Q 2 3",
    ],
)
def test_text_that_is_no_play_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        RULES[4].parse_action(text)


def _hand_counts(rules: Rules, cards: list[int]) -> list[int]:
    t = rules.tables
    counts = [0] * t.n_ranks
    for c in cards:
        counts[t.rank_of_code[c]] += 1
    return counts


@st.composite
def hands(draw: st.DrawFn) -> tuple[int, list[int]]:
    players = draw(st.sampled_from(sorted(RULES)))
    deck = [int(c) for c in RULES[players].deck()]
    size = draw(st.integers(1, 16))
    cards = draw(st.permutations(deck))[:size]
    return players, cards


@given(hands())
def test_every_legal_lead_round_trips_through_its_text(hand: tuple[int, list[int]]) -> None:
    players, cards = hand
    rules = RULES[players]
    counts = _hand_counts(rules, cards)
    plays = lead_plays(counts, rules.tables, rules.sequences, rules.sequence_min_ranks)
    assert plays
    for play in plays:
        text = rules.action_text(play)
        assert rules.parse_action(text) == play
        follows = follow_plays(counts, rules.tables, play)
        for f in follows:
            assert rules.parse_action(rules.action_text(f)) == f


@pytest.mark.parametrize("players", [3, 4, 5, 6, 9])
@pytest.mark.parametrize(
    "variants",
    [
        (),
        ("bum-only",),
        ("single-session",),
        ("one-hour",),
        ("optional-revolution",),
        ("bum-only", "one-hour"),
    ],
)
def test_rules_round_trip_through_json(players: int, variants: tuple[str, ...]) -> None:
    rules = get(players, *variants)
    again = rules_from_json(rules.to_json())
    assert again == rules
    assert again.to_dict() == rules.to_dict()
    assert rules_from_dict(rules.to_dict()) == rules


def test_rules_json_that_is_wrong_says_why() -> None:
    with pytest.raises(RulesError, match="JSON"):
        rules_from_json("{not json")
    with pytest.raises(RulesError, match="system"):
        rules_from_dict({"players": 4})
    data = get(4).to_dict()
    data["no_such_option"] = 1
    with pytest.raises(RulesError, match="no_such_option"):
        rules_from_dict(data)
