"""Boojum on the one interface: explicit chance, cheap copies, the action space and its mask, the outcome,
and events that never show a viewer a card it may not see."""

from __future__ import annotations

import random

import pytest
from boojum_helpers import act, random_game, table

from bumtable.errors import BumtableError, RulesError
from bumtable.rules import GameRecord
from bumtable.rules.boojum import BoojumRules, BoojumState, boojum
from bumtable.rules.boojum.state import CLAIMS
from bumtable.rules.events import Event

RULES = [boojum(3), boojum(4).replace(extended=True), boojum(6)]


def played(rules: BoojumRules, seed: int, actions: int) -> BoojumState:
    """The state after ``actions`` random legal actions from ``seed`` (or the end)."""
    state = rules.new_state(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


# ---------------------------------------------------------------------- chance
@pytest.mark.parametrize("rules", RULES, ids=["3p", "4p-extended", "6p"])
def test_the_chance_draws_of_a_game_given_to_another_seed_deal_the_same_game(rules: BoojumRules) -> None:
    a = played(rules, 5, 5000)
    assert len(a.chance.draws) >= 2, "the game reshuffled the discard pile at least once"
    b = rules.new_state(99, chance=a.chance.draws)
    for action in a.history:
        b.apply(action)
    assert [b.observe(p) for p in range(rules.players)] == [a.observe(p) for p in range(rules.players)]
    assert b.events(None) == a.events(None) and b.outcome() == a.outcome()


def test_the_deal_alone_given_to_another_seed_plays_the_same_until_the_first_reshuffle() -> None:
    rules = boojum(4)
    deal = rules.new_state(5).chance.draws
    a, b = rules.new_state(5), rules.new_state(99, chance=deal)
    rng = random.Random(1)
    while len(a.chance.draws) == 1 and not a.is_over():
        assert b.observe(0) == a.observe(0) and b.observe(None) == a.observe(None)
        action = rng.choice(a.legal_actions())
        a.apply(action)
        b.apply(action)
    assert a.chance.draws[0] == b.chance.draws[0]


def test_a_chance_script_that_is_not_an_order_of_the_deck_is_refused() -> None:
    rules = boojum(3)
    deck = list(rules.new_state(1).chance.draws[0])
    with pytest.raises(RulesError, match="chance script draw 1 is not an order of the 72 items"):
        rules.new_state(2, chance=[deck[:-1]])
    with pytest.raises(RulesError, match="chance script draw 1"):
        rules.new_state(2, chance=[[*deck[:-1], 44]])  # the Excuse is not in the basic deck


# ---------------------------------------------------------------------- copies
def test_a_copy_without_history_is_independent_observes_the_same_and_logs_nothing() -> None:
    state = played(boojum(4), 3, 300)
    light = state.copy(history=False)
    assert light.history == [] and light.events(0) == [] and light.chance.draws == []
    assert [light.observe(p) for p in range(4)] == [state.observe(p) for p in range(4)]
    before = [state.observe(p) for p in range(4)]
    for _ in range(50):
        if light.is_over():
            break
        light.apply(light.legal_actions()[0])
    assert [state.observe(p) for p in range(4)] == before
    legal = state.legal_actions()
    assert isinstance(legal, tuple) and state.legal_actions() is legal  # cached, and immutable


# ---------------------------------------------------------------------- the action space
@pytest.mark.parametrize("rules", RULES, ids=["3p", "4p-extended", "6p"])
def test_the_mask_marks_exactly_the_legal_actions_of_every_position(rules: BoojumRules) -> None:
    space = rules.action_space()
    state = rules.new_state(8)
    rng = random.Random(8)
    most = 0
    while not state.is_over():
        legal = state.legal_actions()
        mask = space.mask(legal)
        assert len(mask) == space.size
        assert {i for i, m in enumerate(mask) if m} == {space.encode(a) for a in legal}
        assert all(space.decode(space.encode(a)) == a for a in legal)
        assert space.mask(state.observe(state.turn).legal_actions()) == mask
        most = max(most, sum(mask))
        state.apply(rng.choice(legal))
    assert most >= 8


# ---------------------------------------------------------------------- the outcome
def test_the_outcome_ranks_by_tokens_then_by_the_hand_left_valued_as_a_bid() -> None:
    state = table(
        boojum(3),
        ["4MS 4WL 4YK CM", "AM AS AW AL AY AK 2MK", "2MK"],
        phase=CLAIMS,
        tokens=["MSWLY", "MSWLY", "MS"],
        stack_top="9MS AS",
    )
    assert state.outcome() is None
    act(state, "claim knots 4MS 4WL 4YK", "claim knots AM AS AW AL AY AK")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == (0,) and outcome.places == (1, 2, 3) and outcome.scores == (6, 6, 2)
    assert outcome.returns == (1.0, 0.0, -1.0) and outcome.reason == "tokens" and outcome.length == 1
    assert state.events(None)[-1].kind == "game-over" and state.events(None)[-1].text == "tokens"


def test_random_games_end_with_a_well_formed_outcome() -> None:
    for seed in range(6):
        state = random_game(boojum(4), seed, pass_rate=0.3)
        outcome = state.outcome()
        assert outcome is not None and outcome.winners == tuple(state.winners)
        assert sum(outcome.returns) == pytest.approx(0.0) and outcome.length == state.round_no
        assert outcome.reason == ("round-limit" if state.hit_round_limit else "tokens")


# ---------------------------------------------------------------------- events
PUBLIC = {
    "bid",
    "stand",
    "pass",
    "lot",
    "take-back",
    "build",
    "pick-up",
    "claims",
    "claim-start",
    "lay",
    "claim",
}
PUBLIC |= {"done", "reshuffle", "round", "game-over"}


def may_see(seat: int | None, e: Event) -> bool:
    """Whether ``seat`` may see the cards of ``e``, by the rules text: dealt hands and cards dealt face down
    to a player, and cards drawn, only their holder; cards dealt face down onto a slot nobody (until the
    slots are turned up: the ``round`` event); everything else happens face up."""
    if e.kind in PUBLIC:
        return True
    if e.kind in ("deal", "draw"):
        return e.player is not None and e.player == seat
    raise AssertionError(f"an event of an unknown kind: {e.kind}")


@pytest.mark.parametrize("rules", RULES, ids=["3p", "4p-extended", "6p"])
def test_no_event_shows_a_viewer_a_card_it_may_not_see(rules: BoojumRules) -> None:
    hidden = shown_to_holder = 0
    for seed in range(4):
        state = random_game(rules, seed, pass_rate=0.3)
        public = state.events(None)
        for seat in [*range(rules.players), None]:
            seen = state.events(seat)
            assert len(seen) == len(public)
            for e, p in zip(seen, public, strict=True):
                assert e.count >= len(e.cards)
                if not may_see(seat, e):
                    assert e.cards == (), f"seat {seat} sees {e}"
                    hidden += e.count > 0
                elif e.kind in ("deal", "draw"):
                    assert len(e.cards) == e.count
                    shown_to_holder += 1
                assert (e.kind, e.player, e.count) == (p.kind, p.player, p.count)
    assert hidden > 100 and shown_to_holder > 50


def test_the_events_of_an_action_are_the_tail_from_where_the_viewer_left_off() -> None:
    state = boojum(3).new_state(seed=2)
    seen = len(state.events(1))
    rng = random.Random(2)
    told = []
    while not state.is_over() and len(state.history) < 200:
        state.apply(rng.choice(state.legal_actions()))
        new = state.events(1, seen)
        assert [e.seq for e in new] == list(range(seen, seen + len(new)))
        assert all(e.step == len(state.history) for e in new)
        seen += len(new)
        told += new
    assert told == state.events(1, len(state.events(1)) - len(told))


# ---------------------------------------------------------------------- records
def test_a_record_replays_the_factored_actions_and_one_from_the_engine_before_is_refused() -> None:
    state = played(boojum(3), 4, 200)
    record = GameRecord.of(state)
    assert any(text.startswith("lay ") for text in record.actions) and "stand" in record.actions
    again = GameRecord.from_json(record.to_json()).replay()
    assert again.observe(None) == state.observe(None) and again.events(0) == state.events(0)
    data = record.to_dict()
    with pytest.raises(BumtableError, match="made by version 1 of the boojum engine"):
        GameRecord.from_dict({**data, "engine": 1})
    old = {**data, "format": "bumtable-record/1", "actions": ["bid 5ML 9MS"]}
    old["rules"] = {**data["rules"], "bid_max_add": 3, "bid_list_limit": 0}
    with pytest.raises(BumtableError):  # the options of the old engine, or its version, are refused
        GameRecord.from_dict(old)
