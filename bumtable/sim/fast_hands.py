"""Hands of whole matches on the compiled engine, for ``simulate`` and the lab's ``--engine fast``: a batch of matches played by
the compiled policies is stopped at each hand's end, the hand's facts are read as arrays, and the next hand is
dealt; once every match of the batch is over a new batch is dealt, until ``count`` hands are played. Hands are
counted whole match by whole match, as the reference engine plays them one after another: a match's early
hands (the cut's roles, no exchange yet) weigh in the figures as they do there.

Each batch is seeded from ``seed`` alone (deals and the policies' choices), so a chunk's figures do not
depend on how many processes play the others.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.errors import BumtableError
from bumtable.rules import Rules, as_climbing
from bumtable.rules.climbing import ClimbingRules
from bumtable.rules.climbing.facts import HandResult

IntArray = npt.NDArray[np.int64]

FAST_BOTS = ("heuristic", "greedy", "random")
"""The bot kinds the compiled engine plays (``greedy`` is the heuristic's other name)."""

INSTALL = "pip install 'bumtable[fast]'"


class FastEngineError(BumtableError, ValueError):
    """The compiled engine cannot run this simulation (no numba, or a bot or game it does not play)."""


def fast_engine() -> Any:
    """The ``bumtable.fast`` package, or a FastEngineError saying how to install it."""
    try:
        import bumtable.fast as fast
        import bumtable.fast.policies  # noqa: F401 (the policies load with it)
    except ModuleNotFoundError as e:
        if e.name != "numba":
            raise
        raise FastEngineError(f"the compiled engine needs numba: {INSTALL}") from None
    return fast


def check_bots(kinds: Sequence[str]) -> None:
    """Refuse, naming the kinds that work, any bot the compiled engine does not play."""
    other = sorted({k for k in kinds if k not in FAST_BOTS})
    if other:
        raise FastEngineError(
            f"the compiled engine plays the bots {', '.join(FAST_BOTS)}, not {', '.join(other)}: "
            "use --engine reference for the others"
        )


def check_rules(rules: Rules) -> None:
    """Refuse, saying why, rules the compiled engine or its heuristic does not play (``simulate`` and the lab
    play The Bum Game on it: President's and Arsehole's play has no compiled heuristic)."""
    from bumtable.fast.policies import policies

    policies(fast_engine().make(rules, observe=False)).check_heuristic()


BATCH = 2048
"""Matches dealt at once (fewer when fewer hands are wanted)."""


@dataclass(frozen=True)
class Hands:
    """Hands played, one row each; seats and roles are numbers (0 is the Boss)."""

    rows: IntArray
    """(rows,): the batch row each hand was played in."""
    match: IntArray
    """(rows,): the match each hand belongs to, numbered from 0 as the matches were dealt."""
    dealt_roles: IntArray
    """(rows, seats): each seat's role when the hand was dealt, before any revolution."""
    roles: IntArray
    """(rows, seats): the roles the hand was played in (after a revolution)."""
    revolution: IntArray
    """(rows,): the seat whose Jokers made a revolution, -1 for none."""
    jokers: IntArray
    """(rows,): the Jokers that seat was dealt (0 without a revolution)."""
    order: IntArray
    """(rows, seats): the seats in going-out order."""
    first: npt.NDArray[np.bool_]
    """(rows,): the hand is its match's first."""
    cancelled: npt.NDArray[np.bool_]
    """(rows,): the dealt Jokers cancelled the hand's exchange."""
    actions: IntArray
    """(rows,): the actions taken in the hand."""
    plays: IntArray
    """(rows,): those that were not a pass."""
    winner: IntArray
    """(rows,): the match's winner where the hand ended the match, else -1."""

    def __len__(self) -> int:
        return int(self.order.shape[0])

    def pick(self, rows: IntArray) -> Hands:
        """These hands, in this order."""
        return Hands(*(getattr(self, f.name)[rows] for f in fields(self)))

    def credited(self, triggers: Sequence[Sequence[int]]) -> IntArray:
        """Per row, the index of the revolution trigger credited (the first whose role is the revolting
        seat's dealt role and whose Jokers it holds), ``len(triggers)`` for none: as the reference study."""
        out = np.full(len(self), len(triggers), dtype=np.int64)
        rows = np.flatnonzero(self.revolution >= 0)
        role = self.dealt_roles[rows, self.revolution[rows]]
        for j in range(len(triggers) - 1, -1, -1):  # the first trigger met is written last
            met = (role == triggers[j][0]) & (self.jokers[rows] >= triggers[j][1])
            out[rows[met]] = j
        return out


@lru_cache(maxsize=8)
def _engine(rules: ClimbingRules, one_hand: bool) -> tuple[Any, Any]:
    """The compiled engine for ``rules`` without observations (stopping at the first hand's end if
    ``one_hand``) and its policies: made once, as the threads and chunks of a run share them."""
    from bumtable.fast.policies import policies

    game = fast_engine().make(rules, observe=False, stop_at_hand_end=one_hand)
    return game, policies(game)


def match_hands(rules: Rules, bots: Sequence[str], seed: int, count: int) -> Iterator[Hands]:
    """``count`` hands of whole matches of ``rules`` (The Bum Game's covered presets) with ``bots[seat]``
    (``random`` or ``heuristic``): as the reference study counts them, each match's hands in order, match
    after match, the last cut short. A batch deals about as many matches as the hands left need (by the
    last batch's length of a match), plays them all to their end, and gives their hands in that order."""
    from bumtable.fast.policies import generators

    check_bots(bots)
    game, plays = _engine(as_climbing(rules), False)
    master = random.Random(seed)
    # a first guess of a match's length (The Bum Game's presets last about 0.85 of their most hands with
    # heuristic bots: 56.6 of 67 at 4 players), then what the last batch played
    per_match = max(1, game.tables.hands * 3 // 4)
    base = game.init(np.arange(min(BATCH, -(-count // per_match))))
    left = count
    dealt = 0
    while left > 0:
        size = min(base.batch, -(-left // per_match))
        state = base if size == base.batch else type(base)(*(getattr(base, f)[:size] for f in base.__slots__))
        gen = generators(master.getrandbits(63), size)
        plays.deal(state, gen)
        game.stop_at_hand_end(state)
        played = list(hands_played(game, plays, state, bots, gen))
        whole = Hands(*(np.concatenate([getattr(h, f.name) for h in played]) for f in fields(Hands)))
        in_order = np.argsort(whole.rows, kind="stable")[:left]  # each match's hands, in the order played
        yield replace(whole.pick(in_order), match=whole.rows[in_order] + dealt)
        per_match = max(1, len(whole) // size)
        left -= len(in_order)
        dealt += size


def hand_results(
    rules: Rules, bots: Sequence[str], seed: int, count: int
) -> Iterator[tuple[int, HandResult]]:
    """:func:`match_hands` as the rules layer's hand results, each with the number of its match: what a study
    counting :class:`HandResult` reads, from the compiled engine."""
    points = as_climbing(rules).points
    n = rules.players
    current, hand_no = -1, 0
    for hands in match_hands(rules, bots, seed, count):
        for match, order, roles, revolution, cancelled in zip(
            hands.match.tolist(),
            hands.order.tolist(),
            hands.roles.tolist(),
            hands.revolution.tolist(),
            hands.cancelled.tolist(),
            strict=True,
        ):
            hand_no = hand_no + 1 if match == current else 1
            current = match
            scored = [0] * n
            for place, p in enumerate(order):
                scored[p] = points[place]
            yield (
                match,
                HandResult(
                    hand_no=hand_no,
                    order=tuple(order),
                    points=tuple(scored),
                    roles=tuple(roles),
                    revolution=revolution >= 0,
                    cancelled_exchange=bool(cancelled),
                ),
            )


def hands_played(game: Any, plays: Any, state: Any, bots: Sequence[str], gen: Any) -> Iterator[Hands]:
    """Every row of ``state`` (stopped at its hands' ends) played by ``bots`` to its match's end, one
    :class:`Hands` per hand played in the rows still going."""
    from bumtable.fast import kernels as k

    t = game.tables
    n = t.players
    back = np.argsort(t.revolution_roles)  # a role after a revolution -> the role before it
    x = k.extra(n)
    while True:
        live = np.flatnonzero(~state.terminated)
        if live.size == 0:
            return
        ints = state.ints
        start = ints[live, k.F_ROLES : k.F_ROLES + n].astype(np.int64)
        at_deal = ints[live, k.F_REVOLT] >= 0  # an automatic revolution is in place once dealt
        first = ints[live, x + k.X_HAND] == 1
        shuffle = ints[live, x + k.X_DRAW] - 1
        taken = ints[live, k.F_NHIST].astype(np.int64)
        plays.playout(state, bots, gen)
        ints = state.ints
        now = ints[live, k.F_NHIST].astype(np.int64)
        step = np.arange(state.history.shape[1])[None, :]
        made = ((state.history[live] != 0) & (step >= taken[:, None]) & (step < now[:, None])).sum(axis=1)
        winner = ints[live, x + k.X_WINNER].astype(np.int64)
        revolution = ints[live, k.F_REVOLT].astype(np.int64)
        declared = (revolution >= 0) & ~at_deal
        dealt_roles = np.where(at_deal[:, None], back[start], start)
        roles = np.where(declared[:, None], t.revolution_roles[start], start)
        jokers = _jokers(state.draws[live, shuffle], t.rank_of_code, dealt_roles, revolution, k.JOKER)
        order = ints[live, k.F_ROLES + 3 * n : k.F_ROLES + 4 * n].astype(np.int64)
        cancelled = ints[live, x + k.X_CANCELLED] != 0
        rows = live.astype(np.int64)
        yield Hands(
            rows,
            rows,
            dealt_roles,
            roles,
            revolution,
            jokers,
            order,
            first,
            cancelled,
            now - taken,
            made,
            winner,
        )
        game.next_hand(state)


def first_deals(rules: Rules, seed: int, count: int) -> Iterator[Hands]:
    """``count`` first deals of matches of ``rules`` (roles from the cut, revolutions as the rules make
    them), none played: ``order`` is -1 throughout."""
    fast = fast_engine()
    from bumtable.fast import kernels as k
    from bumtable.fast.policies import generators, policies

    game = fast.make(rules, observe=False, stop_at_hand_end=True)
    plays = policies(game)
    t = game.tables
    n = t.players
    back = np.argsort(t.revolution_roles)
    size = min(count, BATCH)
    state = game.init(np.arange(size))
    master = random.Random(seed)  # batches seeded as match_hands seeds them: its matches' first deals
    left = count
    while left > 0:
        gen = generators(master.getrandbits(63), size)
        plays.deal(state, gen)
        take = min(left, size)
        ints = state.ints[:take]
        start = ints[:, k.F_ROLES : k.F_ROLES + n].astype(np.int64)
        revolution = ints[:, k.F_REVOLT].astype(np.int64)
        dealt_roles = np.where((revolution >= 0)[:, None], back[start], start)
        shuffle = ints[:, k.extra(n) + k.X_DRAW] - 1
        decks = state.draws[np.arange(take), shuffle]
        jokers = _jokers(decks, t.rank_of_code, dealt_roles, revolution, k.JOKER)
        order = np.full((take, n), -1, dtype=np.int64)
        cancelled = ints[:, k.extra(n) + k.X_CANCELLED] != 0
        rows = np.arange(take)
        first = np.ones(take, dtype=np.bool_)
        match = rows + (count - left)
        none = np.zeros(take, dtype=np.int64)
        yield Hands(
            rows, match, dealt_roles, start, revolution, jokers, order, first, cancelled, none, none, none - 1
        )
        left -= take


def _jokers(decks: Any, rank_of: Any, dealt_roles: IntArray, revolution: IntArray, joker: int) -> IntArray:
    """The Jokers each row's revolting seat was dealt (0 where none revolted): the deal gives card ``c`` of
    the shuffle to the seat in role ``c % seats``."""
    n = dealt_roles.shape[1]
    is_joker = rank_of[decks.astype(np.int64)] == joker  # (rows, cards)
    role_of_card = np.arange(decks.shape[1]) % n
    mine = dealt_roles[np.arange(len(revolution)), np.maximum(revolution, 0)]  # the revolting seat's role
    counted = (is_joker & (role_of_card[None, :] == mine[:, None])).sum(axis=1)
    return np.where(revolution >= 0, counted, 0).astype(np.int64)
