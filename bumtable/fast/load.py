"""Rows loaded from the rules layer mid-hand: a hand in play as one seat sees it, with every player's cards (a
deal of the hidden cards, as the search bot samples them), so that play goes on from there compiled.

A loaded row stops at its hand's end (its rewards the hand's ``place_returns``, or the match's returns where
that hand ends the match) and has no record: it did not start from a deal. ``known`` holds the exchange's cards the observation shows (its own seat's).

>>> import numpy as np
>>> from bumtable.fast import make
>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> ref = rules.new_state(seed=3)
>>> for _ in range(5):
...     ref.apply(ref.legal_actions()[0])
>>> seat = ref.current_player()
>>> game = make(rules)
>>> state = load(game, ref.observe(seat), [[ref.hand_of(p) for p in range(4)]])
>>> int(state.current_player[0]) == seat
True
>>> space = rules.action_space()
>>> sorted(np.flatnonzero(state.legal_action_mask[0])) == sorted(space.encode(a) for a in ref.legal_actions())
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from bumtable.errors import RulesError
from bumtable.fast import kernels as k
from bumtable.fast.state import FastState
from bumtable.rules.climbing.plays import SEQUENCE, SET
from bumtable.rules.phases import PLAY

if TYPE_CHECKING:
    from bumtable.fast.engine import FastGame


def load(game: FastGame, observation: Any, hands: Sequence[Sequence[Sequence[int]]]) -> FastState:
    """A row per entry of ``hands`` (each player's cards, by seat) in the hand ``observation`` shows; a
    RulesError for another game's observation, one outside a hand in play, or cards that do not fit it."""
    return Loader(game, observation).rows(hands)


class Loader:
    """Loads rows of one observation's hand with many deals of the cards: what the observation shows is
    worked out once (the search loads each of its deals)."""

    def __init__(self, game: FastGame, observation: Any) -> None:
        rules = game.rules
        if observation.rules != rules:
            raise RulesError("the observation is of other rules than this engine's")
        if observation.phase != PLAY or observation.turn is None:
            raise RulesError(f"only a hand in play loads: the observation's phase is {observation.phase!r}")
        self.game = game
        t = game.tables
        n, nr = t.players, t.ranks
        self.rank = rank = t.rank_of_code.astype(np.int64)
        self.held = tuple(observation.card_counts)
        self.in_deck = np.bincount(rank[t.deck.astype(np.int64)], minlength=nr)
        played = np.zeros(nr, dtype=np.uint8)
        known = np.zeros((n, n, nr), dtype=np.uint8)
        for x in observation.transfers:  # in the exchange's order: a card given back is no longer known
            for c in x.cards or ():
                known[x.giver, x.receiver, rank[c]] += 1
                if known[x.receiver, x.giver, rank[c]]:
                    known[x.receiver, x.giver, rank[c]] -= 1
        for p, codes in observation.played:
            by_rank = np.bincount(rank[np.asarray(codes, dtype=np.int64)], minlength=nr).astype(np.uint8)
            played += by_rank
            known[:, p] -= np.minimum(known[:, p], by_rank)
        self.one = FastState(
            ints=_numbers(game, observation)[None],
            counts=np.zeros((1, n, nr), dtype=np.uint8),
            played=played[None],
            legal_action_mask=np.zeros((1, t.size), dtype=np.bool_),
            legal=np.zeros((1, t.size), dtype=np.int32),
            observation=np.zeros((1, t.obs_size), dtype=np.float32),
            rewards=np.zeros((1, n), dtype=np.float32),
            history=np.zeros((1, t.hand_history), dtype=np.int16),
            draws=np.zeros((1, 1, len(t.deck)), dtype=np.int8),
            scores=np.asarray(observation.scores, dtype=np.int32)[None],
            known=known[None],
        )

    def counts(self, hands: Sequence[Sequence[Sequence[int]]]) -> Any:
        """Each deal's rank counts by player, (deals, n, ranks); a RulesError for cards that do not fit."""
        n, nr = self.game.tables.players, self.game.tables.ranks
        flat: list[int] = []
        for i, deal in enumerate(hands):
            if len(deal) != n:
                raise RulesError(f"deal {i} has {len(deal)} hands: give one for each of the {n} players")
            for p, held in enumerate(deal):
                if len(held) != self.held[p]:
                    raise RulesError(
                        f"deal {i}: player {p} holds {len(held)} card{'' if len(held) == 1 else 's'} where "
                        f"the observation shows {self.held[p]}"
                    )
                bad = [c for c in held if not 0 <= c < len(self.rank)]
                if bad:
                    raise RulesError(f"deal {i}: player {p} holds {bad[0]!r}, which is no card of this game")
                at = (i * n + p) * nr
                flat.extend(at + self.rank[c] for c in held)
        counts = np.bincount(flat, minlength=len(hands) * n * nr).reshape(len(hands), n, nr)
        over = np.flatnonzero(((counts.sum(axis=1) + self.one.played[0]) > self.in_deck).any(axis=1))
        if over.size:
            raise RulesError(
                f"deal {int(over[0])} holds more cards of a rank than the deck has, with those played"
            )
        return counts.astype(np.uint8)

    def rows(self, hands: Sequence[Sequence[Sequence[int]]], repeat: int = 1) -> FastState:
        """A row per deal of ``hands`` (each ``repeat`` times in a row)."""
        counts = self.counts(hands)
        state = self.one.take(np.zeros(len(hands) * repeat, dtype=np.int64))
        state.counts = np.repeat(counts, repeat, axis=0)
        t, game = self.game.tables, self.game
        k.refresh_rows(
            t.tab, t.obs_at, state.ints, state.counts, state.played, state.known, state.legal_action_mask,
            state.legal, state.observation, game.observe,
        )  # fmt: skip
        return state


def _numbers(game: FastGame, obs: Any) -> Any:
    """One row of ``ints`` for the hand ``obs`` shows (``kernels.F_*`` and ``X_*``)."""
    n = game.tables.players
    row = np.zeros(k.fields(n), dtype=np.int32)
    row[k.F_TURN] = obs.turn
    row[k.F_TOP] = -1 if obs.top is None else game.rules.action_space().encode(obs.top)
    row[k.F_TOP_PLAYER] = obs.top_player
    row[k.F_PASSES] = obs.passes
    row[k.F_ACTIVE] = sum(1 for c in obs.card_counts if c)
    row[k.F_NFIN] = len(obs.finished)
    row[k.F_REVOLT] = -1 if obs.revolution is None else obs.revolution.player
    row[k.F_LAST] = -1
    roles, by_role, ncards, fin = k.F_ROLES, k.F_ROLES + n, k.F_ROLES + 2 * n, k.F_ROLES + 3 * n
    for p, role in enumerate(obs.roles):
        row[roles + p] = role
        row[by_role + role] = p
    row[ncards : ncards + n] = obs.card_counts
    row[fin : fin + n] = -1
    row[fin : fin + len(obs.finished)] = obs.finished
    nlose = len(obs.losers)
    for j, p in enumerate(obs.losers):  # out with the wipe card: placed last, the first loser lowest
        row[fin + n - 1 - j] = p
    x = k.extra(n)
    row[x + k.X_NLOSE] = nlose
    row[x + k.X_ASSIGNED] = int(obs.roles_assigned)
    row[x + k.X_DEALER] = obs.dealer
    row[x + k.X_SAT] = sum(1 << p for p, sat in enumerate(obs.sat_out) if sat)
    row[x + k.X_RUNV], row[x + k.X_RUNN] = _run(game, obs)
    order = k.order_at(n)
    row[order : order + n] = obs.order
    for at, p in enumerate(obs.order):
        row[order + n + p] = at
    row[x + k.X_HAND] = obs.hand_no
    row[x + k.X_WINNER] = -1
    row[x + k.X_STOP] = 1
    row[x + k.X_PHASE] = k.PHASE_PLAY
    row[x + k.X_CANCELLED] = int(obs.cancelled_exchange)
    row[x + k.X_GIVEN] = int(any(x.cards for x in obs.transfers))
    return row


def _run(game: FastGame, obs: Any) -> tuple[int, int]:
    """The rank of the trick's last card and how many cards of it in a row (four of a value end a trick)."""
    values: list[int] = []
    for _, play, _ in obs.trick:
        if play.kind == SET:
            values += [play.rank] * play.size
        elif play.kind == SEQUENCE:
            values += list(play.cards)
    if not values:
        return -1, 0
    run = 1
    while run < len(values) and values[-run - 1] == values[-1]:
        run += 1
    return values[-1], run
