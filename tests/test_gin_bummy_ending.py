"""Gin Bummy: calling "Bum!", starving, an empty stock, and the safeguard that ends endless games."""

from __future__ import annotations

from collections import Counter

import pytest
from conftest import play

from bumtable.cards import Card, parse_cards
from bumtable.cards.french import JOKER
from bumtable.rules.chance import Chance
from bumtable.rules.gin_bummy import GinBummyState, gin_bummy, position
from bumtable.rules.outcome import Outcome

OTHER = "10c 10d 10h 10s 6h 6s"


def table(
    hands: list[str],
    *,
    beg: str = "",
    stock: str = "",
    turn: int = 0,
    starved: tuple[int, ...] = (),
    **options: object,
) -> GinBummyState:
    rules = gin_bummy(len(hands)).replace(**options)
    return position(rules, hands, beg=beg, stock_top=stock, turn=turn, starved=starved)


def empty_stock(hands: list[str], *, beg: str, **options: object) -> GinBummyState:
    """A two-player position with an empty stock: player 1 holds every card not otherwise placed."""
    rest = Counter(int(x) for x in gin_bummy().deck())
    rest.subtract(cards(hands[0] + " " + beg))
    other = " ".join(str(Card(x)) for x in sorted(rest.elements()))
    return position(gin_bummy(2).replace(**options), [hands[0], other], beg=beg, stock="")


def legal(state: GinBummyState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def c(text: str) -> int:
    return min(int(Card.parse(text)), JOKER)


def cards(text: str) -> list[int]:
    return sorted(min(int(x), JOKER) for x in parse_cards(text))


# ---------------------------------------------------------------------- winning


def test_four_number_cards_of_four_suits_and_four_values_call_bum_and_win() -> None:
    state = play(table(["2s 6c 4d 9h Kh", OTHER]), "discard Kh")
    assert state.phase == "call" and state.current_player() == 0
    assert legal(state) == ["bum"]
    assert "call 'bum'" in (state.why_illegal(state.rules.parse_action("draw stock")) or "")
    play(state, "bum")
    assert state.is_over() and state.winner == 0 and state.result == "bum"
    assert state.outcome() == Outcome((1, 2), (1, 0), (1.0, -1.0), (0,), "bum", 1)


@pytest.mark.parametrize(
    ("hand", "problem"),
    [
        ("2s 6c 4d 9s", "two of them are spades"),
        ("2s 6c 6d 9h", "two of them are 6s"),
        ("As 6c 4d 9h", "As is not a number card (2-10)"),
        ("2s 6c 4d Qh", "Qh is not a number card (2-10)"),
    ],
)
def test_a_winning_hand_needs_four_suits_four_values_and_only_number_cards(hand: str, problem: str) -> None:
    state = play(table([hand + " Kh", OTHER]), "discard Kh")
    assert state.phase == "turn" and state.current_player() == 1
    state = table([hand, OTHER])
    assert state.why_illegal(state.rules.parse_action("bum")) == f"you cannot call Bum: {problem}"


def test_bum_may_not_be_called_with_more_than_four_cards() -> None:
    state = table(["2s 6c 4d 9h Kh", OTHER])
    assert (
        state.why_illegal(state.rules.parse_action("bum"))
        == "you cannot call Bum: you hold 5 cards, not four"
    )


def test_a_draw_and_discard_may_complete_the_hand() -> None:
    state = play(table(["2s 6c 4d 9d", OTHER], stock="9h"), "draw stock", "discard 9d")
    assert legal(state) == ["bum"]


def test_a_joker_play_may_complete_the_hand() -> None:
    state = play(table(["2s 6c 4d 9h JK Qs", OTHER]), "joker JK Qs")
    assert legal(state) == ["bum"] and c("Qs") in state.hands[1]


def test_with_a_next_turn_call_a_joker_can_spoil_the_win() -> None:
    state = play(table(["2s 6c 4d 9h Kh", "JK 5c 5d 5h 5s 7c"], call="next-turn"), "discard Kh")
    assert state.current_player() == 1 and state.phase == "turn"
    play(state, "joker JK 5c")
    assert state.current_player() == 0 and state.phase == "turn" and "bum" not in legal(state)
    state = play(table(["2s 6c 4d 9h Kh", "Qd 5c 5d 5h 5s 7c"], call="next-turn"), "discard Kh", "discard Qd")
    assert state.current_player() == 0 and legal(state) == ["bum"]


# ---------------------------------------------------------------------- starving


def test_a_face_card_discarded_from_four_cards_starves_and_loses() -> None:
    state = table(["Kh 2c 3d 4h", OTHER])
    assert "discard Kh" in legal(state)
    play(state, "discard Kh")
    assert state.is_over() and state.winner == 1 and state.result == "last-standing"
    outcome = state.outcome()
    assert state.starved == [0] and outcome is not None
    assert outcome.places == (2, 1) and outcome.scores == (0, 1) and outcome.winners == (1,)
    assert outcome.reason == "last-standing" and outcome.length == 1


def test_a_starved_hand_goes_face_up_on_the_beg() -> None:
    state = play(table(["Kh 2c 3d 4h", OTHER, "Qh Qd 2h 3s 4c 5d"]), "discard Kh")
    assert state.beg == cards("Kh") + cards("2c 3d 4h")
    assert state.hands[0] == [] and state.observe(1).beg[-3:] == tuple(cards("2c 3d 4h"))


def test_a_joker_play_that_leaves_three_cards_starves_but_the_card_still_goes_left() -> None:
    state = play(table(["JK Qs 2c 3d 4h", OTHER]), "joker JK Qs")
    assert state.starved == [0] and state.winner == 1
    assert c("Qs") in state.hands[1]


def test_with_three_or_four_players_the_others_play_on_after_a_starving() -> None:
    state = play(table(["Kh 2c 3d 4h", "Qh Qd 2d 3c 4s 5c", "Jh Jd 2h 3s 4c 5d"]), "discard Kh")
    assert not state.is_over() and state.starved == [0]
    order = []
    for text in ("discard Qh", "discard Jh", "discard Qd", "discard Jd"):
        order.append(state.current_player())
        play(state, text)
    assert order == [1, 2, 1, 2]
    assert state.observe(1).starved == (0,)


def test_the_last_player_left_wins() -> None:
    state = table(["Kh 2c 3d 4h", "Qh Qd 2d 3h 4s 5c", ""], starved=(2,))
    play(state, "discard Kh")
    assert state.is_over() and state.winner == 1 and state.result == "last-standing"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (0, 1, 0)
    assert outcome.places == (2, 1, 3), "the earlier starved player (2) comes last"


def test_the_card_on_a_joker_skips_a_starved_player() -> None:
    state = play(table(["JK Qs 2c 3d 4h 5s 6c", "", "Jh Jd 2h 3s 4c 5d"], starved=(1,)), "joker JK Qs")
    assert c("Qs") in state.hands[2] and state.current_player() == 2


def test_a_hand_of_face_cards_and_jokers_plays_on_until_it_falls_below_four() -> None:
    state = table(["Kh Qh Jh JK Kd", OTHER])
    assert not state.is_over()
    assert legal(state) == ["discard Jh", "discard Qh", "discard Kd", "discard Kh"] + [
        f"joker JK {x}" for x in ("Jh", "Qh", "Kd", "Kh")
    ]


# ---------------------------------------------------------------------- the stock runs out


def test_an_empty_stock_turns_the_beg_over_as_it_lies_and_everyone_knows_its_order() -> None:
    state = empty_stock(["2c 3d 4h 5s 6c"], beg="7c 8d 9h")
    assert state.stock == []
    play(state, "draw stock")
    assert state.drawn == c("7c")  # the first card discarded is the top card after turning over
    assert state.beg == [] and state.flips == [(c("7c"), c("8d"), c("9h"))]
    seen = state.observe(1)
    assert seen.stock == (c("8d"), c("9h")) and seen.drawn == c("7c")
    assert c("7c") in seen.public_cards[0]


def test_with_the_shuffle_option_the_turned_over_beg_is_shuffled() -> None:
    drawn = set()
    for seed in range(12):
        state = empty_stock(["2c 3d 4h 5s 6c"], beg="7c 8d 9h Jc Qc", turn_over="shuffle")
        state.chance = Chance(seed)
        play(state, "draw stock")
        assert state.drawn is not None
        drawn.add(state.drawn)
        seen = state.observe(1)
        assert seen.stock is None and seen.drawn is None and seen.public_cards[0] == ()
        assert seen.hidden_counts[0] == (5, 1)
        assert sorted([*state.stock, state.drawn]) == cards("7c 8d 9h Jc Qc")
    assert len(drawn) > 1


def test_with_the_keep_top_option_the_top_card_stays_on_the_beg() -> None:
    state = play(empty_stock(["2c 3d 4h 5s 6c"], beg="7c 8d 9h", turn_over_keeps_top=True), "draw stock")
    assert state.beg == [c("9h")] and state.drawn == c("7c") and state.stock == [c("8d")]


def test_an_ace_drawing_past_the_end_of_the_stock_turns_the_beg_over_with_the_ace() -> None:
    state = empty_stock(["As 2c 3d 4h 5s"], beg="7c 8d")
    play(state, "ace As")
    assert sorted(state.hands[0]) == cards("2c 3d 4h 5s 7c 8d As")
    assert state.stock == [] and state.beg == []


def test_an_ace_draws_what_there_is_when_nothing_is_left() -> None:
    state = empty_stock(["As 2c 3d 4h 5s"], beg="", turn_over_keeps_top=True)
    play(state, "ace As")
    assert sorted(state.hands[0]) == cards("2c 3d 4h 5s") and state.beg == [c("As")]


def test_drawing_from_the_beg_does_not_turn_it_over() -> None:
    state = play(empty_stock(["2c 3d 4h 5s 6c"], beg="7c 8d"), "draw beg")
    assert state.flips == [] and state.beg == [c("7c")] and state.drawn == c("8d")


def test_with_the_stock_and_the_beg_empty_nothing_can_be_drawn() -> None:
    state = empty_stock(["Kh 2c 3d 4h 5s"], beg="")
    reason = state.why_illegal(state.rules.parse_action("draw stock"))
    assert reason == "there is nothing to draw: the stock is empty and the Beg cannot be turned over"


def test_a_player_with_no_legal_action_ends_the_game_as_blocked() -> None:
    state = empty_stock(["2c 3d 4h 5s 6c"], beg="")
    assert state.is_over() and state.result == "blocked" and state.winner is None
    assert state.outcome() == Outcome((1, 1), (0, 0), (0.0, 0.0), (), "blocked", 0)
    assert state.legal_actions() == () and state.stuck == 0 and state.observe(1).stuck == 0


# ---------------------------------------------------------------------- the safeguard


def test_after_max_turns_the_game_ends_as_a_draw() -> None:
    state = table(["Kh Kd Kc 2c 3d 4h 5s", "Qh Qd Qc 2d 3h 4s 5c"], max_turns=3)
    play(state, "discard Kh", "discard Qh")
    assert not state.is_over()
    play(state, "draw stock", "discard 2c")
    assert state.is_over() and state.result == "turn-limit" and state.winner is None
    assert state.turns == 3 and state.current_player() is None and state.stuck is None
    assert state.outcome() == Outcome((1, 1), (0, 0), (0.0, 0.0), (), "turn-limit", 3)


def test_a_winning_call_beats_the_turn_limit() -> None:
    state = play(table(["2s 6c 4d 9h Kh", OTHER], max_turns=1), "discard Kh")
    assert legal(state) == ["bum"]


def test_with_max_turns_zero_there_is_no_limit() -> None:
    rules = gin_bummy(2).replace(max_turns=0)
    state = position(rules, ["2c 3c 4c 5c", "2d 3d 4d 5d"], beg="6h")
    for _ in range(600):  # both players only swap number cards: a game that never ends
        if state.phase == "turn":
            state.apply(
                state.rules.parse_action("draw beg" if state.beg and state.beg[-1] < 44 else "draw stock")
            )
        else:
            state.apply(state.legal_actions()[-1])
    assert state.turns == 300 and not state.is_over()


def test_the_winner_lays_the_four_cards_down_for_everyone_to_see() -> None:
    from bumtable.rules.gin_bummy import gin_bummy, position

    state = position(gin_bummy(3), ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c", "3c 3d 3h 3s 8d"], beg="5c")
    state.apply(state.rules.parse_action("discard Kh"))
    state.apply(state.rules.parse_action("bum"))
    for seat in (None, 1, 2):
        assert sorted(state.observe(seat).public_cards[0]) == sorted(state.hands[0])
