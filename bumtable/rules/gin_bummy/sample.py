"""States sampled to fit what one seat knows: the hidden cards dealt at random where they could be.

>>> import random
>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> obs = gin_bummy(players=3).new_state(seed=3).observe(1)
>>> sample_state(obs, random.Random(5)).observe(1) == obs
True
"""

from __future__ import annotations

import random
from collections import Counter

from bumtable.cards.french import JOKER, Card
from bumtable.rules.gin_bummy.moves import DISCARD_PHASE
from bumtable.rules.gin_bummy.observation import GinBummyObservation
from bumtable.rules.gin_bummy.state import PUBLIC, GinBummyState


def hidden_pools(obs: GinBummyObservation) -> list[list[int]]:
    """The cards the seat cannot place, by the stock they came from (0: the deal; k: the k-th turn-over)."""
    rules = obs.rules
    unplaced = Counter(int(c) for c in rules.deck())
    unplaced.subtract(obs.beg)
    unplaced.subtract(obs.hand or ())
    unplaced.subtract(obs.stock or ())
    for p, cards in enumerate(obs.public_cards):
        if p != obs.seat:
            unplaced.subtract(cards)
    last_flip: dict[int, int] = {}
    for k, flip in enumerate(obs.flips, start=1):
        for c in flip:
            last_flip[c] = k
    gens = 1 + len(obs.flips)
    pools: list[list[int]] = [[] for _ in range(gens)]
    jokers = 0
    for c, k in sorted(unplaced.items()):
        if k < 0:
            raise ValueError(f"inconsistent observation: {Card(c)} is placed {-k} time(s) too many")
        if c >= JOKER:
            jokers += k
        else:
            pools[last_flip.get(c, 0)].extend([c] * k)
    # the Jokers look alike: each group takes what room its counts leave
    slots = _slots(obs)
    for g in range(gens):
        room = slots[g] - len(pools[g])
        if room < 0 or room > jokers:
            raise ValueError(
                f"inconsistent observation: stock group {g} has {slots[g]} places for {len(pools[g])} cards"
            )
        pools[g].extend([JOKER] * room)
        jokers -= room
    if jokers:
        raise ValueError(f"inconsistent observation: {jokers} Joker(s) unplaced")
    return pools


def _stock_gen(obs: GinBummyObservation) -> int | None:
    """The group of the hidden stock's cards, or None when the stock's order is known."""
    if obs.stock is not None:
        return None
    return len(obs.flips) if obs.rules.turn_over == "shuffle" else 0


def _slots(obs: GinBummyObservation) -> list[int]:
    gens = 1 + len(obs.flips)
    slots = [0] * gens
    for p, counts in enumerate(obs.hidden_counts):
        if p != obs.seat:
            for g, k in enumerate(counts):
                slots[g] += k
    sg = _stock_gen(obs)
    if sg is not None:
        slots[sg] += obs.stock_count
    return slots


def sample_state(obs: GinBummyObservation, rng: random.Random) -> GinBummyState:
    """A full state consistent with ``obs``, the unseen cards dealt at random where their stock put them;
    no history, no event log, later shuffles seeded from ``rng``."""
    rules = obs.rules
    n = rules.players
    pools = hidden_pools(obs)
    for pool in pools:
        rng.shuffle(pool)
    state = GinBummyState(rules, rng.getrandbits(63), _blank=True)
    sg = _stock_gen(obs)
    for p in range(n):
        if p == obs.seat:
            mine = list(obs.hand or ())
            public = Counter(obs.public_cards[p])
            tags: list[int] = []
            hand: list[int] = []
            for c in mine:  # the seat's own cards: public ones first, the rest by their hidden groups
                if public[c] > 0:
                    public[c] -= 1
                    hand.append(c)
                    tags.append(PUBLIC)
            rest = Counter(mine) - Counter(obs.public_cards[p])
            hand_rest, tag_rest = _own_hidden(obs, p, list(rest.elements()))
            state.hands[p] = hand + hand_rest
            state.tags[p] = tags + tag_rest
            continue
        hand = list(obs.public_cards[p])
        tags = [PUBLIC] * len(hand)
        for g, k in enumerate(obs.hidden_counts[p]):
            got, pools[g] = pools[g][:k], pools[g][k:]
            hand.extend(got)
            tags.extend([g] * k)
        state.hands[p] = hand
        state.tags[p] = tags
    state.stock_gen = PUBLIC if sg is None else sg
    if obs.stock is not None:
        state.stock = list(reversed(obs.stock))
    else:
        state.stock = pools[sg] if sg is not None else []
        assert len(state.stock) == obs.stock_count
    state.cut = [list(r) for r in obs.cut]
    state.dealer = obs.dealer
    state.beg = list(obs.beg)
    state.flips = list(obs.flips)
    state.beg_declined = list(obs.beg_declined) or [()] * n
    state.number_discards = list(obs.number_discards) or [()] * n
    state.starved = list(obs.starved)
    state.turns = obs.turns
    state.winner = obs.winner
    state.stuck = obs.stuck
    state.result = obs.result
    state.steps = obs.steps
    state.log = None
    state.last_forced = obs.last_forced
    state.phase = obs.phase
    state.turn = obs.turn if obs.turn is not None else 0
    state.start_size = obs.start_size
    state.drew_from = obs.drew_from
    if obs.phase == DISCARD_PHASE and obs.turn is not None:
        p = obs.turn
        if obs.drawn is None:  # another player's draw from the hidden stock: any of their cards from it
            group = 0 if sg is None else sg
            state.drawn = next(c for c, t in zip(state.hands[p], state.tags[p], strict=True) if t == group)
            state.drawn_public = False
        else:
            state.drawn = obs.drawn
            state.drawn_public = obs.turn != obs.seat or _drawn_tag(state, p, obs.drawn) == PUBLIC
        state.last_draws[p] = (state.drawn,)
    if obs.seat is not None:
        state.last_draws[obs.seat] = obs.my_draws
    return state


def _own_hidden(obs: GinBummyObservation, seat: int, cards: list[int]) -> tuple[list[int], list[int]]:
    """The seat's own hidden cards with their groups (Jokers take whatever groups the counts leave)."""
    last_flip: dict[int, int] = {}
    for k, flip in enumerate(obs.flips, start=1):
        for c in flip:
            last_flip[c] = k
    counts = list(obs.hidden_counts[seat])
    hand: list[int] = []
    tags: list[int] = []
    jokers = 0
    for c in cards:
        if c >= JOKER:
            jokers += 1
            continue
        g = last_flip.get(c, 0)
        counts[g] -= 1
        hand.append(c)
        tags.append(g)
    for g, k in enumerate(counts):
        hand.extend([JOKER] * k)
        tags.extend([g] * k)
        jokers -= k
    if jokers or min(counts, default=0) < 0:
        raise ValueError("inconsistent observation: the seat's hidden cards do not match its counts")
    return hand, tags


def _drawn_tag(state: GinBummyState, player: int, card: int) -> int:
    for c, t in zip(state.hands[player], state.tags[player], strict=True):
        if c == card:
            return t
    return PUBLIC
