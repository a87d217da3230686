"""Setup, the auction phase and the build phase."""

from __future__ import annotations

from collections import Counter

import pytest
from boojum_helpers import act, codes, table, why_not, winning_bids

from bumtable.errors import IllegalActionError
from bumtable.rules.boojum import BoojumRules, boojum
from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.boojum.state import AUCTION


# ----------------------------------------------------------------------------- setup
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_setup_deals_five_cards_each_and_one_fewer_slot_than_players_with_two_cards(players: int) -> None:
    rules = boojum(players)
    state = rules.new_state(seed=players)
    assert [len(h) for h in state.hands] == [5] * players
    assert len(state.slots) == players - 1 and all(len(s) == 2 for s in state.slots)
    assert len(state.stack) == 72 - 5 * players - 2 * (players - 1)
    assert state.discard == []
    assert state.all_cards() == Counter(rules.tables.deck)


def test_two_decktets_are_shuffled_together_and_more_decks_make_room_for_more_players() -> None:
    assert Counter(boojum(4).tables.deck) == Counter({c: 2 for c in set(boojum(4).tables.deck)})
    assert len(boojum(7).tables.deck) == 108
    state = boojum(9).new_state(seed=1)
    assert len(state.slots) == 8 and state.all_cards() == Counter(boojum(9).tables.deck)


def test_the_player_left_of_the_dealer_bids_first_and_sees_every_slot_face_up() -> None:
    state = boojum(4).new_state(seed=2)
    assert state.dealer == 3 and state.first_to_bid == 0
    assert state.current_player() == 0 and state.phase == AUCTION and state.lot == 0
    assert state.slot_hidden == [0, 0, 0]
    obs = state.observe(2)
    assert [list(s) for s in obs.slots] == [sorted(s) for s in state.slots]


def test_the_deal_comes_from_the_seed() -> None:
    a, b, c = boojum(4).new_state(5), boojum(4).new_state(5), boojum(4).new_state(6)
    assert a.hands == b.hands and a.slots == b.slots and a.stack == b.stack
    assert a.hands != c.hands


# ----------------------------------------------------------------------------- bid values
def test_a_bid_with_more_cards_beats_any_bid_with_fewer() -> None:
    state = table(boojum(3), ["CM 9MS", "AM AS", "2MK"])
    act(state, "bid CM")
    assert winning_bids(state) == ["bid AM AS"]  # one Ace cannot beat the Crown, two can
    assert state.why_illegal(state.rules.parse_action("pass")) is None
    act(state, "bid AM AS")
    assert state.high == 1


def test_among_bids_of_as_many_cards_the_higher_pip_count_wins() -> None:
    state = table(boojum(3), ["6MW 8MS", "7ML 7SK 8WL", "2MK"])
    act(state, "bid 6MW 8MS")  # two for fourteen
    assert "does not beat P0's two for fourteen" in str(why_not(state, "bid 7ML 7SK"))  # also fourteen
    act(state, "bid 7ML 8WL")  # two for fifteen; nobody can beat it
    assert state.lot == 1 and state.won[1] and state.slots[0] == codes("7ML 8WL")


def test_pips_are_ace_one_numbers_their_rank_crown_ten() -> None:
    t = boojum().tables
    assert bid_value(codes("AM 2MK 9MS CK"), t) == (4, 1 + 2 + 9 + 10)


def test_extended_pips_pawn_ten_court_eleven_crown_eleven_or_twelve_excuse_two_cards_no_pips() -> None:
    full = BoojumRules(extended=True).tables
    assert bid_value(codes("PMSL"), full) == (1, 10)
    assert bid_value(codes("TSLK"), full) == (1, 11)
    assert bid_value(codes("CK"), full) == (1, 12)
    assert bid_value(codes("X"), full) == (2, 0)
    assert bid_value(codes("CK"), BoojumRules(extended=True, courts=False).tables) == (1, 11)
    assert bid_value(codes("CK"), BoojumRules(extended=True, pawns=False, courts=False).tables) == (1, 10)


def test_the_excuse_beats_a_crown_but_not_two_aces() -> None:
    rules = BoojumRules(players=3, extended=True)
    state = table(rules, ["CM", "X", "AM AS"])
    act(state, "bid CM", "bid X")
    assert winning_bids(state) == ["bid AM AS"]
    assert "does not beat" in str(why_not(state, "bid AM"))


# ----------------------------------------------------------------------------- raising and passing
def test_a_beaten_bidder_raises_by_adding_cards_to_those_already_laid() -> None:
    state = table(boojum(3), ["5ML AM", "6MW", "2MK"])
    act(state, "bid 5ML", "bid 6MW")
    assert state.current_player() == 0  # player 2 cannot beat six and is passed over
    last = state.events(None)[-1]
    assert (last.kind, last.player, last.text) == ("pass", 2, "cannot beat")
    act(state, "bid AM")  # two cards beat one; player 1 has nothing left to raise with
    assert state.lot == 1 and state.slots[0] == codes("AM 5ML")


def test_cards_laid_cannot_be_taken_back_during_the_auction() -> None:
    state = table(boojum(3), ["5ML AM", "6MW 7ML", "2MK 3MW"])
    act(state, "bid 5ML")
    assert state.hands[0] == codes("AM")
    act(state, "bid 6MW", "pass", "bid AM")
    assert "you do not hold 5ML" in str(why_not(state, "bid 5ML"))


def test_passing_drops_a_player_from_that_slot_only() -> None:
    state = table(boojum(3), ["5ML 6MW", "7ML 8MS", "9MS 9WY"])
    act(state, "pass", "bid 7ML", "bid 9MS")
    assert state.current_player() == 1  # player 0 passed: never asked again for this slot
    act(state, "pass")
    assert state.lot == 1 and state.current_player() == 0  # the left of the winner (2) bids first
    assert "bid 5ML" in winning_bids(state)


def test_the_auction_ends_when_all_but_the_high_bidder_have_passed() -> None:
    state = table(boojum(3), ["5ML", "7ML", "9MS"])
    act(state, "bid 5ML", "pass", "pass")
    assert state.lot == 1 and state.won[0] and not state.bids[0]


def test_the_winner_takes_the_lot_face_down_and_the_bid_becomes_the_slot() -> None:
    rules = boojum(3)
    state = table(rules, ["5ML 2MK", "7ML", "9MS"], slots=["AM AS", "CK CY"])
    act(state, "bid 5ML", "pass", "pass")
    assert state.won[0] == codes("AM AS")
    assert state.slots[0] == codes("5ML")
    assert codes("AM")[0] not in state.hands[0]
    obs = state.observe(1)
    assert obs.won[0] == tuple(codes("AM AS")) and obs.slots[0] == tuple(codes("5ML"))


def test_won_cards_cannot_be_bid_in_the_same_auction_phase() -> None:
    state = table(boojum(3), ["5ML 2MK", "7ML", "9MS"], slots=["AM AS", "CK CY"])
    act(state, "bid 5ML", "pass", "pass")
    act(state, "pass")  # player 1 opens slot 2 and passes
    state2 = state
    while state2.current_player() != 0:
        act(state2, "pass")
    reason = why_not(state2, "bid AM")
    assert reason is not None and "face down until the build phase" in reason
    assert why_not(state2, "bid 2MK") is None


def test_losing_bids_go_back_to_their_hands_in_full_view() -> None:
    state = table(boojum(3), ["5ML", "7ML 2MK", "9MS"])
    act(state, "bid 5ML", "bid 7ML", "bid 9MS", "pass")
    assert state.lot == 1
    assert sorted(state.hands[1]) == codes("2MK 7ML") and state.known[1] == codes("7ML")
    assert sorted(state.hands[0]) == codes("5ML") and state.known[0] == codes("5ML")


def test_the_first_to_bid_moves_left_of_each_winner_and_stays_if_nobody_wins() -> None:
    state = table(boojum(4), ["5ML", "7ML", "9MS", "2MK"], first=2)
    act(state, "pass", "pass", "pass", "pass")  # slot 1 unsold
    assert state.lot == 1 and state.first_to_bid == 2 and state.current_player() == 2
    act(state, "pass", "bid 2MK", "pass", "pass")  # player 3 wins slot 2
    assert state.lot == 2 and state.first_to_bid == 0 and state.current_player() == 0


def test_an_unsold_slot_keeps_its_cards_and_gets_one_more_in_the_build() -> None:
    state = table(boojum(3), ["5ML", "7ML", "9MS"], slots=["AM AS", "CK CY"], stack_top="2MK 3MW 4MS 4WL 4YK")
    act(state, "pass", "pass", "pass")  # slot 1 unsold
    act(state, "pass", "pass", "pass")  # slot 2 unsold; nobody can claim, so round 2 begins
    assert state.round_no == 2
    assert sorted(state.slots[0]) == codes("AM AS 2MK") and sorted(state.slots[1]) == codes("3MW CY CK")


# ----------------------------------------------------------------------------- build phase
def test_build_deals_a_card_to_each_slot_and_to_each_player_who_won_nothing() -> None:
    rules = boojum(3)
    state = table(rules, ["5ML", "7ML", "9MS"], slots=["AM AS", "CK CY"], stack_top="2MK 3MW 4MS 4WL")
    act(state, "bid 5ML", "pass", "pass")  # player 0 wins slot 1: AM AS
    # slot 2: player 1 bids first; nobody else can beat... player 2 holds 9MS
    act(state, "bid 7ML", "bid 9MS", "pass")  # player 2 wins slot 2: CK CY
    assert state.round_no == 2 and state.phase == AUCTION  # nobody could claim anything
    assert state.slots[0] == codes("5ML 2MK") and state.slots[1] == codes("9MS 3MW")
    assert sorted(state.hands[0]) == codes("AM AS")
    assert sorted(state.hands[1]) == codes("4MS 7ML")  # won nothing: dealt a card
    assert sorted(state.hands[2]) == codes("CY CK")
    # picked-up lots are public, and so is the losing bid player 1 took back
    assert [sorted(k) for k in state.known] == [codes("AM AS"), codes("7ML"), codes("CY CK")]


def test_cards_dealt_onto_slots_stay_hidden_until_the_next_auction() -> None:
    rules = boojum(3)
    state = table(rules, ["5ML", "7ML", "9MS"], slots=["AM AS", "CK CY"], stack_top="2MK 3MW 4MS 4WL")
    act(state, "bid 5ML", "pass", "pass", "bid 7ML", "bid 9MS", "pass")
    # nobody can claim: the round ends at once and the next auction turns the slots face up
    assert state.round_no == 2 and state.phase == AUCTION and state.slot_hidden == [0, 0]
    events = state.events(None)
    dealt = [(e.player, e.count, e.cards, e.text) for e in events if e.kind == "deal"]
    assert dealt == [(None, 1, (), "slot 1"), (None, 1, (), "slot 2"), (1, 1, (), "dealt a card")]
    assert [e.cards for e in state.events(1) if e.kind == "deal"] == [
        (),
        (),
        ("4MS",),
    ]  # only P1 sees its card
    turned = [e for e in events if e.kind == "round"]
    assert [(e.text, e.cards) for e in turned] == [
        ("round 2", ("2MK", "3MW"))
    ]  # the slots' new cards, face up


def test_illegal_bids_raise_with_the_reason() -> None:
    state = table(boojum(3), ["5ML", "7ML", "9MS"])
    with pytest.raises(IllegalActionError, match="you do not hold 9MS"):
        act(state, "bid 9MS")
    with pytest.raises(IllegalActionError, match="claims come later"):
        act(state, "done")
