"""Zheng Shangyou (the Penguin excerpt and the facts in ``rules/README.md``): each test is named after
the rule it checks. Positions are seeded matches or hand-built tables (``seat``: conftest's ``table``
with the players seated in number order)."""

from __future__ import annotations

import random

import pytest
from conftest import play, reason, seated, texts

from bumtable import rules as R
from bumtable.cards import Card
from bumtable.errors import NotationError, RulesError
from bumtable.rules import GameRecord, Rules
from bumtable.rules.climbing.plays import GIVE


def zs(players: int = 4, *variants: str, **options: object) -> Rules:
    return R.get("zheng-shangyou", players=players, variants=list(variants), **options)


# ---------------------------------------------------------------- cards and deal


def test_54_cards_red_joker_above_black_joker_above_twos_then_aces_down_to_threes() -> None:
    rules = zs(4)
    deck = [str(c) for c in rules.deck()]
    assert len(deck) == 54 and deck.count("BJ") == 1 and deck.count("RJ") == 1
    assert rules.rank_order == ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "BJ", "RJ")
    state = seated(rules, ["2c 3c", "BJ 3d", "RJ 3h", "Ac 3s"], turn=3)
    play(state, "set A")
    assert reason(state, "set 2") is None
    play(state, "set 2")
    assert reason(state, "set BJ") is None
    play(state, "set BJ")
    assert reason(state, "set RJ") is None
    with pytest.raises(NotationError, match="the two Jokers rank apart here: write BJ or RJ"):
        rules.parse_action("JK")  # the other games' name for a Joker says which to write here


def test_a_deuce_is_beaten_only_by_a_joker() -> None:
    state = seated(zs(4), ["2c", "Ac Kc", "BJ", "9c"])
    play(state, "set 2")
    assert texts(state) == {"pass"}
    play(state, "pass")
    assert texts(state) == {"set BJ", "pass"}


@pytest.mark.parametrize(("players", "packs"), [(4, 1), (6, 1), (7, 2), (12, 2)])
def test_more_than_six_players_use_a_larger_deck(players: int, packs: int) -> None:
    rules = zs(players)
    assert rules.deck_size == 54 * packs
    assert sum(rules.hand_sizes()) == rules.deck_size


def test_dealt_one_at_a_time_and_uneven_hands_are_fine() -> None:
    state = zs(5).new_state(3)
    sizes = sorted(state.ncards, reverse=True)
    assert sizes == [11, 11, 11, 11, 10]
    # One at a time from the dealer's left: the dealer, last to be dealt, has the short hand.
    assert state.ncards[state.dealer] == 10


def test_first_hand_the_dealer_leads_and_there_are_no_places_yet() -> None:
    for seed in range(5):
        state = zs(5).new_state(seed)
        assert state.phase == "play" and not state.roles_assigned
        assert state.current_player() == state.dealer == state.order[-1]


def test_eldest_leads_variant_the_player_after_the_dealer_leads_the_first_hand() -> None:
    state = zs(5, "eldest-leads").new_state(4)
    assert state.current_player() == state.order[0]
    assert state.order[(state.order.index(state.dealer) + 1) % 5] == state.current_player()


# ---------------------------------------------------------------- patterns


def test_leads_are_singles_sets_single_sequences_of_three_and_multiple_sequences_of_six() -> None:
    state = seated(zs(4), ["3c 3d 3h 4c 4d 4h 5c 5d 9s", "Kc", "Kd", "Kh"])
    legal = texts(state)
    assert {"set 9", "set 3 3 3", "seq 3 4 5", "seq 3 3 4 4 5 5", "seq 3 3 3 4 4 4"} <= legal
    assert "seq 3 3 4 4" not in legal  # a multiple sequence needs six cards
    assert "seq 3 4" not in legal and "seq 4 4 4 5 5" not in legal


def test_twos_do_not_count_in_sequences_so_the_highest_ends_at_the_ace() -> None:
    rules = zs(4)
    state = seated(rules, ["Qc Kd Ah 2s", "3c", "3d", "3h"])
    legal = texts(state)
    assert "seq Q K A" in legal
    assert not any(t.startswith("seq") and "2" in t for t in legal)
    with pytest.raises(NotationError):
        rules.parse_action("seq K A 2")


def test_a_follow_has_the_same_pattern_and_number_of_cards_and_outranks_the_last() -> None:
    state = seated(zs(4), ["5c 6d 7h", "6c 7d 8h 8c 8d 9s", "3c", "3d"])
    play(state, "seq 5 6 7")
    legal = texts(state)
    assert legal == {"seq 6 7 8", "seq 7 8 9", "pass"}
    assert "must play exactly 3 ranks" in (reason(state, "seq 6 7 8 9") or "")
    assert "sequence" in (reason(state, "set 8 8") or "")


def test_a_set_of_two_or_more_equal_cards_is_beaten_by_a_higher_set_of_the_same_size() -> None:
    state = seated(zs(4), ["5c 5d", "6c 6d 6h", "3c", "3d"])
    play(state, "set 5 5")
    assert texts(state) == {"set 6 6", "pass"}


# ---------------------------------------------------------------- wild cards


@pytest.mark.parametrize(
    ("cards", "reads_as"),
    [
        ("5 2", "5"),  # a Two stands for a lower rank
        ("A BJ", "A"),
        ("2 BJ", "2"),  # the black Joker may stand for a Two
        ("BJ RJ", "BJ"),  # the red Joker may stand for the black Joker
        ("2 2", "2"),  # Twos together are Twos
        ("2 RJ", "2"),
    ],
)
def test_wild_cards_stand_only_for_lower_ranks(cards: str, reads_as: str) -> None:
    rules = zs(4)
    set_play = rules.parse_action("set " + cards)
    assert rules.rank_order[set_play.rank] == reads_as


def test_a_single_wild_card_is_itself() -> None:
    rules = zs(4)
    assert rules.rank_order[rules.parse_action("2").rank] == "2"
    assert rules.rank_order[rules.parse_action("RJ").rank] == "RJ"


def test_a_natural_combination_beats_an_equal_one_that_contains_wild_cards() -> None:
    state = seated(zs(4), ["5c 2d", "5h 5s", "3c", "3d"])
    play(state, "set 5 2")
    assert "set 5 5" in texts(state)
    state = seated(zs(4), ["5h 5s", "5c 2d", "3c", "3d"])
    play(state, "set 5 5")
    assert "set 5 2" not in texts(state)
    assert "does not beat" in (reason(state, "set 5 2") or "")


def test_natural_beats_wild_is_only_a_tie_break_a_higher_wild_play_still_wins() -> None:
    state = seated(zs(4), ["5h 5s", "6c 2d", "3c", "3d"])
    play(state, "set 5 5")
    assert "set 6 2" in texts(state)


def test_jokers_fill_missing_cards_of_a_sequence_and_twos_do_not() -> None:
    state = seated(zs(4), ["4c 5d RJ 2h 9s", "3c", "3d", "3h"])
    legal = texts(state)
    assert {"seq 4 5 RJ=6", "seq RJ=3 4 5"} <= legal
    assert not any("2=" in t for t in legal)


def test_twos_in_sequences_variant_lets_twos_fill_a_sequence() -> None:
    state = seated(zs(4, "twos-in-sequences"), ["4c 5d 2h 9s", "3c", "3d", "3h"])
    assert "seq 4 5 2=6" in texts(state)


def test_a_wild_card_only_fills_a_card_the_player_lacks() -> None:
    state = seated(zs(4), ["4c 5d 6h RJ", "3c", "3d", "3h"])
    assert "seq 4 RJ=5 6" not in texts(state)
    assert "only fill missing cards" in (reason(state, "seq 4 RJ=5 6") or "")


def test_a_sequence_with_a_joker_at_an_end_must_say_which_rank_it_fills() -> None:
    rules = zs(4)
    with pytest.raises(NotationError, match="RJ=6"):
        rules.parse_action("seq 4 5 RJ")
    assert rules.action_text(rules.parse_action("seq 4 RJ 6")) == "seq 4 RJ=5 6"


def test_a_sequence_all_in_one_suit_beats_any_mixed_sequence_of_the_same_length() -> None:
    state = seated(zs(4), ["10c Jd Qh", "3h 4h 5h 6c 7d 8c", "Jc Qd Kh", "3d"])
    play(state, "seq 10 J Q")
    legal = texts(state)
    assert "seq 3h 4h 5h" in legal  # a flush, though its top card is lower
    assert "seq 6 7 8" not in legal  # a lower mixed sequence does not beat
    play(state, "seq 3h 4h 5h")
    assert "does not beat" in (reason(state, "seq J Q K") or "")  # no mixed sequence beats a flush


def test_flushes_compare_by_rank_among_themselves() -> None:
    state = seated(zs(4), ["5d 6d 7d", "3h 4h 5h 8s 9s 10s", "3c", "3s"])
    play(state, "seq 5d 6d 7d")
    legal = texts(state)
    assert "seq 8s 9s 10s" in legal and "seq 3h 4h 5h" not in legal


def test_flush_breaks_ties_variant_a_flush_beats_only_a_mixed_sequence_of_the_same_rank() -> None:
    state = seated(zs(4, "flush-breaks-ties"), ["10c Jd Qh", "3h 4h 5h 10s Js Qs", "3c", "3d"])
    play(state, "seq 10 J Q")
    legal = texts(state)
    assert "seq 10s Js Qs" in legal and "seq 3h 4h 5h" not in legal


def test_a_mixed_sequence_really_mixes_suits_and_keeps_long_suits_for_flushes() -> None:
    state = seated(zs(4), ["3h 4h 5h 6h 5c", "3c", "3d", "3s"])
    assert "seq 3 4 5" in texts(state)  # mixed is possible: the 5 of clubs
    play(state, "seq 3 4 5")
    used = [str(Card(c)) for c in state.played[-1][1]]
    assert "5c" in used and len({u[-1] for u in used}) > 1


# ---------------------------------------------------------------- tricks


def test_a_player_who_passes_may_come_in_again_later_in_the_same_trick() -> None:
    state = seated(zs(4), ["5c 9c", "6c Kc", "7c", "8c 3c"])
    play(state, "set 5", "pass", "set 7", "set 8")
    assert state.current_player() == 0
    assert "set 9" in texts(state)
    play(state, "set 9")
    assert "set K" in texts(state)  # player 1 passed before and plays now


def test_the_trick_ends_when_all_others_pass_in_a_row_and_the_last_player_leads() -> None:
    state = seated(zs(4), ["5c 9c", "6c", "7c", "8c 3c"])
    play(state, "set 9", "pass", "pass", "pass")
    assert state.top is None and state.current_player() == 0


def test_if_the_last_player_has_no_cards_the_lead_passes_to_the_next_player_who_has() -> None:
    state = seated(zs(4), ["Kc", "6c 4d", "7c 4h", "8c 3c"])
    play(state, "set K", "pass", "pass", "pass")
    assert state.ncards[0] == 0 and state.current_player() == 1 and state.top is None


# ---------------------------------------------------------------- scoring, later deals


def test_first_out_scores_2_second_1_and_the_rubber_is_to_11() -> None:
    rules = zs(5)
    assert rules.points == (2, 1, 0, 0, 0) and rules.target == 11
    rng = random.Random(1)
    state = rules.new_state(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    for result in state.results:
        assert result.points[result.order[0]] == 2 and result.points[result.order[1]] == 1
    assert state.winner is not None and state.scores[state.winner] >= 11
    assert all(sum(r.points[p] for r in state.results) == state.scores[p] for p in range(5))


def test_later_deals_the_loser_gives_the_winner_the_best_card_and_gets_any_card_back() -> None:
    rules = zs(4)
    rng = random.Random(2)
    state = rules.new_state(2)
    while state.hand_no < 2:
        state.apply(rng.choice(state.legal_actions()))
    winner, loser = state.results[-1].order[0], state.results[-1].order[-1]
    assert state.phase == "exchange" and state.current_player() == winner
    up = state.transfers[0]
    assert (up.giver, up.receiver) == (loser, winner)
    # The best card: nothing the loser keeps ranks higher (Jokers included).
    rank = rules.tables.rank_of_code
    assert all(rank[c] <= rank[up.cards[0]] for c in map(int, state.hand_of(loser)))
    give = next(a for a in state.legal_actions() if a.kind == GIVE)
    state.apply(give)
    assert state.transfers[-1].giver == winner and state.transfers[-1].receiver == loser
    assert state.phase == "play" and state.current_player() == winner  # the winner leads


def test_loser_leads_variant() -> None:
    rules = zs(4, "loser-leads")
    rng = random.Random(2)
    state = rules.new_state(2)
    while state.hand_no < 2 or state.phase != "play":
        state.apply(rng.choice(state.legal_actions()))
    assert state.current_player() == state.results[-1].order[-1]


# ---------------------------------------------------------------- partnerships


@pytest.mark.parametrize("players", [4, 6])
def test_partnerships_sit_alternately_and_score_the_sum_of_their_members_points(players: int) -> None:
    rules = zs(players, "partnership")
    state = rules.new_state(5)
    teams = [state.team_of(p) for p in state.order]
    assert teams == [i % 2 for i in range(players)]  # four crosswise; six as two teams of three
    rng = random.Random(5)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    team_total = {0: 0, 1: 0}
    for result in state.results:
        for p in range(players):
            team_total[state.team_of(p)] += result.points[p]
    for p in range(players):
        assert state.scores[p] == team_total[state.team_of(p)]
    assert state.winner is not None and state.scores[state.winner] >= 11


def test_partnership_game_needs_an_even_number_of_players() -> None:
    with pytest.raises(RulesError, match="even number"):
        zs(5, "partnership")


def test_a_zheng_shangyou_record_replays_exactly() -> None:
    rules = zs(6, "partnership")
    rng = random.Random(9)
    state = rules.new_state(9)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    record = GameRecord.of(state)
    again = GameRecord.from_json(record.to_json()).replay()
    assert again.scores == state.scores and again.winner == state.winner
