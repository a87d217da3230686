"""Boojum's state: the whole truth of a game, changed only by actions.

A round is an auction phase (each slot in turn), a build phase (automatic: a card onto each slot, a
card to each player who won nothing, won lots picked up) and a claim phase (players in seat order
from the 'first to bid', each claiming until they say ``done``). A player with no choice (no bid that
can win, no claim) is passed over automatically; such steps are logged in :attr:`events` but are not
actions, so a record holds only decisions.

>>> from bumtable.rules.boojum.options import boojum
>>> state = boojum(4).new_state(seed=1)
>>> state.phase, state.round_no, state.current_player(), [len(h) for h in state.hands]
('auction', 1, 0, [5, 5, 5, 5])
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_over():
...     state.apply(rng.choice(state.legal_actions()))
>>> state.is_over(), len(state.winners) >= 1
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, NamedTuple

from bumtable.cards.decktet import SUITS_COUNT, DecktetCard, format_decktet_cards
from bumtable.errors import IllegalActionError
from bumtable.rules.boojum.actions import (
    BID,
    CLAIM,
    DONE,
    DONE_ACTION,
    PASS,
    TOKEN_NAMES,
    BoojumAction,
    claim,
)
from bumtable.rules.boojum.bids import (
    BidValue,
    auction_actions,
    bid_value,
    bid_words,
    can_beat,
    number_words,
)
from bumtable.rules.boojum.sets import PATTERNS, can_claim, claim_options, is_claim

if TYPE_CHECKING:
    from bumtable.rules.boojum.observation import BoojumObservation
    from bumtable.rules.boojum.options import BoojumRules

AUCTION = "auction"
CLAIMS = "claim"
OVER = "over"


class Event(NamedTuple):
    """A public happening, for narration: who did what, with which cards (codes), slot and token.

    Kinds: ``bid``, ``pass``, ``auto-pass`` (no bid could win), ``won`` (the lot's cards), ``unsold``,
    ``dealt`` (a face-down card to a player who won nothing; no card shown), ``claim``, ``done``,
    ``auto-done`` (nothing to claim), ``reshuffle`` (the discard pile became the stack), ``round``
    (a new round begins), ``game-over`` (player -1).
    """

    round_no: int
    kind: str
    player: int = -1
    cards: tuple[int, ...] = ()
    slot: int = -1
    token: int = -1


def _remove(cards: list[int], taken: tuple[int, ...] | list[int]) -> None:
    for c in taken:
        cards.remove(c)


def _has(cards: list[int], wanted: tuple[int, ...]) -> bool:
    have = Counter(cards)
    have.subtract(wanted)
    return min(have.values(), default=0) >= 0


def token_holders(tokens: list[list[int]] | tuple[tuple[int, ...], ...]) -> list[int]:
    """Players holding all six tokens."""
    return [p for p, held in enumerate(tokens) if all(held)]


def rank_finish(
    rules: BoojumRules, candidates: list[int], hands: list[list[int]] | tuple[tuple[int, ...], ...]
) -> list[int]:
    """The winners among ``candidates``: the best hand valued as a bid (cards, then pips); ties share."""
    t = rules.tables
    values = {p: bid_value(hands[p], t) for p in candidates}
    best = max(values.values())
    return sorted(p for p in candidates if values[p] == best)


class BoojumState:
    """A game of Boojum. Create with ``rules.new_state(seed)``; change with :meth:`apply`."""

    def __init__(self, rules: BoojumRules, seed: int, *, _blank: bool = False) -> None:
        self.rules = rules
        self.t = rules.tables
        self.seed = seed
        n = rules.players
        self.history: list[BoojumAction] = []
        self.events: list[Event] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.known: list[list[int]] = [[] for _ in range(n)]
        """Cards everyone knows each player holds (won lots picked up, losing bids taken back)."""
        self.tokens: list[list[int]] = [[0] * SUITS_COUNT for _ in range(n)]
        self.slots: list[list[int]] = [[] for _ in range(rules.slot_count)]
        self.slot_hidden: list[int] = [0] * rules.slot_count
        """How many cards at the end of each slot nobody has seen (dealt face down since the last auction)."""
        self.stack: list[int] = []
        """The draw stack; the next card drawn is the last."""
        self.discard: list[int] = []
        self.bids: list[list[int]] = [[] for _ in range(n)]
        self.won: list[list[int]] = [[] for _ in range(n)]
        """Lots won this auction phase, face down in front of the winner until the build phase."""
        self.won_any: list[bool] = [False] * n
        self.passed: list[bool] = [False] * n
        self.high: int | None = None
        self.lot = -1
        self.claim_order: list[int] = []
        self.claim_pos = 0
        self.round_no = 0
        self.phase = AUCTION
        self.turn = 0
        self.dealer = n - 1
        self.first_to_bid = 0
        self.winners: list[int] = []
        self.hit_round_limit = False
        self._legal: list[BoojumAction] | None = None
        self.rng = random.Random(seed)
        if _blank:
            return
        self.stack = list(self.t.deck)
        self.rng.shuffle(self.stack)
        for _ in range(rules.hand_size):
            for i in range(n):
                self.hands[(self.dealer + 1 + i) % n].append(self.stack.pop())
        for _ in range(rules.lot_size):
            for slot in self.slots:
                slot.append(self.stack.pop())
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
        """The player to act, or None when the game is over."""
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> tuple[int, ...]:
        """Tokens (different suits) each player holds; :attr:`winners` says who won."""
        return tuple(sum(1 for k in held if k) for held in self.tokens)

    def high_value(self) -> BidValue | None:
        """The value of the high bid in the current auction (None when nobody has bid)."""
        return None if self.high is None else bid_value(self.bids[self.high], self.t)

    def wanted_tokens(self, player: int) -> list[int]:
        """Tokens ``player`` may claim: those not yet held (all six with ``repeat_tokens``)."""
        if self.rules.repeat_tokens:
            return list(range(SUITS_COUNT))
        return [k for k in range(SUITS_COUNT) if not self.tokens[player][k]]

    def legal_actions(self) -> list[BoojumAction]:
        """Every action the current player may take: exactly the actions :meth:`why_illegal` accepts, each
        once (bids are multisets of cards, fewest cards first). Only ``rules.bid_list_limit`` shortens the
        bids to a shortlist."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _compute_legal(self) -> list[BoojumAction]:
        p = self.turn
        if self.phase == AUCTION:
            return auction_actions(self.hands[p], self.bids[p], self.high_value(), self.rules)
        if self.phase == CLAIMS:
            options = claim_options(self.hands[p], self.t, self.wanted_tokens(p))
            return [claim(k, g) for k, groups in options.items() for g in groups] + [DONE_ACTION]
        return []

    def why_illegal(self, action: BoojumAction) -> str | None:
        """None if ``action`` is legal now, else the reason in words."""
        if self.phase == OVER:
            return "the game is over"
        p = self.turn
        if self.phase == AUCTION:
            if action.kind in (CLAIM, DONE):
                return f"it is the auction for slot {self.lot + 1}: bid (e.g. 'bid 5ML') or pass; claims come later"
            if action.kind == PASS:
                return None
            if action.kind != BID or not action.cards:
                return "a bid needs cards, e.g. 'bid 5ML 9MS'"
            if not _has(self.hands[p], action.cards):
                where = (
                    " (cards you won this phase stay face down until the build phase)" if self.won[p] else ""
                )
                return (
                    f"you do not hold {format_decktet_cards(action.cards)}: your hand is "
                    f"{format_decktet_cards(sorted(self.hands[p])) or 'empty'}{where}"
                )
            high = self.high_value()
            value = bid_value([*self.bids[p], *action.cards], self.t)
            most = self.rules.bid_max_add
            if most and len(action.cards) > most:
                return (
                    f"a bid may add at most {number_words(most)} cards at a time (the bid_max_add option), "
                    f"not {number_words(len(action.cards))}: lay fewer, and raise again if you are beaten"
                )
            if high is not None and value <= high:
                return (
                    f"your bid would be {bid_words(value)}, which does not beat player {self.high}'s "
                    f"{bid_words(high)}: add more cards (more cards always win, then more pips) or pass"
                )
            return None
        # claim phase
        if action.kind in (BID, PASS):
            return "it is the claim phase: claim a token (e.g. 'claim waves 4MS 4MS 4WL 4YK') or say done"
        if action.kind == DONE:
            return None
        if action.kind != CLAIM or not 0 <= action.token < SUITS_COUNT or not action.cards:
            return "a claim names a token and cards, e.g. 'claim waves 4MS 4MS 4WL 4YK'"
        name = TOKEN_NAMES[action.token].capitalize()
        if action.token not in self.wanted_tokens(p):
            return f"you already hold the {name} token"
        if not _has(self.hands[p], action.cards):
            return (
                f"you do not hold {format_decktet_cards(action.cards)}: your hand is "
                f"{format_decktet_cards(sorted(self.hands[p]))}"
            )
        if not is_claim(action.token, action.cards, self.t):
            ways = "; ".join(x.description.split(": ", 1)[1] for x in PATTERNS if x.token == action.token)
            return f"{format_decktet_cards(action.cards)} does not earn the {name} token, which needs: {ways}"
        return None

    # ------------------------------------------------------------------ change
    def apply(self, action: BoojumAction, *, check: bool = True) -> None:
        """Take ``action`` for the current player. Raises :class:`IllegalActionError` with the reason."""
        if check:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        self.history.append(action)
        self._legal = None
        p = self.turn
        if action.kind == BID:
            _remove(self.hands[p], action.cards)
            self._forget(p, action.cards)
            self.bids[p].extend(action.cards)
            self.bids[p].sort()
            self.high = p
            self._log("bid", p, action.cards)
            self._next_bidder(p)
        elif action.kind == PASS:
            self.passed[p] = True
            self._log("pass", p)
            self._next_bidder(p)
        elif action.kind == CLAIM:
            self._claim(p, action)
        else:
            self._log("done", p)
            self.claim_pos += 1
        self._settle()

    def _log(
        self, kind: str, player: int = -1, cards: tuple[int, ...] | list[int] = (), token: int = -1
    ) -> None:
        slot = self.lot if self.phase == AUCTION else -1
        self.events.append(Event(self.round_no, kind, player, tuple(cards), slot, token))

    def _forget(self, player: int, cards: tuple[int, ...] | list[int]) -> None:
        """Cards leaving a hand stop being known there (a known copy first)."""
        known = self.known[player]
        for c in cards:
            if c in known:
                known.remove(c)

    def _draw(self) -> int | None:
        """The top card of the stack, reshuffling the discard pile when the stack runs out (None: no cards)."""
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
            self.rng.shuffle(self.stack)
            self._log("reshuffle", cards=())

    # ------------------------------------------------------------------ auction
    def _start_round(self) -> None:
        self.round_no += 1
        self._log("round")
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
            self._log("unsold")
        else:
            lot = self.slots[slot]
            self.won[w].extend(lot)
            self.won_any[w] = True
            self._log("won", w, sorted(lot))
            self.slots[slot] = sorted(self.bids[w])
            self.bids[w] = []
            self.first_to_bid = (w + 1) % n
        for q in range(n):  # unsuccessful bids go back to their hands, seen by all
            if self.bids[q]:
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
        for i, slot in enumerate(self.slots):
            card = self._draw()
            if card is not None:
                slot.append(card)
                self.slot_hidden[i] += 1
        order = [(self.first_to_bid + i) % n for i in range(n)]
        for p in order:
            if not self.won_any[p]:
                card = self._draw()
                if card is not None:
                    self.hands[p].append(card)
                    self._log("dealt", p)
        for p in range(n):
            self.hands[p].extend(self.won[p])
            self.known[p].extend(self.won[p])
            self.won[p] = []
        self.phase = CLAIMS
        self.claim_order = order
        self.claim_pos = 0

    def _claim(self, p: int, action: BoojumAction) -> None:
        _remove(self.hands[p], action.cards)
        self._forget(p, action.cards)
        self.discard.extend(action.cards)
        self.tokens[p][action.token] += 1
        self._log("claim", p, action.cards, action.token)
        card = self._draw()
        if card is not None:
            self.hands[p].append(card)

    def _end_claims(self) -> None:
        holders = token_holders(self.tokens)
        if holders:
            self._finish(holders)
        elif self.round_no >= self.rules.max_rounds:
            self.hit_round_limit = True
            most = max(self.outcome())
            self._finish([p for p, k in enumerate(self.outcome()) if k == most])
        else:
            self._start_round()

    def _finish(self, candidates: list[int]) -> None:
        self.winners = rank_finish(self.rules, candidates, self.hands)
        self.phase = OVER
        self._log("game-over")

    def _settle(self) -> None:
        """Pass over players with no choice, until someone has one or the game ends."""
        while True:
            if self.phase == AUCTION:
                p = self.turn
                if can_beat(self.hands[p], self.bids[p], self.high_value(), self.t, self.rules.bid_max_add):
                    break
                self.passed[p] = True
                self._log("auto-pass", p)
                self._next_bidder(p)
            elif self.phase == CLAIMS:
                if self.claim_pos >= len(self.claim_order):
                    self._end_claims()
                    continue
                p = self.claim_order[self.claim_pos]
                self.turn = p
                if can_claim(self.hands[p], self.t, self.wanted_tokens(p)):
                    break
                self._log("auto-done", p)
                self.claim_pos += 1
            else:
                break
        self._legal = None

    # ------------------------------------------------------------------ views
    def observe(self, seat: int | None) -> BoojumObservation:
        """What ``seat`` may know (``None``: a spectator). The only view bots and faces get."""
        from bumtable.rules.boojum.observation import observe

        return observe(self, seat)

    def copy(self) -> BoojumState:
        """An independent copy (the generator's state included)."""
        s = BoojumState(self.rules, self.seed, _blank=True)
        s.rng.setstate(self.rng.getstate())
        s.history = self.history.copy()
        s.events = self.events.copy()
        s.hands = [h.copy() for h in self.hands]
        s.known = [k.copy() for k in self.known]
        s.tokens = [k.copy() for k in self.tokens]
        s.slots = [x.copy() for x in self.slots]
        s.slot_hidden = self.slot_hidden.copy()
        s.stack = self.stack.copy()
        s.discard = self.discard.copy()
        s.bids = [b.copy() for b in self.bids]
        s.won = [w.copy() for w in self.won]
        s.won_any = self.won_any.copy()
        s.passed = self.passed.copy()
        s.high = self.high
        s.lot = self.lot
        s.claim_order = self.claim_order.copy()
        s.claim_pos = self.claim_pos
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
        """A player's cards, sorted (rank order)."""
        return [] if player is None else [DecktetCard(c) for c in sorted(self.hands[player])]

    def all_cards(self) -> Counter[int]:
        """Every card wherever it lies (hands, bids, won lots, slots, stack, discard): always the deck."""
        total: Counter[int] = Counter()
        for group in (*self.hands, *self.bids, *self.won, *self.slots, self.stack, self.discard):
            total.update(group)
        return total

    def __repr__(self) -> str:
        return (
            f"<BoojumState round {self.round_no} {self.phase} turn={self.current_player()} "
            f"tokens={list(self.outcome())}>"
        )
