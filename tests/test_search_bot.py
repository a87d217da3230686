"""The search bot (the flat search the levels run, and the experimental tree search): in every game and every
kind of decision it chooses only legal actions from its own observation; a fixed seed and iteration budget
choose the same; its configuration is read from the bot kind's name, and a bad one is refused with what was
wrong."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from bumtable.bots import make_bot, make_search
from bumtable.bots.search import Playouts, SearchBot, SearchConfig, paired_gain, place_values
from bumtable.bots.search_eval import (
    MARGIN_SCALE,
    BoojumEstimate,
    ClimbingEstimate,
    boojum_prospects,
    estimate_for,
)
from bumtable.cards import Card
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.rules.registry import family_of

SMALL = SearchConfig(iterations=6, max_rollout=40)
"""A small budget: legality is what these tests check, not strength."""


def _playouts(game: str, config: SearchConfig) -> Playouts:
    """The playouts of a search bot of ``game`` with ``config``, seeded 1."""
    bot = make_search(config, seed=1, game=game)
    return Playouts(bot.family, bot.policy, bot.config, random.Random(1), bot.estimate)


GAMES: list[tuple[str, int, dict[str, Any], list[str]]] = [
    # (game, players, options, variants): each chosen so that its special decisions come up
    ("bum-game", 4, {"target": 4}, ["optional-revolution"]),
    ("president", 4, {"rounds": 2}, []),  # hand 2: the President chooses the cards to give
    ("arsehole", 4, {"target": 3}, ["reverse-direction"]),
    ("zheng-shangyou", 5, {"target": 3}, []),
    ("gin-bummy", 2, {}, []),
    ("boojum", 3, {"max_rounds": 2}, []),
]


@pytest.mark.parametrize(("game", "players", "options", "variants"), GAMES, ids=[g[0] for g in GAMES])
def test_the_search_bot_chooses_only_legal_actions_in_every_phase(
    game: str, players: int, options: dict[str, Any], variants: list[str]
) -> None:
    rules = get(game, players=players, variants=variants, **options)
    state = rules.new_state(seed=11)
    search = make_search(SMALL, seed=3, game=game)
    other = make_bot("heuristic", seed=4, game=game)
    rng = random.Random(5)
    phases: set[str] = set()
    decisions = 0
    while not state.is_over() and decisions < 250:
        seat = state.current_player()
        assert seat is not None
        observation = state.observe(seat)
        legal = state.legal_actions()
        if seat % 2 == 0 and len(legal) > 1:
            action = search.choose(observation)
            assert action in legal, f"{game}: {action} is not legal in phase {observation.phase}"
            phases.add(observation.phase)
            decisions += 1
        else:
            action = other.choose(observation) if rng.random() < 0.8 else rng.choice(legal)
        state.apply(action)
    assert decisions > 0 and phases, f"{game}: the search bot was never asked"


def test_the_search_bot_decided_the_climbing_games_special_choices() -> None:
    """A President's choice of cards to give and an optional revolution are decisions it makes (not only plays)."""
    for game, variants, seed, wanted in (
        ("president", [], 11, "exchange"),
        ("bum-game", ["optional-revolution"], 3, "revolution"),
    ):
        rules = get(game, players=4, variants=variants, rounds=3, target=0)
        state = rules.new_state(seed=seed)
        bots = [make_search(SMALL, seed=s, game=game) for s in range(4)]
        seen: set[str] = set()
        while not state.is_over() and wanted not in seen:
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            legal = state.legal_actions()
            if len(legal) > 1:
                seen.add(observation.phase)
            state.apply(bots[seat].choose(observation) if len(legal) > 1 else legal[0])
        assert wanted in seen, f"{game}: no {wanted} decision came up ({sorted(seen)})"


def test_a_fixed_seed_and_iteration_budget_choose_the_same_action() -> None:
    for game, players in (("bum-game", 4), ("gin-bummy", 2), ("boojum", 3)):
        state = get(game, players=players).new_state(seed=8)
        while len(state.legal_actions()) < 2:
            state.apply(state.legal_actions()[0])
        observation = state.observe(state.current_player())
        config = SearchConfig(iterations=25, max_rollout=60)
        first = [make_search(config, seed=s, game=game).choose(observation) for s in (1, 2, 3)]
        again = [make_search(config, seed=s, game=game).choose(observation) for s in (1, 2, 3)]
        assert first == again


def test_the_search_spends_its_iteration_budget_and_stops_at_a_time_budget() -> None:
    state = get("bum-game", players=4).new_state(seed=8)
    observation = state.observe(state.current_player())
    assert make_search(SearchConfig(iterations=17), seed=1).decide(observation).iterations == 17
    timed = make_search(SearchConfig(iterations=10**9, seconds=0.05), seed=1).decide(observation)
    assert 0 < timed.iterations < 10**9


def test_the_bot_kinds_name_sets_the_search_and_a_bad_one_says_what_was_wrong() -> None:
    bot = make_bot("search:iterations=12:max_depth=1:rollout=random", seed=1, game="president")
    assert isinstance(bot, SearchBot)
    assert (bot.config.iterations, bot.config.max_depth, bot.config.rollout) == (12, 1, "random")
    with pytest.raises(BumtableError, match="search has no setting 'depth'"):
        make_bot("search:depth=2")
    with pytest.raises(BumtableError, match=r"search setting iterations='many': not a whole number"):
        make_bot("search:iterations=many")
    with pytest.raises(BumtableError, match="rollout='clever': heuristic or random"):
        make_bot("search:rollout=clever")
    with pytest.raises(BumtableError, match="reward='money': place or points"):
        make_bot("search:reward=money")
    with pytest.raises(BumtableError, match="cutoff='score': rank or margin"):
        make_bot("search:cutoff=score")


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("iterations=0", "iterations=0: must be at least 1"),
        ("iterations=-5", "iterations=-5: must be at least 1"),
        ("seconds=0", r"seconds=0.0: must be more than 0 \(or none\)"),
        ("first_weight=7", "first_weight=7.0: must be from 0 to 1"),
        ("infer=nan", "infer=nan: must be from 0 to 1"),
        ("prune=-1", "prune=-1: must be at least 0"),
        ("exploration=-0.5", "exploration=-0.5: must be at least 0"),
        ("token_weight=-1", "token_weight=-1.0: must be at least 0"),
        ("exploration=inf", "exploration=inf: must be at least 0"),
        ("margin=inf", "margin=inf: must be at least 0"),
    ],
)
def test_a_search_setting_out_of_its_range_is_refused_with_the_range(setting: str, message: str) -> None:
    with pytest.raises(BumtableError, match="search setting " + message):
        make_bot(f"search:{setting}")
    with pytest.raises(BumtableError, match="search setting " + message):  # built in code too
        name, _, value = setting.partition("=")
        made = BoojumEstimate if name == "token_weight" else SearchConfig  # the Boojum estimate's own setting
        default = getattr(made(), name)
        made(**{name: (float if default is None else type(default))(value)})
    for fine in ("iterations=1", "first_weight=1", "infer=0", "seconds=none", "max_rollout=0"):
        make_bot(f"search:{fine}")  # the ends of each range are allowed


def test_a_place_is_worth_one_for_first_zero_for_last_linear_between() -> None:
    assert place_values((1, 2, 3, 4)) == (1.0, 2 / 3, 1 / 3, 0.0)
    assert place_values((2, 1)) == (0.0, 1.0)
    assert family_of(get("gin-bummy")).hand_places(get("gin-bummy").new_state(seed=1)) is None


def _first_hand_played(game: str, players: int, seed: int, variants: tuple[str, ...] = ()) -> Any:
    rules = get(game, players=players, variants=list(variants))
    state = rules.new_state(seed=seed)
    bots = [make_bot("heuristic", seat, game) for seat in range(players)]
    while family_of(rules).hands_over(state) == 0:
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observe(seat)))
    return state


@pytest.mark.parametrize("seed", [1, 2])
def test_playing_for_points_values_a_hand_by_its_score_where_a_game_pays_only_first_and_second(
    seed: int,
) -> None:
    state = _first_hand_played("zheng-shangyou", 5, seed)
    points = state.results[-1].points
    assert sorted(points) == [0, 0, 0, 1, 2]  # Zheng Shangyou pays 2 for first out, 1 for second
    for_points = _playouts("zheng-shangyou", SearchConfig(iterations=1, reward="points"))
    for_places = _playouts("zheng-shangyou", SearchConfig(iterations=1))
    assert for_points.play_out(state.copy(), 0).values == tuple(p / 2 for p in points)
    places = family_of(state.rules).hand_places(state)
    assert for_places.play_out(state.copy(), 0) == (place_values(places), places, False)


def test_playing_for_points_in_a_partnership_counts_the_teams_points_as_the_match_credits_them() -> None:
    state = _first_hand_played("zheng-shangyou", 4, 1, ("partnership",))
    credited = tuple(state.scores)  # after the first hand: what each member was credited
    assert family_of(state.rules).hand_points(state) == credited
    for p in range(4):  # partners are credited alike
        assert {credited[q] for q in range(4) if state.team_of(q) == state.team_of(p)} == {credited[p]}
    assert len(set(credited)) == 2  # and the two teams differ (3 and 0, or 2 and 1)
    playouts = _playouts("zheng-shangyou", SearchConfig(iterations=1, reward="points"))
    low, high = min(credited), max(credited)
    assert playouts.play_out(state.copy(), 0).values == tuple((p - low) / (high - low) for p in credited)


def test_playing_for_points_is_playing_for_places_where_every_place_scores_in_step() -> None:
    state = _first_hand_played("bum-game", 4, 3)  # The Bum Game for 4 pays 3, 2, 1, 0
    points = family_of(state.rules).hand_points(state)
    assert points is not None and sorted(points) == [0, 1, 2, 3]
    playouts = _playouts("bum-game", SearchConfig(iterations=1, reward="points"))
    assert playouts.play_out(state.copy(), 0).values == place_values(
        family_of(state.rules).hand_places(state)
    )
    gin = get("gin-bummy")  # no hand points: places, as before
    assert family_of(gin).hand_points(gin.new_state(seed=1)) is None


# ---------------------------------------------------------------- sequential halving, pruning, hand inference


def test_sequential_halving_keeps_to_its_budget_unless_every_action_needs_one_playout() -> None:
    state = get("zheng-shangyou", players=5).new_state(seed=3)
    observation = state.observe(state.current_player())
    actions = len({state.rules.action_text(a) for a in state.legal_actions()})
    assert actions > 20
    for budget in (10, 100, 300):
        config = SearchConfig(iterations=budget, paired=True, halving=True)
        decision = make_search(config, seed=1, game="zheng-shangyou").decide(observation)
        assert decision.action in state.legal_actions()
        if budget < actions:
            assert decision.iterations == actions  # one playout each: the least a choice among them needs
        else:
            assert budget - actions <= decision.iterations <= budget


def test_pruning_searches_only_the_heuristics_best_actions() -> None:
    state = get("zheng-shangyou", players=5).new_state(seed=3)
    observation = state.observe(state.current_player())
    config = SearchConfig(iterations=60, paired=True, prune=5)
    decision = make_search(config, seed=1, game="zheng-shangyou").decide(observation)
    best = [
        state.rules.action_text(a) for a in make_bot("heuristic", 1, "zheng-shangyou").ranked(observation)
    ][:5]  # type: ignore[attr-defined]
    assert sorted(decision.stats) == sorted(best)
    assert state.rules.action_text(decision.action) in best


CLIMBING = [
    ("bum-game", 4, []),
    ("president", 4, []),
    ("arsehole", 5, ["reverse-direction"]),
    ("arsehole", 4, ["reverse-ranking", "bridge-suits"]),
    ("zheng-shangyou", 5, []),
    ("zheng-shangyou", 6, ["partnership"]),
]


@pytest.mark.parametrize(("game", "players", "variants"), CLIMBING, ids=[f"{g}-{n}" for g, n, _ in CLIMBING])
def test_hand_inference_replays_the_real_deal_to_the_present_and_weighs_random_deals_less(
    game: str, players: int, variants: list[str]
) -> None:
    """Against heuristic players, the real deal can be played again from the hand's start to the present at
    every turn of two hands (players going out, tricks won by a player who went out, flushes, reversals), and
    it explains the moves (weight 1 but for the heuristic's tie-breaks); deals of the unseen cards at random
    mostly do not, and no deal weighs more than 1."""
    from bumtable.bots.inference import replay_hand
    from bumtable.rules.climbing.sample import sample_state

    heuristic = make_bot("heuristic", 1, game)
    checked = whole = lighter = sampled = 0
    for seed in range(3):
        state = get(game, players=players, variants=variants).new_state(seed=seed)
        while not state.is_over() and len(state.results) < 2:
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            if observation.phase == "play" and observation.played:
                weight, complete = replay_hand(observation, state, heuristic, 0.5)
                assert complete, (
                    f"{game}: the real deal could not be replayed (seed {seed}, hand {state.hand_no})"
                )
                checked += 1
                whole += weight == 1.0
                if checked % 10 == 0:
                    guess = sample_state(observation, random.Random(checked))
                    w, _ = replay_hand(observation, guess, heuristic, 0.5)
                    assert 0 < w <= 1
                    sampled += 1
                    lighter += w < 1
            state.apply(heuristic.choose(observation))
    assert checked > 100
    assert whole / checked > 0.8
    assert lighter / sampled > 0.5


def test_gin_bummy_inference_weighs_deals_where_a_passed_over_or_discarded_card_would_have_fitted_less() -> (
    None
):
    from bumtable.bots.inference import gin_bummy_weight
    from bumtable.rules.gin_bummy import gin_bummy, position

    rules = gin_bummy(2)
    # seat 1 (no heart: a core of three at most) passes over the 8d, draws the Ks and throws the 7c away
    state = position(rules, ["Kh Qh 2h 9h 10h 5h", "2c 3d 4s 5s 6c 6d 7c"], beg="8d", stock_top="Ks", turn=1)
    for text in ("draw stock", "discard 7c"):
        state.apply(rules.parse_action(text))
    observation = state.observe(0)
    assert observation.beg_declined[1] == (int(Card.parse("8d")),)
    assert observation.number_discards[1] == (int(Card.parse("7c")),)
    assert gin_bummy_weight(observation, state, None, 0.5) == 1.0  # neither card grows the real hand's core

    def deal(hand: str) -> Any:  # a deal giving seat 1 this hand
        return position(rules, ["Kh Qh 2h 9h 10h", hand])

    assert gin_bummy_weight(observation, deal("3h 4s 5c Jd Ks"), None, 0.5) == 0.5  # the 8d would have fitted
    assert gin_bummy_weight(observation, deal("3h 4s Jd Ks Qs"), None, 0.5) == 0.25  # and the 7c too
    assert gin_bummy_weight(observation, deal("3h 4s 5c 6d Ks"), None, 0.5) == 1.0  # a whole core: no sign


def test_gin_bummy_inference_prefers_the_real_deal_to_random_ones_against_the_heuristic() -> None:
    from bumtable.bots.inference import gin_bummy_weight
    from bumtable.rules.gin_bummy import sample_state

    heuristic = make_bot("heuristic", 1, "gin-bummy")
    real: list[float] = []
    guessed: list[float] = []
    for seed in range(12):
        state = get("gin-bummy").new_state(seed=seed)
        while not state.is_over():
            seat = state.current_player()
            assert seat is not None
            observation = state.observe(seat)
            if observation.steps % 5 == 0:
                real.append(gin_bummy_weight(observation, state, heuristic, 0.5))
                guess = sample_state(observation, random.Random(observation.steps))
                guessed.append(gin_bummy_weight(observation, guess, heuristic, 0.5))
            state.apply(heuristic.choose(observation))
    assert len(real) > 50 and all(0 < w <= 1 for w in real + guessed)
    assert sum(w == 1 for w in real) / len(real) > 0.8  # the heuristic's choices mostly fit its own hand
    assert sum(real) / len(real) > sum(guessed) / len(guessed) + 0.1


def test_hand_inference_weighs_every_deal_alike_in_games_without_it() -> None:
    state = get("boojum", players=4).new_state(seed=4)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    observation = state.observe(state.current_player())
    config = SearchConfig(iterations=4, paired=True, infer=0.5, max_rollout=16)
    decision = make_search(config, seed=1, game="boojum").decide(observation)
    assert decision.action in state.legal_actions()
    assert all(s.weight == s.deals for s in decision.stats.values())


def _decisions(game: str, players: int, count: int, seed: int) -> list[Any]:
    """Observations of seats with a choice, from a heuristic game of ``game`` for ``players``."""
    out: list[Any] = []
    state = get(game, players=players).new_state(seed=seed)
    bot = make_bot("heuristic", seed=2, game=game)
    while len(out) < count and not state.is_over():
        seat = state.current_player()
        assert seat is not None
        observation = state.observe(seat)
        if len(state.legal_actions()) > 1:
            out.append(observation)
        state.apply(bot.choose(observation))
    return out


def _boojum_decisions(count: int) -> list[Any]:
    """Observations of seats with a choice, from heuristic games of Boojum for 4."""
    return _decisions("boojum", 4, count, seed=8)


def _gin_decisions(count: int) -> list[Any]:
    """Observations of seats with a choice, from a game of heuristic bots (Gin Bummy for 2)."""
    return _decisions("gin-bummy", 2, count, seed=21)


@pytest.mark.parametrize("halving", [False, True])
def test_on_equal_playouts_the_search_plays_the_heuristics_choice_when_asked_to(halving: bool) -> None:
    """Cut short at once (max_rollout 0), most actions of a bid leave each seat the same cards (its hand and
    bid together), so their playouts tie: with favourite_ties the search leaves the heuristic's choice only
    for a better total; without, a tie goes to the first in the legal order."""
    plain = SearchConfig(iterations=12, paired=True, halving=halving, max_rollout=0)
    favour = SearchConfig(iterations=12, paired=True, halving=halving, max_rollout=0, favourite_ties=True)
    kept = tie_lost = 0
    for observation in _boojum_decisions(40):
        text = observation.rules.action_text
        heuristic = text(make_bot("heuristic", seed=5, game="boojum").choose(observation))
        decision = make_search(favour, 5, "boojum").decide(observation)
        chosen, stats = text(decision.action), decision.stats
        if heuristic in stats:  # (halving: it stays to the last round, so it is always searched)
            assert chosen == heuristic or stats[chosen].total > stats[heuristic].total
            kept += chosen == heuristic
        other = make_search(plain, 5, "boojum").decide(observation)
        first = text(other.action)
        if heuristic in other.stats and first != heuristic:
            tie_lost += other.stats[first].total == other.stats[heuristic].total
    assert kept > 10 and tie_lost > 0  # the setting decided something


def test_a_boojum_playout_cut_short_values_a_token_held_above_being_able_to_claim_it() -> None:
    from bumtable.bots.search_eval import TOKEN_WEIGHT, boojum_prospects

    state = get("boojum", players=4).new_state(seed=3)
    before = boojum_prospects(state)
    state.tokens[2][0] = 1  # seat 2 is given the Moons token
    after = boojum_prospects(state)
    assert [after[p] for p in (0, 1, 3)] == [before[p] for p in (0, 1, 3)]
    # It no longer counts how near its cards come to Moons (at most 1), and the token counts TOKEN_WEIGHT.
    assert after[2] - before[2] >= TOKEN_WEIGHT - 1 > 0


@pytest.mark.parametrize("halving", [False, True])
def test_with_a_margin_the_search_leaves_the_heuristics_choice_only_where_the_paired_deals_show_a_gain(
    halving: bool,
) -> None:
    """margin=1: the search departs from its rollout policy's choice only for an action whose mean over the
    deals both were played out on beats it by more than one standard error of the difference; a search with
    a margin near 0, on the same deals and playouts, departs wherever a mean is higher."""
    careful = SearchConfig(iterations=48, paired=True, halving=halving, margin=1.0)
    loose = replace(careful, margin=1e-9)
    departed = kept_by_margin = 0
    for observation in _gin_decisions(10):
        text = observation.rules.action_text
        favourite = text(make_bot("heuristic", seed=5, game="gin-bummy").choose(observation))
        mine = make_search(careful, 5, "gin-bummy").decide(observation)
        other = make_search(loose, 5, "gin-bummy").decide(observation)
        chosen, free, stats = text(mine.action), text(other.action), mine.stats
        assert {k: (s.deals, s.total) for k, s in stats.items()} == {
            k: (s.deals, s.total) for k, s in other.stats.items()
        }  # the same deals and playouts
        if chosen != favourite:
            departed += 1
            assert chosen == free and paired_gain(stats[chosen], stats[favourite], 1.0)
        elif free != favourite:
            kept_by_margin += 1
            assert not paired_gain(stats[free], stats[favourite], 1.0)
    assert departed > 0 and kept_by_margin > 0  # the margin let some departures through and stopped others


def test_a_boojum_playout_cut_short_is_valued_by_rank_or_by_its_margin_over_the_others() -> None:
    state = get("boojum", players=4).new_state(seed=2)
    prospects = boojum_prospects(state)
    ranks = BoojumEstimate()(state)
    margins = BoojumEstimate(cutoff="margin")(state)
    best = max(range(4), key=prospects.__getitem__)
    assert ranks[best] == max(ranks) and margins[best] == max(margins)
    for seat, x in enumerate(prospects):
        others = (sum(prospects) - x) / 3
        assert margins[seat] == pytest.approx(0.5 + (x - others) / (2 * MARGIN_SCALE))
    climbing = estimate_for("climbing", {"cutoff": "margin"})  # a setting of Boojum's estimate: unused here
    assert climbing == ClimbingEstimate() and not climbing.by_margin


def test_a_boojum_token_held_counts_token_weight_in_a_playout_cut_short() -> None:
    """``token_weight`` (default 2) is what each token a seat holds adds to its prospects; a search that
    does not set it names no such setting in its records' text."""

    state = get("boojum", players=4).new_state(seed=2)
    played = 0
    while not any(any(t) for t in state.observe(None).tokens):  # play until someone holds a token
        state.apply(make_bot("heuristic", played, "boojum").choose(state.observe(state.current_player())))
        played += 1
    held = [sum(1 for k in state.observe(seat).tokens[seat] if k) for seat in range(4)]
    plain, heavier = boojum_prospects(state), boojum_prospects(state, token_weight=3.0)
    assert [b - a for a, b in zip(plain, heavier, strict=True)] == pytest.approx([1.0 * h for h in held])
    heavy = BoojumEstimate(cutoff="margin", token_weight=3.0)
    assert heavy(state) != BoojumEstimate(cutoff="margin")(state)
    assert BoojumEstimate(cutoff="margin", token_weight=2.0)(state) == BoojumEstimate(cutoff="margin")(state)
    assert "token_weight" not in make_search(SearchConfig(iterations=5), game="boojum").settings_text()
    weighed = make_search(SearchConfig(iterations=5), game="boojum", settings={"token_weight": 3.0})
    assert weighed.estimate == BoojumEstimate(token_weight=3.0)
    assert "token_weight=3.0" in weighed.settings_text()
