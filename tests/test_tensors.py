"""Observation vectors: built from one seat's observation alone, bounded, and holding what each family's rules
let that seat know (cards seen played, cards given in the exchange, the Beg, the lots and bids)."""

from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from bumtable import rules
from bumtable.rules.phases import PLAY
from bumtable.tensors import planes_for

GAMES = ["bum-game", "president", "zheng-shangyou", "arsehole", "gin-bummy", "boojum"]


def _random_states(game: str, seed: int, players: int | None = None) -> list[rules.State]:
    """Copies of one random game's state after every action."""
    state = rules.get(game, players=players).new_state(seed)
    rng, seen = random.Random(seed), [state.copy()]
    while not state.is_over() and len(seen) < 400:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        seen.append(state.copy())
    return seen


@pytest.mark.parametrize("game", GAMES)
def test_a_vector_is_built_from_the_seats_wire_view_alone_and_stays_in_bounds(game: str) -> None:
    states = _random_states(game, seed=5)
    planes = planes_for(states[0].rules)
    family = rules.family_of(states[0].rules)
    for state in states[:: max(1, len(states) // 25)]:
        for seat in range(state.rules.players):
            seen = state.observe(seat)
            vector = planes.encode(seen)
            read_back = family.observation_from_dict(seen.to_dict(), state.rules)
            assert np.array_equal(planes.encode(read_back), vector)
            assert vector.min() >= 0 and vector.max() <= planes.high
    assert sum(b.size for b in planes.blocks) == planes.size


def test_cards_played_this_hand_are_counted_by_rank() -> None:
    state = _random_states("president", seed=2, players=5)[60]
    seen = state.observe(1)
    planes = planes_for(state.rules)
    rank_of = state.rules.tables.rank_of_code
    counted = Counter(rank_of[c] for _, codes in seen.played for c in codes)
    played = planes.encode(seen)[planes.block("played")]
    assert sum(counted.values()) > 0
    assert {rank: int(n) for rank, n in enumerate(played) if n} == dict(counted)


def _after_exchange(seed: int) -> rules.State:
    """A Bum Game for 4 state just after the second hand's exchange (roles given, cards passed)."""
    for state in _random_states("bum-game", seed, players=4):
        seen = state.observe(0)
        if seen.transfers and seen.phase == PLAY and not seen.played:
            return state
    raise AssertionError("no exchange in the first 400 actions")


def test_cards_given_in_the_exchange_are_known_in_the_receivers_hand_only_to_the_giver() -> None:
    state = _after_exchange(seed=4)
    planes = planes_for(state.rules)
    rank_of = state.rules.tables.rank_of_code
    ranks = state.rules.tables.n_ranks
    n = state.rules.players
    given = [t for t in state.observe(0).transfers if t.cards]
    assert given
    for t in given:
        known = planes.encode(state.observe(t.giver))[planes.block("known")]
        row = (t.receiver - t.giver) % n - 1
        block = known[row * ranks : (row + 1) * ranks]
        for rank, count in Counter(rank_of[c] for c in t.cards).items():
            assert block[rank] >= count
        for third in (k for k in range(n) if k not in (t.giver, t.receiver)):
            # a seat that neither gave nor took knows nothing of the receiver's cards from this transfer
            gave_it = any(
                s.giver == third and s.receiver == t.receiver for s in state.observe(third).transfers
            )
            if not gave_it:
                row = (t.receiver - third) % n - 1
                assert not planes.encode(state.observe(third))[planes.block("known")][
                    row * ranks : (row + 1) * ranks
                ].any()


@pytest.mark.parametrize("game", ["bum-game", "president", "arsehole"])
def test_what_a_seat_knows_of_another_hand_is_never_more_than_that_hand_holds(game: str) -> None:
    for seed in range(3):
        states = _random_states(game, seed, players=5)
        planes = planes_for(states[0].rules)
        rules_ = states[0].rules
        n, ranks, rank_of = rules_.players, rules_.tables.n_ranks, rules_.tables.rank_of_code
        claimed = 0
        for state in states:
            for seat in range(n):
                known = planes.encode(state.observe(seat))[planes.block("known")].reshape(n - 1, ranks)
                for k in range(1, n):
                    held = Counter(rank_of[c] for c in state.hand_of((seat + k) % n))
                    assert all(known[k - 1][r] <= held[r] for r in range(ranks)), (seed, seat, k)
                claimed += int(known.sum())
        assert claimed > 0


def test_gin_bummys_vector_holds_the_beg_and_the_cards_known_in_other_hands() -> None:
    states = _random_states("gin-bummy", seed=8)
    planes = planes_for(states[0].rules)
    n = states[0].rules.players
    checked = 0
    for state in states:
        seen = state.observe(0)
        vector = planes.encode(seen)
        assert vector[planes.block("beg")].tolist() == [seen.beg.count(code) for code in range(64)]
        known = vector[planes.block("known")].reshape(n - 1, 64)
        for k in range(1, n):
            assert sorted(np.repeat(np.arange(64), known[k - 1].astype(int))) == sorted(seen.public_cards[k])
            checked += len(seen.public_cards[k])
    assert checked > 0


def test_boojums_vector_holds_each_seats_bid_and_the_lots_seen() -> None:
    states = _random_states("boojum", seed=6)
    planes = planes_for(states[0].rules)
    n = states[0].rules.players
    bids_seen = 0
    for state in states:
        seen = state.observe(2)
        vector = planes.encode(seen)
        bids = vector[planes.block("bids")].reshape(n, -1)
        lots = vector[planes.block("lots")].reshape(len(seen.slots), -1)
        for k in range(n):
            assert int(bids[k].sum()) == len(seen.bids[(2 + k) % n])
            bids_seen += len(seen.bids[(2 + k) % n])
        assert [int(row.sum()) for row in lots] == [len(cards) for cards in seen.slots]
    assert bids_seen > 0


def test_a_block_name_that_is_not_there_is_named_with_the_blocks_there_are() -> None:
    planes = planes_for(rules.get("boojum"))
    with pytest.raises(KeyError, match="blocks: hand, known"):
        planes.block("trick")
