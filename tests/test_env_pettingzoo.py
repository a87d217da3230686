"""The PettingZoo environments: PettingZoo's own API and seed checks for every game, observations from one
seat's view alone, games that end as the rules end them, and the illegal-action convention."""

from __future__ import annotations

import random

import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from bumtable import rules
from bumtable.env import ILLEGAL_REWARD, BumtableEnv, env
from bumtable.errors import RulesError

DICT_OBSERVATION_WARNINGS = [
    # PettingZoo exempts only its own classic games, by name, from these notes on Dict observations
    "ignore:Observation space for each agent probably should be:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
]
GAMES = ["bum-game", "president", "zheng-shangyou", "arsehole", "gin-bummy", "boojum"]


def test_the_games_are_every_registered_game() -> None:
    assert set(GAMES) == set(rules.systems())


@pytest.mark.filterwarnings(*DICT_OBSERVATION_WARNINGS)
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoos_api_test_passes(game: str) -> None:
    api_test(env(game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_pettingzoos_seed_test_passes(game: str) -> None:
    seed_test(lambda: env(game), num_cycles=300)


def _play_randomly(game: BumtableEnv, seed: int) -> tuple[list[int], dict[str, float]]:
    """Plays legal random actions to the end: the codes played and each agent's total reward."""
    rng = np.random.default_rng(seed)
    played: list[int] = []
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        seen, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        code = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        played.append(code)
        game.step(code)
    return played, totals


@pytest.mark.parametrize("game", GAMES)
def test_a_random_game_through_the_env_ends_with_the_rules_own_outcome(game: str) -> None:
    played_env = env(game)
    played_env.reset(seed=11)
    codes, totals = _play_randomly(played_env, seed=5)
    state = played_env.rules.new_state(11)
    space = played_env.rules.action_space()
    for code in codes:
        state.apply(space.decode(code))
    outcome = state.outcome()
    assert outcome is not None
    assert totals == {f"player_{k}": pytest.approx(outcome.returns[k]) for k in range(len(totals))}
    assert played_env.agents == []


@pytest.mark.parametrize("game", GAMES)
def test_the_observation_depends_only_on_the_seats_own_view(game: str) -> None:
    played_env = env(game)
    played_env.reset(seed=3)
    state = played_env.state
    assert state is not None
    for _ in range(6):  # a few moves in, so trick and counts are not all at their start
        state.apply(state.legal_actions()[0])
    seat = 0
    before = played_env.observe("player_0")
    resampled = rules.sample_state(state.observe(seat), random.Random(9))
    others = [k for k in range(state.rules.players) if k != seat]
    assert resampled.observe(seat) == state.observe(seat)
    assert any(sorted(resampled.hand_of(k)) != sorted(state.hand_of(k)) for k in others)
    played_env.state = resampled
    after = played_env.observe("player_0")
    assert np.array_equal(before["observation"], after["observation"])
    assert np.array_equal(before["action_mask"], after["action_mask"])


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_deals_the_rules_own_game_with_that_seed(game: str) -> None:
    played_env = env(game)
    played_env.reset(seed=21)
    assert played_env.state is not None
    dealt = played_env.rules.new_state(21)
    assert played_env.state.observe(None) == dealt.observe(None)
    seat = dealt.current_player()
    assert played_env.agent_selection == f"player_{seat}"
    assert list(played_env.state.hand_of(seat)) == list(dealt.hand_of(seat))


def test_a_seedless_reset_after_a_seed_repeats_the_same_next_games() -> None:
    one, two = env("president"), env("president")
    one.reset(seed=4)
    two.reset(seed=4)
    one.reset()
    two.reset()
    assert one.state is not None and two.state is not None
    assert one.state.seed == two.state.seed
    assert one.state.observe(0) == two.state.observe(0)


@pytest.mark.parametrize("game", GAMES)
def test_an_illegal_action_ends_the_game_with_minus_one_for_the_actor(game: str) -> None:
    played_env = env(game)
    played_env.reset(seed=2)
    actor = played_env.agent_selection
    mask = played_env.observe(actor)["action_mask"]
    played_env.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(played_env.terminations.values())
    assert played_env.rewards == {
        agent: (ILLEGAL_REWARD if agent == actor else 0.0) for agent in played_env.agents
    }


def test_an_action_outside_the_space_is_illegal_too() -> None:
    played_env = env("gin-bummy")
    played_env.reset(seed=2)
    actor = played_env.agent_selection
    played_env.step(10_000)
    assert played_env.rewards[actor] == ILLEGAL_REWARD
    assert all(played_env.terminations.values())


def test_ansi_render_draws_the_seat_to_act_as_the_terminal_does_with_its_legal_codes() -> None:
    played_env = env("president", render_mode="ansi")
    played_env.reset(seed=6)
    state = played_env.state
    assert state is not None
    seat = state.current_player()
    seen = state.observe(seat)
    text = played_env.render()
    assert text is not None
    assert "You" in text and f"Your hand ({len(seen.hand)})" in text
    space = state.rules.action_space()
    for action in seen.legal_actions():
        assert f"  {space.encode(action)}: {state.rules.action_text(action)}" in text.splitlines()


def test_env_names_a_bad_render_mode() -> None:
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi', not 'human'"):
        env("president", render_mode="human")


def test_env_builds_the_rules_with_players_variants_and_options() -> None:
    built = env("bum-game", players=5, variants=["bum-only"], options={"target": 11})
    assert built.rules == rules.get("bum-game", players=5, variants=["bum-only"], target=11)
    assert built.possible_agents == [f"player_{k}" for k in range(5)]


@pytest.mark.filterwarnings(*DICT_OBSERVATION_WARNINGS)
def test_pettingzoos_api_test_passes_with_hand_rewards() -> None:
    api_test(env("president", rewards="hand"), num_cycles=300)


def test_hand_rewards_pay_every_agent_each_hands_centred_points_as_it_ends() -> None:
    played_env = env("bum-game", players=4, rewards="hand")
    played_env.reset(seed=9)
    state = played_env.state
    assert state is not None
    rng = np.random.default_rng(2)
    hands_paid = 0
    while not state.is_over():
        before = len(state.results)  # the rules' own record of every finished hand
        played_env.step(
            int(rng.choice(np.flatnonzero(played_env.observe(played_env.agent_selection)["action_mask"])))
        )
        if len(state.results) > before:
            points = state.results[-1].points
            assert played_env.rewards == {
                f"player_{k}": pytest.approx(points[k] - sum(points) / 4) for k in range(4)
            }
            hands_paid += 1
        else:
            assert set(played_env.rewards.values()) == {0.0}
    assert hands_paid == len(state.results) > 1
    outcome = state.outcome()
    assert outcome is not None
    last = state.results[-1].points  # the final step pays the last hand, not the game's returns
    assert list(played_env.rewards.values()) == pytest.approx([p - sum(last) / 4 for p in last])


@pytest.mark.parametrize("game", ["gin-bummy", "boojum"])
def test_hand_rewards_are_the_game_rewards_where_a_game_is_one_hand(game: str) -> None:
    by_game, by_hand = env(game), env(game, rewards="hand")
    by_game.reset(seed=14)
    by_hand.reset(seed=14)
    assert not by_hand.per_hand
    codes, game_totals = _play_randomly(by_game, seed=6)
    again, hand_totals = _play_randomly(by_hand, seed=6)
    assert again == codes
    assert hand_totals == game_totals
    assert any(total != 0.0 for total in game_totals.values())


def test_env_names_a_bad_rewards_value_and_the_choices() -> None:
    with pytest.raises(ValueError, match="rewards must be one of 'game', 'hand', not 'trick'"):
        env("president", rewards="trick")


def test_an_unknown_game_or_option_is_named_with_the_choices() -> None:
    with pytest.raises(RulesError, match="unknown game 'nope'; games: arsehole"):
        env("nope")
    with pytest.raises(RulesError, match="president has no option 'bogus'; options: "):
        env("president", options={"bogus": 1})


def test_an_agent_that_is_not_in_the_game_is_named_with_the_agents() -> None:
    played_env = env("president", players=4)
    played_env.reset(seed=1)
    for ask in (played_env.observe, played_env.action_space, played_env.observation_space):
        with pytest.raises(KeyError, match="no agent 'player_9': the agents are player_0, player_1"):
            ask("player_9")


def test_an_action_that_is_not_a_code_is_refused_and_the_game_goes_on() -> None:
    played_env = env("president", players=4)
    played_env.reset(seed=1)
    with pytest.raises(TypeError, match="an action is an int code of the action space, not '3s'"):
        played_env.step("3s")  # type: ignore[arg-type]
    assert not any(played_env.terminations.values())
    seen = played_env.observe(played_env.agent_selection)
    played_env.step(int(np.flatnonzero(seen["action_mask"])[0]))


def test_a_step_before_reset_or_after_every_agent_stepped_out_asks_for_a_reset() -> None:
    played_env = env("gin-bummy")
    with pytest.raises(ResetNeeded, match="call reset"):
        played_env.step(0)
    played_env.reset(seed=2)
    _play_randomly(played_env, seed=2)
    with pytest.raises(ResetNeeded, match="every agent has stepped out: call reset"):
        played_env.step(0)
