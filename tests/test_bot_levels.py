"""The levels a player picks (easy, medium, hard): each is made by name for every game, plays only legal actions,
is the documented configuration, and is accepted wherever bots are named (play, simulate, tournament)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bumtable.bots import BOTS, check_bot, make_bot
from bumtable.bots.levels import (
    FAST_LEVEL_CONFIGS,
    LEVEL_CONFIGS,
    LEVEL_ESTIMATES,
    LEVELS,
    SLIP,
    SlipBot,
    fast_installed,
    level_config,
    level_estimate,
    level_kind,
)
from bumtable.bots.search import SearchBot
from bumtable.bots.search_eval import BoojumEstimate, estimate_for
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.rules.registry import system

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("bum-game", 4, {}),
    ("president", 4, {}),
    ("arsehole", 4, {}),
    ("zheng-shangyou", 5, {}),
    ("gin-bummy", 2, {}),
    ("boojum", 4, {"max_rounds": 3}),
]


def test_the_three_levels_are_bot_kinds_with_what_each_does() -> None:
    assert list(LEVELS) == ["easy", "medium", "hard"]
    for level in LEVELS:
        assert level in BOTS and BOTS[level] == LEVELS[level]
        assert check_bot(level.upper()) == level


@pytest.mark.parametrize(("game", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_every_level_plays_only_legal_actions_in_every_game(game: str, players: int, options: Any) -> None:
    state = get(game, players=players, **options).new_state(seed=21)
    other = make_bot("heuristic", seed=2, game=game)
    asked = dict.fromkeys(LEVELS, 0)
    rng = random.Random(4)
    while not state.is_over() and min(asked.values()) < 2:
        seat = state.current_player()
        assert seat is not None
        legal = state.legal_actions()
        observation = state.observe(seat)
        if len(legal) > 1 and rng.random() < 0.5:
            level = min(asked, key=lambda k: asked[k])
            action = make_bot(level, seed=rng.randrange(1 << 20), game=game).choose(observation)
            assert action in legal, f"{game}: {level} chose {action}, not legal in phase {observation.phase}"
            asked[level] += 1
        else:
            action = other.choose(observation)
        state.apply(action)
    assert min(asked.values()) == 2, f"{game}: every level was asked twice ({asked})"


def test_medium_and_hard_are_their_documented_search_configurations_for_each_family() -> None:
    for game, _, _ in GAMES:
        family = system(game).family.name
        for level in ("medium", "hard"):
            bot = make_bot(level, seed=1, game=game)
            assert bot.name == level
            if level_kind(level, game) is not None:
                continue  # another kind: the next test
            assert isinstance(bot, SearchBot)
            expected = LEVEL_CONFIGS[level].get(system(game).name, LEVEL_CONFIGS[level][family])
            on_fast = FAST_LEVEL_CONFIGS.get(level, {}).get(system(game).name)
            if on_fast is not None:  # the compiled engine is installed for the tests (the fast extra)
                assert fast_installed() and bot.config == on_fast == level_config(level, game)
                assert bot.fallback == expected == level_config(level, game, fast=False)
                continue
            assert bot.config == expected == level_config(level, game)
            assert bot.estimate == (LEVEL_ESTIMATES.get(level, {}).get(family) or estimate_for(family))
            assert bot.estimate == (level_estimate(level, game) or estimate_for(family))
        if level_kind("medium", game) is None:
            assert level_config("hard", game).iterations > level_config("medium", game).iterations


def test_boojums_hard_values_a_playout_cut_short_by_its_margin_with_a_token_held_counting_one_and_a_half() -> (
    None
):
    bot = make_bot("hard", seed=1, game="boojum")
    assert isinstance(bot, SearchBot)
    assert bot.estimate == BoojumEstimate(cutoff="margin", token_weight=1.5)
    assert (bot.config.max_rollout, bot.config.favourite_ties) == (16, True)


def test_boojums_medium_is_its_heuristic_playing_the_heuristics_moves() -> None:
    """Boojum's medium is the heuristic bot (a small search measured no stronger): the same moves as the
    heuristic bot of the same seed, and no search configuration to ask for."""
    assert level_kind("medium", "boojum") == "heuristic"
    assert [game for game, _, _ in GAMES if level_kind("medium", game)] == ["boojum"]
    assert level_kind("hard", "boojum") is None and level_kind("easy", "boojum") is None
    state = get("boojum", players=4, max_rounds=3).new_state(seed=8)
    decided = 0
    while not state.is_over() and decided < 60:
        seat = state.current_player()
        assert seat is not None
        observation = state.observe(seat)
        action = make_bot("heuristic", seed=decided, game="boojum").choose(observation)
        assert make_bot("medium", seed=decided, game="boojum").choose(observation) == action
        decided += len(state.legal_actions()) > 1
        state.apply(action)
    assert decided == 60
    with pytest.raises(BumtableError, match="'medium' in boojum is the heuristic bot, not a search"):
        level_config("medium", "boojum")


def test_easy_is_the_heuristic_with_a_random_slip_one_decision_in_four() -> None:
    """Over many decisions with a choice, easy leaves the heuristic's move about SLIP of the time (a slip may
    land on the heuristic's move, so a little less), and a forced move is never a slip."""
    rules = get("bum-game", players=4)
    differ = decided = 0
    for seed in range(40):
        state = rules.new_state(seed=seed)
        easy = make_bot("easy", seed=seed, game="bum-game")
        assert isinstance(easy, SlipBot) and easy.slip == SLIP
        while not state.is_over() and not state.results:
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            heuristic = make_bot("heuristic", seed=0, game="bum-game").choose(observation)
            chosen = easy.choose(observation)
            if len(state.legal_actions()) > 1:
                decided += 1
                differ += chosen != heuristic
            else:
                assert chosen == heuristic
            state.apply(heuristic)
    assert decided > 500
    assert 0.12 < differ / decided < SLIP + 0.04


def test_a_level_for_the_wrong_name_says_which_levels_search() -> None:
    with pytest.raises(BumtableError, match="'easy' is not a search level; search levels: medium, hard"):
        level_config("easy", "bum-game")
