"""The learned bot: weights trained on a tiny budget and exported play legally and as the trained network
does; the shipped weights load and play a tournament's hand; other games and other files are refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
import torch

from bumtable.bots import bot_settings, make_bot
from bumtable.bots.learned import (
    FORMAT,
    LearnedBot,
    Network,
    action_features,
    load_weights,
    save_weights,
)
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.sim.tournament import deal_seed, play_table, tournament
from bumtable.tensors import planes_for
from bumtable.train import TrainConfig, train

BUM4 = get("bum-game", players=4)


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[torch.nn.Module, Path]:
    """A network trained for a few hands, and its exported weights."""
    result = train(BUM4, TrainConfig(seed=5, hands=6, batch=64, eval_hands=0, threads=1))
    assert result.steps > 0  # it learnt from what it played
    path = tmp_path_factory.mktemp("weights") / "learned.npz"
    result.export(path)
    return result.model, path


def test_exported_bot_plays_legally_and_picks_the_trained_networks_best_action(
    trained: tuple[torch.nn.Module, Path],
) -> None:
    model, path = trained
    bot = LearnedBot(seed=1, weights=path)
    planes, features = planes_for(BUM4), action_features(BUM4)
    space = BUM4.action_space()
    compared = 0
    for hand in range(3):
        state = BUM4.new_state(deal_seed(7, hand)).copy(history=False)
        while not state.results:  # the whole first hand, every seat played by the exported bot
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            action = bot.choose(observation)
            assert state.why_illegal(action) is None
            legal = observation.legal_actions()
            if len(legal) > 1:
                codes = [space.encode(a) for a in legal]
                with torch.no_grad():
                    obs = torch.from_numpy(planes.encode(observation))[None]
                    values = model(obs, torch.from_numpy(np.array(features[codes]))).numpy()
                _, mine = bot.values(observation)
                np.testing.assert_allclose(mine, values, rtol=1e-5, atol=1e-5)
                top = np.sort(values)[-2:]
                if top[1] - top[0] > 1e-4:  # float rounding cannot swap the two best
                    assert space.encode(action) == codes[int(np.argmax(values))]
                    compared += 1
            state.apply(action)
    assert compared >= 60


def test_shipped_weights_play_a_tournament_hand() -> None:
    seats = ("learned", "random", "random", "random")
    result = play_table(BUM4, seats, deal_seed(1, 0), 0)
    assert sorted(result.places) == [1, 2, 3, 4]
    report = tournament(BUM4, bots=list(seats), deals=1, seed=2)
    assert {r.bot: r.hands for r in report.results} == {"learned": 4, "random": 12}


def test_a_tournament_record_names_the_weights_it_played() -> None:
    assert bot_settings("learned", "bum-game") == f"LearnedBot(weights={load_weights().digest})"


def test_learned_bot_for_another_game_says_which_game_it_was_trained_for() -> None:
    with pytest.raises(BumtableError, match=r"trained for The Bum Game for 4 only, not President$"):
        make_bot("learned", game="president")
    five = get("bum-game", players=5).new_state(seed=1)
    seat = five.current_player()
    with pytest.raises(BumtableError, match="trained for The Bum Game for 4 only, not The Bum Game for 5"):
        make_bot("learned", game="bum-game").choose(five.observe(seat))
    with pytest.raises(BumtableError, match="unknown"):
        make_bot("learned", game="snap")


def _zero_network() -> Network:
    """A network that values every action 0, so every choice is a tie."""
    inputs = planes_for(BUM4).size + action_features(BUM4).shape[1]
    zeros = np.zeros
    return Network(
        (zeros((inputs, 4), np.float32), zeros((4, 1), np.float32)),
        (zeros(4, np.float32), zeros(1, np.float32)),
        planes_for(BUM4).size,
    )


def test_ties_are_broken_by_the_bots_seeded_generator(tmp_path: Path) -> None:
    path = tmp_path / "zero.npz"
    save_weights(path, _zero_network(), rules=BUM4, trained={})
    state = BUM4.new_state(seed=4)
    while len(state.legal_actions()) < 3:
        state.apply(state.legal_actions()[0])
    observation = state.observe(state.current_player())

    def picks(seed: int) -> list[object]:
        bot = LearnedBot(seed=seed, weights=path)
        return [bot.choose(observation) for _ in range(12)]

    assert picks(3) == picks(3)
    assert picks(3) != picks(4)
    rng = random.Random(3)
    legal = observation.legal_actions()
    assert picks(3) == [legal[rng.randrange(len(legal))] for _ in range(12)]


def _rewrite(path: Path, out: Path, **change: object) -> None:
    with np.load(path) as npz:
        arrays = {k: npz[k] for k in npz.files}
    for key, value in change.items():
        arrays[key] = np.array(value)
    np.savez(out, **arrays)


def test_weights_of_another_format_or_layout_are_refused(
    trained: tuple[torch.nn.Module, Path], tmp_path: Path
) -> None:
    _, path = trained
    _rewrite(path, tmp_path / "future.npz", format=FORMAT + 1)
    with pytest.raises(
        BumtableError, match=f"weights format {FORMAT + 1}; this bumtable reads format {FORMAT}"
    ):
        LearnedBot(weights=tmp_path / "future.npz")
    with np.load(path) as npz:
        meta = json.loads(str(npz["meta"]))
    meta["layout"][0][1] -= 1  # trained when the hand block was one entry shorter
    _rewrite(path, tmp_path / "old.npz", meta=json.dumps(meta))
    with pytest.raises(BumtableError, match=r"observation layout of The Bum Game for 4 changed .* hand:13 "):
        LearnedBot(weights=tmp_path / "old.npz")
    with pytest.raises(BumtableError, match=r"no learned bot weights at .*: train them"):
        LearnedBot(weights=tmp_path / "missing.npz")
    (tmp_path / "text.npz").write_text("not weights")
    with pytest.raises(BumtableError, match="is not a learned bot weights file"):
        LearnedBot(weights=tmp_path / "text.npz")
