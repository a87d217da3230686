"""A heuristic Boojum bot: it bids for lots that bring it nearer to sets, paying with cards it needs least,
and claims the rarest token first, planning a whole bid or claim and laying it card by card.

Each decision plans again from its turn's start, so a bot made afresh at every decision plays the same.

>>> from bumtable.rules.boojum import boojum
>>> state = boojum(4).new_state(seed=3)
>>> BoojumBot(seed=1).choose(state.observe(state.current_player())) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations

from bumtable.rules.boojum.actions import (
    CASH_ACTION,
    CLAIM,
    DONE_ACTION,
    LAY,
    PASS_ACTION,
    STAND_ACTION,
    BoojumAction,
    claim,
    lay,
)
from bumtable.rules.boojum.bids import BidValue, beats, bid_value
from bumtable.rules.boojum.completion import symbols_reachable
from bumtable.rules.boojum.observation import BoojumObservation
from bumtable.rules.boojum.sets import PATTERNS, find
from bumtable.rules.boojum.tables import Tables
from bumtable.rules.phases import AUCTION

DECAY = 0.45
"""A token ``d`` cards away is worth ``DECAY ** d`` (1 when it can be claimed)."""
CARD_VALUE = 0.03
"""What every card in hand is worth: cards are what the bot bids with."""
MIN_GAIN = 0.02
_DECAYED = tuple(DECAY**d for d in range(16))
HARDNESS = (0, 1, 3, 2, 5, 4)
"""Tokens from hardest to easiest by the source: Moons, Suns, Leaves, Waves, Knots, Wyrms."""
MAX_CLAIM_CHOICES = 40
WAYS_COUNTED = 12
"""Ways to make a token counted at most: beyond a dozen every token is as easy as the next."""
GROUPS_SEEN = 200
POOL = 8
EXACT = 24
MOST_ADDED = 3


# ---------------------------------------------------------------------- valuing a hand
@cache
def _windows(k: int, top: int) -> tuple[int, ...]:
    """Bit masks of every ``k`` consecutive ranks within 1..top (bit ``r`` is rank position ``r``)."""
    return tuple(((1 << k) - 1) << start for start in range(1, top - k + 2))


@cache
def _window_table(k: int, top: int) -> tuple[int, ...]:
    """For every mask of ranks 0..top (its index), the most of its ranks in any ``k`` consecutive ranks."""
    wins = _windows(k, top)
    return tuple(max((m & w).bit_count() for w in wins) if m else 0 for m in range(1 << (top + 1)))


def _tally_offsets(top: int) -> tuple[int, int, int]:
    """Where :func:`_distances`'s tallies by suit, by type and by type and suit begin (after ``0..top``)."""
    return top + 1, top + 7, top + 12


@cache
def _card_facts(t: Tables) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Per card code: the tallies (by rank, suit, type, type and suit) and rank masks (per suit ``s``, type
    ``6 + type``, all 11) it adds to in :func:`_distances`, and its rank's bit."""
    suit_at, type_at, pair_at = _tally_offsets(t.positions)
    out = []
    for c in range(len(t.pos)):
        pos = t.pos[c]
        suits = [s for s in range(6) if t.suit_mask[c] >> s & 1]
        types = [ty for ty in (1, 2, 4) if t.types[c] & ty]
        tallies = [pos, *(suit_at + s for s in suits), *(type_at + ty for ty in types)]
        tallies += [pair_at + ty * 6 + s for ty in types for s in suits]
        out.append((tuple(tallies), (*suits, *(6 + ty for ty in types), 11), 1 << pos))
    return tuple(out)


def token_distances(hand: Iterable[int], t: Tables) -> list[int]:
    """For each token (0 Moons .. 5 Knots), the fewest cards the hand lacks for one of its patterns (symbol
    groups estimated at two symbols a card)."""
    return list(_distances(tuple(sorted(hand)), t))


DISTANCES_KEPT = 1 << 16


@lru_cache(maxsize=DISTANCES_KEPT)
def _distances(hand: tuple[int, ...], t: Tables) -> tuple[int, ...]:
    """:func:`token_distances` of a sorted hand (a pure function of the multiset, so kept)."""
    counts = Counter(hand)
    x = counts.pop(t.excuse, 0)
    facts = _card_facts(t)
    top = t.positions
    suit_at, type_at, pair_at = _tally_offsets(top)
    tally = [0] * (pair_at + 30)
    marks = [0] * 12
    for c, k in counts.items():
        tallies, masks, bit = facts[c]
        for i in tallies:
            tally[i] += k
        for i in masks:
            marks[i] |= bit
    by_suit = tally[suit_at:type_at]
    suit_pos = marks[:6]
    most_rank = max(tally[: top + 1])
    most_suit = max(by_suit)
    windows3 = _window_table(3, top)

    def straight(k: int) -> int:
        return k - max(map(_window_table(k, top).__getitem__, suit_pos))

    aces, crowns = tally[1], tally[top]
    best_typed = 3 - max(tally[pair_at:])
    typed_run = 3 - max(windows3[marks[7]], windows3[marks[8]], windows3[marks[10]])
    plain = [  # cards lacking without the Excuses, which then fill any gap
        min(straight(6), 8 - min(4, aces) - min(4, crowns), 6 - most_rank),
        min(straight(5), 5 - most_rank, 8 - most_suit),
        min(straight(4), 4 - most_rank, 7 - most_suit),
        6 - max(tally[type_at : type_at + 5]),
        min(best_typed, typed_run),
        min(5 - _window_table(5, top)[marks[11]], 5 - most_suit),
    ]
    dist = [max(0, d - x) for d in plain]
    if dist[3]:
        dist[3] = min(dist[3], _symbols_distance(counts, x, 2, by_suit, t))
    if dist[5]:
        dist[5] = min(dist[5], _symbols_distance(counts, x, 1, by_suit, t))
    return tuple(dist)


def _symbols_distance(counts: Counter[int], x: int, per_suit: int, symbols: list[int], t: Tables) -> int:
    """0 when a symbols group can be claimed now, else an estimate: two symbols a card, less the Excuses."""
    short = sum(max(0, per_suit - k) for k in symbols)
    estimate = max(1, (short + 1) // 2 - x)
    if short > 3 * x:
        return estimate  # not even every Excuse at three symbols fills the suits the hand lacks
    hand = counts + Counter({t.excuse: x}) if x else counts
    return 0 if symbols_reachable(hand, per_suit, t) else estimate


def hand_potential(hand: Iterable[int], wanted: Iterable[int], t: Tables) -> float:
    """The bot's value of a hand: ``DECAY ** distance`` for each wanted token, plus ``CARD_VALUE`` a card."""
    cards = tuple(sorted(hand))
    dist = _distances(cards, t)
    return sum(_DECAYED[dist[k]] for k in wanted) + CARD_VALUE * len(cards)


def _minus(hand: Sequence[int], cards: Iterable[int]) -> list[int]:
    rest = list(hand)
    for c in cards:
        rest.remove(c)
    return rest


# ---------------------------------------------------------------------- bids
def bid_candidates(
    hand: Sequence[int], bid: Sequence[int], high: BidValue | None, order: Sequence[int], t: Tables
) -> Iterator[tuple[int, ...]]:
    """Multisets of up to ``MOST_ADDED`` cards that, laid on ``bid``, beat ``high``, drawn in a big hand from
    the ``POOL`` needed least (``order``) and the highest pips; else :func:`_big_additions`."""
    have = Counter(hand)
    if len(order) <= POOL + 3:
        pool = list(order)
    else:
        by_pips = sorted(order, key=lambda c: (-t.pip[c], c))[:3]
        wild = [c for c in order if t.bid_cards[c] == 2]
        pool = list(dict.fromkeys([*order[:POOL], *by_pips, *wild]))
    cards = sorted(c for c in pool for _ in range(have[c]))
    base = bid_value(bid, t)

    counts, pip = t.bid_cards, t.pip

    def beating(size: int) -> Iterator[tuple[int, ...]]:
        for add in combinations_with_replacement_multiset(cards, size):
            count, pips = base  # bid_value and beats, written out: thousands of additions a decision
            for c in add:
                count += counts[c]
                pips += pip[c]
            if count and (high is None or (count, pips) > high):
                yield add

    found = False
    for size in range(1, min(MOST_ADDED, len(cards)) + 1):
        for add in beating(size):
            found = True
            yield add
    if not found:
        yield from _big_additions(hand, base, high, order, t)


def _big_additions(
    hand: Sequence[int], base: BidValue, high: BidValue | None, order: Sequence[int], t: Tables
) -> Iterator[tuple[int, ...]]:
    """The fewest cards that win, and one more: the ``j`` highest and the rest those needed least."""
    have = Counter(hand)
    needed_least = [c for c in order for _ in range(have[c])]
    highest = sorted(hand, key=lambda c: (-t.bid_cards[c], -t.pip[c], c))

    def wins(add: Sequence[int]) -> bool:
        count, pips = bid_value(add, t)
        return beats((base[0] + count, base[1] + pips), high)

    fewest = next((s for s in range(1, len(highest) + 1) if wins(highest[:s])), None)
    if fewest is None:
        return
    seen: dict[tuple[int, ...], None] = {}
    for size in range(fewest, min(fewest + 1, len(highest)) + 1):
        for j in range(size + 1):
            left = Counter(hand)
            left.subtract(highest[:j])
            rest: list[int] = []
            for c in needed_least:
                if len(rest) == size - j:
                    break
                if left[c] > 0:
                    left[c] -= 1
                    rest.append(c)
            add = tuple(sorted([*highest[:j], *rest]))
            if len(add) == size and wins(add):
                seen[add] = None
    yield from seen


def combinations_with_replacement_multiset(cards: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Sub-multisets of ``size`` of the multiset ``cards``, each once, as sorted tuples in order."""
    # every choice of positions, each multiset once, in order: C's work, not a loop per combination here
    yield from sorted(set(combinations(sorted(cards), size)))


def plan_bid(
    hand: Sequence[int],
    bid: Sequence[int],
    high: BidValue | None,
    lot: Sequence[int],
    wanted: Sequence[int],
    t: Tables,
) -> tuple[int, ...] | None:
    """The cards to add to ``bid`` this turn, or None to pass: the addition whose hand left plus ``lot`` gains
    most, at least ``MIN_GAIN``; only the ``EXACT`` best estimated from single cards are valued exactly."""
    keep = hand_potential([*hand, *bid], wanted, t)
    whole = hand_potential([*hand, *lot], wanted, t)
    after_losing = {c: hand_potential([*_minus(hand, (c,)), *lot], wanted, t) for c in set(hand)}
    order = sorted(after_losing, key=lambda c: (-after_losing[c], c))
    rank = {c: i for i, c in enumerate(order)}

    loss = {c: whole - after_losing[c] for c in after_losing}

    def estimate(add: tuple[int, ...]) -> float:
        return whole - sum(map(loss.__getitem__, add)) - 0.001 * len(add)

    singles: list[tuple[int, ...]] = []
    several: list[tuple[int, ...]] = []
    for add in bid_candidates(hand, bid, high, order, t):
        (singles if len(add) == 1 else several).append(add)
    several.sort(key=lambda a: (-estimate(a), list(map(rank.__getitem__, a))))
    best: tuple[int, ...] | None = None
    best_gain = MIN_GAIN
    for add in [*singles, *several[:EXACT]]:
        after = (
            after_losing[add[0]] if len(add) == 1 else hand_potential([*_minus(hand, add), *lot], wanted, t)
        )
        gain = after - keep - 0.001 * len(add)
        if gain > best_gain:
            best, best_gain = add, gain
    return best


PLANS_KEPT = 1 << 13


@lru_cache(maxsize=PLANS_KEPT)
def _kept_plan(
    hand: tuple[int, ...],
    bid: tuple[int, ...],
    high: BidValue | None,
    lot: tuple[int, ...],
    wanted: tuple[int, ...],
    t: Tables,
) -> tuple[int, ...] | None:
    """:func:`plan_bid` of a sorted hand and bid (a pure function of the multisets, so kept)."""
    return plan_bid(hand, bid, high, lot, wanted, t)


# ---------------------------------------------------------------------- claims
def token_groups(
    token: int, hand: Sequence[int], t: Tables, most: int = GROUPS_SEEN
) -> list[tuple[int, ...]]:
    """Up to ``most`` groups of ``hand`` that earn ``token``, in the order the patterns find them."""
    counts = Counter(hand)
    seen: dict[tuple[int, ...], None] = {}
    for p in PATTERNS:
        if p.token != token:
            continue
        for g in find(p, counts, t):
            seen[g] = None
            if len(seen) >= most:
                return list(seen)
    return list(seen)


WAYS_KEPT = 1 << 13


@lru_cache(maxsize=WAYS_KEPT)
def _ways(token: int, sorted_hand: tuple[int, ...], t: Tables) -> int:
    """How many groups of ``sorted_hand`` earn ``token``, up to ``WAYS_COUNTED`` (pure, so kept)."""
    return len(token_groups(token, sorted_hand, t, WAYS_COUNTED))


def plan_claim(
    token: int, hand: Sequence[int], laid: Sequence[int], wanted: Sequence[int], t: Tables
) -> tuple[int, ...] | None:
    """Of the ``MAX_CLAIM_CHOICES`` smallest groups for ``token`` holding ``laid``, the best for the rest."""
    have = Counter(laid)
    groups = [g for g in token_groups(token, [*hand, *laid], t) if not have - Counter(g)]
    groups.sort(key=lambda g: (len(g), g))
    others = [k for k in wanted if k != token]
    best: tuple[int, ...] | None = None
    best_value = float("-inf")
    whole = [*hand, *laid]
    for g in groups[:MAX_CLAIM_CHOICES]:
        value = hand_potential(_minus(whole, g), others, t)
        if value > best_value:
            best, best_value = g, value
    return best


@lru_cache(maxsize=PLANS_KEPT)
def _kept_claim(
    token: int, hand: tuple[int, ...], laid: tuple[int, ...], wanted: tuple[int, ...], t: Tables
) -> tuple[int, ...] | None:
    """:func:`plan_claim` of a sorted hand and sorted cards laid (pure in the multisets, so kept)."""
    return plan_claim(token, hand, laid, wanted, t)


class BoojumBot:
    """Bids for lots that complete its sets with cards it does not need; claims the rarest token first."""

    name = "boojum-heuristic"
    asks_forced_moves = False  # one legal action: it is returned, nothing drawn or kept

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._plans: dict[tuple[object, ...], tuple[int, ...] | None] = {}
        """Plans by the position they were made in, so the lays of one turn plan once."""

    def choose(self, observation: BoojumObservation) -> BoojumAction:
        legal = observation.legal_actions()
        if not legal:
            raise ValueError(f"seat {observation.seat} was asked to act, but it has no legal action now")
        if len(legal) == 1:
            return legal[0]
        if observation.phase == AUCTION:
            return self._bid(observation, legal)
        return self._claim(observation, legal)

    def _bid(self, obs: BoojumObservation, legal: Sequence[BoojumAction]) -> BoojumAction:
        t = obs.rules.tables
        seat = obs.seat if obs.seat is not None else 0
        laid = list(obs.laid_now)
        hand = [*(obs.hand or ()), *laid]  # as the turn began
        bid = _minus(obs.bids[seat], laid)
        lot = obs.slots[obs.lot]
        wanted = obs.wanted_tokens(seat)
        high = obs.high_value()
        sorted_hand, sorted_bid, wants = tuple(sorted(hand)), tuple(sorted(bid)), tuple(wanted)
        key = ("bid", sorted_hand, sorted_bid, high, lot, wants)
        if key not in self._plans:
            self._plans.clear()  # one turn at a time
            self._plans[key] = _kept_plan(sorted_hand, sorted_bid, high, lot, wants, t)
        plan = self._plans[key]
        rest = _left_of(plan, laid) if plan is not None else None
        if rest is None:  # no plan, or cards laid that it does not hold
            if not laid:
                return PASS_ACTION
            return _finish_bid(legal, obs)  # a plan not this bot's (never from its own lays)
        return lay(min(rest)) if rest else STAND_ACTION

    def _claim(self, obs: BoojumObservation, legal: Sequence[BoojumAction]) -> BoojumAction:
        t = obs.rules.tables
        seat = obs.seat if obs.seat is not None else 0
        hand = list(obs.hand or ())
        wanted = obs.wanted_tokens(seat)
        if obs.claim_token < 0:
            tokens = [a.token for a in legal if a.kind == CLAIM]
            if not tokens:
                return DONE_ACTION
            sorted_hand = tuple(sorted(hand))
            ways = {k: _ways(k, sorted_hand, t) for k in tokens}
            return claim(min(ways, key=lambda k: (ways[k], HARDNESS.index(k))))
        laid = list(obs.claim_cards)
        key = ("claim", obs.claim_token, tuple(sorted([*hand, *laid])), tuple(wanted))
        if (
            key not in self._plans
            or self._plans[key] is None
            or Counter(laid) - Counter(self._plans[key] or ())
        ):
            self._plans.clear()
            self._plans[key] = _kept_claim(
                obs.claim_token, tuple(sorted(hand)), tuple(sorted(laid)), tuple(wanted), t
            )
        group = self._plans[key]
        if group is None:  # no group found among those listed: any legal step keeps a claim within reach
            return CASH_ACTION if CASH_ACTION in legal else next(a for a in legal if a.kind == LAY)
        rest = Counter(group) - Counter(laid)
        return lay(min(rest)) if rest else CASH_ACTION


def _left_of(plan: Sequence[int], laid: Sequence[int]) -> list[int] | None:
    """The cards of ``plan`` not yet ``laid``, or None when ``laid`` holds a card beyond the plan."""
    rest = list(plan)
    for card in laid:
        if card not in rest:
            return None
        rest.remove(card)
    return rest


def _finish_bid(legal: Sequence[BoojumAction], obs: BoojumObservation) -> BoojumAction:
    """Complete a bid begun otherwise: stand if it wins, else lay the highest card (the fewest lays)."""
    if STAND_ACTION in legal:
        return STAND_ACTION
    t = obs.rules.tables
    lays = [a for a in legal if a.kind == LAY]
    return max(lays, key=lambda a: (t.bid_cards[a.card], t.pip[a.card], -a.card))
