"""The compiled engine plays exactly as the rules layer: the same deals and random actions give the same legal
masks, observations and returns at every step (``bumtable.fast.check``), and its records replay there."""

from __future__ import annotations

import dataclasses
import re

import numpy as np
import pytest

from bumtable.errors import IllegalActionError, RulesError
from bumtable.fast import COVERED, make
from bumtable.fast.check import differences
from bumtable.fast.kernels import F_NHIST, F_OVER
from bumtable.rules import get

ONE_HAND = get("bum-game", players=4, rounds=1)
REGRESSION_SEEDS: tuple[int, ...] = ()
"""Seeds of one-hand games the engines once disagreed on (none found so far; ``bench/fast_diff.py`` adds
them)."""


@pytest.fixture(scope="module")
def game():  # type: ignore[no-untyped-def]
    return make(ONE_HAND)


def test_one_hand_matches_the_rules_layer_at_every_step(game) -> None:  # type: ignore[no-untyped-def]
    assert differences(ONE_HAND, range(300), game=game) == []


def test_the_tournaments_first_hand_of_a_match_matches_the_rules_layer() -> None:
    rules = get("bum-game", players=4)  # what `bumtable tournament` plays: a match's first hand
    assert differences(rules, range(1000, 1100), stop_at_hand_end=True) == []


def test_whole_matches_to_the_target_match_the_rules_layer() -> None:
    assert differences(get("bum-game", players=4), range(3000, 3004)) == []


def test_matches_of_a_few_hands_with_exchanges_match_the_rules_layer() -> None:
    assert differences(get("bum-game", players=4, rounds=4), range(4000, 4150)) == []


@pytest.mark.parametrize(
    "variant",
    [
        "single-session",
        "bum-only",
        "optional-revolution",
        "simultaneous-exchange",
        "highest-total-wins",
        "one-hour",
    ],
)
def test_variants_of_a_match_match_the_rules_layer(variant: str) -> None:
    rounds = 0 if variant == "one-hour" else 3
    rules = get("bum-game", players=4, variants=[variant], rounds=rounds)
    assert differences(rules, range(2000, 2030)) == []


def test_a_target_reached_by_several_players_in_one_hand_matches_the_rules_layer() -> None:
    for winner in ("first-to-reach", "highest-total"):  # a target of 7: often two players pass it at once
        rules = get("bum-game", players=4, target=7, target_winner=winner)
        assert differences(rules, range(5000, 5060)) == []


def test_other_exchanges_and_leaders_match_the_rules_layer() -> None:
    rules = get(
        "bum-game",
        players=4,
        rounds=3,
        exchange_order="lower-first",
        leader="bum",
        exchange_keep_jokers=False,
    )
    assert differences(rules, range(6000, 6040)) == []


@pytest.mark.parametrize("players", [3, 5, 6, 7, 8, 9, 10, 11, 12])
def test_matches_of_3_to_12_players_match_the_rules_layer(players: int) -> None:
    rules = get("bum-game", players=players, rounds=2)
    assert differences(rules, range(7000, 7012)) == []


def test_deals_with_a_revolution_and_a_tied_cut_match_the_rules_layer(game) -> None:  # type: ignore[no-untyped-def]
    revolts = [s for s in range(400) if ONE_HAND.new_state(s).revolution is not None][:20]
    ties = [s for s in range(400) if len(ONE_HAND.new_state(s).cut) > 1][:20]
    assert len(revolts) == 20 and len(ties) == 20
    assert differences(ONE_HAND, revolts + ties, game=game) == []


def test_seeds_the_engines_once_disagreed_on_now_agree(game) -> None:  # type: ignore[no-untyped-def]
    assert differences(ONE_HAND, REGRESSION_SEEDS, game=game) == []


def test_a_card_given_back_in_the_exchange_is_not_known_to_its_first_giver() -> None:
    # Eight cards each way between Boss and Bum: most second hands give a rank back to its first giver. The
    # engines once differed there (8 players, seed 200032 of 200020..200039 with choices 1, hand 23; 28 s to
    # replay: `bench/fast_diff.py --preset players-8 --first 200000 --games 40 --jobs 2`).
    rules = get("bum-game", players=4, rounds=2, exchange_pairs=((0, 3, 8), (1, 2, 6)))
    assert differences(rules, range(8000, 8060)) == []


def test_the_check_catches_an_engine_with_the_wrong_revolution() -> None:
    broken = make(ONE_HAND)
    tables = broken.tables
    broken.tables = dataclasses.replace(tables, revolution_roles=np.arange(4, dtype=np.int32))
    revolts = [s for s in range(200) if ONE_HAND.new_state(s).revolution is not None][:5]
    found = differences(ONE_HAND, revolts, game=broken)
    assert [d.seed for d in found] == revolts


def test_a_game_dealt_from_keys_replays_in_the_rules_layer(game) -> None:  # type: ignore[no-untyped-def]
    state = game.init(np.arange(40, 72))
    rng = np.random.default_rng(7)
    while not state.terminated.all():
        state = game.step(state, game.random_actions(state, rng))
    space = ONE_HAND.action_space()
    for i, record in enumerate(game.to_records(state)):
        ref = ONE_HAND.new_state(0, chance=record.draws)
        for code in record.codes:
            ref.apply(space.decode(code))
        outcome = ref.outcome()
        assert outcome is not None
        assert np.allclose(outcome.returns, state.rewards[i])


def test_the_same_keys_deal_the_same_games(game) -> None:  # type: ignore[no-untyped-def]
    a, b, c = game.init([5, 6]), game.init([5, 6]), game.init([6, 5])
    assert np.array_equal(a.draws, b.draws) and np.array_equal(a.counts, b.counts)
    assert np.array_equal(a.counts[0], c.counts[1]) and not np.array_equal(a.counts[0], a.counts[1])


def test_a_finished_playout_leaves_every_row_over_with_returns(game) -> None:  # type: ignore[no-untyped-def]
    state = game.init(np.arange(16))
    taken = game.playout(state, seed=3)
    assert state.terminated.all() and taken == int(state.ints[:, F_NHIST].sum())
    assert np.allclose(np.sort(state.rewards, axis=1), [-1, -1 / 3, 1 / 3, 1])
    assert not state.legal_action_mask.any() and (state.current_player == -1).all()


def test_a_row_stopped_at_its_hands_end_ends_there_with_the_hands_places() -> None:
    match = get("bum-game", players=4)
    game = make(match)
    state = game.init(np.arange(6))
    rng = np.random.default_rng(1)
    while (state.hand < 2).any():  # into the second hand everywhere, then stop rows 0 and 3 there
        live = state.hand < 2
        acts = game.random_actions(state, rng)
        state.ints[~live, F_OVER] = 1
        game.step(state, acts)
        state.ints[~live, F_OVER] = 0
    game.stop_at_hand_end(state, [0, 3])
    while not state.terminated[[0, 3]].all():
        game.step(state, game.random_actions(state, rng))
    assert (state.hand[[0, 3]] == 2).all() and not state.terminated[[1, 2, 4, 5]].any()
    assert (state.winner[[0, 3]] == -1).all()
    for i in (0, 3):
        record = game.to_records(state)[i]
        ref = match.new_state(0, chance=record.draws)
        for code in record.codes:
            if ref.hand_no == 2:
                ref.stop_at_hand_end()
            ref.apply(match.action_space().decode(code))
        assert ref.phase == "deal" and len(ref.results) == 2
        places = np.empty(4)
        places[list(ref.results[-1].order)] = [1, 1 / 3, -1 / 3, -1]
        assert np.allclose(places, state.rewards[i])


def test_a_match_dealt_from_keys_replays_in_the_rules_layer() -> None:
    rules = get("bum-game", players=5, target=40)
    game = make(rules)
    state = game.init(np.arange(8))
    game.playout(state, seed=2)
    assert (state.winner >= 0).all() and (state.hand > 1).all()
    for i, record in enumerate(game.to_records(state)):
        ref = rules.new_state(0, chance=record.draws)
        for code in record.codes:
            ref.apply(rules.action_space().decode(code))
        outcome = ref.outcome()
        assert outcome is not None and outcome.length == state.hand[i]
        assert np.allclose(outcome.returns, state.rewards[i]) and list(ref.scores) == state.scores[i].tolist()


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("zheng-shangyou", {}),
        ("gin-bummy", {}),
        ("arsehole", {"players": 5, "variants": ["jokers"]}),
        ("president", {"players": 4, "pass_final": False}),
        ("bum-game", {"players": 4, "sequences": False}),
        ("bum-game", {"players": 6, "must_play": True}),
    ],
)
def test_rules_it_does_not_cover_are_refused_naming_what_it_covers(
    name: str, options: dict[str, object]
) -> None:
    with pytest.raises(RulesError) as caught:
        make(get(name, **options))  # type: ignore[arg-type]
    assert COVERED in str(caught.value)


def test_an_illegal_action_is_refused_naming_its_row(game) -> None:  # type: ignore[no-untyped-def]
    state = game.init([1, 2])
    legal = game.random_actions(state, np.random.default_rng(0))
    before = state.copy()
    with pytest.raises(
        IllegalActionError,
        match=re.escape("row 1: action code 0 ('pass') is not legal now; no row was changed"),
    ):
        game.step(state, [legal[0], 0])  # the leader may not pass
    assert np.array_equal(state.ints, before.ints) and np.array_equal(state.counts, before.counts)


def test_a_deal_that_is_not_the_games_shuffles_is_refused(game) -> None:  # type: ignore[no-untyped-def]
    draws = ONE_HAND.new_state(3).chance.draws
    with pytest.raises(RulesError, match="is not an order of the 54 cards"):
        game.init([3], deals=[[*draws[:-1], draws[-1][:-1]]])
    with pytest.raises(RulesError, match="the cut needs more"):
        game.init([3], deals=[draws[:-1]])


@pytest.mark.parametrize("name", ["president", "arsehole"])
@pytest.mark.parametrize("players", [3, 6])
def test_president_and_arsehole_play_as_in_the_rules_layer_seats_gifts_and_all(
    name: str, players: int
) -> None:
    """Shuffled seats, a first hand without roles, the higher role's chosen gift, and President's equal
    ranks, passes that sit out the trick, four of a value and the 3 of clubs: hands, first hands of
    matches, and whole matches."""
    assert differences(get(name, players=players, rounds=1, target=0), range(30), choices=players) == []
    assert differences(get(name, players=players), range(12), stop_at_hand_end=True) == []
    assert differences(get(name, players=players, rounds=4, target=0), range(3), choices=1) == []


@pytest.mark.parametrize(
    ("name", "variant"),
    [("president", "must-play"), ("arsehole", "two-card-exchange"), ("arsehole", "bum-leads"),
     ("arsehole", "final-position")],
)  # fmt: skip
def test_the_covered_variants_of_president_and_arsehole_play_as_in_the_rules_layer(
    name: str, variant: str
) -> None:
    assert differences(get(name, players=5, variants=[variant], rounds=3, target=0), range(4)) == []


@pytest.mark.parametrize("name", ["president", "arsehole"])
def test_president_and_arsehole_games_replay_in_the_rules_layer_from_their_records(name: str) -> None:
    """The record holds the seats' shuffle first (an order of the seats, as the rules layer draws it)."""
    rules = get(name, players=5, rounds=2, target=0)
    game = make(rules)
    state = game.init([3, 4])
    game.playout(state, seed=2)
    for i, record in enumerate(game.to_records(state)):
        assert sorted(record.draws[0]) == list(range(5))
        ref = rules.new_state(0, chance=record.draws)
        for code in record.codes:
            ref.apply(rules.action_space().decode(code))
        assert ref.outcome() is not None
        assert (
            np.allclose(ref.outcome().returns, state.rewards[i])
            and list(ref.scores) == state.scores[i].tolist()
        )
