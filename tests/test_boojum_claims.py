"""The claim phase, the discard pile and the stack, and the end of the game."""

from __future__ import annotations

from collections import Counter

import pytest
from boojum_helpers import act, codes, table, why_not

from bumtable.errors import IllegalActionError
from bumtable.rules.boojum import BoojumRules, boojum
from bumtable.rules.boojum.state import AUCTION, CLAIMS, OVER


def claims_of(state: object) -> list[str]:
    return [state.rules.action_text(a) for a in state.legal_actions()]  # type: ignore[attr-defined]


def test_players_claim_in_seat_order_from_the_first_to_bid_and_nothing_to_claim_is_skipped() -> None:
    state = table(
        boojum(3),
        ["4MS 4WL 4YK", "AM AS AW AL AY AK", "2MK"],
        phase=CLAIMS,
        first=1,
        stack_top="9MS 9WY",
    )
    assert state.claim_order == [1, 2, 0] and state.current_player() == 1
    act(state, "claim knots AM AS AW AL AY AK")
    assert state.current_player() == 0  # player 1 had nothing more; player 2 nothing at all
    done = [(e.player, e.text) for e in state.events(None) if e.kind == "done"]
    assert done == [(1, "nothing more to claim"), (2, "nothing to claim")]
    act(state, "claim knots 4MS 4WL 4YK")
    assert state.phase == AUCTION and state.round_no == 2


def test_a_player_keeps_claiming_until_done() -> None:
    state = table(boojum(3), ["4MS 4MS 4WL 4YK 3MW 7ML", "2MK", "3SK"], phase=CLAIMS, stack_top="9MS")
    act(state, "claim waves 4MS 4MS 4WL 4YK")  # draws the Pact: three Moons events
    assert state.current_player() == 0
    assert claims_of(state) == ["claim wyrms", "done"]
    act(state, "done")
    assert state.round_no == 2 and state.tokens[0][4] == 0


def test_claimed_cards_go_to_the_discard_pile_and_a_card_is_drawn_per_claim() -> None:
    state = table(boojum(3), ["4MS 4WL 4YK CM", "2MK", "3MW"], phase=CLAIMS, stack_top="9WY")
    act(state, "claim knots 4MS 4WL 4YK")
    assert sorted(state.discard) == codes("4MS 4WL 4YK")
    assert sorted(state.hands[0]) == codes("9WY CM")
    assert state.tokens[0] == [0, 0, 0, 0, 0, 1]
    assert state.observe(2).discard == tuple(codes("4MS 4WL 4YK"))


def test_the_card_drawn_for_a_claim_may_be_used_at_once() -> None:
    state = table(boojum(3), ["AM AS AW AL AY 4MS 4WL 4YK", "2MK", "3MW"], phase=CLAIMS, stack_top="AK")
    assert not any(a.token == 0 for a in state.legal_actions())  # five Aces: no Moons yet
    act(state, "claim knots 4MS 4WL 4YK")  # draws the Ace of Knots
    assert "claim moons" in claims_of(state)
    act(state, "claim moons AM AS AW AL AY AK")
    assert state.tokens[0][0] == 1 and state.tokens[0][5] == 1


def test_a_token_already_held_cannot_be_claimed_again_unless_the_variant_allows_it() -> None:
    state = table(boojum(3), ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS, tokens=["K"])
    assert state.phase == AUCTION  # nothing to claim: the round moved on
    state = table(boojum(3), ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS, tokens=["K"], settle=False)
    assert why_not(state, "claim knots 4MS 4WL 4YK") == "you already hold the Knots token"
    repeat = boojum(3).replace(repeat_tokens=True)
    state = table(repeat, ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS, tokens=["K"])
    act(state, "claim knots 4MS 4WL 4YK")
    assert state.tokens[0][5] == 2 and state.outcome() is None


def test_a_group_that_earns_nothing_is_refused_with_what_the_token_needs() -> None:
    state = table(boojum(3), ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS)
    with pytest.raises(
        IllegalActionError, match="has no group that earns the Waves token, which needs: a 4-card straight"
    ):
        act(state, "claim waves 4MS 4WL 4YK 7ML")
    with pytest.raises(IllegalActionError, match="you do not hold"):
        act(state, "claim knots 4MS 4WL 4YK 4YK")
    with pytest.raises(IllegalActionError, match="claim phase"):
        act(state, "pass")


def test_the_discard_pile_is_shuffled_into_a_new_stack_when_the_stack_runs_out() -> None:
    state = table(boojum(3), ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS, stack="AK", discard="2SY 3SK")
    act(state, "claim knots 4MS 4WL 4YK")
    assert sorted(state.hands[0]) == codes("AK 7ML")
    assert state.discard == [] and sorted(state.stack) == codes("2SY 3SK 4MS 4WL 4YK")
    assert [(e.kind, e.count) for e in state.events(None) if e.kind == "reshuffle"] == [("reshuffle", 5)]


def test_with_no_stack_and_no_discard_pile_nothing_is_dealt() -> None:
    state = table(boojum(3), ["5ML", "7ML", "9MS"], slots=["AM AS", "CK CY"], stack="")
    act(state, "pass", "pass", "pass", "pass", "pass", "pass")
    assert state.round_no == 2 and [len(s) for s in state.slots] == [2, 2]
    assert [len(h) for h in state.hands] == [1, 1, 1]


# ----------------------------------------------------------------------------- the end
def test_the_game_ends_after_the_claim_phase_in_which_a_player_completes_all_six_tokens() -> None:
    state = table(
        boojum(3),
        ["4MS 4WL 4YK CM", "AM AS AW AL AY AK CS", "2MK"],
        phase=CLAIMS,
        tokens=["MSWLY", "MSWLY"],
        stack_top="2SY 2WL",
    )
    act(state, "claim knots 4MS 4WL 4YK")
    assert not state.is_over() and state.current_player() == 1  # the others finish their claims
    act(state, "claim knots AM AS AW AL AY AK")
    assert state.is_over() and state.phase == OVER and state.current_player() is None
    # both completed: the hands as bids decide, CM 2SY (two for twelve) against CS 2WL (two for twelve)
    assert state.winners == [0, 1] and state.winner is None
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (6, 6, 0) and outcome.winners == (0, 1)
    assert outcome.places == (1, 1, 3) and outcome.reason == "tokens" and outcome.length == 1
    assert (
        state.legal_actions() == ()
        and state.why_illegal(state.rules.parse_action("done")) == "the game is over"
    )


def test_equal_collections_are_decided_by_the_rest_of_the_hand_valued_as_a_bid() -> None:
    state = table(
        boojum(3),
        ["4MS 4WL 4YK CM", "AM AS AW AL AY AK 2MK", "2MK"],
        phase=CLAIMS,
        tokens=["MSWLY", "MSWLY"],
        stack_top="9MS AS",
    )
    act(state, "claim knots 4MS 4WL 4YK", "claim knots AM AS AW AL AY AK")
    # player 0 keeps CM 9MS (two for nineteen), player 1 keeps 2MK AS (two for three)
    assert state.winners == [0] and state.winner == 0


def test_more_cards_win_the_tie_break_and_the_excuse_counts_two() -> None:
    rules = BoojumRules(players=3, extended=True)
    state = table(
        rules,
        ["4MS 4WL 4YK", "AM AS AW AL AY AK", "2MK"],
        phase=CLAIMS,
        tokens=["MSWLY", "MSWLY"],
        stack_top="CM X",
    )
    act(state, "claim knots 4MS 4WL 4YK", "claim knots AM AS AW AL AY AK")
    assert sorted(state.hands[0]) == codes("CM") and sorted(state.hands[1]) == codes("X")
    assert state.winners == [1]  # the Excuse is two cards (no pips) against one Crown


def test_the_round_limit_ends_the_game_most_tokens_winning() -> None:
    rules = boojum(3).replace(max_rounds=1)
    state = table(rules, ["2MK", "2SY", "CM"], phase=CLAIMS, tokens=["MS", "MS", "M"])
    assert state.is_over() and state.hit_round_limit
    assert state.winners == [0, 1]  # two tokens each, and hands of one for two each: a shared win
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "round-limit" and outcome.winners == (0, 1)
    assert outcome.places == (1, 1, 3) and outcome.scores == (2, 2, 1)
    state = table(rules, ["2MK 3SK", "3MW", "CM"], phase=CLAIMS, tokens=["MS", "MS", "M"])
    assert state.winners == [0]
    outcome = state.outcome()
    assert outcome is not None and outcome.places == (1, 2, 3) and outcome.returns == (1.0, 0.0, -1.0)


def test_every_game_ends_within_the_round_limit() -> None:
    rules = boojum(4).replace(max_rounds=3)
    state = rules.new_state(seed=4)
    while not state.is_over():
        state.apply(state.legal_actions()[-1])  # always pass, always done
    assert state.round_no == 3 and state.hit_round_limit
    assert state.all_cards() == Counter(rules.tables.deck)


# ----------------------------------------------------------------------------- claims laid card by card
def test_a_claim_names_its_token_lays_its_cards_one_by_one_and_cashes_them_in() -> None:
    state = table(boojum(3), ["4MS 4MS 4WL 4YK 9MS", "2MK", "3SK"], phase=CLAIMS, stack_top="7ML")
    assert claims_of(state) == ["claim waves", "claim knots", "done"]
    act(state, "claim waves")
    assert claims_of(state) == ["lay 4MS", "lay 4WL", "lay 4YK"]  # 9MS makes no four of a kind with them
    assert "finish your claim for the Waves token first" in str(why_not(state, "done"))
    act(state, "lay 4WL", "lay 4MS")
    assert "4MS 4WL does not earn the Waves token yet" in str(why_not(state, "cash"))
    reason = why_not(state, "lay 9MS")
    assert reason is not None and "9MS with 4MS 4WL cannot become a group for the Waves token" in reason
    obs = state.observe(2)
    assert obs.claim_token == 2 and obs.claim_cards == tuple(codes("4MS 4WL")) and obs.hand_counts[0] == 3
    act(state, "lay 4YK", "lay 4MS")
    assert claims_of(state) == ["cash"]
    act(state, "cash")
    assert state.tokens[0][2] == 1 and sorted(state.discard) == codes("4MS 4MS 4WL 4YK")
    assert sorted(state.hands[0]) == codes("7ML 9MS") and state.claim_token == -1


def test_a_complete_group_may_grow_into_a_bigger_one_before_it_is_cashed() -> None:
    # five Moons cards in a row are a 5-card straight (Suns); three more Moons make an 8-card flush too
    hand = "AM 2MK 3MW 4MS 5ML 7ML 9MS CM"
    state = table(boojum(3), [hand, "2SY", "3SK"], phase=CLAIMS, tokens=["M"])
    act(state, "claim suns", "lay AM", "lay 2MK", "lay 3MW", "lay 4MS", "lay 5ML")
    assert claims_of(state) == ["lay 7ML", "lay 9MS", "lay CM", "cash"]
    act(state, "lay 7ML", "lay 9MS")
    assert claims_of(state) == ["lay CM"]  # seven cards earn nothing: the eighth is the only way on
    act(state, "lay CM", "cash")
    assert state.tokens[0][1] == 1 and len(state.discard) == 8


def test_what_a_claim_laid_shows_in_the_events() -> None:
    state = table(boojum(3), ["4MS 4WL 4YK 7ML", "2MK", "3MW"], phase=CLAIMS, stack_top="9WY")
    act(state, "claim knots 4MS 4WL 4YK")
    mine = [(e.kind, e.text, e.cards) for e in state.events(0)]
    assert mine[:5] == [
        ("claim-start", "knots", ()),
        ("lay", "lay 4MS", ("4MS",)),
        ("lay", "lay 4WL", ("4WL",)),
        ("lay", "lay 4YK", ("4YK",)),
        ("claim", "knots", ("4MS", "4WL", "4YK")),
    ]
    assert mine[5] == ("draw", "draw", ("9WY",))
    theirs = state.events(1)[5]
    assert (theirs.kind, theirs.text, theirs.cards, theirs.count) == ("draw", "draw a card", (), 1)
