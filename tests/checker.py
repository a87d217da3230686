"""The shared random-play checker for climbing games: play seeded matches at random and check
every step against the rules, written out here independently of the engine.

:func:`check_random_play` takes any climbing rules object (any preset, any variant, any
player count) and a list of seeds. For each seed it plays random legal actions for a
number of hands and asserts, at every step:

* while the match is on there is a legal action, the player to act holds cards, and
  every legal action is accepted by ``why_illegal``; a leader may not pass;
* card conservation: all hands plus all cards played this hand are the deck, as a multiset,
  and each player's card count is the size of their hand;
* a play beats the top of the trick (same kind, same number of cards, same width, higher);
* the trick and turn order: after a play the next player clockwise still holding cards
  acts; a trick ends exactly when every other player still holding cards has passed in a
  row, and its winner leads (or, if out, the first player to the left with cards);
* going out: a player scores the points table's next entry the moment they go out;
* each hand's points are exactly the points table, the finishing order is a permutation,
  and the scores are the sums of the hands' points;
* the next hand: roles follow the finishing order, the deal gives each role its hand size,
  a revolution happens exactly when a trigger is met (roles then rotate as the rules say),
  and the exchange moves the giver's lowest / the receiver's highest (non-Joker) cards;
* the winner is the first player of the last hand to reach the target;
* ``rules.apply`` returns a new state and never changes (aliases) the one it was given;

and it plays every seed twice, asserting the same seed gives the same record and state.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field

from bumtable import rules as R
from bumtable.rules import GameRecord, Rules, State
from bumtable.rules.climbing.plays import DECLARE, DECLINE, PASS, SEQUENCE, SET

JOKER_CODES = (60, 61, 62)


@dataclass
class Stats:
    """What the checker saw (for tests that want to assert coverage)."""

    hands: int = 0
    actions: int = 0
    matches_over: int = 0
    revolutions: int = 0
    cancelled_exchanges: int = 0
    exchanges: int = 0
    tricks: int = 0
    sequences: int = 0
    wild_sets: int = 0
    out_mid_trick: int = 0
    lead_skips_out_player: int = 0
    first_hand_revolutions: int = 0
    kinds: Counter[str] = field(default_factory=Counter)


def snapshot(state: State) -> tuple[object, ...]:
    """Everything that changes as a match is played, as immutable data."""
    return (
        tuple(tuple(tuple(cards) for cards in hand) for hand in state.hands),
        tuple(state.ncards),
        tuple(state.scores),
        tuple(state.history),
        tuple(state.results),
        tuple(state.roles),
        tuple(state.played),
        tuple(state.finished),
        tuple(state.trick),
        state.top,
        state.turn,
        state.phase,
        state.hand_no,
        state.winner,
        state.rng.getstate(),
    )


def _is_joker(code: int) -> bool:
    return int(code) in JOKER_CODES


class _Referee:
    """Follows one match and checks each step against the rules text."""

    def __init__(self, rules: Rules, stats: Stats) -> None:
        self.rules = rules
        self.n = rules.players
        self.rank = rules.tables.rank_of_code
        self.stats = stats
        self.deck = sorted(int(c) for c in rules.deck())
        self.deal_roles: list[int] = []
        self.declined: tuple[int, ...] = ()

    # ------------------------------------------------------------ helpers
    def clockwise_next(self, state: State, player: int) -> int:
        """The next player to the left still holding cards (seats are in role order)."""
        for k in range(1, self.n + 1):
            role = (state.roles[player] + k) % self.n
            p = state.roles.index(role)
            if state.ncards[p]:
                return p
        raise AssertionError("nobody holds cards")

    # ------------------------------------------------------------ every step
    def check_position(self, state: State, chooser: random.Random) -> list[R.Action]:
        rules = self.rules
        flat = [c for hand in state.hands for cards in hand for c in cards]
        flat.extend(c for _, cs in state.played for c in cs)
        flat.sort()
        assert flat == self.deck, "cards were created or lost: hands + played != deck"
        rank = self.rank
        for p, hand in enumerate(state.hands):
            assert state.ncards[p] == sum(map(len, hand)), f"player {p}'s card count is wrong"
            for r, cards in enumerate(hand):
                for c in cards:
                    assert rank[c] == r, "a card is filed under the wrong rank"
        if state.is_over():
            assert state.current_player() is None
            assert R.legal_actions(state) == []
            return []
        player = state.current_player()
        assert player is not None
        assert state.ncards[player] > 0, "the player to act holds no cards"
        legal = R.legal_actions(state)
        assert legal, "no legal action while the match is on"
        assert len(set(legal)) == len(legal), "a play is listed twice"
        for a in chooser.sample(legal, min(3, len(legal))):
            assert state.why_illegal(a) is None, f"legal action {rules.action_text(a)} is refused"
        if state.phase == "play" and state.top is None:
            assert all(a.kind in (SET, SEQUENCE) for a in legal), "a leader may only play cards"
            assert state.why_illegal(R.Action(PASS)) is not None
        return legal

    def check_step(self, before: State, action: R.Action, after: State) -> None:
        """``after`` is ``before`` with ``action`` taken."""
        rules, stats = self.rules, self.stats
        p = before.current_player()
        assert p is not None
        stats.actions += 1
        stats.kinds[action.kind_name] += 1
        if action.kind in (DECLARE, DECLINE):
            assert before.phase == "revolution"
            if action.kind == DECLARE:
                self.check_deal(after, self.deal_roles, declined=self.declined, declarer=p)
            else:
                self.check_deal(after, self.deal_roles, declined=(*self.declined, p))
            return
        if len(after.results) > len(before.results):
            self.check_hand_end(before, action, after)
            return
        assert after.hand_no == before.hand_no
        top = before.top
        if action.kind == PASS:
            assert top is not None, "the leader passed"
            # Consecutive passes since the last play of this trick, this one included.
            passes = 1
            for _, a, _ in reversed(before.trick):
                if a.kind != PASS:
                    break
                passes += 1
            winner = before.top_player
            others = [q for q in range(self.n) if q != winner and before.ncards[q]]
            assert after.ncards == before.ncards
            if passes == len(others):
                stats.tricks += 1
                assert after.top is None, "every other player holding cards passed but the trick went on"
                leader = winner if before.ncards[winner] else self.clockwise_next(before, winner)
                if not before.ncards[winner] and before.roles[leader] != (before.roles[winner] + 1) % self.n:
                    stats.lead_skips_out_player += 1
                assert after.current_player() == leader, "the wrong player leads the next trick"
            else:
                assert passes < len(others)
                assert after.top == top, "the trick ended before every other player passed"
                assert after.current_player() == self.clockwise_next(before, p)
            return
        # A play.
        assert action.kind in (SET, SEQUENCE)
        if action.kind == SEQUENCE:
            stats.sequences += 1
            ranks = sorted(set(action.cards))
            assert ranks == list(range(ranks[0], ranks[-1] + 1)) and len(ranks) >= rules.sequence_min_ranks
            assert all(action.cards.count(r) == action.width for r in ranks)
        else:
            # A set: at least one natural card of its rank, the rest wild cards that may stand for it.
            index = {sym: i for i, sym in enumerate(rules.rank_order)}
            stands_for = {index[w]: index[top_rank] for w, top_rank in rules.wilds}
            assert action.rank in action.cards and action.size == len(action.cards)
            for c in action.cards:
                assert c == action.rank or action.rank <= stands_for.get(c, -1), (
                    "a wild card out of its range"
                )
            stats.wild_sets += len(set(action.cards)) > 1
        if top is not None:
            assert action.kind == top.kind and action.size == top.size and action.width == top.width
            assert action.rank > top.rank, "a play must be higher than the one it follows"
        assert after.ncards[p] == before.ncards[p] - action.size
        gone = Counter(int(c) for c in before.hand_of(p)) - Counter(int(c) for c in after.hand_of(p))
        assert sorted(self.rank[c] for c in gone.elements()) == sorted(action.cards)
        for q in range(self.n):
            if q != p:
                assert after.ncards[q] == before.ncards[q]
        if after.ncards[p] == 0:
            if top is not None:
                stats.out_mid_trick += 1
            place = len(before.finished)
            assert after.finished == [*before.finished, p]
            assert after.scores[p] == before.scores[p] + rules.points[place], "going out scores at once"
        else:
            assert after.scores == before.scores
        assert after.top == action
        assert after.current_player() == self.clockwise_next(after, p)

    # ------------------------------------------------------------ hands
    def check_hand_end(self, before: State, action: R.Action, after: State) -> None:
        rules, n = self.rules, self.n
        p = before.current_player()
        assert p is not None
        assert action.kind in (SET, SEQUENCE) and before.ncards[p] == action.size
        result = after.results[-1]
        self.stats.hands += 1
        assert len(after.results) == len(before.results) + 1
        assert result.hand_no == before.hand_no
        order = list(result.order)
        assert sorted(order) == list(range(n)), "the finishing order is not a permutation"
        assert order[: len(before.finished)] == before.finished
        assert order[len(before.finished)] == p
        assert len(order) == len(before.finished) + 2, "the hand ends when one player is left"
        assert [result.points[q] for q in order] == list(rules.points), "points are not the table"
        assert list(result.roles) == list(before.roles)
        for q in range(n):  # the two not yet out score now; the others scored when they went out
            gained = 0 if q in before.finished else result.points[q]
            assert after.scores[q] == before.scores[q] + gained
        totals = [sum(r.points[q] for r in after.results) for q in range(n)]
        assert list(after.scores) == totals
        if after.is_over():
            self.stats.matches_over += 1
            reached = [q for q in order if after.scores[q] >= rules.target]
            assert reached, "the match ended but nobody reached the target"
            assert all(after.scores[q] - result.points[q] < rules.target for q in range(n))
            if rules.target_winner == "first-to-reach":
                assert after.winner == reached[0], "the first to reach the target wins"
            else:  # the highest total among those who reached it (ties: the first to reach it)
                best = max(after.scores[q] for q in reached)
                assert after.winner == next(q for q in reached if after.scores[q] == best)
            return
        assert all(s < rules.target for s in after.scores)
        next_roles = [0] * n
        for place, q in enumerate(order):
            next_roles[q] = place
        self.check_deal(after, next_roles)

    def check_deal(
        self, state: State, roles: list[int], *, declined: tuple[int, ...] = (), declarer: int | None = None
    ) -> None:
        """The start of a hand: roles, hand sizes, revolution and exchange.

        ``roles``: each player's role from the last hand's finishing order (or the cut);
        for an optional revolution, ``declined`` lists who chose not to revolt so far and
        ``declarer`` who chose to.
        """
        rules, n, rank = self.rules, self.n, self.rank
        self.deal_roles, self.declined = list(roles), declined
        sizes = rules.hand_sizes()
        received: dict[int, Counter[int]] = {q: Counter() for q in range(n)}
        given: dict[int, Counter[int]] = {q: Counter() for q in range(n)}
        for tr in state.transfers:
            given[tr.giver].update(tr.cards)
            received[tr.receiver].update(tr.cards)
        dealt = {q: Counter(int(c) for c in state.hand_of(q)) + given[q] - received[q] for q in range(n)}
        for q in range(n):
            assert sum(dealt[q].values()) == sizes[roles[q]], "the first players dealt get the extra cards"
        jokers = {roles[q]: sum(k for c, k in dealt[q].items() if _is_joker(c)) for q in range(n)}
        by_old_role = {roles[q]: q for q in range(n)}
        candidates: list[int] = []
        for role, k in rules.revolution_triggers:
            if jokers[role] >= k and by_old_role[role] not in candidates:
                candidates.append(by_old_role[role])
        cancel = [role for role, k in rules.exchange_cancel_triggers if jokers[role] >= k]
        if rules.revolution_declare == "optional":
            # Each player dealt a trigger decides in turn, until one declares.
            assert list(declined) == candidates[: len(declined)]
            if state.phase == "revolution":
                assert declarer is None and len(declined) < len(candidates)
                assert state.current_player() == candidates[len(declined)], "the Joker holder decides"
                assert list(state.roles) == roles and not state.transfers
                return
            revolter = declarer
            assert declarer is not None or len(declined) == len(candidates), "a revolution was not offered"
        else:
            revolter = candidates[0] if candidates else None
        if revolter is not None:
            self.stats.revolutions += 1
            if state.hand_no == 1:
                self.stats.first_hand_revolutions += 1
            assert state.revolution is not None, "a revolution trigger was dealt but nothing happened"
            assert state.revolution.player == revolter
            assert state.revolution.jokers == jokers[roles[revolter]], "the revolution reveals the Jokers"
            assert list(state.revolution.old_roles) == roles
            roles = [rules.revolution_roles[r] for r in roles]
        else:
            assert state.revolution is None, "a revolution without its Jokers, or one declined"
        assert list(state.roles) == roles, "roles for the next hand do not follow the finishing order"
        assert state.current_player() == roles.index(0), "the Boss leads"
        exchange = state.hand_no > 1 and rules.exchange
        cancelled = exchange and state.revolution is None and bool(cancel)
        assert state.cancelled_exchange == cancelled
        self.stats.cancelled_exchanges += cancelled
        if not exchange or cancelled:
            assert not state.transfers, "no exchange this hand"
            return
        self.stats.exchanges += 1
        assert len(state.transfers) == 2 * len(rules.exchange_pairs)
        for (hi_role, lo_role, k), down, up in zip(
            rules.exchange_pairs, state.transfers[0::2], state.transfers[1::2], strict=True
        ):
            hi, lo = roles.index(hi_role), roles.index(lo_role)
            assert (down.giver, down.receiver, up.giver, up.receiver) == (hi, lo, lo, hi)
            assert len(down.cards) == len(up.cards) == k
            hi_dealt, lo_dealt = dealt[hi], dealt[lo]
            # The higher role gives its k lowest cards.
            kept = hi_dealt - Counter(down.cards)
            assert max(rank[c] for c in down.cards) <= min(rank[c] for c in kept.elements())
            # The lower role (having received them) gives its k highest, keeping Jokers.
            pool = lo_dealt + Counter(down.cards) if rules.exchange_order == "higher-first" else lo_dealt
            kept = pool - Counter(up.cards)
            if rules.exchange_keep_jokers:
                assert not any(_is_joker(c) for c in up.cards) or all(_is_joker(c) for c in pool.elements())
                rest = [rank[c] for c in kept.elements() if not _is_joker(c)]
            else:
                rest = [rank[c] for c in kept.elements()]
            assert min(rank[c] for c in up.cards) >= max(rest, default=-1)


def play_match(
    rules: Rules,
    seed: int,
    *,
    hands: int,
    stats: Stats | None = None,
    check: bool = True,
    max_actions: int = 200000,
) -> State:
    """Play random legal actions from ``rules.new_state(seed)`` for ``hands`` hands (or to the end)."""
    stats = Stats() if stats is None else stats
    chooser = random.Random(seed * 7919 + 17)
    checks = random.Random(seed)
    state = rules.new_state(seed)
    referee = _Referee(rules, stats)
    if check:
        assert state.hand_no == 1 and not state.results
        assert not state.transfers, "the first hand has no exchange"
        boss = state.roles.index(0) if state.revolution is None else state.revolution.old_roles.index(0)
        last_cut = state.cut[-1]
        best = max(rules.tables.rank_of_code[c] for _, c in last_cut)
        assert [p for p, c in last_cut if rules.tables.rank_of_code[c] == best] == [boss], "cut for Boss"
        cut_roles = [(p - boss) % rules.players for p in range(rules.players)]
        referee.check_deal(state, cut_roles)
    for _ in range(max_actions):
        if state.is_over() or len(state.results) >= hands:
            break
        legal = referee.check_position(state, checks) if check else R.legal_actions(state)
        action = legal[chooser.randrange(len(legal))]
        if not check:  # in place: the copy-and-apply run must reach the very same state
            state.apply(action)
            continue
        snap = snapshot(state)
        after = R.apply(state, action)
        assert snapshot(state) == snap, "apply() changed the state it was given"
        referee.check_step(state, action, after)
        state = after
    else:
        raise AssertionError(f"seed {seed}: the match did not finish {hands} hands in {max_actions} actions")
    if check:
        referee.check_position(state, checks)
    return state


def check_random_play(rules: Rules, seeds: list[int] | range, *, hands: int = 10) -> Stats:
    """Play each seed at random for ``hands`` hands, checking every step; then replay and compare."""
    stats = Stats()
    for seed in seeds:
        state = play_match(rules, seed, hands=hands, stats=stats)
        again = play_match(rules, seed, hands=hands, check=False)
        assert GameRecord.of(state) == GameRecord.of(again), f"seed {seed} played twice differs"
        assert snapshot(state) == snapshot(again), f"seed {seed} played twice ends in different states"
        assert len(state.results) == hands or state.is_over()
    return stats
