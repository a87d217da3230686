"""Gin Bummy: the deck, the cut for the deal and the deal."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bumtable.cards.french import JOKER
from bumtable.rules.gin_bummy import GinBummyRules, GinBummyState, gin_bummy
from bumtable.rules.gin_bummy.cards import cut_value


def test_the_deck_has_54_cards_with_two_jokers() -> None:
    deck = [int(c) for c in gin_bummy().deck()]
    assert len(deck) == 54 and deck.count(JOKER) == 2 and len(set(deck)) == 53
    assert len(gin_bummy().replace(jokers=0).deck()) == 52


@pytest.mark.parametrize("players", [2, 3, 4])
def test_each_player_is_dealt_ten_cards_and_the_rest_is_the_stock(players: int) -> None:
    for seed in range(10):
        state = gin_bummy(players).new_state(seed)
        assert [len(h) for h in state.hands] == [10] * players
        assert len(state.stock) == 54 - 10 * players and state.beg == []
        every = Counter(c for h in state.hands for c in h) + Counter(state.stock)
        assert every == Counter(int(c) for c in state.rules.deck())


def _check_cut(state: GinBummyState, *, ace_low: bool) -> None:
    contenders = list(range(state.rules.players))
    for round_ in state.cut:
        assert [p for p, _ in round_] == contenders, "only the players tied for lowest cut again"
        low = min(cut_value(c, ace_low=ace_low) for _, c in round_)
        contenders = [p for p, c in round_ if cut_value(c, ace_low=ace_low) == low]
    assert contenders == [state.dealer], "the lowest card cut deals"


@pytest.mark.parametrize("ace", ["low", "high"])
def test_the_lowest_card_cut_deals_and_ties_cut_again(ace: str) -> None:
    rules = gin_bummy(4).replace(cut_ace=ace)
    recuts = aces = 0
    for seed in range(300):
        state = rules.new_state(seed)
        _check_cut(state, ace_low=ace == "low")
        recuts += len(state.cut) > 1
        final = dict(state.cut[-1])
        if any(56 <= c < 60 for c in final.values()):
            aces += 1
            ace_cutters = [p for p, c in final.items() if 56 <= c < 60]
            assert (state.dealer in ace_cutters) == (ace == "low") or len(ace_cutters) == len(final)
    assert recuts > 0 and aces > 0


def test_the_deal_goes_one_card_at_a_time_from_the_dealers_left() -> None:
    rules = gin_bummy(3)
    for seed in range(20):
        state = rules.new_state(seed)
        rng = random.Random(seed)
        for _ in state.cut:  # each round of the cut shuffles a whole deck
            rng.shuffle([int(c) for c in rules.deck()])
        deck = [int(c) for c in rules.deck()]
        rng.shuffle(deck)
        for i in range(30):
            p = (state.dealer + 1 + i) % 3
            assert deck[i] in state.hands[p]
        assert state.hands[(state.dealer + 1) % 3][0] == deck[0]
        assert state.stock[-1] == deck[30], "the stock's top card is the next card of the deck"


def test_the_dealer_plays_first() -> None:
    for seed in range(20):
        state = gin_bummy(4).new_state(seed)
        assert state.current_player() == state.dealer and state.start_size == 10


def test_the_same_seed_deals_the_same_game() -> None:
    rules = gin_bummy(3)
    assert rules.new_state(5).snapshot() == rules.new_state(5).snapshot()
    assert rules.new_state(5).hands != rules.new_state(6).hands


def test_the_hand_size_option_changes_the_deal() -> None:
    state = gin_bummy(2).replace(hand_size=7).new_state(1)
    assert [len(h) for h in state.hands] == [7, 7] and len(state.stock) == 40


def test_rules_of_another_system_are_refused() -> None:
    from bumtable.errors import RulesError

    with pytest.raises(RulesError, match="not 'bum-game'"):
        GinBummyRules(system="bum-game")
