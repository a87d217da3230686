"""The auction's legal-action list: every legal bid is listed, once, in a fixed order, and nothing else is.

The list is checked against :meth:`BoojumState.why_illegal` over every multiset of the hand's cards (all of
them for small hands, every size up to one past ``bid_max_add`` for large ones), in positions reached by
seeded random play. The play here picks small bids by trying cards, not from the list, so games without a
bid limit (``bid_max_add=0``) can be played too without listing the bids of a huge hand.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import combinations

import pytest
from boojum_helpers import act, bid_texts, codes, table

from bumtable.errors import IllegalActionError
from bumtable.rules.boojum import PASS_ACTION, BoojumAction, BoojumRules, BoojumState, boojum
from bumtable.rules.boojum.actions import bid
from bumtable.rules.boojum.bids import bid_additions
from bumtable.rules.boojum.state import AUCTION

MOST_ENUMERATED = 8
"""Hands up to this size have every multiset of their cards tried as a bid."""


def _try_bid(state: BoojumState, rng: random.Random) -> BoojumAction:
    """A random legal bid of one to three cards found by trying, else ``pass``."""
    hand = state.hands[state.turn]
    for _ in range(12):
        action = bid(rng.sample(hand, min(len(hand), rng.randint(1, 3))))
        if state.why_illegal(action) is None:
            return action
    return PASS_ACTION


def auction_positions(rules: BoojumRules, seed: int, actions: int = 400) -> Iterator[BoojumState]:
    """Every auction position of a seeded random game, for up to ``actions`` actions."""
    state = rules.new_state(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over():
            return
        if state.phase == AUCTION:
            yield state
            action = PASS_ACTION if rng.random() < 0.3 else _try_bid(state, rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply(action)


def hand_bids(hand: list[int], sizes: range) -> set[BoojumAction]:
    """Every bid of a multiset of ``hand``'s cards of one of these sizes (copies of a card are one card)."""
    return {bid(cards) for size in sizes for cards in set(combinations(sorted(hand), size))}


RULES = {
    "3p": boojum(3),
    "4p-extended": boojum(4).replace(extended=True),
    "6p-extended-pawns": boojum(6).replace(extended=True, courts=False),
    "5p-add-1": boojum(5).replace(bid_max_add=1),
    "4p-extended-add-2": boojum(4).replace(extended=True, bid_max_add=2),
    "3p-no-limit": boojum(3).replace(bid_max_add=0),
    "4p-extended-no-limit": boojum(4).replace(extended=True, bid_max_add=0),
}


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_legal_bid_is_listed_and_only_legal_bids_are(name: str) -> None:
    rules = RULES[name]
    checked = big = 0
    rng = random.Random(name)
    for seed in range(6):
        for state in auction_positions(rules, seed):
            p = state.turn
            hand = state.hands[p]
            most = rules.bid_max_add
            if len(hand) <= MOST_ENUMERATED:
                tried = hand_bids(hand, range(1, len(hand) + 1))  # every multiset of the hand
            elif most and rng.random() < 0.25:  # a big hand, now and then: every size that may be legal
                tried = hand_bids(hand, range(1, most + 1))
                tried |= {bid(rng.sample(hand, most + 1)) for _ in range(10)}  # and some that are too big
                big += 1
            else:
                continue  # without a bid limit a big hand has too many multisets to try
            listed = state.legal_actions()
            assert len(set(listed)) == len(listed), "each action is listed once"
            assert listed[-1] == PASS_ACTION and state.why_illegal(PASS_ACTION) is None
            bids = listed[:-1]
            for action in bids:
                assert state.why_illegal(action) is None, rules.action_text(action)
            accepted = {a for a in tried if state.why_illegal(a) is None}
            assert set(bids) == accepted, (
                f"seed {seed}, hand {sorted(hand)}: listed but refused "
                f"{[rules.action_text(a) for a in set(bids) - accepted][:3]}, accepted but not listed "
                f"{[rules.action_text(a) for a in accepted - set(bids)][:3]}"
            )
            assert bids == sorted(bids, key=lambda a: (len(a.cards), a.cards)), (
                "fewest cards first, then codes"
            )
            assert state.observe(p).legal_actions() == listed
            checked += 1
    assert checked >= 500, f"only {checked} positions checked"
    if rules.bid_max_add:
        assert big >= 10, "some hands were too big to try every multiset of"


# ----------------------------------------------------------------------------- the bid limit
def test_a_bid_adds_at_most_three_cards_unless_the_limit_is_lifted() -> None:
    state = table(boojum(3), ["AM AS AW AL 9MS", "CM CS CW CL", "2SY"])
    assert max(len(a.cards) for a in state.legal_actions()) == 3
    assert len(state.legal_actions()) == 5 + 10 + 10 + 1  # one, two and three of five cards, and pass
    with pytest.raises(IllegalActionError, match=r"a bid may add at most three cards at a time .*not four"):
        act(state, "bid AM AS AW AL")
    act(state, "bid AM AS AW")
    assert state.bids[0] == codes("AM AS AW")
    lifted = table(boojum(3).replace(bid_max_add=0), ["AM AS AW AL 9MS", "CM CS CW CL", "2SY"])
    assert len(lifted.legal_actions()) == 2**5 - 1 + 1
    act(lifted, "bid AM AS AW AL 9MS")  # nobody can beat five cards: the bid goes into the slot
    assert lifted.slots[0] == codes("AM AS AW AL 9MS")


def test_a_raise_may_add_three_more_cards_each_turn() -> None:
    state = table(boojum(3), ["AM AS AW AL AY AK", "CM CS CW CL", "2SY"])
    act(state, "bid AM AS AW", "bid CM CS CW")  # three for three, beaten by three for thirty
    assert "bid AL AY AK" in bid_texts(state)  # six for six
    act(state, "bid AL AY AK")  # nobody can beat six cards: player 0 wins, the bid goes into the slot
    assert state.slots[0] == codes("AM AS AW AL AY AK")


def test_a_player_who_cannot_win_with_three_cards_is_passed_over() -> None:
    rules = boojum(3).replace(extended=True)
    state = table(rules, ["X 9MS 9WY", "AM AS AW AL AY", "X CM CS"])
    act(state, "bid X 9MS 9WY")  # four for eighteen: the Excuse counts two cards
    assert [(e.kind, e.player) for e in state.events[-2:]] == [("bid", 0), ("auto-pass", 1)]
    assert state.current_player() == 2 and bid_texts(state) == ["bid CM CS X", "pass"]  # four for 24
    lifted = table(rules.replace(bid_max_add=0), ["X 9MS 9WY", "AM AS AW AL AY", "X CM CS"])
    act(lifted, "bid X 9MS 9WY")
    assert lifted.current_player() == 1 and bid_texts(lifted) == ["bid AM AS AW AL AY", "pass"]


# ----------------------------------------------------------------------------- the shortlist option
def test_only_bid_list_limit_shortens_the_list_and_any_legal_bid_is_still_accepted() -> None:
    hands = ["AM AS AW AL AY AK 2MK", "2SY", "2WL"]
    rules = boojum(3).replace(bid_max_add=0)
    assert rules.bid_list_limit == 0 and len(table(rules, hands).legal_actions()) == 2**7 - 1 + 1
    short = rules.replace(bid_list_limit=5)
    state = table(short, hands)
    listed = state.legal_actions()
    assert len(listed) == 5 + 1 and all(state.why_illegal(a) is None for a in listed)
    assert state.observe(0).legal_actions() == listed
    assert state.why_illegal(short.parse_action("bid AM AS AW AL AY AK 2MK")) is None
    assert len(bid_additions(state.hands[0], [], None, short.tables)) == 2**7 - 1


def test_copies_of_a_card_make_one_bid_each_way() -> None:
    state = table(boojum(3), ["4MS 4MS 9MS", "2SY", "2WL"])
    assert bid_texts(state) == [
        "bid 4MS",
        "bid 9MS",
        "bid 4MS 4MS",
        "bid 4MS 9MS",
        "bid 4MS 4MS 9MS",
        "pass",
    ]
