"""The JAX engine (``make(rules, backend="jax")``): the same hands and matches as the rules layer, step for
step, checked on the CPU by the same differential check as the Numba engine."""

from __future__ import annotations

import numpy as np
import pytest

from bumtable.errors import IllegalActionError, RulesError
from bumtable.fast import make
from bumtable.fast.check import jax_differences
from bumtable.fast.jax_engine import JaxGame
from bumtable.rules import get


@pytest.mark.parametrize("players", [3, 12])
def test_a_one_hand_match_plays_as_in_the_rules_layer_step_for_step(players: int) -> None:
    rules = get("bum-game", players=players, rounds=1)
    assert jax_differences(rules, range(24), choices=players) == []


@pytest.mark.parametrize("players", [7])
def test_a_matchs_first_hand_stopped_at_its_end_plays_as_in_the_rules_layer(players: int) -> None:
    rules = get("bum-game", players=players)
    assert jax_differences(rules, range(500, 524), choices=1, stop_at_hand_end=True) == []


@pytest.mark.parametrize(
    ("players", "variants", "options"),
    [
        (4, ("optional-revolution",), {"target": 30}),
        (6, ("highest-total-wins", "bum-only", "simultaneous-exchange"), {"target": 40}),
    ],
)
def test_whole_matches_with_their_exchanges_and_revolutions_play_as_in_the_rules_layer(
    players: int, variants: tuple[str, ...], options: dict[str, int]
) -> None:
    rules = get("bum-game", players=players, variants=variants, **options)
    assert jax_differences(rules, range(8), choices=players) == []


def test_hands_with_a_revolution_and_with_a_tied_cut_play_as_in_the_rules_layer() -> None:
    rules = get("bum-game", players=4, rounds=1)
    revolutions, ties = [], []
    for seed in range(400):
        ref = rules.new_state(seed)
        obs = ref.observe(None)
        if obs.revolution is not None:
            revolutions.append(seed)
        if len(ref.chance.draws) > 2:
            ties.append(seed)
    assert revolutions and ties
    assert jax_differences(rules, revolutions[:12] + ties[:12]) == []


def test_a_broken_jax_engine_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check can fail: a trick that ends one pass late differs from the rules layer."""
    import bumtable.fast.jax_engine as je

    real = je._next_active

    def late(ints, p, ncards, n):  # type: ignore[no-untyped-def]
        return real(ints, (p + 1) % n, ncards, n)

    monkeypatch.setattr(je, "_next_active", late)
    assert jax_differences(get("bum-game", players=4, rounds=1), range(4))


def test_the_jax_engine_replays_in_the_rules_layer_and_refuses_an_illegal_code() -> None:
    rules = get("bum-game", players=4, rounds=1)
    game = make(rules, backend="jax")
    assert isinstance(game, JaxGame)
    state = game.init([5, 6])
    rng = np.random.default_rng(2)
    with pytest.raises(IllegalActionError, match=r"row 0: action code 0 .*not legal"):
        game.step(state, [0, 0])  # the leader may not pass
    while not state.terminated.all():
        mask = np.asarray(state.legal_action_mask)
        state = game.step(state, [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in mask])
    space = rules.action_space()
    for i, record in enumerate(game.to_records(state)):
        ref = rules.new_state(0, chance=record.draws)
        for code in record.codes:
            ref.apply(space.decode(code))
        assert ref.outcome() is not None
        assert np.allclose(ref.outcome().returns, np.asarray(state.rewards)[i])


def test_the_jax_engine_refuses_what_it_does_not_play_saying_why() -> None:
    with pytest.raises(RulesError, match="backends are numba and jax, not 'torch'"):
        make(get("bum-game", players=4), backend="torch")  # type: ignore[call-overload]
    with pytest.raises(RulesError, match="plays The Bum Game, not president"):
        make(get("president", players=4), backend="jax")
