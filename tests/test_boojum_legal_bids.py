"""Factored bids and claims: each decision lists exactly the actions the rules accept, few of them, and none
leads to a dead end; a bid may add any number of cards a turn, as the source has it.

The legal list is checked against :meth:`BoojumState.why_illegal` for every action of the rules' action
space (a ``lay`` of every card of the deck, every word, every token), in positions reached by seeded random
play, mid-bid and mid-claim included.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest
from boojum_helpers import act, codes, legal_texts, table, why_not, winning_bids

from bumtable.errors import IllegalActionError
from bumtable.rules.boojum import (
    CASH_ACTION,
    LAY,
    PASS_ACTION,
    STAND_ACTION,
    BoojumRules,
    BoojumState,
    boojum,
)
from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.boojum.state import AUCTION, CLAIMS

RULES = {
    "3p": boojum(3),
    "4p-extended": boojum(4).replace(extended=True),
    "6p-extended-pawns": boojum(6).replace(extended=True, courts=False),
    "5p-repeat-tokens": boojum(5).replace(repeat_tokens=True),
    "4p-excuse-alone": boojum(4).replace(extended=True, excuse_alone=True, excuse_symbols=1, decks=3),
}


def positions(rules: BoojumRules, seed: int, actions: int = 1500) -> Iterator[BoojumState]:
    """Every position of a seeded random game, for up to ``actions`` actions."""
    state = rules.new_state(seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.is_over():
            return
        yield state
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", sorted(RULES))
def test_the_legal_list_is_exactly_the_actions_why_illegal_accepts(name: str) -> None:
    rules = RULES[name]
    space = rules.action_space()
    every = [space.decode(i) for i in range(space.size)]
    seen: Counter[str] = Counter()
    for seed in range(3):
        for state in positions(rules, seed):
            listed = state.legal_actions()
            assert len(set(listed)) == len(listed), "each action is listed once"
            accepted = {a for a in every if state.why_illegal(a) is None}
            assert set(listed) == accepted, (
                f"seed {seed}: listed but refused {[rules.action_text(a) for a in set(listed) - accepted]}, "
                f"accepted but not listed {[rules.action_text(a) for a in accepted - set(listed)]}"
            )
            lays = [a.card for a in listed if a.kind == LAY]
            assert lays == sorted(lays) and all(a.kind == LAY for a in listed[: len(lays)]), (
                "lays first, by card"
            )
            assert state.observe(state.turn).legal_actions() == listed
            seen[
                state.phase
                + (" mid-bid" if state.laid_now else "")
                + (" mid-claim" if state.claim_token >= 0 else "")
            ] += 1
    for kind in ("auction", "auction mid-bid", "claim", "claim mid-claim"):
        assert seen[kind] >= 20, f"only {seen[kind]} positions of kind {kind!r}"


@pytest.mark.parametrize("name", sorted(RULES))
def test_every_lay_keeps_a_legal_stand_or_cash_within_reach(name: str) -> None:
    """No dead end: from any position, laying any listed cards one after another always comes to a position
    where ``stand`` (an auction) or ``cash`` (a claim) is legal, before the hand runs out."""
    rules = RULES[name]
    rng = random.Random(name)
    walks = 0
    for seed in range(3):
        for state in positions(rules, seed, 600):
            if rng.random() > 0.2:
                continue
            trial = state.copy(history=False)
            finish = STAND_ACTION if trial.phase == AUCTION else CASH_ACTION
            if trial.phase == CLAIMS and trial.claim_token < 0:
                starts = [a for a in trial.legal_actions() if a.kind != LAY and a.token >= 0]
                if not starts:
                    continue
                trial.apply(rng.choice(starts))
            player = trial.turn
            for _ in range(len(trial.hands[player]) + 1):
                legal = trial.legal_actions()
                if finish in legal and rng.random() < 0.5:
                    break
                lays = [a for a in legal if a.kind == LAY]
                if not lays:
                    break
                trial.apply(rng.choice(lays))
            assert finish in trial.legal_actions(), f"seed {seed}: laying listed cards led to a dead end"
            walks += 1
    assert walks >= 30


def test_each_decision_lists_at_most_one_lay_per_different_card_and_two_words() -> None:
    longest = 0
    for players in (3, 4, 6):
        for seed in range(4):
            for state in positions(boojum(players), seed, 2500):
                listed = state.legal_actions()
                different = len(set(state.hands[state.turn]))
                assert len(listed) <= different + 2 or (state.phase == CLAIMS and state.claim_token < 0)
                assert len(listed) <= max(different + 2, 7)  # claim phase: up to six tokens and done
                longest = max(longest, len(listed))
    assert longest >= 10


# ----------------------------------------------------------------------------- bids of any size
def test_a_bid_may_add_any_number_of_cards_in_one_turn() -> None:
    state = table(boojum(3), ["AM AS AW AL 9MS", "CM CS CW", "2SY"])
    act(state, "bid AM AS AW AL")  # four cards at once: nobody can beat four
    assert state.slots[0] == codes("AM AS AW AL") and state.won[0]


def test_a_raise_adds_cards_to_those_already_laid() -> None:
    state = table(boojum(3), ["AM AS AW AL AY AK", "CM CS CW CL", "2SY"])
    act(state, "bid AM AS AW", "bid CM CS CW")  # three for three, beaten by three for thirty
    assert why_not(state, "bid AL") is None  # four for four beats three for thirty
    act(state, "bid AL AY AK")  # six for six: P1 has four Crowns and cannot beat it
    assert state.slots[0] == codes("AM AS AW AL AY AK")


def test_a_bid_is_laid_card_by_card_and_stands_only_when_it_beats_the_high_bid() -> None:
    state = table(boojum(3), ["5ML 8MS", "6MW AM", "3SK"])
    act(state, "bid 5ML")
    assert legal_texts(state) == ["lay AM", "lay 6MW", "pass"]  # P1: nothing laid yet, so it may pass
    act(state, "lay AM")
    assert state.bids[1] == codes("AM") and state.high == 0 and state.current_player() == 1
    assert legal_texts(state) == ["lay 6MW"]  # one for one does not beat one for five; no pass now
    reason = state.why_illegal(STAND_ACTION)
    assert reason == (
        "your bid is one for one, which does not beat P0's one for five: "
        "lay more cards (more cards always win, then more pips)"
    )
    assert "a bid once begun is made" in str(state.why_illegal(PASS_ACTION))
    act(state, "lay 6MW")
    assert legal_texts(state) == ["stand"]
    act(state, "stand")
    assert state.high == 1 and state.current_player() == 0 and state.laid_now == []


def test_laid_cards_show_on_the_table_before_the_bid_stands() -> None:
    state = table(boojum(3), ["5ML 8MS", "6MW AM", "3SK"])
    act(state, "bid 5ML", "lay 6MW")
    for seat in (0, 2, None):
        obs = state.observe(seat)
        assert obs.bids[1] == tuple(codes("6MW")) and obs.laid_now == tuple(codes("6MW")) and obs.high == 0
    assert [e.text for e in state.events(2)][-2:] == ["one for five", "lay 6MW"]  # P0 stood, P1 laid


def test_copies_of_a_card_make_one_lay() -> None:
    state = table(boojum(3), ["4MS 4MS 9MS", "2SY", "2WL"])
    assert legal_texts(state) == ["lay 4MS", "lay 9MS", "pass"]
    assert winning_bids(state) == ["bid 4MS", "bid 9MS", "bid 4MS 4MS", "bid 4MS 9MS", "bid 4MS 4MS 9MS"]


def test_a_player_who_cannot_win_with_every_card_is_passed_over() -> None:
    rules = boojum(3).replace(extended=True)
    state = table(rules, ["X 9MS 9WY", "AM AS", "X CM CS"])
    act(state, "bid X 9MS 9WY")  # four for eighteen: the Excuse counts two cards
    last = state.events(None)[-1]
    assert (last.kind, last.player, last.text) == ("pass", 1, "cannot beat")  # two Aces: two for two
    assert state.current_player() == 2
    assert winning_bids(state) == ["bid CM CS X"]  # four for 24
    assert bid_value(state.hands[2], rules.tables) == (4, 24)


def test_a_bid_needs_a_card_and_the_auction_refuses_claims() -> None:
    state = table(boojum(3), ["5ML", "7ML", "9MS"])
    assert "lay a card first" in str(state.why_illegal(STAND_ACTION))
    with pytest.raises(IllegalActionError, match="claims come later"):
        act(state, "claim waves")
    with pytest.raises(IllegalActionError, match="you do not hold 9MS"):
        act(state, "lay 9MS")
