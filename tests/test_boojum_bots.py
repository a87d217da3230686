"""The Boojum bots: the random bot and the heuristic bot, which only see observations."""

from __future__ import annotations

from collections import Counter

from boojum_helpers import act, random_position, table
from hypothesis import given, settings
from hypothesis import strategies as st

from bumtable.bots.base import RandomBot
from bumtable.bots.boojum import (
    WAYS_COUNTED,
    BoojumBot,
    _distances,
    _kept_claim,
    _kept_plan,
    _ways,
    hand_potential,
    plan_bid,
    plan_claim,
    token_distances,
    token_groups,
)
from bumtable.rules.boojum import CASH, PASS, STAND, BoojumRules, BoojumState, boojum, hand_claims
from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.boojum.state import AUCTION, CLAIMS


def whole_turn(state: BoojumState, fresh: bool = False) -> list[str]:
    """The bot's actions until its bid is made, it passes, or its claim is cashed in (``fresh``: a new bot
    for every decision, as the terminal makes them)."""
    bot = BoojumBot()
    seat = state.current_player()
    out = []
    while state.current_player() == seat:
        action = (BoojumBot() if fresh else bot).choose(state.observe(seat))
        state.apply(action)
        out.append(state.rules.action_text(action))
        if action.kind in (STAND, PASS, CASH):
            break
    return out


@settings(max_examples=25)
@given(st.sampled_from([3, 4, 5]), st.integers(0, 10**6), st.integers(0, 200))
def test_the_heuristic_bot_always_chooses_a_legal_action(players: int, seed: int, steps: int) -> None:
    state = random_position(boojum(players), seed, steps)
    if state.is_over():
        return
    seat = state.current_player()
    action = BoojumBot(seed).choose(state.observe(seat))
    assert state.why_illegal(action) is None


def test_the_random_bot_plays_boojum_from_observations() -> None:
    state = boojum(3).new_state(seed=2)
    bots = [RandomBot(i) for i in range(3)]
    for _ in range(50):
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observe(seat)))  # type: ignore[arg-type, index]
    assert len(state.history) == 50


def test_the_heuristic_bot_bids_for_a_lot_that_completes_a_set_with_a_card_it_does_not_need() -> None:
    state = table(boojum(3), ["4MS 4MS 9WY", "2MK", "3SK"], slots=["4WL 4YK", "CK CY"])
    assert whole_turn(state) == ["lay 9WY", "stand"]


def test_the_heuristic_bot_lays_as_many_cards_as_it_takes_to_win_a_lot_it_needs() -> None:
    hands = ["CM CS CW", "4MS 4MS AY 2SY 6LK 7ML", "2MK"]
    state = table(boojum(3), hands, slots=["4WL 4YK", "CK CY"])
    act(state, "bid CM CS CW")  # three for thirty: four cards are needed, and P1 keeps its two 4s
    assert whole_turn(state) == ["lay AY", "lay 2SY", "lay 6LK", "lay 7ML", "stand"]


def test_a_bot_made_afresh_for_each_decision_plays_its_plan_out_the_same() -> None:
    for seed in range(12):
        state = random_position(boojum(4), seed, 40 + 7 * seed)
        if state.is_over():
            continue
        if (state.phase == AUCTION and state.laid_now) or (state.phase == CLAIMS and state.claim_token >= 0):
            continue  # a turn someone else began
        again = state.copy()
        assert whole_turn(state, fresh=True) == whole_turn(again)


def test_the_heuristic_bot_claims_the_rarest_token_first() -> None:
    # Six Aces earn Moons (a 6-card set) and Knots (one symbol of each suit): Moons is the rarer token.
    state = table(boojum(3), ["AM AS AW AL AY AK", "2MK", "3SK"], phase=CLAIMS)
    assert whole_turn(state) == [
        "claim moons",
        "lay AM",
        "lay AS",
        "lay AW",
        "lay AL",
        "lay AY",
        "lay AK",
        "cash",
    ]
    # Knots can be made two ways here and Wyrms one way: the one-way token goes first.
    hand = "3MW 7ML 9MS 4MS 4WL 4YK"
    state = table(boojum(3), [hand, "2MK", "3SK"], phase=CLAIMS)
    tokens = Counter(g.token for g in hand_claims(state.rules, hand))
    assert tokens[5] > tokens[4] == 1
    assert whole_turn(state) == ["claim wyrms", "lay 3MW", "lay 7ML", "lay 9MS", "cash"]


def test_the_bots_hand_value_grows_as_sets_come_closer() -> None:
    t = boojum().tables
    near = [int(c) for c in BoojumRules().tables.deck if c in (12, 13, 14)]
    assert token_distances(near, t)[5] == 0  # 4MS 4WL 4YK: one symbol of each suit
    assert hand_potential(near, range(6), t) > hand_potential(near[:2], range(6), t)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_hands_value_is_the_same_in_any_order_and_kept_values_are_the_fresh_ones(
    data: st.DataObject,
) -> None:
    t = boojum().tables
    deck = [int(c) for c in BoojumRules().tables.deck]
    hand = data.draw(st.lists(st.sampled_from(deck), min_size=0, max_size=14))
    shuffled = data.draw(st.permutations(hand))
    fresh = _distances.__wrapped__(tuple(hand), t)  # computed, not looked up, in the order drawn
    assert _distances.__wrapped__(tuple(shuffled), t) == fresh  # any order, computed afresh: the same
    assert token_distances(hand, t) == token_distances(shuffled, t) == list(fresh)
    assert _distances(tuple(sorted(shuffled)), t) == fresh  # the kept value


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_bid_plan_is_the_same_in_any_order_of_hand_and_bid_and_kept_plans_are_the_fresh_ones(
    data: st.DataObject,
) -> None:
    t = boojum().tables
    deck = [int(c) for c in BoojumRules().tables.deck]
    cards = st.sampled_from(deck)
    hand = data.draw(st.lists(cards, min_size=1, max_size=12))
    bid = data.draw(st.lists(cards, max_size=3))
    lot = tuple(data.draw(st.lists(cards, min_size=2, max_size=2)))
    high = data.draw(st.none() | st.lists(cards, min_size=1, max_size=5).map(lambda b: bid_value(b, t)))
    wanted = tuple(sorted(data.draw(st.sets(st.integers(0, 5)))))
    fresh = plan_bid(hand, bid, high, lot, wanted, t)
    shuffled = plan_bid(
        data.draw(st.permutations(hand)), data.draw(st.permutations(bid)), high, lot, wanted, t
    )
    assert shuffled == fresh
    assert _kept_plan(tuple(sorted(hand)), tuple(sorted(bid)), high, lot, wanted, t) == fresh  # the kept plan


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_a_claim_plan_and_the_ways_counted_are_the_same_in_any_order_and_kept_ones_are_the_fresh_ones(
    data: st.DataObject,
) -> None:
    t = boojum().tables
    deck = [int(c) for c in BoojumRules().tables.deck]
    cards = st.sampled_from(deck)
    whole = data.draw(st.lists(cards, min_size=3, max_size=16))  # the turn's hand: some of it laid
    some = data.draw(st.integers(0, 2))
    laid, hand = whole[:some], whole[some:]
    token = data.draw(st.integers(0, 5))
    wanted = tuple(sorted(data.draw(st.sets(st.integers(0, 5))) | {token}))
    fresh = plan_claim(token, hand, laid, wanted, t)
    shuffled_hand, shuffled_laid = data.draw(st.permutations(hand)), data.draw(st.permutations(laid))
    assert plan_claim(token, shuffled_hand, shuffled_laid, wanted, t) == fresh
    assert _kept_claim(token, tuple(sorted(hand)), tuple(sorted(laid)), wanted, t) == fresh  # the kept plan
    ways = len(token_groups(token, hand, t, WAYS_COUNTED))
    assert len(token_groups(token, shuffled_hand, t, WAYS_COUNTED)) == ways
    assert _ways(token, tuple(sorted(hand)), t) == ways  # the kept count


def test_the_heuristic_bot_beats_random_bots_over_seeded_games() -> None:
    rules = boojum(4)
    games, wins = 8, 0.0
    for g in range(games):
        state = rules.new_state(1000 + g)
        hero = g % 4
        bots = [BoojumBot(g) if i == hero else RandomBot(g * 4 + i) for i in range(4)]
        while not state.is_over():
            seat = state.current_player()
            assert seat is not None
            state.apply(bots[seat].choose(state.observe(seat)))  # type: ignore[arg-type]
        if hero in state.winners:
            wins += 1 / len(state.winners)
    assert wins >= 6, (
        f"the heuristic bot won {wins} of {games} games against three random bots (fair share: 2)"
    )


@settings(max_examples=80, deadline=None)
@given(st.data(), st.booleans())
def test_a_token_is_no_cards_away_exactly_when_the_hand_can_claim_it(
    data: st.DataObject, extended: bool
) -> None:
    rules = BoojumRules(players=4, extended=extended)
    deck = rules.tables.deck  # a hand holds a card at most as often as the deck does (twice: two Decktets)
    places = data.draw(st.lists(st.integers(0, len(deck) - 1), min_size=0, max_size=12, unique=True))
    hand = [deck[i] for i in places]
    claimable = {g.token for g in hand_claims(rules, hand)}
    near = {k for k, d in enumerate(token_distances(hand, rules.tables)) if d == 0}
    assert near == claimable


def test_the_additions_weighed_are_each_multiset_of_the_cards_once_in_order() -> None:
    from itertools import product

    from bumtable.bots.boojum import combinations_with_replacement_multiset as multisets

    cards = [7, 1, 9, 1, 4, 7, 1]  # in any order
    for size in range(5):
        every = {
            tuple(sorted(cards[i] for i in idx))
            for idx in product(range(len(cards)), repeat=size)
            if len(set(idx)) == size
        }
        assert list(multisets(cards, size)) == sorted(every)
