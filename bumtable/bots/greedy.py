"""The greedy bot of the climbing games, after The Bum Game's Strategy section: low cards are the danger, as
they can only be played on the lead, so a hand is valued by the plays it still needs and how low they are."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from bumtable.bots.base import legal_or_raise
from bumtable.bots.greedy_cost import CostModel, cost_model, shift_for
from bumtable.rules.climbing import ClimbingObservation, ClimbingOptions
from bumtable.rules.climbing.plays import DECLARE, DECLARE_PLAY, GIVE, PASS, SET, Play
from bumtable.rules.climbing.tables import Tables

# Terms of a play's value, tuned by simulation (docs/bots.md): a wild card as a stand-in costs WILD_PENALTY
# while more than EARLY_CARDS cards would remain, LATE_WILD_PENALTY after; a pass costs 0.3 more than standing
# still, so the bot plays whenever that does not hurt its hand.
WILD_PENALTY = 3.0
LATE_WILD_PENALTY = 1.0
EARLY_CARDS = 5
HIGH_PENALTY = 0.5
PASS_BONUS = -0.3
PARTNER_PENALTY = 2.0
FOUR_BONUS = 1.0


def _run_of_value(observation: ClimbingObservation) -> tuple[int, int]:
    """The value on top of the trick and how many cards of it lie there in a row."""
    value, count = -1, 0
    for _, play, _codes in reversed(observation.trick):
        if play.kind == PASS:
            continue
        if play.kind != SET:
            break
        if value < 0:
            value = play.rank
        if play.rank != value:
            break
        count += play.size
    return value, count


def hand_cost(counts: Sequence[int], t: Tables) -> float:
    """How hard a hand is to empty: its sets and sequences, each worth 1 plus how low it is."""
    model = cost_model(t, shift_for(max(counts, default=0)))
    return model.cost(model.key(counts))


def _largest_rank_count(rules: ClimbingOptions) -> int:
    rank_of = rules.tables.rank_of_code
    return max(Counter(rank_of[int(c)] for c in rules.deck()).values())


class GreedyBot:
    """Sheds low and unmatched cards when leading; saves high cards and wilds for when they win."""

    name = "greedy"
    asks_forced_moves = False  # one legal action: it is returned, nothing drawn or kept

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._rules: ClimbingOptions | None = None
        self._model: CostModel | None = None
        self._few = False
        self._collect: list[tuple[float, Play]] | None = None
        """While :meth:`ranked` runs: every legal play's value, from the general loop of :meth:`choose`."""

    def _model_for(self, rules: ClimbingOptions) -> CostModel:
        if rules is not self._rules or self._model is None:
            largest = _largest_rank_count(rules)
            self._model = cost_model(rules.tables, shift_for(largest))
            self._few = largest <= 8  # the fast loop's test for a rank held needs counts up to 8
            self._rules = rules
        return self._model

    def ranked(self, observation: ClimbingObservation) -> list[Play]:
        """The legal plays from best to worst by this bot's valuation; :meth:`choose` plays the first.

        >>> from bumtable.rules import get
        >>> observation = get("bum-game", players=4).new_state(seed=2).observe(0)
        >>> order = GreedyBot(1).ranked(observation)
        >>> len(order) == len(observation.legal_actions()), order[0] == GreedyBot(1).choose(observation)
        (True, True)
        """
        legal = observation.legal or legal_or_raise(observation)
        self._collect = []
        try:
            self.choose(observation)
            scored = self._collect
        finally:
            self._collect = None
        if len(scored) != len(legal):  # a revolution to declare, or one legal play: no valuation
            return list(legal)
        return [play for _, play in sorted(scored, key=lambda vp: vp[0])]

    def choose(self, observation: ClimbingObservation) -> Play:
        legal = observation.legal or legal_or_raise(observation)  # (it raises: no legal action)
        if legal[0].kind == DECLARE:
            return DECLARE_PLAY  # a revolution always helps the player who may declare it
        if len(legal) == 1:
            return legal[0]
        rules = observation.rules
        t = rules.tables
        model = self._model if rules is self._rules and self._model is not None else self._model_for(rules)
        hand = observation.hand or ()
        code_bit = model.code_bit
        key = 0  # the hand packed (a plain loop: faster than sum(map(...)) for a dozen cards)
        for code in hand:
            key += code_bit[code]
        held = len(hand)
        seat = observation.seat
        if rules.teams:
            team = observation.team_of
            mine = team(seat) if seat is not None else -1
            others = [k for p, k in enumerate(observation.card_counts) if p != seat and k and team(p) != mine]
            top_player = observation.top_player
            partner_winning = observation.top is not None and top_player != seat and team(top_player) == mine
            danger = bool(others) and min(others) <= 3
        else:
            # bool(others) and min(others) <= 3, with others the other players' card counts above 0
            danger = False
            for p, k in enumerate(observation.card_counts):
                if 0 < k <= 3 and p != seat:
                    danger = True
                    break
            partner_winning = False
        run_value, run_count = _run_of_value(observation) if rules.four_of_a_value else (-1, 0)
        bridge = t.bridge
        # The common case of _value, inlined (it runs for every legal play): not an exchange, and no card
        # that loses when it goes out last (President's 3 of clubs).
        plain = not (t.wipe >= 0 and t.wipe_last_loses)
        high_rank = t.n_ranks - 3
        best: list[Play] = []
        best_value = float("inf")
        collect = self._collect
        if (
            plain
            and self._few
            and not partner_winning
            and run_value < 0
            and not bridge
            and collect is None
            and legal[0].kind != GIVE
        ):
            # The plain game (The Bum Game): each play's value read from its terms and the cost of the
            # hand after it, looked up as CostModel.cost does, inline. The same floating-point operations
            # as below, in the same order.
            terms = model.terms
            by_mask, by_runs, sums, low, lead = (
                model.by_mask,
                model.by_runs,
                model.sums,
                model.low,
                model.lead,
            )
            pen = 3 if danger else 2  # the penalty terms scaled by 0.3 or 1.0 (early; late is one further)
            early = held - EARLY_CARDS  # a play of fewer cards leaves more than EARLY_CARDS
            below = best_value - 1e-9  # a value below it is a new best
            # A rank's 4-bit count plus 7 reaches the field's top bit exactly when the rank is held (0 < k <= 8).
            sevens = 7 * low
            # Look-ups by subscript (they almost always find the entry; a miss fills it).
            for play in legal:
                try:
                    e = terms[id(play)]
                except KeyError:
                    e = _terms(model, play)
                size = e[0]
                if size == held:
                    value = -1e9  # goes out
                else:  # a play, or a pass (it takes nothing out: the cost of the hand as it is)
                    after = key - e[1]
                    mask = (after + sevens) >> 3 & low  # the ranks held after the play
                    try:
                        m = by_mask[mask]
                    except KeyError:
                        m = model.mask_info(mask)
                    full = m[0]
                    if full:
                        try:
                            r = by_runs[after & full]
                        except KeyError:
                            r = model.runs_info(after & full)
                        seqs = r[1]
                        if seqs == 0:
                            cost = m[2]
                        elif seqs > 0:
                            try:
                                g = sums[r[0] | m[1]]
                            except KeyError:
                                g = model.groups(r[0] | m[1])
                            cost = g + (seqs - 1) + 1 + lead[r[2]]
                        else:
                            cost = model.tied_cost(after)
                    else:
                        cost = m[2]
                    if size < 0:
                        value = cost - PASS_BONUS  # standing still (a leader never passes)
                    # a winning play late in the hand: make the move (0.0 times the penalties adds 0.0)
                    elif cost <= 2.5 and e[6]:
                        value = cost + 0.0 + e[7]
                    else:
                        value = cost + e[pen if size < early else pen + 2] + e[7]
                if value < below:
                    best, best_value, below = [play], value, value - 1e-9
                elif abs(value - best_value) <= 1e-9:
                    best.append(play)
            return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]
        scale = 0.3 if danger else 1.0
        for play in legal:
            kind = play.kind
            if kind == PASS:
                value = model.cost(key) - PASS_BONUS  # standing still (a leader never passes)
            elif plain and kind != GIVE:
                if play.size == held:
                    value = -1e9  # goes out
                else:
                    info = model.play_info(play)
                    cost = model.cost(key - info[0])
                    # a winning play late in the hand: make the move
                    s = 0.0 if cost <= 2.5 and play.rank >= high_rank else scale
                    wild_cost = WILD_PENALTY if held - play.size > EARLY_CARDS else LATE_WILD_PENALTY
                    value = cost + s * (wild_cost * info[1] + HIGH_PENALTY * info[2]) + 0.001 * play.rank
            else:
                value = _value(play, key, held, model, danger)
            if partner_winning and kind != PASS and play.size < held:
                value += PARTNER_PENALTY
            if run_value >= 0 and kind == SET and play.rank == run_value and run_count + play.size >= 4:
                value -= FOUR_BONUS  # four of a value: the trick is won and we lead
            if bridge and play.suit >= 0:
                value += 0.0001 * t.suit_rank[play.suit]
            if collect is not None:
                collect.append((value, play))
            if value < best_value - 1e-9:
                best, best_value = [play], value
            elif abs(value - best_value) <= 1e-9:
                best.append(play)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]


Terms = tuple[int, int, float, float, float, float, bool, float, Play]


def _terms(model: CostModel, play: Play) -> Terms:
    """A play's terms for the fast loop of :meth:`GreedyBot.choose` (a pass or a play of cards), kept by its id
    (the entry keeps the play, so the id is not reused): size (-1 a pass), packed counts, penalties, whether
    it is of the three highest ranks (a winner late in the hand), 0.001 times its rank, and the play."""
    delta, wilds, high, _, _ = model.play_info(play)
    size = -1 if play.kind == PASS else play.size
    early = WILD_PENALTY * wilds + HIGH_PENALTY * high
    late = LATE_WILD_PENALTY * wilds + HIGH_PENALTY * high
    top = play.rank >= model.tables.n_ranks - 3
    e = (size, delta, 1.0 * early, 0.3 * early, 1.0 * late, 0.3 * late, top, 0.001 * play.rank, play)
    terms = model.terms
    if len(terms) >= 1 << 16:
        terms.clear()
    terms[id(play)] = e
    return e


def _value(play: Play, key: int, held: int, model: CostModel, danger: bool) -> float:
    """How hard the packed hand ``key`` is to empty after ``play``, a play of cards (lower is better)."""
    t = model.tables
    delta, wilds, high, rank_sum, _ = model.play_info(play)
    after = key - delta
    if play.kind == GIVE:  # the exchange: part with what hurts the hand most
        return model.cost(after) + rank_sum
    wipe = t.wipe
    if wipe >= 0 and t.wipe_last_loses:
        if play.kind == SET and play.rank == wipe:
            # President's 3 of clubs: going out with it loses, so play it while other cards remain.
            if play.size == held:
                return 1e9
            return model.cost(after) - (3.0 if held <= 4 else 0.0)
        if play.size != held and after and not after & ~(model.bit[wipe] * ((1 << model.shift) - 1)):
            return 1e6  # would leave only the 3 of clubs: a certain loss
    if play.size == held:
        return -1e9  # goes out
    cost = model.cost(after)
    scale = 0.3 if danger else 1.0
    if cost <= 2.5 and play.rank >= t.n_ranks - 3:
        scale = 0.0  # a winning play late in the hand: make the move
    wild_cost = WILD_PENALTY if held - play.size > EARLY_CARDS else LATE_WILD_PENALTY
    return cost + scale * (wild_cost * wilds + HIGH_PENALTY * high) + 0.001 * play.rank
