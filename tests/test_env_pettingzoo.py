"""The PettingZoo environments: PettingZoo's own API and seed checks for every game, observations from one
seat's view alone, games that end as the rules end them, and the illegal-action convention."""

from __future__ import annotations

import random

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # type: ignore[import-untyped]

from bumtable import rules
from bumtable.env import ILLEGAL_REWARD, BumtableEnv, env

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


def test_ansi_render_shows_the_seat_to_act_its_hand_and_legal_actions() -> None:
    played_env = env("president", render_mode="ansi")
    played_env.reset(seed=6)
    assert played_env.state is not None
    seat = played_env.state.current_player()
    text = played_env.render()
    assert text is not None
    assert text.splitlines()[0] == f"president, seen by P{seat}"
    hand = played_env.state.observe(seat).to_dict()["hand"]
    assert f"hand: {' '.join(hand)}" in text
    assert "legal: " in text


def test_env_names_a_bad_render_mode() -> None:
    with pytest.raises(ValueError, match="render_mode must be None or 'ansi', not 'human'"):
        env("president", render_mode="human")


def test_env_builds_the_rules_with_players_variants_and_options() -> None:
    built = env("bum-game", players=5, variants=["bum-only"], options={"target": 11})
    assert built.rules == rules.get("bum-game", players=5, variants=["bum-only"], target=11)
    assert built.possible_agents == [f"player_{k}" for k in range(5)]
