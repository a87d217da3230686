"""The Gymnasium environment: Gymnasium's own checker for every game, the learner's seat among seeded bots,
per-hand rewards as the rules score hands, and the errors a Gymnasium user expects."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils.env_checker import check_env

from bumtable import rules
from bumtable.bots import make_bot
from bumtable.bots.seeds import PerSeat
from bumtable.env import ILLEGAL_REWARD, BumtableGymEnv, gym_env
from bumtable.env.text import view_text

GAMES = ["bum-game", "president", "zheng-shangyou", "arsehole", "gin-bummy", "boojum"]


def _play(learner: BumtableGymEnv, seed: int, choices: int) -> list[tuple[Any, ...]]:
    """Plays the learner with random legal codes (``choices`` seeds them) to the end: every step's return."""
    rng = np.random.default_rng(choices)
    seen, info = learner.reset(seed=seed)
    steps: list[tuple[Any, ...]] = [(seen, info)]
    terminated = False
    while not terminated:
        code = int(rng.choice(np.flatnonzero(learner.action_masks())))
        seen, reward, terminated, truncated, info = learner.step(code)
        assert not truncated
        steps.append((code, seen, reward, info))
    return steps


def test_the_games_are_every_registered_game() -> None:
    assert set(GAMES) == set(rules.systems())


# every note of the checker fails the test, but the one that it cannot make other render modes: the
# environment is not registered with gymnasium.make (the ansi mode is checked here through render_mode)
@pytest.mark.filterwarnings("ignore:.*Not able to test alternative render modes:UserWarning")
@pytest.mark.filterwarnings("error")
@pytest.mark.parametrize("game", GAMES)
def test_gymnasiums_check_env_passes(game: str) -> None:
    check_env(gym_env(game, render_mode="ansi"))


def test_the_learner_plays_its_seat_and_each_opponent_its_own_seeded_bot() -> None:
    learner = gym_env("president", players=4, seat=1, opponents=["random", "heuristic", "easy"])
    steps = _play(learner, seed=8, choices=2)
    state = learner.aec.state
    assert state is not None
    # the game again from its seed: every learner's code was played in seat 1, and every other action is
    # what a bot of that seat's kind, seeded as a tournament's first table, chooses there
    replay = learner.rules.new_state(8)
    seeds = PerSeat.of_table(8, 0, 4).seeds
    bots = {
        p: make_bot(kind, seeds[p], game="president")
        for p, kind in ((0, "random"), (2, "heuristic"), (3, "easy"))
    }
    codes = iter(code for code, *_ in steps[1:])
    space = learner.rules.action_space()
    for action in state.history:
        seat = replay.current_player()
        assert seat is not None
        if seat == 1:
            assert space.encode(action) == next(codes)
        else:
            legal = replay.legal_actions()
            forced = len(legal) == 1 and not bots[seat].asks_forced_moves
            assert action == (legal[0] if forced else bots[seat].choose(replay.observe(seat)))
        replay.apply(action)
    assert next(codes, None) is None
    assert replay.is_over()


def test_every_step_ends_at_the_learners_turn_with_its_mask_in_info() -> None:
    learner = gym_env("zheng-shangyou", seat=3, opponents="random")
    rng = np.random.default_rng(1)
    seen, info = learner.reset(seed=5)
    terminated, turns = False, 0
    while not terminated:
        state = learner.aec.state
        assert state is not None and state.current_player() == 3
        assert seen["action_mask"].any()
        assert np.array_equal(info["action_mask"], seen["action_mask"])
        assert info["action_mask"] is not seen["action_mask"]
        assert np.array_equal(learner.action_masks(), seen["action_mask"].astype(bool))
        code = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        seen, _, terminated, _, info = learner.step(code)
        turns += 1
    assert turns > 10
    assert learner.aec.state is not None and learner.aec.state.is_over()
    assert not seen["action_mask"].any()


def test_the_same_seed_gives_the_same_episode() -> None:
    one = _play(gym_env("gin-bummy"), seed=12, choices=3)
    two = _play(gym_env("gin-bummy"), seed=12, choices=3)
    other = _play(gym_env("gin-bummy"), seed=13, choices=3)
    assert len(one) == len(two)
    for a, b in zip(one, two, strict=True):
        for x, y in zip(a, b, strict=True):
            if isinstance(x, dict):
                assert x.keys() == y.keys() and all(np.array_equal(x[k], y[k]) for k in x)
            else:
                assert x == y
    assert not np.array_equal(one[0][0]["observation"], other[0][0]["observation"])


def test_a_seedless_reset_deals_from_the_generator_the_last_seed_set() -> None:
    one, two = gym_env("arsehole"), gym_env("arsehole")
    one.reset(seed=30)
    two.reset(seed=30)
    seen_one, _ = one.reset()
    seen_two, _ = two.reset()
    assert one.aec.state is not None and two.aec.state is not None
    assert one.aec.state.seed == two.aec.state.seed != 30
    assert np.array_equal(seen_one["observation"], seen_two["observation"])


@pytest.mark.parametrize("seat", [0, 2])
def test_game_rewards_pay_the_learner_its_return_at_the_end(seat: int) -> None:
    learner = gym_env("boojum", seat=seat, opponents="random")
    steps = _play(learner, seed=4, choices=seat)
    state = learner.aec.state
    assert state is not None
    outcome = state.outcome()
    assert outcome is not None
    assert [reward for _, _, reward, _ in steps[1:-1]] == [0.0] * (len(steps) - 2)
    assert steps[-1][2] == pytest.approx(outcome.returns[seat])


def test_hand_rewards_in_a_bum_game_match_sum_to_the_hands_centred_points() -> None:
    learner = gym_env("bum-game", players=4, seat=2, opponents="random", rewards="hand")
    steps = _play(learner, seed=3, choices=4)
    state = learner.aec.state
    assert state is not None and state.is_over()
    results = state.results  # the rules' own record of every hand: its points per seat
    assert len(results) > 1
    expected = sum(r.points[2] - sum(r.points) / 4 for r in results)
    assert sum(reward for _, _, reward, _ in steps[1:]) == pytest.approx(expected)
    last = results[-1].points  # the last step pays the final hand, not the game's returns
    assert steps[-1][2] == pytest.approx(last[2] - sum(last) / 4)


def test_an_illegal_code_ends_the_episode_with_minus_one() -> None:
    learner = gym_env("president", opponents="random")
    learner.reset(seed=1)
    code = int(np.flatnonzero(learner.action_masks() == 0)[0])
    _, reward, terminated, truncated, info = learner.step(code)
    assert (reward, terminated, truncated) == (ILLEGAL_REWARD, True, False)
    assert info["illegal_action"] == code


def test_step_after_the_end_says_to_reset() -> None:
    learner = gym_env("president", opponents="random")
    _play(learner, seed=2, choices=0)
    with pytest.raises(ResetNeeded, match=r"the episode is over: call reset\(\) before step\(\) again"):
        learner.step(0)


def test_step_before_reset_says_to_reset() -> None:
    with pytest.raises(ResetNeeded, match=r"call reset\(\) before step\(\)"):
        gym_env("president").step(0)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"opponents": "nobody"}, "unknown bot 'nobody'; bots: "),
        ({"opponents": ["random", "shark", "random"]}, "unknown bot 'shark'"),
        (
            {"opponents": ["random", "random"]},
            r"opponents must be one bot kind or 3 kinds \(one per other seat\), not 2",
        ),
        ({"seat": 4}, r"seat must be 0..3 for a 4-player game, not 4"),
        ({"seat": -1}, r"seat must be 0..3 for a 4-player game, not -1"),
        ({"rewards": "round"}, "rewards must be one of 'game', 'hand', not 'round'"),
        ({"render_mode": "human"}, "render_mode must be None or 'ansi', not 'human'"),
    ],
)
def test_bad_arguments_are_value_errors_that_say_what_was_wrong(
    arguments: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        gym_env("president", players=4, **arguments)


def test_ansi_render_is_the_learners_view_at_its_turn() -> None:
    learner = gym_env("president", seat=2, opponents="random", render_mode="ansi")
    learner.reset(seed=6)
    text = learner.render()
    state = learner.aec.state
    assert text is not None and state is not None
    assert text == view_text(state.observe(2))


def test_an_action_that_is_not_a_code_is_refused_by_the_wrapper_and_the_episode_goes_on() -> None:
    learner = gym_env("president", players=4)
    learner.reset(seed=3)
    for bad in (0.9, "3"):
        with pytest.raises(TypeError, match="an action is an int code of the action space"):
            learner.step(bad)  # type: ignore[arg-type]
    learner.step(int(np.flatnonzero(learner.action_masks())[0]))
