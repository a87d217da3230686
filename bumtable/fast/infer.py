"""The search bot's hand inference, compiled: a deal of the hidden cards weighed by replaying this hand from
its start with the deal's cards, the heuristic choosing for every other player; each move it would not have
made multiplies the weight by ``slip``. The weights of ``bumtable/bots/inference.py``'s ``replay_hand``: the
heuristic's values are ``GreedyBot``'s, and a tie goes to the first in the rules' legal order (where the bot
draws among them: the same weight unless a tie parts a reading of the move from another play).

>>> import random
>>> import numpy as np
>>> from bumtable.bots import make_bot
>>> from bumtable.bots.inference import replay_hand
>>> from bumtable.fast import make
>>> from bumtable.rules import family_of, get
>>> rules = get("bum-game", players=4)
>>> state = rules.new_state(seed=3)
>>> bot = make_bot("heuristic", 1)
>>> for _ in range(9):
...     state.apply(bot.choose(state.observe(state.current_player())))
>>> obs = state.observe(state.current_player())
>>> deals = [family_of(rules).sample_state(obs, random.Random(s)) for s in range(6)]
>>> fast = Weigher(make(rules, observe=False), obs, 0.5)
>>> weights = fast.weights([[d.hand_of(p) for p in range(4)] for d in deals])
>>> weights.tolist() == [replay_hand(obs, d, bot, 0.5)[0] for d in deals]
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.fast import kernels as k
from bumtable.fast.engine import FastGame
from bumtable.fast.kernels import F_NLEGAL, F_OVER, F_ROLES, F_TURN, PHASE_PLAY, X_PHASE
from bumtable.fast.load import Loader
from bumtable.fast.policies import Policies, _jit, policies
from bumtable.fast.policies import first_best as _choice
from bumtable.fast.tables import H_NEED
from bumtable.rules.climbing.sample import at_hand_start
from bumtable.rules.phases import PLAY


class Weigher:
    """Weighs deals of the hidden cards for one observation (the seat's, a hand in play): :meth:`weights`."""

    def __init__(self, game: FastGame, observation: Any, slip: float, plays: Policies | None = None) -> None:
        self.game = game
        self.policies: Policies = plays or policies(game)
        self.policies.check_heuristic()
        self.slip = slip
        self.seat = observation.seat
        self.turn = observation.turn
        self.trivial = not observation.played or observation.phase != PLAY or observation.seat is None
        if self.trivial:
            return
        n, nr = game.tables.players, game.tables.ranks
        rank = np.asarray(observation.rules.tables.rank_of_code, dtype=np.int64)
        self.movers = np.array([p for p, _ in observation.played], dtype=np.int64)
        self.needs = np.zeros((len(self.movers), nr), dtype=np.int32)
        self.spent: list[list[int]] = [[] for _ in range(n)]
        for j, (p, codes) in enumerate(observation.played):
            np.add.at(self.needs[j], rank[np.asarray(codes, dtype=np.int64)], 1)
            self.spent[p].extend(codes)
        held = tuple(c + len(s) for c, s in zip(observation.card_counts, self.spent, strict=True))
        self.loader = Loader(game, at_hand_start(observation, held))

    def weights(self, hands: Sequence[Sequence[Sequence[int]]]) -> npt.NDArray[np.float64]:
        """Each deal's weight (its players' cards by seat, as held now)."""
        weights: npt.NDArray[np.float64] = self.replay(hands)[0]
        return weights

    def replay(self, hands: Sequence[Sequence[Sequence[int]]]) -> tuple[Any, Any]:
        """Each deal's weight, and whether its whole hand so far was replayed (``replay_hand``'s pair)."""
        rows = len(hands)
        if self.trivial:
            return np.ones(rows), np.ones(rows, dtype=np.bool_)
        start = [[list(h) + s for h, s in zip(deal, self.spent, strict=True)] for deal in hands]
        state = self.loader.rows(start)
        t, pol = self.game.tables, self.policies
        weights = np.ones(rows)
        whole = np.zeros(rows, dtype=np.bool_)
        weigh_rows(
            self.seat, self.turn, self.slip, self.movers, self.needs, state.draws, t.rank_of_code, t.triggers,
            t.revolution_roles, t.tab, t.obs_at, state.ints, state.counts, state.played, state.known,
            state.scores, state.legal_action_mask, state.legal, state.observation, state.rewards,
            state.history, pol.ptab, pol.touch, pol.gtab, pol.bits, pol.lowv, pol.shape, weights, whole,
        )  # fmt: skip
        return weights, whole


@_jit
def _plays(
    i: int, ints: Any, counts: Any, legal: Any, tab: Any, ptab: Any, touch: Any, gtab: Any, bits: Any,
    lowv: Any, shape: Any, planes: Any, best: Any,
) -> bool:  # fmt: skip
    """Whether GreedyBot would play (not pass) in row ``i``."""
    return _choice(i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, planes, best) != 0


@_jit
def _fits(tab: Any, a: int, need: Any) -> bool:
    """Whether play ``a`` takes exactly the cards by rank of ``need``."""
    if a == 0:
        return False
    nr = need.shape[0]
    base = tab[H_NEED] + a * nr
    same = True
    for r in range(nr):
        same = same and tab[base + r] == need[r]
    return same


@_jit
def weigh_rows(
    seat: int, turn: int, slip: float, movers: Any, needs: Any, draws: Any, rank_of: Any, triggers: Any,
    new_roles: Any, tab: Any, obs_at: Any, ints: Any, counts: Any, played: Any, known: Any, scores: Any,
    mask: Any, legal: Any, obs: Any, rewards: Any, history: Any, ptab: Any, touch: Any, gtab: Any, bits: Any,
    lowv: Any, shape: Any, weights: Any, whole: Any,
) -> None:  # fmt: skip
    """Replay each row (at its hand's start) through the plays ``movers``/``needs`` (who played, cards by
    rank), the players between them passing, then the passes up to ``seat``'s turn: ``replay_hand``."""
    n = counts.shape[1]
    phase = F_ROLES + 4 * n + X_PHASE
    planes = np.zeros((2, shape[4] + 2), dtype=np.int64)
    best = np.empty(legal.shape[1], dtype=np.int64)
    for i in range(ints.shape[0]):
        w = 1.0
        ok = True
        for j in range(movers.shape[0]):
            mover = movers[j]
            done = False
            for _ in range(4 * n):
                actor = ints[i, F_TURN]
                if ints[i, F_OVER] or actor < 0 or ints[i, phase] != PHASE_PLAY:
                    break
                nl = ints[i, F_NLEGAL]
                fit = -1
                if actor == mover:
                    for m in range(nl):
                        if _fits(tab, legal[i, m], needs[j]):
                            fit = legal[i, m]
                            break
                if fit >= 0:
                    if actor != seat:
                        choice = _choice(
                            i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, planes, best
                        )
                        if _fits(tab, choice, needs[j]):
                            fit = choice
                        else:
                            w *= slip
                    _advance(i, fit, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played,
                             known, scores, mask, legal, obs, rewards, history)  # fmt: skip
                    done = True
                    break
                if not mask[i, 0]:
                    break
                if (
                    actor != seat
                    and nl > 1
                    and _plays(
                        i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, planes, best
                    )
                ):
                    w *= slip
                _advance(i, 0, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known,
                         scores, mask, legal, obs, rewards, history)  # fmt: skip
            if not done:
                ok = False
                break
        if ok:
            for _ in range(4 * n):
                actor = ints[i, F_TURN]
                if ints[i, F_OVER] or actor < 0 or ints[i, phase] != PHASE_PLAY or actor == seat:
                    break
                if not mask[i, 0]:
                    ok = False
                    break
                if ints[i, F_NLEGAL] > 1 and _plays(
                    i, ints, counts, legal, tab, ptab, touch, gtab, bits, lowv, shape, planes, best
                ):
                    w *= slip
                _advance(i, 0, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known,
                         scores, mask, legal, obs, rewards, history)  # fmt: skip
        weights[i] = w
        whole[i] = ok and not ints[i, F_OVER] and ints[i, phase] == PHASE_PLAY and ints[i, F_TURN] == turn


@_jit
def _advance(
    i: int, a: int, draws: Any, rank_of: Any, triggers: Any, new_roles: Any, tab: Any, obs_at: Any, ints: Any,
    counts: Any, played: Any, known: Any, scores: Any, mask: Any, legal: Any, obs: Any, rewards: Any,
    history: Any,
) -> None:  # fmt: skip
    """One action in row ``i``, no observation written; the history kept from overflowing (not read here)."""
    if ints[i, k.F_NHIST] >= history.shape[1]:
        ints[i, k.F_NHIST] = 0
    k._step(
        i, a, draws, rank_of, triggers, new_roles, tab, obs_at, ints, counts, played, known, scores, mask,
        legal, obs, rewards, history, False,
    )  # fmt: skip
