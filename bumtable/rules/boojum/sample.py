"""States that fit what one seat knows, the cards it cannot place dealt at random: for search.

>>> import random
>>> from bumtable.rules.boojum.rules import boojum
>>> obs = boojum(4).new_state(seed=3).observe(0)
>>> sample_state(obs, random.Random(1)).observe(0) == obs
True
"""

from __future__ import annotations

import random

from bumtable.rules.boojum.observation import BoojumObservation, unseen_cards
from bumtable.rules.boojum.state import BoojumState


def sample_state(obs: BoojumObservation, rng: random.Random) -> BoojumState:
    """A full state consistent with ``obs``, the unseen cards dealt at random to where they could be; no
    history, no event log, later shuffles seeded from ``rng``."""
    rules = obs.rules
    n = rules.players
    cards = list(unseen_cards(obs).elements())
    rng.shuffle(cards)
    state = BoojumState(rules, rng.getrandbits(63), _blank=True)  # a fresh Chance from that seed
    for p in range(n):
        if p == obs.seat and obs.hand is not None:
            state.hands[p] = list(obs.hand)
            continue
        need = obs.hand_counts[p] - len(obs.known[p])
        state.hands[p] = list(obs.known[p]) + cards[:need]
        cards = cards[need:]
    for i, seen in enumerate(obs.slots):
        hidden = obs.slot_hidden[i]
        state.slots[i] = list(seen) + cards[:hidden]
        cards = cards[hidden:]
    state.stack = cards
    state.known = [list(k) for k in obs.known]
    state.tokens = [list(k) for k in obs.tokens]
    state.slot_hidden = list(obs.slot_hidden)
    state.discard = list(obs.discard)
    state.bids = [list(b) for b in obs.bids]
    state.laid_now = list(obs.laid_now)
    state.won = [list(w) for w in obs.won]
    state.won_any = [bool(w) for w in obs.won]  # a lot is never empty
    state.passed = list(obs.passed)
    state.high = obs.high
    state.lot = obs.lot
    state.claim_order = list(obs.claim_order)
    state.claim_pos = obs.claim_pos
    state.claim_token = obs.claim_token
    state.claim_cards = list(obs.claim_cards)
    state.round_no = obs.round_no
    state.phase = obs.phase
    state.turn = obs.turn if obs.turn is not None else 0
    state.dealer = obs.dealer
    state.first_to_bid = obs.first_to_bid
    state.winners = list(obs.winners)
    state.hit_round_limit = obs.hit_round_limit
    return state
