"""A heuristic Boojum bot: it bids for lots that bring it closer to sets, paying with cards it does not need,
and claims the rarest token first.

A hand is valued by :func:`hand_potential`: for each token the bot still wants, how many cards it lacks for
the nearest pattern (:func:`token_distances`), each token worth ``DECAY ** missing``, plus a little for
every card (cards are what you bid with). A claimable token is worth a full point.

* **Auction:** for each listed bid, the hand it would leave plus the lot is valued against the hand as it
  is (with any cards already laid taken back); the bot makes the best bid if it gains at least
  ``MIN_GAIN``, else passes. Cards that help no set cost only their card value, so they are what it bids.
* **Claims:** it claims whenever it can, the rarest token first (the one with the fewest ways to make it
  in its hand, then the harder token by the source's list: Moons, Suns, Leaves, Waves, Knots, Wyrms), with
  the group that leaves the most valuable hand.

>>> from bumtable.rules.boojum import boojum
>>> from bumtable.cards.decktet import parse_decktet_cards as cards
>>> t = boojum().tables
>>> token_distances(cards("4MS 4MS 4WL 9MS"), t)  # moons, suns, waves, leaves, wyrms, knots
[3, 2, 1, 3, 1, 1]
>>> state = boojum(4).new_state(seed=3)
>>> bot = BoojumBot(seed=1)
>>> bot.choose(state.observe(state.current_player())) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from bumtable.rules.boojum.actions import BID, CLAIM, DONE_ACTION, PASS_ACTION, BoojumAction
from bumtable.rules.boojum.observation import BoojumObservation
from bumtable.rules.boojum.sets import PATTERNS, SYMBOLS, find
from bumtable.rules.boojum.state import AUCTION
from bumtable.rules.boojum.tables import Tables

DECAY = 0.45
"""A token ``d`` cards away is worth ``DECAY ** d`` (1 when it can be claimed)."""
CARD_VALUE = 0.03
"""Every card in hand is worth this much: cards are the currency of the auctions."""
MIN_GAIN = 0.02
"""The least gain in hand value for which the bot bids."""
HARDNESS = (0, 1, 3, 2, 5, 4)
"""Token order from hardest to easiest, by the source's patterns: Moons, Suns, Leaves, Waves, Knots, Wyrms."""
MAX_CLAIM_CHOICES = 40


def _best_window(positions: set[int], k: int, top: int) -> int:
    """The most of ``positions`` inside any ``k`` consecutive ranks 1..top."""
    if not positions:
        return 0
    have = [0] * (top + 1)
    for p in positions:
        have[p] = 1
    run = best = sum(have[1 : k + 1])
    for start in range(2, top - k + 2):
        run += have[start + k - 1] - have[start - 1]
        best = max(best, run)
    return best


def token_distances(hand: Iterable[int], t: Tables) -> list[int]:
    """For each token (0 Moons .. 5 Knots), the fewest cards the hand lacks for one of its patterns.

    Exact for every pattern but the symbol groups, which are estimated (two symbols a card) unless the
    hand already has one.
    """
    counts = Counter(int(c) for c in hand)
    x = counts.pop(t.excuse, 0)
    top = t.positions
    by_rank: Counter[int] = Counter()
    by_suit: Counter[int] = Counter()
    symbols = [0] * 6
    suit_pos: list[set[int]] = [set() for _ in range(6)]
    all_pos: set[int] = set()
    typed: Counter[int] = Counter()
    typed_suit: Counter[tuple[int, int]] = Counter()
    typed_pos: dict[int, set[int]] = {1: set(), 2: set(), 4: set()}
    for c, k in counts.items():
        pos = t.pos[c]
        by_rank[pos] += k
        all_pos.add(pos)
        for s in range(6):
            if t.suit_mask[c] >> s & 1:
                by_suit[s] += k
                symbols[s] += k
                suit_pos[s].add(pos)
                for ty in typed_pos:
                    if t.types[c] & ty:
                        typed_suit[ty, s] += k
        for ty in typed_pos:
            if t.types[c] & ty:
                typed[ty] += k
                typed_pos[ty].add(pos)
    most_rank = max(by_rank.values(), default=0)
    most_suit = max(by_suit.values(), default=0)

    def straight(k: int) -> int:
        return k - max(_best_window(suit_pos[s], k, top) for s in range(6))

    aces, crowns = by_rank[1], by_rank[top]
    best_typed = 3 - max(typed_suit.values(), default=0)
    typed_run = 3 - max(_best_window(p, 3, top) for p in typed_pos.values())
    plain = [  # cards lacking without the Excuses, which then fill any gap
        min(straight(6), 8 - min(4, aces) - min(4, crowns), 6 - most_rank),
        min(straight(5), 5 - most_rank, 8 - most_suit),
        min(straight(4), 4 - most_rank, 7 - most_suit),
        6 - max(typed.values(), default=0),
        min(best_typed, typed_run),
        min(5 - _best_window(all_pos, 5, top), 5 - most_suit),
    ]
    dist = [max(0, d - x) for d in plain]
    dist[3] = min(dist[3], _symbols_distance(counts, x, 2, symbols, t))
    dist[5] = min(dist[5], _symbols_distance(counts, x, 1, symbols, t))
    return dist


def _symbols_distance(counts: Counter[int], x: int, per_suit: int, symbols: list[int], t: Tables) -> int:
    """0 when a symbols group can be claimed now, else an estimate: two symbols a card, less the Excuses."""
    pattern = next(p for p in PATTERNS if p.kind == SYMBOLS and p.size == per_suit)
    if x:
        counts = counts + Counter({t.excuse: x})
    if next(find(pattern, counts, t), None) is not None:
        return 0
    short = sum(max(0, per_suit - k) for k in symbols)
    return max(1, (short + 1) // 2 - x)


def hand_potential(hand: Iterable[int], wanted: Iterable[int], t: Tables) -> float:
    """The bot's value of a hand: ``DECAY ** distance`` for each wanted token, plus ``CARD_VALUE`` a card."""
    cards = list(hand)
    dist = token_distances(cards, t)
    return sum(DECAY ** dist[k] for k in wanted) + CARD_VALUE * len(cards)


def _minus(hand: list[int], cards: Iterable[int]) -> list[int]:
    rest = hand.copy()
    for c in cards:
        rest.remove(c)
    return rest


class BoojumBot:
    """Bids for lots that complete its sets with cards it does not need; claims the rarest token first."""

    name = "boojum-heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: BoojumObservation) -> BoojumAction:
        legal = observation.legal_actions()
        if not legal:
            raise ValueError(f"seat {observation.seat} was asked to act, but it has no legal action now")
        if len(legal) == 1:
            return legal[0]
        if observation.phase == AUCTION:
            return self._bid(observation, legal)
        return self._claim(observation, legal)

    def _bid(self, obs: BoojumObservation, legal: list[BoojumAction]) -> BoojumAction:
        t = obs.rules.tables
        seat = obs.seat if obs.seat is not None else 0
        hand = list(obs.hand or ())
        wanted = obs.wanted_tokens(seat)
        laid = obs.bids[seat]
        lot = obs.slots[obs.lot]
        keep = hand_potential([*hand, *laid], wanted, t)
        best: BoojumAction = PASS_ACTION
        best_gain = MIN_GAIN
        for action in legal:
            if action.kind != BID:
                continue
            after = hand_potential([*_minus(hand, action.cards), *lot], wanted, t)
            gain = after - keep - 0.001 * len(action.cards) + 0.0001 * self.rng.random()
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    def _claim(self, obs: BoojumObservation, legal: list[BoojumAction]) -> BoojumAction:
        t = obs.rules.tables
        seat = obs.seat if obs.seat is not None else 0
        hand = list(obs.hand or ())
        claims = [a for a in legal if a.kind == CLAIM]
        if not claims:
            return DONE_ACTION
        ways = Counter(a.token for a in claims)
        token = min(ways, key=lambda k: (ways[k], HARDNESS.index(k)))
        wanted = [k for k in obs.wanted_tokens(seat) if k != token]
        options = sorted((a for a in claims if a.token == token), key=lambda a: len(a.cards))
        best = options[0]
        best_value = float("-inf")
        for action in options[:MAX_CLAIM_CHOICES]:
            value = hand_potential(_minus(hand, action.cards), wanted, t)
            if value > best_value:
                best, best_value = action, value
        return best
