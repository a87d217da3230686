"""Every game on the one interface: the registry, records, bots and simulation for Gin Bummy and Boojum too."""

from __future__ import annotations

import random

import pytest

from bumtable.bots import BoojumBot, GinBummyBot, GreedyBot, RandomBot, make_bot
from bumtable.errors import BumtableError, RulesError
from bumtable.rules import GameRecord, climbing, get, rules_from_json, sample_state, system, systems
from bumtable.rules.boojum import BoojumRules
from bumtable.rules.gin_bummy import GinBummyRules
from bumtable.sim import simulate_games

NON_CLIMBING = [("gin-bummy", 2), ("gin-bummy", 4), ("boojum", 3), ("boojum", 6)]


def test_every_game_is_registered_with_its_player_range() -> None:
    assert set(systems()) >= {"gin-bummy", "boojum"}
    assert (system("gin").min_players, system("gin").max_players) == (2, 4)
    assert (system("boojum").min_players, system("boojum").default_players) == (3, 4)
    assert isinstance(get("gin"), GinBummyRules) and isinstance(get("boojum", players=7), BoojumRules)
    assert get("boojum", players=7).decks == 3


def test_player_counts_outside_a_games_range_are_refused_with_the_range() -> None:
    with pytest.raises(RulesError, match="Gin Bummy is for 2 to 4 players, not 5"):
        get("gin-bummy", players=5)
    with pytest.raises(RulesError, match="Boojum is for 3 to 12 players, not 2"):
        get("boojum", players=2)


def test_variants_and_options_apply_to_the_games_that_are_not_climbing_games() -> None:
    assert get("gin", variants=["shuffle-beg"]).turn_over == "shuffle"
    assert get("boojum", variants=["extended"]).extended
    assert get("boojum", repeat_tokens=True).repeat_tokens
    with pytest.raises(RulesError, match="gin-bummy has no variant 'revolution'"):
        get("gin", variants=["revolution"])


def test_climbing_refuses_a_game_that_is_not_a_climbing_game() -> None:
    assert climbing("bum").system == "bum-game"
    with pytest.raises(RulesError, match="gin-bummy is not a climbing game"):
        climbing("gin")


@pytest.mark.parametrize("game", ["gin-bummy", "boojum"])
def test_rules_round_trip_through_json_by_their_system(game: str) -> None:
    rules = get(game, players=3)
    assert rules_from_json(rules.to_json()) == rules


@pytest.mark.parametrize(("game", "players"), NON_CLIMBING)
def test_a_whole_game_record_replays_to_the_same_final_position(game: str, players: int) -> None:
    rules = get(game, players=players)
    state = rules.new_state(seed=players * 7)
    rng = random.Random(players)
    bots = [make_bot("heuristic", seed=p, game=game) for p in range(players)]
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        action = (
            bots[seat].choose(state.observe(seat))
            if rng.random() < 0.7
            else rng.choice(state.legal_actions())
        )
        state.apply(action)
    record = GameRecord.from_json(GameRecord.of(state, app="test").to_json())
    again = record.replay()
    assert again.is_over() and again.outcome() == state.outcome()
    assert again.history == state.history
    assert [rules.action_text(a) for a in again.history] == list(record.actions)  # type: ignore[arg-type]


def test_a_record_with_an_illegal_action_says_which_action() -> None:
    state = get("gin").new_state(seed=3)
    record = GameRecord.of(state)
    bad = GameRecord(record.rules, record.seed, ("bum",))
    with pytest.raises(BumtableError, match=r"record action 1 \('bum'\) cannot be replayed"):
        bad.replay()


@pytest.mark.parametrize(
    ("game", "cls"), [("bum-game", GreedyBot), ("gin-bummy", GinBummyBot), ("boojum", BoojumBot)]
)
def test_the_heuristic_bot_is_each_familys_own_and_greedy_names_it_too(game: str, cls: type) -> None:
    assert isinstance(make_bot("heuristic", 1, game=game), cls)
    assert isinstance(make_bot("greedy", 1, game=game), cls)
    assert isinstance(make_bot("random", 1, game=game), RandomBot)


@pytest.mark.parametrize(("game", "players"), NON_CLIMBING)
def test_sample_state_works_for_every_family_from_the_package_entry_point(game: str, players: int) -> None:
    state = get(game, players=players).new_state(seed=5)
    seat = state.current_player()
    assert seat is not None
    sampled = sample_state(state.observe(seat), random.Random(1))
    assert sampled.observe(seat).hand == state.observe(seat).hand


def test_simulated_games_count_every_game_once_and_repeat_with_the_seed() -> None:
    rules = get("boojum", players=3)
    a = simulate_games(rules, games=4, bots=["heuristic", "random"], seed=9)
    b = simulate_games(rules, games=4, bots=["heuristic", "random"], seed=9)
    assert a.games == 4 and sum(a.endings.values()) == 4
    assert sum(a.wins_by_bot.values()) + a.no_winner == pytest.approx(4)
    assert sum(a.seats_by_bot.values()) == 4 * 3
    assert (a.wins_by_bot, a.endings, a.actions_per_game) == (b.wins_by_bot, b.endings, b.actions_per_game)


def test_the_gin_bummy_heuristic_beats_random_play_in_simulation() -> None:
    report = simulate_games(get("gin"), games=60, bots=["heuristic", "random"], seed=4)
    assert report.wins_by_bot["heuristic"] > 3 * report.wins_by_bot["random"]
    assert report.endings.get("turn-limit", 0) == 0


def test_the_turn_limit_safeguard_ends_gin_bummy_games_that_run_too_long() -> None:
    report = simulate_games(get("gin", max_turns=6), games=5, bots=["random"], seed=1)
    assert report.endings.get("turn-limit", 0) >= 1
    assert report.longest <= 6


def _every_variant() -> list[tuple[str, str]]:
    from bumtable.rules.boojum import VARIANTS as BOOJUM
    from bumtable.rules.gin_bummy import VARIANTS as GIN

    return [("gin-bummy", v) for v in sorted(GIN)] + [("boojum", v) for v in sorted(BOOJUM)]


@pytest.mark.parametrize(("game", "variant"), _every_variant())
def test_every_variant_simulates_to_the_end_with_both_bots(game: str, variant: str) -> None:
    rules = get(game, players=3, variants=[variant])
    report = simulate_games(rules, games=2, bots=["heuristic", "random"], seed=len(variant))
    assert report.games == 2 and sum(report.endings.values()) == 2
    assert report.actions_per_game > 0
