"""Gin Bummy's state: the whole truth of one game, changed only by actions.

>>> import random
>>> from bumtable.rules.gin_bummy.rules import gin_bummy
>>> state, rng = gin_bummy(players=3).new_state(seed=7), random.Random(1)
>>> [len(h) for h in state.hands], len(state.stock), state.beg
([10, 10, 10], 24, [])
>>> while not state.is_over():
...     state.apply(rng.choice(state.legal_actions()))
>>> o = state.outcome()
>>> o.length == state.turns, o.winners == (() if state.winner is None else (state.winner,))
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bumtable.cards.french import JOKER, Card
from bumtable.errors import IllegalActionError
from bumtable.rules.chance import Chance
from bumtable.rules.events import DEAL, DRAW, GAME_OVER, LEAD, Event, EventLog
from bumtable.rules.events import DISCARD as DISCARDED
from bumtable.rules.gin_bummy.actions import (
    ACE,
    BUM,
    DISCARD,
    DRAW_BEG,
    DRAW_STOCK,
    JOKER_PLAY,
    GinBummyAction,
    action_text,
)
from bumtable.rules.gin_bummy.cards import TEXTS, cut_value, is_bum
from bumtable.rules.gin_bummy.events import BUM_CALL, CUT, FORCE, STARVE, TURN_OVER
from bumtable.rules.gin_bummy.moves import (
    CALL,
    DISCARD_PHASE,
    OVER,
    TURN,
    TurnView,
    legal_actions,
    why_illegal,
)
from bumtable.rules.gin_bummy.observation import RECENT, GinBummyObservation
from bumtable.rules.gin_bummy.starve import ACE_DRAWS, starves_with
from bumtable.rules.kept_legal import keep_legal
from bumtable.rules.outcome import BLOCKED, LAST_STANDING, TURN_LIMIT, Outcome
from bumtable.rules.outcome import BUM as BUM_CALLED

if TYPE_CHECKING:
    from bumtable.rules.gin_bummy.options import GinBummyOptions

PUBLIC = -1
"""Tag of a card in hand that every player knows is there; other cards carry the number of the stock they
came from (0: the deal)."""

REASONS = {
    "bum": BUM_CALLED,
    "last-standing": LAST_STANDING,
    "blocked": BLOCKED,
    "turn-limit": TURN_LIMIT,
}
"""``state.result`` to the outcome's reason. Never ``starved``: the last player not starved wins at once."""


def _texts(codes: Sequence[int]) -> tuple[str, ...]:
    return tuple([TEXTS[c] for c in codes])


class GinBummyState:
    """A game of Gin Bummy, a :class:`~bumtable.rules.protocol.GameState` made by ``rules.new_state(seed)``.

    ``tags[p]`` is what the table knows of each card of ``hands[p]`` (:data:`PUBLIC`); piles' tops are last."""

    __slots__ = (
        "_legal",
        "beg",
        "beg_declined",
        "chance",
        "cut",
        "dealer",
        "drawn",
        "drawn_public",
        "drew_from",
        "flips",
        "hands",
        "history",
        "last_draws",
        "last_forced",
        "log",
        "number_discards",
        "phase",
        "result",
        "rules",
        "seed",
        "start_size",
        "starved",
        "steps",
        "stock",
        "stock_gen",
        "stuck",
        "tags",
        "turn",
        "turns",
        "winner",
    )

    def __init__(
        self,
        rules: GinBummyOptions,
        seed: int,
        *,
        chance: Sequence[Sequence[int]] | None = None,
        _blank: bool = False,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.history: list[GinBummyAction] = []
        self._legal: tuple[GinBummyAction, ...] | None = None
        n = rules.players
        self.chance = Chance(seed, chance)
        log = EventLog()
        self.log: EventLog | None = log
        self.steps = 0
        self.cut: list[list[tuple[int, int]]] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.tags: list[list[int]] = [[] for _ in range(n)]
        self.stock: list[int] = []
        self.stock_gen = 0
        self.beg: list[int] = []
        self.flips: list[tuple[int, ...]] = []
        self.starved: list[int] = []
        self.turns = 0
        self.winner: int | None = None
        self.stuck: int | None = None
        self.result = ""
        self.last_forced: tuple[int, int] | None = None
        self.last_draws: list[tuple[int, ...]] = [() for _ in range(n)]
        self.beg_declined: list[tuple[int, ...]] = [()] * n
        self.number_discards: list[tuple[int, ...]] = [()] * n
        self.drawn: int | None = None
        self.drawn_public = False
        self.drew_from = ""
        self.phase = TURN
        self.dealer = 0
        self.turn = 0
        self.start_size = 0
        if _blank:
            return
        self.dealer = self._cut_for_deal()
        deck = [int(c) for c in rules.deck()]
        self.chance.shuffle(deck)
        dealt = n * rules.hand_size
        for i in range(dealt):  # one at a time, from the dealer's left
            p = (self.dealer + 1 + i) % n
            self.hands[p].append(deck[i])
            self.tags[p].append(0)
        self.stock = deck[dealt:][::-1]
        for p in range(n):
            log.add(
                DEAL,
                0,
                player=p,
                text=f"{rules.hand_size} cards",
                cards=_texts(self.hands[p]),
                insiders=(p,),
            )
        log.add(LEAD, 0, player=self.dealer, text="the dealer plays first")
        self._begin_turn(self.dealer)
        self._log_over()

    # ------------------------------------------------------------------ set-up
    def _cut_for_deal(self) -> int:
        """Each player takes a card off the top of a shuffled deck; the lowest deals; ties cut again."""
        ace_low = self.rules.cut_ace == "low"
        contenders = list(range(self.rules.players))
        while True:
            deck = [int(c) for c in self.rules.deck()]
            self.chance.shuffle(deck)
            cut = [(p, deck[i]) for i, p in enumerate(contenders)]
            self.cut.append(cut)
            if self.log is not None:
                again = f", round {len(self.cut)}" if len(self.cut) > 1 else ""
                for p, c in cut:
                    self.log.add(CUT, 0, player=p, text=f"cut {Card(c)}{again}", cards=(str(Card(c)),))
            low = min(cut_value(c, ace_low=ace_low) for _, c in cut)
            contenders = [p for p, c in cut if cut_value(c, ace_low=ace_low) == low]
            if len(contenders) == 1:
                return contenders[0]

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the game ended (None while it runs): the winner first, the starved last, the earliest lowest.

        >>> from bumtable.rules.gin_bummy.position import position
        >>> from bumtable.rules.gin_bummy.rules import gin_bummy
        >>> state = position(gin_bummy(3), ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c", "3c 3d 4h 5s Jc"])
        >>> state.apply(state.rules.parse_action("discard Kh"))
        >>> state.apply(state.rules.parse_action("bum"))
        >>> o = state.outcome()
        >>> o.places, o.scores, o.winners, o.reason, o.length
        ((1, 2, 2), (1, 0, 0), (0,), 'bum', 1)
        """
        if self.phase != OVER:
            return None
        n = self.rules.players
        places = [0] * n
        winner = self.winner
        for p in range(n):
            places[p] = 1 if winner is None or p == winner else 2
        for i, p in enumerate(self.starved):  # the first to starve is last
            places[p] = n - i
        reason = REASONS[self.result]
        scores = [int(p == winner) for p in range(n)]
        return Outcome.from_places(
            places, scores=scores, reason=reason, length=self.turns, nobody_won=winner is None
        )

    def hand_of(self, player: int | None) -> list[Card]:
        """A player's cards, lowest code first (2c, 2d, ... As, JK)."""
        if player is None:
            return []
        return [Card(c) for c in sorted(self.hands[player])]

    def active_players(self) -> list[int]:
        return [p for p in range(self.rules.players) if p not in self.starved]

    def stock_open(self) -> bool:
        """A card can be drawn from the stock: it has cards, or the Beg can be turned over to refill it."""
        return bool(self.stock) or len(self.beg) > (1 if self.rules.turn_over_keeps_top else 0)

    def view(self) -> TurnView:
        """What the player to act sees that decides the legal actions."""
        return TurnView(
            self.rules,
            self.phase,
            tuple(self.hands[self.turn]),
            self.beg[-1] if self.beg else None,
            self.stock_open(),
            self.drawn,
            self.drew_from,
            self.start_size,
        )

    def legal_actions(self) -> tuple[GinBummyAction, ...]:
        if self._legal is None:
            self._legal = legal_actions(self.view())
        return self._legal

    def why_illegal(self, action: GinBummyAction) -> str | None:
        return why_illegal(self.view(), action)

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        return [] if self.log is None else self.log.seen_by(seat, start)

    def step(self, seat: int | None) -> int:
        return 0 if self.log is None else self.log.step(seat)

    # ------------------------------------------------------------------ change
    def apply(self, action: GinBummyAction, *, check: bool = True) -> None:
        if check:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        self.history.append(action)
        self.steps += 1
        self._legal = None
        p = self.turn
        kind = action.kind
        log = self.log
        if kind == BUM:
            self.winner = p
            self.result = "bum"
            self.phase = OVER
            self.tags[p] = [PUBLIC] * len(self.hands[p])  # the winner lays the four cards down
            if log is not None:
                log.add(BUM_CALL, self.steps, player=p, text="bum", cards=_texts(sorted(self.hands[p])))
        elif kind == DISCARD:
            self._take(p, action.card)
            self.beg.append(action.card)
            if log is not None:
                log.add(
                    DISCARDED, self.steps, player=p, text=action_text(action), cards=_texts((action.card,))
                )
            if self.phase == TURN:
                self.last_draws[p] = ()
            elif action.card < 44:  # a number card (is_number, inline: this is the search's hot path)
                got = self.number_discards[p]
                self.number_discards[p] = (
                    (*got, action.card) if len(got) < RECENT else (*got[1:], action.card)
                )
            self._end_turn()
        elif kind == ACE:
            self._take(p, action.card)
            self.beg.append(action.card)
            if log is not None:
                log.add(
                    DISCARDED, self.steps, player=p, text=action_text(action), cards=_texts((action.card,))
                )
            draws = []
            for _ in range(ACE_DRAWS):
                card = self._draw_stock(p)
                if card is None:
                    break
                draws.append(card)
            self.last_draws[p] = tuple(draws)
            self._end_turn()
        elif kind == JOKER_PLAY:
            self._take(p, JOKER)
            self._take(p, action.card)
            self.beg.append(JOKER)
            if log is not None:
                log.add(
                    DISCARDED,
                    self.steps,
                    player=p,
                    text=action_text(action),
                    cards=_texts((JOKER, action.card)),
                )
            self.last_draws[p] = ()
            self._end_turn(forced=action.card)
        elif kind == DRAW_BEG:
            card = self.beg.pop()
            self.hands[p].append(card)
            self.tags[p].append(PUBLIC)
            if log is not None:
                log.add(DRAW, self.steps, player=p, text="draw beg", cards=_texts((card,)))
            self._drew(p, card, "beg", public=True)
        elif kind == DRAW_STOCK:
            if self.beg and self.beg[-1] < 44:  # a number card passed over
                got = self.beg_declined[p]
                self.beg_declined[p] = (*got, self.beg[-1]) if len(got) < RECENT else (*got[1:], self.beg[-1])
            card = self._draw_stock(p)
            assert card is not None, "draw stock was legal, so there was a card to draw"
            self._drew(p, card, "stock", public=self.tags[p][-1] == PUBLIC)
        self._log_over()

    def _log_over(self) -> None:
        if self.phase == OVER and self.log is not None:
            who = self.winner if self.winner is not None else self.stuck
            self.log.add(GAME_OVER, self.steps, player=who, text=self.result)

    def _drew(self, player: int, card: int, source: str, *, public: bool) -> None:
        self.drawn = card
        self.drawn_public = public
        self.drew_from = source
        self.phase = DISCARD_PHASE
        self.last_draws[player] = (card,)

    def _take(self, player: int, card: int) -> int:
        """Remove one ``card`` from a hand and return its tag; of two Jokers, the known one goes first."""
        hand, tags = self.hands[player], self.tags[player]
        best = -1
        for i, c in enumerate(hand):
            if c == card:
                if tags[i] == PUBLIC:
                    best = i
                    break
                if best < 0 or tags[i] > tags[best]:
                    best = i
        tag = tags[best]
        del hand[best]
        del tags[best]
        return tag

    def _turn_over(self) -> None:
        """The stock is empty: the Beg (less its top card, if the rules keep it) becomes the new stock."""
        keep = [self.beg[-1]] if self.rules.turn_over_keeps_top else []
        cards = self.beg[:-1] if keep else self.beg
        self.flips.append(tuple(cards))
        self.beg = keep
        shuffle = self.rules.turn_over == "shuffle"
        if self.log is not None:  # the Beg lay face up: its cards are known to all, shuffled or not
            self.log.add(TURN_OVER, self.steps, text="shuffle" if shuffle else "flip", cards=_texts(cards))
        if shuffle:
            self.stock = list(cards)
            self.chance.shuffle(self.stock)
            self.stock_gen = len(self.flips)
        else:  # turned over as it lies: the first card discarded is now on top, and everyone knows the order
            self.stock = cards[::-1]
            self.stock_gen = PUBLIC

    def _draw_stock(self, player: int) -> int | None:
        if not self.stock:
            if not self.stock_open():
                return None
            self._turn_over()
        card = self.stock.pop()
        self.hands[player].append(card)
        self.tags[player].append(self.stock_gen)
        if self.log is not None:  # a stock in an order known to all shows the card to all
            insiders = None if self.stock_gen == PUBLIC else (player,)
            self.log.add(
                DRAW,
                self.steps,
                player=player,
                text="draw stock",
                cards=_texts((card,)),
                insiders=insiders,
            )
        return card

    def _next_active(self, player: int) -> int:
        n = self.rules.players
        for k in range(1, n + 1):
            q = (player + k) % n
            if q not in self.starved:
                return q
        return player

    def _end_turn(self, *, forced: int | None = None) -> None:
        p = self.turn
        self.turns += 1
        self.drawn = None
        self.drawn_public = False
        self.drew_from = ""
        self.last_forced = None
        log = self.log
        if starves_with(len(self.hands[p])):  # starved: out of the game, the hand face up on the Beg
            self.starved.append(p)
            if log is not None:
                log.add(STARVE, self.steps, player=p, text="starve", cards=_texts(sorted(self.hands[p])))
            self.beg.extend(sorted(self.hands[p]))
            self.hands[p] = []
            self.tags[p] = []
        nxt = self._next_active(p)
        if forced is not None:  # the card dropped on the Joker goes straight to the next player
            self.hands[nxt].append(forced)
            self.tags[nxt].append(PUBLIC)
            self.last_forced = (nxt, forced)
            if log is not None:
                log.add(
                    FORCE,
                    self.steps,
                    player=p,
                    to=nxt,
                    text=f"force {TEXTS[forced]}",
                    cards=_texts((forced,)),
                )
        active = self.active_players()
        if len(active) == 1:
            self.winner = active[0]
            self.result = "last-standing"
            self.phase = OVER
            return
        if p not in self.starved and self.rules.call == "at-once" and is_bum(self.hands[p]):
            self.phase = CALL
            self.start_size = len(self.hands[p])
            return
        self._begin_turn(nxt)
        if self.phase == CALL:
            return
        if self.rules.max_turns and self.turns >= self.rules.max_turns:
            self.phase = OVER
            self.result = "turn-limit"
            self.stuck = None  # the turn limit ends the game, whoever was to act
            self._legal = None

    def _begin_turn(self, player: int) -> None:
        """Begin the player's turn: a winning hand must call "Bum!"; no legal action blocks the game."""
        self.turn = player
        self.start_size = len(self.hands[player])
        self.phase = CALL if is_bum(self.hands[player]) else TURN
        self._legal = None
        if not self.legal_actions():
            self.phase = OVER
            self.result = "blocked"
            self.stuck = player
            self._legal = None

    # ------------------------------------------------------------------ views and copies
    def observe(self, seat: int | None) -> GinBummyObservation:
        return observe(self, seat)

    def copy(self, *, history: bool = True) -> GinBummyState:
        s = GinBummyState.__new__(GinBummyState)
        s.rules = self.rules
        s.seed = self.seed
        s._legal = self._legal
        s.chance = self.chance.copy(draws=history)
        s.history = self.history.copy() if history else []
        s.log = self.log.copy() if history and self.log is not None else None
        s.steps = self.steps
        s.cut = self.cut  # never changed once dealt
        s.hands = [h.copy() for h in self.hands]
        s.tags = [t.copy() for t in self.tags]
        s.stock = self.stock.copy()
        s.stock_gen = self.stock_gen
        s.beg = self.beg.copy()
        s.flips = self.flips.copy()
        s.starved = self.starved.copy()
        s.turns = self.turns
        s.winner = self.winner
        s.stuck = self.stuck
        s.result = self.result
        s.last_forced = self.last_forced
        s.last_draws = self.last_draws.copy()
        s.beg_declined = self.beg_declined.copy()
        s.number_discards = self.number_discards.copy()
        s.drawn = self.drawn
        s.drawn_public = self.drawn_public
        s.drew_from = self.drew_from
        s.phase = self.phase
        s.dealer = self.dealer
        s.turn = self.turn
        s.start_size = self.start_size
        return s

    def snapshot(self) -> tuple[object, ...]:
        """Everything that makes up the game's position, for comparing two states."""
        return (
            self.rules,
            self.seed,
            tuple(self.history),
            self.steps,
            tuple(map(tuple, self.cut)),
            tuple(map(tuple, self.hands)),
            tuple(map(tuple, self.tags)),
            tuple(self.stock),
            self.stock_gen,
            tuple(self.beg),
            tuple(self.flips),
            tuple(self.starved),
            self.turns,
            self.winner,
            self.stuck,
            self.result,
            self.last_forced,
            tuple(self.last_draws),
            tuple(self.beg_declined),
            tuple(self.number_discards),
            self.drawn,
            self.drawn_public,
            self.drew_from,
            self.phase,
            self.dealer,
            self.turn,
            self.start_size,
            self.chance.rng.getstate(),
        )

    def __repr__(self) -> str:
        return (
            f"<GinBummyState {self.rules.players} players turn {self.turns} {self.phase} "
            f"player={self.turn} hands={[len(h) for h in self.hands]} stock={len(self.stock)} beg={len(self.beg)}>"
        )


def observe(state: GinBummyState, seat: int | None) -> GinBummyObservation:
    n = state.rules.players
    if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n):
        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1}")
    gens = 1 + len(state.flips)
    public: list[tuple[int, ...]] = []
    hidden: list[tuple[int, ...]] = []
    for p in range(n):
        counts = [0] * gens
        known = []
        for c, tag in zip(state.hands[p], state.tags[p], strict=True):
            if tag == PUBLIC:
                known.append(c)
            else:
                counts[tag] += 1
        public.append(tuple(sorted(known)))
        hidden.append(tuple(counts))
    turn = state.current_player()
    sees_draw = state.drawn_public or (seat is not None and seat == turn)
    obs = GinBummyObservation(
        rules=state.rules,
        seat=seat,
        turn=turn,
        phase=state.phase,
        dealer=state.dealer,
        cut=tuple(tuple(r) for r in state.cut),
        hand=None if seat is None else tuple(sorted(state.hands[seat])),
        hand_counts=tuple(len(h) for h in state.hands),
        public_cards=tuple(public),
        hidden_counts=tuple(hidden),
        beg=tuple(state.beg),
        stock_count=len(state.stock),
        stock=tuple(reversed(state.stock)) if state.stock_gen == PUBLIC else None,
        flips=tuple(state.flips),
        drawn=state.drawn if sees_draw else None,
        drew_from=state.drew_from,
        start_size=state.start_size,
        starved=tuple(state.starved),
        turns=state.turns,
        winner=state.winner,
        result=state.result,
        steps=state.steps,
        last_forced=state.last_forced,
        my_draws=() if seat is None else state.last_draws[seat],
        stuck=state.stuck,
        beg_declined=tuple(state.beg_declined),
        number_discards=tuple(state.number_discards),
    )
    if seat is not None and seat == turn and state._legal is not None:
        keep_legal(obs, state._legal)  # the seat to act: the state's own legal actions, already worked out
    return obs
