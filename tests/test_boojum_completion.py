"""Whether a partly laid claim can still be completed (what every ``lay`` of a claim is checked against),
compared with listing every group of the hand, for hands small enough to list."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from boojum_helpers import codes

from bumtable.rules.boojum import BoojumRules
from bumtable.rules.boojum.actions import CASH_ACTION, action_text, lay
from bumtable.rules.boojum.completion import can_earn, completable, symbols_reachable
from bumtable.rules.boojum.legal import _claim_steps, phase_actions
from bumtable.rules.boojum.sets import claim_options
from bumtable.rules.phases import CLAIM

RULES = {
    "basic": BoojumRules(),
    "extended": BoojumRules(extended=True),
    "three-decks-excuse-alone-one-symbol": BoojumRules(
        players=4, decks=3, extended=True, excuse_alone=True, excuse_symbols=1
    ),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_a_partial_claim_is_completable_exactly_when_some_group_of_the_hand_holds_it(name: str) -> None:
    t = RULES[name].tables
    rng = random.Random(name)
    deck = list(t.deck)
    checked = completable_seen = 0
    for _ in range(700):
        hand = rng.sample(deck, rng.randint(1, 11))
        options = claim_options(hand, t)
        for token in range(6):
            groups = options.get(token, [])
            if groups and rng.random() < 0.6:  # often a part of a real group, else any cards
                group = list(rng.choice(groups))
                rng.shuffle(group)
                laid = group[: rng.randint(0, len(group))]
            else:
                laid = rng.sample(hand, rng.randint(0, min(4, len(hand))))
            rest = Counter(hand) - Counter(laid)
            expected = any(not Counter(laid) - Counter(g) for g in groups)
            assert completable(token, laid, rest, t) == expected, (token, sorted(laid), sorted(hand))
            assert can_earn(token, Counter(hand), t) == bool(groups)
            checked += 1
            completable_seen += expected
    assert checked == 4200 and 300 < completable_seen < 3400


@pytest.mark.parametrize("name", sorted(RULES))
def test_an_open_claims_next_steps_are_the_lays_that_keep_a_group_within_reach_and_cash_once_it_earns(
    name: str,
) -> None:
    t = RULES[name].tables
    rng = random.Random(name)
    deck = list(t.deck)
    for _ in range(150):
        whole = rng.sample(deck, rng.randint(2, 11))
        token = rng.randrange(6)
        groups = claim_options(whole, t).get(token, [])
        laid = list(rng.choice(groups))[: rng.randint(0, 3)] if groups else whole[:1]
        hand = list((Counter(whole) - Counter(laid)).elements())
        rng.shuffle(hand)
        steps = phase_actions(CLAIM, hand, (), (), None, range(6), token, laid, t)
        lays = sorted({c for c in hand if any(not Counter([*laid, c]) - Counter(g) for g in groups)})
        expected = [action_text(lay(c)) for c in lays]
        if tuple(sorted(laid)) in groups:
            expected.append(action_text(CASH_ACTION))
        assert [action_text(a) for a in steps] == expected, (token, sorted(laid), sorted(hand))
        fresh = _claim_steps.__wrapped__(token, tuple(laid[::-1]), tuple(hand), t)  # worked out, unsorted
        assert fresh == steps  # in any order the same answer, so the kept one (by sorted cards) is right


def test_a_thirty_card_hand_is_answered_without_listing_its_groups() -> None:
    t = RULES["extended"].tables
    hand = Counter(random.Random(3).sample(list(t.deck), 30))
    assert can_earn(3, hand, t) and symbols_reachable(hand, 2, t)  # thousands of Leaves groups


def test_the_examples_of_the_rules_document() -> None:
    t = RULES["basic"].tables
    hand = Counter(codes("4MS 4WL 4YK 9MS 2MK"))
    assert completable(5, codes("4WL"), hand - Counter(codes("4WL")), t)  # Knots: 4MS 4WL 4YK
    assert not completable(5, codes("4MS 9MS"), hand - Counter(codes("4MS 9MS")), t)  # two Moons symbols
    assert not completable(2, codes("4MS"), hand - Counter(codes("4MS")), t)  # one 4MS: no four 4s
