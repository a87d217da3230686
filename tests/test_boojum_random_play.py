"""Seeded random games checked at every step: card conservation, legality consistency (state, why_illegal
and observations agree), the auction and claim invariants, termination, determinism, and replay from
``(rules, seed, action texts)``."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from boojum_helpers import random_game, replay, snapshot
from test_boojum_sets import referee_earns

from bumtable.rules.boojum import BID, CLAIM, DONE, PASS, BoojumAction, BoojumRules, BoojumState, boojum
from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.boojum.state import AUCTION, CLAIMS


def check_position(state: BoojumState, rng: random.Random) -> list[BoojumAction]:
    """Every invariant of a position; returns its legal actions."""
    rules, t = state.rules, state.rules.tables
    n = rules.players
    assert state.all_cards() == Counter(t.deck), "cards were created or lost"
    for p in range(n):
        assert not Counter(state.known[p]) - Counter(state.hands[p]), "known cards must be in the hand"
        if not rules.repeat_tokens:
            assert max(state.tokens[p]) <= 1
    assert len(state.slots) == rules.slot_count and all(state.slots), "a slot is never empty"
    assert state.round_no <= rules.max_rounds
    if state.is_over():
        assert state.current_player() is None and state.legal_actions() == []
        assert state.winners
        holders = [p for p in range(n) if all(state.tokens[p])]
        if state.hit_round_limit and not holders:
            most = max(state.outcome())
            holders = [p for p in range(n) if state.outcome()[p] == most]
        assert set(state.winners) <= set(holders)
        best = max(bid_value(state.hands[p], t) for p in holders)
        assert {p for p in holders if bid_value(state.hands[p], t) == best} == set(state.winners)
        return []
    p = state.current_player()
    assert p is not None
    legal = state.legal_actions()
    assert legal, "a player asked to act has a choice"
    if state.phase == AUCTION:
        assert 0 <= state.lot < rules.slot_count and state.slot_hidden == [0] * rules.slot_count
        assert not state.passed[p] and p != state.high
        high = state.high_value()
        if high is not None:
            for q in range(n):
                if q != state.high:
                    assert bid_value(state.bids[q], t) < high
        assert bid_value(state.bids[p] + state.hands[p], t) > (high or (0, 0)), (
            "only those who can bid are asked"
        )
        assert legal[-1].kind == PASS and all(a.kind == BID for a in legal[:-1]) and len(legal) >= 2
        assert len(legal) - 1 <= (rules.bid_list_limit or len(legal))
    else:
        assert state.phase == CLAIMS
        assert not any(state.won) and not any(state.bids)
        assert state.claim_order == [(state.first_to_bid + i) % n for i in range(n)]
        assert state.claim_order[state.claim_pos] == p
        assert legal[-1].kind == DONE and all(a.kind == CLAIM for a in legal[:-1]) and len(legal) >= 2
    for action in rng.sample(legal, min(8, len(legal))):
        assert state.why_illegal(action) is None, (rules.action_text(action), state.why_illegal(action))
        assert rules.parse_action(rules.action_text(action)) == action
        if action.kind == CLAIM:
            assert referee_earns(action.token, action.cards, t.positions), rules.action_text(action)
    assert len(set(legal)) == len(legal), "each legal action is listed once"
    assert state.observe(p).legal_actions() == legal
    for q in range(n):
        if q != p:
            assert state.observe(q).legal_actions() == []
    assert state.observe(None).hand is None
    return legal


def check_step(before: BoojumState, act: BoojumAction, after: BoojumState) -> None:
    p = before.current_player()
    assert p is not None
    if act.kind == CLAIM:
        assert after.tokens[p][act.token] == before.tokens[p][act.token] + 1
    if act.kind == BID and after.phase == AUCTION and after.lot == before.lot:
        assert after.high == p and Counter(after.bids[p]) == Counter(before.bids[p]) + Counter(act.cards)
    if act.kind == PASS and after.lot == before.lot and after.phase == AUCTION:
        assert after.passed[p]


def play_checked(rules: BoojumRules, seed: int) -> BoojumState:
    chooser = random.Random(seed * 31 + 7)
    checks = random.Random(seed)
    state = rules.new_state(seed)
    for _ in range(200_000):
        legal = check_position(state, checks)
        if state.is_over():
            return state
        action = legal[chooser.randrange(len(legal))]
        copy = state.copy()
        before = snapshot(state)
        copy.apply(action)
        assert snapshot(state) == before, "applying to a copy changed the original"
        check_step(state, action, copy)
        state = copy
    raise AssertionError(f"seed {seed} did not end")


def check_games(rules: BoojumRules, seeds: range) -> list[BoojumState]:
    ends = []
    for seed in seeds:
        state = play_checked(rules, seed)
        again = play_unchecked(rules, seed)
        assert snapshot(again) == snapshot(state), f"seed {seed}: the same choices gave a different game"
        texts = [rules.action_text(a) for a in state.history]
        record = json.loads(json.dumps({"rules": rules.to_dict(), "seed": seed, "actions": texts}))
        rebuilt = replay(BoojumRules.from_dict(record["rules"]), record["seed"], record["actions"])
        assert snapshot(rebuilt) == snapshot(state), f"seed {seed}: the record does not replay"
        ends.append(state)
    return ends


def play_unchecked(rules: BoojumRules, seed: int) -> BoojumState:
    chooser = random.Random(seed * 31 + 7)
    state = rules.new_state(seed)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[chooser.randrange(len(legal))], check=False)
    return state


@pytest.mark.parametrize(("players", "seeds"), [(3, 5), (4, 5), (5, 3), (6, 2)])
def test_random_games_keep_every_rule(players: int, seeds: int) -> None:
    ends = check_games(boojum(players), range(100 * players, 100 * players + seeds))
    assert all(s.is_over() for s in ends)


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [
        (BoojumRules(players=4, extended=True), 3),
        (BoojumRules(players=3, extended=True, courts=False), 2),
        (BoojumRules(players=4, repeat_tokens=True), 2),
        (BoojumRules(players=3, extended=True, excuse_alone=True, excuse_symbols=1), 2),
        (boojum(8), 1),
    ],
    ids=["extended", "pawns-only", "repeat-tokens", "excuse-options", "eight-players"],
)
def test_random_games_keep_every_rule_in_variants(rules: BoojumRules, seeds: int) -> None:
    check_games(rules, range(7, 7 + seeds))


def test_random_games_reach_the_situations_the_checks_are_for() -> None:
    kinds: Counter[str] = Counter()
    finished = 0
    for seed in range(12):
        state = random_game(boojum(4), seed, pass_rate=0.3)  # else slots nobody bids for are rare
        kinds.update(e.kind for e in state.events)
        finished += not state.hit_round_limit
    assert finished >= 8, "most random games end with a full collection"
    for kind in (
        "bid",
        "pass",
        "auto-pass",
        "won",
        "unsold",
        "dealt",
        "claim",
        "done",
        "auto-done",
        "reshuffle",
    ):
        assert kinds[kind] > 0, kind


def test_simulations_always_end_even_when_nobody_ever_claims() -> None:
    rules = boojum(5).replace(max_rounds=8)
    state = rules.new_state(3)
    while not state.is_over():
        legal = state.legal_actions()
        state.apply(legal[-1] if legal[-1].kind == DONE else legal[0])  # bid the least, never claim
    assert state.hit_round_limit and state.round_no == 8
