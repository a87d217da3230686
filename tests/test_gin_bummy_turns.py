"""Gin Bummy: what a turn may be. Each test builds a position by hand and checks one rule."""

from __future__ import annotations

import pytest
from conftest import play

from bumtable.cards import Card, parse_cards
from bumtable.cards.french import JOKER
from bumtable.errors import IllegalActionError, NotationError
from bumtable.rules.gin_bummy import (
    DISCARD,
    GinBummyAction,
    GinBummyState,
    gin_bummy,
    position,
)


def table(
    hands: list[str], *, beg: str = "", stock: str = "", turn: int = 0, **options: object
) -> GinBummyState:
    """Player p holds hands[p]; ``stock`` is the top of the stock, next card first."""
    rules = gin_bummy(len(hands)).replace(**options)
    return position(rules, hands, beg=beg, stock_top=stock, turn=turn)


def legal(state: GinBummyState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def refused(state: GinBummyState, text: str) -> str:
    """The reason ``text`` is illegal now; also checks that apply refuses it with that reason."""
    action = state.rules.parse_action(text)
    reason = state.why_illegal(action)
    assert reason is not None, f"{text} should be illegal"
    with pytest.raises(IllegalActionError) as err:
        state.copy().apply(action)
    assert str(err.value) == reason
    return reason


def c(text: str) -> int:
    code = int(Card.parse(text))
    return min(code, JOKER)


def cards(text: str) -> list[int]:
    return sorted(min(int(x), JOKER) for x in parse_cards(text))


OTHER = "10c 10d 10h 10s 6h 6s"


def test_a_face_card_may_be_discarded_without_drawing() -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER])
    assert "discard Kh" in legal(state)
    play(state, "discard Kh")
    assert state.beg == [c("Kh")]
    assert sorted(state.hands[0]) == cards("2c 3d 4h 5s 7c")
    assert state.current_player() == 1 and state.phase == "turn"


def test_a_number_card_goes_down_only_after_a_draw() -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER])
    assert "only after a draw" in refused(state, "discard 2c")
    assert not [a for a in legal(state) if a.startswith("discard") and a != "discard Kh"]


def test_drawing_from_the_stock_then_discarding_a_number_card_is_one_turn() -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER], stock="9h")
    play(state, "draw stock")
    assert state.current_player() == 0 and state.phase == "discard"
    assert c("9h") in state.hands[0]
    assert legal(state) == ["discard 2c", "discard 3d", "discard 4h", "discard 5s", "discard 7c"]
    play(state, "discard 3d")
    assert state.current_player() == 1 and len(state.hands[0]) == 6 and state.beg == [c("3d")]


def test_the_top_card_of_the_beg_may_be_taken_instead() -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER], beg="3s 8d")
    play(state, "draw beg")
    assert c("8d") in state.hands[0] and state.beg == [c("3s")]
    play(state, "discard 2c")
    assert state.beg == [c("3s"), c("2c")]


def test_the_card_just_taken_from_the_beg_may_not_be_discarded() -> None:
    state = play(table(["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d"), "draw beg")
    assert "may not discard the card you just drew (8d)" in refused(state, "discard 8d")


def test_the_card_just_drawn_from_the_stock_may_not_be_discarded() -> None:
    state = play(table(["Kh 2c 3d 4h 5s 7c", OTHER], stock="9h"), "draw stock")
    assert "just drew (9h)" in refused(state, "discard 9h")


def test_with_the_option_the_card_drawn_from_the_stock_may_be_discarded_at_once() -> None:
    state = play(table(["Kh 2c 3d 4h 5s 7c", OTHER], stock="9h", may_discard_stock_draw=True), "draw stock")
    assert "discard 9h" in legal(state)
    state = play(table(["Kh 2c 3d 4h 5s 7c", OTHER], beg="9h", may_discard_stock_draw=True), "draw beg")
    assert "discard 9h" not in legal(state)


def test_a_face_card_may_be_taken_from_the_beg_but_a_number_card_must_follow() -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER], beg="Qd")
    assert "draw beg" in legal(state)
    play(state, "draw beg")
    assert "just drew" in refused(state, "discard Qd")
    assert "a face card only when the turn began with four cards" in refused(state, "discard Kh")


@pytest.mark.parametrize(("top", "words"), [("As", "an Ace"), ("JK", "a Joker")])
def test_an_ace_or_a_joker_on_top_of_the_beg_may_not_be_taken(top: str, words: str) -> None:
    state = table(["Kh 2c 3d 4h 5s 7c", OTHER], beg=f"9c {top}")
    assert "draw beg" not in legal(state)
    assert refused(state, "draw beg") == f"the top of the Beg is {words}, which may not be taken"


def test_only_one_card_is_drawn_in_a_turn() -> None:
    state = play(table(["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d", stock="9h"), "draw stock")
    assert "now discard a number card" in refused(state, "draw beg")
    assert "now discard a number card" in refused(state, "draw stock")


def test_an_ace_or_a_joker_may_not_be_discarded_after_a_draw() -> None:
    state = play(table(["As JK 2c 3d 4h 5s 7c", OTHER], stock="9h"), "draw stock")
    reason = state.why_illegal(GinBummyAction(DISCARD, c("As")))
    assert reason == "after drawing you discard a number card, not an Ace or a Joker"
    assert state.why_illegal(GinBummyAction(DISCARD, JOKER)) == reason
    assert "now discard a number card" in refused(state, "ace As")


def test_with_four_cards_a_stock_draw_may_be_followed_by_a_face_card() -> None:
    state = play(table(["Kh 2c 3d 4h", OTHER], stock="9s"), "draw stock")
    assert legal(state) == ["discard 2c", "discard 3d", "discard 4h", "discard Kh"]
    play(state, "discard Kh")
    assert sorted(state.hands[0]) == cards("2c 3d 4h 9s") and state.phase == "call"


def test_with_five_cards_no_face_card_may_follow_a_draw() -> None:
    state = play(table(["Kh 2c 3d 4h 5s", OTHER], stock="9s"), "draw stock")
    assert "discard Kh" not in legal(state)


def test_with_four_cards_a_face_card_may_not_follow_a_beg_draw_unless_the_option_allows_it() -> None:
    state = play(table(["Kh 2c 3d 4h", OTHER], beg="9s"), "draw beg")
    assert "discard Kh" not in legal(state)
    state = play(table(["Kh 2c 3d 4h", OTHER], beg="9s", four_card_draw="stock-or-beg"), "draw beg")
    assert "discard Kh" in legal(state)


def test_a_player_holding_no_number_card_may_not_draw() -> None:
    state = table(["Kh Qh Jh Kd As", OTHER], beg="5c")
    assert "draw stock" not in legal(state) and "draw beg" not in legal(state)
    assert refused(state, "draw stock") == "you hold no number card to discard after drawing"


def test_with_four_cards_and_no_number_card_a_stock_draw_may_replace_a_face_card() -> None:
    state = table(["Kh Qh Jh Kd", OTHER], beg="5c")
    assert "draw stock" in legal(state)
    assert "a face card may follow only a draw from the stock" in refused(state, "draw beg")


def test_an_ace_is_discarded_and_three_cards_are_drawn_from_the_stock() -> None:
    state = table(["As 2c 3d 4h 5s", OTHER], stock="6c 7c 8c 9c")
    play(state, "ace As")
    assert sorted(state.hands[0]) == cards("2c 3d 4h 5s 6c 7c 8c")
    assert state.beg == [c("As")] and state.stock[-1] == c("9c")
    assert state.current_player() == 1 and state.last_draws[0] == (c("6c"), c("7c"), c("8c"))


def test_an_ace_is_played_only_with_ace() -> None:
    state = table(["As 2c 3d 4h 5s", OTHER])
    assert state.rules.parse_action("discard As") == state.rules.parse_action("ace As")
    assert refused(state, "ace Ad") == "you do not hold Ad"


def test_a_joker_goes_down_with_another_card_which_the_next_player_takes() -> None:
    state = table(["JK Qs 2c 3d 4h 5s 6c", OTHER])
    play(state, "joker JK Qs")
    assert sorted(state.hands[0]) == cards("2c 3d 4h 5s 6c")
    assert state.beg == [JOKER]
    assert c("Qs") in state.hands[1] and len(state.hands[1]) == 7
    assert state.current_player() == 1 and state.last_forced == (1, c("Qs"))
    assert "draw beg" not in legal(state)  # the Joker is now the top of the Beg


def test_the_card_dropped_on_a_joker_may_be_an_ace() -> None:
    state = play(table(["JK As 2c 3d 4h 5s 6c", OTHER]), "joker JK As")
    assert c("As") in state.hands[1] and "ace As" in legal(state)


def test_the_card_forced_on_a_player_may_be_discarded_on_their_turn() -> None:
    state = play(table(["JK Qs 2c 3d 4h 5s 6c", OTHER]), "joker JK Qs")
    play(state, "discard Qs")
    assert state.beg == [JOKER, c("Qs")]


def test_a_joker_may_carry_the_other_joker_unless_the_option_forbids_it() -> None:
    state = table(["JK JK 2c 3d 4h 5s 6c", OTHER])
    assert "joker JK JK" in legal(state)
    play(state, "joker JK JK")
    assert state.hands[1].count(JOKER) == 1 and state.beg == [JOKER]
    state = table(["JK JK 2c 3d 4h 5s 6c", OTHER], joker_carries_joker=False)
    assert refused(state, "joker JK JK") == "these rules do not let a Joker carry the other Joker"
    state = table(["JK 2c 3d 4h 5s 6c", OTHER])
    assert refused(state, "joker JK JK") == "you hold only one Joker: drop another card on it"


def test_a_joker_never_goes_down_alone() -> None:
    state = table(["JK 2c 3d 4h 5s 6c", OTHER])
    with pytest.raises(NotationError, match="a Joker goes down with another card"):
        state.rules.parse_action("discard JK")
    reason = state.why_illegal(GinBummyAction(DISCARD, JOKER))
    assert reason is not None and "a Joker with 'joker JK <card>'" in reason
    assert refused(state, "joker JK Qs") == "you do not hold Qs"
    assert refused(table(["2c 3d 4h 5s 6c", OTHER]), "joker JK 2c") == "you hold no Joker"


def test_play_passes_to_the_left() -> None:
    state = table(["Kh Kd 2c 3d 4h 5s", "Qh Qd 2d 3h 4s 5c", "Jh Jd 2h 3s 4c 5d"], turn=1)
    order = []
    for text in ("discard Qh", "discard Jh", "discard Kh", "discard Qd"):
        order.append(state.current_player())
        play(state, text)
    assert order == [1, 2, 0, 1]


def test_the_dealer_begins_and_cannot_draw_from_the_empty_beg() -> None:
    for seed in range(20):
        state = gin_bummy(3).new_state(seed)
        assert state.current_player() == state.dealer and state.beg == []
        assert "draw beg" not in legal(state)
        assert refused(state, "draw beg") == "the Beg is empty"
