"""The shared random-play checker for climbing games: play seeded matches at random and check
every step against the rules, written out here independently of the engine.

:func:`check_random_play` takes any climbing rules object (any preset, any variant, any option
combination, any player count) and a list of seeds. For each seed it plays random legal actions for
a number of hands and asserts, at every step, the rules as the options document them
(``bumtable/rules/climbing/rules.py``), restated here rather than taken from the engine:

* while the match is on there is a legal action, the player to act holds cards, every legal action
  (a sample) is accepted by ``why_illegal`` and is well formed; a leader may only play cards; a single
  of every rank held may be led; with ``must_play`` a follower who can beat the top may not pass (for
  sets, checked against an enumeration of the hand's own sets);
* card conservation: all hands plus all cards played this hand are the deck, as a multiset; each
  player's card count is the size of their hand and cards are filed under their rank;
* a play: sets hold a natural card of their rank, wild cards only within their range, at most
  ``max_set_size`` cards, the wipe card alone; sequences are consecutive ranks no higher than
  ``sequence_top``, of the right length and width (multiple sequences: ``multi_sequence_*``), wild
  cards (``sequence_wilds``) only filling ranks the hand lacked; the cards taken from the hand are the
  play's; where suits matter, Bridge suits name the play by its deciding card (the highest-suited
  natural card of its rank), a flush's cards are all of its suit and a mixed sequence really mixes;
* following: the same kind and number of cards (or more with ``follow_more``), higher by the rules'
  own comparison (flush, rank, flush tie-break, natural over wild, deciding suit), lower while the
  ranking is reversed, equal allowed with ``follow="equal-or-higher"``; the wipe card goes on anything;
* the turn: after a play or a pass the next player round the table in the current direction who still
  holds cards (and, with ``pass_final``, has not passed this trick; with ``wipe_after_pass`` also one who
  did but holds the wipe card and has not passed since the last play, offered only the wipe card or a
  pass) acts; a play of ``reverse_card``
  turns the direction and/or the ranking as ``reverses`` says, for the rest of the hand;
* a trick ends exactly when every other player holding cards has passed (in a row, or with
  ``pass_final`` at all this trick), when the wipe card is played, or when the top four cards share a
  value (``four_of_a_value``); its winner leads, or if out the next player holding cards;
* going out: the next place's points at once; on the wipe card with ``wipe_last_loses``, the lowest
  place still open; the hand ends when one player holds cards, and its finishing order, points (the
  points table by place), team credit (``teams``: every member gets the team's sum) and scores (the
  sums of the hands) are checked;
* the next hand: the dealer (the last Bum, or the last seat while there are no roles), the hand sizes
  from the dealer's left, the seating (``by-role``, ``fixed`` or ``random`` then fixed), revolutions
  exactly when a trigger is met, the exchange pair by pair (``lowest`` or ``choice``, the lower role's
  best cards, Jokers and ``exchange_low_keeps`` kept as the rules say, in ``exchange_order``), and the
  first leader (``boss``/``bum``/``card``/``dealer``/``eldest``);
* the end of the match: the target (first to reach it, or the highest total among those who did) or
  the rounds (the highest total, or the top of the last hand);
* ``rules.apply`` returns a new state and never changes (aliases) the one it was given;

and it plays every seed twice (copying and in place), asserting the same seed gives the same record
and state, and that ``GameRecord.of(state).replay()`` reproduces the state.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from bumtable import rules as R
from bumtable.cards import Card
from bumtable.rules import GameRecord, Rules, State
from bumtable.rules.climbing.plays import DECLARE, DECLINE, GIVE, PASS, SEQUENCE, SET, Play
from bumtable.rules.climbing.state import Transfer

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
    multi_sequences: int = 0
    """Sequences of two or more cards per rank."""
    wild_sequences: int = 0
    """Sequences with a wild card filling a missing card."""
    flushes: int = 0
    mixed_sequences: int = 0
    """Single natural sequences under a flush rule that mix suits."""
    suited_plays: int = 0
    """Plays named by a deciding suit (Bridge suit ranking)."""
    tie_breaks: Counter[str] = field(default_factory=Counter)
    """Follows of the same rank that won on a tie-break, by which: flush, natural (over wild), suit."""
    flush_over_higher: int = 0
    """Flushes that beat a mixed sequence of higher rank (``flush_beats="any"``)."""
    equal_follows: int = 0
    follow_more: int = 0
    """Follows with more cards than the play on top."""
    reversals: int = 0
    """Plays that turned the direction of play."""
    ranking_flips: int = 0
    inverted_follows: int = 0
    """Follows made while the ranking was reversed."""
    wipes: int = 0
    wipe_losers: int = 0
    four_of_a_value: int = 0
    sat_out_skips: int = 0
    """Turns that skipped a player holding cards who had passed this trick (``pass_final``)."""
    comebacks: int = 0
    """Turns given back to a player who passed this trick, for the wipe card (``wipe_after_pass``)."""
    forced_plays: int = 0
    """Positions where ``must_play`` took away the pass."""
    chosen_exchanges: int = 0
    team_hands: int = 0
    rounds_ended: int = 0
    """Matches ended by the number of rounds."""
    leaders: Counter[str] = field(default_factory=Counter)
    """How each hand's first leader was chosen (boss, bum, card, dealer, eldest)."""


def snapshot(state: State) -> tuple[object, ...]:
    """Everything that changes as a match is played, as immutable data."""
    return (
        tuple(tuple(tuple(cards) for cards in hand) for hand in state.hands),
        tuple(state.ncards),
        tuple(state.scores),
        tuple(state.history),
        tuple(state.results),
        tuple(state.roles),
        tuple(state.order),
        tuple(state.played),
        tuple(state.finished),
        tuple(state.losers),
        tuple(state.sat_out),
        tuple(state.trick),
        tuple(state.transfers),
        state.top,
        state.turn,
        state.phase,
        state.hand_no,
        state.winner,
        state.dealer,
        state.direction,
        state.inverted,
        state.chance.rng.getstate(),
    )


def _is_joker(code: int) -> bool:
    return int(code) in JOKER_CODES


def _cards(state: State, player: int) -> Counter[int]:
    return Counter(c for cards in state.hands[player] for c in cards)


class _Referee:
    """Follows one match and checks each step against the rules text."""

    def __init__(self, rules: Rules, stats: Stats) -> None:
        self.rules = rules
        self.n = n = rules.players
        self.rank = rules.tables.rank_of_code
        self.stats = stats
        self.deck = sorted(int(c) for c in rules.deck())
        index = {sym: i for i, sym in enumerate(rules.rank_order)}
        self.wild_top = {index[w]: index[top] for w, top in rules.wilds}
        """Wild rank -> the highest rank it may stand for in a set."""
        self.seq_wilds = frozenset(index[w] for w in rules.sequence_wilds)
        self.seq_top = index[rules.sequence_top]
        self.wipe = index[rules.wipe_card] if rules.wipe_card else -1
        self.reverse = index[rules.reverse_card] if rules.reverse_card else -1
        self.low_keeps = frozenset(index[k] for k in rules.exchange_low_keeps)
        self.bridge = bool(rules.suit_order)
        self.suit_strength = [rules.suit_order.index(ch) if rules.suit_order else 0 for ch in "cdhs"]
        self.flush = rules.flush_beats
        self.keyed = self.bridge or self.flush != "none" or rules.natural_beats_wild
        self.max_set = rules.max_set_size or 1 << 20
        self.max_width = rules.sequence_max_width or 1 << 20
        self.multi_min_ranks = max(rules.multi_sequence_min_ranks or rules.sequence_min_ranks, 2)
        self.seats: list[int] = list(range(n))
        """The seating order (players, clockwise) for ``fixed`` and ``random`` seating."""
        # The deal.
        self.deal_roles: list[int] = []
        self.declined: tuple[int, ...] = ()
        self.assigned = True
        self.dealer = -1
        # The exchange: pairs still to trade, the hands as the checker expects them, transfers checked.
        self.pending: list[tuple[int, int, int]] = []
        self.sim: list[Counter[int]] = []
        self.checked = 0
        self.awaiting = False
        # The hand in play.
        self.direction = 1
        self.inverted = False
        self.finished: list[int] = []
        self.losers: list[int] = []
        self.passed: list[int] = []
        self.sat: set[int] = set()
        self.values: list[int] = []
        self.top_key: tuple[int, ...] | None = None
        self.top_player = -1
        self.hand_scores: list[int] = [0] * n

    # ------------------------------------------------------------ helpers
    def seats_now(self, state: State) -> list[int]:
        """Players in clockwise order: by role with ``by-role`` seating, else the match's seating."""
        if self.rules.seating == "by-role":
            return [state.roles.index(r) for r in range(self.n)]
        return self.seats

    def next_player(
        self, state: State, player: int, *, skip: set[int] | frozenset[int] = frozenset()
    ) -> int | None:
        """The next player after ``player`` in the current direction holding cards and not in ``skip``."""
        seats = self.seats_now(state)
        i = seats.index(player)
        for k in range(1, self.n):
            q = seats[(i + k * self.direction) % self.n]
            if state.ncards[q] and q not in skip:
                return q
        return None

    def sitting(self, state: State) -> set[int]:
        """Players skipped for the rest of the trick: those who passed (``pass_final``), except, with
        ``wipe_after_pass``, those holding the wipe card who have not passed since the last play."""
        if not self.rules.wipe_after_pass:
            return self.sat
        return {
            q
            for q in self.sat
            if q in self.passed or self.wipe not in Counter(self.rank[c] for c in _cards(state, q))
        }

    def team(self, player: int) -> int:
        return self.rules.teams[self.seats.index(player)] if self.rules.teams else player

    def gains(self, points: tuple[int, ...] | list[int]) -> list[int]:
        """What each player's score gains from a hand's points: the team's sum with partnerships."""
        if not self.rules.teams:
            return list(points)
        total: Counter[int] = Counter()
        for q in range(self.n):
            total[self.team(q)] += points[q]
        return [total[self.team(q)] for q in range(self.n)]

    def card_key(self, code: int) -> tuple[int, int]:
        """How good a card is to hold: its rank, then (Bridge suits) its suit."""
        suit = self.suit_strength[code & 3] if self.bridge and not _is_joker(code) else 0
        return (self.rank[code], suit)

    def natural(self, play: Play, codes: tuple[int, ...]) -> bool:
        """No wild card stands in for another rank."""
        rank = self.rank
        if play.kind == SET:
            return all(rank[c] == play.rank for c in codes)
        lo = play.rank - play.size // play.width + 1
        return all(lo <= rank[c] <= play.rank for c in codes)

    def is_flush(self, play: Play, codes: tuple[int, ...]) -> bool:
        return (
            self.flush != "none"
            and play.kind == SEQUENCE
            and play.width == 1
            and self.natural(play, codes)
            and len({c & 3 for c in codes}) == 1
        )

    def deciding_suit(self, play: Play, codes: tuple[int, ...]) -> int:
        """Bridge suits: the suit of the highest-suited natural card of the play's (top) rank, or -1."""
        suits = [c & 3 for c in codes if not _is_joker(c) and self.rank[c] == play.rank]
        return max(suits, key=lambda s: self.suit_strength[s]) if suits else -1

    def key(self, play: Play, codes: tuple[int, ...]) -> tuple[int, ...]:
        """A play's strength against plays of its shape, restated from the options' text."""
        flush = self.is_flush(play, codes)
        natural = self.rules.natural_beats_wild and self.natural(play, codes)
        suit = self.deciding_suit(play, codes) if self.bridge else -1
        return (
            int(flush and self.flush == "any"),
            play.rank,
            int(flush and self.flush == "equal"),
            int(natural),
            self.suit_strength[suit] + 1 if suit >= 0 else 0,
        )

    def beats(self, new: tuple[int, ...], old: tuple[int, ...]) -> bool:
        equal_ok = self.rules.follow == "equal-or-higher"
        if self.inverted:
            return new < old or (equal_ok and new == old)
        return new > old or (equal_ok and new == old)

    def is_wipe(self, play: Play) -> bool:
        return play.kind == SET and self.wipe >= 0 and play.cards == (self.wipe,)

    # ------------------------------------------------------------ plays
    def check_shape(self, play: Play, counts: list[int]) -> None:
        """A well-formed set or sequence that the hand (``counts`` by rank) holds."""
        rules = self.rules
        cards = play.cards
        assert list(cards) == sorted(cards) and len(cards) == play.size > 0, f"malformed {play}"
        held = Counter(cards)
        assert all(counts[r] >= k for r, k in held.items()), "a play of cards the player does not hold"
        if play.kind == SET:
            assert play.width == play.size
            if self.wipe in held:
                assert cards == (self.wipe,), "the wipe card is played alone"
                return
            assert play.rank in held, "a set needs a natural card of its rank"
            assert play.size <= self.max_set, "a set larger than max_set_size"
            for c in held:
                assert c == play.rank or play.rank <= self.wild_top.get(c, -1), "a wild card out of its range"
            return
        assert play.kind == SEQUENCE and rules.sequences, "a sequence where the rules have none"
        w = play.width
        length = play.size // w
        assert play.size == w * length and 1 <= w <= self.max_width, "a sequence of the wrong width"
        lo, hi = play.rank - length + 1, play.rank
        assert lo >= 0 and hi <= self.seq_top, "a sequence above sequence_top"
        if w == 1:
            assert length >= rules.sequence_min_ranks, "a sequence too short"
        else:
            assert length >= self.multi_min_ranks and play.size >= rules.multi_sequence_min_cards
        fillers = [c for c in cards if not lo <= c <= hi]
        assert all(c in self.seq_wilds for c in fillers), (
            "a sequence card neither in the run nor a wild filler"
        )
        assert all(held[x] <= w for x in range(lo, hi + 1)), "too many cards of a rank in a sequence"
        assert len(cards) > len(fillers), "a sequence of wild cards only"
        if fillers:
            for x in range(lo, hi + 1):
                assert held[x] == min(w, counts[x]), "a wild card stands for a card the player holds"

    def check_suits(self, play: Play, codes: tuple[int, ...]) -> None:
        """The cards taken match the play where suits matter; elsewhere plays carry no suit."""
        stats = self.stats
        if self.bridge:
            assert play.suit == self.deciding_suit(play, codes), "the play is not named by its deciding card"
            stats.suited_plays += play.suit >= 0
        elif self.flush != "none" and play.kind == SEQUENCE and play.width == 1 and self.natural(play, codes):
            suits = {c & 3 for c in codes}
            if play.suit >= 0:
                assert suits == {play.suit}, "a flush with a card of another suit"
                stats.flushes += 1
            else:
                assert len(suits) >= 2, "a mixed sequence all of one suit"
                stats.mixed_sequences += 1
        else:
            assert play.suit == -1, "a suit on a play whose suits do not matter"

    def set_follows(self, counts: list[int], top: Play) -> set[tuple[int, ...]]:
        """Every set (by cards) of the top's size from this hand that beats it by rank (no tie-breaks)."""
        held = [r for r in range(len(counts)) if counts[r] and r != self.wipe]
        out: set[tuple[int, ...]] = set()
        equal_ok = self.rules.follow == "equal-or-higher"
        for combo in combinations_with_replacement(held, top.size):
            have = Counter(combo)
            if any(have[r] > counts[r] for r in have):
                continue
            # Read at the highest natural rank the other cards may all stand for.
            for r in sorted(have, reverse=True):
                if all(c == r or r <= self.wild_top.get(c, -1) for c in have):
                    higher = r < top.rank if self.inverted else r > top.rank
                    if higher or (equal_ok and r == top.rank):
                        out.add(combo)
                    break
        return out

    # ------------------------------------------------------------ every position
    def check_position(self, state: State, chooser: random.Random) -> list[Play]:
        rules, n = self.rules, self.n
        flat = [c for hand in state.hands for cards in hand for c in cards]
        flat.extend(c for _, cs in state.played for c in cs)
        flat.sort()
        assert flat == self.deck, "cards were created or lost: hands + played != deck"
        for p, hand in enumerate(state.hands):
            assert state.ncards[p] == sum(map(len, hand)), f"player {p}'s card count is wrong"
        assert list(state.order) == self.seats_now(state), "players are not seated as the rules say"
        if rules.teams:
            assert [state.team_of(q) for q in range(n)] == [self.team(q) for q in range(n)]
        if state.is_over():
            assert state.current_player() is None
            assert R.legal_actions(state) == ()
            return []
        player = state.current_player()
        assert player is not None
        assert state.ncards[player] > 0, "the player to act holds no cards"
        legal = R.legal_actions(state)
        assert legal, "no legal action while the match is on"
        assert len(set(legal)) == len(legal), "a play is listed twice"
        for a in chooser.sample(legal, min(3, len(legal))):
            assert state.why_illegal(a) is None, f"legal action {rules.action_text(a)} is refused"
        if state.phase == "revolution":
            assert sorted(a.kind for a in legal) == [DECLARE, DECLINE]
            return legal
        if state.phase == "exchange":
            assert all(a.kind == GIVE for a in legal)
            return legal
        assert state.phase == "play"
        counts = state.counts_of(player)
        plays = [a for a in legal if a.kind != PASS]
        for a in chooser.sample(plays, min(2, len(plays))):
            self.check_shape(a, counts)
        top = state.top
        assert (top is None) == (self.top_key is None), "the checker and the engine disagree on the trick"
        if top is None:
            assert all(a.kind in (SET, SEQUENCE) for a in legal), "a leader may only play cards"
            assert state.why_illegal(Play(PASS)) is not None, "the leader may pass"
            singles = {a.cards for a in legal if a.size == 1}
            assert singles == {(r,) for r in range(len(counts)) if counts[r]}, "a single card may be led"
            return legal
        can_pass = Play(PASS) in legal
        if player in self.sat:  # back in a trick it passed: the wipe card alone, or pass
            assert rules.wipe_after_pass, "a player who passed this trick is asked to play"
            assert set(legal) == {Play(PASS)} | {a for a in plays if self.is_wipe(a)} and any(
                map(self.is_wipe, plays)
            )
            self.stats.comebacks += 1
            return legal
        if (
            not self.keyed
            and not rules.follow_more
            and top.kind == SET
            and top.size <= 3
            and chooser.random() < 0.2
        ):
            # The hand's own sets that beat the top, enumerated here: exactly the legal sets.
            mine = self.set_follows(counts, top)
            assert {a.cards for a in plays if not self.is_wipe(a)} == mine, (
                "the legal follows are not the sets"
            )
        if rules.must_play:
            beat = any(not self.is_wipe(a) for a in plays)
            assert can_pass == (not beat), "must_play: a pass while able to beat, or no pass while unable"
            self.stats.forced_plays += not can_pass
        else:
            assert can_pass, "a follower may always pass"
        return legal

    # ------------------------------------------------------------ every step
    def check_step(self, before: State, action: Play, after: State) -> None:
        """``after`` is ``before`` with ``action`` taken."""
        stats = self.stats
        p = before.current_player()
        assert p is not None
        stats.actions += 1
        stats.kinds[action.kind_name] += 1
        if action.kind in (DECLARE, DECLINE):
            assert before.phase == "revolution"
            if action.kind == DECLARE:
                self.check_deal(after, self.deal_roles, assigned=True, declined=self.declined, declarer=p)
            else:
                self.check_deal(after, self.deal_roles, assigned=True, declined=(*self.declined, p))
            return
        if action.kind == GIVE:
            self.check_give(before, action, after)
            return
        assert before.phase == "play"
        assert after.hand_no == before.hand_no or len(after.results) > len(before.results)
        if action.kind == PASS:
            self.check_pass(before, after)
        else:
            self.check_play(before, action, after)

    def check_pass(self, before: State, after: State) -> None:
        rules, stats = self.rules, self.stats
        p = before.current_player()
        assert p is not None
        assert self.top_key is not None, "the leader passed"
        assert after.ncards == before.ncards and after.scores == before.scores
        self.passed.append(p)
        if rules.pass_final:
            self.sat.add(p)
        winner = self.top_player
        others = [q for q in range(self.n) if q != winner and before.ncards[q]]
        done = self.sitting(after) if rules.pass_final else set(self.passed)
        if all(q in done for q in others):
            leader = winner if before.ncards[winner] else self.next_player(before, winner)
            assert leader is not None
            if not before.ncards[winner]:
                seats = self.seats_now(before)
                if seats[(seats.index(winner) + self.direction) % self.n] != leader:
                    stats.lead_skips_out_player += 1
            self.end_trick(after, leader, "every other player holding cards passed but the trick went on")
            return
        skip = self.sitting(after) if rules.pass_final else set()
        expected = self.next_player(before, p, skip=skip)
        assert expected is not None
        if rules.pass_final and expected != self.next_player(before, p):
            stats.sat_out_skips += 1
        assert after.top == before.top, "the trick ended before every other player passed"
        assert after.current_player() == expected, "the turn did not pass to the next player in the trick"
        self.check_trick_fields(after)

    def check_play(self, before: State, action: Play, after: State) -> None:
        rules, stats = self.rules, self.stats
        p = before.current_player()
        assert p is not None
        assert action.kind in (SET, SEQUENCE)
        counts = before.counts_of(p)
        self.check_shape(action, counts)
        ended = len(after.results) > len(before.results)
        if ended:  # the last play of the hand: the player's whole hand
            gone = Counter(int(c) for c in after.results[-1].last_cards)
            assert gone == _cards(before, p), "the hand ended but the player still holds cards"
        else:
            gone = _cards(before, p) - _cards(after, p)
        codes = tuple(sorted(gone.elements()))
        assert len(codes) == action.size, "the play took the wrong number of cards"
        assert sorted(self.rank[c] for c in codes) == list(action.cards), "the cards taken are not the play's"
        self.check_suits(action, codes)
        if action.kind == SEQUENCE:
            stats.sequences += 1
            stats.multi_sequences += action.width > 1
            stats.wild_sequences += action.cards[-1] > action.rank
        else:
            stats.wild_sets += len(set(action.cards)) > 1
        key = self.key(action, codes)
        wipe = self.is_wipe(action)
        stats.wipes += wipe
        top = before.top
        if top is not None and not wipe:
            assert self.top_key is not None
            assert action.kind == top.kind, "a follow of another kind"
            same = action.size == top.size and action.width == top.width
            more = (
                rules.follow_more
                and action.size > top.size
                and (top.kind == SET or action.width == top.width)
            )
            assert same or more, "a follow with the wrong number of cards"
            stats.follow_more += more
            assert self.beats(key, self.top_key), "the follow does not beat the play on top"
            stats.inverted_follows += self.inverted
            stats.equal_follows += key == self.top_key
            if action.rank == top.rank and key != self.top_key:
                which = next(i for i in (0, 2, 3, 4) if key[i] != self.top_key[i])
                stats.tie_breaks[("flush", "", "flush", "natural", "suit")[which]] += 1
            stats.flush_over_higher += key[0] > self.top_key[0] and action.rank < top.rank
        if ended:
            self.check_hand_end(before, action, after, codes)
            return
        assert after.ncards[p] == before.ncards[p] - action.size
        for q in range(self.n):
            if q != p:
                assert after.ncards[q] == before.ncards[q]
        left = after.ncards[p]
        assert sum(1 for k in after.ncards if k) >= 2, "the hand went on with one player holding cards"
        assert Counter(after.played[-1][1]) == gone and after.played[-1][0] == p
        gained = 0
        if left == 0:
            if top is not None:
                stats.out_mid_trick += 1
            if wipe and rules.wipe_last_loses:
                self.losers.append(p)
                gained = rules.points[self.n - len(self.losers)]
                stats.wipe_losers += 1
            else:
                self.finished.append(p)
                gained = rules.points[len(self.finished) - 1]
        for q in range(self.n):
            assert after.scores[q] == before.scores[q] + (gained if q == p else 0), "going out scores at once"
        if self.reverse >= 0 and self.reverse in action.cards:
            if rules.reverses in ("direction", "both"):
                self.direction = -self.direction
                stats.reversals += 1
            if rules.reverses in ("ranking", "both"):
                self.inverted = not self.inverted
                stats.ranking_flips += 1
        self.top_key, self.top_player = key, p
        self.passed = []
        leader = p if left else self.next_player(after, p)
        if wipe:
            assert leader is not None
            self.end_trick(after, leader, "the wipe card did not win the trick")
            return
        if rules.four_of_a_value:
            self.values.extend([action.rank] * action.size if action.kind == SET else action.cards)
            if len(self.values) >= 4 and len(set(self.values[-4:])) == 1:
                assert leader is not None
                stats.four_of_a_value += 1
                self.end_trick(after, leader, "four cards of a value did not end the trick")
                return
        nxt = self.next_player(after, p, skip=self.sitting(after) if rules.pass_final else set())
        if nxt is None:  # everyone else holding cards sat out: the trick is won
            assert rules.pass_final and leader is not None
            self.end_trick(after, leader, "everyone else had passed, but the trick went on")
            return
        if rules.pass_final and nxt != self.next_player(after, p):
            stats.sat_out_skips += 1
        assert after.top == action and after.top_player == p
        assert after.current_player() == nxt, "after a play the next player in turn did not act"
        self.check_trick_fields(after)

    def end_trick(self, after: State, leader: int, why: str) -> None:
        self.stats.tricks += 1
        assert after.top is None, why
        assert after.current_player() == leader, "the wrong player leads the next trick"
        self.passed, self.sat, self.values = [], set(), []
        self.top_key, self.top_player = None, -1
        self.check_trick_fields(after)

    def check_trick_fields(self, after: State) -> None:
        assert after.direction == self.direction, "the direction of play is not as the reversals say"
        assert after.inverted == self.inverted, "the ranking is not as the reversals say"
        assert list(after.sat_out) == [q in self.sat for q in range(self.n)], "the wrong players sit out"
        assert after.finished == self.finished and after.losers == self.losers

    # ------------------------------------------------------------ hands
    def check_hand_end(self, before: State, action: Play, after: State, codes: tuple[int, ...]) -> None:
        rules, n, stats = self.rules, self.n, self.stats
        p = before.current_player()
        assert p is not None
        holders = [q for q in range(n) if q != p and before.ncards[q]]
        assert before.ncards[p] == action.size and len(holders) == 1, "the hand ended too soon"
        finished, losers = list(self.finished), list(self.losers)
        if self.is_wipe(action) and rules.wipe_last_loses:
            losers.append(p)
            stats.wipe_losers += 1
        else:
            finished.append(p)
        order = finished + holders + losers[::-1]
        result = after.results[-1]
        stats.hands += 1
        stats.team_hands += bool(rules.teams)
        assert len(after.results) == len(before.results) + 1
        assert result.hand_no == before.hand_no
        assert list(result.order) == order, "the finishing order is wrong"
        assert [result.points[q] for q in order] == list(rules.points), "points are not the table"
        assert list(result.roles) == list(before.roles)
        assert result.revolution == (before.revolution is not None)
        assert result.cancelled_exchange == before.cancelled_exchange
        assert Counter(result.last_cards) == Counter(codes)
        if hasattr(result, "with_roles"):
            assert result.with_roles == self.assigned
        gains = self.gains(result.points)
        for q in range(n):
            assert after.scores[q] == self.hand_scores[q] + gains[q], "a hand's points are not credited"
        totals = [0] * n
        for r in after.results:
            for q, g in enumerate(self.gains(r.points)):
                totals[q] += g
        assert list(after.scores) == totals, "scores are not the sums of the hands"
        reached = [q for q in order if rules.target and after.scores[q] >= rules.target]
        winner: int | None = None
        if reached:
            if rules.target_winner == "first-to-reach":
                winner = reached[0]
            else:  # the highest total among those who reached it (ties: the first of them to finish)
                best = max(after.scores[q] for q in reached)
                winner = next(q for q in reached if after.scores[q] == best)
        elif rules.rounds and result.hand_no >= rules.rounds:
            stats.rounds_ended += 1
            if rules.rounds_winner == "last-hand":
                winner = order[0]
            else:  # the highest total, ties to the better finish in the last hand
                best = max(after.scores)
                winner = next(q for q in order if after.scores[q] == best)
        if winner is not None:
            stats.matches_over += 1
            assert after.is_over(), "the match should have ended"
            assert after.winner == winner, "the wrong player won the match"
            return
        assert not after.is_over(), "the match ended early"
        assert after.hand_no == before.hand_no + 1
        next_roles = [0] * n
        for place, q in enumerate(order):
            next_roles[q] = place
        self.check_deal(after, next_roles, assigned=True)

    def check_deal(
        self,
        state: State,
        roles: list[int],
        *,
        assigned: bool,
        declined: tuple[int, ...] = (),
        declarer: int | None = None,
    ) -> None:
        """The start of a hand: dealer, hand sizes, revolution, then the exchange.

        ``roles``: each player's role from the last hand's finishing order (or the cut, or the seats
        while nobody has a role: ``assigned`` False); for an optional revolution, ``declined`` lists
        who chose not to revolt so far and ``declarer`` who chose to.
        """
        rules, n = self.rules, self.n
        self.deal_roles, self.declined, self.assigned = list(roles), declined, assigned
        seats = [roles.index(r) for r in range(n)] if rules.seating == "by-role" else self.seats
        dealer = roles.index(n - 1) if assigned else seats[-1]
        assert state.dealer == dealer, "the wrong player dealt"
        self.dealer = dealer
        sizes = rules.hand_sizes()
        received: dict[int, Counter[int]] = {q: Counter() for q in range(n)}
        given: dict[int, Counter[int]] = {q: Counter() for q in range(n)}
        for tr in state.transfers:
            given[tr.giver].update(tr.cards)
            received[tr.receiver].update(tr.cards)
        dealt = {q: _cards(state, q) + given[q] - received[q] for q in range(n)}
        d = seats.index(dealer)
        for q in range(n):
            place = (seats.index(q) - d - 1) % n
            assert sum(dealt[q].values()) == sizes[place], "the first players dealt get the extra cards"
        jokers = {roles[q]: sum(k for c, k in dealt[q].items() if _is_joker(c)) for q in range(n)}
        by_old_role = {roles[q]: q for q in range(n)}
        candidates: list[int] = []
        cancel: list[int] = []
        if assigned:  # no revolution before anyone has a role
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
        exchange = state.hand_no > 1 and rules.exchange
        cancelled = exchange and state.revolution is None and bool(cancel)
        assert state.cancelled_exchange == cancelled
        self.stats.cancelled_exchanges += cancelled
        self.sim = [Counter(dealt[q]) for q in range(n)]
        self.checked, self.awaiting = 0, False
        if not exchange or cancelled:
            assert not state.transfers, "no exchange this hand"
            self.pending = []
        else:
            self.stats.exchanges += 1
            self.pending = list(rules.exchange_pairs)
        self.advance_exchange(state)

    # ------------------------------------------------------------ the exchange
    def check_lowest(self, tr: Transfer, giver: int, receiver: int, k: int) -> Counter[int]:
        """The higher role's k lowest cards (by rank, then Bridge suit)."""
        assert (tr.giver, tr.receiver) == (giver, receiver), "the exchange goes the wrong way"
        cards = Counter(int(c) for c in tr.cards)
        assert sum(cards.values()) == k, "the wrong number of cards exchanged"
        pool = self.sim[giver]
        assert not cards - pool, "the higher role gave cards it did not hold"
        rest = pool - cards
        worst = max(self.card_key(c) for c in cards)
        assert all(worst <= self.card_key(c) for c in rest), "the higher role did not give its lowest cards"
        return cards

    def check_best(self, tr: Transfer, pool: Counter[int], giver: int, receiver: int, k: int) -> Counter[int]:
        """The lower role's k best cards: never its ``exchange_low_keeps``, nor Jokers if it keeps them."""
        assert (tr.giver, tr.receiver) == (giver, receiver), "the exchange goes the wrong way"
        cards = Counter(int(c) for c in tr.cards)
        assert sum(cards.values()) == k, "the wrong number of cards exchanged"
        assert not cards - pool, "the lower role gave cards it did not hold"
        keep_jokers = self.rules.exchange_keep_jokers

        def may_give(c: int) -> bool:
            return self.rank[c] not in self.low_keeps and not (keep_jokers and _is_joker(c))

        assert all(may_give(c) for c in cards), "the lower role gave a card it keeps"
        least = min(self.card_key(c) for c in cards)
        rest = pool - cards
        assert all(self.card_key(c) <= least for c in rest if may_give(c)), (
            "the lower role kept a better card"
        )
        return cards

    def move(self, giver: int, receiver: int, cards: Counter[int]) -> None:
        self.sim[giver] -= cards
        self.sim[receiver] += cards

    def advance_exchange(self, state: State) -> None:
        """Check the transfers made so far, pair by pair in ``exchange_pairs`` order, then the lead."""
        rules = self.rules
        roles = list(state.roles)
        trs = state.transfers
        while self.pending:
            hi_role, lo_role, k = self.pending[0]
            hi, lo = roles.index(hi_role), roles.index(lo_role)
            if rules.exchange_high_gives == "lowest":
                assert len(trs) >= self.checked + 2, "an exchange pair did not trade"
                down = self.check_lowest(trs[self.checked], hi, lo, k)
                pool = self.sim[lo] + down if rules.exchange_order == "higher-first" else self.sim[lo]
                up = self.check_best(trs[self.checked + 1], pool, lo, hi, k)
                self.move(hi, lo, down)
                self.move(lo, hi, up)
                self.checked += 2
                self.pending.pop(0)
                continue
            if not self.awaiting:
                if rules.exchange_order == "lower-first":  # the lower role's best cards come first
                    assert len(trs) > self.checked, "the lower role did not give first"
                    up = self.check_best(trs[self.checked], self.sim[lo], lo, hi, k)
                    self.move(lo, hi, up)
                    self.checked += 1
                self.awaiting = True
            assert len(trs) == self.checked, "cards moved before the higher role chose"
            assert state.phase == "exchange" and state.current_player() == hi, "the higher role chooses"
            for q in (hi, lo):
                assert _cards(state, q) == self.sim[q]
            counts = Counter(self.rank[c] for c in self.sim[hi].elements())
            choices = {
                combo
                for combo in combinations_with_replacement(sorted(counts), k)
                if all(combo.count(r) <= counts[r] for r in combo)
            }
            legal = R.legal_actions(state)
            assert all(a.kind == GIVE for a in legal) and len(legal) == len(choices)
            assert {a.cards for a in legal} == choices, "the higher role may give any cards it holds"
            return
        assert len(trs) == self.checked, "more cards moved than the exchange pairs say"
        assert state.phase == "play"
        for q in range(self.n):
            assert _cards(state, q) == self.sim[q], "the hands after the exchange are wrong"
        self.begin_play(state)

    def check_give(self, before: State, action: Play, after: State) -> None:
        rules = self.rules
        assert before.phase == "exchange" and self.awaiting
        hi_role, lo_role, k = self.pending[0]
        roles = list(before.roles)
        hi, lo = roles.index(hi_role), roles.index(lo_role)
        assert before.current_player() == hi and action.size == k
        self.stats.chosen_exchanges += 1
        order = rules.exchange_order
        new = after.transfers[self.checked : self.checked + (1 if order == "lower-first" else 2)]
        down_tr = new[0]
        assert (down_tr.giver, down_tr.receiver) == (hi, lo), "the chosen cards go to the lower role"
        down = Counter(int(c) for c in down_tr.cards)
        assert sorted(self.rank[c] for c in down.elements()) == list(action.cards), "not the chosen cards"
        assert not down - self.sim[hi]
        if self.bridge:  # a card chosen by rank is the lowest suit of that rank
            rest = self.sim[hi] - down
            for c in down:
                assert all(self.card_key(c) <= self.card_key(x) for x in rest if self.rank[x] == self.rank[c])
        if order == "lower-first":
            assert len(new) == 1
            self.move(hi, lo, down)
        else:
            assert len(new) == 2, "the lower role's cards did not follow"
            pool = self.sim[lo] if order == "simultaneous" else self.sim[lo] + down
            up = self.check_best(new[1], pool, lo, hi, k)
            self.move(hi, lo, down)
            self.move(lo, hi, up)
        self.checked += len(new)
        self.pending.pop(0)
        self.awaiting = False
        self.advance_exchange(after)

    def begin_play(self, state: State) -> None:
        """The exchange is over: the hand's first leader is to play, and a fresh hand is tracked."""
        rules, n = self.rules, self.n
        self.direction, self.inverted = 1, False
        self.finished, self.losers = [], []
        self.passed, self.sat, self.values = [], set(), []
        self.top_key, self.top_player = None, -1
        self.hand_scores = list(state.scores)
        rank = self.rank  # plays only take cards away, so the filing is checked once a hand
        for hand in state.hands:
            assert all(rank[c] == r for r, cards in enumerate(hand) for c in cards), "a card filed wrongly"
        how = rules.first_leader if state.hand_no == 1 else rules.leader
        if how == "boss":
            leader = state.roles.index(0)
        elif how == "bum":
            leader = state.roles.index(n - 1)
        elif how == "card":
            code = int(Card.parse(rules.lead_card))
            leader = next(q for q in range(n) if code in _cards(state, q))
        elif how == "dealer":
            leader = self.dealer
        else:  # eldest: the player after the dealer
            seats = self.seats_now(state)
            leader = seats[(seats.index(self.dealer) + 1) % n]
        self.stats.leaders[how] += 1
        assert state.current_player() == leader, f"the wrong player leads the hand ({how})"
        assert state.top is None and state.direction == 1 and not state.inverted
        assert not state.finished and not state.losers and not any(state.sat_out)


def _kind_of_play(action: Play) -> tuple[object, ...]:
    """A play's kind for :func:`play_match`'s varied choice: pass, set (natural or with wild cards),
    single or multiple sequence (with or without a wild filler), suited or not."""
    sequence = action.kind == SEQUENCE
    return (
        action.kind,
        sequence and action.width > 1,
        len(set(action.cards)) > 1 if action.kind == SET else sequence and action.cards[-1] > action.rank,
        action.suit >= 0,
    )


def _check_first_deal(referee: _Referee, state: State) -> None:
    """The seating, the cut for the first roles (or none) and the first deal."""
    rules, n = referee.rules, referee.n
    assert state.hand_no == 1 and not state.results
    assert not state.transfers, "the first hand has no exchange"
    assert sorted(state.order) == list(range(n))
    if rules.seating == "random":
        referee.seats = list(state.order)  # drawn from the seed, then fixed
    initial = referee.seats  # by-role seating starts in player order; the roles then reseat
    roles = [0] * n
    if rules.first_roles == "cut":
        contenders = list(range(n))
        rank = rules.tables.rank_of_code
        for cut in state.cut:  # each contender cuts; ties cut again
            assert [p for p, _ in cut] == contenders
            best = max(rank[c] for _, c in cut)
            contenders = [p for p, c in cut if rank[c] == best]
        assert len(contenders) == 1, "cut for Boss: the highest card is the Boss"
        boss = initial.index(contenders[0])
        for i in range(n):
            roles[initial[(boss + i) % n]] = i
        referee.check_deal(state, roles, assigned=True)
    else:
        assert not state.cut
        for i in range(n):
            roles[initial[i]] = i
        referee.check_deal(state, roles, assigned=False)


def play_match(
    rules: Rules,
    seed: int,
    *,
    hands: int,
    stats: Stats | None = None,
    check: bool = True,
    max_actions: int = 200000,
    varied: float = 0.0,
) -> State:
    """Play random legal actions from ``rules.new_state(seed)`` for ``hands`` hands (or to the end).

    ``varied``: the chance, each turn, of choosing first a kind of action on offer (see
    :func:`_kind_of_play`), then an action of that kind, so that rare kinds (multiple sequences, wild
    fillers, flushes) are played whenever they are offered; otherwise every legal action is as likely.
    """
    stats = Stats() if stats is None else stats
    chooser = random.Random(seed * 7919 + 17)
    checks = random.Random(seed)
    state = rules.new_state(seed)
    referee = _Referee(rules, stats)
    if check:
        _check_first_deal(referee, state)
    for _ in range(max_actions):
        if state.is_over() or len(state.results) >= hands:
            break
        legal = referee.check_position(state, checks) if check else R.legal_actions(state)
        if varied and chooser.random() < varied:
            groups: dict[tuple[object, ...], list[Play]] = {}
            for a in legal:
                groups.setdefault(_kind_of_play(a), []).append(a)
            legal = groups[sorted(groups)[chooser.randrange(len(groups))]]
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


def check_random_play(
    rules: Rules,
    seeds: list[int] | range,
    *,
    hands: int = 10,
    varied: float = 0.0,
    stats: Stats | None = None,
) -> Stats:
    """Play each seed at random for ``hands`` hands, checking every step; then replay and compare.

    ``varied`` (0 to 1) leans the random play towards rare kinds of play (see :func:`play_match`);
    ``stats``, if given, accumulates what is seen (else a new :class:`Stats` is returned).
    """
    stats = Stats() if stats is None else stats
    for seed in seeds:
        state = play_match(rules, seed, hands=hands, stats=stats, varied=varied)
        again = play_match(rules, seed, hands=hands, check=False, varied=varied)
        record = GameRecord.of(state)
        assert record == GameRecord.of(again), f"seed {seed} played twice differs"
        assert snapshot(state) == snapshot(again), f"seed {seed} played twice ends in different states"
        assert snapshot(record.replay()) == snapshot(state), f"seed {seed}: the record does not replay"
        assert len(state.results) == hands or state.is_over()
    return stats


class ClimbingReferee:
    """The referee above as a plug-in of the shared conformance checker (``bumtable.rules.conformance``):
    the same independent rule checks at every step of a game the checker plays."""

    def __init__(self, stats: Stats | None = None, seed: int = 0) -> None:
        self.stats = Stats() if stats is None else stats
        self.checks = random.Random(seed)
        self.referee: _Referee | None = None

    def start(self, state: State) -> None:
        self.referee = _Referee(state.rules, self.stats)
        _check_first_deal(self.referee, state)

    def step(self, before: State, action: Play, after: State) -> None:
        assert self.referee is not None, "start() first"
        self.referee.check_position(before, self.checks)
        self.referee.check_step(before, action, after)
