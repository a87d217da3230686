"""The Bum Game: turns, passing, tricks, going out, scoring, the next hand's seats and the winner.

Hands are built by hand with ``table`` (player p has role p: seat order is role order,
clockwise), and every action goes through the public ``apply``.
"""

from __future__ import annotations

import pytest
from conftest import get, play, table

from bumtable.rules import State

R3, R4, R5 = get(3), get(4), get(5)


def dealt_roles(state: State) -> list[int]:
    """Roles at the deal of the current hand (before any revolution)."""
    return list(state.roles if state.revolution is None else state.revolution.old_roles)


def test_after_the_lead_the_player_to_the_left_plays_or_passes() -> None:
    state = table(R4, ["5 9", "6 9", "7 9", "8 9"], turn=2)
    assert state.current_player() == 2
    play(state, "set 7")
    assert state.current_player() == 3
    play(state, "pass")
    assert state.current_player() == 0  # clockwise, round the table


@pytest.mark.parametrize("players", [3, 4, 5])
def test_trick_ends_when_every_other_player_holding_cards_has_passed(players: int) -> None:
    # 4 players: three consecutive passes; 3 players: two; 5 players: four.
    rules = get(players)
    state = table(rules, ["5 9"] + ["4 3"] * (players - 1))
    play(state, "set 5")
    for _ in range(players - 2):
        play(state, "pass")
        assert state.top is not None, "the trick ended too early"
    play(state, "pass")
    assert state.top is None and state.trick == []
    assert state.current_player() == 0  # the winner of the trick leads the next
    assert state.last_trick is not None
    assert [entry[0] for entry in state.last_trick[0]] == list(range(players))


def test_the_passes_that_end_a_trick_must_be_in_a_row() -> None:
    state = table(R4, ["5 3", "9 3", "4 3", "7 3"])
    play(state, "set 5", "pass", "pass", "set 7", "pass", "pass")
    # Four passes in all since the lead, but only two since 7 was played: player 2 still acts.
    assert state.top is not None and state.current_player() == 2
    play(state, "pass")
    assert state.top is None and state.current_player() == 3  # 7 won; player 3 leads


def test_a_player_who_passed_may_play_when_the_turn_comes_round_again() -> None:
    state = table(R4, ["5 3", "9 3", "4 3 3", "7 3"])
    play(state, "set 5", "pass", "pass", "set 7", "pass")
    assert state.current_player() == 1
    play(state, "set 9")  # player 1 passed earlier and comes back in
    assert state.top_player == 1


def test_a_trick_can_go_round_the_table_several_times() -> None:
    state = table(R4, ["3 7 J 3", "4 8 Q 3", "5 9 K 3", "6 10 A 3"])
    play(state, "set 3", "set 4", "set 5", "set 6", "set 7", "set 8", "set 9", "set 10")
    play(state, "set J", "set Q", "set K", "set A")
    assert len(state.trick) == 12 and state.top is not None
    play(state, "pass", "pass", "pass")
    assert state.top is None and state.current_player() == 3


def test_the_winner_of_a_trick_leads_the_next_with_any_combination() -> None:
    state = table(R4, ["5 3", "6 6 6 3", "4 3", "4 3"])
    play(state, "set 5", "set 6", "pass", "pass", "pass")
    assert state.current_player() == 1
    assert "set 6 6" in [R4.action_text(a) for a in state.legal_actions()]


def test_going_out_mid_trick_scores_at_once_and_the_trick_goes_on() -> None:
    state = table(R4, ["5 3", "7", "9 3 3", "8 3"])
    play(state, "set 5", "set 7")
    assert state.ncards[1] == 0
    assert state.scores == [0, 3, 0, 0], "the first player out scores 3 immediately"
    assert state.finished == [1]
    assert state.current_player() == 2 and state.top is not None  # the trick goes on
    play(state, "set 9", "pass", "pass")  # the two others holding cards pass: 9 wins
    assert state.top is None and state.current_player() == 2
    play(state, "set 3", "set 8", "pass")
    assert state.current_player() == 2  # player 1, out, is skipped when turns go round


def test_trick_ends_when_every_other_player_passes_after_the_last_player_to_play_went_out() -> None:
    # Player 1 goes out winning the trick: the three players still holding cards must all pass.
    state = table(R4, ["5 3", "9", "4 3", "8 3"])
    play(state, "set 5", "set 9", "pass", "pass")
    assert state.top is not None and state.current_player() == 0
    play(state, "pass")
    # The winner has no cards: the first player to her left which still has cards leads.
    assert state.top is None and state.current_player() == 2


def test_the_lead_passes_left_past_players_who_are_out() -> None:
    # Player 2 is out; player 1 goes out winning the trick; the lead skips player 2 for player 3.
    state = table(R4, ["3 8 10", "4 9", "5", "6 7 7"])
    play(state, "set 3", "set 4", "set 5")  # player 2 out first
    assert state.finished == [2]
    play(state, "set 6", "set 8", "set 9")  # player 1 out second
    assert state.finished == [2, 1] and state.scores == [0, 2, 3, 0]
    assert state.current_player() == 3  # turns skip player 2 too
    play(state, "pass", "pass")
    assert state.top is None and state.current_player() == 3
    play(state, "set 7", "set 10")  # player 0 goes out third: the hand is over
    result = state.results[-1]
    assert result.order == (2, 1, 0, 3)
    assert result.points == (1, 2, 3, 0)


@pytest.mark.parametrize(
    ("players", "hands", "actions", "order"),
    [
        # 3 players score 2, 1, 0.
        (3, ["5 3", "7", "4 3"], ["set 5", "set 7", "pass", "pass", "set 4", "pass", "set 3"], (1, 2, 0)),
        # 4 players score 3, 2, 1, 0.
        (4, ["3 3", "4", "9", "5"], ["set 3", "set 4", "set 9", "pass", "pass", "set 5"], (1, 2, 3, 0)),
        # 5 players score 4, 3, 2, 1, 0.
        (
            5,
            ["6 3", "7", "8", "9 3", "10"],
            ["set 6", "set 7", "set 8", "pass", "set 10", "pass", "pass", "set 3"],
            (1, 2, 4, 0, 3),
        ),
    ],
)
def test_scoring_by_finishing_order(
    players: int, hands: list[str], actions: list[str], order: tuple[int, ...]
) -> None:
    rules = get(players)
    state = table(rules, hands)
    play(state, *actions)
    result = state.results[-1]
    assert result.order == order
    table_points = {3: (2, 1, 0), 4: (3, 2, 1, 0), 5: (4, 3, 2, 1, 0)}[players]
    assert [result.points[p] for p in order] == list(table_points)
    assert state.scores == list(result.points)
    # The next hand's roles are the places: the first out is Boss, ..., the last is the Bum.
    assert dealt_roles(state) == [order.index(p) for p in range(players)]
    assert state.hand_no == 2


def test_the_hand_ends_when_one_of_the_last_two_players_runs_out() -> None:
    state = table(R4, ["3", "4", "5 7", "6 6"])
    play(state, "set 3", "set 4")  # players 0 and 1 out; 2 and 3 remain
    assert state.hand_no == 1
    play(state, "set 5", "set 6", "set 7")  # player 2 plays his last card and is third; 3 is last
    assert state.hand_no == 2
    assert state.results[-1].order == (0, 1, 2, 3)


def test_the_next_hand_is_seated_boss_foreman_worker_bum_from_the_finishing_order() -> None:
    for seed in range(12):
        state = table(R4, ["4 4", "3 3", "5", "6 6"], seed=seed)
        play(state, "set 4 4", "pass", "pass", "set 6 6")  # 0 out first, 3 out second
        assert state.finished == [0, 3]
        play(state, "pass", "pass")  # the lead passes left of player 3, past player 0, to player 1
        play(state, "set 3", "set 5")  # player 2 out third, player 1 is the Bum
        assert state.results[-1].order == (0, 3, 2, 1)
        assert dealt_roles(state) == [0, 3, 2, 1]
        assert state.hand_no == 2
        # The new Boss (or, after a revolution, the new Boss it made) leads.
        assert state.current_player() == state.roles.index(0)


@pytest.mark.parametrize(
    ("players", "target"),
    [(3, 75), (4, 100), (5, 125)],
)
def test_the_match_ends_when_a_player_reaches_the_target(players: int, target: int) -> None:
    rules = get(players)
    top = rules.points[0]
    hands = ["3"] + ["4 4"] * (players - 1)
    # One point short of the target after going out: the match goes on.
    state = table(rules, hands, scores=[target - top - 1] + [0] * (players - 1))
    play(state, "set 3")
    _finish(state)
    assert not state.is_over() and state.scores[0] == target - 1
    # Exactly reaching the target ends the match: that player is the winner.
    state = table(rules, hands, scores=[target - top] + [0] * (players - 1))
    play(state, "set 3")
    _finish(state)
    assert state.is_over() and state.winner == 0 and state.scores[0] == target
    assert state.current_player() is None and state.legal_actions() == ()


def _finish(state: State) -> None:
    """Play the rest of the hand: each player in turn leads a pair or passes."""
    hand_no = state.hand_no
    while not state.is_over() and state.hand_no == hand_no:
        state.apply(state.legal_actions()[0])


def test_the_first_player_to_reach_the_target_wins_even_if_another_ends_the_hand_higher() -> None:
    # Player 0 (97) goes out first: 100. Player 1 (99) goes out second: 101. Player 0 reached it first.
    state = table(R4, ["3", "4", "5 5", "6 6"], scores=[97, 99, 0, 0])
    play(state, "set 3", "set 4")
    _finish(state)
    assert state.is_over()
    assert state.scores[:2] == [100, 101]
    assert state.winner == 0


def test_one_hour_game_ignores_the_exchange_and_plays_to_20() -> None:
    rules = get(4, "one-hour")
    assert rules.target == 20 and not rules.exchange
    state = table(rules, ["3", "4 4", "4 4", "4 4"], scores=[17, 0, 0, 0])
    play(state, "set 3")
    assert state.scores[0] == 20
    _finish(state)
    assert state.is_over() and state.winner == 0
