"""The Bum Game: sets, sequences and the follow rule, as the text's examples give them."""

from __future__ import annotations

import pytest
from conftest import BUM_RANKS, get, play, table

from bumtable.errors import IllegalActionError, NotationError
from bumtable.rules import Rules, State
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET

R4, R5 = get(4), get(5)


def legal_texts(state: State) -> list[str]:
    return sorted(R4.action_text(a) for a in state.legal_actions())


def lead_state(hand: str, rules: Rules = R4) -> State:
    n = rules.players
    return table(rules, [hand] + ["3"] * (n - 1))


def follow_state(lead: str, hand: str, rules: Rules = R4, leader_hand: str | None = None) -> State:
    """Player 0 leads ``lead``; player 1, holding ``hand``, is to play."""
    n = rules.players
    cards = leader_hand or " ".join(lead.split()[1:] if lead.split()[0] in ("set", "seq") else lead.split())
    state = table(rules, [cards + " 3", hand] + ["3"] * (n - 2))
    return play(state, lead)


def can_play(state: State, text: str) -> bool:
    action = R5.parse_action(text)
    legal = action in state.legal_actions()
    assert legal == (state.why_illegal(action) is None)
    return legal


# ---------------------------------------------------------------- sets


@pytest.mark.parametrize(
    ("cards", "rank", "size"),
    [
        ("7", "7", 1),  # one seven
        ("4 4 4", "4", 3),  # three fours
        ("Q Q Q 2 JK", "Q", 5),  # five Queens
        ("2 2 2 2", "2", 4),  # four Twos
        ("2 2 JK", "2", 3),  # three Twos
        ("JK JK", "JK", 2),  # two Jokers
    ],
)
def test_the_text_examples_of_sets_are_sets_of_that_rank(cards: str, rank: str, size: int) -> None:
    state = lead_state(cards)
    matching = [a for a in state.legal_actions() if R4.action_text(a) == "set " + cards]
    assert len(matching) == 1
    play_ = matching[0]
    assert play_.kind == SET and BUM_RANKS[play_.rank] == rank and play_.size == size


@pytest.mark.parametrize("rank", BUM_RANKS[: BUM_RANKS.index("A") + 1])
def test_two_replaces_any_card_in_a_set_except_a_joker(rank: str) -> None:
    state = lead_state(f"{rank} 2")
    pair = R4.parse_action(f"set {rank} 2")
    assert pair in state.legal_actions()
    assert BUM_RANKS[pair.rank] == rank and pair.size == 2


def test_a_two_cannot_replace_a_joker() -> None:
    # 2 + JK is a pair of Twos, never a pair of Jokers: it cannot beat a pair of Twos ...
    state = follow_state("set 2 2", "2 JK")
    assert legal_texts(state) == ["pass"]
    assert not can_play(state, "set 2 JK")
    # ... and 2-JK-JK is three Twos, not three Jokers.
    assert BUM_RANKS[R4.parse_action("set 2 JK JK").rank] == "2"
    # Two Jokers do beat a pair of Twos.
    assert can_play(follow_state("set 2 2", "JK JK"), "set JK JK")


@pytest.mark.parametrize("rank", BUM_RANKS[: BUM_RANKS.index("2") + 1])
def test_joker_replaces_any_other_card_in_a_set(rank: str) -> None:
    state = lead_state(f"{rank} JK")
    pair = R4.parse_action(f"set {rank} JK")
    assert pair in state.legal_actions()
    assert BUM_RANKS[pair.rank] == rank


def test_a_set_with_wild_cards_counts_as_its_natural_rank() -> None:
    # Q-Q-Q-2-JK is five Queens: it beats five Jacks, ties five Queens, loses to five Kings.
    assert can_play(follow_state("set J J J J 2", "Q Q Q 2 JK", R5), "set Q Q Q 2 JK")
    assert not can_play(follow_state("set Q Q Q Q Q", "Q Q Q 2 JK", R5), "set Q Q Q 2 JK")
    assert can_play(follow_state("set Q Q Q 2 JK", "K K 2 2 JK", R5), "set K K 2 2 JK")


def test_a_set_cannot_mix_two_natural_ranks() -> None:
    with pytest.raises(NotationError):
        R4.parse_action("set 9 10")
    assert "set 9 10" not in legal_texts(lead_state("9 10"))


# ---------------------------------------------------------------- sequences


@pytest.mark.parametrize(
    ("cards", "length", "width"),
    [
        ("9 10 J", 3, 1),  # a three card sequence
        ("5 6 7 8 9", 5, 1),  # a five card sequence
        ("3 3 4 4 5 5 6 6", 4, 2),  # a four card double sequence
        ("K K K A A A 2 2 2", 3, 3),  # a three card triple sequence
        ("A 2 JK", 3, 1),  # a three card sequence, wild cards in their natural order
    ],
)
def test_the_text_examples_of_sequences_are_sequences(cards: str, length: int, width: int) -> None:
    state = lead_state(cards)
    seq = R4.parse_action("seq " + cards)
    assert seq in state.legal_actions()
    assert seq.kind == SEQUENCE and seq.length == length and seq.width == width
    assert seq.size == len(cards.split())


def test_a_sequence_needs_at_least_three_ranks() -> None:
    plays = lead_state("9 9 10 10").legal_actions()
    assert all(p.kind == SET for p in plays)
    with pytest.raises(NotationError):
        R4.parse_action("seq 9 10")


def test_wild_cards_cannot_replace_a_card_in_a_sequence() -> None:
    # 9-10-Q with a Two or Joker for the Jack is no sequence.
    plays = lead_state("9 10 Q 2 JK").legal_actions()
    assert all(p.kind == SET for p in plays)
    for text in ("seq 9 10 2", "seq 9 JK J", "seq 9 10 J 2", "seq 3 3 4 4 5 2"):
        with pytest.raises(NotationError):
            R4.parse_action(text)


def test_wild_cards_in_their_natural_order_make_sequences() -> None:
    texts = [t for t in legal_texts(lead_state("Q K A 2 JK")) if t.startswith("seq")]
    # Runs inside Q K A 2 JK: 3 of length 3, 2 of length 4, 1 of length 5.
    assert texts == sorted(
        ["seq Q K A", "seq K A 2", "seq A 2 JK", "seq Q K A 2", "seq K A 2 JK", "seq Q K A 2 JK"]
    )


def test_sequences_do_not_wrap_round() -> None:
    texts = [t for t in legal_texts(lead_state("A 2 JK 3 4")) if t.startswith("seq")]
    assert texts == ["seq A 2 JK"]  # no 2-JK-3, JK-3-4, 2-3-4
    for text in ("seq JK 3 4", "seq 2 3 4", "seq K A 2 JK 3"):
        with pytest.raises(NotationError):
            R4.parse_action(text)


@pytest.mark.parametrize(
    ("cards", "rules"),
    [
        ("3 3 3 3 4 4 4 4 5 5 5 5", R4),  # a quadruple sequence
        ("3 3 3 3 3 4 4 4 4 4 5 5 5 5 5", R5),  # five suits: a five-wide sequence
        ("A A 2 2 JK JK", R4),  # a double sequence ending in two Jokers
        ("A A A 2 2 2 JK JK JK", R5),
        ("9 9 10 10 J J Q Q K K A A", R4),
    ],
)
def test_multiple_sequences_of_any_width(cards: str, rules: Rules) -> None:
    seq = rules.parse_action("seq " + cards)
    assert seq in lead_state(cards, rules).legal_actions()
    assert seq.width * seq.length == seq.size


@pytest.mark.parametrize("cards", ["3 3 4 4 5", "3 3 4 4 5 5 5", "3 4 4 5"])
def test_a_multiple_sequence_has_the_same_number_of_each_rank(cards: str) -> None:
    with pytest.raises(NotationError):
        R4.parse_action("seq " + cards)


# ---------------------------------------------------------------- the follow rule


def test_follow_must_be_the_same_type_a_single_is_followed_by_a_single() -> None:
    state = follow_state("set 5", "6 6 7 8 2 JK")
    assert legal_texts(state) == ["pass", "set 2", "set 6", "set 7", "set 8", "set JK"]
    with pytest.raises(IllegalActionError, match="exactly 1 card to follow"):
        state.apply(R4.parse_action("set 6 6"))
    with pytest.raises(IllegalActionError, match="set"):
        state.apply(R4.parse_action("seq 6 7 8"))


def test_a_set_cannot_follow_a_sequence_of_as_many_cards() -> None:
    state = follow_state("seq 4 5 6", "9 9 9 10 J Q")
    assert not can_play(state, "set 9 9 9")
    assert can_play(state, "seq 10 J Q")


def test_follow_must_have_exactly_the_same_number_of_cards() -> None:
    # After 6-7-8-9, a four card sequence headed by at least a 10: no more, no less.
    state = follow_state("seq 6 7 8 9", "8 9 10 J Q K")
    assert [t for t in legal_texts(state) if t != "pass"] == [
        "seq 10 J Q K",
        "seq 8 9 10 J",
        "seq 9 10 J Q",
    ]
    assert not can_play(state, "seq 10 J Q")
    assert not can_play(state, "seq 9 10 J Q K")


def test_follow_must_have_the_same_width() -> None:
    # A double three card sequence (six cards) is not followed by a single six card sequence.
    state = follow_state("seq 3 3 4 4 5 5", "6 7 8 9 10 J J J")
    assert legal_texts(state) == ["pass"]
    assert not can_play(state, "seq 6 7 8 9 10 J")
    state = follow_state("seq 3 3 4 4 5 5", "6 6 7 7 8 8")
    assert can_play(state, "seq 6 6 7 7 8 8")


def test_follow_must_be_strictly_higher() -> None:
    state = follow_state("set Q Q Q", "Q Q 2 J J J")
    assert legal_texts(state) == ["pass"]  # Q-Q-2 only ties three Queens; J-J-J is lower
    with pytest.raises(IllegalActionError, match="does not beat"):
        state.apply(R4.parse_action("set Q Q 2"))


def test_any_higher_single_follows_a_single_including_a_two_or_a_joker() -> None:
    state = follow_state("set 5", "4 5 6 2 JK")
    assert legal_texts(state) == ["pass", "set 2", "set 6", "set JK"]


def test_the_leader_sets_the_type_for_the_whole_trick() -> None:
    # 0 leads a pair; 1 beats it; 2 may still only play a higher pair.
    state = table(R4, ["4 4 3", "5 5 3", "6 7 8 9 9", "3 3"])
    play(state, "set 4 4", "set 5 5")
    assert legal_texts(state) == ["pass", "set 9 9"]


def test_you_cannot_play_cards_you_do_not_hold() -> None:
    state = lead_state("Q Q 2")
    with pytest.raises(IllegalActionError, match="do not hold"):
        state.apply(R4.parse_action("set Q Q Q"))
    with pytest.raises(IllegalActionError, match="do not hold"):
        state.apply(R4.parse_action("set Q JK"))


def test_the_leader_cannot_pass() -> None:
    state = lead_state("Q")
    with pytest.raises(IllegalActionError, match="leader must play"):
        state.apply(R4.parse_action("pass"))
    assert all(a.kind != PASS for a in state.legal_actions())
