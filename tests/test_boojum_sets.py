"""Set recognition: which groups earn which suit token (every pattern, positive and negative examples),
checked also against a referee written straight from the rules text, and the hand-claims function."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

import pytest
from boojum_helpers import codes
from hypothesis import given, settings
from hypothesis import strategies as st

from bumtable.cards.decktet import BASIC_CODES, CARDS, EXCUSE, PAWN_CODES, DecktetCard
from bumtable.errors import NotationError
from bumtable.rules.boojum import BoojumRules, boojum, hand_claims
from bumtable.rules.boojum.sets import PATTERNS, claim_options, is_claim, matching_patterns

MOONS, SUNS, WAVES, LEAVES, WYRMS, KNOTS = range(6)
NAMES = ("moons", "suns", "waves", "leaves", "wyrms", "knots")
BASIC = boojum().tables
EXT = BoojumRules(extended=True).tables


def earns(text: str, t: object = BASIC) -> set[str]:
    """The tokens a group earns."""
    return {NAMES[p.token] for p in matching_patterns(codes(text), t)}  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- the source's list
def test_the_patterns_are_the_sources_list_token_by_token() -> None:
    by_token = {
        name: [p.description.split(": ", 1)[1] for p in PATTERNS if p.token == i]
        for i, name in enumerate(NAMES)
    }
    assert by_token == {
        "moons": ["a 6-card straight", "4 Aces and 4 Crowns", "a 6-card set"],
        "suns": ["a 5-card straight", "a 5-card set", "an 8-card flush"],
        "waves": ["a 4-card straight", "a 4-card set", "a 7-card flush"],
        "leaves": [
            "two suit symbols of each suit",
            "6 location cards",
            "6 personality cards",
            "6 event cards",
        ],
        "wyrms": [
            "3 location cards of one suit",
            "3 personality cards of one suit",
            "3 event cards of one suit",
            "3 location cards of consecutive rank",
            "3 personality cards of consecutive rank",
            "3 event cards of consecutive rank",
        ],
        "knots": ["one suit symbol of each suit", "a 5-card run", "a 5-card flush"],
    }


# ----------------------------------------------------------------------------- Moons
def test_moons_six_card_straight_needs_a_common_suit() -> None:
    assert "moons" in earns("AM 2MK 3MW 4MS 5ML 6MW")
    assert "moons" not in earns("AM 2SY 3MW 4MS 5ML 6MW")  # a run, no suit in common


def test_moons_four_aces_and_four_crowns_of_any_suits() -> None:
    assert "moons" in earns("AM AS AW AL CM CS CW CL")
    assert "moons" in earns("AM AM AS AS CK CK CY CY")  # copies from two Decktets
    assert "moons" not in earns("AM AS AW CM CS CW CL CY")  # three Aces and five Crowns
    assert "moons" not in earns("AM AS AW AL CM CS CW")  # seven cards


def test_moons_six_card_set() -> None:
    assert "moons" in earns("4MS 4MS 4WL 4WL 4YK 4YK")
    assert "moons" not in earns("4MS 4MS 4WL 4WL 4YK")


def test_straights_do_not_wrap_around() -> None:
    assert "moons" not in earns("CM AM 2MK 3MW 4MS 5ML")
    assert "knots" not in earns("CM AS 2MK 3SK 4WL")  # not a run, and no suit in common


# ----------------------------------------------------------------------------- Suns
def test_suns_five_card_straight_set_and_eight_card_flush() -> None:
    assert "suns" in earns("5SW 6SY 7SK 8MS 9MS")
    assert "suns" in earns("9MS 9MS 9WY 9LK 9LK")
    assert "suns" in earns("AS AS 2SY 2SY 3SK 4MS 4MS CS")  # repeats are fine in a flush
    assert "suns" not in earns("AS AS 2SY 2SY 3SK 4MS 4MS")  # a 7-card flush is Waves' (if Waves)
    assert "suns" not in earns("AS AS 2SY 2SY 3SK 4MS 4MS CM")  # the Crown of Moons breaks the flush
    assert "suns" not in earns("5SW 6SY 7SK 8MS 9WY")  # a run, no suit in common


def test_a_straight_is_also_a_run_and_a_flush() -> None:
    assert earns("3MW 4MS 5ML 6MW 7ML") == {"suns", "knots"}


# ----------------------------------------------------------------------------- Waves
def test_waves_four_card_straight_set_and_seven_card_flush() -> None:
    assert "waves" in earns("6MW 7WY 8WL 9WY")
    assert "waves" in earns("7ML 7SK 7WY 7WY")
    assert "waves" in earns("AW 2WL 3MW 4WL 5SW 6MW 7WY")
    assert "waves" not in earns("6MW 7SK 8WL 9MS")  # a run without a suit in common
    assert "waves" not in earns("7ML 7SK 7WY")
    assert "waves" not in earns("AW 2WL 3MW 4WL 5SW 6MW 7SK")


# ----------------------------------------------------------------------------- Leaves
def test_leaves_exactly_twelve_suit_symbols_two_of_each() -> None:
    assert "leaves" in earns("2MK 2SY 2WL 4MS 4WL 4YK")
    assert "leaves" in earns("AM AS AW AL AY AK 2MK 2SY 2WL")
    assert "leaves" not in earns("AM AM AS AW AL AY AK 2MK 2SY 2WL")  # thirteen symbols
    assert "leaves" not in earns("2MK 2SY 2WL 4MS 4WL 5ML")  # twelve, but three Moons and one Knots


def test_leaves_any_six_cards_of_one_type() -> None:
    assert "leaves" in earns("2SY 2WL 4MS 5ML 7SK 7WY")  # locations (the Origin is one)
    assert "leaves" in earns("2MK 3SK 3LY 4WL 5YK 6MW")  # personalities
    assert "leaves" in earns("3MW 4YK 5SW 7ML 8YK 2WL")  # events (the Origin is one too)
    assert "leaves" not in earns("2SY 2WL 4MS 5ML 7SK 6MW")  # five locations and a personality
    assert "leaves" not in earns("2SY 2WL 4MS 5ML 7SK")


# ----------------------------------------------------------------------------- Wyrms
def test_wyrms_three_cards_of_one_type_sharing_a_suit() -> None:
    assert "wyrms" in earns("2SY 7WY 9WY")  # locations, all Wyrms
    assert "wyrms" in earns("2MK 6MW 8MS")  # personalities, all Moons
    assert "wyrms" in earns("3MW 7ML 9MS")  # events, all Moons
    assert "wyrms" not in earns("2SY 4MS 8WL")  # locations, no suit common to all three
    assert "wyrms" not in earns("2MK 6MW 9MS")  # Moons, but a personality and an event


def test_wyrms_three_cards_of_one_type_in_consecutive_ranks() -> None:
    assert "wyrms" in earns("7SK 8WL 9WY")  # locations 7 8 9
    assert "wyrms" in earns("3SK 4WL 5YK")  # personalities 3 4 5
    assert "wyrms" in earns("3MW 4YK 5SW")  # events 3 4 5
    assert "wyrms" not in earns("3MW 4WL 5ML")  # event, personality, location
    assert "wyrms" not in earns("7SK 8WL CW")  # not consecutive (the Crown is after 9)


def test_aces_have_no_type() -> None:
    assert "wyrms" not in earns("AM 2MK 3SK")  # the Ace is not a personality
    assert "leaves" not in earns("AM AS 2SY 2WL 4MS 5ML")


# ----------------------------------------------------------------------------- Knots
def test_knots_exactly_six_suit_symbols_one_of_each() -> None:
    assert "knots" in earns("AM AS AW AL AY AK")
    assert "knots" in earns("4MS 4WL 4YK")
    assert "knots" not in earns("4MS 4WL 4YK AM")  # seven symbols
    assert "knots" not in earns("4MS 4WL AY")  # five


def test_knots_five_card_run_of_any_suits_and_five_card_flush() -> None:
    assert "knots" in earns("2MK 3SK 4WL 5YK 6MW")
    assert "knots" in earns("AK 2MK 3SK 4YK 5YK")
    assert "knots" in earns("CK AK 2MK 3SK 4YK")  # a flush needs no consecutive ranks
    assert "knots" not in earns("2MK 3SK 3LY 4WL 5YK")  # a repeated rank breaks a run
    assert "knots" not in earns("2MK 3SK 4WL 5YK 7SK")  # a gap breaks a run


# ----------------------------------------------------------------------------- the extended deck
def test_the_excuse_fills_a_gap_in_a_straight_or_run() -> None:
    assert earns("3MW 4MS X 6MW 7ML", EXT) == {"suns", "knots"}
    assert "suns" in earns("X 4MS 5ML 6MW 7ML", EXT)  # at an end too


def test_the_excuse_fills_gaps_that_do_not_exist() -> None:
    assert "wyrms" in earns("2SY X 4MS", EXT)  # a rank-3 location
    assert "wyrms" in earns("6MW X 8MS", EXT)  # a rank-7 personality


def test_the_excuse_is_any_rank_in_a_set_and_an_ace_or_crown() -> None:
    assert "waves" in earns("7ML 7SK 7WY X", EXT)
    assert "moons" in earns("AM AS AW X CM CS CW CL", EXT)
    assert "waves" not in earns("7ML 7SK X", EXT)  # it is one card


def test_the_excuse_stands_for_up_to_three_symbols_of_different_suits() -> None:
    assert "leaves" in earns("2MK 2SY 2WL 4MS 4WL X", EXT)  # X for a Wyrms-Knots card
    assert "knots" in earns("AM AS AW X", EXT)  # X for a three-suit card (Leaves, Wyrms, Knots)
    assert "knots" not in earns("AM AS X", EXT)  # four symbols missing: no card has four suits
    one = BoojumRules(extended=True, excuse_symbols=1).tables
    assert "leaves" not in earns("2MK 2SY 2WL 4MS 4WL X", one)
    assert "knots" in earns("AM AS AW AL AY X", one)


def test_a_group_of_excuses_alone_earns_nothing_unless_allowed() -> None:
    assert earns("X X", EXT) == set()
    assert "knots" in earns("X X", BoojumRules(extended=True, excuse_alone=True).tables)


def test_pawns_and_courts_sit_between_nine_and_crown() -> None:
    assert "suns" in earns("8MS 9MS PMSL TSLK CS", EXT)
    assert "waves" not in earns("8MS 9MS PMSL CS", EXT)  # the Court is missing
    pawns_only = BoojumRules(extended=True, courts=False).tables
    assert "waves" in earns("8MS 9MS PMSL CS", pawns_only)  # no Courts: the Crown follows the Pawn


# ----------------------------------------------------------------------------- a referee from the text
class Virtual(NamedTuple):
    rank: int
    suits: frozenset[int]
    types: frozenset[int]


def real(code: int, top: int) -> Virtual:
    info = CARDS[code]
    rank = {10: 10, 11: top - 1, 12: top}.get(info.rank, info.rank)
    return Virtual(rank, frozenset(info.suits), frozenset(b for b in (1, 2, 4) if info.types & b))


def stand_ins(top: int, most_suits: int = 3) -> list[Virtual]:
    """Every card the Excuse may act as: any rank, one to three suits, every type."""
    suit_sets = [frozenset(c) for k in range(1, most_suits + 1) for c in itertools.combinations(range(6), k)]
    return [Virtual(r, s, frozenset((1, 2, 4))) for r in range(1, top + 1) for s in suit_sets]


def referee(token: int, group: Sequence[Virtual], top: int) -> bool:
    """The source's list for one token, read plainly (exact card counts)."""
    n = len(group)
    ranks = sorted(c.rank for c in group)
    common = frozenset.intersection(*(c.suits for c in group)) if group else frozenset()
    consecutive = all(b == a + 1 for a, b in itertools.pairwise(ranks))
    one_rank = len(set(ranks)) == 1
    symbols = Counter(s for c in group for s in c.suits)

    def typed(ty: int) -> bool:
        return all(ty in c.types for c in group)

    if token == MOONS:
        six = n == 6 and ((consecutive and bool(common)) or one_rank)
        return six or (n == 8 and ranks.count(1) == 4 and ranks.count(top) == 4)
    if token == SUNS:
        return (n == 5 and ((consecutive and bool(common)) or one_rank)) or (n == 8 and bool(common))
    if token == WAVES:
        return (n == 4 and ((consecutive and bool(common)) or one_rank)) or (n == 7 and bool(common))
    if token == LEAVES:
        return symbols == Counter({s: 2 for s in range(6)}) or (n == 6 and any(typed(ty) for ty in (1, 2, 4)))
    if token == WYRMS:
        return n == 3 and any(typed(ty) and (bool(common) or consecutive) for ty in (1, 2, 4))
    return symbols == Counter(range(6)) or (n == 5 and (consecutive or bool(common)))


def referee_earns(token: int, group: Iterable[int], t_top: int, excuses_symbols: int = 3) -> bool:
    cards = list(group)
    reals = [real(c, t_top) for c in cards if c != EXCUSE]
    wild = len(cards) - len(reals)
    if not reals:
        return False
    options = stand_ins(t_top, excuses_symbols)
    return any(
        referee(token, reals + list(extra), t_top) for extra in itertools.product(options, repeat=wild)
    )


basic_cards = st.lists(st.sampled_from(BASIC_CODES), min_size=1, max_size=9).filter(
    lambda cs: max(Counter(cs).values()) <= 2
)


@settings(max_examples=150)
@given(basic_cards)
def test_recognition_agrees_with_the_referee_on_basic_groups(group: list[int]) -> None:
    for token in range(6):
        assert is_claim(token, group, BASIC) == referee_earns(token, group, 10), (NAMES[token], group)


ext_cards = st.lists(st.sampled_from([c for c in range(45) if c != EXCUSE]), min_size=1, max_size=7)


@settings(max_examples=40)
@given(ext_cards, st.booleans())
def test_recognition_agrees_with_the_referee_with_the_excuse_and_pawns_and_courts(
    group: list[int], excuse: bool
) -> None:
    cards = [*group, EXCUSE] if excuse else group
    for token in range(6):
        assert is_claim(token, cards, EXT) == referee_earns(token, cards, 12), (NAMES[token], cards)


@settings(max_examples=25)
@given(basic_cards.filter(lambda cs: len(cs) >= 3))
def test_claim_options_list_every_earning_sub_multiset_of_the_hand(hand: list[int]) -> None:
    found = claim_options(hand, BASIC)
    counts = sorted(Counter(hand).items())
    every: dict[int, set[tuple[int, ...]]] = {}
    for takes in itertools.product(*(range(k + 1) for _, k in counts)):
        group = tuple(c for (c, _), k in zip(counts, takes, strict=True) for _ in range(k))
        if group:
            for token in range(6):
                if referee_earns(token, group, 10):
                    every.setdefault(token, set()).add(group)
    assert {k: set(v) for k, v in found.items()} == every


def test_claim_options_with_two_excuses_find_each_group_once() -> None:
    hand = codes("AM AS AW X X 4MS")
    found = claim_options(hand, EXT)
    for groups in found.values():
        assert len(groups) == len(set(groups))
        assert all(groups.count(g) == 1 for g in groups)
    assert tuple(sorted(codes("AM AS AW X"))) in found[KNOTS]
    assert tuple(sorted(codes("X X"))) not in found.get(KNOTS, [])


# ----------------------------------------------------------------------------- the moves function
def test_hand_claims_lists_token_and_cards_for_each_claim() -> None:
    texts = [g.text for g in hand_claims(boojum(), "4MS 4MS 4WL 4YK 9MS")]
    assert texts == [
        "claim waves 4MS 4MS 4WL 4YK",
        "claim knots 4MS 4WL 4YK",
        "claim knots 4WL 4YK 9MS",
    ]


def test_hand_claims_leaves_out_tokens_already_held() -> None:
    rules = boojum()
    assert [a.token for a in hand_claims(rules, "4MS 4MS 4WL 4YK", held=["waves"])] == [KNOTS]
    repeat = rules.replace(repeat_tokens=True)
    assert {a.token for a in hand_claims(repeat, "4MS 4MS 4WL 4YK", held=["waves"])} == {WAVES, KNOTS}


def test_hand_claims_rejects_cards_outside_the_deck() -> None:
    with pytest.raises(NotationError, match="not in this deck"):
        hand_claims(boojum(), [PAWN_CODES[0], 0])
    assert hand_claims(boojum(), "") == []
    assert DecktetCard(PAWN_CODES[0]).name == "the Harvest"
