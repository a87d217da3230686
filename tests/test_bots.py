"""Bots: they act from observations only, always legally, and greedy plays as the Strategy section advises."""

from __future__ import annotations

import random

import pytest
from conftest import get, play, table

from bumtable.bots import BOTS, make_bot
from bumtable.errors import BumtableError
from bumtable.sim import simulate


def choice(state, kind: str = "greedy") -> str:  # type: ignore[no-untyped-def]
    seat = state.current_player()
    return state.rules.action_text(make_bot(kind, seed=1).choose(state.observe(seat)))


# Opponents hold plenty of cards in these scenarios: with an opponent close to going out, greedy
# deliberately spends wild and high cards more freely.
MANY = ("5c 6c 7c 9c Jc", "5d 6d 7d 9h Jd", "5h 6h 7h 9s Jh")


def test_greedy_leads_its_lowest_unmatched_card_not_its_high_cards() -> None:
    state = table(get(4), ["3c 9d Kh JK", *MANY])
    assert choice(state) == "set 3"


def test_greedy_leads_a_sequence_that_sheds_low_cards_together() -> None:
    state = table(get(4), ["3c 4d 5h Jc Kd", *MANY])
    assert choice(state) == "seq 3 4 5"


def test_greedy_follows_with_the_lowest_card_that_beats() -> None:
    state = table(get(4), ["4c", "6c 9d Qh 3s", "8d", "8h"])
    play(state, "set 4")
    assert choice(state) == "set 6"


def test_greedy_does_not_spend_wild_twos_to_make_up_a_set_when_it_can_pass() -> None:
    # Following a pair of 8s with one Q and a Two: Q-2 would use the Two as a wild card.
    state = table(get(4), ["8c 8d 3s 5c 6c Ks", "Qc 2d 3c 7d 9h Jc Kc 4s", "3d 4d 5s 6s", "3h 4h 5h 6d"])
    play(state, "set 8 8")
    assert choice(state) == "pass"


def test_greedy_goes_out_whenever_it_can() -> None:
    # Going out with a Joker beats any thought of saving it.
    state = table(get(4), ["5c 3s", "JK", "3d 4d 5d 6d 7d 8d", "3h 4h 5h 6h 7h 8h"])
    play(state, "set 5")
    assert choice(state) == "set JK"
    # Leading Q-Q-2 empties the hand, though it uses a Two as a wild card.
    state = table(get(4), ["Qc Qd 2s", *MANY])
    assert choice(state) == "set Q Q 2"


def test_greedy_declares_a_revolution_when_it_may() -> None:
    rules = get(4, "optional-revolution")
    for seed in range(400):
        state = rules.new_state(seed)
        if state.phase == "revolution":
            assert choice(state) == "revolution"
            return
    pytest.fail("no seed in 0..399 deals an optional revolution")


@pytest.mark.parametrize("kind", sorted(BOTS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_bots_choose_only_legal_actions_from_their_observation(kind: str, players: int) -> None:
    state = get(players, "optional-revolution").new_state(players)
    rng = random.Random(players)
    for _ in range(600):
        if state.is_over():
            break
        seat = state.current_player()
        assert seat is not None
        action = make_bot(kind, seed=rng.randrange(1 << 30)).choose(state.observe(seat))
        assert state.why_illegal(action) is None
        state.apply(action)


def test_greedy_scores_more_points_per_hand_than_random() -> None:
    report = simulate(get(4), hands=400, bots=["greedy", "random"], seed=3)
    assert report.points_by_bot["greedy"] > report.points_by_bot["random"] + 0.3


def test_unknown_bot_name_is_a_clear_error() -> None:
    with pytest.raises(BumtableError, match="unknown bot 'smart'; bots: greedy, heuristic, random"):
        make_bot("smart")
