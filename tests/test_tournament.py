"""Tournaments: line-ups and their rotations, duplicate deals, what a deal is, the statistics and the ladder."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pytest

from bumtable.bots import RandomBot
from bumtable.errors import BumtableError
from bumtable.rules import get
from bumtable.sim import runner
from bumtable.sim import tournament as T
from bumtable.sim.ladder import ladder
from bumtable.sim.lineups import TournamentError, fill_lineup, rotations, round_robin_lineups
from bumtable.sim.tournament_stats import (
    Z95,
    TableResult,
    design_effect,
    head_to_head,
    kind_results,
    mean_places,
    t95,
    wilson,
)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_rotations_give_every_lineup_position_every_seat_exactly_once(players: int) -> None:
    lineup = tuple(f"bot{i}" for i in range(players))
    tables = rotations(lineup)
    assert len(tables) == players
    for position, kind in enumerate(lineup):
        seats = sorted(table.index(kind) for table in tables)
        assert seats == list(range(players)), f"{kind} (position {position}) sat in {seats}"
    for table in tables:
        assert sorted(table) == sorted(lineup)  # every rotation seats the whole line-up


def test_a_short_bot_list_is_repeated_to_fill_the_table_as_play_and_simulate_seat_it() -> None:
    assert fill_lineup(["hard", "heuristic"], 4) == ("hard", "heuristic", "hard", "heuristic")
    assert fill_lineup(["a", "b", "c"], 5) == ("a", "b", "c", "a", "b")
    assert fill_lineup(["random"], 3) == ("random",) * 3
    assert fill_lineup(["a", "b"], 2) == ("a", "b")


def test_more_bots_than_seats_or_none_at_all_is_refused() -> None:
    with pytest.raises(TournamentError, match="3 bots for 2 seats"):
        fill_lineup(["a", "b", "c"], 2)
    with pytest.raises(TournamentError, match="at least one bot kind"):
        fill_lineup([], 4)


def test_round_robin_plays_each_kind_alone_against_each_other_kind() -> None:
    four = round_robin_lineups(["a", "b", "c"], 4)
    assert four == [
        ("a", "b", "b", "b"),
        ("a", "c", "c", "c"),
        ("b", "a", "a", "a"),
        ("b", "c", "c", "c"),
        ("c", "a", "a", "a"),
        ("c", "b", "b", "b"),
    ]
    # for two players a against b and b against a are the same table once every rotation is played
    assert round_robin_lineups(["a", "b", "c", "a"], 2) == [("a", "b"), ("a", "c"), ("b", "c")]
    with pytest.raises(TournamentError, match="at least two different"):
        round_robin_lineups(["a", "a"], 4)


def test_an_unknown_bot_kind_is_refused_before_anything_is_played() -> None:
    with pytest.raises(BumtableError, match="unknown bot 'clever'"):
        T.tournament_lineups(get("bum-game"), bots=["heuristic", "clever"])
    with pytest.raises(TournamentError, match="--deals must be at least 1, not 0"):
        T.tournament(get("bum-game"), bots=["heuristic"], deals=0)


def _spy_tables(monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[str, ...], int, int]]:
    """Record every table played (its seats, deal seed and table number), still playing it for real."""
    seen: list[tuple[tuple[str, ...], int, int]] = []
    real = T.play_table

    def spy(rules: Any, seats: Sequence[str], deal: int, table: int) -> TableResult:
        seen.append((tuple(seats), deal, table))
        return real(rules, seats, deal, table)

    monkeypatch.setattr(T, "play_table", spy)
    return seen


def test_every_rotation_of_a_deal_is_played_on_the_same_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy_tables(monkeypatch)
    report = T.tournament(get("bum-game", players=4), bots=["heuristic", *["random"] * 3], deals=3, seed=7)
    assert report.tables_per_deal == 4 and len(seen) == 12
    deals = [seen[i : i + 4] for i in range(0, 12, 4)]
    for index, tables in enumerate(deals):
        assert {deal for _, deal, _ in tables} == {T.deal_seed(7, index)}  # one deal for its four tables
        assert [seats.index("heuristic") for seats, _, _ in tables] == [0, 1, 2, 3]
    assert len({tables[0][1] for tables in deals}) == 3  # and a different deal each time


class _Recorder:
    """A random bot that notes the hand it held at its first decision (its dealt hand: in a first hand
    nothing but its own plays changes it) into ``hands``."""

    name = "recorder"
    asks_forced_moves = True

    def __init__(self, seed: int, hands: dict[int, Any]) -> None:
        self.bot = RandomBot(seed)
        self.hands = hands

    def choose(self, observation: Any) -> Any:
        self.hands.setdefault(observation.seat, observation.hand)
        return self.bot.choose(observation)


def test_every_rotation_of_a_deal_is_dealt_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    tables: list[dict[int, Any]] = []

    real = T.play_table

    def play_table(rules: Any, seats: Sequence[str], deal: int, table: int) -> TableResult:
        tables.append({"bots": [], "hands": {}})
        return real(rules, seats, deal, table)

    def make_bot(kind: str, seed: int = 0, game: str = "") -> _Recorder:
        tables[-1]["bots"].append(kind)
        return _Recorder(seed, tables[-1]["hands"])

    monkeypatch.setattr(T, "play_table", play_table)
    monkeypatch.setattr(runner, "make_bot", make_bot)  # where the tables' bots are made
    T.tournament(get("bum-game", players=4), bots=["random", *["greedy"] * 3], deals=2, seed=3)
    assert len(tables) == 2 * 4
    deals = [[t["hands"] for t in tables[i : i + 4]] for i in (0, 4)]
    for hands in deals:
        assert all(len(h) == 4 for h in hands)
        assert all(h == hands[0] for h in hands)  # the same cards in every seat at every rotation
    assert deals[0][0] != deals[1][0]  # and another deal next time
    assert [t["bots"].index("random") for t in tables[:4]] == [0, 1, 2, 3]  # while the bots moved round


def test_the_deals_do_not_depend_on_how_the_work_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _spy_tables(monkeypatch)
    T.tournament(get("gin-bummy"), bots=["heuristic", "random"], deals=5, seed=2)
    first = [deal for _, deal, _ in seen]
    seen.clear()
    T.tournament(get("gin-bummy"), bots=["heuristic", "random"], deals=8, seed=2)
    assert [deal for _, deal, _ in seen][
        :10
    ] == first  # a longer tournament plays the shorter one's deals first


def test_a_climbing_deal_is_the_first_hand_of_a_match_with_no_exchange(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    states: list[Any] = []
    real = T.hand_result

    def spy(state: Any, seats: Sequence[str]) -> TableResult:
        states.append(state)
        return real(state, seats)

    monkeypatch.setattr(T, "hand_result", spy)
    report = T.tournament(get("president", players=5), bots=["heuristic", *["random"] * 4], deals=2, seed=4)
    assert len(states) == 2 * 5 and report.unit == "hands"
    for state in states:
        seen = state.observe(None)
        assert seen.last_result.hand_no == 1  # the first hand's result
        assert not seen.last_result.with_roles  # played before anyone had a role: no exchange
        # the table stopped as the hand ended: the next hand is dealt but nothing of it played
        assert seen.hand_no == 2 and seen.played == ()


def test_a_climbing_table_places_every_seat_and_scores_the_hand() -> None:
    result = T.play_table(get("bum-game", players=4), ["heuristic", "random", "random", "random"], 11, 0)
    assert sorted(result.places) == [1, 2, 3, 4]
    assert sorted(result.points) == [0.0, 1.0, 2.0, 3.0]  # The Bum Game for 4 scores 3, 2, 1, 0 a hand
    assert result.firsts[result.places.index(1)] == 1.0 and sum(result.firsts) == 1.0


def test_a_gin_bummy_or_boojum_deal_is_a_whole_game() -> None:
    for game, players in (("gin-bummy", 3), ("boojum", 3)):
        result = T.play_table(get(game, players=players), ["heuristic", "random", "random"], 5, 0)
        assert min(result.places) == 1 and len(result.places) == players
        assert sum(result.firsts) in (0.0, 1.0)
    report = T.tournament(get("gin-bummy"), bots=["heuristic", "random"], deals=2, seed=1)
    assert report.unit == "games" and [r.hands for r in report.results] == [4, 4]


def _always_first(kind: str) -> Any:
    """A stand-in for play_table in which the seat of ``kind`` always goes out first, the rest in seat order."""

    def play(rules: Any, seats: Sequence[str], deal: int, table: int) -> TableResult:
        n = len(seats)
        order = [seats.index(kind)] + [p for p in range(n) if seats[p] != kind]
        places = [order.index(p) + 1 for p in range(n)]
        return TableResult(
            tuple(seats),
            tuple(places),
            tuple(float(q == 1) for q in places),
            tuple(float(n - q) for q in places),
        )

    return play


def test_a_bot_that_always_wins_gets_rate_one_and_wilsons_interval(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(T, "play_table", _always_first("heuristic"))
    report = T.tournament(get("bum-game", players=4), bots=["heuristic", *["random"] * 3], deals=25, seed=1)
    best, rest = report.results
    assert (best.bot, best.hands, best.first_place_rate, best.mean_place) == ("heuristic", 100, 1.0, 1.0)
    assert best.first_place_ci95 == pytest.approx((100 / (100 + Z95**2), 1.0))
    assert best.mean_points == 3.0
    assert (rest.hands, rest.first_place_rate, rest.first_place_ci95[0]) == (300, 0.0, 0.0)
    assert rest.first_place_ci95[1] == pytest.approx(Z95**2 / (300 + Z95**2))


def test_wilsons_interval_matches_published_values() -> None:
    assert [round(x, 4) for x in wilson(8, 10)] == [0.4902, 0.9433]
    assert [round(x, 4) for x in wilson(0, 10)] == [0.0, 0.2775]
    assert [round(x, 4) for x in wilson(50, 100)] == [0.4038, 0.5962]


def _deal(a_wins: int) -> list[TableResult]:
    """A deal of four tables (a against three b, a in seat r at rotation r); a wins the first ``a_wins``."""
    tables = []
    for r in range(4):
        seats = tuple("a" if s == r else "b" for s in range(4))
        others = [s for s in range(4) if s != r]
        order = [r, *others] if r < a_wins else [*others, r]
        places = tuple(order.index(s) + 1 for s in range(4))
        tables.append(TableResult(seats, places, tuple(float(q == 1) for q in places), (0.0,) * 4))
    return tables


def test_deals_won_all_or_nothing_widen_the_interval_by_their_design_effect() -> None:
    correlated = [_deal(4), _deal(0)] * 10  # a wins every rotation of a deal or none: 40 hands worth 10 deals
    (a, _) = kind_results(correlated)
    assert a.first_place_rate == 0.5 and a.hands == 80
    assert a.design_effect == pytest.approx(4 * 20 / 19)  # the sample variance of 4s and 0s over 4 * 1/4
    assert a.first_place_ci95 == pytest.approx(wilson(40 / a.design_effect, 80 / a.design_effect))
    assert a.first_place_ci95[0] < wilson(40, 80)[0]


def test_negatively_correlated_deals_never_narrow_the_interval() -> None:
    steady = [_deal(2)] * 20  # a wins exactly half of every deal: less variable than independent hands
    (a, _) = kind_results(steady)
    assert a.design_effect == 0.0
    assert a.first_place_ci95 == pytest.approx(wilson(40, 80))


def test_design_effect_is_one_when_it_cannot_be_measured() -> None:
    assert design_effect([3.0], 4) == 1.0  # one deal
    assert design_effect([4.0, 4.0], 4) == 1.0  # a rate of 1


def test_a_shared_first_place_counts_a_share_to_each_and_ties_spread_places() -> None:
    tie = TableResult(("a", "b", "c"), (1, 1, 3), (0.5, 0.5, 0.0), (1.0, 1.0, 0.0))
    nobody = TableResult(("a", "b", "c"), (1, 1, 1), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    results = {r.bot: r for r in kind_results([[tie], [nobody]])}
    assert results["a"].firsts == 0.5 and results["c"].firsts == 0.0
    assert results["a"].mean_place == (1.5 + 2.0) / 2
    assert mean_places((1, 1, 1)) == (2.0, 2.0, 2.0)


def test_mean_points_and_place_average_over_the_hands_a_kind_played() -> None:
    tables = [TableResult(("x", "y", "y"), (2, 1, 3), (0.0, 1.0, 0.0), (5.0, 7.0, 1.0))]
    x, y = kind_results([tables])
    assert (x.hands, x.mean_points, x.mean_place) == (1, 5.0, 2.0)
    assert (y.hands, y.mean_points, y.mean_place, y.first_place_rate) == (2, 4.0, 2.0, 0.5)


def test_mean_points_interval_is_students_over_the_deals_means() -> None:
    def deal(
        a_points: float, b_points: float
    ) -> list[TableResult]:  # two tables: a kind's mean is its points
        t = TableResult(("a", "b"), (1, 2), (1.0, 0.0), (a_points, b_points))
        return [t, TableResult(("b", "a"), (2, 1), (0.0, 1.0), (b_points, a_points))]

    a, b = kind_results([deal(3.0, 0.0), deal(1.0, 2.0), deal(2.0, 1.0)])
    # a's deal means 3, 1, 2: mean 2, sd 1, so 2 -/+ t(2 df) / sqrt(3)
    low, high = a.mean_points_ci95 or (0.0, 0.0)
    assert (
        a.mean_points == 2.0
        and math.isclose(high - 2.0, 4.302652730 / math.sqrt(3))
        and math.isclose(low + high, 4.0)
    )
    assert kind_results([deal(3.0, 0.0)])[0].mean_points_ci95 is None  # one deal: no interval
    assert t95(1000) < t95(30) < t95(5) < t95(1)  # wider with fewer deals
    assert b.to_dict()["mean_points_ci95"] == list(b.mean_points_ci95 or ())


def test_the_ladder_ranks_the_kinds_by_how_they_finish() -> None:
    tables = [TableResult(("c", "a", "b"), (3, 1, 2), (0.0, 1.0, 0.0), (0.0,) * 3)] * 30
    rungs = ladder(tables)
    assert [(r.rank, r.bot) for r in rungs] == [(1, "a"), (2, "b"), (3, "c")]
    assert rungs[0].mu > rungs[1].mu > rungs[2].mu
    assert all(r.ordinal == pytest.approx(r.mu - 3 * r.sigma) for r in rungs)


def test_a_kind_in_several_seats_counts_one_game_and_its_own_seats_cancel() -> None:
    # b holds three seats and beats a every time; which of its seats comes first changes from table to table
    tables = [
        TableResult(("a", "b", "b", "b"), (4, 1, 2, 3), (0.0, 1.0, 0.0, 0.0), (0.0,) * 4),
        TableResult(("a", "b", "b", "b"), (4, 3, 1, 2), (0.0, 0.0, 1.0, 0.0), (0.0,) * 4),
    ] * 5
    rungs = {r.bot: r for r in ladder(tables)}
    assert rungs["b"].games == 10 and rungs["a"].games == 10
    assert rungs["b"].mu > 25 > rungs["a"].mu


def test_round_robin_rates_every_kind_and_reports_the_ladder() -> None:
    report = T.tournament(get("gin-bummy"), bots=["heuristic", "random"], deals=15, seed=3, round_robin=True)
    assert report.mode == "round-robin" and report.lineups == [("heuristic", "random")]
    assert [r.bot for r in report.ladder] == ["heuristic", "random"]
    assert all(r.games == 30 for r in report.ladder)
    assert [rung["rank"] for rung in report.to_dict()["ladder"]] == [1, 2]


def test_head_to_head_counts_each_line_up_at_its_own_tables_only() -> None:
    # a always wins alone against three b, and never alone against three c: 50 % over all its tables
    win_b = TableResult(("a", "b", "b", "b"), (1, 2, 3, 4), (1.0, 0.0, 0.0, 0.0), (3.0, 2.0, 1.0, 0.0))
    lose_c = TableResult(("c", "a", "c", "c"), (1, 4, 2, 3), (1.0, 0.0, 0.0, 0.0), (3.0, 0.0, 2.0, 1.0))
    deals = [[win_b] * 4 + [lose_c] * 4] * 20  # each line-up's four rotations (the same seats here)
    assert next(r for r in kind_results(deals) if r.bot == "a").first_place_rate == 0.5  # over both
    pairs = head_to_head(deals, [("a", "b", "b", "b"), ("a", "c", "c", "c")])
    assert [(h.result.bot, h.against, h.result.hands, h.result.first_place_rate) for h in pairs] == [
        ("a", "b", 80, 1.0),
        ("a", "c", 80, 0.0),
    ]
    assert pairs[0].result.first_place_ci95[0] > 0.25 > pairs[1].result.first_place_ci95[1]
    assert pairs[0].to_dict()["against"] == "b" and pairs[0].to_dict()["mean_points"] == 3.0


def test_round_robin_reports_each_line_up_head_to_head() -> None:
    report = T.tournament(
        get("bum-game", players=4), bots=["heuristic", "random"], deals=20, seed=3, round_robin=True
    )
    pairs = {(h.result.bot, h.against): h.result for h in report.head_to_head}
    assert set(pairs) == {("heuristic", "random"), ("random", "heuristic")}
    assert all(r.hands == 20 * 4 for r in pairs.values())  # one seat a table, 4 rotations, 20 deals
    assert (
        pairs["heuristic", "random"].first_place_rate > 0.25 > pairs["random", "heuristic"].first_place_rate
    )
    assert [h["against"] for h in report.to_dict()["head_to_head"]] == ["random", "heuristic"]
    duplicate = T.tournament(
        get("bum-game", players=4), bots=["heuristic", *["random"] * 3], deals=20, seed=3
    )
    assert duplicate.head_to_head == [] and "head_to_head" not in duplicate.to_dict()


def test_the_report_is_the_same_whatever_the_number_of_processes() -> None:
    rules = get("bum-game", players=4)
    one = T.tournament(rules, bots=["heuristic", "random"], deals=12, seed=5, jobs=1)
    two = T.tournament(rules, bots=["heuristic", "random"], deals=12, seed=5, jobs=2)
    assert two.jobs == 2
    assert one.to_dict() == two.to_dict()
    other = T.tournament(rules, bots=["heuristic", "random"], deals=12, seed=6, jobs=1)
    assert other.to_dict() != one.to_dict()
