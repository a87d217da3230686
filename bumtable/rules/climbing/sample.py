"""States sampled to fit one seat's observation (determinization, for search): the unseen cards are dealt at
random, respecting what the seat knows, so that ``observe(sample_state(obs, rng), obs.seat) == obs``.

>>> import random
>>> from bumtable.rules import get
>>> obs = get("bum-game", players=4).new_state(seed=3).observe(0)
>>> sample_state(obs, random.Random(1)).observe(0) == obs
True
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from typing import TYPE_CHECKING

from bumtable.cards.french import JOKER
from bumtable.rules.chance import Chance
from bumtable.rules.climbing.facts import Transfer
from bumtable.rules.climbing.plays import SEQUENCE, SET
from bumtable.rules.climbing.state import ClimbingState
from bumtable.rules.outcome import ROUNDS, TARGET
from bumtable.rules.phases import DEAL, EXCHANGE, OVER, REVOLUTION

if TYPE_CHECKING:
    from bumtable.rules.climbing.observation import ClimbingObservation


def known_and_bounds(
    obs: ClimbingObservation,
) -> tuple[dict[int, list[int]], dict[int, tuple[int, int]]]:
    """Cards the seat knows others hold, and rank bounds (lo, hi) on others' unknown cards."""
    t = obs.rules.tables
    rank = t.rank_of_code
    played_by: dict[int, Counter[int]] = {}
    for p, codes in obs.played:
        played_by.setdefault(p, Counter()).update(codes)
    known: dict[int, list[int]] = {}
    bounds: dict[int, tuple[int, int]] = {}
    seat = obs.seat
    for tr in obs.transfers:
        if tr.cards is None or seat is None:
            continue
        if tr.giver == seat:
            # The receiver holds what we gave, unless they have played it since.
            left = Counter(tr.cards) - played_by.get(tr.receiver, Counter())
            known.setdefault(tr.receiver, []).extend(left.elements())
        else:
            other = tr.giver
            ranks = [rank[c] for c in tr.cards] or [0]
            lo, hi = bounds.get(other, (0, t.n_ranks - 1))
            if obs.roles[other] > obs.roles[seat]:
                # A lower role gave us its highest cards: the rest of its deal is no higher (kept ranks apart).
                hi = min(hi, min(ranks))
            elif obs.rules.exchange_high_gives == "lowest":
                # A higher role gave us its lowest cards: the rest of its deal is no lower.
                lo = max(lo, max(ranks))
            else:
                continue  # a higher role's free choice tells us nothing
            bounds[other] = (lo, hi)
    rev = obs.revolution
    if rev is not None and rev.player != seat:
        played_jokers = sum(1 for c in played_by.get(rev.player, Counter()).elements() if c >= JOKER)
        have = max(0, rev.jokers - played_jokers)
        known.setdefault(rev.player, []).extend([JOKER] * have)
    cancel = obs.rules.exchange_cancel_triggers
    if obs.cancelled_exchange and rev is None and len(cancel) == 1:
        # The exchange was called off: everyone knows who was dealt the Jokers that cancel it.
        role, k = cancel[0]
        holder = obs.roles.index(role)
        if holder != seat:
            played_jokers = sum(1 for c in played_by.get(holder, Counter()).elements() if c >= JOKER)
            known.setdefault(holder, []).extend([JOKER] * max(0, k - played_jokers))
    return known, bounds


def _jokers(pool: Counter[int]) -> list[int]:
    return sorted(c for c in pool.elements() if c >= JOKER)


def _pending_decider(
    obs: ClimbingObservation, pool: Counter[int], rng: random.Random
) -> tuple[int, list[int]]:
    """For the ``deal`` phase: another player who may be deciding on a revolution, and the Jokers it holds."""
    jokers = _jokers(pool)
    by_role = {r: p for p, r in enumerate(obs.roles)}
    options = [
        (by_role[role], k)
        for role, k in obs.rules.revolution_triggers
        if by_role[role] != obs.seat and k <= len(jokers)
    ]
    if not options:  # cannot happen for an observation of a real game
        raise ValueError("no player could be deciding on a revolution in this observation")
    player, k = options[rng.randrange(len(options))]
    return player, jokers[:k]


def sample_state(obs: ClimbingObservation, rng: random.Random) -> ClimbingState:
    """A full state consistent with ``obs``: hidden cards dealt at random, respecting what the seat knows."""
    hands, decider = sample_hands(obs, rng)
    return state_with_hands(obs, hands, decider, rng)


def sample_hands(obs: ClimbingObservation, rng: random.Random) -> tuple[dict[int, list[int]], int | None]:
    """Every player's cards as :func:`sample_state` deals them, and who decides on a revolution (in the
    ``deal`` phase; else None)."""
    rules, t = obs.rules, obs.rules.tables
    n = rules.players
    rank = t.rank_of_code
    pool = Counter(int(c) for c in rules.deck())
    pool.subtract(obs.hand or ())
    for _, codes in obs.played:
        pool.subtract(codes)
    known, bounds = known_and_bounds(obs)
    for p in list(known):
        if p == obs.seat:
            del known[p]
            continue
        take = Counter(known[p]) & +pool
        known[p] = list(take.elements())[: obs.card_counts[p]]
        pool.subtract(known[p])
    decider = None
    if obs.phase == DEAL:
        decider, jokers = _pending_decider(obs, +pool, rng)
        known.setdefault(decider, []).extend(jokers)
        pool.subtract(jokers)
    cards = sorted((+pool).elements())
    rng.shuffle(cards)
    hands: dict[int, list[int]] = {}
    others = [p for p in range(n) if p != obs.seat]
    keep_jokers = rules.exchange_keep_jokers

    def allowed(p: int, c: int) -> bool:
        lo, hi = bounds[p]
        r = rank[c]
        return lo <= r and (r <= hi or (keep_jokers and c >= JOKER) or r in t.low_keeps)

    for p in sorted(others, key=lambda q: q not in bounds):
        need = obs.card_counts[p] - len(known.get(p, ()))
        if p in bounds:
            fit = [c for c in cards if allowed(p, c)]
            chosen = fit[:need]
            if len(chosen) < need:  # inconsistent knowledge: fill from the rest
                rest = [c for c in cards if not allowed(p, c)]
                chosen += rest[: need - len(chosen)]
            for c in chosen:
                cards.remove(c)
        else:
            chosen, cards = cards[:need], cards[need:]
        hands[p] = known.get(p, []) + chosen
    if obs.seat is not None:
        hands[obs.seat] = list(obs.hand or ())
    return hands, decider


def hand_start(obs: ClimbingObservation, hands: dict[int, list[int]]) -> ClimbingState:
    """The state before the first play of this hand (which must have one), with these hands: each player's
    cards held now and played since."""
    n = obs.rules.players
    hand = None if obs.seat is None else tuple(hands[obs.seat])
    at_start = at_hand_start(obs, tuple(len(hands[p]) for p in range(n)), hand)
    return state_with_hands(at_start, hands, None, random.Random(0))


def at_hand_start(
    obs: ClimbingObservation, card_counts: tuple[int, ...], hand: tuple[int, ...] | None = None
) -> ClimbingObservation:
    """``obs`` as it was before this hand's first play (which it must show), the players holding
    ``card_counts`` (the seat ``hand``, where given)."""
    leader = obs.played[0][0]
    n = obs.rules.players
    return dataclasses.replace(
        obs,
        turn=leader,
        leader=leader,
        card_counts=card_counts,
        hand=hand,
        top=None,
        top_player=leader,
        passes=0,
        trick=(),
        played=(),
        finished=(),
        losers=(),
        sat_out=(False,) * n,
        direction=1,
        inverted=False,
        legal=(),
    )


def state_with_hands(
    obs: ClimbingObservation, hands: dict[int, list[int]], decider: int | None, rng: random.Random
) -> ClimbingState:
    """The state of ``obs`` with these hands (``decider``: who decides on a revolution in the deal phase)."""
    rules, t = obs.rules, obs.rules.tables
    n = rules.players
    rank = t.rank_of_code
    state = ClimbingState(rules, rng.getrandbits(63), _blank=True)
    state.chance = Chance(state.seed)
    state.cut = obs.cut
    state.scores = list(obs.scores)
    state.results = [] if obs.last_result is None else [obs.last_result]
    state.winner = obs.winner
    if obs.phase == OVER:  # the match ended on the target if anyone reached it, else on the rounds
        state.ended_by = TARGET if rules.target and max(obs.scores) >= rules.target else ROUNDS
    state.hand_no = obs.hand_no
    state.roles = list(obs.roles)
    state.roles_assigned = obs.roles_assigned
    state.by_role = [0] * n
    for p, r in enumerate(state.roles):
        state.by_role[r] = p
    state.order = list(obs.order)
    state.pos = [0] * n
    for i, p in enumerate(state.order):
        state.pos[p] = i
    state.hands = [[[] for _ in range(t.n_ranks)] for _ in range(n)]
    for p, held in hands.items():
        for c in held:
            state.hands[p][rank[c]].append(c)
    state.counts = [[len(x) for x in h] for h in state.hands]
    state.ncards = list(obs.card_counts)
    state.active = sum(1 for k in obs.card_counts if k)
    state.played = list(obs.played)
    state.finished = list(obs.finished)
    state.losers = list(obs.losers)
    state.sat_out = list(obs.sat_out)
    state.dealer = obs.dealer
    state.direction = obs.direction
    state.inverted = obs.inverted
    state.trick_values = []
    if rules.four_of_a_value:
        for _, play, _cards in obs.trick:
            if play.kind == SET:
                state.trick_values.extend([play.rank] * play.size)
            elif play.kind == SEQUENCE:
                state.trick_values.extend(play.cards)
    state.trick = list(obs.trick)
    state.last_trick = None
    state.top = obs.top
    state.top_player = obs.top_player
    state.passes = obs.passes
    state.revolution = obs.revolution
    state.cancelled_exchange = obs.cancelled_exchange
    state.transfers = [Transfer(x.giver, x.receiver, x.cards or (), x.count) for x in obs.transfers]
    state.exchange_queue = []
    if obs.phase == EXCHANGE:
        # The pairs still to exchange, from the one being chosen now: each finished pair moved cards twice,
        # and a lower-first pair's best cards moved before the choice.
        state.exchange_queue = list(rules.exchange_pairs)[len(obs.transfers) // 2 :]
    state.phase = obs.phase
    state.turn = obs.turn if obs.turn is not None else obs.leader
    state.leader = obs.leader
    state.rev_pending = []
    if obs.phase in (DEAL, REVOLUTION):
        state.phase = REVOLUTION
        state.turn = decider if decider is not None else state.turn
        candidates = state._joker_candidates(rules.revolution_triggers)
        # Those listed before the decider have declined; those after it decide next, if it declines.
        state.rev_pending = candidates[candidates.index(state.turn) + 1 :] if state.turn in candidates else []
    return state
