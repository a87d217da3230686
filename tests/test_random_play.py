"""Seeded random hands through the shared checker (tests/checker.py).

Default run: about 1,070 hands over 3 to 7 players and the variants, with 13 matches played to their
target. ``make test-long`` plays four times the seeds (three times the matches) and the many-seed
sweep at 20,000 hands.
"""

from __future__ import annotations

import os

import pytest
from checker import check_random_play
from conftest import get

from bumtable.rules.climbing.plays import Play
from bumtable.rules.climbing.state import ClimbingState

# players: (seeds, hands per seed); `make test-long` (BUMTABLE_LONG=1) plays four times the seeds
LONG = os.environ.get("BUMTABLE_LONG") == "1"
SWEEP = {n: (seeds * (4 if LONG else 1), 10) for n, seeds in {3: 10, 4: 15, 5: 8, 6: 5}.items()}
VARIANT_SEEDS = range(500, 516 if LONG else 504)
MATCHES = 3 if LONG else 1
"""How many times the default seeds of one-hour matches are played."""


@pytest.mark.parametrize("players", sorted(SWEEP))
def test_random_hands_keep_every_rule(players: int) -> None:
    seeds, hands = SWEEP[players]
    stats = check_random_play(get(players), range(1000 * players, 1000 * players + seeds), hands=hands)
    assert stats.hands == seeds * hands
    # The sweep reached the situations it is meant to check.
    assert stats.revolutions > 0
    assert stats.exchanges > 0
    assert stats.sequences > 0 and stats.wild_sets > 0
    assert stats.out_mid_trick > 0
    assert stats.tricks > stats.hands * 5
    if players > 3:
        assert stats.lead_skips_out_player > 0


@pytest.mark.parametrize(
    ("players", "variants"),
    [
        (4, ("bum-only",)),
        (5, ("bum-only",)),
        (4, ("optional-revolution",)),
        (3, ("optional-revolution",)),
        (4, ("single-session",)),
        (5, ("simultaneous-exchange",)),
        (6, ("bum-only", "optional-revolution")),
    ],
)
def test_random_hands_keep_every_rule_in_variants(players: int, variants: tuple[str, ...]) -> None:
    rules = get(players, *variants)
    stats = check_random_play(rules, VARIANT_SEEDS, hands=10)
    assert stats.hands == 10 * len(VARIANT_SEEDS)
    if "bum-only" in variants and "optional-revolution" not in variants:
        assert stats.cancelled_exchanges > 0
    if "single-session" in variants:
        assert stats.exchanges == 0
    if "optional-revolution" in variants:
        assert stats.kinds["revolution"] + stats.kinds["no-revolution"] > 0


@pytest.mark.parametrize(
    ("players", "variants", "seeds"),
    [
        (4, ("one-hour",), 4 * MATCHES),
        (3, ("one-hour",), 4 * MATCHES),
        (5, ("one-hour", "highest-total-wins"), 2 * MATCHES),
        (3, (), 1),
        (4, (), 1),
        (5, (), 1),
    ],
)
def test_matches_run_to_the_target_and_the_first_to_reach_it_wins(
    players: int, variants: tuple[str, ...], seeds: int
) -> None:
    rules = get(players, *variants)
    stats = check_random_play(rules, range(seeds), hands=10**6)
    assert stats.matches_over == seeds


# The sweep always runs; its size comes from BUMTABLE_SWEEP_SEEDS (10 hands per seed). `make test-long`
# sets it to 400: 20,000 checked hands over 3 to 7 players.
SWEEP_SEEDS = int(os.environ.get("BUMTABLE_SWEEP_SEEDS", "2"))


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_sweep_over_many_seeds(players: int) -> None:
    stats = check_random_play(get(players), range(100000, 100000 + SWEEP_SEEDS), hands=10)
    assert stats.hands == 10 * SWEEP_SEEDS


# ---------------------------------------------------------------- the checker can fail


def _broken(monkeypatch: pytest.MonkeyPatch, name: str, method: object) -> None:
    monkeypatch.setattr(ClimbingState, name, method)


def test_checker_catches_a_trick_that_ends_one_pass_early(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState._pass

    def early(self: ClimbingState) -> None:
        self.passes += 1  # counts every pass twice once two players have passed
        original(self)

    _broken(monkeypatch, "_pass", early)
    with pytest.raises(AssertionError):
        check_random_play(get(4), range(3), hands=2)


def test_checker_catches_a_copy_that_shares_hands(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState.copy

    def shallow(self: ClimbingState) -> ClimbingState:
        s = original(self)
        s.hands = self.hands
        return s

    _broken(monkeypatch, "copy", shallow)
    with pytest.raises(AssertionError, match="changed the state it was given"):
        check_random_play(get(4), range(1), hands=1)


def test_checker_catches_an_exchange_that_gives_away_jokers(monkeypatch: pytest.MonkeyPatch) -> None:
    def take_any(self: ClimbingState, player: int, k: int, *, lowest: bool) -> list[int]:
        hand = self.hands[player]
        ranks = range(len(hand)) if lowest else range(len(hand) - 1, -1, -1)
        taken: list[int] = []
        for r in ranks:
            while hand[r] and len(taken) < k:
                taken.append(hand[r].pop())
        return taken

    _broken(monkeypatch, "_take", take_any)
    with pytest.raises(AssertionError):
        check_random_play(get(4), range(10), hands=3)


def test_checker_catches_a_wrong_score_for_going_out(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState._play

    def generous(self: ClimbingState, play: Play) -> None:
        p = self.turn
        original(self, play)
        if self.ncards[p] == 0 and self.phase == "play" and self.hand_no == 1:
            self.scores[p] += 1

    _broken(monkeypatch, "_play", generous)
    with pytest.raises(AssertionError, match="scores at once"):
        check_random_play(get(4), range(1), hands=1)


def test_checker_catches_a_lost_card(monkeypatch: pytest.MonkeyPatch) -> None:
    original = ClimbingState._pass

    def drop(self: ClimbingState) -> None:
        p = self.turn
        original(self)
        for cards in self.hands[p]:
            if cards and self.ncards[p] > 1:
                cards.pop()
                self.ncards[p] -= 1
                break

    _broken(monkeypatch, "_pass", drop)
    with pytest.raises(AssertionError):
        check_random_play(get(4), range(1), hands=1)
