"""What the compiled kernels read of one rules object, worked out once in Python from the rules layer itself.

Codes come from ``rules.action_space()``: every play of the space is looked up by its shape, so the kernels
write the rules' own codes. Options the kernels do not play are refused by name (:func:`covered`).

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4, rounds=1)
>>> t = build(rules)
>>> code = int(t.tab[t.set_at + set_index(9, 2, 1, 0)])  # two Queens and a Two
>>> t.size, t.ends_match, code == rules.action_space().encode(rules.parse_action("Q Q 2"))
(895, True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.errors import RulesError
from bumtable.rules import Rules, get
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET
from bumtable.tensors import planes_for

PLAYERS = 4
RANKS = 14
TWO = 12
JOKER = 13
MAX_NATURAL = 5  # index 0..4 of natural cards in a set
MAX_TWOS = 5
MAX_JOKERS = 3
MAX_WIDTH = 5
HISTORY = 256  # a hand of 54 cards takes at most 54 plays and 3 passes after each

COVERED = (
    "The Bum Game for 4 (bum-game, players=4), its first hand: the cut, the deal, an automatic revolution, "
    "sets with Twos and Jokers wild, natural sequences. Options that may differ from the preset: exchange, "
    "exchange_order, exchange_pairs, exchange_keep_jokers, exchange_cancel_triggers, leader, "
    "revolution_triggers, revolution_roles, target (0 or above 3), rounds, target_winner, rounds_winner "
    "(variants single-session, one-hour, bum-only, simultaneous-exchange, highest-total-wins)"
)
"""What the compiled engine plays, said in every refusal."""

_FREE = {
    "exchange",
    "exchange_order",
    "exchange_pairs",
    "exchange_keep_jokers",
    "exchange_cancel_triggers",
    "leader",
    "revolution_triggers",
    "revolution_roles",
    "target",
    "rounds",
    "target_winner",
    "rounds_winner",
}
"""Options that do not change the first hand's play (the exchange and the scores come after it)."""


def set_index(rank: int, natural: int, twos: int, jokers: int) -> int:
    """Where a set of ``rank`` made of these cards sits in the set table."""
    return ((rank * MAX_NATURAL + natural) * MAX_TWOS + twos) * MAX_JOKERS + jokers


def seq_index(lo: int, hi: int, width: int) -> int:
    """Where a sequence from ``lo`` to ``hi`` of ``width`` cards a rank sits in the sequence table."""
    return (lo * RANKS + hi) * MAX_WIDTH + width


@dataclass(frozen=True, slots=True)
class Tables:
    """One int32 array the kernels read (``tab``; the ``*_at`` fields are offsets into it), and the rest."""

    rules: Any
    size: int
    tab: npt.NDArray[np.int32]
    set_at: int
    seq_at: int
    kind_at: int
    rank_at: int
    size_at: int
    width_at: int
    need_at: int
    rank_of_code: npt.NDArray[np.int32]
    deck: npt.NDArray[np.int8]
    triggers: npt.NDArray[np.int32]
    revolution_roles: npt.NDArray[np.int32]
    obs_at: npt.NDArray[np.int32]
    obs_size: int
    ends_match: bool
    """The hand ends the match (``rounds=1``, or a target the hand reaches): else the first hand is played."""


def covered(rules: Rules) -> None:
    """Refuse, naming what is covered, rules the compiled engine does not play exactly."""
    if getattr(rules, "system", None) != "bum-game" or getattr(rules, "players", None) != PLAYERS:
        name = getattr(rules, "system", type(rules).__name__)
        players = getattr(rules, "players", "?")
        raise RulesError(f"the compiled engine does not play {name} for {players}; it covers: {COVERED}")
    preset = get("bum-game", players=PLAYERS).to_dict()
    differ = sorted(k for k, v in rules.to_dict().items() if k not in _FREE and preset.get(k) != v)
    target = int(getattr(rules, "target", 0))
    if 0 < target <= 3 and int(getattr(rules, "rounds", 0)) != 1:
        differ.append("target")
    if differ:
        raise RulesError(
            f"the compiled engine does not play these options: {', '.join(differ)}; it covers: {COVERED}"
        )


def build(rules: Rules) -> Tables:
    """The tables for ``rules`` (a RulesError naming what is covered for anything else)."""
    covered(rules)
    r: Any = rules
    space = r.action_space()
    size = space.size
    set_at = 16
    seq_at = set_at + RANKS * MAX_NATURAL * MAX_TWOS * MAX_JOKERS
    kind_at = seq_at + RANKS * RANKS * MAX_WIDTH
    rank_at, size_at, width_at = kind_at + size, kind_at + 2 * size, kind_at + 3 * size
    need_at = kind_at + 4 * size
    tab = np.full(need_at + RANKS * size, -1, dtype=np.int32)
    tab[need_at:] = 0
    tab[:8] = (size, set_at, seq_at, kind_at, rank_at, size_at, width_at, need_at)
    for code, play in enumerate(space.actions):
        if play.kind == PASS:
            if code != 0:
                raise RulesError(f"pass has code {code}, not 0")
        elif play.kind == SET:
            natural = play.cards.count(play.rank)
            twos = play.cards.count(TWO) if play.rank != TWO else 0
            jokers = play.cards.count(JOKER) if play.rank != JOKER else 0
            tab[set_at + set_index(play.rank, natural, twos, jokers)] = code
        elif play.kind == SEQUENCE:
            tab[seq_at + seq_index(play.rank - play.length + 1, play.rank, play.width)] = code
        else:
            raise RulesError(f"the compiled engine has no {play.kind_name} actions; it covers: {COVERED}")
        tab[kind_at + code] = play.kind
        tab[rank_at + code] = play.rank
        tab[size_at + code] = play.size
        tab[width_at + code] = play.width
        for c in play.cards:
            tab[need_at + code * RANKS + c] += 1
    planes = planes_for(rules)
    names = ("hand", "played", "counts", "top", "top_size", "top_player", "passes", "roles", "flags", "phase")
    obs_at = np.array([planes.block(n).start for n in names], dtype=np.int32)
    ends = r.rounds == 1 or 0 < r.target <= max(r.points)
    return Tables(
        rules=rules,
        size=size,
        tab=tab,
        set_at=set_at,
        seq_at=seq_at,
        kind_at=kind_at,
        rank_at=rank_at,
        size_at=size_at,
        width_at=width_at,
        need_at=need_at,
        rank_of_code=np.array(r.tables.rank_of_code, dtype=np.int32),
        deck=np.array(r.deck_codes, dtype=np.int8),
        triggers=np.array(r.revolution_triggers, dtype=np.int32).reshape(-1, 2),
        revolution_roles=np.array(r.revolution_roles, dtype=np.int32),
        obs_at=obs_at,
        obs_size=planes.size,
        ends_match=bool(ends),
    )
