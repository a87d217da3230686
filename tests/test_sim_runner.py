"""The one game loop: seats of bots and people, the two seedings, forced moves, and where play stops."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from bumtable.bots import make_bot
from bumtable.bots.seeds import PER_DECISION, PerSeat, bot_seed
from bumtable.errors import IllegalActionError
from bumtable.rules import State, get
from bumtable.sim import runner as R
from bumtable.sim.runner import GAME_END, HAND, HAND_END, OVER, STOPPED, Runner, bot_turn


def _asking_every_fresh_bot(state: State, kinds: Sequence[str]) -> list[Any]:
    """How ``bumtable play`` and the server played bots before the loop was one: a fresh bot asked at every
    decision, forced ones too, seeded bot_seed(game seed, seat, actions so far)."""
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        bot = make_bot(kinds[seat], bot_seed(state.seed, seat, len(state.history)), game=state.rules.system)
        state.apply(bot.choose(state.observe(seat)))
    return list(state.history)


@pytest.mark.parametrize(
    ("game", "players", "kinds"),
    [
        ("president", 4, ["random", "heuristic"]),
        ("gin-bummy", 2, ["random"]),
        ("boojum", 3, ["easy", "random"]),
    ],
)
def test_fresh_bots_make_the_moves_they_made_when_every_decision_asked_a_bot(
    game: str, players: int, kinds: list[str]
) -> None:
    seats = [kinds[p % len(kinds)] for p in range(players)]
    rules = get(game, players=players, max_turns=60) if game == "gin-bummy" else get(game, players=players)
    asked = _asking_every_fresh_bot(rules.new_state(21), seats)
    state = rules.new_state(21)
    played = Runner(state, seats, PER_DECISION).play()
    assert played.end == OVER and played.actions == asked == state.history


def test_a_forced_move_asks_no_fresh_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[int] = []
    real = R.make_bot

    def counting(kind: str, seed: int = 0, game: str = "bum-game") -> Any:
        made.append(seed)
        return real(kind, seed, game)

    monkeypatch.setattr(R, "make_bot", counting)
    state = get("bum-game", players=4).new_state(3)
    played = Runner(state, ["random"] * 4, PER_DECISION).play(until=HAND_END)
    forced = len(played.actions) - len(made)
    assert forced > 0 and len(made) > 0  # some moves had no choice and were made without a bot


def test_a_forced_move_of_a_seats_bot_is_asked_when_the_bot_draws_for_it() -> None:
    state = get("bum-game", players=4).new_state(5)
    runner = Runner(state, ["random", "heuristic", "random", "heuristic"], PerSeat((1, 2, 3, 4)))
    # the random bot draws even for a lone action; the greedy one does not
    assert runner.unasked == [False, True, False, True]


def test_bot_turn_gives_a_lone_action_unasked_and_otherwise_the_fresh_bots_seed() -> None:
    state = get("gin-bummy").new_state(seed=1)
    seat = state.current_player()
    assert seat is not None
    turn = bot_turn(state, seat)
    assert len(state.legal_actions()) > 1 and turn.forced is None
    assert turn.seed == bot_seed(1, seat, 0) == PER_DECISION.seed(state, seat)
    state = get("bum-game", players=4).new_state(seed=2)
    while len(state.legal_actions()) != 1:
        state.apply(state.legal_actions()[-1])
    seat = state.current_player()
    assert seat is not None
    assert bot_turn(state, seat).forced == state.legal_actions()[0]


def test_playing_a_match_hand_by_hand_makes_the_moves_of_playing_it_at_once() -> None:
    rules = get("bum-game", players=4, target=12)
    seats = ["random", "heuristic", "easy", "random"]
    whole = Runner(rules.new_state(8), seats, PerSeat((5, 6, 7, 8))).play(until=GAME_END)
    state = rules.new_state(8)
    runner = Runner(state, seats, PerSeat((5, 6, 7, 8)))  # its bots kept from one hand to the next
    hands: list[Any] = []
    while True:
        played = runner.play(until=HAND_END)
        hands.append(played)
        if played.end == OVER:
            break
        assert played.end == HAND
        assert state.observe(None).last_result.hand_no == len(hands)
    assert len(hands) > 1 and [a for p in hands for a in p.actions] == whole.actions


def test_a_game_without_hands_plays_to_its_end_when_told_to_stop_at_a_hands_end() -> None:
    state = get("gin-bummy").new_state(4)
    assert Runner(state, ["heuristic", "random"], PerSeat((1, 2))).play(until=HAND_END).end == OVER
    assert state.is_over()


def test_a_state_that_stops_at_its_hands_end_ends_the_play_there() -> None:
    state = get("president", players=4).new_state(4)
    state.stop_at_hand_end()  # type: ignore[attr-defined]
    played = Runner(state, ["heuristic"] * 4, PerSeat((1, 2, 3, 4))).play()
    assert played.end == HAND and not state.is_over() and state.current_player() is None


def test_a_person_plays_their_seat_and_stops_the_play_by_giving_none() -> None:
    state = get("gin-bummy").new_state(6)
    turns: list[int] = []

    def person(seat: int) -> list[Any] | None:
        turns.append(seat)
        return None if len(turns) == 3 else [state.legal_actions()[0]]

    played = Runner(state, [person, "heuristic"], check=True).play()
    assert played.end == STOPPED and turns == [0, 0, 0]
    assert len(played.actions) >= 2 and not state.is_over()


def test_on_step_hears_every_action_with_its_seat_and_stops_the_play_by_giving_false() -> None:
    state = get("boojum", players=3).new_state(2)
    heard: list[tuple[int, Any]] = []

    def on_step(seat: int, action: Any) -> bool:
        heard.append((seat, action))
        return len(heard) < 10

    played = Runner(state, ["random"] * 3).play(on_step=on_step)
    assert played.end == STOPPED and [a for _, a in heard] == played.actions == state.history
    assert len(heard) == 10 and all(0 <= seat < 3 for seat, _ in heard)


def test_a_checked_runner_refuses_an_illegal_action_from_a_person() -> None:
    state = get("president").new_state(1)
    legal = set(state.legal_actions())
    illegal = next(a for a in get("president").action_space().actions if a not in legal)
    with pytest.raises(IllegalActionError):
        Runner(state, [lambda seat: [illegal]] * 4, check=True).play()
    assert state.history == []


def test_the_seats_must_fill_the_table() -> None:
    with pytest.raises(ValueError, match="3 seats for a 4-player game"):
        Runner(get("bum-game", players=4).new_state(1), ["random"] * 3)


def test_a_tables_seeds_come_from_the_deal_the_seat_and_the_table() -> None:
    assert PerSeat.of_table(77, 3, 4).seeds == tuple(bot_seed(77, p, 3) for p in range(4))
    assert PerSeat.of_table(77, 3, 4) != PerSeat.of_table(77, 2, 4)
