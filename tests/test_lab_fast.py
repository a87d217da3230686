"""``bumtable lab --engine fast``: the compiled engine plays a study's matches hand by hand, each hand's facts
(the order out, the roles, a revolution, its player's dealt Jokers and the trigger credited) are what the
rules layer finds replaying the same games, and the revolution study's rates agree with the exact odds."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from bumtable.cli.app import app
from bumtable.fast import make
from bumtable.fast.policies import generators, policies
from bumtable.lab.exchange import EXCHANGE
from bumtable.lab.revolution import credited_trigger
from bumtable.lab.run import run_study
from bumtable.lab.studies import study
from bumtable.lab.study import LabError, Setup
from bumtable.rules import Rules, get
from bumtable.rules.climbing.facts import Revolution
from bumtable.sim.fast_hands import Hands, first_deals, hand_results, hands_played, match_hands

runner = CliRunner(env={"COLUMNS": "200"})
PRESIDENT_TRIGGERS = ["-o", "jokers=2", "-o", "revolution_triggers=[[3,2]]"]
"""President with a revolution the study can count, which the compiled engine does not play."""
REVOLUTION = study("revolution")


def _replayed(
    rules: Rules, draws: list[list[int]], codes: list[int]
) -> Iterator[tuple[Any, Revolution | None, int, int, int]]:
    """Each hand of a match replayed in the rules layer: its result, the revolution made in it, the actions
    and the plays (not passes) taken in it, and the match's winner if the hand ended it (else -1)."""
    state = rules.new_state(0, chance=draws)
    space = rules.action_space()  # type: ignore[attr-defined]
    seen: Revolution | None = state.observe(None).revolution
    hands = actions = plays = 0
    for code in codes:
        state.apply(space.decode(code))
        actions += 1
        plays += code != 0
        results = state.results  # type: ignore[attr-defined]
        if len(results) > hands:
            outcome = state.outcome() if state.is_over() else None
            yield results[-1], seen, actions, plays, -1 if outcome is None else outcome.winners[0]
            hands, actions, plays = len(results), 0, 0
        seen = state.observe(None).revolution
    assert hands == len(state.results)  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("players", "variants"), [(4, ()), (5, ()), (4, ("optional-revolution",)), (6, ("one-hour",))]
)
def test_each_hand_of_a_match_played_on_the_compiled_engine_is_the_hand_the_rules_layer_replays(
    players: int, variants: tuple[str, ...]
) -> None:
    rules = get("bum-game", players=players, variants=variants)
    game = make(rules, observe=False)
    state = game.init(np.arange(6))
    game.stop_at_hand_end(state)
    triggers = rules.revolution_triggers  # type: ignore[attr-defined]
    found: dict[int, list[tuple[Hands, int]]] = {}
    kinds = [("heuristic", "random")[p % 2] for p in range(players)]
    for hands in hands_played(game, policies(game), state, kinds, generators(9, 6)):
        for i, row in enumerate(hands.rows.tolist()):
            found.setdefault(row, []).append((hands, i))
    revolutions = 0
    for row, record in enumerate(game.to_records(state)):
        replayed = list(_replayed(rules, record.draws, list(record.codes)))
        assert len(replayed) == len(found[row]) > 1
        for (result, revolution, actions, plays, winner), (hands, i) in zip(
            replayed, found[row], strict=True
        ):
            assert hands.order[i].tolist() == list(result.order)
            assert hands.roles[i].tolist() == list(result.roles)
            assert (hands.revolution[i] >= 0) == result.revolution
            assert bool(hands.first[i]) == (result.hand_no == 1)
            assert (hands.actions[i], hands.plays[i], hands.winner[i]) == (actions, plays, winner)
            if revolution is not None:
                revolutions += 1
                assert hands.revolution[i] == revolution.player and hands.jokers[i] == revolution.jokers
                assert hands.dealt_roles[i].tolist() == list(revolution.old_roles)
                assert hands.credited(triggers)[i] == credited_trigger(triggers, revolution)
    assert revolutions > 0


def test_fresh_deals_are_the_first_hands_of_matches_dealt_from_the_same_seed() -> None:
    """Each row's shuffles come from its own generator, so the deals alone are the matches' first hands."""
    rules = get("bum-game", players=5)
    deals = next(first_deals(rules, 4, 400))
    played = next(match_hands(rules, ("random",) * 5, 4, 400))
    firsts = played.pick(np.flatnonzero(played.first))
    assert len(deals) == 400 and 1 < len(firsts) < 400 and (deals.order == -1).all()
    assert (deals.revolution >= 0).sum() > 0
    for name in ("dealt_roles", "roles", "revolution", "jokers"):
        assert (getattr(deals, name)[: len(firsts)] == getattr(firsts, name)).all(), name


def test_hands_are_given_whole_match_by_whole_match_as_the_reference_engine_plays_them() -> None:
    hands = next(match_hands(get("bum-game", players=4), ("heuristic",) * 4, 6, 500))
    assert len(hands) == 500 and (np.diff(hands.match) >= 0).all() and hands.first[0]
    starts = np.flatnonzero(np.diff(hands.match)) + 1
    assert (
        hands.first[starts].all() and hands.first.sum() == len(starts) + 1
    )  # each match from its first hand


def test_match_hands_stops_at_the_count_asked_across_batches() -> None:
    rules = get("bum-game", players=4, rounds=2)
    hands = list(match_hands(rules, ("random",) * 4, 3, 4100))
    assert sum(len(h) for h in hands) == 4100
    again = list(match_hands(rules, ("random",) * 4, 3, 4100))
    assert all(
        (a.order == b.order).all() for a, b in zip(hands, again, strict=True)
    )  # the seed alone decides


def test_hand_results_of_the_compiled_engine_number_each_matchs_hands_and_score_them_by_place() -> None:
    rules = get("bum-game", players=5)
    results = list(hand_results(rules, ("heuristic", "random") * 2 + ("heuristic",), 7, 3000))
    points = rules.points  # type: ignore[attr-defined]
    matches = [m for m, _ in results]
    assert len(results) == 3000 and matches == sorted(matches) and len(set(matches)) > 1
    for match in set(matches):
        assert [r.hand_no for m, r in results if m == match] == list(range(1, matches.count(match) + 1))
    for _, result in results:
        assert [result.points[p] for p in result.order] == list(points)


def test_the_exchange_study_on_the_compiled_engine_agrees_with_the_rules_layers() -> None:
    rules = get("bum-game", players=4)
    fast = run_study(
        EXCHANGE, Setup(rules=rules, bots=("heuristic",) * 4, seed=2, engine="fast"), count=40_000
    )
    ref = run_study(EXCHANGE, Setup(rules=rules, bots=("heuristic",) * 4, seed=2), count=1_200)
    for mine, theirs in zip(fast.figures["roles"], ref.figures["roles"], strict=True):
        assert mine["role"] == theirs["role"]
        assert mine["mean_points"] == pytest.approx(theirs["mean_points"], abs=0.25)  # by chance alone


def test_the_roles_study_on_the_compiled_engine_follows_each_match_of_two_hundred_hands() -> None:
    setup = Setup(rules=get("bum-game", players=4), bots=("heuristic",) * 4, seed=2, engine="fast")
    figures = run_study(study("roles"), setup, count=40_000).figures
    assert figures["hands"] == 40_000 and figures["matches"] == 200  # matches of 200 hands, counted whole
    assert sum(figures["stationary"]) == pytest.approx(1)
    assert figures["transitions"] == 40_000 - 200  # from each hand to the next
    assert sum(map(sum, figures["counts"])) == 4 * (40_000 - 200)  # each seat's role, from hand to hand
    assert 1 < figures["bum_to_boss"] < 50 and figures["parity"]["within_hands"] == 200


def test_the_balance_study_on_the_compiled_engine_counts_first_places_of_the_bum_game() -> None:
    setup = Setup(rules=get("bum-game", players=5), bots=("heuristic",) * 5, seed=4, engine="fast")
    figures = run_study(study("balance"), setup, count=20_000).figures
    by_seat = figures["first_by_seat"]
    assert sum(r["count"] for r in by_seat) == 20_000
    after = [r["rate"] for r in figures["first_by_previous_role"]]
    assert after == sorted(after, reverse=True)  # the Boss of the hand before wins most, the Bum least


def test_the_revolution_study_on_the_compiled_engine_agrees_with_the_exact_odds() -> None:
    setup = Setup(rules=get("bum-game", players=4), bots=("heuristic",) * 4, seed=3, engine="fast")
    figures = run_study(REVOLUTION, setup, count=30_000).figures
    assert figures["hands"] == figures["deals"] == 30_000
    for row in [*figures["triggers"], figures["any"]]:
        assert row["match_agrees"] and row["deal_agrees"], row
        assert row["revolutions"] > 0 and row["deal_revolutions"] > 0
    two = run_study(REVOLUTION, setup, count=30_000, jobs=2).figures
    assert two == figures  # chunks seeded alone: the same figures from two processes


def test_the_command_runs_the_revolution_study_on_the_compiled_engine() -> None:
    args = ["lab", "revolution", "bum-game", "-n", "6", "--hands", "3000", "--seed", "5", "--engine", "fast"]
    done = runner.invoke(app, [*args, "--json"])
    assert done.exit_code == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["figures"]["hands"] == 3000 and "--engine fast" in result["command"]


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (
            ["lab", "length", "bum-game", "--engine", "fast"],
            "the length study plays on the reference engine only",
        ),
        (
            ["lab", "revolution", "bum-game", "--engine", "fast", "--bots", "hard"],
            "the compiled engine plays",
        ),
        (
            ["lab", "revolution", "president", *PRESIDENT_TRIGGERS, "--engine", "fast"],
            "the compiled engine does not play these options: jokers, revolution_triggers",
        ),
        (["lab", "revolution", "bum-game", "--engine", "quick"], "--engine must be one of reference, fast"),
    ],
)
def test_what_the_compiled_engine_cannot_play_is_refused_in_one_line_before_any_work(
    args: list[str], said: str
) -> None:
    done = runner.invoke(app, args)
    assert done.exit_code == 2
    assert said in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_setup_for_the_compiled_engine_is_checked_before_any_work() -> None:
    setup = Setup(rules=get("bum-game", players=4), bots=("medium",) * 4, seed=1, engine="fast")
    with pytest.raises(LabError, match="the compiled engine plays the bots"):
        REVOLUTION.ready(setup)


def test_a_record_of_the_compiled_engine_goes_on_and_is_refused_to_the_other_engine(tmp_path: Path) -> None:
    setup = Setup(rules=get("bum-game", players=4), bots=("random",) * 4, seed=8, engine="fast")
    path = tmp_path / "revolution.jsonl"
    first = run_study(REVOLUTION, setup, count=40_000, record=path).figures
    told: list[int] = []
    again = run_study(REVOLUTION, setup, count=40_000, record=path, resumed=told.append).figures
    assert again == first and told == [40_000]  # every chunk read back, none played again
    with pytest.raises(LabError, match="engine"):
        run_study(REVOLUTION, replace(setup, engine="reference"), count=400, record=path)
