"""The compiled batch policies: the heuristic decides as the reference ``heuristic`` bot (GreedyBot) on the same
observations, decision by decision; games played with the policies inside compiled code; and ``bumtable
simulate --engine fast``."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from bumtable.bots import greedy
from bumtable.bots.greedy import GreedyBot
from bumtable.cli.app import app
from bumtable.fast import make, policies
from bumtable.fast.kernels import F_NHIST
from bumtable.fast.policies import Policies, generators, kind_code
from bumtable.rules import Rules, get
from bumtable.sim import simulate
from bumtable.sim.fast_sim import simulate_fast

ONE_HAND = get("bum-game", players=4, rounds=1)
runner = CliRunner(env={"COLUMNS": "200"})


def greedy_differences(
    rules: Rules, seeds: list[int], *, bots: Policies | None = None, stop_at_hand_end: bool = True
) -> tuple[int, int, list[str]]:
    """Play each seed's game in the rules layer and the compiled engine, the compiled heuristic choosing for
    every seat. At each decision with a choice, GreedyBot's ranking must be in the order of the compiled
    values, and its choice one of the compiled heuristic's best, as the compiled choice must be. The
    decisions compared, how many chose the very same play (ties are drawn by different generators), and the
    differences found."""
    game = bots.game if bots is not None else make(rules, stop_at_hand_end=stop_at_hand_end)
    bots = bots or policies.policies(game)
    refs = []
    for seed in seeds:
        ref = rules.new_state(seed)
        if game.stops_at_hand_end:
            ref.stop_at_hand_end()
        refs.append(ref)
    hands = 1 if game.stops_at_hand_end or game.tables.ends_match else game.tables.hands
    deals = []
    for ref in refs:
        chance = ref.chance.copy()
        for _ in range(hands - 1):
            chance.shuffle(list(rules.deck_codes))  # type: ignore[attr-defined]
        deals.append(chance.draws)
    state = game.init(seeds, deals=deals)
    gen = generators(0, len(seeds))
    space = rules.action_space()
    bot = GreedyBot(0)
    decisions = same = 0
    problems: list[str] = []
    while not state.terminated.all():
        values = bots.heuristic_values(state)
        codes = bots.heuristic_actions(state, gen)
        for i, ref in enumerate(refs):
            if state.terminated[i]:
                continue
            seat = ref.current_player()
            assert seat == state.current_player[i]
            if len(ref.legal_actions()) > 1:
                seen = ref.observe(seat)
                order = [space.encode(p) for p in bot.ranked(seen)]
                chosen = space.encode(bot.choose(seen))
                decisions += 1
                same += chosen == codes[i]
                v = values[i]
                if not np.isnan(v).all():  # (a revolution's decision: both declare it)
                    best = np.nanmin(v) + 1e-9
                    if np.any(np.diff(v[order]) < -1e-9) or v[chosen] > best or v[codes[i]] > best:
                        problems.append(f"seed {seeds[i]}, action {state.ints[i, F_NHIST]}")
                elif chosen != codes[i]:
                    problems.append(f"seed {seeds[i]}, action {state.ints[i, F_NHIST]}: revolution")
            ref.apply(space.decode(int(codes[i])))
        game.step(state, codes)
    return decisions, same, problems


def test_the_heuristics_terms_are_the_greedy_bots() -> None:
    names = ("WILD_PENALTY", "LATE_WILD_PENALTY", "EARLY_CARDS", "HIGH_PENALTY", "PASS_BONUS")
    assert [getattr(policies, n) for n in names] == [getattr(greedy, n) for n in names]


def test_the_heuristic_decides_as_greedybot_over_a_few_hundred_hands() -> None:
    decisions, same, problems = greedy_differences(ONE_HAND, list(range(200)))
    assert problems == []
    assert decisions > 200 * 15
    assert same / decisions > 0.9  # the rest are ties, drawn by each one's own generator


def test_the_heuristic_decides_as_greedybot_in_first_hands_of_matches_and_a_whole_match() -> None:
    rules = get("bum-game", players=4)
    assert greedy_differences(rules, list(range(500, 540)))[2] == []
    assert greedy_differences(rules, [7], stop_at_hand_end=False)[2] == []  # a whole match to the target


def test_a_heuristic_with_a_wrong_sequence_length_is_caught() -> None:
    bots = policies.policies(make(ONE_HAND))
    bots.shape = bots.shape.copy()
    bots.shape[2] += 1  # sequences of four ranks or more
    assert greedy_differences(ONE_HAND, list(range(40)), bots=bots)[2] != []


def test_playout_plays_every_row_to_its_end_and_the_records_replay_in_the_rules_layer() -> None:
    game = make(ONE_HAND)
    bots = policies.policies(game)
    state = game.init(np.arange(60))
    taken = bots.playout(state, ["heuristic", "random", "greedy", "random"], generators(3, 60))
    assert state.terminated.all() and taken == int(state.ints[:, F_NHIST].sum())
    assert np.allclose(state.rewards.sum(axis=1), 0, atol=1e-6)
    for record, rewards in zip(game.to_records(state), state.rewards, strict=True):
        ref = ONE_HAND.new_state(0, chance=record.draws)
        for code in record.codes:
            ref.apply(ONE_HAND.action_space().decode(code))
        outcome = ref.outcome()
        assert outcome is not None and np.allclose(outcome.returns, rewards)


def test_compiled_deals_are_whole_decks_the_rules_layer_replays() -> None:
    game = make(get("bum-game", players=4), stop_at_hand_end=True)
    bots = policies.policies(game)
    state = game.init(np.arange(30))
    bots.deal(state, generators(9, 30))
    bots.playout(state, ["heuristic"] * 4, generators(10, 30))
    for record in game.to_records(state):
        assert all(sorted(d) == sorted(game.tables.deck.tolist()) for d in record.draws)
        ref = game.rules.new_state(0, chance=record.draws)
        ref.stop_at_hand_end()
        for code in record.codes:
            ref.apply(game.rules.action_space().decode(code))
        assert ref.current_player() is None


def test_a_rows_game_depends_on_its_generator_alone() -> None:
    game = make(ONE_HAND)
    bots = policies.policies(game)
    gen = generators(5, 8)
    many = game.init(np.arange(8))
    bots.playout(many, ["heuristic", "random"] * 2, gen.copy())
    one = game.init([3])
    bots.playout(one, ["heuristic", "random"] * 2, gen[3:4].copy())
    n = int(one.ints[0, F_NHIST])
    assert n == many.ints[3, F_NHIST] and np.array_equal(one.history[0, :n], many.history[3, :n])
    again = game.init(np.arange(8))
    bots.playout(again, ["heuristic", "random"] * 2, gen.copy())
    assert np.array_equal(again.history, many.history)


def test_random_actions_are_legal_and_reach_every_choice() -> None:
    game = make(ONE_HAND)
    bots = policies.policies(game)
    state = game.init(np.zeros(2000, dtype=np.int64))  # the same deal in every row
    codes = bots.random_actions(state, generators(1, 2000))
    assert state.legal_action_mask[np.arange(2000), codes].all()
    assert set(codes.tolist()) == set(np.flatnonzero(state.legal_action_mask[0]).tolist())


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda b, s: kind_code("medium"), "random, heuristic"),
        (lambda b, s: b.heuristic_actions(s, generators(0, 3)), "one uint64 generator per row"),
        (lambda b, s: b.play(s, ["random"] * 3, generators(0, 2)), "3 seat kinds for a 4-player game"),
        (lambda b, s: b.play(s, [None] * 4, generators(0, 2), first=[894, -1]), "row 0: action code 894"),
        (lambda b, s: b.playout(s, ["random", None, "random", "random"], generators(0, 2)), "every seat"),
    ],
)
def test_bad_input_is_refused_with_what_was_wrong(call: Any, message: str) -> None:
    game = make(ONE_HAND)
    state = game.init([1, 2])
    before = state.copy()
    with pytest.raises(ValueError, match=message):
        call(policies.policies(game), state)
    assert np.array_equal(state.ints, before.ints)


def test_simulate_fast_reports_one_hand_matches_as_the_reference_engine_does() -> None:
    fast = simulate_fast(ONE_HAND, hands=3000, bots=["heuristic", "random"], seed=4)
    ref = simulate(ONE_HAND, hands=600, bots=["heuristic", "random"], seed=4, jobs=1)
    assert fast.to_dict().keys() == ref.to_dict().keys()
    assert (fast.hands, fast.matches_finished, fast.hands_with_roles, sum(fast.match_winners.values())) == (
        3000,
        3000,
        3000,
        3000,
    )
    assert sum(fast.points_by_role.values()) == pytest.approx(3 + 2 + 1 + 0)
    assert all(sum(shares) == pytest.approx(1) for shares in fast.finish_by_role.values())
    for role, points in ref.points_by_role.items():  # the same game: close, by chance alone
        assert fast.points_by_role[role] == pytest.approx(points, abs=0.35)
    assert fast.points_by_bot["heuristic"] > fast.points_by_bot["random"]
    assert fast.plays_per_hand == pytest.approx(ref.plays_per_hand, rel=0.1)
    assert fast.revolution_rate == pytest.approx(fast.exact_revolution_rate, abs=0.03)
    again = simulate_fast(ONE_HAND, hands=3000, bots=["heuristic", "random"], seed=4, jobs=2)
    assert again == fast


def test_simulate_fast_plays_hands_of_whole_matches_as_the_reference_engine_does() -> None:
    rules = get("bum-game", players=4)
    fast = simulate_fast(rules, hands=20_000, bots=["heuristic"], seed=5, jobs=2)
    ref = simulate(rules, hands=1_200, bots=["heuristic"], seed=5, jobs=1)
    assert fast.hands_with_roles == 20_000 and 250 < fast.matches_finished < 450  # about 57 hands a match
    assert sum(fast.match_winners.values()) == fast.matches_finished
    assert fast.cancelled_exchanges == ref.cancelled_exchanges == 0  # Jokers that cancel make a revolution
    for role, points in ref.points_by_role.items():  # the same game: close, by chance alone
        assert fast.points_by_role[role] == pytest.approx(points, abs=0.25)
    assert fast.actions_per_hand == pytest.approx(ref.actions_per_hand, rel=0.1)
    assert fast.plays_per_hand == pytest.approx(ref.plays_per_hand, rel=0.1)


def test_simulate_engine_fast_prints_the_reference_report_shape() -> None:
    args = ["simulate", "--hands", "200", "--seed", "3", "--json"]
    fast = runner.invoke(app, [*args, "--engine", "fast", "--bots", "heuristic,random"])
    ref = runner.invoke(app, args)
    assert fast.exit_code == 0, fast.output
    assert json.loads(fast.stdout).keys() == json.loads(ref.stdout).keys()
    shown = runner.invoke(app, ["simulate", "--hands", "50", "--seed", "3", "--engine", "fast"])
    assert shown.exit_code == 0 and "(compiled engine)" in shown.output


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--bots", "medium"], "plays the bots heuristic, greedy, random, not medium"),
        (["--engine", "warp"], "--engine must be one of reference, fast"),
        (["--ray", "auto"], "leave out --ray"),
        (["gin-bummy"], "the compiled engine does not play"),
    ],
)
def test_simulate_engine_fast_refuses_what_it_cannot_run(extra: list[str], message: str) -> None:
    result = runner.invoke(app, ["simulate", "--hands", "10", "--engine", "fast", *extra])
    assert result.exit_code == 2 and message in result.output


def test_simulate_engine_fast_without_numba_says_how_to_install_it() -> None:
    code = (
        "import sys; sys.modules['numba'] = None\n"
        "from typer.testing import CliRunner\nfrom bumtable.cli.app import app\n"
        "r = CliRunner().invoke(app, ['simulate', '--hands', '5', '--engine', 'fast'])\n"
        "print(r.exit_code, r.output)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.startswith("2 ") and "pip install 'bumtable[fast]'" in out
