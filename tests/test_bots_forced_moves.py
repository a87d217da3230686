"""A bot that says it needs no look at forced moves (``asks_forced_moves = False``) really does not.

The simulators make a move with one legal action for such a bot without asking it. That is only
honest if asking would have changed nothing: the bot returns the lone action, draws nothing from
its generator and keeps nothing. These tests check it over random games of every system, and that
a simulation gives the same report as one that asks every bot at every turn.
"""

from __future__ import annotations

import importlib
import random

import pytest

from bumtable.bots import make_bot
from bumtable.rules import get
from bumtable.rules.registry import SYSTEMS
from bumtable.sim import simulate

SKIPPED = sorted(n for n in SYSTEMS if not make_bot("heuristic", 0, game=n).asks_forced_moves)
"""The systems whose heuristic bot may be skipped at forced moves."""
sim_module = importlib.import_module("bumtable.sim.runner")  # where the simulator makes its bots


def test_the_climbing_and_boojum_heuristic_bots_are_the_ones_skipped_at_forced_moves() -> None:
    assert SKIPPED == ["arsehole", "boojum", "bum-game", "president", "zheng-shangyou"]


@pytest.mark.parametrize("name", SKIPPED)
def test_a_bot_that_skips_forced_moves_returns_the_lone_action_and_draws_nothing(name: str) -> None:
    rules = get(name)
    bot = make_bot("heuristic", 5, game=name)
    state = rules.new_state(11).copy(history=False)
    rng = random.Random(3)
    forced = 0
    while not state.is_over() and forced < 40 and len(state.history) < 3000:
        legal = state.legal_actions()
        seat = state.current_player()
        assert seat is not None
        if len(legal) == 1:
            before = bot.rng.getstate()
            assert bot.choose(state.observe(seat)) == legal[0]
            assert bot.rng.getstate() == before  # nothing drawn: skipping the question changes nothing
            forced += 1
        state.apply(legal[rng.randrange(len(legal))], check=False)
    assert forced > 0, f"{name}: no forced move met; the test saw nothing"


def test_the_random_bot_is_always_asked_because_it_draws_even_for_a_lone_action() -> None:
    bot = make_bot("random", 1)
    assert bot.asks_forced_moves


@pytest.mark.parametrize(("name", "players"), [("bum-game", 4), ("president", 5), ("zheng-shangyou", 4)])
def test_a_simulation_that_skips_forced_moves_matches_one_that_asks_every_bot(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = get(name, players=players)
    skipped = simulate(rules, hands=60, bots=["greedy"], seed=9, jobs=1)

    class Asking:
        """The real greedy bot, flagged so that the simulator asks it even for forced moves."""

        asks_forced_moves = True

        def __init__(self, seed: int, game: str) -> None:
            self.inner = make_bot("greedy", seed, game=game)
            self.name = self.inner.name

        def choose(self, observation: object) -> object:
            return self.inner.choose(observation)

    monkeypatch.setattr(sim_module, "make_bot", lambda kind, seed, game: Asking(seed, game))
    asked = simulate(rules, hands=60, bots=["greedy"], seed=9, jobs=1)
    assert skipped.actions_per_hand == asked.actions_per_hand and skipped.hands == asked.hands
    assert skipped == asked  # every count (the time taken is not compared)
