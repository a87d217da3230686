"""What the compiled kernels read of one rules object, worked out once in Python from the rules layer itself.

Codes come from ``rules.action_space()``: every play of the space is looked up by its shape, so the kernels
write the rules' own codes. Options the kernels do not play are refused by name (:func:`covered`).

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4, rounds=1)
>>> t = build(rules)
>>> code = t.set_code(9, 2, 1, 0)  # two Queens and a Two
>>> t.size, t.players, t.ends_match, code == rules.action_space().encode(rules.parse_action("Q Q 2"))
(895, 4, True, True)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from bumtable.cards.french import Card
from bumtable.errors import RulesError
from bumtable.rules import Rules, get
from bumtable.rules.climbing.plays import DECLARE, DECLINE, GIVE, PASS, SEQUENCE, SET
from bumtable.tensors import planes_for

PLAYERS = 4
"""The player count of the first covered preset (``ints``' ``F_*`` columns are laid out for it)."""
RANKS = 14
TWO = 12
JOKER = 13
MAX_NATURAL = 5  # 4 players: index 0..4 of natural cards in a set
MAX_TWOS = 5
MAX_JOKERS = 3
MAX_WIDTH = 5
HISTORY = 256  # a hand of 54 cards takes at most 54 plays and 3 passes after each

COVERED = (
    "The Bum Game (bum-game) for 3 to 12 players, whole matches: the cut, the deals, revolutions (automatic "
    "or declared), the exchange of lowest and best cards, sets with Twos and Jokers wild, natural sequences, "
    "scores to the target or the rounds. Options that may differ from the preset: exchange, exchange_order, "
    "exchange_pairs, exchange_keep_jokers, exchange_cancel_triggers, leader, "
    "revolution_triggers, revolution_roles, revolution_declare, target, rounds, target_winner, rounds_winner "
    "(variants optional-revolution, single-session, one-hour, bum-only, simultaneous-exchange, "
    "highest-total-wins); President (president) for 3 to 8 and its variant must-play; Parlett's Arsehole "
    "(arsehole) for 3 to 8 and its variants two-card-exchange, bum-leads and final-position"
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
    "revolution_declare",
    "target",
    "rounds",
    "target_winner",
    "rounds_winner",
}
"""Options the kernels read (the rest must be the preset's)."""

SYSTEMS = {"bum-game": (3, 12), "president": (3, 8), "arsehole": (3, 8)}
"""The games the kernels play, with their player counts."""

_FREE_BY = {
    "bum-game": _FREE,
    "president": {"must_play", "rounds", "target"},
    "arsehole": {"exchange_pairs", "leader", "target", "rounds", "rounds_winner"},
}

# The header of ``Tables.tab``: where each number sits.
H_SIZE, H_SET, H_SEQ, H_KIND, H_RANK, H_PSIZE, H_WIDTH, H_NEED = range(8)
H_SN, H_ST, H_SJ, H_WD = 8, 9, 10, 11  # set table dimensions (natural, Twos, Jokers), sequence widths
H_PLAYERS, H_RANKS, H_TWO, H_JOKER = 12, 13, 14, 15
H_EXCHANGE, H_ORDER, H_KEEP_JOKERS = 16, 17, 18  # order: 0 higher-first, 1 lower-first, 2 simultaneous
H_OPTIONAL, H_DECLARE, H_DECLINE, H_LEADER = 19, 20, 21, 22  # leader: the role that leads later hands
H_TARGET, H_ROUNDS, H_TARGET_WINNER, H_ROUNDS_WINNER = 23, 24, 25, 26
H_NPAIRS, H_PAIRS, H_NTRIG, H_TRIG, H_NCANCEL, H_CANCEL, H_POINTS, H_NEWROLES = range(27, 35)
# President's and Arsehole's: seats shuffled, no roles before the first hand; who leads the first hand and the
# later ones (LEAD_*); the lead card's code; the higher role chooses its gift, the lower role's card kept;
# equal ranks follow, a pass sits out the trick, four of a value end it, the wipe card's rank (-1 none) and
# whether going out with it loses; a player must play if able; Twos and Jokers wild; the gifts' codes
H_SEAT_RANDOM, H_NO_CUT, H_FIRST_LEADER, H_LEAD_CODE, H_CHOICE, H_LOW_KEEP = range(35, 41)
H_EQUAL_OK, H_PASS_FINAL, H_FOUR, H_WIPE, H_WIPE_LOSES, H_MUST_PLAY = range(41, 47)
H_WILD_TWOS, H_WILD_JOKERS, H_GIVE1, H_GIVE2 = range(47, 51)
HEADER = 56
LEAD_BOSS, LEAD_BUM, LEAD_ELDEST, LEAD_DEALER, LEAD_CARD = range(5)
_LEADS = {"boss": LEAD_BOSS, "bum": LEAD_BUM, "eldest": LEAD_ELDEST, "dealer": LEAD_DEALER, "card": LEAD_CARD}

_ORDERS = {"higher-first": 0, "lower-first": 1, "simultaneous": 2}


def set_index(rank: int, natural: int, twos: int, jokers: int, dims: tuple[int, int, int] = (5, 5, 3)) -> int:
    """Where a set of ``rank`` made of these cards sits in the set table (``dims``: its natural, Two and
    Joker sizes; 4 players' by default)."""
    sn, st, sj = dims
    return ((rank * sn + natural) * st + twos) * sj + jokers


def seq_index(lo: int, hi: int, width: int, widths: int = MAX_WIDTH, ranks: int = RANKS) -> int:
    """Where a sequence from ``lo`` to ``hi`` of ``width`` cards a rank sits in the sequence table."""
    return (lo * ranks + hi) * widths + width


@dataclass(frozen=True, slots=True)
class Tables:
    """One int32 array the kernels read (``tab``: a header, then tables at the ``*_at`` offsets), and the rest."""

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
    """The first hand always ends the match (``rounds=1``, or a target the first hand reaches)."""
    players: int
    ranks: int
    hands: int
    """The most hands a match can take (the shuffles dealt from after the cut)."""
    hand_history: int
    """The most actions one hand can take."""

    def set_code(self, rank: int, natural: int, twos: int, jokers: int) -> int:
        """The code of a set of ``rank`` of these cards (-1 if the space has none)."""
        dims = (int(self.tab[H_SN]), int(self.tab[H_ST]), int(self.tab[H_SJ]))
        return int(self.tab[self.set_at + set_index(rank, natural, twos, jokers, dims)])


def covered(rules: Rules) -> None:
    """Refuse, naming what is covered, rules the compiled engine does not play exactly."""
    system, players = getattr(rules, "system", None), getattr(rules, "players", None)
    low, high = SYSTEMS.get(system or "", (0, -1))
    if not isinstance(players, int) or not low <= players <= high:
        name = system or type(rules).__name__
        raise RulesError(
            f"the compiled engine does not play {name} for {players or '?'}; it covers: {COVERED}"
        )
    assert system is not None
    preset = get(system, players=players).to_dict()
    free = _FREE_BY[system]
    differ = sorted(k for k, v in rules.to_dict().items() if k not in free and preset.get(k) != v)
    r: Any = rules
    if not r.target and not r.rounds:
        differ.append("target=0 with rounds=0")
    if r.exchange_high_gives == "choice" and any(k > 2 for _, _, k in r.exchange_pairs):
        differ.append("a chosen gift of more than 2 cards")
    if differ:
        raise RulesError(
            f"the compiled engine does not play these options: {', '.join(differ)}; it covers: {COVERED}"
        )


def most_hands(rules: Any) -> int:
    """The most hands a match can take: its rounds, or enough for the top score to reach the target."""
    bounds = []
    if rules.rounds:
        bounds.append(int(rules.rounds))
    if rules.target:
        total = sum(rules.points)
        bounds.append(math.ceil(rules.target * rules.players / total) if total > 0 else 10**6)
    return max(1, min(bounds))


def build(rules: Rules) -> Tables:
    """The tables for ``rules`` (a RulesError naming what is covered for anything else)."""
    covered(rules)
    r: Any = rules
    space = r.action_space()
    size = space.size
    n, ranks = int(r.players), int(r.tables.n_ranks)
    deck_counts = np.bincount(np.array(r.tables.rank_of_code)[list(r.deck_codes)], minlength=ranks)
    jokers = int(deck_counts[JOKER]) if ranks > JOKER else 0
    sn, st, sj = int(deck_counts.max()) + 1, int(deck_counts[TWO]) + 1, jokers + 1
    wd = int(deck_counts.max()) + 1
    set_at = HEADER
    seq_at = set_at + ranks * sn * st * sj
    kind_at = seq_at + ranks * ranks * wd
    rank_at, size_at, width_at = kind_at + size, kind_at + 2 * size, kind_at + 3 * size
    need_at = kind_at + 4 * size
    pairs = np.array(r.exchange_pairs, dtype=np.int32).reshape(-1, 3)
    triggers = np.array(r.revolution_triggers, dtype=np.int32).reshape(-1, 2)
    cancel = np.array(r.exchange_cancel_triggers, dtype=np.int32).reshape(-1, 2)
    points = np.array(r.points, dtype=np.int32)
    new_roles = np.array(r.revolution_roles, dtype=np.int32)
    give1_at = need_at + ranks * size
    give2_at = give1_at + ranks
    pairs_at = give2_at + ranks * ranks
    trig_at = pairs_at + pairs.size
    cancel_at = trig_at + triggers.size
    points_at = cancel_at + cancel.size
    newroles_at = points_at + n
    tab = np.full(newroles_at + n, -1, dtype=np.int32)
    tab[need_at:give1_at] = 0
    tab[:HEADER] = 0
    tab[:8] = (size, set_at, seq_at, kind_at, rank_at, size_at, width_at, need_at)
    tab[H_SN], tab[H_ST], tab[H_SJ], tab[H_WD] = sn, st, sj, wd
    tab[H_PLAYERS], tab[H_RANKS], tab[H_TWO], tab[H_JOKER] = n, ranks, TWO, JOKER
    tab[H_EXCHANGE] = int(bool(r.exchange))
    tab[H_ORDER] = _ORDERS[r.exchange_order]
    tab[H_KEEP_JOKERS] = int(bool(r.exchange_keep_jokers))
    tab[H_OPTIONAL] = int(r.revolution_declare == "optional")
    tab[H_LEADER] = _LEADS[r.leader]
    tab[H_SEAT_RANDOM] = int(r.seating == "random")
    tab[H_NO_CUT] = int(r.first_roles == "none")
    tab[H_FIRST_LEADER] = _LEADS[r.first_leader]
    tab[H_LEAD_CODE] = int(Card.parse(r.lead_card)) if r.first_leader == "card" else -1
    tab[H_CHOICE] = int(r.exchange_high_gives == "choice")
    tab[H_LOW_KEEP] = next(iter(r.tables.low_keeps), -1)
    tab[H_EQUAL_OK] = int(r.tables.equal_ok)
    tab[H_PASS_FINAL] = int(bool(r.pass_final))
    tab[H_FOUR] = int(bool(r.four_of_a_value))
    tab[H_WIPE] = int(r.tables.wipe)
    tab[H_WIPE_LOSES] = int(bool(r.wipe_last_loses))
    tab[H_MUST_PLAY] = int(bool(r.must_play))
    wild = {(str(a), str(b)) for a, b in r.wilds}
    tab[H_WILD_TWOS] = int(("2", "A") in wild)
    tab[H_WILD_JOKERS] = int(("JK", "2") in wild)
    tab[H_GIVE1], tab[H_GIVE2] = give1_at, give2_at
    tab[H_TARGET], tab[H_ROUNDS] = int(r.target), int(r.rounds)
    tab[H_TARGET_WINNER] = int(r.target_winner == "highest-total")
    tab[H_ROUNDS_WINNER] = int(r.rounds_winner == "last-hand")
    tab[H_NPAIRS], tab[H_PAIRS] = len(pairs), pairs_at
    tab[H_NTRIG], tab[H_TRIG] = len(triggers), trig_at
    tab[H_NCANCEL], tab[H_CANCEL] = len(cancel), cancel_at
    tab[H_POINTS], tab[H_NEWROLES] = points_at, newroles_at
    tab[pairs_at:trig_at] = pairs.reshape(-1)
    tab[trig_at:cancel_at] = triggers.reshape(-1)
    tab[cancel_at:points_at] = cancel.reshape(-1)
    tab[points_at:newroles_at] = points
    tab[newroles_at:] = new_roles
    most_cards = 0
    for code, play in enumerate(space.actions):
        if play.kind == PASS:
            if code != 0:
                raise RulesError(f"pass has code {code}, not 0")
        elif play.kind == SET:
            natural = play.cards.count(play.rank)
            twos = play.cards.count(TWO) if play.rank != TWO else 0
            jokers = play.cards.count(JOKER) if play.rank != JOKER else 0
            tab[set_at + set_index(play.rank, natural, twos, jokers, (sn, st, sj))] = code
        elif play.kind == SEQUENCE:
            lo = play.rank - play.length + 1
            tab[seq_at + seq_index(lo, play.rank, play.width, wd, ranks)] = code
        elif play.kind == DECLARE:
            tab[H_DECLARE] = code
        elif play.kind == DECLINE:
            tab[H_DECLINE] = code
        elif play.kind == GIVE:
            gift = sorted(play.cards)
            if len(gift) == 1:
                tab[give1_at + gift[0]] = code
            elif len(gift) == 2:
                tab[give2_at + gift[0] * ranks + gift[1]] = code
        else:
            raise RulesError(f"the compiled engine has no {play.kind_name} actions; it covers: {COVERED}")
        tab[kind_at + code] = play.kind
        tab[rank_at + code] = play.rank
        tab[size_at + code] = play.size
        tab[width_at + code] = play.width
        for c in play.cards:
            tab[need_at + code * ranks + c] += 1
        most_cards = max(most_cards, play.size)
    planes = planes_for(rules)
    names = ("hand", "played", "counts", "top", "top_size", "top_player", "passes", "roles", "flags", "phase")
    obs_at = np.array([planes.block(x).start for x in (*names, "known", "sat_out", "give")], dtype=np.int32)
    ends = r.rounds == 1 or 0 < r.target <= max(r.points)
    deck = len(r.deck_codes)
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
        triggers=triggers,
        revolution_roles=new_roles,
        obs_at=obs_at,
        obs_size=planes.size,
        ends_match=bool(ends),
        players=n,
        ranks=ranks,
        hands=most_hands(r),
        hand_history=max(HISTORY, deck * n + 2 * n),
    )
