"""What one seat may know of a climbing game.

An observation holds the seat's own hand, everything played in public this hand,
each seat's role, score and card count, the exchange as that seat saw it (the
cards it gave and got; for other pairs only how many cards moved), and the
latest finished hand. A revolution is public, with the Jokers it revealed.
States sampled to fit an observation are made in :mod:`~bumtable.rules.climbing.sample`.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> obs = state.observe(0)
>>> len(obs.hand) == obs.card_counts[0], obs.legal_actions() == ()
(True, True)
>>> state.observe(state.current_player()).legal_actions() == state.legal_actions()
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields
from itertools import chain
from typing import TYPE_CHECKING, Any

from bumtable.cards.french import Card
from bumtable.errors import IllegalActionError
from bumtable.rules.climbing.movegen import give_plays, turn_plays
from bumtable.rules.climbing.plays import DECLARE_PLAY, DECLINE_PLAY, Play
from bumtable.rules.climbing.state import (
    ClimbingState,
    HandResult,
    Revolution,
    SeenTransfer,
    Transfer,
    wipe_or_pass,
)
from bumtable.rules.phases import DEAL, EXCHANGE, PLAY, REVOLUTION

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingRules

TrickEntry = tuple[int, Play, tuple[int, ...]]


@dataclass(frozen=True, slots=True)
class ClimbingObservation:
    """One seat's view (``seat`` None: a spectator, who sees no hand)."""

    rules: ClimbingRules
    seat: int | None
    hand_no: int
    phase: str
    """A shared phase name; ``deal`` while another seat privately decides on a revolution."""
    turn: int | None
    leader: int
    roles: tuple[int, ...]
    roles_assigned: bool
    """False in a first hand played before anyone has a role (President)."""
    order: tuple[int, ...]
    """Players in clockwise order round the table."""
    scores: tuple[int, ...]
    card_counts: tuple[int, ...]
    hand: tuple[int, ...] | None
    top: Play | None
    top_player: int
    passes: int
    trick: tuple[TrickEntry, ...]
    played: tuple[tuple[int, tuple[int, ...]], ...]
    """Every play of this hand: (player, card codes)."""
    finished: tuple[int, ...]
    losers: tuple[int, ...]
    """Players who went out with the wipe card and so finish last (President's 3 of clubs)."""
    sat_out: tuple[bool, ...]
    """Players who passed and sit out the rest of this trick (rules with ``pass_final``)."""
    revolution: Revolution | None
    cancelled_exchange: bool
    transfers: tuple[SeenTransfer, ...]
    cut: tuple[tuple[tuple[int, int], ...], ...]
    last_result: HandResult | None
    """The latest finished hand (None before the first ends)."""
    winner: int | None
    give_count: int = 0
    """Cards the seat must choose to give now (exchange phase), else 0."""
    dealer: int = 0
    direction: int = 1
    """1 while play goes round the table in seat order, -1 after a reversal of direction."""
    inverted: bool = False
    """True while the ranking is reversed (each play must rank lower)."""

    legal: tuple[Play, ...] = ()
    """The seat's legal actions when it is to act, else empty (:func:`legal_from` works them out from
    the rest; ``observe`` takes the state's own, already worked out for the player to act)."""

    def legal_actions(self) -> tuple[Play, ...]:
        """The seat's legal actions when it is to act (else ``()``): the state's."""
        return self.legal

    def team_of(self, player: int) -> int:
        """The player's team (partnership rules: by place at the table), else the player's own number."""
        teams = self.rules.teams
        return teams[self.order.index(player)] if teams else player

    def role_name(self, player: int) -> str:
        """The player's role, or "no role" before roles exist."""
        return self.rules.roles[self.roles[player]] if self.roles_assigned else "no role"

    def hand_cards(self) -> list[Card]:
        return [Card(c) for c in self.hand or ()]

    def to_dict(self) -> dict[str, Any]:
        """The wire form: JSON-ready, naming the system (not carrying the rules), with the legal actions as
        text and code; :func:`~bumtable.rules.climbing.observation_json.observation_from_dict` reads it back."""
        from bumtable.rules.climbing.observation_json import observation_to_dict

        return observation_to_dict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any], rules: ClimbingRules) -> ClimbingObservation:
        """An observation from :meth:`to_dict` output and the rules it was made under."""
        from bumtable.rules.climbing.observation_json import observation_from_dict

        return observation_from_dict(data, rules)


def observe(state: ClimbingState, seat: int | None) -> ClimbingObservation:
    """The observation of ``seat`` (None for a spectator)."""
    n = state.rules.players
    if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
        raise IllegalActionError(f"no seat {seat!r}: seats are 0 to {n - 1}")
    phase, turn = state.phase, state.current_player()
    if phase == REVOLUTION and seat != turn:
        # Whether to declare is a private decision: others only see that the hand is being set up.
        phase, turn = DEAL, None
    results = state.results
    return _make(
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
        None if seat is None else tuple(chain.from_iterable(state.hands[seat])),
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
        tuple([seen_transfer(t, seat) for t in state.transfers]),
        state.cut,
        results[-1] if results else None,
        state.winner,
        state.exchange_queue[0][2] if phase == EXCHANGE and seat == turn else 0,
        state.dealer,
        state.direction,
        state.inverted,
        state.legal_actions() if seat is not None and seat == turn else (),
    )


def legal_from(obs: ClimbingObservation) -> tuple[Play, ...]:
    """The seat's legal actions worked out from what the observation shows (for observations read back)."""
    if obs.seat is None or obs.seat != obs.turn or obs.hand is None:
        return ()
    if obs.phase == REVOLUTION:
        return (DECLARE_PLAY, DECLINE_PLAY)
    if obs.phase not in (EXCHANGE, PLAY):
        return ()
    t = obs.rules.tables
    by_rank: list[list[int]] = [[] for _ in range(t.n_ranks)]
    rank = t.rank_of_code
    for c in obs.hand:
        by_rank[rank[c]].append(c)
    counts = [len(x) for x in by_rank]
    if obs.phase == EXCHANGE:
        return tuple(give_plays(counts, obs.give_count))
    plays = turn_plays(counts, t, obs.top, must_play=obs.rules.must_play, hand=by_rank, inverted=obs.inverted)
    return wipe_or_pass(plays, t.wipe) if obs.sat_out[obs.seat] else tuple(plays)


_SETTERS = tuple(getattr(ClimbingObservation, f.name).__set__ for f in fields(ClimbingObservation))


def _make(*values: Any) -> ClimbingObservation:
    """An observation from every field's value, in field order.

    The same as calling the class, three times faster: a frozen dataclass's ``__init__`` sets each
    of its 31 fields through ``object.__setattr__``, and an observation is made for every bot
    decision, so this fills the slots directly.
    """
    obs: ClimbingObservation = object.__new__(ClimbingObservation)
    for put, value in zip(_SETTERS, values, strict=True):
        put(obs, value)
    return obs


def seen_transfer(t: Transfer, seat: int | None) -> SeenTransfer:
    """A transfer as ``seat`` saw it: the cards only for giver and receiver."""
    return t.shown if seat == t.giver or seat == t.receiver else t.hidden


def sample_state(obs: ClimbingObservation, rng: random.Random) -> ClimbingState:
    """A full state whose observation for ``obs.seat`` is ``obs`` (see :mod:`~bumtable.rules.climbing.sample`)."""
    from bumtable.rules.climbing.sample import sample_state as sample

    return sample(obs, rng)
