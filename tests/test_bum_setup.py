"""The Bum Game: equipment, roles, the deal, the first hand, points and targets, for 3, 4 and 5."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import BUM_RANKS, get

from bumtable.errors import RulesError
from bumtable.rules import Chance
from bumtable.rules import get as rules_get

# Per the text: players -> (deck size, jokers, role names, cards per role, points, target).
GAME = {
    3: (41, 2, ("Boss", "Middleman", "Bum"), (14, 14, 13), (2, 1, 0), 75),
    4: (54, 2, ("Boss", "Foreman", "Worker", "Bum"), (14, 14, 13, 13), (3, 2, 1, 0), 100),
    5: (68, 3, ("Boss", "Foreman", "Middleman", "Worker", "Bum"), (14, 14, 14, 13, 13), (4, 3, 2, 1, 0), 125),
}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_deck_is_a_full_suit_per_player_plus_the_jokers(players: int) -> None:
    size, jokers, *_ = GAME[players]
    rules = get(players)
    deck = rules.deck()
    assert rules.deck_size == len(deck) == size
    ranks = Counter(c.rank for c in deck)
    # 3 players: three full suits and two Jokers; 4: 52 + 2; 5: five full suits (one suit twice) + 3.
    assert ranks == Counter({**{r: players for r in range(2, 15)}, 15: jokers})


@pytest.mark.parametrize("players", [3, 4, 5])
def test_role_names(players: int) -> None:
    assert get(players).roles == GAME[players][2]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_points_table_and_target(players: int) -> None:
    *_, points, target = GAME[players]
    rules = get(players)
    assert rules.points == points
    assert rules.target == target


def test_the_four_player_game_is_the_default() -> None:
    assert rules_get("bum-game") == get(4)
    assert rules_get("the-bum-game", players=3) == get(3)


def test_fewer_than_three_players_is_refused() -> None:
    with pytest.raises(RulesError):
        rules_get("bum-game", players=2)


def test_rank_order_is_threes_up_to_aces_then_twos_then_jokers() -> None:
    assert get(4).rank_order == BUM_RANKS


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_first_players_dealt_after_the_bum_get_the_extra_cards(players: int) -> None:
    sizes = GAME[players][3]
    assert get(players).hand_sizes() == sizes
    for seed in range(60):
        state = get(players).new_state(seed)
        dealt_roles = state.roles if state.revolution is None else state.revolution.old_roles
        assert [state.ncards[dealt_roles.index(r)] for r in range(players)] == list(sizes)
        assert sum(state.ncards) == GAME[players][0]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_bum_deals_one_card_at_a_time_starting_with_the_boss(players: int) -> None:
    rules = get(players)
    state = rules.new_state(0)
    order = sorted(int(c) for c in rules.deck())
    state.roles = [(p - 1) % players for p in range(players)]  # player 1 is the Boss, player 0 the Bum
    state.chance = Chance(0, [order])  # the next shuffle (the deal) puts the deck in this order
    state.hand_no = 0
    state._start_hand()  # the first hand: no exchange; the sorted deck gives the Jokers to the top roles
    assert state.hand_no == 1 and state.revolution is None and not state.transfers
    # The Boss gets the 1st, (n+1)th, (2n+1)th... cards, the player on his left the 2nd, and so on.
    for role in range(players):
        p = (role + 1) % players
        assert state.roles[p] == role
        assert sorted(int(c) for c in state.hand_of(p)) == sorted(order[role::players])
    assert state.current_player() == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_hand_the_boss_is_the_highest_cut_and_the_rest_follow_clockwise(players: int) -> None:
    rules = get(players)
    rank = rules.tables.rank_of_code
    ties = 0
    for seed in range(200):
        state = rules.new_state(seed)
        roles = state.roles if state.revolution is None else list(state.revolution.old_roles)
        boss = roles.index(0)
        *earlier, last = state.cut
        best = max(rank[c] for _, c in last)
        assert [p for p, c in last if rank[c] == best] == [boss]
        for k in range(players):  # to the Boss's left: Foreman (or Middleman), ..., Bum
            assert roles[(boss + k) % players] == k
        # A tie for the highest card cuts again, among the tied players only.
        contenders = list(range(players))
        for cut in earlier:
            assert [p for p, _ in cut] == contenders
            top = max(rank[c] for _, c in cut)
            contenders = [p for p, c in cut if rank[c] == top]
            assert len(contenders) > 1
            ties += 1
        assert [p for p, _ in last] == contenders
    assert ties > 0


@pytest.mark.parametrize("players", [3, 4, 5])
def test_first_hand_has_no_card_exchange(players: int) -> None:
    for seed in range(100):
        state = get(players).new_state(seed)
        assert state.hand_no == 1
        assert state.transfers == []


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_boss_leads_the_first_trick(players: int) -> None:
    for seed in range(100):
        state = get(players).new_state(seed)
        assert state.phase == "play" and state.top is None and state.trick == []
        assert state.current_player() == state.roles.index(0)
        assert state.role_name(state.roles.index(0)) == "Boss"


def test_the_same_seed_deals_the_same_match_and_other_seeds_do_not() -> None:
    rules = get(4)
    a, b, c = rules.new_state(5), rules.new_state(5), rules.new_state(6)
    assert a.hands == b.hands and a.roles == b.roles and a.cut == b.cut
    assert a.hands != c.hands
