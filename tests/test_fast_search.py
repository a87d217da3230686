"""The search bot on the compiled engine: a hand in play loaded from the rules layer goes on exactly as there,
the compiled inference weighs deals as the rules layer's, and the compiled playouts are its playouts."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from bumtable.bots import make_bot
from bumtable.bots.inference import replay_hand
from bumtable.bots.search.config import SearchConfig
from bumtable.bots.search.fast import FastPlayouts, fast_playouts
from bumtable.bots.search.playout import Playouts
from bumtable.bots.search_eval import estimate_for
from bumtable.errors import RulesError
from bumtable.fast import make
from bumtable.fast.check import loaded_differences
from bumtable.fast.infer import Weigher
from bumtable.fast.load import load
from bumtable.rules import family_of, get
from bumtable.rules.climbing.sample import state_with_hands

LOADED = [
    (3, ()),
    (5, ()),
    (12, ()),
    (4, ("optional-revolution",)),
    (6, ("bum-only", "simultaneous-exchange")),
]


@pytest.mark.parametrize(("players", "variants"), LOADED)
def test_a_hand_in_play_loaded_mid_hand_goes_on_as_in_the_rules_layer(
    players: int, variants: tuple[str, ...]
) -> None:
    rules = get("bum-game", players=players, variants=variants)
    assert loaded_differences(rules, range(24), choices=players) == []


class FirstTie:
    """A generator for GreedyBot that always draws the first of its tied plays (the compiled
    ``heuristic-first``), so both engines' playouts are the same game."""

    def randrange(self, n: int) -> int:
        return 0


def _mid_hand(players: int, seed: int) -> Any:
    """A state in a hand in play after some moves of ``easy`` bots (slips included), or None."""
    rules = get("bum-game", players=players)
    state = rules.new_state(seed=seed)
    bots = [make_bot("easy", seed * 10 + p) for p in range(players)]
    for _ in range(random.Random(seed).randrange(5, 50 * players)):
        p = state.current_player()
        if p is None:
            return None
        state.apply(bots[p].choose(state.observe(p)))
    p = state.current_player()
    return state if p is not None and state.phase == "play" else None


def _mid_hand_views(players: int, seeds: range) -> list[Any]:
    """What the player to act sees in each of these seeds' states mid-hand (seeds with none left out)."""
    states = [_mid_hand(players, seed) for seed in seeds]
    return [s.observe(s.current_player()) for s in states if s is not None]


def _greedy_first() -> Any:
    bot = make_bot("heuristic", 1)
    bot.rng = FirstTie()  # type: ignore[attr-defined]
    return bot


@pytest.mark.parametrize("players", [3, 4, 6])
def test_inference_weighs_each_deal_as_the_rules_layer_does(players: int) -> None:
    rules = get("bum-game", players=players)
    family = family_of(rules)
    game = make(rules, observe=False)
    checked = 0
    for obs in _mid_hand_views(players, range(12)):
        deals = [family.sample_state(obs, random.Random(s)) for s in range(6)]
        weights, whole = Weigher(game, obs, 0.5).replay(
            [[d.hand_of(p) for p in range(players)] for d in deals]
        )
        want = [replay_hand(obs, d, _greedy_first(), 0.5) for d in deals]
        assert list(zip(weights.tolist(), whole.tolist(), strict=True)) == want
        checked += len(deals)
    assert checked >= 30


@pytest.mark.parametrize("players", [3, 4, 6])
def test_compiled_playouts_are_the_rules_layers_playouts(players: int) -> None:
    rules = get("bum-game", players=players)
    family = family_of(rules)
    config = SearchConfig(paired=True, first_weight=0.5, engine="fast")
    reference = Playouts(family, _greedy_first(), config, random.Random(1), estimate_for("climbing"))
    checked = 0
    for seed, obs in enumerate(_mid_hand_views(players, range(10))):
        fast = FastPlayouts(obs, config, random.Random(seed), "heuristic-first")
        hands = fast.deal(3)
        actions = list(obs.legal_actions())
        each = fast.play_out_each(hands, actions)
        for d, held in enumerate(hands):
            base = state_with_hands(obs, dict(enumerate(held)), None, random.Random(0))
            base.stop_at_hand_end()
            start = family.hands_over(base)
            for j, action in enumerate(actions):
                after = base.copy(history=False)
                after.apply(action, check=False)
                playout = reference.play_out(after, start)
                values, places = each[d * len(actions) + j]
                assert places == list(playout.places)
                assert values == pytest.approx(list(playout.values), abs=1e-12)
                checked += 1
    assert checked >= 30


def test_the_dealt_hands_fit_the_observation() -> None:
    state = _mid_hand(4, 3)
    obs = state.observe(state.current_player())
    fast = FastPlayouts(obs, SearchConfig(engine="fast"), random.Random(0))
    for hands in fast.deal(20):
        assert sorted(hands[obs.seat]) == sorted(obs.hand)
        assert [len(h) for h in hands] == list(obs.card_counts)
        seen = [c for _, codes in obs.played for c in codes]
        assert sorted([*(c for h in hands for c in h), *seen]) == sorted(int(c) for c in obs.rules.deck())


def test_the_search_plays_on_the_compiled_engine_where_asked_and_the_rules_layer_elsewhere() -> None:
    state = _mid_hand(4, 3)
    obs = state.observe(state.current_player())
    rng = random.Random(0)
    assert fast_playouts(obs, SearchConfig(engine="fast"), rng) is not None
    assert fast_playouts(obs, SearchConfig(), rng) is None
    assert fast_playouts(obs, SearchConfig(engine="fast", rollout="random"), rng) is not None
    # the compiled inference weighs by the heuristic's moves; its playouts run to the hand's end
    assert fast_playouts(obs, SearchConfig(engine="fast", rollout="random", infer=0.5), rng) is None
    assert fast_playouts(obs, SearchConfig(engine="fast", max_rollout=16), rng) is None
    president = get("president", players=4).new_state(seed=1)
    seat = president.current_player()
    assert fast_playouts(president.observe(seat), SearchConfig(engine="fast"), rng) is None


def test_a_fast_search_bot_chooses_a_legal_action_and_the_same_one_for_the_same_seed() -> None:
    kind = "search:paired=true:halving=true:prune=20:infer=0.5:iterations=400:engine=fast"
    state = _mid_hand(4, 5)
    obs = state.observe(state.current_player())
    first = make_bot(kind, 7).choose(obs)
    assert first in obs.legal_actions()
    assert make_bot(kind, 7).choose(obs) == first


def test_loading_refuses_other_rules_a_hand_not_in_play_and_cards_that_do_not_fit() -> None:
    rules = get("bum-game", players=4)
    game = make(rules)
    state = _mid_hand(4, 3)
    seat = state.current_player()
    obs = state.observe(seat)
    hands = [list(state.hand_of(p)) for p in range(4)]
    other = get("bum-game", players=4, target=50)
    with pytest.raises(RulesError, match="other rules"):
        load(make(other), obs, [hands])
    most = max(range(4), key=lambda p: len(hands[p]))
    short = [h[:1] if p == most else h for p, h in enumerate(hands)]
    with pytest.raises(RulesError, match=f"player {most} holds 1 card where the observation shows"):
        load(game, obs, [short])
    with pytest.raises(RulesError, match="3 hands"):
        load(game, obs, [hands[:3]])
    over = rules.new_state(seed=1)
    over.stop_at_hand_end()
    while over.current_player() is not None:
        over.apply(over.legal_actions()[0])
    with pytest.raises(RulesError, match="only a hand in play loads"):
        load(game, over.observe(0), [hands])
    with pytest.raises(RulesError, match="999, which is no card of this game"):
        load(game, obs, [[h if p != most else [*h[:-1], 999] for p, h in enumerate(hands)]])
    played = next(c for _, codes in obs.played for c in codes)
    doubled = [h if p != most else [*h[:-1], played] for p, h in enumerate(hands)]
    with pytest.raises(RulesError, match="more cards of a rank than the deck has"):
        load(game, obs, [doubled])
    loaded = load(game, obs, [hands])
    with pytest.raises(RulesError, match="no record"):
        game.to_records(loaded)
    assert np.array_equal(loaded.counts.sum(axis=2)[0], [len(h) for h in hands])


def test_the_hard_level_searches_on_the_compiled_engine_and_on_the_rules_layer_where_it_does_not_play() -> (
    None
):
    state = get("bum-game", players=4).new_state(seed=2)  # the Boss leads: many plays to choose from
    bot = make_bot("hard", 3, "bum-game")
    assert bot.config.engine == "fast" and bot.decide(state.observe(state.current_player())).iterations > 450
    rules = get("bum-game", players=4, pass_final=True)  # an option of play the engine does not cover
    other = rules.new_state(seed=2)
    seat = other.current_player()
    decision = make_bot("hard", 3, "bum-game").decide(other.observe(seat))
    assert 0 < decision.iterations <= 450
