"""Boojum's state: the whole truth of a game, changed only by actions.

A player with no choice is passed over: an event, not an action, so a record holds only decisions.

>>> import random
>>> from bumtable.rules.boojum.rules import boojum
>>> state, rng = boojum(4).new_state(seed=1), random.Random(0)
>>> state.phase, state.round_no, state.current_player(), [len(h) for h in state.hands]
('auction', 1, 0, [5, 5, 5, 5])
>>> while not state.is_over():
...     state.apply(rng.choice(state.legal_actions()))
>>> state.outcome().winners == tuple(state.winners)
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from bumtable.cards.decktet import CARDS, SUITS_COUNT, DecktetCard, format_decktet_cards
from bumtable.errors import IllegalActionError
from bumtable.rules import events as ev
from bumtable.rules.boojum import events as bev
from bumtable.rules.boojum.actions import CASH, CLAIM, DONE, LAY, PASS, STAND, TOKEN_NAMES, BoojumAction
from bumtable.rules.boojum.bids import BidValue, beats, bid_value, bid_words, can_beat
from bumtable.rules.boojum.completion import can_earn, completable, earnable
from bumtable.rules.boojum.legal import phase_actions
from bumtable.rules.boojum.observation import BoojumObservation
from bumtable.rules.boojum.sets import PATTERNS, is_claim
from bumtable.rules.chance import Chance
from bumtable.rules.events import Event, EventLog
from bumtable.rules.frozen import frozen_from
from bumtable.rules.kept_legal import keep_legal
from bumtable.rules.outcome import ROUND_LIMIT, TOKENS, Outcome
from bumtable.rules.phases import AUCTION, OVER
from bumtable.rules.phases import CLAIM as CLAIMS

if TYPE_CHECKING:
    from bumtable.rules.boojum.options import BoojumOptions

__all__ = ["AUCTION", "CLAIMS", "OVER", "BoojumState", "observe", "rank_finish", "token_holders"]


def _remove(cards: list[int], taken: Sequence[int]) -> None:
    for c in taken:
        cards.remove(c)


_CARD_TEXT = tuple(str(DecktetCard(c)) for c in range(len(CARDS)))


def _text(cards: Sequence[int]) -> tuple[str, ...]:
    return tuple(_CARD_TEXT[c] for c in sorted(cards))


def token_holders(tokens: Sequence[Sequence[int]]) -> list[int]:
    """Players holding all six tokens."""
    return [p for p, held in enumerate(tokens) if all(held)]


def rank_finish(rules: BoojumOptions, candidates: list[int], hands: Sequence[Sequence[int]]) -> list[int]:
    """The winners among ``candidates``: the best hand valued as a bid (cards, then pips); ties share."""
    t = rules.tables
    values = {p: bid_value(hands[p], t) for p in candidates}
    best = max(values.values())
    return sorted(p for p in candidates if values[p] == best)


def token_counts(tokens: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """Different tokens each player holds (what the goal counts)."""
    return tuple(sum(1 for k in held if k) for held in tokens)


class BoojumState:
    """A game of Boojum, a :class:`~bumtable.rules.protocol.GameState` made by ``rules.new_state(seed)``."""

    def __init__(
        self,
        rules: BoojumOptions,
        seed: int,
        *,
        chance: Sequence[Sequence[int]] | None = None,
        _blank: bool = False,
    ) -> None:
        self.rules = rules
        self.t = rules.tables
        self.seed = seed
        n = rules.players
        self.history: list[BoojumAction] = []
        self.log: EventLog | None = None if _blank else EventLog()
        self.chance = Chance(seed, chance)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.tokens: list[list[int]] = [[0] * SUITS_COUNT for _ in range(n)]
        self.slots: list[list[int]] = [[] for _ in range(rules.slot_count)]
        self.slot_hidden: list[int] = [0] * rules.slot_count
        self.stack: list[int] = []
        """The draw stack; the next card drawn is the last."""
        self.discard: list[int] = []
        self.bids: list[list[int]] = [[] for _ in range(n)]
        self.laid_now: list[int] = []
        self.won: list[list[int]] = [[] for _ in range(n)]
        self.won_any: list[bool] = [False] * n
        self.passed: list[bool] = [False] * n
        self.high: int | None = None
        self.lot = -1
        self.claim_order: list[int] = []
        self.claim_pos = 0
        self.claim_token = -1
        self.claim_cards: list[int] = []
        self.turn_claims = 0
        """Claims the player to act has cashed in this claim turn (for the log's words)."""
        self.round_no = 0
        self.phase: str = AUCTION
        self.turn = 0
        self.dealer = n - 1
        self.first_to_bid = 0
        self.winners: list[int] = []
        self.hit_round_limit = False
        self._legal: tuple[BoojumAction, ...] | None = None
        if _blank:
            return
        self.stack = list(self.t.deck)
        self.chance.shuffle(self.stack)
        for _ in range(rules.hand_size):
            for i in range(n):
                self.hands[(self.dealer + 1 + i) % n].append(self.stack.pop())
        for p in range(n):
            self._log(ev.DEAL, p, self.hands[p], insiders=(p,), text="deal")
        for _ in range(rules.lot_size):
            for slot in self.slots:
                slot.append(self.stack.pop())
        for i, slot in enumerate(self.slots):
            self._log(ev.DEAL, None, slot, insiders=(), text=f"slot {i + 1}")
        self.slot_hidden = [rules.lot_size] * rules.slot_count
        self.first_to_bid = (self.dealer + 1) % n
        self._start_round()
        self._settle()

    # ------------------------------------------------------------------ queries
    @property
    def winner(self) -> int | None:
        """The sole winner once the game is over (None while it runs, or when several share the win)."""
        return self.winners[0] if self.phase == OVER and len(self.winners) == 1 else None

    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs): placed by tokens held, then by the hand as a bid."""
        if self.phase != OVER:
            return None
        counts = token_counts(self.tokens)
        keys = [(counts[p], bid_value(self.hands[p], self.t)) for p in range(self.rules.players)]
        places = [1 + sum(1 for q in keys if q > k) for k in keys]
        reason = ROUND_LIMIT if self.hit_round_limit else TOKENS
        return Outcome.from_places(places, scores=counts, reason=reason, length=self.round_no)

    def high_value(self) -> BidValue | None:
        return None if self.high is None else bid_value(self.bids[self.high], self.t)

    def wanted_tokens(self, player: int) -> list[int]:
        """Tokens ``player`` may claim: those not yet held (all six with ``repeat_tokens``)."""
        if self.rules.repeat_tokens:
            return list(range(SUITS_COUNT))
        return [k for k in range(SUITS_COUNT) if not self.tokens[player][k]]

    def legal_actions(self) -> tuple[BoojumAction, ...]:
        """Every legal action, each once: a ``lay`` per different card (lowest first), then the words."""
        if self._legal is None:
            self._legal = self._compute_legal() if self.phase != OVER else ()
        return self._legal

    def _compute_legal(self) -> tuple[BoojumAction, ...]:
        p = self.turn
        return phase_actions(
            self.phase,
            self.hands[p],
            self.bids[p],
            self.laid_now,
            self.high_value(),
            self.wanted_tokens(p),
            self.claim_token,
            self.claim_cards,
            self.t,
        )

    def why_illegal(self, action: BoojumAction) -> str | None:
        if self.phase == OVER:
            return "the game is over"
        if self.phase == AUCTION:
            return self._why_not_bid(action)
        return self._why_not_claim(action)

    def _not_held(self, card: int) -> str | None:
        p = self.turn
        if card in self.hands[p]:
            return None
        where = ""
        if self.phase == AUCTION and self.won[p]:
            where = " (cards you won this phase stay face down until the build phase)"
        hand = format_decktet_cards(sorted(self.hands[p])) or "empty"
        return (
            f"you do not hold {DecktetCard(card) if card >= 0 else 'that card'}: your hand is {hand}{where}"
        )

    def _why_not_bid(self, action: BoojumAction) -> str | None:
        p = self.turn
        kind = action.kind
        if kind in (CLAIM, CASH, DONE):
            return (
                f"it is the auction for slot {self.lot + 1}: lay a card (e.g. 'lay 5ML'), then stand, or pass; "
                "claims come later"
            )
        if kind == PASS:
            if self.laid_now:
                laid = format_decktet_cards(sorted(self.laid_now))
                return f"you laid {laid} this turn: a bid once begun is made, so lay more cards or stand"
            return None
        if kind == LAY:
            return self._not_held(action.card)
        if kind != STAND:
            return f"unknown action {action!r}"
        if not self.laid_now:
            return "lay a card first (e.g. 'lay 5ML'): standing makes the bid of the cards laid this turn"
        high = self.high_value()
        value = bid_value(self.bids[p], self.t)
        if not beats(value, high):
            assert high is not None and self.high is not None
            return (
                f"your bid is {bid_words(value)}, which does not beat P{self.high}'s {bid_words(high)}: "
                "lay more cards (more cards always win, then more pips)"
            )
        return None

    def _why_not_claim(self, action: BoojumAction) -> str | None:
        p = self.turn
        kind = action.kind
        open_token = self.claim_token
        if kind in (STAND, PASS):
            return "it is the claim phase: claim a token (e.g. 'claim waves'), or say done"
        if open_token >= 0:
            name = TOKEN_NAMES[open_token].capitalize()
            if kind in (CLAIM, DONE):
                return f"finish your claim for the {name} token first: lay its cards, then cash"
            if kind == LAY:
                missing = self._not_held(action.card)
                if missing is not None:
                    return missing
                rest = Counter(self.hands[p])
                rest[action.card] -= 1
                if completable(open_token, [*self.claim_cards, action.card], rest, self.t):
                    return None
                laid = format_decktet_cards(sorted(self.claim_cards))
                with_laid = f" with {laid}" if laid else ""
                return (
                    f"{DecktetCard(action.card)}{with_laid} cannot become a group for the {name} token "
                    f"with the rest of your hand; it needs: {_needs(open_token)}"
                )
            if kind == CASH:
                if is_claim(open_token, self.claim_cards, self.t):
                    return None
                laid = format_decktet_cards(sorted(self.claim_cards)) or "nothing"
                return f"{laid} does not earn the {name} token yet (it needs: {_needs(open_token)}): lay more cards"
            return f"unknown action {action!r}"
        if kind in (LAY, CASH):
            return "name the token first (e.g. 'claim waves'), then lay its cards one by one and cash them in"
        if kind == DONE:
            return None
        if kind != CLAIM or not 0 <= action.token < SUITS_COUNT:
            return "a claim names a token, e.g. 'claim waves'"
        name = TOKEN_NAMES[action.token].capitalize()
        if action.token not in self.wanted_tokens(p):
            return f"you already hold the {name} token"
        if not can_earn(action.token, Counter(self.hands[p]), self.t):
            return f"your hand has no group that earns the {name} token, which needs: {_needs(action.token)}"
        return None

    # ------------------------------------------------------------------ change
    def apply(self, action: BoojumAction, *, check: bool = True) -> None:
        if check:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        self.history.append(action)
        self._legal = None
        p = self.turn
        kind = action.kind
        if kind == LAY:
            c = action.card
            self.hands[p].remove(c)
            self._forget(p, (c,))
            if self.phase == AUCTION:
                self.bids[p].append(c)
                self.bids[p].sort()
                self.laid_now.append(c)
                self._log(ev.BID, p, (c,), text=f"lay {_CARD_TEXT[c]}")
            else:
                self.claim_cards.append(c)
                self.claim_cards.sort()
                self._log(bev.LAY, p, (c,), text=f"lay {_CARD_TEXT[c]}")
        elif kind == STAND:
            self.high = p
            self.laid_now = []
            self._log(bev.STAND, p, self.bids[p], text=bid_words(bid_value(self.bids[p], self.t)))
            self._next_bidder(p)
        elif kind == PASS:
            self.passed[p] = True
            self._log(ev.PASS, p, text=bev.PASSED)
            self._next_bidder(p)
        elif kind == CLAIM:
            self.claim_token = action.token
            self._log(bev.CLAIM_START, p, text=TOKEN_NAMES[action.token])
        elif kind == CASH:
            self._cash(p)
        else:
            self._log(bev.DONE, p, text="done")
            self._next_claimant()
        self._settle()

    def _log(
        self,
        kind: str,
        player: int | None = None,
        cards: Sequence[int] = (),
        *,
        text: str = "",
        insiders: Sequence[int] | None = None,
        public_text: str | None = None,
        count: int | None = None,
    ) -> None:
        if self.log is not None:
            self.log.add(
                kind,
                len(self.history),
                player=player,
                text=text,
                cards=_text(cards),
                count=count,
                insiders=insiders,
                public_text=public_text,
            )

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        return [] if self.log is None else self.log.seen_by(seat, start)

    def step(self, seat: int | None) -> int:
        return 0 if self.log is None else self.log.step(seat)

    def _forget(self, player: int, cards: Sequence[int]) -> None:
        """Cards leaving a hand stop being known there (a known copy first)."""
        known = self.known[player]
        for c in cards:
            if c in known:
                known.remove(c)

    def _draw(self) -> int | None:
        if not self.stack:
            self._reshuffle()
        if not self.stack:
            return None
        card = self.stack.pop()
        if not self.stack:
            self._reshuffle()
        return card

    def _reshuffle(self) -> None:
        if self.discard:
            self.stack, self.discard = self.discard, []
            self.chance.shuffle(self.stack)
            self._log(bev.RESHUFFLE, count=len(self.stack), text="reshuffle")

    # ------------------------------------------------------------------ auction
    def _start_round(self) -> None:
        self.round_no += 1
        turned = [
            c
            for slot, hidden in zip(self.slots, self.slot_hidden, strict=True)
            for c in slot[len(slot) - hidden :]
        ]
        self._log(bev.ROUND, cards=turned, text=f"round {self.round_no}")
        self.phase = AUCTION
        self.slot_hidden = [0] * len(self.slots)  # every slot is turned face up
        self.won = [[] for _ in range(self.rules.players)]
        self.won_any = [False] * self.rules.players
        self.lot = 0
        self._start_slot()

    def _start_slot(self) -> None:
        n = self.rules.players
        self.bids = [[] for _ in range(n)]
        self.passed = [False] * n
        self.high = None
        self.laid_now = []
        self.turn = self.first_to_bid

    def _next_bidder(self, after: int) -> None:
        """The next player to the left still in this auction, or the end of the auction."""
        n = self.rules.players
        for k in range(1, n + 1):
            q = (after + k) % n
            if not self.passed[q] and q != self.high:
                self.turn = q
                return
        self._end_slot()

    def _end_slot(self) -> None:
        n = self.rules.players
        slot = self.lot
        w = self.high
        if w is None:
            self._log(ev.LOT, None, self.slots[slot], text=f"slot {slot + 1}")
        else:
            lot = self.slots[slot]
            self.won[w].extend(lot)
            self.won_any[w] = True
            self._log(ev.LOT, w, lot, text=f"slot {slot + 1}")
            self.slots[slot] = sorted(self.bids[w])
            self.bids[w] = []
            self.first_to_bid = (w + 1) % n
        for q in range(n):  # unsuccessful bids go back to their hands, seen by all
            if self.bids[q]:
                self._log(bev.TAKE_BACK, q, self.bids[q], text="take back")
                self.hands[q].extend(self.bids[q])
                self.known[q].extend(self.bids[q])
                self.bids[q] = []
        self.high = None
        self.lot += 1
        if self.lot < len(self.slots):
            self._start_slot()
        else:
            self._build()

    # ------------------------------------------------------------------ build and claims
    def _build(self) -> None:
        n = self.rules.players
        self.lot = -1
        self.bids = [[] for _ in range(n)]
        self.passed = [False] * n
        self.laid_now = []
        self._log(bev.BUILD, text="build")
        for i, slot in enumerate(self.slots):
            card = self._draw()
            if card is not None:
                slot.append(card)
                self.slot_hidden[i] += 1
                self._log(ev.DEAL, None, (card,), insiders=(), text=f"slot {i + 1}")
        order = [(self.first_to_bid + i) % n for i in range(n)]
        for p in order:
            if not self.won_any[p]:
                card = self._draw()
                if card is not None:
                    self.hands[p].append(card)
                    self._log(ev.DEAL, p, (card,), insiders=(p,), text="dealt", public_text="dealt a card")
        for p in range(n):
            if self.won[p]:
                self._log(bev.PICK_UP, p, self.won[p], text="pick up")
            self.hands[p].extend(self.won[p])
            self.known[p].extend(self.won[p])
            self.won[p] = []
        self.phase = CLAIMS
        self.claim_order = order
        self.claim_pos = 0
        self.turn_claims = 0
        self._log(bev.CLAIMS, order[0], text="claims")

    def _cash(self, p: int) -> None:
        token, cards = self.claim_token, self.claim_cards
        self.discard.extend(cards)
        self.tokens[p][token] += 1
        self.claim_token, self.claim_cards = -1, []
        self.turn_claims += 1
        self._log(ev.CLAIM, p, cards, text=TOKEN_NAMES[token])
        card = self._draw()
        if card is not None:
            self.hands[p].append(card)
            self._log(ev.DRAW, p, (card,), insiders=(p,), text="draw", public_text="draw a card")

    def _next_claimant(self) -> None:
        self.claim_pos += 1
        self.turn_claims = 0

    def _end_claims(self) -> None:
        holders = token_holders(self.tokens)
        if holders:
            self._finish(holders)
        elif self.round_no >= self.rules.max_rounds:
            self.hit_round_limit = True
            counts = token_counts(self.tokens)
            most = max(counts)
            self._finish([p for p, k in enumerate(counts) if k == most])
        else:
            self._start_round()

    def _finish(self, candidates: list[int]) -> None:
        self.winners = rank_finish(self.rules, candidates, self.hands)
        self.phase = OVER
        self._log(ev.GAME_OVER, text=ROUND_LIMIT if self.hit_round_limit else TOKENS)

    def _settle(self) -> None:
        """Pass over players with no choice, until someone has one or the game ends."""
        while True:
            if self.phase == AUCTION:
                p = self.turn
                if self.laid_now or can_beat(self.hands[p], self.bids[p], self.high_value(), self.t):
                    break
                self.passed[p] = True
                self._log(ev.PASS, p, text=bev.NO_CARDS if self.high is None else bev.CANNOT_BEAT)
                self._next_bidder(p)
            elif self.phase == CLAIMS:
                if self.claim_pos >= len(self.claim_order):
                    self._end_claims()
                    continue
                p = self.claim_order[self.claim_pos]
                self.turn = p
                if self.claim_token >= 0:
                    break
                mask = earnable(self.hands[p], self.t)
                if any(mask >> k & 1 for k in self.wanted_tokens(p)):
                    break
                more = "nothing more to claim" if self.turn_claims else "nothing to claim"
                self._log(bev.DONE, p, text=more)
                self._next_claimant()
            else:
                break
        self._legal = None

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> BoojumObservation:
        return observe(self, seat)

    def copy(self, *, history: bool = True) -> BoojumState:
        s = BoojumState.__new__(BoojumState)
        s.rules = self.rules
        s.t = self.t
        s.seed = self.seed
        s.history = self.history.copy() if history else []
        s.log = self.log.copy() if history and self.log is not None else None
        s.chance = self.chance.copy(draws=history)
        s.hands = [h.copy() for h in self.hands]
        s.known = [k.copy() for k in self.known]
        s.tokens = [k.copy() for k in self.tokens]
        s.slots = [x.copy() for x in self.slots]
        s.slot_hidden = self.slot_hidden.copy()
        s.stack = self.stack.copy()
        s.discard = self.discard.copy()
        s.bids = [b.copy() for b in self.bids]
        s.laid_now = self.laid_now.copy()
        s.won = [w.copy() for w in self.won]
        s.won_any = self.won_any.copy()
        s.passed = self.passed.copy()
        s.high = self.high
        s.lot = self.lot
        s.claim_order = self.claim_order.copy()
        s.claim_pos = self.claim_pos
        s.claim_token = self.claim_token
        s.claim_cards = self.claim_cards.copy()
        s.turn_claims = self.turn_claims
        s.round_no = self.round_no
        s.phase = self.phase
        s.turn = self.turn
        s.dealer = self.dealer
        s.first_to_bid = self.first_to_bid
        s.winners = self.winners.copy()
        s.hit_round_limit = self.hit_round_limit
        s._legal = self._legal
        return s

    def hand_of(self, player: int | None) -> list[DecktetCard]:
        return [] if player is None else [DecktetCard(c) for c in sorted(self.hands[player])]

    def all_cards(self) -> Counter[int]:
        """Every card wherever it lies, counted: always the deck."""
        total: Counter[int] = Counter()
        for group in (
            *self.hands,
            *self.bids,
            self.claim_cards,
            *self.won,
            *self.slots,
            self.stack,
            self.discard,
        ):
            total.update(group)
        return total

    def __repr__(self) -> str:
        return (
            f"<BoojumState round {self.round_no} {self.phase} turn={self.current_player()} "
            f"tokens={list(token_counts(self.tokens))}>"
        )


def _needs(token: int) -> str:
    return "; ".join(x.description.split(": ", 1)[1] for x in PATTERNS if x.token == token)


def observe(state: BoojumState, seat: int | None) -> BoojumObservation:
    n = state.rules.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1} (or None for a spectator)")
    # made past the frozen dataclass's field-by-field guard: observe is on the search's path
    obs = frozen_from(BoojumObservation, observation_fields(state, seat))
    if seat is not None and seat == obs.turn and state._legal is not None:
        keep_legal(obs, state._legal)  # the seat to act: the state's own legal actions, already worked out
    return obs


def observation_fields(state: BoojumState, seat: int | None) -> dict[str, Any]:
    """The fields of ``seat``'s observation, by name (checked against the class's in the tests)."""
    slots = tuple(  # a list comprehension, not a generator: observe is on the search's path
        [
            tuple(sorted(cards[: len(cards) - hidden]))
            for cards, hidden in zip(state.slots, state.slot_hidden, strict=True)
        ]
    )
    return dict(
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
        bids=tuple(map(tuple, state.bids)),
        laid_now=tuple(sorted(state.laid_now)),
        high=state.high,
        passed=tuple(state.passed),
        won=tuple([tuple(sorted(w)) for w in state.won]),
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        hand_counts=tuple(map(len, state.hands)),
        known=tuple([tuple(sorted(k)) for k in state.known]),
        tokens=tuple(map(tuple, state.tokens)),
        discard=tuple(sorted(state.discard)),
        stack_count=len(state.stack),
        claim_order=tuple(state.claim_order),
        claim_pos=state.claim_pos,
        claim_token=state.claim_token,
        claim_cards=tuple(state.claim_cards),
        winners=tuple(state.winners),
        hit_round_limit=state.hit_round_limit,
    )
