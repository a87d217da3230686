"""Gin Bummy's chance is explicit: every shuffle (each round of the cut, the deal, a shuffled turn-over) is
recorded, and those draws given to another seed deal and play the very same game."""

from __future__ import annotations

import random

import pytest

from bumtable.errors import RulesError
from bumtable.rules.gin_bummy import GinBummyRules, GinBummyState, gin_bummy


def _observations(state: GinBummyState) -> list[object]:
    return [state.observe(p) for p in range(state.rules.players)] + [state.observe(None)]


def _play(rules: GinBummyRules, seed: int) -> GinBummyState:
    state = rules.new_state(seed)
    rng = random.Random(seed)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


@pytest.mark.parametrize(
    "rules",
    [
        gin_bummy(2),
        gin_bummy(4).replace(turn_over="shuffle"),
        gin_bummy(3).replace(turn_over="shuffle", jokers=1),
    ],
    ids=["flip", "shuffle", "shuffle-1-joker"],
)
def test_the_draws_of_one_game_given_to_another_seed_play_exactly_like_it(rules: GinBummyRules) -> None:
    shuffled_turn_overs = 0
    for seed in range(40):
        game = _play(rules, seed)
        draws = game.chance.draws
        assert len(draws) == len(game.cut) + 1 + (len(game.flips) if rules.turn_over == "shuffle" else 0)
        shuffled_turn_overs += len(draws) - len(game.cut) - 1
        again = rules.new_state(seed + 7919, chance=draws)
        fresh = rules.new_state(seed)
        assert _observations(again) == _observations(fresh)
        for action in game.history:
            fresh.apply(action)
            again.apply(action)
            assert _observations(again) == _observations(fresh)
            assert again.hands == fresh.hands and again.stock == fresh.stock
        assert again.chance.draws == draws and again.outcome() == game.outcome()
    if rules.turn_over == "shuffle":
        assert shuffled_turn_overs > 0, "no game turned a shuffled Beg over"


def test_a_copy_without_history_keeps_the_generator_and_plays_on_the_same() -> None:
    rules = gin_bummy(2).replace(turn_over="shuffle")
    # a game that turns the Beg over after the copy is made, so that a shuffle follows it
    game = next(g for g in (_play(rules, seed) for seed in range(200)) if g.flips)
    state = rules.new_state(game.seed)
    for i, action in enumerate(game.history):
        if i == 5:
            light = state.copy(history=False)
            assert light.chance.draws == [] and state.chance.draws
        state.apply(action)
    for action in game.history[5:]:
        light.apply(action)
    assert light.hands == game.hands and light.stock == game.stock and light.outcome() == game.outcome()


def test_a_partial_script_deals_from_it_and_draws_the_rest_from_the_seed() -> None:
    rules = gin_bummy(3)
    five = rules.new_state(5)
    cut_only = rules.new_state(99, chance=five.chance.draws[: len(five.cut)])
    assert cut_only.cut == five.cut and cut_only.dealer == five.dealer
    assert cut_only.hands != five.hands


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ([[8, 9, 10]], "chance script draw 1 is not an order of the 54 items"),
        ([[*range(8, 60), 60, 59]], "chance script draw 1"),
    ],
)
def test_a_script_that_is_not_an_order_of_the_deck_is_refused(script: list[list[int]], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        gin_bummy(2).new_state(1, chance=script)


def test_a_script_for_the_deal_must_hold_the_deck_too() -> None:
    rules = gin_bummy(2)
    draws = [list(d) for d in rules.new_state(5).chance.draws]
    draws[-1] = [*draws[-1][:-1], 8]  # one card twice, one missing
    with pytest.raises(RulesError, match=f"chance script draw {len(draws)} is not an order"):
        rules.new_state(1, chance=draws)
