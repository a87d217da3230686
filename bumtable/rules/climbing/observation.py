"""What one seat may know of a climbing game, and states sampled to fit it.

An observation holds the seat's own hand, everything played in public, each
seat's role, score and card count, and the exchange as that seat saw it (the
cards it gave and got; for other pairs only how many cards moved). A revolution
is public, with the Jokers it revealed.

>>> from bumtable.rules import get
>>> import random
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> obs = state.observe(0)
>>> len(obs.hand) == obs.card_counts[0]
True
>>> guess = sample_state(obs, random.Random(1))
>>> guess.hand_of(0) == state.hand_of(0), guess.ncards == state.ncards
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bumtable.cards.french import JOKER, Card
from bumtable.rules.climbing.movegen import give_plays, turn_plays
from bumtable.rules.climbing.plays import DECLARE_PLAY, DECLINE_PLAY, SEQUENCE, SET, Play
from bumtable.rules.climbing.state import (
    EXCHANGE,
    PLAY,
    REVOLUTION,
    ClimbingState,
    HandResult,
    Revolution,
    Transfer,
)

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingRules

TrickEntry = tuple[int, Play, tuple[int, ...]]


@dataclass(frozen=True)
class SeenTransfer:
    """An exchange transfer as one seat saw it: ``cards`` is None when that seat may not see them."""

    giver: int
    receiver: int
    count: int
    cards: tuple[int, ...] | None


@dataclass(frozen=True)
class ClimbingObservation:
    """One seat's view (``seat`` None: a spectator, who sees no hand)."""

    rules: ClimbingRules
    seat: int | None
    hand_no: int
    phase: str
    turn: int | None
    leader: int
    roles: tuple[int, ...]
    roles_assigned: bool
    """False in a first hand played before anyone has a role (President)."""
    order: tuple[int, ...]
    """Players in clockwise order round the table."""
    scores: tuple[int, ...]
    card_counts: tuple[int, ...]
    hand: tuple[int, ...] | None
    top: Play | None
    top_player: int
    passes: int
    trick: tuple[TrickEntry, ...]
    last_trick: tuple[tuple[TrickEntry, ...], int] | None
    played: tuple[tuple[int, tuple[int, ...]], ...]
    finished: tuple[int, ...]
    losers: tuple[int, ...]
    """Players who went out with the wipe card and so finish last (President's 3 of clubs)."""
    sat_out: tuple[bool, ...]
    """Players who passed and sit out the rest of this trick (rules with ``pass_final``)."""
    revolution: Revolution | None
    cancelled_exchange: bool
    transfers: tuple[SeenTransfer, ...]
    cut: tuple[tuple[tuple[int, int], ...], ...]
    results: tuple[HandResult, ...]
    winner: int | None
    give_count: int = 0
    """Cards the seat must choose to give now (exchange phase), else 0."""
    dealer: int = 0
    direction: int = 1
    """1 while play goes round the table in seat order, -1 after a reversal of direction."""
    inverted: bool = False
    """True while the ranking is reversed (each play must rank lower)."""

    def legal_actions(self) -> list[Play]:
        """The seat's legal actions when it is to act (else an empty list)."""
        if self.seat is None or self.seat != self.turn or self.hand is None:
            return []
        if self.phase == REVOLUTION:
            return [DECLARE_PLAY, DECLINE_PLAY]
        if self.phase not in (EXCHANGE, PLAY):
            return []
        t = self.rules.tables
        by_rank: list[list[int]] = [[] for _ in range(t.n_ranks)]
        for c in self.hand:
            by_rank[t.rank_of_code[c]].append(c)
        counts = [len(x) for x in by_rank]
        if self.phase == EXCHANGE:
            return give_plays(counts, self.give_count)
        return turn_plays(
            counts, t, self.top, must_play=self.rules.must_play, hand=by_rank, inverted=self.inverted
        )

    def team_of(self, player: int) -> int:
        """The player's team (partnership rules: by place at the table), else the player's own number."""
        teams = self.rules.teams
        return teams[self.order.index(player)] if teams else player

    def role_name(self, player: int) -> str:
        """The player's role, or "no role" before roles exist."""
        return self.rules.roles[self.roles[player]] if self.roles_assigned else "no role"

    def hand_cards(self) -> list[Card]:
        return [Card(c) for c in self.hand or ()]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data (cards and actions as text); :meth:`from_dict` reads it back."""
        from bumtable.rules.climbing.observation_json import observation_to_dict

        return observation_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ClimbingObservation:
        """An observation from :meth:`to_dict` output."""
        from bumtable.rules.climbing.observation_json import observation_from_dict

        return observation_from_dict(data)


def observe(state: ClimbingState, seat: int | None) -> ClimbingObservation:
    """The observation of ``seat`` (None for a spectator)."""
    n = state.rules.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        from bumtable.errors import IllegalActionError

        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1}")
    transfers = tuple(
        SeenTransfer(t.giver, t.receiver, len(t.cards), t.cards if seat in (t.giver, t.receiver) else None)
        for t in state.transfers
    )
    last = state.last_trick
    phase, turn = state.phase, state.current_player()
    if phase == REVOLUTION and seat != turn:
        # Whether to declare is a private decision: others only see that the hand is being set up.
        phase, turn = "deal", None
    return ClimbingObservation(
        rules=state.rules,
        seat=seat,
        hand_no=state.hand_no,
        phase=phase,
        turn=turn,
        leader=state.leader if state.phase == PLAY else state.by_role[0],
        roles=tuple(state.roles),
        roles_assigned=state.roles_assigned,
        order=tuple(state.order),
        scores=tuple(state.scores),
        card_counts=tuple(state.ncards),
        hand=None if seat is None else tuple(c for cards in state.hands[seat] for c in cards),
        top=state.top,
        top_player=state.top_player,
        passes=state.passes,
        trick=tuple(state.trick),
        last_trick=None if last is None else (tuple(last[0]), last[1]),
        played=tuple(state.played),
        finished=tuple(state.finished),
        losers=tuple(state.losers),
        sat_out=tuple(state.sat_out),
        revolution=state.revolution,
        cancelled_exchange=state.cancelled_exchange,
        transfers=transfers,
        cut=tuple(tuple(r) for r in state.cut),
        results=tuple(state.results),
        winner=state.winner,
        give_count=state.exchange_queue[0][2] if phase == EXCHANGE and seat == turn else 0,
        dealer=state.dealer,
        direction=state.direction,
        inverted=state.inverted,
    )


def _known_and_bounds(
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


def sample_state(obs: ClimbingObservation, rng: random.Random) -> ClimbingState:
    """A full state consistent with ``obs``: hidden cards dealt at random, respecting what the seat knows."""
    rules, t = obs.rules, obs.rules.tables
    n = rules.players
    rank = t.rank_of_code
    pool = Counter(int(c) for c in rules.deck())
    pool.subtract(obs.hand or ())
    for _, codes in obs.played:
        pool.subtract(codes)
    known, bounds = _known_and_bounds(obs)
    for p in list(known):
        if p == obs.seat:
            del known[p]
            continue
        take = Counter(known[p]) & +pool
        known[p] = list(take.elements())[: obs.card_counts[p]]
        pool.subtract(known[p])
    cards = list((+pool).elements())
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
    state = ClimbingState(rules, rng.getrandbits(63), _blank=True)
    state.rng = random.Random(state.seed)
    state.cut = [list(r) for r in obs.cut]
    state.scores = list(obs.scores)
    state.results = list(obs.results)
    state.winner = obs.winner
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
    if obs.seat is not None:
        hands[obs.seat] = list(obs.hand or ())
    for p, held in hands.items():
        for c in held:
            state.hands[p][rank[c]].append(c)
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
    state.last_trick = None if obs.last_trick is None else (list(obs.last_trick[0]), obs.last_trick[1])
    state.top = obs.top
    state.top_player = obs.top_player
    state.passes = obs.passes
    state.revolution = obs.revolution
    state.rev_pending = []
    state.cancelled_exchange = obs.cancelled_exchange
    state.transfers = [Transfer(x.giver, x.receiver, x.cards or ()) for x in obs.transfers]
    state.exchange_queue = []
    if obs.phase == EXCHANGE and obs.turn is not None:
        # The pairs still to exchange, from the one whose higher role is choosing now.
        pairs = list(rules.exchange_pairs)
        now = next(i for i, (hi, _, _) in enumerate(pairs) if state.by_role[hi] == obs.turn)
        state.exchange_queue = pairs[now:]
    state.phase = obs.phase
    if obs.phase == "deal":  # another seat's private revolution decision: sample it as declined
        state.phase = PLAY
    state.turn = obs.turn if obs.turn is not None else obs.leader
    state.leader = obs.leader
    return state
