"""States sampled for a seat look exactly like the real one to that seat, in every phase of every climbing game.

``observe(sample_state(obs, rng), obs.seat) == obs`` is the promise search relies on: whatever the
phase (another seat deciding on a revolution, an exchange the seat did not see, a trick in play,
the match over), for any seat and for a spectator.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bumtable.rules import Rules, get, sample_state
from bumtable.rules.phases import DEAL, EXCHANGE, OVER, PLAY, REVOLUTION

CONFIGS: list[tuple[str, int, tuple[str, ...], dict[str, object]]] = [
    ("bum-game", 3, (), {}),
    ("bum-game", 4, (), {}),
    ("bum-game", 4, ("optional-revolution",), {}),
    ("bum-game", 5, ("optional-revolution", "simultaneous-exchange"), {}),
    ("bum-game", 4, ("bum-only",), {}),
    ("bum-game", 6, (), {}),
    ("bum-game", 4, (), {"exchange_high_gives": "choice", "exchange_order": "lower-first"}),
    ("president", 3, (), {}),
    ("president", 5, (), {}),
    ("president", 4, ("must-play",), {"wipe_after_pass": True}),
    ("president", 4, (), {"exchange_order": "higher-first"}),
    ("president", 4, (), {"exchange_order": "simultaneous"}),
    ("zheng-shangyou", 4, (), {}),
    ("zheng-shangyou", 7, (), {}),
    ("zheng-shangyou", 6, ("partnership",), {}),
    ("arsehole", 4, ("two-card-exchange", "bridge-suits"), {}),
    ("arsehole", 5, ("reverse-both", "jokers", "follow-with-more"), {}),
    ("arsehole", 4, ("final-position", "multiple-sequences"), {}),
]


def walk(rules: Rules, seed: int, every: int, limit: int) -> list[object]:
    """States every ``every`` actions along a random match (and its last state)."""
    state = rules.new_state(seed)
    rng = random.Random(seed)
    out: list[object] = []
    for i in range(limit):
        if i % every == 0 or state.is_over():
            out.append(state.copy())
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize(("game", "players", "variants", "options"), CONFIGS)
def test_a_sampled_state_looks_the_same_to_its_seat_in_every_phase(
    game: str, players: int, variants: tuple[str, ...], options: dict[str, object]
) -> None:
    rules = get(game, players=players, variants=variants, **options)
    rng = random.Random(players)
    checked: Counter[str] = Counter()
    for seed in range(3):
        for state in walk(rules, seed, every=5, limit=700):
            for seat in [*range(players), None]:
                obs = state.observe(seat)  # type: ignore[attr-defined]
                sample = sample_state(obs, rng)
                assert sample.observe(seat) == obs, f"{game} seed {seed} seat {seat} phase {obs.phase}"
                assert sample.log is None and sample.history == []
                checked[obs.phase] += 1
                if seat is not None and obs.turn == seat:  # the sample plays on from here
                    legal = sample.legal_actions()
                    assert legal == obs.legal_actions()
                    sample.apply(legal[rng.randrange(len(legal))])
    assert checked[PLAY] > 100 and checked[OVER] + checked[PLAY] > 0
    if rules.exchange_high_gives == "choice":  # type: ignore[attr-defined]
        assert checked[EXCHANGE] > 0


def test_every_phase_is_sampled_including_another_seats_private_revolution_decision() -> None:
    rules = get("bum-game", players=4, variants=["optional-revolution"], exchange_high_gives="choice")
    seen: Counter[str] = Counter()
    rng = random.Random(0)
    seed = 0
    while min(seen[p] for p in (DEAL, REVOLUTION, EXCHANGE, PLAY)) < 5:
        for state in walk(rules, seed, every=1, limit=400):
            for seat in (*range(4), None):
                obs = state.observe(seat)  # type: ignore[attr-defined]
                if obs.phase in (DEAL, REVOLUTION, EXCHANGE):
                    assert sample_state(obs, rng).observe(seat) == obs
                seen[obs.phase] += 1
        seed += 1
        assert seed < 60, f"phases seen: {dict(seen)}"


def test_a_sample_in_the_deal_phase_gives_some_other_player_the_jokers_to_decide_with() -> None:
    rules = get("bum-game", players=4, variants=["optional-revolution"])
    rng = random.Random(5)
    found = 0
    for seed in range(400):
        state = rules.new_state(seed)
        while not state.is_over() and state.phase != REVOLUTION and len(state.history) < 300:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if state.phase != REVOLUTION:
            continue
        decider = state.current_player()
        for seat in (p for p in range(4) if p != decider):
            obs = state.observe(seat)
            assert obs.phase == DEAL and obs.turn is None
            sample = sample_state(obs, rng)
            who = sample.current_player()
            assert sample.phase == REVOLUTION and who != seat
            need = next(k for role, k in rules.revolution_triggers if sample.roles[who] == role)
            assert sample.jokers_held(who) >= need
        found += 1
        if found == 5:
            return
    raise AssertionError("no revolution decision reached in 400 seeds")


def test_a_transfer_the_seat_did_not_see_keeps_its_count() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(7)
    rng = random.Random(7)
    while state.hand_no < 2:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    obs = state.observe(0)
    hidden = [t for t in obs.transfers if t.cards is None]
    assert hidden and all(t.count > 0 for t in hidden)
    sample = sample_state(obs, rng)
    assert [t.count for t in sample.transfers] == [t.count for t in state.transfers]
    assert sample.observe(0).transfers == obs.transfers
