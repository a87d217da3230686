"""The vector environment on the compiled engine: each row is the per-game environment's game (its seeds, its
observations and masks at every learner turn, its rewards), autoreset at the next step as Gymnasium 1.x's
vector environments do, and clear errors. Gymnasium's ``check_env`` takes single environments only, so its
checks that apply (spaces, determinism, fresh arrays) are made here."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.error import ResetNeeded
from gymnasium.utils import seeding

from bumtable.env import ILLEGAL_REWARD, gym_env, vector_env
from bumtable.env.aec import BumtableEnv
from bumtable.errors import RulesError
from bumtable.fast.kernels import F_NHIST
from bumtable.rules import get


def _episodes(venv: Any, seed: int, choices: int) -> dict[int, dict[str, Any]]:
    """Step every row with random legal codes until each row's first episode ends: per row, the learner's
    observations, masks and codes, the reward, and the codes of the whole game."""
    rng = np.random.default_rng(choices)
    seen, info = venv.reset(seed=seed)
    assert venv.observation_space.contains(seen)
    rows: dict[int, dict[str, Any]] = {
        i: {"obs": [seen["observation"][i]], "mask": [seen["action_mask"][i]], "codes": [], "seed": seed + i}
        for i in range(venv.num_envs)
    }
    done: set[int] = set()
    while len(done) < venv.num_envs:
        codes = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in seen["action_mask"]])
        seen, rewards, terminated, truncated, info = venv.step(codes)
        assert venv.observation_space.contains(seen) and not truncated.any()
        assert np.array_equal(info["action_mask"], seen["action_mask"])
        for i in set(range(venv.num_envs)) - done:
            row = rows[i]
            row["codes"].append(int(codes[i]))
            row["obs"].append(seen["observation"][i])
            row["mask"].append(seen["action_mask"][i])
            if terminated[i]:
                done.add(i)
                row["reward"] = float(rewards[i])
                row["game"] = venv.state.history[i, : venv.state.ints[i, F_NHIST]].tolist()
            else:
                assert rewards[i] == 0
    return rows


@pytest.mark.parametrize(
    ("rules", "envs"), [(get("bum-game", players=4, rounds=1), 8), (get("bum-game", players=4, rounds=2), 2)]
)
def test_each_rows_observations_masks_and_reward_are_the_per_game_envs(rules: Any, envs: int) -> None:
    venv = vector_env(
        "bum-game", envs, players=4, options={"rounds": rules.rounds}, seat=1, opponents="heuristic"
    )
    _same_as_the_per_game_env(rules, _episodes(venv, seed=40, choices=1))


@pytest.mark.parametrize("game", ["president", "arsehole"])
def test_president_and_arsehole_rows_against_random_opponents_are_the_per_game_envs(game: str) -> None:
    """Their seats shuffled, their first hand without roles and their chosen gifts, on the compiled engine."""
    options = {"rounds": 2, "target": 0}
    venv = vector_env(game, 4, players=4, options=options, seat=1, opponents="random")
    _same_as_the_per_game_env(get(game, players=4, **options), _episodes(venv, seed=7, choices=2))


def _same_as_the_per_game_env(rules: Any, episodes: dict[int, dict[str, Any]]) -> None:
    """Each row's game fed to the per-game environment shows the learner (seat 1) what the row showed."""
    for row in episodes.values():
        aec = BumtableEnv(rules)  # what the per-game environment drives, fed the row's actions
        aec.reset(seed=row["seed"])
        learner = aec.possible_agents[1]
        turns = 0
        for code in row["game"]:
            if aec.agent_selection == learner:
                seen = aec.observe(learner)
                assert np.array_equal(seen["observation"], row["obs"][turns])
                assert np.array_equal(seen["action_mask"], row["mask"][turns])
                assert code == row["codes"][turns]
                turns += 1
            aec.step(code)
        assert turns == len(row["codes"])
        seen = aec.observe(learner)  # the end, as the learner sees it
        assert np.array_equal(seen["observation"], row["obs"][-1])
        assert not row["mask"][-1].any()
        assert row["reward"] == pytest.approx(aec._cumulative_rewards[learner])


def test_reset_deals_as_the_per_game_env_with_the_same_seed() -> None:
    venv = vector_env("bum-game", 6, players=4, options={"rounds": 1}, opponents="random")
    seen, _ = venv.reset(seed=11)
    for i in range(6):
        per_game = gym_env("bum-game", players=4, options={"rounds": 1}, opponents="random")
        theirs, _ = per_game.reset(seed=11 + i)
        state = per_game.aec.state
        assert state is not None
        hand = theirs["observation"][:14]  # the learner's cards: the same deal whoever acted first
        assert np.array_equal(seen["observation"][i][:14], hand)
        if state.current_player() == 0 and len(state.observe(None).trick) == 0:
            assert np.array_equal(seen["observation"][i], theirs["observation"])
            assert np.array_equal(seen["action_mask"][i], theirs["action_mask"])


def test_a_row_resets_at_the_step_after_its_episode_ends_with_the_next_seed_of_its_generator() -> None:
    venv = vector_env("bum-game", 3, players=4, options={"rounds": 1})
    seen, _ = venv.reset(seed=5)
    ended = np.zeros(3, dtype=bool)
    while not ended.any():
        codes = np.array([np.flatnonzero(m)[-1] for m in seen["action_mask"]])
        seen, rewards, ended, _, _ = venv.step(codes)
    i = int(np.flatnonzero(ended)[0])
    assert rewards[i] != 0 and not seen["action_mask"][i].any()
    seen, rewards, terminated, _, _ = venv.step(np.zeros(3, dtype=np.int64))  # row i's action is ignored
    assert rewards[i] == 0 and not terminated[i] and seen["action_mask"][i].any()
    # as the per-game environment's reset() without a seed after reset(seed=5 + i)
    assert venv.game_seeds[i] == int(seeding.np_random(5 + i)[0].integers(2**31))


def test_an_illegal_action_ends_only_its_rows_episode_with_the_illegal_reward() -> None:
    venv = vector_env("bum-game", 4, players=4, opponents="random")
    seen, _ = venv.reset(seed=2)
    codes = np.array([np.flatnonzero(m)[0] for m in seen["action_mask"]])
    codes[2] = int(np.flatnonzero(seen["action_mask"][2] == 0)[-1])
    after, rewards, terminated, _, info = venv.step(codes)
    assert rewards[2] == ILLEGAL_REWARD and terminated.tolist() == [False, False, True, False]
    assert info["illegal_action"][2] == codes[2]
    assert info["_illegal_action"].tolist() == [False, False, True, False]
    assert np.array_equal(after["observation"][2], seen["observation"][2])  # nothing was played


def test_the_same_seed_and_actions_give_the_same_steps_in_fresh_arrays() -> None:
    runs = []
    for _ in range(2):
        venv = vector_env(
            "bum-game", 5, players=4, options={"rounds": 1}, opponents=["heuristic", "random", "greedy"]
        )
        seen, _ = venv.reset(seed=9)
        out = [seen]
        for _ in range(30):
            codes = np.array([np.flatnonzero(m)[0] if m.any() else 0 for m in seen["action_mask"]])
            seen, *rest = venv.step(codes)
            out.append((seen, *rest))
        runs.append(out)
    assert str(runs[0]) == str(runs[1])
    assert runs[0][1][0]["observation"] is not runs[0][2][0]["observation"]


def test_its_spaces_are_the_per_game_envs_batched() -> None:
    venv = vector_env("bum-game", 3, players=4)
    single = gym_env("bum-game", players=4)
    assert venv.single_observation_space == single.observation_space
    assert venv.single_action_space == single.action_space
    assert venv.action_space == gymnasium.spaces.MultiDiscrete([single.action_space.n] * 3)
    assert venv.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.NEXT_STEP
    assert isinstance(venv, gymnasium.vector.VectorEnv) and venv.num_envs == 3


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"num_envs": 0}, ValueError, "num_envs must be a whole number of at least 1"),
        ({"seat": 4}, ValueError, "seat must be 0..3"),
        ({"opponents": "medium"}, ValueError, "opponents are heuristic, greedy, random"),
        ({"opponents": ["random"]}, ValueError, "one bot kind or 3 kinds"),
        ({"game": "gin-bummy", "players": 2}, RulesError, "does not play"),
        ({"game": "president", "opponents": "heuristic"}, RulesError, "compiled heuristic plays the plain"),
    ],
)
def test_bad_arguments_are_refused_with_what_was_wrong(
    kwargs: dict[str, Any], error: Any, message: str
) -> None:
    args: dict[str, Any] = {"game": "bum-game", "num_envs": 2, "players": 4, **kwargs}
    with pytest.raises(error, match=message):
        vector_env(**args)


def test_bad_steps_are_refused_with_what_was_wrong() -> None:
    venv = vector_env("bum-game", 2, players=4)
    with pytest.raises(ResetNeeded, match="call reset"):
        venv.step(np.zeros(2, dtype=np.int64))
    venv.reset(seed=1)
    with pytest.raises(ValueError, match="actions must be 2 integer codes"):
        venv.step(np.zeros(3, dtype=np.int64))
    with pytest.raises(ValueError, match="actions must be 2 integer codes"):
        venv.step(np.zeros(2))
    with pytest.raises(ValueError, match="3 seeds for 2 environments"):
        venv.reset(seed=[1, 2, 3])
