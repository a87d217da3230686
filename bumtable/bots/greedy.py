"""The greedy bot: plays the way The Bum Game's Strategy section advises.

- The point is to get rid of cards, and low cards are the danger: they can only
  be played on the lead. So a hand is valued by how many plays it still needs
  (fewer is better) and how low those plays are (:func:`hand_cost`).
- When leading it sheds the play that most improves that value: low cards and
  unmatched cards first, in sets or sequences that leave few singletons.
- When following it plays whenever that does not make its hand harder to empty
  (simulation showed patience loses points), but it saves wild cards for late in
  the hand, spends high cards (Aces, Twos, Jokers) reluctantly unless they win the
  lead near the end, and always takes a play that goes out. With an opponent
  down to three cards or fewer it spends wild and high cards freely.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> t = rules.tables
>>> def counts(*syms):
...     c = [0] * t.n_ranks
...     for s in syms:
...         c[t.symbol_index[s]] += 1
...     return c
>>> hand_cost(counts("3", "4", "5"), t) < hand_cost(counts("3", "9", "K"), t)  # a sequence is one play
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bumtable.bots.base import legal_or_raise
from bumtable.rules.climbing import ClimbingObservation
from bumtable.rules.climbing.plays import DECLARE, DECLARE_PLAY, GIVE, PASS, SET, Play
from bumtable.rules.climbing.tables import Tables

# Tuned by simulation (bumtable simulate, greedy against variants of itself, 2,500 hands each): a wild card
# used as a stand-in costs 3 while more than EARLY_CARDS cards would remain, 1 after; a high card costs 0.5;
# passing is valued 0.3 worse than standing still, so greedy plays whenever that does not hurt its hand.
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


def _groups(counts: Sequence[int], t: Tables) -> tuple[int, float]:
    """Plays needed if each rank is played as one set, and how low they are (0..1 each)."""
    top = t.n_ranks - 1
    n = 0
    low = 0.0
    for r, k in enumerate(counts):
        if k:
            n += 1
            low += 1.0 - r / top
    return n, low


def hand_cost(counts: Sequence[int], t: Tables) -> float:
    """Estimated difficulty of going out: plays still needed plus a weight for low plays.

    Runs of three or more ranks are taken out as sequences when that lowers the cost.
    """
    c = list(counts)
    n, low = _groups(c, t)
    best = n + low
    # Greedily take single sequences out of the hand while that helps (where sequences may be played).
    improved = t.sequences
    seqs = 0
    while improved:
        improved = False
        r = 0
        while r <= t.seq_top:
            if not c[r]:
                r += 1
                continue
            end = r
            while end + 1 <= t.seq_top and c[end + 1]:
                end += 1
            if end - r + 1 >= t.seq_min:
                trial = c.copy()
                for x in range(r, end + 1):
                    trial[x] -= 1
                tn, tl = _groups(trial, t)
                # the sequence itself is one play, led from its low end
                cost = tn + tl + seqs + 1 + (1.0 - r / (t.n_ranks - 1))
                if cost < best:
                    best, c, seqs, improved = cost, trial, seqs + 1, True
            r = end + 1
    return best


class GreedyBot:
    """Sheds low and unmatched cards when leading; saves high cards and wilds for when they win."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: ClimbingObservation) -> Play:
        legal = legal_or_raise(observation)
        if legal[0].kind == DECLARE:
            return DECLARE_PLAY  # a revolution always helps the player who may declare it
        if len(legal) == 1:
            return legal[0]
        t = observation.rules.tables
        counts = [0] * t.n_ranks
        for c in observation.hand or ():
            counts[t.rank_of_code[c]] += 1
        held = sum(counts)
        team = observation.team_of
        mine = team(observation.seat) if observation.seat is not None else -1
        others = [
            k
            for p, k in enumerate(observation.card_counts)
            if p != observation.seat and k and team(p) != mine
        ]
        danger = bool(others) and min(others) <= 3
        now = hand_cost(counts, t)
        partner_winning = (
            observation.top is not None
            and observation.rules.teams != ()
            and observation.top_player != observation.seat
            and team(observation.top_player) == mine
        )
        run = _run_of_value(observation) if observation.rules.four_of_a_value else (-1, 0)
        best: list[Play] = []
        best_value = float("inf")
        for play in legal:
            value = self._value(play, counts, held, now, t, danger)
            if partner_winning and play.kind != PASS and play.size < held:
                value += PARTNER_PENALTY
            if play.kind == SET and play.rank == run[0] and run[1] + play.size >= 4:
                value -= FOUR_BONUS  # four of a value: the trick is won and we lead
            if play.suit >= 0 and t.bridge:
                value += 0.0001 * t.suit_rank[play.suit]
            if value < best_value - 1e-9:
                best, best_value = [play], value
            elif abs(value - best_value) <= 1e-9:
                best.append(play)
        return best[0] if len(best) == 1 else best[self.rng.randrange(len(best))]

    def _value(self, play: Play, counts: list[int], held: int, now: float, t: Tables, danger: bool) -> float:
        if play.kind == PASS:
            return now - PASS_BONUS
        after = counts.copy()
        for r in play.cards:
            after[r] -= 1
        if play.kind == GIVE:  # the exchange: part with what hurts the hand most
            return hand_cost(after, t) + 0.01 * sum(play.cards)
        wipe = t.wipe >= 0 and play.rank == t.wipe and play.kind == SET
        if wipe and t.wipe_last_loses:
            # President's 3 of clubs: going out with it loses, so play it while other cards remain.
            if play.size == held:
                return 1e9
            return hand_cost(after, t) - (3.0 if held <= 4 else 0.0)
        if play.size == held:
            return -1e9  # goes out
        if t.wipe_last_loses and t.wipe >= 0 and after[t.wipe] and sum(after) == after[t.wipe]:
            return 1e6  # would leave only the 3 of clubs: a certain loss
        cost = hand_cost(after, t)
        wilds = sum(1 for r in play.cards if (r != play.rank if play.kind == SET else r > play.rank))
        high = sum(1 for r in play.cards if r >= t.n_ranks - 3)
        scale = 0.3 if danger else 1.0
        if cost <= 2.5 and play.rank >= t.n_ranks - 3:
            scale = 0.0  # a winning play late in the hand: make the move
        wild_cost = WILD_PENALTY if held - play.size > EARLY_CARDS else LATE_WILD_PENALTY
        return cost + scale * (wild_cost * wilds + HIGH_PENALTY * high) + 0.001 * play.rank
