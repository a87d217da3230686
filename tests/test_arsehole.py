"""Parlett's Arsehole (the Penguin excerpt, on the basic President game of ``rules/README.md``) with
every variation it lists: each test is named after the rule it checks."""

from __future__ import annotations

import json
import random

import pytest
from conftest import play, reason, seated, texts

from bumtable import rules as R
from bumtable.cards import Card
from bumtable.cli.moves_climbing import moves_for
from bumtable.rules import GameRecord, Rules, State
from bumtable.rules.climbing.plays import GIVE


def ars(players: int = 4, *variants: str, **options: object) -> Rules:
    return R.get("arsehole", players=players, variants=list(variants), **options)


def to_hand(rules: Rules, seed: int, hand_no: int, phase: str = "play") -> State:
    rng = random.Random(seed)
    state = rules.new_state(seed)
    while state.hand_no < hand_no or state.phase != phase:
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------- the core game


def test_roles_are_boss_foreman_workers_and_bum() -> None:
    assert ars(4).roles == ("Boss", "Foreman", "Worker", "Bum")
    assert ars(3).roles == ("Boss", "Foreman", "Bum")
    assert ars(6).roles[2:5] == ("Worker 1", "Worker 2", "Worker 3")


def test_the_whole_52_card_deck_is_dealt_with_two_highest_and_no_jokers() -> None:
    rules = ars(5)
    assert rules.deck_size == 52 and rules.jokers == 0
    assert rules.rank_order[-1] == "2" and rules.rank_order[0] == "3"
    assert sum(rules.new_state(1).ncards) == 52


def test_first_hand_has_no_roles_and_eldest_hand_leads() -> None:
    state = ars(4).new_state(7)
    assert not state.roles_assigned and state.phase == "play"
    assert state.current_player() == state.order[0]
    assert state.dealer == state.order[-1]


def test_a_lead_is_a_single_card_or_a_set_of_equal_rank_and_a_follow_is_the_same_size_and_higher() -> None:
    state = seated(ars(4), ["5c 5d 9c", "6c 6d 5h 5s 7s", "3c", "3d"])
    assert texts(state) == {"set 5", "set 5 5", "set 9"}
    play(state, "set 5 5")
    assert texts(state) == {"set 6 6", "pass"}
    assert "does not beat" in (reason(state, "set 5 5") or "")


def test_passing_is_always_allowed_and_does_not_stop_a_player_playing_later_in_the_trick() -> None:
    state = seated(ars(4), ["5c 9c", "6c Kc", "7c", "8c 3c"])
    play(state, "set 5", "pass", "set 7", "set 8", "set 9")
    assert "set K" in texts(state) and "pass" in texts(state)


def test_first_out_is_boss_last_is_bum_and_the_boss_leads_after_the_exchange() -> None:
    state = to_hand(ars(4), 3, 2)
    last = state.results[-1]
    assert state.roles[last.order[0]] == 0 and state.roles[last.order[-1]] == 3
    assert state.current_player() == last.order[0]


def test_bum_leads_variant() -> None:
    state = to_hand(ars(4, "bum-leads"), 3, 2)
    assert state.current_player() == state.results[-1].order[-1]


def test_exchange_the_bum_gives_his_best_card_and_the_boss_gives_any_card_he_does_not_want() -> None:
    rules = ars(4)
    state = to_hand(rules, 4, 2, "exchange")
    boss, bum = state.by_role[0], state.by_role[3]
    assert state.current_player() == boss
    up = state.transfers[0]
    assert (up.giver, up.receiver, len(up.cards)) == (bum, boss, 1)
    rank = rules.tables.rank_of_code
    assert all(rank[c] <= rank[up.cards[0]] for c in map(int, state.hand_of(bum)))
    choices = [a for a in state.legal_actions() if a.kind == GIVE]
    assert len(choices) == len({r for r in range(rules.tables.n_ranks) if state.hands[boss][r]})
    state.apply(choices[-1])
    assert (state.transfers[-1].giver, state.transfers[-1].receiver) == (boss, bum)


@pytest.mark.parametrize(
    ("players", "pairs"), [(3, ((0, 2, 2),)), (4, ((0, 3, 2), (1, 2, 1))), (6, ((0, 5, 2), (1, 4, 1)))]
)
def test_two_card_exchange_variant_bum_and_boss_two_cards_worker_and_foreman_one(
    players: int, pairs: tuple[tuple[int, int, int], ...]
) -> None:
    rules = ars(players, "two-card-exchange")
    assert rules.exchange_pairs == pairs
    state = to_hand(rules, 5, 2)
    moved = [(t.giver, t.receiver, len(t.cards)) for t in state.transfers]
    for hi, lo, k in pairs:
        assert (state.by_role[lo], state.by_role[hi], k) in moved
        assert (state.by_role[hi], state.by_role[lo], k) in moved


def test_play_to_a_target_of_11() -> None:
    rules = ars(4)
    assert rules.target == 11 and rules.points == (2, 1, 0, 0)
    rng = random.Random(8)
    state = rules.new_state(8)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert state.winner is not None and state.scores[state.winner] >= 11


def test_final_position_variant_ignores_points_and_the_boss_of_the_last_round_wins() -> None:
    rules = ars(4, "final-position", rounds=5)
    rng = random.Random(8)
    state = rules.new_state(8)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.results) == 5
    assert state.winner == state.results[-1].order[0]


# ---------------------------------------------------------------- variations


def test_single_sequences_variant_three_or_more_consecutive_ranks_topped_at_the_ace() -> None:
    state = seated(ars(4, "single-sequences"), ["3c 4d 5h 5s 4c 3d Qc Kd Ah 2s", "9c", "9d", "9h"])
    legal = texts(state)
    assert {"seq 3 4 5", "seq Q K A"} <= legal
    assert "seq 3 3 4 4 5 5" not in legal and not any(t.startswith("seq") and "2" in t for t in legal)


def test_multiple_sequences_variant_as_at_zheng_shangyou() -> None:
    state = seated(ars(4, "multiple-sequences"), ["3c 4d 5h 5s 4c 3d", "9c", "9d", "9h"])
    assert {"seq 3 4 5", "seq 3 3 4 4 5 5"} <= texts(state)


def test_follow_with_more_variant_a_larger_set_of_higher_rank_may_follow() -> None:
    state = seated(ars(4, "follow-with-more"), ["5c", "6c 6d 4c 4d", "3c", "3d"])
    play(state, "set 5")
    legal = texts(state)
    assert {"set 6", "set 6 6"} <= legal and "set 4 4" not in legal
    assert "does not beat" in (reason(state, "set 4 4") or "")


def test_follow_with_more_variant_a_longer_sequence_with_a_higher_top_card_may_follow() -> None:
    state = seated(ars(4, "follow-with-more", "single-sequences"), ["3c 4c 5c", "4d 5d 6d 7d", "9c", "9d"])
    play(state, "seq 3 4 5")
    assert {"seq 4 5 6", "seq 4 5 6 7", "seq 5 6 7"} <= texts(state)


def test_reverse_direction_variant_a_jack_turns_the_play_the_other_way() -> None:
    state = seated(ars(4, "reverse-direction"), ["5c Jc", "6c Kc", "7c Qc", "8c 3c"])
    play(state, "set 5", "set 6", "set 7")
    assert state.current_player() == 3
    state = seated(ars(4, "reverse-direction"), ["5c Jc", "6c Kc", "Jd Qc", "8c 3c"])
    play(state, "set 5", "set 6", "set J")
    assert state.current_player() == 1  # back the way it came
    play(state, "set K")
    assert state.current_player() == 0


def test_reverse_ranking_variant_after_a_jack_each_play_must_be_lower() -> None:
    state = seated(ars(4, "reverse-ranking"), ["5c Jc", "6c Kc 9d", "7c Qc", "8c 3c"])
    play(state, "set J")
    legal = texts(state)
    assert {"set 6", "set 9"} <= legal and "set K" not in legal
    assert "reversed" in (reason(state, "set K") or "")
    assert state.current_player() == 1  # the direction is unchanged


def test_reverse_both_variant_turns_the_direction_and_the_ranking() -> None:
    state = seated(ars(4, "reverse-both"), ["5c Jc", "6c Kc", "7c Qc", "8c 3c Kd"])
    play(state, "set J")
    assert state.current_player() == 3
    assert {"set 3", "set 8"} <= texts(state) and "set K" not in texts(state)


def test_reversals_last_until_the_next_reversing_card_and_reset_each_hand() -> None:
    rules = ars(4, "reverse-ranking")
    state = seated(rules, ["Jc Jh 4c", "9c", "3c 5c", "8c 3d"])
    play(state, "set J", "pass", "pass", "pass")
    assert state.inverted and state.current_player() == 0
    play(state, "set J")  # a second reversal: the ranking is back to normal
    assert not state.inverted
    assert texts(state) == {"pass"}  # a 9 does not beat a Jack
    state = to_hand(rules, 6, 2)
    assert not state.inverted and state.direction == 1


def test_wild_twos_variant_a_two_stands_for_any_rank() -> None:
    state = seated(ars(4, "wild-twos"), ["5c 2d", "6c 6d", "3c", "3d"])
    assert "set 5 2" in texts(state)
    play(state, "set 5 2")
    assert "set 6 6" in texts(state)


def test_jokers_variant_adds_two_wild_jokers_above_the_twos() -> None:
    rules = ars(4, "jokers")
    assert rules.deck_size == 54 and rules.rank_order[-1] == "JK"
    state = seated(rules, ["5c JK", "2c", "3c", "3d"])
    assert {"set 5 JK", "set JK"} <= texts(state)


def test_bridge_suits_variant_a_higher_suit_beats_the_same_rank() -> None:
    state = seated(ars(4, "bridge-suits"), ["5h", "5s 5d", "3c", "3d"])
    play(state, "set 5h")
    legal = texts(state)
    assert "set 5s" in legal and "set 5d" not in legal


def test_bridge_suits_variant_equal_pairs_are_won_by_the_pair_with_the_spade() -> None:
    state = seated(ars(4, "bridge-suits"), ["5h 5d", "5s 5c", "3c", "3d"])
    play(state, "set 5 5h")
    assert "set 5 5s" in texts(state)
    state = seated(ars(4, "bridge-suits"), ["5s 5c", "5h 5d", "3c", "3d"])
    play(state, "set 5 5s")
    assert texts(state) == {"pass"}


def test_bridge_suits_variant_plays_that_differ_in_suit_are_separate_plays() -> None:
    rules = ars(4, "bridge-suits")
    result = moves_for(rules, "5c 5h 5s", None)
    listed = [p["text"] for p in result["plays"]]
    assert {"set 5c", "set 5h", "set 5s", "set 5 5h", "set 5 5s", "set 5 5 5s"} <= set(listed)
    assert "set 5 5c" not in listed  # two of these three 5s cannot be topped by the club
    json.dumps(result)


def test_bridge_suits_variant_a_play_must_say_which_suit_decides_it() -> None:
    state = seated(ars(4, "bridge-suits"), ["5h 5s", "9c", "3c", "3d"])
    assert "say which suit" in (reason(state, "set 5 5") or "")
    play(state, "set 5 5s")
    assert sorted(str(Card(c)) for c in state.played[-1][1]) == ["5h", "5s"]


def test_every_variation_combines_and_plays_to_the_end() -> None:
    rules = ars(
        5,
        "two-card-exchange",
        "multiple-sequences",
        "follow-with-more",
        "reverse-both",
        "wild-twos",
        "jokers",
        "bridge-suits",
        "bum-leads",
    )
    rng = random.Random(11)
    state = rules.new_state(11)
    while not state.is_over():
        action = rng.choice(state.legal_actions())
        assert state.why_illegal(action) is None
        state.apply(action)
    again = GameRecord.from_json(GameRecord.of(state).to_json()).replay()
    assert again.scores == state.scores
