"""Every preset, every named variant and a sample of option combinations through the shared
random-play checker (tests/checker.py), which restates the rules and checks every step.

Each case plays a few seeded matches for a few hands (the default run is a few hundred hands in
all) and asserts the checker's coverage counters, so a case fails if play no longer reaches the
situation it is there to check. ``make test-long`` (``BUMTABLE_SWEEP_SEEDS=400``) plays ten times
as many seeds in every case.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from checker import Stats, check_random_play

from bumtable.errors import RulesError
from bumtable.rules import Rules, get
from bumtable.rules import arsehole as arsehole_preset
from bumtable.rules import zheng_shangyou as zheng_preset
from bumtable.rules.climbing.plays import Play
from bumtable.rules.climbing.state import ClimbingState
from bumtable.rules.climbing.tables import Tables

SCALE = max(1, int(os.environ.get("BUMTABLE_SWEEP_SEEDS", "4")) // 40)
VARIED = 0.3
"""How often the random play picks a kind of play first (so rare kinds are played when offered)."""


def run(
    game: str,
    players: int,
    variants: tuple[str, ...] = (),
    *,
    seeds: int = 3,
    hands: int = 5,
    start: int = 0,
    **options: Any,
) -> tuple[Rules, Stats]:
    """Check ``seeds`` (times SCALE) seeded matches of ``hands`` hands each."""
    rules = get(game, players=players, variants=list(variants), **options)
    first = 7000 + 100 * players + start
    stats = check_random_play(rules, range(first, first + seeds * SCALE), hands=hands, varied=VARIED)
    return rules, stats


def reach(
    game: str,
    players: int,
    need: Callable[[Stats], bool],
    variants: tuple[str, ...] = (),
    *,
    hands: int = 4,
    most: int = 40,
    **options: Any,
) -> Stats:
    """Check seeded matches one by one until what they saw satisfies ``need`` (at most ``most`` seeds)."""
    rules = get(game, players=players, variants=list(variants), **options)
    stats = Stats()
    first = 9000 + 100 * players
    for i in range(most * SCALE):
        check_random_play(rules, [first + i], hands=hands, varied=VARIED, stats=stats)
        if need(stats) and i + 1 >= SCALE:
            return stats
    raise AssertionError(f"{most * SCALE} seeds of {game} did not reach the situation: {stats}")


# ---------------------------------------------------------------- President


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_random_president_hands_keep_every_rule(players: int) -> None:
    _, stats = run("president", players, seeds=3, hands=5)
    assert stats.hands == 15 * SCALE
    assert stats.leaders["card"] == 3 * SCALE and stats.leaders["bum"] == 12 * SCALE  # 3d, then the Bum
    # Each match's last deal (after its last hand) is not played: its exchange choice is not made.
    assert stats.chosen_exchanges == (stats.exchanges - 3 * SCALE) * (1 if players == 3 else 2) > 0
    assert stats.wipes > 0 and stats.equal_follows > 0, "the 3 of clubs and equal follows were not played"
    assert stats.sat_out_skips > 0, "no turn skipped a player who had passed"
    assert stats.sequences == stats.wild_sets == stats.reversals == 0


def test_random_president_tricks_end_on_four_of_a_value_and_the_three_of_clubs_loses() -> None:
    stats = reach("president", 4, lambda s: s.four_of_a_value > 0 and s.wipe_losers > 0)
    assert stats.wipes >= stats.wipe_losers and stats.out_mid_trick > 0


@pytest.mark.parametrize(
    ("players", "variants", "options"),
    [
        (5, ("must-play",), {}),
        (4, (), {"exchange_order": "higher-first"}),
        (5, (), {"exchange_order": "simultaneous"}),
        (6, (), {"seating": "fixed", "leader": "boss"}),
        (4, (), {"pass_final": False, "four_of_a_value": False}),
        (7, ("must-play",), {"reverse_card": "J", "reverses": "both"}),
    ],
)
def test_random_president_options_keep_every_rule(
    players: int, variants: tuple[str, ...], options: dict[str, object]
) -> None:
    rules, stats = run("president", players, variants, seeds=3, hands=4, **options)
    assert stats.hands == 12 * SCALE and stats.chosen_exchanges > 0
    if rules.must_play:
        assert stats.forced_plays > 0
    if rules.leader == "boss":
        assert stats.leaders["boss"] == 9 * SCALE
    if not rules.pass_final:
        assert stats.sat_out_skips == 0 and stats.four_of_a_value == 0
    if rules.reverse_card:
        assert stats.reversals > 0 and stats.inverted_follows > 0


# ---------------------------------------------------------------- Zheng Shangyou


@pytest.mark.parametrize("players", [4, 5, 6, 8])
def test_random_zheng_shangyou_hands_keep_every_rule(players: int) -> None:
    _, stats = run("zheng-shangyou", players, seeds=3, hands=5)
    assert stats.hands == 15 * SCALE
    assert stats.leaders["dealer"] == 3 * SCALE and stats.leaders["boss"] == 12 * SCALE
    assert stats.chosen_exchanges == stats.exchanges - 3 * SCALE > 0
    assert stats.sequences > 0 and stats.wild_sets > 0 and stats.mixed_sequences > 0
    assert stats.wipes == stats.reversals == stats.team_hands == 0


def test_random_zheng_shangyou_flushes_multiple_sequences_wild_fillers_and_natural_ties() -> None:
    def seen(s: Stats) -> bool:
        return (
            s.flush_over_higher > 0  # a flush beat a higher mixed sequence
            and s.multi_sequences > 0
            and s.wild_sequences > 0
            and s.tie_breaks["natural"] > 0  # a natural play beat an equal one with a wild card
        )

    stats = reach("zheng-shangyou", 4, seen)
    assert stats.flushes > 0 and stats.mixed_sequences > 0 and stats.suited_plays == 0


@pytest.mark.parametrize("players", [4, 6])
def test_random_zheng_shangyou_partnership_credits_every_member_with_the_team(players: int) -> None:
    _, stats = run("zheng-shangyou", players, ("partnership",), seeds=3, hands=5)
    # A team scores up to 3 a hand, so a match may reach the target of 11 within the hands played.
    assert stats.team_hands == stats.hands > 0
    assert stats.hands == 15 * SCALE or stats.matches_over > 0


ZHENG_VARIANTS: dict[str, tuple[int, tuple[str, ...], Callable[[Stats], bool]]] = {
    "partnership": (4, ("partnership", "loser-leads"), lambda s: s.team_hands == s.hands > 0),
    "eldest-leads": (5, ("eldest-leads",), lambda s: s.leaders["eldest"] > 0 and not s.leaders["dealer"]),
    "loser-leads": (5, ("loser-leads",), lambda s: s.leaders["bum"] > 0 and not s.leaders["boss"]),
    "twos-in-sequences": (5, ("twos-in-sequences",), lambda s: s.wild_sequences > 0),
    "natural-sequences": (
        5,
        ("natural-sequences",),
        lambda s: s.wild_sequences == 0 and s.sequences > 0 and s.wild_sets > 0,
    ),
    "no-wilds": (
        4,
        ("no-wilds",),
        lambda s: s.wild_sets == s.wild_sequences == s.tie_breaks["natural"] == 0 and s.flushes > 0,
    ),
    "flush-breaks-ties": (
        6,
        ("flush-breaks-ties",),
        lambda s: s.flush_over_higher == 0 and s.flushes > 0 and s.mixed_sequences > 0,
    ),
    "no-flushes": (
        5,
        ("no-flushes", "eldest-leads"),
        lambda s: s.flushes == s.mixed_sequences == s.tie_breaks["flush"] == 0 and s.sequences > 0,
    ),
}


@pytest.mark.parametrize("variant", sorted(ZHENG_VARIANTS))
def test_random_zheng_shangyou_variants_keep_every_rule(variant: str) -> None:
    players, variants, seen = ZHENG_VARIANTS[variant]
    stats = reach("zheng-shangyou", players, seen, variants)
    assert seen(stats), stats


# ---------------------------------------------------------------- Arsehole


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_arsehole_hands_keep_every_rule(players: int) -> None:
    _, stats = run("arsehole", players, seeds=3, hands=5)
    assert stats.hands == 15 * SCALE
    assert stats.leaders["eldest"] == 3 * SCALE and stats.leaders["boss"] == 12 * SCALE
    assert stats.chosen_exchanges == stats.exchanges - 3 * SCALE > 0
    assert stats.out_mid_trick > 0
    assert stats.sequences == stats.wild_sets == stats.suited_plays == stats.wipes == 0


ARSEHOLE_VARIANTS: dict[str, tuple[int, tuple[str, ...], Callable[[Stats], bool]]] = {
    "two-card-exchange": (5, ("two-card-exchange",), lambda s: s.chosen_exchanges > s.exchanges > 0),
    "bum-leads": (4, ("bum-leads",), lambda s: s.leaders["bum"] > 0 and not s.leaders["boss"]),
    "final-position": (4, ("final-position",), lambda s: s.matches_over == s.rounds_ended > 0),
    "single-sequences": (4, ("single-sequences",), lambda s: s.sequences > 0 and s.multi_sequences == 0),
    "multiple-sequences": (4, ("multiple-sequences",), lambda s: s.multi_sequences > 0),
    "follow-with-more": (4, ("follow-with-more",), lambda s: s.follow_more > 0),
    "reverse-direction": (
        5,
        ("reverse-direction",),
        lambda s: s.reversals > 0 and s.ranking_flips == s.inverted_follows == 0,
    ),
    "reverse-ranking": (
        4,
        ("reverse-ranking",),
        lambda s: s.ranking_flips > 0 and s.inverted_follows > 0 and s.reversals == 0,
    ),
    "reverse-both": (
        5,
        ("reverse-both",),
        lambda s: s.reversals == s.ranking_flips > 0 and s.inverted_follows > 0,
    ),
    "wild-twos": (4, ("wild-twos",), lambda s: s.wild_sets > 0),
    "jokers": (4, ("jokers",), lambda s: s.wild_sets > 0),
    "bridge-suits": (4, ("bridge-suits",), lambda s: s.suited_plays > 0 and s.tie_breaks["suit"] > 0),
}


@pytest.mark.parametrize("variant", sorted(ARSEHOLE_VARIANTS))
def test_random_arsehole_variants_keep_every_rule(variant: str) -> None:
    players, variants, seen = ARSEHOLE_VARIANTS[variant]
    # final-position: 3 rounds, so that matches end within the few hands played.
    options = {"rounds": 3} if variant == "final-position" else {}
    stats = reach("arsehole", players, seen, variants, **options)
    assert seen(stats), stats


@pytest.mark.parametrize(
    ("players", "variants"),
    [
        (
            4,
            ("bridge-suits", "multiple-sequences", "follow-with-more", "reverse-both", "jokers", "wild-twos"),
        ),
        (
            6,
            ("bridge-suits", "multiple-sequences", "follow-with-more", "reverse-both", "jokers", "wild-twos"),
        ),
        (3, ("jokers", "wild-twos", "single-sequences", "reverse-direction", "two-card-exchange")),
        (5, ("bum-leads", "follow-with-more", "reverse-ranking", "two-card-exchange", "bridge-suits")),
    ],
)
def test_random_arsehole_combined_variants_keep_every_rule(players: int, variants: tuple[str, ...]) -> None:
    _, stats = run("arsehole", players, variants, seeds=3, hands=5, start=40)
    assert stats.hands == 15 * SCALE
    assert stats.follow_more > 0 or "follow-with-more" not in variants
    assert stats.sequences > 0 or not {"single-sequences", "multiple-sequences"} & set(variants)
    assert stats.wild_sets > 0 or "wild-twos" not in variants
    assert stats.suited_plays > 0 or "bridge-suits" not in variants
    assert stats.reversals + stats.ranking_flips > 0


# ---------------------------------------------------------------- every variant is sampled


def test_every_variant_of_zheng_shangyou_and_arsehole_is_sampled() -> None:
    zheng = {v for _, variants, _ in ZHENG_VARIANTS.values() for v in variants}
    arse = {v for _, variants, _ in ARSEHOLE_VARIANTS.values() for v in variants}
    assert zheng == set(zheng_preset.VARIANTS)
    assert arse == set(arsehole_preset.VARIANTS)


# ---------------------------------------------------------------- option combinations


@pytest.mark.parametrize(
    ("game", "players", "variants", "options"),
    [
        ("bum-game", 4, (), {"follow": "equal-or-higher", "pass_final": True}),
        ("bum-game", 5, (), {"four_of_a_value": True, "must_play": True}),
        ("bum-game", 4, (), {"exchange_high_gives": "choice"}),
        ("bum-game", 4, (), {"exchange_high_gives": "choice", "exchange_order": "lower-first"}),
        ("bum-game", 6, (), {"seating": "fixed", "first_leader": "eldest", "leader": "bum"}),
        ("bum-game", 4, (), {"seating": "random", "teams": (0, 1, 0, 1), "target": 30}),
        ("bum-game", 4, (), {"suit_order": "cdhs", "exchange_high_gives": "choice"}),
        ("bum-game", 5, (), {"first_roles": "none", "first_leader": "card", "natural_beats_wild": True}),
        (
            "zheng-shangyou",
            5,
            ("twos-in-sequences",),
            {"follow_more": True, "reverse_card": "10", "reverses": "both"},
        ),
        ("zheng-shangyou", 4, ("flush-breaks-ties",), {"pass_final": True, "must_play": True}),
        (
            "zheng-shangyou",
            6,
            (),
            {"sequence_max_width": 2, "wipe_card": "3", "exchange_order": "simultaneous"},
        ),
        (
            "arsehole",
            4,
            ("reverse-ranking", "follow-with-more"),
            {"follow": "equal-or-higher", "must_play": True},
        ),
        ("arsehole", 5, ("reverse-direction",), {"pass_final": True, "exchange_order": "higher-first"}),
        (
            "president",
            4,
            (),
            {
                "exchange_keep_jokers": True,
                "jokers": 2,
                "rank_order": (*zheng_preset.ZS_RANK_ORDER[:13], "JK", "3c"),
                "wilds": (("JK", "2"),),
            },
        ),
    ],
)
def test_random_option_combinations_keep_every_rule(
    game: str, players: int, variants: tuple[str, ...], options: dict[str, object]
) -> None:
    rules, stats = run(game, players, variants, seeds=3, hands=4, start=60, **options)
    assert stats.hands + stats.matches_over > 0 and stats.tricks > 0
    if rules.pass_final:
        assert stats.sat_out_skips > 0
    if rules.must_play:
        assert stats.forced_plays > 0
    if rules.exchange_high_gives == "choice":
        assert stats.chosen_exchanges > 0
    if rules.teams:
        assert stats.team_hands == stats.hands
    if rules.follow == "equal-or-higher":
        assert stats.equal_follows > 0
    if rules.reverse_card:
        assert stats.reversals + stats.ranking_flips > 0


# ---------------------------------------------------------------- matches to the end


@pytest.mark.parametrize(
    ("game", "players", "variants", "options"),
    [
        ("zheng-shangyou", 4, (), {}),
        ("zheng-shangyou", 6, ("partnership",), {"target_winner": "highest-total"}),
        ("arsehole", 5, (), {}),
        ("arsehole", 4, ("final-position",), {"rounds": 4}),
        ("president", 4, (), {"rounds": 4}),
        ("president", 3, (), {"rounds": 0, "target": 8, "target_winner": "highest-total"}),
    ],
)
def test_random_matches_end_by_the_target_or_the_rounds(
    game: str, players: int, variants: tuple[str, ...], options: dict[str, object]
) -> None:
    rules, stats = run(game, players, variants, seeds=2, hands=10**6, start=80, **options)
    assert stats.matches_over == 2 * SCALE
    if rules.rounds and not rules.target:
        assert stats.rounds_ended == 2 * SCALE and stats.hands == rules.rounds * 2 * SCALE


# ---------------------------------------------------------------- engine bugs the checker found


def test_random_bridge_suits_lowest_exchange_gives_the_lowest_suits() -> None:
    run("bum-game", 4, seeds=3, hands=3, suit_order="cdhs")


def test_random_lower_first_lowest_exchange_may_hand_back_what_was_given() -> None:
    run("bum-game", 4, seeds=4, hands=4, exchange_order="lower-first")


def test_bridge_suits_and_flushes_cannot_be_combined() -> None:
    with pytest.raises(RulesError, match="cannot be combined"):
        get("zheng-shangyou", players=4, suit_order="cdhs")


# ---------------------------------------------------------------- the checker can fail


def test_checker_catches_a_reversal_that_does_not_turn_the_play(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState._play

    def unturned(self: ClimbingState, play: Play) -> None:
        direction = self.direction
        original(self, play)
        self.direction = direction

    monkeypatch.setattr(ClimbingState, "_play", unturned)
    with pytest.raises(AssertionError):
        run("arsehole", 4, ("reverse-direction",), seeds=2, hands=2)


def test_checker_catches_a_flush_that_counts_as_mixed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Tables, "strength", lambda self, play: play.rank)
    with pytest.raises(AssertionError, match="does not beat"):
        run("zheng-shangyou", 5, seeds=4, hands=5)


def test_checker_catches_a_partnership_that_does_not_share_its_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ClimbingState, "team_of", lambda self, player: player)
    with pytest.raises(AssertionError):
        run("zheng-shangyou", 4, ("partnership",), seeds=1, hands=2)


def test_checker_catches_a_passed_player_who_plays_again(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState._pass

    def forgetful(self: ClimbingState) -> None:
        original(self)
        self.sat_out = [False] * self.rules.players

    monkeypatch.setattr(ClimbingState, "_pass", forgetful)
    with pytest.raises(AssertionError):
        run("president", 5, seeds=2, hands=2)
