"""How often revolutions happen: the exact probability three ways, and simulation against it.

The Jokers are dealt like any card: which hands they land in decides a revolution. Per the
rules text: 3 players, the Bum (13 cards) dealt both Jokers; 4 players, the Worker or the
Bum (13 cards each) dealt both; 5 players, the Bum dealt two or more of the three Jokers,
or the Worker all three. For 6 (our own design) the Worker or the Bum dealt two or more.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction
from math import comb

import pytest
from checker import play_match
from conftest import get

from bumtable.rules.climbing.odds import cancelled_exchange_probability, revolution_probability
from bumtable.sim import simulate


def at_least(k: int, jokers: int, hand: int, deck: int) -> Fraction:
    """P(a hand of ``hand`` cards from ``deck`` holds at least ``k`` of the ``jokers``)."""
    return sum(
        (
            Fraction(comb(jokers, j) * comb(deck - jokers, hand - j), comb(deck, hand))
            for j in range(k, jokers + 1)
        ),
        Fraction(0),
    )


# The closed forms, by hand. Events of different players are disjoint here (not enough Jokers
# for both), so their probabilities add.
EXACT = {
    # 3: the Bum's 13 of 41 hold both Jokers.
    (3, ()): Fraction(comb(39, 11), comb(41, 13)),
    # 4: 2 * C(52, 11) / C(54, 13) (Worker or Bum, 13 cards each, both Jokers).
    (4, ()): Fraction(2 * comb(52, 11), comb(54, 13)),
    # 5: the Bum's 13 of 68 hold 2 or 3 of 3 Jokers, or the Worker's 13 hold all 3.
    (5, ()): Fraction(comb(3, 2) * comb(65, 11) + comb(65, 10), comb(68, 13))
    + Fraction(comb(65, 10), comb(68, 13)),
    # 6: 81 cards, 3 Jokers; the Worker's or the Bum's 13 hold 2 or more.
    (6, ()): 2 * (Fraction(comb(3, 2) * comb(78, 11) + comb(78, 10), comb(81, 13))),
    # Bum-only variant: only the Bum's hand counts.
    (4, ("bum-only",)): Fraction(comb(52, 11), comb(54, 13)),
    (5, ("bum-only",)): Fraction(comb(3, 2) * comb(65, 11) + comb(65, 10), comb(68, 13)),
}


def test_closed_forms_agree_with_the_hypergeometric_formula() -> None:
    assert EXACT[(4, ())] == 2 * at_least(2, 2, 13, 54) == Fraction(52, 477)
    assert EXACT[(3, ())] == at_least(2, 2, 13, 41) == Fraction(39, 410)
    assert EXACT[(5, ())] == at_least(2, 3, 13, 68) + at_least(3, 3, 13, 68)
    assert EXACT[(6, ())] == 2 * at_least(2, 3, 13, 81)


@pytest.mark.parametrize(("players", "variants"), sorted(EXACT))
def test_engine_revolution_probability_equals_the_closed_form(
    players: int, variants: tuple[str, ...]
) -> None:
    assert revolution_probability(get(players, *variants)) == EXACT[(players, variants)]


# Revolution conditions written from the text: (role from the top, Jokers at least).
TEXT_TRIGGERS = {
    3: [(2, 2)],
    4: [(2, 2), (3, 2)],
    5: [(4, 2), (3, 3)],
    6: [(5, 2), (4, 2)],
}


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_exact_probability_by_enumerating_every_place_the_jokers_can_be_dealt(players: int) -> None:
    # The Bum deals one card at a time from the Boss: card i goes to role i % n. Every set of
    # positions for the Jokers is equally likely; count those that trigger a revolution.
    rules = get(players)
    deck, jokers = rules.deck_size, rules.jokers
    hits = total = 0
    for places in itertools.combinations(range(deck), jokers):
        total += 1
        per_role = [0] * players
        for i in places:
            per_role[i % players] += 1
        hits += any(per_role[role] >= k for role, k in TEXT_TRIGGERS[players])
    assert total == comb(deck, jokers)
    assert Fraction(hits, total) == revolution_probability(rules)


def test_bum_only_variant_cancels_the_exchange_when_the_worker_has_both_jokers() -> None:
    assert cancelled_exchange_probability(get(4, "bum-only")) == Fraction(comb(52, 11), comb(54, 13))
    assert cancelled_exchange_probability(get(5, "bum-only")) == Fraction(comb(65, 10), comb(68, 13))
    assert cancelled_exchange_probability(get(4)) == 0


def within(hits: int, n: int, p: Fraction, sigmas: float = 4.5) -> bool:
    """``hits`` out of ``n`` is within ``sigmas`` binomial standard errors of ``p``."""
    se = math.sqrt(float(p) * (1 - float(p)) / n)
    return abs(hits / n - float(p)) <= sigmas * se


@pytest.mark.parametrize(("players", "variants"), [(3, ()), (4, ()), (5, ()), (6, ()), (4, ("bum-only",))])
def test_first_hand_revolution_rate_matches_the_exact_probability(
    players: int, variants: tuple[str, ...]
) -> None:
    rules = get(players, *variants)
    n = 12000
    hits = sum(rules.new_state(seed).revolution is not None for seed in range(n))
    p = revolution_probability(rules)
    assert within(hits, n, p), f"{hits}/{n} revolutions, expected {float(p):.4f}"


@pytest.mark.parametrize(("players", "variants", "seeds"), [(4, (), 60), (3, (), 40), (4, ("bum-only",), 60)])
def test_revolution_rate_over_whole_matches_matches_the_exact_probability(
    players: int, variants: tuple[str, ...], seeds: int
) -> None:
    # Later hands' roles come from the previous hand; the deal does not care.
    rules = get(players, *variants)
    results = []
    for seed in range(seeds):
        results.extend(play_match(rules, seed, hands=40, check=False).results)
    n = len(results)
    assert n >= seeds * 30
    assert within(sum(r.revolution for r in results), n, revolution_probability(rules))
    cancelled = sum(r.cancelled_exchange for r in results)
    assert (
        within(cancelled, n, cancelled_exchange_probability(rules))
        or cancelled_exchange_probability(rules) == 0
    )
    if "bum-only" in variants:
        assert cancelled > 0


def test_simulate_reports_the_revolution_rate_and_the_exact_value() -> None:
    rules = get(4)
    report = simulate(rules, hands=1200, bots=["random"], seed=3)
    assert report.hands == 1200
    assert report.exact_revolution_rate == pytest.approx(float(revolution_probability(rules)))
    assert within(report.revolutions, report.hands, revolution_probability(rules))
