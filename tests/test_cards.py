"""Cards and decks: text in and out, and the decks The Bum Game uses."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bumtable.cards import (
    BLACK_JOKER,
    JOKER,
    RED_JOKER,
    Card,
    format_cards,
    french_deck,
    is_card_code,
    parse_cards,
    parse_rank,
)
from bumtable.errors import NotationError

ALL_CODES = [c for c in range(64) if is_card_code(c)]


def test_every_card_code_is_a_rank_and_suit_or_a_joker() -> None:
    # 13 ranks x 4 suits and three Joker codes (plain, black, red).
    assert len(ALL_CODES) == 52 + 3
    assert {Card(c).rank for c in ALL_CODES} == set(range(2, 16))
    assert {(Card(c).rank, Card(c).suit) for c in ALL_CODES if c < JOKER} == {
        (r, s) for r in range(2, 15) for s in range(4)
    }


@pytest.mark.parametrize(
    ("text", "rank", "suit", "shown"),
    [
        ("10h", 10, 2, "10h"),
        ("Th", 10, 2, "10h"),
        ("th", 10, 2, "10h"),
        ("Qs", 12, 3, "Qs"),
        ("qS", 12, 3, "Qs"),
        ("2c", 2, 0, "2c"),
        ("Ad", 14, 1, "Ad"),
        ("Jd", 11, 1, "Jd"),
        ("Q♠", 12, 3, "Qs"),
        (" 9c ", 9, 0, "9c"),
    ],
)
def test_a_card_is_read_from_its_rank_and_suit(text: str, rank: int, suit: int, shown: str) -> None:
    card = Card.parse(text)
    assert (card.rank, card.suit, card.is_joker) == (rank, suit, False)
    assert str(card) == shown


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("JK", JOKER),
        ("jk", JOKER),
        ("Joker", JOKER),
        ("RJ", RED_JOKER),
        ("BJ", BLACK_JOKER),
        ("rj", RED_JOKER),
    ],
)
def test_jokers_are_read_as_jk_rj_or_bj_and_rank_above_everything(text: str, code: int) -> None:
    card = Card.parse(text)
    assert card == code and card.is_joker and card.suit is None
    assert card.rank == 15 > Card.parse("As").rank > Card.parse("Ks").rank
    assert str(card) in ("JK", "RJ", "BJ")


def test_ten_is_written_10_and_read_as_10_or_t() -> None:
    assert str(Card.make(10, 0)) == "10c"
    assert Card.parse("10c") == Card.parse("Tc") == Card.make(10, 0)
    assert parse_rank("10") == parse_rank("T") == parse_rank("t") == 10


@pytest.mark.parametrize(
    ("bad", "token"),
    [("1x", "1x"), ("Zz", "Zz"), ("Qx", "Qx"), ("10", "10"), ("Q", "Q"), ("", ""), ("11h", "11h")],
)
def test_a_bad_card_raises_an_error_naming_the_token(bad: str, token: str) -> None:
    with pytest.raises(NotationError) as err:
        Card.parse(bad)
    assert repr(token) in str(err.value)


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(NotationError, match="'Zz'"):
        parse_cards("Qs 10h Zz 2c")
    with pytest.raises(NotationError, match="'Kx'"):
        parse_cards("Qs, Kx")


def test_parse_cards_accepts_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("Th, Qs  2c,JK")] == ["10h", "Qs", "2c", "JK"]
    assert parse_cards("") == []


@given(st.sampled_from(ALL_CODES))
def test_card_text_round_trips(code: int) -> None:
    card = Card(code)
    assert Card.parse(str(card)) == card
    assert Card.parse(card.pretty()) == card
    assert Card.parse(str(card).lower()) == card
    assert Card.parse(str(card).upper()) == card


@given(st.lists(st.sampled_from(ALL_CODES), max_size=30))
def test_lists_of_cards_round_trip(cards: list[int]) -> None:
    assert parse_cards(format_cards(cards)) == cards
    assert parse_cards(", ".join(str(Card(c)) for c in cards)) == cards


@given(st.integers(2, 14), st.integers(0, 3))
def test_card_make_agrees_with_its_text(rank: int, suit: int) -> None:
    card = Card.make(rank, suit)
    assert Card.parse(str(card)) == card and (card.rank, card.suit) == (rank, suit)


@pytest.mark.parametrize(("rank", "suit"), [(1, 0), (15, 0), (2, 4), (2, -1)])
def test_card_make_refuses_ranks_and_suits_that_do_not_exist(rank: int, suit: int) -> None:
    with pytest.raises(NotationError):
        Card.make(rank, suit)


@pytest.mark.parametrize(
    ("suits", "jokers", "size"),
    [((0, 1, 2), 2, 41), ((0, 1, 2, 3), 2, 54), ((0, 1, 2, 3, 0), 3, 68), ((0, 1, 2, 3), 0, 52)],
)
def test_a_deck_is_full_suits_plus_jokers(suits: tuple[int, ...], jokers: int, size: int) -> None:
    deck = french_deck(suits=suits, jokers=jokers)
    assert len(deck) == size
    ranks = Counter(c.rank for c in deck)
    # Each rank 2..A once per suit, and the Jokers.
    assert all(ranks[r] == len(suits) for r in range(2, 15))
    assert ranks[15] == jokers
