"""Seeded random games checked at every step: card conservation, legality consistency (state, why_illegal
and observations agree), the auction and claim invariants, termination, determinism, and replay from
``(rules, seed, action texts)``."""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest
from boojum_helpers import random_game, replay, snapshot
from test_boojum_sets import referee_earns

from bumtable.rules.boojum import (
    CASH,
    CLAIM,
    DONE_ACTION,
    LAY,
    PASS,
    PASS_ACTION,
    STAND,
    STAND_ACTION,
    BoojumAction,
    BoojumRules,
    BoojumState,
    boojum,
)
from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.boojum.state import AUCTION, CLAIMS, token_counts
from bumtable.rules.events import Event


def check_position(state: BoojumState, rng: random.Random) -> tuple[BoojumAction, ...]:
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
        assert state.current_player() is None and state.legal_actions() == ()
        assert state.winners
        holders = [p for p in range(n) if all(state.tokens[p])]
        counts = token_counts(state.tokens)
        if state.hit_round_limit and not holders:
            holders = [p for p in range(n) if counts[p] == max(counts)]
        assert set(state.winners) <= set(holders)
        best = max(bid_value(state.hands[p], t) for p in holders)
        assert {p for p in holders if bid_value(state.hands[p], t) == best} == set(state.winners)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == tuple(state.winners) and outcome.scores == counts
        assert outcome.reason == ("round-limit" if state.hit_round_limit else "tokens")
        return ()
    p = state.current_player()
    assert p is not None and state.outcome() is None
    legal = state.legal_actions()
    assert legal, "a player asked to act has a choice"
    lays = [a for a in legal if a.kind == LAY]
    words = legal[len(lays) :]
    assert all(a.kind != LAY for a in words), "lays come first"
    if state.phase == AUCTION:
        assert 0 <= state.lot < rules.slot_count and state.slot_hidden == [0] * rules.slot_count
        assert not state.passed[p] and p != state.high
        high = state.high_value()
        if high is not None:
            for q in range(n):
                if q not in (state.high, p):
                    assert bid_value(state.bids[q], t) < high
        assert bid_value(state.bids[p] + state.hands[p], t) > (high or (0, 0)), (
            "only those who can bid are asked"
        )
        assert {a.card for a in lays} == set(state.hands[p]), "any card in hand may be laid"
        assert (PASS_ACTION in words) == (not state.laid_now), "pass only before laying"
        assert set(words) <= {PASS_ACTION, STAND_ACTION}
        beating = bid_value(state.bids[p], t) > (high or (0, 0))
        assert (STAND_ACTION in words) == (bool(state.laid_now) and beating)
    else:
        assert state.phase == CLAIMS
        assert not any(state.won) and not any(state.bids)
        assert state.claim_order == [(state.first_to_bid + i) % n for i in range(n)]
        assert state.claim_order[state.claim_pos] == p
        if state.claim_token < 0:
            assert not lays and words[-1] == DONE_ACTION and all(a.kind == CLAIM for a in words[:-1])
            assert len(words) >= 2, "a player with nothing to claim is passed over"
        else:
            assert all(a.kind == CASH for a in words)
            if words:
                assert referee_earns(state.claim_token, state.claim_cards, t.positions)
    for action in rng.sample(legal, min(8, len(legal))):
        assert state.why_illegal(action) is None, (rules.action_text(action), state.why_illegal(action))
        assert rules.parse_action(rules.action_text(action)) == action
    assert len(set(legal)) == len(legal), "each legal action is listed once"
    assert state.observe(p).legal_actions() == legal
    for q in range(n):
        if q != p:
            assert state.observe(q).legal_actions() == ()
    assert state.observe(None).hand is None
    return legal


def check_step(before: BoojumState, act: BoojumAction, after: BoojumState) -> None:
    p = before.current_player()
    assert p is not None
    same_slot = after.phase == AUCTION and after.lot == before.lot and after.round_no == before.round_no
    if act.kind == CASH:
        assert after.tokens[p][before.claim_token] == before.tokens[p][before.claim_token] + 1
        assert after.claim_token == -1 and after.claim_cards == []
    if act.kind == CLAIM:
        assert after.claim_token == act.token and after.current_player() == p
    if act.kind == LAY:
        assert after.current_player() == p, "laying a card does not end the turn"
        if before.phase == AUCTION:
            assert Counter(after.bids[p]) == Counter(before.bids[p]) + Counter([act.card])
            assert after.high == before.high
        else:
            assert Counter(after.claim_cards) == Counter(before.claim_cards) + Counter([act.card])
    if act.kind == STAND and same_slot:
        assert after.high == p and after.bids[p] == before.bids[p]
    if act.kind == PASS and same_slot:
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
        before = snapshot(state, all_events=False)
        copy.apply(action)
        assert snapshot(state, all_events=False) == before, "applying to a copy changed the original"
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


LONG = 2 if os.environ.get("BUMTABLE_LONG") == "1" else 1
"""``make test-long`` plays twice the seeds of the sweep by player count."""


@pytest.mark.parametrize(("players", "seeds"), [(3, 3), (4, 3), (5, 2), (6, 1)])
def test_random_games_keep_every_rule(players: int, seeds: int) -> None:
    ends = check_games(boojum(players), range(100 * players, 100 * players + seeds * LONG))
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
        kinds.update(_situation(e) for e in state.events(None))
        finished += not state.hit_round_limit
    assert finished >= 8, "most random games end with a full collection"
    for kind in (
        "bid",
        "stand",
        "pass pass",
        "pass cannot beat",
        "lot won",
        "lot unsold",
        "take-back",
        "build",
        "deal",
        "pick-up",
        "claims",
        "claim-start",
        "lay",
        "claim",
        "draw",
        "done done",
        "done nothing to claim",
        "done nothing more to claim",
        "reshuffle",
        "round",
        "game-over",
    ):
        assert kinds[kind] > 0, kind


def _situation(e: Event) -> str:
    if e.kind in ("pass", "done"):
        return f"{e.kind} {e.text}"
    if e.kind == "lot":
        return "lot unsold" if e.player is None else "lot won"
    return e.kind


def test_simulations_always_end_even_when_nobody_ever_claims() -> None:
    rules = boojum(5).replace(max_rounds=8)
    state = rules.new_state(3)
    while not state.is_over():
        legal = state.legal_actions()
        # stand as soon as the bid wins, never claim
        if STAND_ACTION in legal or DONE_ACTION in legal:
            state.apply(STAND_ACTION if STAND_ACTION in legal else DONE_ACTION)
        else:
            state.apply(legal[0])
    assert state.hit_round_limit and state.round_no == 8
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == "round-limit" and outcome.length == 8
