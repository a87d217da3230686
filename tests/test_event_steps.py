"""Event steps count, for each viewer, the actions it was told of: a choice told to nobody leaves no gap."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bumtable.rules import get
from bumtable.rules.conformance import check_game
from bumtable.rules.protocol import AnyState

CHOICE_TOLD_TO_NOBODY: dict[str, Any] = {
    "target": 0,
    "rounds": 3,
    "revolution_declare": "optional",
    "revolution_triggers": [[2, 1], [3, 1]],
}
"""The Bum Game where a revolution is declared by choice: declining while another player may still declare is told
to nobody (no event, for the choice's very existence would tell what the player holds)."""


def play_counting(state: AnyState, rng: random.Random) -> int:
    """Play ``state`` to its end at random, checking after each action that every viewer's events and step count
    the actions after which the spectator got some event; the number of actions that told nobody."""
    players = state.rules.players
    viewers = [*range(players), None]
    told, seen, silent = 0, len(state.events(None)), 0
    assert {state.step(v) for v in viewers} == {0}
    assert {e.step for v in viewers for e in state.events(v)} <= {0}
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
        new = {v: state.events(v, seen) for v in viewers}
        told += bool(new[None])
        silent += not new[None]
        for v in viewers:
            assert len(new[v]) == len(new[None]), "every viewer gets every event"
            assert [e.step for e in new[v]] == [told] * len(new[v]), (v, len(state.history))
            assert state.step(v) == told, (v, len(state.history))
        seen += len(new[None])
    return silent


@pytest.mark.parametrize(
    ("game", "players", "seeds"), [("bum-game", 4, range(3, 4)), ("bum-game", 5, range(3))]
)
def test_a_choice_told_to_nobody_is_counted_by_no_viewer(game: str, players: int, seeds: range) -> None:
    rules = get(game, players=players, **CHOICE_TOLD_TO_NOBODY)
    silent = sum(play_counting(rules.new_state(seed), random.Random(seed)) for seed in seeds)
    assert silent > 0, "the games checked no choice told to nobody"


@pytest.mark.parametrize(("game", "players"), [("president", 4), ("gin-bummy", 2), ("boojum", 3)])
def test_every_action_of_a_preset_is_told_and_counted(game: str, players: int) -> None:
    assert play_counting(get(game, players=players).new_state(1), random.Random(1)) == 0


def test_a_copy_goes_on_counting_where_its_original_stopped() -> None:
    rules = get("bum-game", players=5, **CHOICE_TOLD_TO_NOBODY)
    state, rng = rules.new_state(0), random.Random(0)
    while state.step(None) == len(state.history):  # up to the first choice told to nobody
        state.apply(rng.choice(state.legal_actions()))
    twin, light = state.copy(), state.copy(history=False)
    assert twin.step(None) == state.step(None) == len(state.history) - 1 and light.step(None) == 0
    for _ in range(5):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        twin.apply(action)
    assert twin.events(None) == state.events(None) and twin.step(2) == state.step(2) == len(state.history) - 1


def test_the_checker_passes_a_game_with_a_choice_told_to_nobody() -> None:
    real = get("bum-game", players=4, **CHOICE_TOLD_TO_NOBODY)
    made: list[AnyState] = []

    class Keeping:
        """The real rules, keeping the states they make."""

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def new_state(self, seed: int, *, chance: Any = None) -> AnyState:
            made.append(real.new_state(seed, chance=chance))
            return made[-1]

    check_game(Keeping(), seed=8, max_actions=400, every=50)
    assert made[0].step(None) < len(made[0].history), "the checked game had no choice told to nobody"
