"""What one seat may know of a Boojum game, the legal actions it implies, and states sampled to fit it.

Public: every slot's cards that have been face up (a card dealt onto a slot in the build phase stays
hidden until the next auction turns the slots over), the bids on the table (a bid being laid card by
card too: ``laid_now`` are the cards the player to act has laid this turn), the lots won this phase,
each player's hand size and tokens, a claim being laid (its token and cards), the discard pile, the
size of the stack, and the cards each player is *known* to hold (lots they picked up and losing bids
they took back, less cards they have laid since). Private: the seat's own hand. What happened is not
part of an observation: it is the event log's (``state.events(seat)``).

>>> import random
>>> from bumtable.rules.boojum.options import boojum
>>> state = boojum(4).new_state(seed=3)
>>> obs = state.observe(0)
>>> len(obs.hand) == obs.hand_counts[0], obs.legal_actions() == state.legal_actions()
(True, True)
>>> guess = sample_state(obs, random.Random(1))
>>> guess.observe(0) == obs, [len(h) for h in guess.hands] == [len(h) for h in state.hands]
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bumtable.errors import IllegalActionError
from bumtable.rules.boojum.actions import (
    CASH_ACTION,
    DONE_ACTION,
    PASS_ACTION,
    STAND_ACTION,
    BoojumAction,
    claim,
    lay,
)
from bumtable.rules.boojum.bids import BidValue, beats, bid_value
from bumtable.rules.boojum.completion import can_earn, completable
from bumtable.rules.boojum.sets import is_claim
from bumtable.rules.boojum.state import AUCTION, CLAIMS, BoojumState
from bumtable.rules.boojum.tables import Tables

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumRules


def phase_actions(
    phase: str,
    hand: Sequence[int],
    bid: Sequence[int],
    laid_now: Sequence[int],
    high: BidValue | None,
    wanted: Sequence[int],
    claim_token: int,
    claim_cards: Sequence[int],
    t: Tables,
) -> tuple[BoojumAction, ...]:
    """The legal actions of the player to act, from what it holds and what lies on the table (the state
    and the observation both list these, so they agree).

    In an auction: ``lay`` each different card in hand (each keeps a winning bid within reach, since
    laying more never lowers a bid and the player is asked only if all its cards would win), then
    ``stand`` once the cards laid beat the high bid, or ``pass`` before any card is laid this turn. In
    the claim phase: ``claim`` each token the hand can earn, then ``done``; with a claim open, ``lay``
    each card that keeps a group within reach, then ``cash`` once the cards laid earn the token.
    """
    out: list[BoojumAction] = []
    if phase == AUCTION:
        out = [lay(c) for c in sorted(set(hand))]
        if laid_now and beats(bid_value(bid, t), high):
            out.append(STAND_ACTION)
        if not laid_now:
            out.append(PASS_ACTION)
    elif phase == CLAIMS:
        rest = Counter(hand)
        if claim_token < 0:
            out = [claim(k) for k in wanted if can_earn(k, rest, t)]
            out.append(DONE_ACTION)
        else:
            for c in sorted(rest):
                rest[c] -= 1
                if completable(claim_token, [*claim_cards, c], rest, t):
                    out.append(lay(c))
                rest[c] += 1
            if is_claim(claim_token, claim_cards, t):
                out.append(CASH_ACTION)
    return tuple(out)


@dataclass(frozen=True)
class BoojumObservation:
    """One seat's view (``seat`` None: a spectator, who sees no hand)."""

    rules: BoojumRules
    seat: int | None
    round_no: int
    phase: str
    """``auction``, ``claim`` or ``over``."""
    turn: int | None
    dealer: int
    first_to_bid: int
    lot: int
    """The slot being auctioned (0-based), or -1 outside the auction phase."""
    slots: tuple[tuple[int, ...], ...]
    """The cards of each slot that have been seen (all of them during the auction)."""
    slot_hidden: tuple[int, ...]
    """Cards in each slot not yet seen (dealt in the build phase, turned up when the auction starts)."""
    bids: tuple[tuple[int, ...], ...]
    """Cards each player has laid for the current slot (a bid being laid included)."""
    laid_now: tuple[int, ...]
    """Cards the player to act has laid this turn: its bid is being made (it must stand, not pass)."""
    high: int | None
    """The player holding the high bid, or None."""
    passed: tuple[bool, ...]
    won: tuple[tuple[int, ...], ...]
    """Lots each player won this auction phase (face down until the build phase, but seen by all)."""
    hand: tuple[int, ...] | None
    hand_counts: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    """Cards each player is known by everyone to hold (a subset of that hand)."""
    tokens: tuple[tuple[int, ...], ...]
    """Tokens held, per player and suit (0 Moons .. 5 Knots)."""
    discard: tuple[int, ...]
    stack_count: int
    claim_order: tuple[int, ...]
    claim_pos: int
    claim_token: int
    """The token the player to act is claiming (-1: no claim open)."""
    claim_cards: tuple[int, ...]
    """Cards laid face up for the open claim."""
    winners: tuple[int, ...]
    hit_round_limit: bool

    @property
    def winner(self) -> int | None:
        return self.winners[0] if len(self.winners) == 1 else None

    def high_value(self) -> BidValue | None:
        return None if self.high is None else bid_value(self.bids[self.high], self.rules.tables)

    def wanted_tokens(self, player: int) -> list[int]:
        """Tokens ``player`` may still claim."""
        if self.rules.repeat_tokens:
            return list(range(6))
        return [k for k in range(6) if not self.tokens[player][k]]

    def legal_actions(self) -> tuple[BoojumAction, ...]:
        """The seat's legal actions when it is to act (else ``()``): the same as the state's."""
        seat = self.seat
        if seat is None or seat != self.turn or self.hand is None:
            return ()
        return phase_actions(
            self.phase,
            self.hand,
            self.bids[seat],
            self.laid_now,
            self.high_value(),
            self.wanted_tokens(seat),
            self.claim_token,
            self.claim_cards,
            self.rules.tables,
        )

    def to_dict(self) -> dict[str, Any]:
        """The wire form (cards as text, the legal actions with their codes, no rules object);
        :func:`~bumtable.rules.boojum.observation_json.observation_from_dict` reads it back."""
        from bumtable.rules.boojum.observation_json import observation_to_dict

        return observation_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: BoojumRules) -> BoojumObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under."""
        from bumtable.rules.boojum.observation_json import observation_from_dict

        return observation_from_dict(data, rules)


def observe(state: BoojumState, seat: int | None) -> BoojumObservation:
    """The observation of ``seat`` (None for a spectator)."""
    n = state.rules.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1} (or None for a spectator)")
    slots = tuple(
        tuple(sorted(cards[: len(cards) - hidden]))
        for cards, hidden in zip(state.slots, state.slot_hidden, strict=True)
    )
    return BoojumObservation(
        rules=state.rules,
        seat=seat,
        round_no=state.round_no,
        phase=state.phase,
        turn=state.current_player(),
        dealer=state.dealer,
        first_to_bid=state.first_to_bid,
        lot=state.lot,
        slots=slots,
        slot_hidden=tuple(state.slot_hidden),
        bids=tuple(tuple(b) for b in state.bids),
        laid_now=tuple(sorted(state.laid_now)),
        high=state.high,
        passed=tuple(state.passed),
        won=tuple(tuple(sorted(w)) for w in state.won),
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        hand_counts=tuple(len(h) for h in state.hands),
        known=tuple(tuple(sorted(k)) for k in state.known),
        tokens=tuple(tuple(k) for k in state.tokens),
        discard=tuple(sorted(state.discard)),
        stack_count=len(state.stack),
        claim_order=tuple(state.claim_order),
        claim_pos=state.claim_pos,
        claim_token=state.claim_token,
        claim_cards=tuple(state.claim_cards),
        winners=tuple(state.winners),
        hit_round_limit=state.hit_round_limit,
    )


def unseen_cards(obs: BoojumObservation) -> Counter[int]:
    """Cards the seat cannot place: in other hands (beyond what is known), unseen slot cards, the stack.

    >>> from bumtable.rules.boojum.options import boojum
    >>> obs = boojum(3).new_state(seed=2).observe(1)
    >>> sum(unseen_cards(obs).values()) == 72 - 5 - 2 * 2  # its hand, two slots of two
    True
    """
    pool = Counter(obs.rules.tables.deck)
    placed: list[tuple[int, ...]] = [*obs.slots, *obs.bids, *obs.won, obs.discard, obs.claim_cards]
    for p in range(obs.rules.players):
        placed.append(obs.hand if p == obs.seat and obs.hand is not None else obs.known[p])
    for group in placed:
        pool.subtract(group)
    return +pool


def sample_state(obs: BoojumObservation, rng: random.Random) -> BoojumState:
    """A full state consistent with ``obs``: the cards the seat cannot place dealt at random to the other
    hands (on top of what is known of them), the unseen slot cards and the stack. It has no history and
    no event log, and draws (reshuffles) from a fresh :class:`~bumtable.rules.chance.Chance` seeded from
    ``rng``."""
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
