"""The climbing engine's state: the whole truth of a match, changed only by actions.

A state holds a match: hands are dealt, roles, revolutions and the exchange
follow the rules object, tricks are played, and when a hand ends the next one
is dealt from the same seeded generator, until someone reaches the target.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=1)
>>> state.hand_no, state.phase, len(state.hand_of(state.current_player()))
(1, 'play', 14)
>>> state.roles[state.current_player()]  # the Boss leads
0
>>> import random
>>> rng = random.Random(0)
>>> while not state.is_over():
...     state.apply(rng.choice(state.legal_actions()))
>>> max(state.scores) >= 100
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bumtable.cards.french import JOKER, SUIT_LETTERS, Card
from bumtable.errors import IllegalActionError
from bumtable.rules.climbing.movegen import give_plays, turn_plays
from bumtable.rules.climbing.notation import read_set, sequence_shape_ok
from bumtable.rules.climbing.pick import lowest_suited, take_cards
from bumtable.rules.climbing.plays import (
    DECLARE,
    DECLARE_PLAY,
    DECLINE,
    DECLINE_PLAY,
    GIVE,
    PASS,
    PASS_PLAY,
    SEQUENCE,
    SET,
    Play,
)

if TYPE_CHECKING:
    from bumtable.rules.climbing.observation import ClimbingObservation
    from bumtable.rules.climbing.options import ClimbingRules

PLAY = "play"
REVOLUTION = "revolution"
EXCHANGE = "exchange"
OVER = "over"


@dataclass(frozen=True, slots=True)
class HandResult:
    """What a finished hand decided."""

    hand_no: int
    order: tuple[int, ...]
    """Players in the order they went out (the last is the one left holding cards)."""
    points: tuple[int, ...]
    """Points each player scored this hand, by player."""
    roles: tuple[int, ...]
    """Role each player held while playing this hand (after any revolution)."""
    revolution: bool
    cancelled_exchange: bool = False
    """True when the deal cancelled the exchange (the Bum-only variant's Worker case)."""
    last_cards: tuple[int, ...] = ()
    """The cards of the play that ended the hand (so faces can show it after the next deal)."""
    with_roles: bool = True
    """False for a first hand played before anyone had a role (``roles`` then only follow the seats)."""


@dataclass(frozen=True, slots=True)
class Revolution:
    """A revolution declared this hand: who had the Jokers and the roles before it."""

    player: int
    jokers: int
    old_roles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards passed in the exchange."""

    giver: int
    receiver: int
    cards: tuple[int, ...]


class ClimbingState:
    """A match of a climbing game. Create with ``rules.new_state(seed)``; change with :meth:`apply`."""

    __slots__ = (
        "_legal",
        "active",
        "by_role",
        "cancelled_exchange",
        "cut",
        "dealer",
        "direction",
        "exchange_queue",
        "finished",
        "hand_no",
        "hands",
        "history",
        "inverted",
        "last_trick",
        "leader",
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
        "rng",
        "roles",
        "roles_assigned",
        "rules",
        "sat_out",
        "scores",
        "seed",
        "t",
        "top",
        "top_player",
        "transfers",
        "trick",
        "trick_values",
        "turn",
        "winner",
    )

    def __init__(self, rules: ClimbingRules, seed: int, *, _blank: bool = False) -> None:
        self.rules = rules
        self.t = rules.tables
        self.seed = seed
        n = rules.players
        self.history: list[Play] = []
        self.scores = [0] * n
        self.results: list[HandResult] = []
        self.winner: int | None = None
        self.hand_no = 0
        self._legal: list[Play] | None = None
        if _blank:
            return
        self.rng = random.Random(seed)
        self.order = list(range(n))
        if rules.seating == "random":
            self.rng.shuffle(self.order)
        self.cut: list[list[tuple[int, int]]] = []
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
        while True:
            deck = [int(c) for c in self.rules.deck()]
            self.rng.shuffle(deck)
            cut = [(p, deck[i]) for i, p in enumerate(contenders)]
            self.cut.append(cut)
            best = max(rank[c] for _, c in cut)
            contenders = [p for p, c in cut if rank[c] == best]
            if len(contenders) == 1:
                return contenders[0]

    def _start_hand(self) -> None:
        rules, t = self.rules, self.t
        n = rules.players
        self.hand_no += 1
        self.by_role = [0] * n
        for p, r in enumerate(self.roles):
            self.by_role[r] = p
        self._seat_players()
        deck = [int(c) for c in rules.deck()]
        self.rng.shuffle(deck)
        self.hands: list[list[list[int]]] = [[[] for _ in range(t.n_ranks)] for _ in range(n)]
        rank = t.rank_of_code
        # The Bum deals, one card at a time from the player on his left (with role seating, the Boss).
        dealer = self.by_role[n - 1] if self.roles_assigned else self.order[-1]
        self.dealer = dealer
        start = self.pos[dealer] + 1
        order = self.order
        for i, code in enumerate(deck):
            self.hands[order[(start + i) % n]][rank[code]].append(code)
        self.ncards = [sum(len(x) for x in h) for h in self.hands]
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
            self._revolt(candidates[0])
        self._exchange_and_lead()

    def _seat_players(self) -> None:
        """With role seating, players sit in role order; ``pos`` is each player's place at the table."""
        if self.rules.seating == "by-role":
            self.order = self.by_role.copy()
        self.pos = [0] * self.rules.players
        for i, p in enumerate(self.order):
            self.pos[p] = i

    def jokers_held(self, player: int) -> int:
        """Jokers in a player's hand."""
        return sum(1 for cards in self.hands[player] for c in cards if c >= JOKER)

    def _joker_candidates(self, triggers: tuple[tuple[int, int], ...]) -> list[int]:
        """Players whose Jokers meet a trigger, in the order the triggers are listed."""
        out: list[int] = []
        for role, k in triggers:
            p = self.by_role[role]
            if p not in out and self.jokers_held(p) >= k:
                out.append(p)
        return out

    def _revolt(self, player: int) -> None:
        old = tuple(self.roles)
        self.revolution = Revolution(player, self.jokers_held(player), old)
        new = self.rules.revolution_roles
        self.roles = [new[r] for r in old]
        for p, r in enumerate(self.roles):
            self.by_role[r] = p
        self._seat_players()

    def _exchange_and_lead(self) -> None:
        rules = self.rules
        exchange = rules.exchange and self.hand_no > 1
        if exchange and self.revolution is None and self._joker_candidates(rules.exchange_cancel_triggers):
            self.cancelled_exchange = True
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
                self._hand_over(low, high, self._take(low, k, lowest=False))
            self.phase = EXCHANGE
            self.turn = high
            return
        self.phase = PLAY
        self.leader = self.turn = self._first_leader()

    def _hand_over(self, giver: int, receiver: int, cards: list[int]) -> None:
        """Move cards already taken from the giver's hand into the receiver's, and record the transfer."""
        self._give(receiver, cards)
        self.ncards[giver] -= len(cards)
        self.ncards[receiver] += len(cards)
        self.transfers.append(Transfer(giver, receiver, tuple(cards)))

    def _chosen_give(self, play: Play) -> None:
        """The higher role passes the cards it chose; the lower role's best follow as the rules order."""
        hi, lo, k = self.exchange_queue.pop(0)
        high, low = self.by_role[hi], self.by_role[lo]
        hand = self.hands[high]
        down = [lowest_suited(hand[r], self.t) if self.t.bridge else hand[r].pop() for r in play.cards]
        order = self.rules.exchange_order
        up = self._take(low, k, lowest=False) if order == "simultaneous" else []
        self._hand_over(high, low, down)
        if order == "higher-first":
            up = self._take(low, k, lowest=False)
        if order != "lower-first":
            self._hand_over(low, high, up)
        self._run_exchange()

    def _first_leader(self) -> int:
        rules = self.rules
        how = rules.first_leader if self.hand_no == 1 else rules.leader
        if how == "card":
            code = int(Card.parse(rules.lead_card))
            rank = self.t.rank_of_code[code]
            return next(p for p in range(rules.players) if code in self.hands[p][rank])
        if how == "dealer":
            return self.dealer
        if how == "eldest":
            return self.order[(self.pos[self.dealer] + 1) % rules.players]
        return self.by_role[rules.players - 1 if how == "bum" else 0]

    def _take(self, player: int, k: int, *, lowest: bool) -> list[int]:
        hand = self.hands[player]
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
                i -= 1
            if len(taken) == k:
                break
        return taken

    def _give(self, player: int, cards: list[int]) -> None:
        rank = self.t.rank_of_code
        for c in cards:
            self.hands[player][rank[c]].append(c)

    def _exchange_pair(self, high: int, low: int, k: int) -> None:
        """The higher role gives its k lowest cards; the lower role its k highest (keeping Jokers).

        Each side takes from the hand it holds when its turn comes: the side that gives second may pass on
        what it was just given; ``simultaneous`` takes both from the hands as dealt.
        """
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
        self.transfers.append(Transfer(high, low, tuple(down)))
        self.transfers.append(Transfer(low, high, tuple(up)))

    # ------------------------------------------------------------------ queries
    def current_player(self) -> int | None:
        """The player to act, or None when the match is over."""
        return None if self.phase == OVER else self.turn

    def is_over(self) -> bool:
        """True once someone has won the match."""
        return self.phase == OVER

    def outcome(self) -> tuple[int, ...]:
        """Final (or current) scores by player; see :attr:`winner` for who won."""
        return tuple(self.scores)

    def hand_of(self, player: int | None) -> list[Card]:
        """A player's cards, lowest rank first."""
        if player is None:
            return []
        return [Card(c) for cards in self.hands[player] for c in cards]

    def counts_of(self, player: int) -> list[int]:
        """How many cards of each rank index a player holds."""
        return [len(x) for x in self.hands[player]]

    def team_of(self, player: int) -> int:
        """The player's team (partnership rules), else the player's own number."""
        teams = self.rules.teams
        return teams[self.pos[player]] if teams else player

    def role_name(self, player: int) -> str:
        return self.rules.roles[self.roles[player]]

    def legal_actions(self) -> list[Play]:
        """Every action the current player may take (plays that differ only in suit are one)."""
        if self._legal is not None:
            return self._legal
        if self.phase == PLAY:
            hand = self.hands[self.turn]
            counts = [len(x) for x in hand]
            legal = turn_plays(
                counts, self.t, self.top, must_play=self.rules.must_play, hand=hand, inverted=self.inverted
            )
        elif self.phase == REVOLUTION:
            legal = [DECLARE_PLAY, DECLINE_PLAY]
        elif self.phase == EXCHANGE:
            legal = give_plays([len(x) for x in self.hands[self.turn]], self.exchange_queue[0][2])
        else:
            legal = []
        self._legal = legal
        return legal

    def why_illegal(self, action: Play) -> str | None:
        """None if ``action`` is legal now, else the reason in words."""
        if self.phase == OVER:
            return "the match is over"
        text = self.rules.action_text
        if self.phase == REVOLUTION:
            if action.kind in (DECLARE, DECLINE):
                return None
            return "first decide whether to declare the revolution: 'revolution' or 'no-revolution'"
        if action.kind in (DECLARE, DECLINE):
            return "there is no revolution to decide now"
        if self.phase == EXCHANGE:
            k = self.exchange_queue[0][2]
            if action.kind != GIVE:
                return f"first choose {k} card{'s' if k > 1 else ''} to give in the exchange, e.g. 'give 4'"
            if action.size != k:
                return f"give exactly {k} card{'s' if k > 1 else ''}, not {action.size}"
            counts = [len(x) for x in self.hands[self.turn]]
            for r in set(action.cards):
                if counts[r] < action.cards.count(r):
                    return f"you do not hold the cards for {text(action)}"
            return None
        if action.kind == GIVE:
            return "there is nothing to give now: the exchange is over"
        if action.kind == PASS:
            if self.top is None:
                return "the leader must play: you cannot pass when leading a trick"
            if self.rules.must_play and PASS_PLAY not in self.legal_actions():
                return "you can beat the last play, and these rules say you must"
            return None
        if action.kind == SET:
            shape = read_set(self.rules, list(action.cards))
            well_formed = shape is not None and shape[:5] == action[:5]
        else:
            well_formed = sequence_shape_ok(self.rules, action)
        if not well_formed:
            return f"{action} is not a well-formed play"
        hand = self.hands[self.turn]
        counts = [len(x) for x in hand]
        need: dict[int, int] = {}
        for r in action.cards:
            need[r] = need.get(r, 0) + 1
        missing = [self.t.symbols[r] for r, k in need.items() if counts[r] < k]
        if missing:
            return f"you do not hold the cards for {text(action)} (short of {', '.join(missing)})"
        t = self.t
        complex_rules = t.keyed or t.follow_more or self.inverted or bool(t.seq_wilds)
        top = self.top
        if top is not None and not (action.rank == t.wipe and action.size == 1):
            if action.kind != top.kind:
                return f"this trick was led with a {top.kind_name}: play a {top.kind_name} or pass"
            more = t.follow_more and action.size > top.size and (top.kind == SET or action.width == top.width)
            if (action.size != top.size or action.width != top.width) and not more:
                what = f"{top.size} cards" if top.kind == SET else f"{top.length} ranks of {top.width}"
                extra = " (or more)" if t.follow_more else ""
                return f"you must play exactly {what}{extra} to follow {text(top)}, or pass"
            strength, least = t.strength(action), t.strength(top)
            if self.inverted:
                ok = strength < least or (t.equal_ok and strength == least)
            else:
                ok = strength > least or (t.equal_ok and strength == least)
            if not ok:
                how = ("equal or " if t.equal_ok else "") + ("lower" if self.inverted else "higher")
                why = " (the ranking is reversed)" if self.inverted else ""
                return f"{text(action)} does not beat {text(top)}: play {how}{why} or pass"
        if complex_rules and action not in self.legal_actions():
            return self._why_not_held(action)
        return None

    def _why_not_held(self, action: Play) -> str:
        """Why a well-formed play that the hand seems to hold is not among the legal actions."""
        t, text = self.t, self.rules.action_text
        hand = self.hands[self.turn]
        if t.bridge and action.suit < 0 and any(c < JOKER for c in hand[action.rank]):
            suits = sorted({SUIT_LETTERS[c & 3] for c in hand[action.rank] if c < JOKER})
            return f"say which suit decides {text(action)}: you hold {t.symbols[action.rank]} in {', '.join(suits)}"
        if action.suit >= 0 and not all(
            any(c < JOKER and c & 3 == action.suit for c in hand[r])
            for r in set(action.cards)
            if r <= action.rank
        ):
            return f"you do not hold the cards of that suit for {text(action)}"
        if action.kind == SEQUENCE and action.suit < 0 and t.flush != "none" and t.is_natural(action):
            return f"your cards for {text(action)} are all of one suit: write it as a flush (e.g. 3h 4h 5h)"
        if action.kind == SEQUENCE and not t.is_natural(action):
            return f"in {text(action)} a wild card stands for a card you hold: wild cards only fill missing cards"
        return f"{text(action)} cannot be played from your hand now"

    # ------------------------------------------------------------------ change
    def apply(self, action: Play, *, check: bool = True) -> None:
        """Take ``action`` for the current player. Raises :class:`IllegalActionError` with the reason."""
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
            self._revolt(self.turn)
            self._exchange_and_lead()
        elif self.rev_pending:  # DECLINE, and another player also qualifies
            self.turn = self.rev_pending.pop(0)
        else:  # DECLINE
            self._exchange_and_lead()

    def _next_active(self, player: int, *, in_trick: bool = False) -> int:
        """The next player round the table still holding cards (and, ``in_trick``, not sat out)."""
        n = self.rules.players
        i = self.pos[player]
        order, ncards, sat, step = self.order, self.ncards, self.sat_out, self.direction
        for k in range(1, n + 1):
            p = order[(i + k * step) % n]
            if ncards[p] and not (in_trick and sat[p]):
                return p
        return player

    def _play(self, play: Play) -> None:
        p = self.turn
        t = self.t
        codes = take_cards(self.hands[p], play, t)
        self.played.append((p, codes))
        self.trick.append((p, play, codes))
        left = self.ncards[p] - play.size
        self.ncards[p] = left
        wipe = play.rank == t.wipe and play.size == 1
        if left == 0:
            self.active -= 1
            if wipe and self.rules.wipe_last_loses:
                self.losers.append(p)  # out, but in the lowest place still open
                self.scores[p] += t.points[self.rules.players - len(self.losers)]
            else:
                self.finished.append(p)
                self.scores[p] += t.points[len(self.finished) - 1]
            if self.active == 1:
                last = self._next_active(p)
                self.finished.append(last)
                self.scores[last] += t.points[len(self.finished) - 1]
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
            self._end_trick(p)
            return
        if self.rules.four_of_a_value:
            values = self.trick_values
            values.extend([play.rank] * play.size if play.kind == SET else play.cards)
            if len(values) >= 4 and values[-1] == values[-2] == values[-3] == values[-4]:
                self._end_trick(p)
                return
        self.turn = self._next_active(p, in_trick=self.rules.pass_final)
        if self.turn == p:  # everyone else has sat out: the trick is won
            self._end_trick(p)

    def _pass(self) -> None:
        p = self.turn
        self.trick.append((p, PASS_PLAY, ()))
        winner = self.top_player
        if self.rules.pass_final:
            self.sat_out[p] = True
            nxt = self._next_active(p, in_trick=True)
            if nxt in (winner, p):
                self._end_trick(winner)
            else:
                self.turn = nxt
            return
        self.passes += 1
        needed = self.active - (1 if self.ncards[winner] else 0)
        if self.passes >= needed:
            self._end_trick(winner)
        else:
            self.turn = self._next_active(p)

    def _end_trick(self, winner: int) -> None:
        """The trick is won: the winner leads the next, or the next player holding cards if the winner is out."""
        self.last_trick = (self.trick, winner)
        self.trick = []
        self.top = None
        self.passes = 0
        if self.rules.pass_final:
            self.sat_out = [False] * self.rules.players
        if self.trick_values:
            self.trick_values = []
        self.leader = self.turn = winner if self.ncards[winner] else self._next_active(winner)

    def _end_hand(self) -> None:
        rules = self.rules
        n = rules.players
        points = [0] * n
        self.finished.extend(reversed(self.losers))
        for place, p in enumerate(self.finished):
            points[p] = self.t.points[place]
        if rules.teams:  # every member is credited with the team's total
            for p in range(n):
                mates = [q for q in range(n) if self.team_of(q) == self.team_of(p)]
                self.scores[p] += sum(points[q] for q in mates) - points[p]
        self.results.append(
            HandResult(
                self.hand_no,
                tuple(self.finished),
                tuple(points),
                tuple(self.roles),
                self.revolution is not None,
                self.cancelled_exchange,
                self.trick[-1][2],
                self.roles_assigned,
            )
        )
        self.last_trick = (self.trick, self.finished[-2]) if self.trick else self.last_trick
        self.trick = []
        self.top = None
        reached = [p for p in self.finished if rules.target and self.scores[p] >= rules.target]
        if not reached and rules.rounds and self.hand_no >= rules.rounds:
            reached = list(self.finished)  # the last round: the highest total wins, ties to the better finish
            best = max(self.scores)
            self.winner = next(p for p in reached if self.scores[p] == best)
            if rules.rounds_winner == "last-hand":
                self.winner = self.finished[0]
            self.phase = OVER
            return
        if reached:
            if rules.target_winner == "first-to-reach":
                self.winner = reached[0]
            else:
                best = max(self.scores[p] for p in reached)
                self.winner = next(p for p in reached if self.scores[p] == best)
            self.phase = OVER
            return
        for place, p in enumerate(self.finished):
            self.roles[p] = place
        self.roles_assigned = True
        self._start_hand()

    # ------------------------------------------------------------------ views and copies
    def observe(self, seat: int | None) -> ClimbingObservation:
        """What ``seat`` may know (``None``: a spectator). The only view bots and faces get."""
        from bumtable.rules.climbing.observation import observe

        return observe(self, seat)

    def copy(self) -> ClimbingState:
        """An independent copy (the generator's state included)."""
        s = ClimbingState(self.rules, self.seed, _blank=True)
        s.rng = random.Random()
        s.rng.setstate(self.rng.getstate())
        s.history = self.history.copy()
        s.scores = self.scores.copy()
        s.results = self.results.copy()
        s.winner = self.winner
        s.hand_no = self.hand_no
        s.cut = self.cut
        s.roles = self.roles.copy()
        s.by_role = self.by_role.copy()
        s.order = self.order.copy()
        s.pos = self.pos.copy()
        s.roles_assigned = self.roles_assigned
        s.hands = [[cards.copy() for cards in hand] for hand in self.hands]
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
