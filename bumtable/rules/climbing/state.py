"""The climbing engine's state: the whole truth of a match, changed only by actions.

>>> import random
>>> from bumtable.rules import get
>>> state, rng = get("bum-game", players=4).new_state(seed=1), random.Random(0)
>>> p = state.current_player()
>>> state.hand_no, state.phase, state.roles[p], len(state.hand_of(p))  # the Boss leads
(1, 'play', 0, 14)
>>> while not state.is_over():
...     state.apply(rng.choice(state.legal_actions()))
>>> max(state.scores) >= 100, state.outcome().reason, state.outcome().winners == (state.winner,)
(True, 'target', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import reduce
from operator import iconcat
from typing import TYPE_CHECKING

import bumtable.rules.events as ev
from bumtable.cards.french import JOKER, Card
from bumtable.errors import IllegalActionError
from bumtable.rules.chance import Chance
from bumtable.rules.climbing import events as cev
from bumtable.rules.climbing.events import CARD_TEXT, ClimbingLog
from bumtable.rules.climbing.facts import HandResult, Revolution, SeenTransfer, Transfer, credited
from bumtable.rules.climbing.legality import why_illegal
from bumtable.rules.climbing.movegen import give_plays, turn_plays, wipe_or_pass
from bumtable.rules.climbing.observation import ClimbingObservation, make_observation
from bumtable.rules.climbing.pick import lowest_suited, take_cards
from bumtable.rules.climbing.plays import (
    DECLARE,
    DECLARE_PLAY,
    DECLINE_PLAY,
    GIVE,
    PASS,
    PASS_PLAY,
    SEQUENCE,
    SET,
    Play,
    picks_of,
)
from bumtable.rules.events import Event
from bumtable.rules.outcome import ROUNDS, TARGET, Outcome
from bumtable.rules.phases import DEAL, EXCHANGE, OVER, PLAY, REVOLUTION

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions

__all__ = [
    "EXCHANGE",
    "OVER",
    "PLAY",
    "REVOLUTION",
    "ClimbingState",
    "HandResult",
    "Revolution",
    "SeenTransfer",
    "Transfer",
]


class ClimbingState:
    """A climbing match, a :class:`~bumtable.rules.protocol.GameState` made by ``rules.new_state(seed)``."""

    __slots__ = (
        "_legal",
        "_seen_transfers",
        "active",
        "by_role",
        "cancelled_exchange",
        "chance",
        "counts",
        "cut",
        "dealer",
        "direction",
        "ended_by",
        "exchange_queue",
        "finished",
        "hand_no",
        "hands",
        "history",
        "inverted",
        "last_trick",
        "leader",
        "log",
        "losers",
        "ncards",
        "order",
        "passes",
        "phase",
        "played",
        "pos",
        "results",
        "rev_pending",
        "revolution",
        "roles",
        "roles_assigned",
        "rules",
        "sat_out",
        "scores",
        "seed",
        "stops_at_hand_end",
        "t",
        "top",
        "top_player",
        "transfers",
        "trick",
        "trick_values",
        "turn",
        "winner",
    )

    def __init__(
        self,
        rules: ClimbingOptions,
        seed: int,
        *,
        chance: Sequence[Sequence[int]] | None = None,
        _blank: bool = False,
    ) -> None:
        self.rules = rules
        self.t = rules.tables
        self.seed = seed
        n = rules.players
        self.history: list[Play] = []
        self.scores = [0] * n
        self.results: list[HandResult] = []
        """Every finished hand, oldest first (observations show only the latest)."""
        self.winner: int | None = None
        self.ended_by = ""
        self.hand_no = 0
        self._legal: tuple[Play, ...] | None = None
        self._seen_transfers: dict[int | None, tuple[SeenTransfer, ...]] = {}
        """Each seat's view of ``transfers``, made once per change of them (every observation shows it)."""
        self.log: ClimbingLog | None = None
        self.stops_at_hand_end = False
        if _blank:
            return
        self.log = ClimbingLog(rules.action_text)
        self.chance = Chance(seed, chance)
        self.order = list(range(n))
        if rules.seating == "random":
            self.chance.shuffle(self.order)
        self.cut: tuple[tuple[tuple[int, int], ...], ...] = ()
        if rules.first_roles == "cut":
            boss = self.order.index(self._cut_for_boss())
            self.roles_assigned = True
        else:
            boss = 0  # no roles yet: role numbers only follow the seats until a hand has been played
            self.roles_assigned = False
        self.roles = [0] * n
        for i in range(n):
            self.roles[self.order[(boss + i) % n]] = i
        self._start_hand()

    # ------------------------------------------------------------------ set-up
    def _cut_for_boss(self) -> int:
        """Each player cuts a card; the highest rank is the first Boss; ties cut again."""
        contenders = list(range(self.rules.players))
        rank = self.t.rank_of_code
        rounds: list[tuple[tuple[int, int], ...]] = []
        while True:
            deck = [int(c) for c in self.rules.deck()]
            self.chance.shuffle(deck)
            cut = tuple((p, deck[i]) for i, p in enumerate(contenders))
            rounds.append(cut)
            best = max(rank[c] for _, c in cut)
            contenders = [p for p, c in cut if rank[c] == best]
            boss = contenders[0] if len(contenders) == 1 else None
            if self.log is not None:
                shown = ", ".join(f"P{p} {CARD_TEXT[c]}" for p, c in cut)
                self.log.note(cev.CUT, 0, boss, None, shown, tuple([c for _, c in cut]))
            if boss is not None:
                self.cut = tuple(rounds)
                return boss

    def _start_hand(self) -> None:
        rules, t = self.rules, self.t
        n = rules.players
        self.hand_no += 1
        self.by_role = [0] * n
        for p, r in enumerate(self.roles):
            self.by_role[r] = p
        self._seat_players()
        deck = list(rules.deck_codes)
        self.chance.shuffle(deck)
        self.hands: list[list[list[int]]] = [[[] for _ in range(t.n_ranks)] for _ in range(n)]
        rank = t.rank_of_code
        # The Bum deals, one card at a time from the player on his left (with role seating, the Boss).
        dealer = self.by_role[n - 1] if self.roles_assigned else self.order[-1]
        self.dealer = dealer
        start = self.pos[dealer] + 1
        order = self.order
        for k in range(n):  # every n-th card of the deck, from the k-th player after the dealer
            hand = self.hands[order[(start + k) % n]]
            for code in deck[k::n]:
                hand[rank[code]].append(code)
        self.counts = [[len(x) for x in h] for h in self.hands]
        self.ncards = [sum(c) for c in self.counts]
        if self.log is not None:
            for p in range(n):
                held = tuple([c for cards in self.hands[p] for c in cards])
                self.log.note(ev.DEAL, len(self.history), p, None, f"hand {self.hand_no}", held, None, (p,))
        self.active = n
        self.played: list[tuple[int, tuple[int, ...]]] = []
        self.finished: list[int] = []
        self.losers: list[int] = []
        self.sat_out = [False] * n
        self.direction = 1
        self.inverted = False
        self.trick_values: list[int] = []
        self.trick: list[tuple[int, Play, tuple[int, ...]]] = []
        self.last_trick: tuple[list[tuple[int, Play, tuple[int, ...]]], int] | None = None
        self.top: Play | None = None
        self.top_player = -1
        self.passes = 0
        self.revolution: Revolution | None = None
        self.cancelled_exchange = False
        self.transfers: list[Transfer] = []
        self._seen_transfers = {}
        self.exchange_queue: list[tuple[int, int, int]] = []
        self._legal = None
        # Set before any revolution decision, so copy() works in the first hand's revolution phase.
        self.leader = self.by_role[0]
        candidates = self._joker_candidates(rules.revolution_triggers) if self.roles_assigned else []
        self.rev_pending: list[int] = candidates[1:]
        if candidates and rules.revolution_declare == "optional":
            # Each qualifying player in turn decides, privately, until one declares.
            self.phase = REVOLUTION
            self.turn = candidates[0]
            return
        if candidates:
            self._revolt(candidates[0], declared=False)
        self._exchange_and_lead()

    def _seat_players(self) -> None:
        """With role seating, players sit in role order; ``pos`` is each player's place at the table."""
        if self.rules.seating == "by-role":
            self.order = self.by_role.copy()
        self.pos = [0] * self.rules.players
        for i, p in enumerate(self.order):
            self.pos[p] = i

    def jokers_held(self, player: int) -> int:
        return sum(1 for cards in self.hands[player] for c in cards if c >= JOKER)

    def _joker_candidates(self, triggers: tuple[tuple[int, int], ...]) -> list[int]:
        out: list[int] = []
        for role, k in triggers:
            p = self.by_role[role]
            if p not in out and self.jokers_held(p) >= k:
                out.append(p)
        return out

    def _revolt(self, player: int, *, declared: bool) -> None:
        old = tuple(self.roles)
        self.revolution = Revolution(player, self.jokers_held(player), old)
        new = self.rules.revolution_roles
        self.roles = [new[r] for r in old]
        for p, r in enumerate(self.roles):
            self.by_role[r] = p
        self._seat_players()
        if self.log is not None:
            jokers = [c for cards in self.hands[player] for c in cards if c >= JOKER]
            text = cev.DECLARED if declared else cev.DEALT
            self.log.note(ev.REVOLUTION, len(self.history), player, None, text, tuple(jokers))

    def _exchange_and_lead(self) -> None:
        rules = self.rules
        exchange = rules.exchange and self.hand_no > 1
        if exchange and self.revolution is None and self._joker_candidates(rules.exchange_cancel_triggers):
            self.cancelled_exchange = True
            if self.log is not None:
                cancel = rules.exchange_cancel_triggers
                holder = self.by_role[cancel[0][0]] if len(cancel) == 1 else None
                self.log.note(cev.NO_EXCHANGE, len(self.history), holder, None, "dealt Jokers")
        self.exchange_queue = list(rules.exchange_pairs) if exchange and not self.cancelled_exchange else []
        self._run_exchange()

    def _run_exchange(self) -> None:
        """Carry out the exchange pair by pair, stopping where a player must choose what to give."""
        rules = self.rules
        while self.exchange_queue:
            hi, lo, k = self.exchange_queue[0]
            high, low = self.by_role[hi], self.by_role[lo]
            if rules.exchange_high_gives == "lowest":
                self._exchange_pair(high, low, k)
                self.exchange_queue.pop(0)
                continue
            if rules.exchange_order == "lower-first":
                # The lower role's best cards arrive first, so the choice is made knowing them.
                self._hand_over(low, high, self._take(low, k, lowest=False), cev.BEST)
            self.phase = EXCHANGE
            self.turn = high
            return
        self.phase = PLAY
        self.leader = self.turn = self._first_leader()

    def _hand_over(self, giver: int, receiver: int, cards: list[int], why: str) -> None:
        self._give(receiver, cards)
        self.ncards[giver] -= len(cards)
        self.ncards[receiver] += len(cards)
        self._transfer(giver, receiver, cards, why)

    def _transfer(self, giver: int, receiver: int, cards: list[int], why: str) -> None:
        self.transfers.append(Transfer(giver, receiver, tuple(cards)))
        self._seen_transfers = {}
        if self.log is not None:
            k = len(cards)
            public = f"gives {k} card{'s' if k != 1 else ''} to P{receiver}"
            self.log.note(
                ev.GIVE,
                len(self.history),
                giver,
                receiver,
                why,
                tuple(cards),
                None,
                (giver, receiver),
                public,
            )

    def _chosen_give(self, play: Play) -> None:
        """The higher role passes the cards it chose; the lower role's best follow as the rules order."""
        hi, lo, k = self.exchange_queue.pop(0)
        high, low = self.by_role[hi], self.by_role[lo]
        hand, counts = self.hands[high], self.counts[high]
        down = list(picks_of(play))  # the cards named by suit, then the rest as the rules pick them
        for c in down:
            hand[self.t.rank_of_code[c]].remove(c)
        rest = list(play.cards)
        for c in down:
            rest.remove(self.t.rank_of_code[c])
        for r in rest:
            down.append(lowest_suited(hand[r], self.t) if self.t.bridge else hand[r].pop())
        if len(down) > len(rest):
            down.sort(key=self.t.rank_of_code.__getitem__)
        for r in play.cards:
            counts[r] -= 1
        order = self.rules.exchange_order
        up = self._take(low, k, lowest=False) if order == "simultaneous" else []
        self._hand_over(high, low, down, cev.CHOSEN)
        if order == "higher-first":
            up = self._take(low, k, lowest=False)
        if order != "lower-first":
            self._hand_over(low, high, up, cev.BEST)
        self._run_exchange()

    def _first_leader(self) -> int:
        rules = self.rules
        how = rules.first_leader if self.hand_no == 1 else rules.leader
        if how == "card":
            code = int(Card.parse(rules.lead_card))
            rank = self.t.rank_of_code[code]
            leader = next(p for p in range(rules.players) if code in self.hands[p][rank])
        elif how == "dealer":
            leader = self.dealer
        elif how == "eldest":
            leader = self.order[(self.pos[self.dealer] + 1) % rules.players]
        else:
            leader = self.by_role[rules.players - 1 if how == "bum" else 0]
        if self.log is not None:
            why = cev.LEAD_CARD if how == "card" else how
            self.log.note(ev.LEAD, len(self.history), leader, None, why)
        return leader

    def _take(self, player: int, k: int, *, lowest: bool) -> list[int]:
        hand, counts = self.hands[player], self.counts[player]
        order = range(len(hand)) if lowest else range(len(hand) - 1, -1, -1)
        keep_jokers = not lowest and self.rules.exchange_keep_jokers
        keeps = () if lowest else self.t.low_keeps
        taken: list[int] = []
        bridge = self.t.bridge
        for r in order:
            if r in keeps:
                continue
            cards = hand[r]
            if (
                bridge
            ):  # taken from the end: the highest suit when giving the best, the lowest when the lowest
                cards.sort(key=self.t.suit_order_key, reverse=lowest)
            i = len(cards) - 1
            while i >= 0 and len(taken) < k:
                if keep_jokers and cards[i] >= JOKER:
                    i -= 1
                    continue
                taken.append(cards.pop(i))
                counts[r] -= 1
                i -= 1
            if len(taken) == k:
                break
        return taken

    def _give(self, player: int, cards: list[int]) -> None:
        rank = self.t.rank_of_code
        hand, counts = self.hands[player], self.counts[player]
        for c in cards:
            r = rank[c]
            hand[r].append(c)
            counts[r] += 1

    def _exchange_pair(self, high: int, low: int, k: int) -> None:
        """The higher role gives its k lowest cards, the lower its k highest (keeping Jokers)."""
        order = self.rules.exchange_order
        if order == "lower-first":
            up = self._take(low, k, lowest=False)
            self._give(high, up)
            down = self._take(high, k, lowest=True)
            self._give(low, down)
        elif order == "higher-first":
            down = self._take(high, k, lowest=True)
            self._give(low, down)
            up = self._take(low, k, lowest=False)
            self._give(high, up)
        else:
            down = self._take(high, k, lowest=True)
            up = self._take(low, k, lowest=False)
            self._give(low, down)
            self._give(high, up)
        self.ncards[high] += len(up) - len(down)
        self.ncards[low] += len(down) - len(up)
        self._transfer(high, low, down, cev.LOWEST)
        self._transfer(low, high, up, cev.BEST)

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int | None:
        return None if self.phase == OVER or self.phase == DEAL else self.turn

    def is_over(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        """How the match ended (None while it runs): the winner first, the rest by score, ties sharing."""
        if self.phase != OVER or self.winner is None:
            return None
        w, scores = self.winner, self.scores
        n = len(scores)
        places = [
            1 if p == w else 2 + sum(1 for q in range(n) if q != w and scores[q] > scores[p])
            for p in range(n)
        ]
        return Outcome.from_places(places, scores=tuple(scores), reason=self.ended_by, length=self.hand_no)

    def hand_of(self, player: int | None) -> list[Card]:
        """A player's cards, lowest rank first."""
        if player is None:
            return []
        return [Card(c) for cards in self.hands[player] for c in cards]

    def counts_of(self, player: int) -> list[int]:
        """How many cards of each rank index a player holds (a copy)."""
        return self.counts[player].copy()

    def team_of(self, player: int) -> int:
        """The player's team (partnership rules), else the player's own number."""
        teams = self.rules.teams
        return teams[self.pos[player]] if teams else player

    def role_name(self, player: int) -> str:
        return self.rules.roles[self.roles[player]]

    def legal_actions(self) -> tuple[Play, ...]:
        """Every legal action; plays that differ only in suit are one."""
        legal = self._legal
        if legal is not None:
            return legal
        if self.phase == PLAY:
            turn = self.turn
            plays = turn_plays(
                self.counts[turn],
                self.t,
                self.top,
                must_play=self.rules.must_play,
                hand=self.hands[turn],
                inverted=self.inverted,
            )
            # Back in a trick it passed (wipe_after_pass): only the wipe card, or pass.
            legal = wipe_or_pass(plays, self.t.wipe) if self.sat_out[turn] else tuple(plays)
        elif self.phase == REVOLUTION:
            legal = (DECLARE_PLAY, DECLINE_PLAY)
        elif self.phase == EXCHANGE:
            legal = tuple(give_plays(self.counts[self.turn], self.exchange_queue[0][2]))
        else:
            legal = ()
        self._legal = legal
        return legal

    def why_illegal(self, action: Play) -> str | None:
        return why_illegal(self, action)

    # ------------------------------------------------------------------ change
    def apply(self, action: Play, *, check: bool = True) -> None:
        if check:
            reason = self.why_illegal(action)
            if reason is not None:
                raise IllegalActionError(reason)
        self.history.append(action)
        self._legal = None
        kind = action.kind
        if kind in (SET, SEQUENCE):
            self._play(action)
        elif kind == PASS:
            self._pass()
        elif kind == GIVE:
            self._chosen_give(action)
        elif kind == DECLARE:
            self._revolt(self.turn, declared=True)
            self._exchange_and_lead()
        elif self.rev_pending:  # DECLINE, and another player also qualifies: a private choice, no event
            self.turn = self.rev_pending.pop(0)
        else:  # DECLINE
            self._exchange_and_lead()

    def _next_active(self, player: int, *, in_trick: bool = False) -> int:
        n = self.rules.players
        i = self.pos[player]
        order, ncards, sat, step = self.order, self.ncards, self.sat_out, self.direction
        if in_trick and self.rules.wipe_after_pass:
            for k in range(1, n + 1):
                p = order[(i + k * step) % n]
                if ncards[p] and (not sat[p] or self._may_come_back(p)):
                    return p
            return player
        for k in range(1, n + 1):
            p = order[(i + k * step) % n]
            if ncards[p] and not (in_trick and sat[p]):
                return p
        return player

    def _may_come_back(self, player: int) -> bool:
        """Whether a player who passed may come back: it holds the wipe card and a play was made since."""
        if not self.counts[player][self.t.wipe]:
            return False
        for p, play, _ in reversed(self.trick):
            if play.kind != PASS:
                return True
            if p == player:
                return False
        return True

    def _play(self, play: Play) -> None:
        p = self.turn
        t = self.t
        cards = play.cards
        if type(play) is not Play:  # cards named by suit: taken, then the plain play goes on (caches, events)
            codes = take_cards(self.hands[p], play, t)
            play = Play._make(play)
        elif t.suited:
            codes = take_cards(self.hands[p], play, t)
        else:  # where suits do not matter and no card is named, the last card of each rank
            hand = self.hands[p]
            codes = tuple([hand[r].pop() for r in cards])
        counts = self.counts[p]
        for r in cards:
            counts[r] -= 1
        self.played.append((p, codes))
        self.trick.append((p, play, codes))
        left = self.ncards[p] - play.size
        self.ncards[p] = left
        log = self.log
        if log is not None:
            log.note(ev.PLAY, len(self.history), p, None, play, codes)
        wipe = play.rank == t.wipe and play.size == 1
        if left == 0:
            self.active -= 1
            if wipe and self.rules.wipe_last_loses:
                self.losers.append(p)  # out, but in the lowest place still open
                place = self.rules.players - len(self.losers) + 1
                why = cev.WIPED_OUT
            else:
                self.finished.append(p)
                place = len(self.finished)
                why = cev.WENT_OUT
            self.scores[p] += t.points[place - 1]
            if log is not None:
                log.note(ev.OUT, len(self.history), p, None, why, (), place)
            if self.active == 1:
                last = self._next_active(p)
                self.finished.append(last)
                self.scores[last] += t.points[len(self.finished) - 1]
                if log is not None:
                    log.note(ev.OUT, len(self.history), last, None, cev.LEFT, (), len(self.finished))
                self._end_hand()
                return
        self.top = play
        self.top_player = p
        self.passes = 0
        if t.reverse >= 0 and t.reverse in play.cards:
            how = self.rules.reverses
            if how != "ranking":
                self.direction = -self.direction
            if how != "direction":
                self.inverted = not self.inverted
        if wipe:
            self._end_trick(p, cev.WIPE)
            return
        if self.rules.four_of_a_value:
            values = self.trick_values
            values.extend([play.rank] * play.size if play.kind == SET else play.cards)
            if len(values) >= 4 and values[-1] == values[-2] == values[-3] == values[-4]:
                self._end_trick(p, cev.FOUR_OF_A_VALUE, values[-1])
                return
        self.turn = self._next_active(p, in_trick=self.rules.pass_final)
        if self.turn == p:  # everyone else has sat out: the trick is won
            self._end_trick(p, cev.SAT_OUT)

    def _pass(self) -> None:
        p = self.turn
        self.trick.append((p, PASS_PLAY, ()))
        if self.log is not None:
            self.log.note(ev.PASS, len(self.history), p)
        winner = self.top_player
        if self.rules.pass_final:
            self.sat_out[p] = True
            nxt = self._next_active(p, in_trick=True)
            if nxt in (winner, p):
                self._end_trick(winner, cev.PASSES)
            else:
                self.turn = nxt
            return
        self.passes += 1
        needed = self.active - (1 if self.ncards[winner] else 0)
        if self.passes >= needed:
            self._end_trick(winner, cev.PASSES)
        else:
            self.turn = self._next_active(p)

    def _end_trick(self, winner: int, why: str, rank: int = -1) -> None:
        """End the trick, won by ``winner``; ``rank``: the rank played four times in a row, told on the event."""
        self.last_trick = (self.trick, winner)
        self.trick = []
        self.top = None
        self.passes = 0
        if self.rules.pass_final:
            self.sat_out = [False] * self.rules.players
        if self.trick_values:
            self.trick_values = []
        out = not self.ncards[winner]
        self.leader = self.turn = self._next_active(winner) if out else winner
        log = self.log
        if log is not None:
            step = len(self.history)
            said = self.t.symbols[rank] if rank >= 0 else None
            log.note(ev.TRICK, step, winner, None, why, rank=said)
            log.note(ev.LEAD, step, self.leader, None, cev.AFTER_WINNER if out else cev.TRICK_WINNER)

    def _end_hand(self) -> None:
        rules = self.rules
        n = rules.players
        points = [0] * n
        self.finished.extend(reversed(self.losers))
        for place, p in enumerate(self.finished):
            points[p] = self.t.points[place]
        if rules.teams:  # every member is credited with the team's total (each has its own points already)
            for p, credit in enumerate(credited(points, [self.team_of(q) for q in range(n)])):
                self.scores[p] += credit - points[p]
        result = HandResult(
            self.hand_no,
            tuple(self.finished),
            tuple(points),
            tuple(self.roles),
            self.revolution is not None,
            self.cancelled_exchange,
            self.trick[-1][2],
            self.roles_assigned,
        )
        self.results.append(result)
        self.last_trick = (self.trick, self.finished[-2]) if self.trick else self.last_trick
        self.trick = []
        self.top = None
        if self.log is not None:
            order = ", ".join(f"P{p} +{points[p]}" for p in self.finished)
            self.log.note(ev.HAND_OVER, len(self.history), None, None, f"hand {self.hand_no}: {order}")
        reached = [p for p in self.finished if rules.target and self.scores[p] >= rules.target]
        if not reached and rules.rounds and self.hand_no >= rules.rounds:
            reached = list(self.finished)  # the last round: the highest total wins, ties to the better finish
            best = max(self.scores)
            self.winner = next(p for p in reached if self.scores[p] == best)
            if rules.rounds_winner == "last-hand":
                self.winner = self.finished[0]
            self._game_over(ROUNDS)
            return
        if reached:
            if rules.target_winner == "first-to-reach":
                self.winner = reached[0]
            else:
                best = max(self.scores[p] for p in reached)
                self.winner = next(p for p in reached if self.scores[p] == best)
            self._game_over(TARGET)
            return
        for place, p in enumerate(self.finished):
            self.roles[p] = place
        self.roles_assigned = True
        if self.stops_at_hand_end:  # a search's deal: the hand's result is all it reads
            self.phase = DEAL
            return
        self._start_hand()

    def stop_at_hand_end(self) -> None:
        """Stop this state and its copies when the hand in play ends, dealing no next hand (for search).

        >>> from bumtable.rules import get
        >>> state = get("bum-game", players=4).new_state(seed=1)
        >>> state.stop_at_hand_end()
        >>> while state.current_player() is not None:
        ...     state.apply(state.legal_actions()[0])
        >>> len(state.results), state.phase, state.legal_actions(), state.is_over()
        (1, 'deal', (), False)
        """
        self.stops_at_hand_end = True

    def _game_over(self, reason: str) -> None:
        self.phase = OVER
        self.ended_by = reason
        if self.log is not None:
            self.log.note(ev.GAME_OVER, len(self.history), self.winner, None, reason, (), self.hand_no)

    # ------------------------------------------------------------------ views and copies
    def observe(self, seat: int | None) -> ClimbingObservation:
        return observe(self, seat)

    def events(self, seat: int | None, start: int = 0) -> list[Event]:
        return [] if self.log is None else self.log.seen_by(seat, start)

    def step(self, seat: int | None) -> int:
        return 0 if self.log is None else self.log.step(seat)

    def copy(self, *, history: bool = True) -> ClimbingState:
        s = ClimbingState.__new__(ClimbingState)
        s.rules = self.rules
        s.t = self.t
        s.seed = self.seed
        s.chance = self.chance.copy(draws=history)
        s.history = self.history.copy() if history else []
        s.log = self.log.copy() if history and self.log is not None else None
        s._legal = self._legal
        s.scores = self.scores.copy()
        s.results = self.results.copy()
        s.winner = self.winner
        s.ended_by = self.ended_by
        s.stops_at_hand_end = self.stops_at_hand_end
        s.hand_no = self.hand_no
        s.cut = self.cut
        s.roles = self.roles.copy()
        s.by_role = self.by_role.copy()
        s.order = self.order.copy()
        s.pos = self.pos.copy()
        s.roles_assigned = self.roles_assigned
        s.hands = [[cards.copy() for cards in hand] for hand in self.hands]
        s.counts = [c.copy() for c in self.counts]
        s.ncards = self.ncards.copy()
        s.active = self.active
        s.played = self.played.copy()
        s.finished = self.finished.copy()
        s.losers = self.losers.copy()
        s.sat_out = self.sat_out.copy()
        s.dealer = self.dealer
        s.direction = self.direction
        s.inverted = self.inverted
        s.trick_values = self.trick_values.copy()
        s.trick = self.trick.copy()
        s.last_trick = self.last_trick
        s.top = self.top
        s.top_player = self.top_player
        s.passes = self.passes
        s.revolution = self.revolution
        s.rev_pending = self.rev_pending.copy()
        s.cancelled_exchange = self.cancelled_exchange
        s.transfers = self.transfers.copy()
        s._seen_transfers = {}
        s.exchange_queue = self.exchange_queue.copy()
        s.phase = self.phase
        s.turn = self.turn
        s.leader = self.leader
        return s

    def __repr__(self) -> str:
        return (
            f"<ClimbingState {self.rules.system} hand {self.hand_no} {self.phase} "
            f"turn={self.turn} scores={self.scores}>"
        )


def observe(state: ClimbingState, seat: int | None) -> ClimbingObservation:
    n = state.rules.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1}")
    phase = state.phase
    turn = None if phase in (OVER, DEAL) else state.turn  # state.current_player()
    if phase == REVOLUTION and seat != turn:
        # Whether to declare is a private decision: others only see that the hand is being set up.
        phase, turn = DEAL, None
    results = state.results
    seen = state._seen_transfers.get(seat)
    if seen is None:
        seen = _transfers_seen(state, seat)
    return make_observation(
        state.rules,
        seat,
        state.hand_no,
        phase,
        turn,
        state.leader if state.phase == PLAY else state.by_role[0],
        tuple(state.roles),
        state.roles_assigned,
        tuple(state.order),
        tuple(state.scores),
        tuple(state.ncards),
        None if seat is None else tuple(reduce(iconcat, state.hands[seat], [])),  # the ranks' lists joined
        state.top,
        state.top_player,
        state.passes,
        tuple(state.trick),
        tuple(state.played),
        tuple(state.finished),
        tuple(state.losers),
        tuple(state.sat_out),
        state.revolution,
        state.cancelled_exchange,
        seen,
        state.cut,
        results[-1] if results else None,
        state.winner,
        state.exchange_queue[0][2] if phase == EXCHANGE and seat == turn else 0,
        state.dealer,
        state.direction,
        state.inverted,
        state.legal_actions() if seat is not None and seat == turn else (),
    )


def _transfers_seen(state: ClimbingState, seat: int | None) -> tuple[SeenTransfer, ...]:
    """The transfers as ``seat`` saw them (``seen_transfer`` of each), kept until the transfers change."""
    seen = tuple([t.shown if seat == t.giver or seat == t.receiver else t.hidden for t in state.transfers])
    state._seen_transfers[seat] = seen
    return seen
