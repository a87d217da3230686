"""Gin Bummy under random play: many seeded games, every step checked.

Each game checks, at every step: the cards are all there (hands, stock and Beg make the deck); every legal
action is accepted by ``why_illegal`` and every other action that names a card is refused with a reason;
every legal action is in the rules' action space, round-trips through its code, and the mask marks exactly
the legal set; each seat's observation lists the state's legal actions when it is that seat's turn (and
none otherwise); ``apply`` on a copy leaves the original alone. After each game: it ended (the turn limit
is the safeguard), the outcome matches the winner, the same seed plays the same game, and replaying
``(rules, seed, action texts)`` rebuilds the very same state.
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from bumtable.cards.french import JOKER
from bumtable.errors import IllegalActionError
from bumtable.rules.gin_bummy import (
    ACE,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG_ACTION,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    GinBummyAction,
    GinBummyRules,
    GinBummyState,
    gin_bummy,
)

ALL_ACTIONS = (
    [GinBummyAction(DISCARD, c) for c in range(8, JOKER + 1)]
    + [GinBummyAction(ACE, c) for c in range(8, JOKER + 1)]
    + [GinBummyAction(JOKER_PLAY, c) for c in range(8, JOKER + 1)]
    + [DRAW_STOCK_ACTION, DRAW_BEG_ACTION, BUM_ACTION]
)
"""Every action of every kind with every card of the deck: more than the action space (``discard JK``,
``ace 7c``), so that ``why_illegal`` is seen to refuse those too."""


def _check_cards(state: GinBummyState) -> None:
    held = Counter(c for h in state.hands for c in h)
    everything = held + Counter(state.stock) + Counter(state.beg)
    assert everything == Counter(int(c) for c in state.rules.deck()), "cards were lost or made"
    for hand, tags in zip(state.hands, state.tags, strict=True):
        assert len(hand) == len(tags)
    for p in state.starved:
        assert not state.hands[p], "a starved player still holds cards"


def _check_position(state: GinBummyState, rng: random.Random) -> tuple[GinBummyAction, ...]:
    _check_cards(state)
    legal = state.legal_actions()
    assert isinstance(legal, tuple)
    assert len(set(legal)) == len(legal), "an action is listed twice"
    space = state.rules.action_space()
    codes = {space.encode(a) for a in legal}
    assert all(space.decode(space.encode(a)) == a for a in legal)
    assert {i for i, m in enumerate(space.mask(legal)) if m} == codes
    assert legal, "the player to act has no legal action"
    for action in legal:
        assert state.why_illegal(action) is None, f"legal {action} is refused: {state.why_illegal(action)}"
    for action in rng.sample(ALL_ACTIONS, 12) if rng.random() < 0.9 else ALL_ACTIONS:
        reason = state.why_illegal(action)
        assert (reason is None) == (action in legal), f"{action}: why_illegal says {reason!r}"
        if reason is not None:
            assert isinstance(reason, str) and reason
    turn = state.current_player()
    for seat in range(state.rules.players):
        seen = state.observe(seat).legal_actions()
        assert seen == (legal if seat == turn else ()), f"seat {seat} sees other legal actions"
    assert state.observe(None).legal_actions() == ()
    if state.hands[state.turn] and len(state.hands[state.turn]) < 4:
        raise AssertionError("a player below four cards is still playing")
    return legal


def play_game(rules: GinBummyRules, seed: int, *, check: bool = True) -> GinBummyState:
    """Random legal actions from ``rules.new_state(seed)`` to the end, each step checked."""
    chooser = random.Random(seed * 7919 + 1)
    checks = random.Random(seed)
    state = rules.new_state(seed)
    limit = rules.max_turns * 2 + 10 if rules.max_turns else 100000
    for _ in range(limit):
        if state.is_over():
            break
        legal = _check_position(state, checks) if check else state.legal_actions()
        action = legal[chooser.randrange(len(legal))]
        if check and checks.random() < 0.1:
            before = state.snapshot()
            after = state.copy()
            after.apply(action)
            assert state.snapshot() == before, "applying to a copy changed the original"
        state.apply(action)
    else:
        raise AssertionError(f"seed {seed}: the game did not end")
    _check_cards(state)
    assert state.current_player() is None and state.legal_actions() == ()
    assert state.result in ("bum", "last-standing", "turn-limit", "blocked")
    _check_outcome(state)
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(DRAW_STOCK_ACTION)
    return state


def _check_outcome(state: GinBummyState) -> None:
    """The outcome, from the rule the rules document states: winner first, the others in next, the starved
    last (the earlier starved the worse); 1 point for the winner; nobody wins at the turn limit or blocked."""
    n = state.rules.players
    outcome = state.outcome()
    assert outcome is not None and outcome.reason == state.result and outcome.length == state.turns
    assert outcome.scores == tuple(int(p == state.winner) for p in range(n))
    assert (state.winner is None) == (state.result in ("turn-limit", "blocked"))
    assert outcome.winners == (() if state.winner is None else (state.winner,))
    still_in = [p for p in range(n) if p not in state.starved]
    others = [p for p in still_in if p != state.winner]
    groups = [[state.winner], others] if state.winner is not None else [still_in]
    groups += [[p] for p in reversed(state.starved)]  # the last to starve before the first
    expected = [0] * n
    ahead = 0
    for group in groups:
        for p in group:
            expected[p] = ahead + 1
        ahead += len(group)
    assert outcome.places == tuple(expected)
    if state.winner is None:
        assert outcome.returns == (0.0,) * n
    else:
        assert outcome.returns[state.winner] == max(outcome.returns) and abs(sum(outcome.returns)) < 1e-9


def check_games(rules: GinBummyRules, seeds: range) -> Counter[str]:
    """Play each seed twice and replay its record; returns how the games ended."""
    results: Counter[str] = Counter()
    for seed in seeds:
        state = play_game(rules, seed)
        again = play_game(rules, seed, check=False)
        assert again.snapshot() == state.snapshot(), f"seed {seed} played twice differs"
        texts = [rules.action_text(a) for a in state.history]
        replay = GinBummyRules.from_json(rules.to_json()).new_state(seed)
        for text in texts:
            replay.apply(rules.parse_action(text))
        assert replay.snapshot() == state.snapshot(), f"seed {seed}: (rules, seed, actions) does not replay"
        results[state.result] += 1
        results["turned over"] += bool(state.flips)
        results["jokers"] += sum(1 for a in state.history if a.kind == JOKER_PLAY)
        results["aces"] += sum(1 for a in state.history if a.kind == ACE)
    return results


LONG = 2 if os.environ.get("BUMTABLE_LONG") == "1" else 1
"""``make test-long`` plays twice the seeds."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_rule(players: int) -> None:
    results = check_games(gin_bummy(players), range(100 * players, 100 * players + 25 * LONG))
    assert results["bum"] > 0 and results["last-standing"] > 0
    assert results["jokers"] > 0 and results["aces"] > 0
    assert results["turned over"] > 0


@pytest.mark.parametrize(
    ("players", "options"),
    [
        (2, {"turn_over": "shuffle"}),
        (3, {"turn_over": "shuffle", "turn_over_keeps_top": True}),
        (2, {"turn_over_keeps_top": True, "four_card_draw": "stock-or-beg"}),
        (4, {"call": "next-turn", "may_discard_stock_draw": True}),
        (3, {"joker_carries_joker": False, "cut_ace": "high"}),
        (2, {"jokers": 0}),
        (3, {"jokers": 1, "hand_size": 12}),
        (2, {"hand_size": 20}),
    ],
)
def test_random_games_keep_every_rule_in_variants(players: int, options: dict[str, object]) -> None:
    results = check_games(gin_bummy(players).replace(**options), range(20 * LONG))
    assert results["bum"] + results["last-standing"] > 0


def test_the_turn_limit_ends_every_game() -> None:
    rules = gin_bummy(3).replace(max_turns=12)
    results = check_games(rules, range(30))
    assert results["turn-limit"] > 0
    for seed in range(30):
        state = play_game(rules, seed, check=False)
        assert state.turns <= 12
        if state.result == "turn-limit":
            outcome = state.outcome()
            assert outcome is not None and outcome.winners == () and outcome.scores == (0, 0, 0)
            assert state.turns == 12 and state.winner is None and outcome.returns == (0.0, 0.0, 0.0)


def test_heuristic_bots_keep_every_rule_too() -> None:
    from bumtable.bots.gin_bummy import GinBummyBot

    for seed in range(20):
        rules = gin_bummy(2 + seed % 3).replace(turn_over="shuffle" if seed % 2 else "flip")
        state = rules.new_state(seed)
        bots = [GinBummyBot(seed + p) for p in range(rules.players)]
        checks = random.Random(seed)
        while not state.is_over():
            legal = _check_position(state, checks)
            p = state.turn
            action = bots[p].choose(state.observe(p))
            assert action in legal
            state.apply(action)
        _check_cards(state)
