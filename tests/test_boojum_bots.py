"""The Boojum bots: the random bot and the heuristic bot, which only see observations."""

from __future__ import annotations

from collections import Counter

from boojum_helpers import random_position, table
from hypothesis import given, settings
from hypothesis import strategies as st

from bumtable.bots.base import RandomBot
from bumtable.bots.boojum import BoojumBot, hand_potential, token_distances
from bumtable.rules.boojum import BoojumRules, boojum
from bumtable.rules.boojum.state import CLAIMS


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
    action = BoojumBot().choose(state.observe(0))
    assert state.rules.action_text(action) == "bid 9WY"


def test_the_heuristic_bot_claims_the_rarest_token_first() -> None:
    # Six Aces earn Moons (a 6-card set) and Knots (one symbol of each suit): Moons is the rarer token.
    state = table(boojum(3), ["AM AS AW AL AY AK", "2MK", "3SK"], phase=CLAIMS)
    assert state.rules.action_text(BoojumBot().choose(state.observe(0))) == "claim moons AM AS AW AL AY AK"
    # Knots can be made two ways here and Wyrms one way: the one-way token goes first.
    state = table(boojum(3), ["3MW 7ML 9MS 4MS 4WL 4YK", "2MK", "3SK"], phase=CLAIMS)
    tokens = Counter(a.token for a in state.legal_actions() if a.token >= 0)
    assert tokens[5] > tokens[4] == 1
    assert BoojumBot().choose(state.observe(0)).token == 4


def test_the_bots_hand_value_grows_as_sets_come_closer() -> None:
    t = boojum().tables
    near = [int(c) for c in BoojumRules().tables.deck if c in (12, 13, 14)]
    assert token_distances(near, t)[5] == 0  # 4MS 4WL 4YK: one symbol of each suit
    assert hand_potential(near, range(6), t) > hand_potential(near[:2], range(6), t)


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
