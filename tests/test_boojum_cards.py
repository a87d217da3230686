"""The Decktet card family: the card data, the codes, and the short text form."""

from __future__ import annotations

import csv
import hashlib
import io
from collections import Counter
from importlib import resources

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bumtable.cards.decktet import (
    BASIC_CODES,
    CARDS,
    COURT,
    COURT_CODES,
    CROWN,
    EXCUSE,
    EXCUSE_RANK,
    PAWN,
    PAWN_CODES,
    DecktetCard,
    decktet_deck,
    format_decktet_cards,
    parse_decktet_cards,
)
from bumtable.errors import NotationError

# SHA-256 of the Decktet card data the rules text comes with (decktet.csv, 1,952 bytes): the packaged table
# must be that file, byte for byte.
SOURCE_SHA256 = "af3d42e8f8079816b71b467bee807b580b47ae7664e73221e3256a21eadad562"
SUITS = ("Moons", "Suns", "Waves", "Leaves", "Wyrms", "Knots")
TYPE_BITS = {"Location": 1, "Personality": 2, "Event": 4}


def package_rows() -> list[dict[str, str]]:
    text = resources.files("bumtable.cards").joinpath("data/decktet.csv").read_text(encoding="utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def card_named(name: str) -> DecktetCard:
    return next(DecktetCard(c.code) for c in CARDS if c.name == name)


def test_the_packaged_card_table_is_the_source_data_byte_for_byte() -> None:
    data = resources.files("bumtable.cards").joinpath("data/decktet.csv").read_bytes()
    assert hashlib.sha256(data).hexdigest() == SOURCE_SHA256


def test_the_basic_deck_has_36_cards_six_aces_three_of_each_number_six_crowns() -> None:
    basic = [DecktetCard(c) for c in BASIC_CODES]
    assert len(basic) == 36
    ranks = Counter(c.rank for c in basic)
    assert ranks[1] == 6 and ranks[CROWN] == 6
    assert all(ranks[r] == 3 for r in range(2, 10))
    for c in basic:
        assert len(c.suits) == (1 if c.rank in (1, CROWN) else 2)
        assert (c.types == 0) == (c.rank == 1), "Aces have no type; every other basic card has one"


def test_every_suit_appears_once_at_each_number_rank_and_on_one_ace_and_one_crown() -> None:
    for rank in (1, *range(2, 10), CROWN):
        suits = Counter(s for c in CARDS if c.rank == rank for s in c.suits)
        assert suits == Counter(range(6)), rank


def test_the_extended_deck_adds_the_excuse_four_pawns_and_four_courts_with_three_suits() -> None:
    assert len(PAWN_CODES) == 4 and len(COURT_CODES) == 4
    assert all(len(CARDS[c].suits) == 3 for c in (*PAWN_CODES, *COURT_CODES))
    excuse = DecktetCard(EXCUSE)
    assert excuse.rank == EXCUSE_RANK and excuse.suits == () and excuse.types == 0
    assert {CARDS[c].rank for c in PAWN_CODES} == {PAWN} and {CARDS[c].rank for c in COURT_CODES} == {COURT}
    assert len(CARDS) == 45 and sum(c.extended for c in CARDS) == 9


def test_each_card_has_the_rank_suits_and_types_of_its_row_in_the_card_data() -> None:
    rows = package_rows()
    assert len(rows) == 45
    for row in rows:
        card = card_named(row["name"])
        rank = {"Ace(1)": 1, "Crown(10)": CROWN, "Pawn": PAWN, "Court": COURT, "none": EXCUSE_RANK}.get(
            row["rank"]
        )
        assert card.rank == (int(row["rank"]) if rank is None else rank), row
        suits = (
            () if row["suits"] == "none" else tuple(sorted(SUITS.index(s) for s in row["suits"].split("+")))
        )
        assert card.suits == suits, row
        types = sum(TYPE_BITS[t] for t in row["types"].split("+") if t in TYPE_BITS)
        assert card.types == types, row
        assert card.info.extended == (row["deck"] == "extended"), row


def test_the_origin_market_and_end_are_both_location_and_event() -> None:
    for name in ("the Origin", "the Market", "the End"):
        assert card_named(name).types == 1 | 4


def test_codes_run_in_rank_order_with_the_excuse_last() -> None:
    ranks = [c.rank for c in CARDS]
    assert ranks == sorted(ranks)
    assert EXCUSE == 44 and [CARDS[i].code for i in range(45)] == list(range(45))


def test_each_card_text_is_its_rank_letter_and_suit_initials() -> None:
    assert str(card_named("Ace of Moons")) == "AM"
    assert str(card_named("the Author")) == "2MK"
    assert str(card_named("the Cave")) == "7WY"
    assert str(card_named("the Windfall")) == "CK"
    assert str(card_named("the Harvest")) == "PMSL"
    assert str(card_named("the Island")) == "TSWY"
    assert str(card_named("the Excuse")) == "X"


def test_every_card_text_names_exactly_one_card_and_reads_back() -> None:
    texts = [str(DecktetCard(c.code)) for c in CARDS]
    assert len(set(texts)) == 45
    for c in CARDS:
        assert DecktetCard.parse(str(DecktetCard(c.code))) == c.code
        assert DecktetCard.parse(str(DecktetCard(c.code)).lower()) == c.code


def test_card_text_reads_suits_in_any_order_and_names_without_spaces() -> None:
    assert DecktetCard.parse("2km") == DecktetCard.parse("2MK")
    assert DecktetCard.parse("plsm") == card_named("the Harvest")
    assert DecktetCard.parse("ChanceMeeting") == card_named("the Chance Meeting")
    assert DecktetCard.parse("the-light-keeper") == card_named("the Light Keeper")
    assert DecktetCard.parse("ace_of_wyrms") == card_named("Ace of Wyrms")
    assert DecktetCard.parse("Excuse") == EXCUSE


def test_no_card_name_key_is_also_a_card_code() -> None:
    names = {"".join(ch for ch in c.name.lower() if ch.isalnum()).removeprefix("the") for c in CARDS}
    assert not names & {str(DecktetCard(c.code)).lower() for c in CARDS}


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("Z3", "rank 'Z' is not one of A, 2-9"),
        ("2MZ", "suit 'Z' is not one of M (Moons)"),
        ("2MM", "suit 'M' is named twice"),
        ("2MS", "the 2s are 2MK (the Author), 2SY (the Desert), 2WL (the Origin)"),
        ("AMS", "the Aces are AM"),
        ("", "a card is a rank and its suits"),
    ],
)
def test_bad_card_text_says_which_part_is_wrong(text: str, says: str) -> None:
    with pytest.raises(NotationError, match=r".*") as err:
        DecktetCard.parse(text)
    assert says in str(err.value)


def test_a_list_of_cards_reports_the_bad_token() -> None:
    with pytest.raises(NotationError, match="'9XX'"):
        parse_decktet_cards("AM, 9XX CK")
    assert format_decktet_cards(parse_decktet_cards("am,ck 2mk")) == "AM CK 2MK"


def test_decks_hold_one_copy_of_each_card_per_decktet() -> None:
    assert Counter(decktet_deck(2)) == Counter({c: 2 for c in BASIC_CODES})
    full = decktet_deck(3, excuse=True, pawns=True, courts=True)
    assert len(full) == 3 * 45 and Counter(full)[EXCUSE] == 3
    assert EXCUSE not in decktet_deck(1, pawns=True) and len(decktet_deck(1, pawns=True)) == 40


@given(st.lists(st.integers(0, 44), max_size=12))
def test_card_lists_round_trip_through_text(cards: list[int]) -> None:
    assert parse_decktet_cards(format_decktet_cards(cards)) == cards
