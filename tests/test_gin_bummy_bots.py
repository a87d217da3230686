"""Gin Bummy bots: the random bot plays from observations, and the heuristic bot beats it."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bumtable.bots.base import RandomBot
from bumtable.bots.gin_bummy import GinBummyBot, core, core_size
from bumtable.cards import parse_cards
from bumtable.rules.gin_bummy import GinBummyState, gin_bummy, position

OTHER = "10c 10d 10h 10s 8h 8s"


def choose(hands: list[str], *, beg: str = "", stock: str = "", seed: int = 0) -> str:
    state = position(gin_bummy(len(hands)), hands, beg=beg, stock_top=stock)
    return GinBummyBot(seed).choose(state.observe(0)).text


def play_out(state: GinBummyState, bots: list[object]) -> GinBummyState:
    while not state.is_over():
        p = state.turn
        action = bots[p].choose(state.observe(p))  # type: ignore[attr-defined]
        state.apply(action)
    return state


@pytest.mark.parametrize("players", [2, 3])
def test_the_heuristic_bot_beats_random_play(players: int) -> None:
    games = 300 if players == 2 else 150
    wins: Counter[str] = Counter()
    for seed in range(games):
        heuristic_seat = seed % players
        bots: list[object] = [
            GinBummyBot(seed) if p == heuristic_seat else RandomBot(seed * 10 + p) for p in range(players)
        ]
        state = play_out(gin_bummy(players).new_state(seed), bots)
        if state.winner == heuristic_seat:
            wins["heuristic"] += 1
        elif state.winner is not None:
            wins["random"] += 1
    # A random player wins about 1 game in `players`; the heuristic bot wins nearly all of them.
    assert wins["heuristic"] >= 0.9 * games, wins


def test_the_random_bot_plays_whole_games_from_observations() -> None:
    for seed in range(30):
        state = play_out(gin_bummy(4).new_state(seed), [RandomBot(seed + p) for p in range(4)])
        assert state.is_over()


def test_heuristic_bots_finish_games_against_each_other() -> None:
    results: Counter[str] = Counter()
    for seed in range(60):
        rules = gin_bummy(2 + seed % 3)
        state = play_out(rules.new_state(seed), [GinBummyBot(seed + p) for p in range(rules.players)])
        results[state.result] += 1
    assert results["bum"] >= 55, results


def test_the_bot_calls_bum() -> None:
    state = position(gin_bummy(), ["2s 6c 4d 9h Kh", OTHER])
    state.apply(state.rules.parse_action("discard Kh"))
    assert GinBummyBot().choose(state.observe(0)).text == "bum"


def test_the_bot_sheds_a_face_card_while_it_holds_more_than_four_cards() -> None:
    assert choose(["Kh 2c 3d 4h 5s 7c", OTHER]) == "discard Kh"


def test_the_bot_does_not_starve_itself_with_four_cards() -> None:
    assert choose(["Kh 2c 3d 4h", OTHER], beg="5s") == "draw stock"


def test_the_bot_drops_an_ace_on_a_joker_for_the_next_player() -> None:
    assert choose(["JK As 2c 3d 4h 5s 6c", OTHER]) == "joker JK As"


def test_the_bot_plays_an_ace_to_get_out_of_a_stuck_small_hand() -> None:
    assert choose(["As 2c 3d 4h", OTHER]) == "ace As"


def test_the_bot_takes_a_beg_card_that_brings_a_new_suit_and_value() -> None:
    assert choose(["2s 6h 4d 9s 9d", OTHER], beg="7c") == "draw beg"
    assert choose(["2s 6h 4d 9s 9d", OTHER], beg="7s") == "draw stock"


def test_after_drawing_the_bot_keeps_four_suits_and_values() -> None:
    state = position(gin_bummy(), ["2s 6h 4d 9s", OTHER], beg="7c")
    state.apply(state.rules.parse_action("draw beg"))
    assert GinBummyBot().choose(state.observe(0)).text == "discard 9s"


def test_the_bot_is_the_same_for_the_same_seed() -> None:
    def game(seed: int) -> list[str]:
        state = play_out(gin_bummy(3).new_state(seed), [GinBummyBot(seed + p) for p in range(3)])
        return [a.text for a in state.history]

    assert game(4) == game(4)


def test_core_is_the_largest_set_of_number_cards_with_distinct_suits_and_values() -> None:
    assert len(core(parse_cards("2s 3s 4s 5s"))) == 1
    assert len(core(parse_cards("2s 2h 3h 4d Kc"))) == 3
    assert len(core(parse_cards("2s 3h 4d 5c 6s"))) == 4
    assert core(parse_cards("As Kh JK")) == []


@given(st.lists(st.sampled_from([*range(8, 60), 60]), max_size=16))
def test_the_fast_core_size_is_the_size_of_the_core(hand: list[int]) -> None:
    assert core_size(hand) == len(core(hand))
