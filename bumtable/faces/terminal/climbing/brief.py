"""A climbing turn in two lines, shown in place of the whole table once a hand is under way."""

from __future__ import annotations

from rich.console import RenderableType
from rich.text import Text

from bumtable.faces.terminal import common
from bumtable.faces.terminal.climbing.hand import exchange_decision, give_partner
from bumtable.faces.terminal.climbing.render import (
    follow_how,
    hand_text,
    play_text,
    reversals,
    with_role,
)
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.rules.climbing import ClimbingObservation
from bumtable.rules.phases import EXCHANGE, REVOLUTION
from bumtable.words import ordinal


def _situation(obs: ClimbingObservation, seats: Seats) -> Text:
    rules = obs.rules
    head = Text(f"Hand {obs.hand_no}{' · ' if common.fancy() else ' | '}")
    if obs.phase == EXCHANGE:
        k = obs.give_count
        partner = give_partner(obs)
        whom = "" if partner is None else f" to {with_role(seats, partner, obs)}"
        head.append(f"card exchange: give {count_word(k)} card{'s' if k != 1 else ''} of your choice{whom}.")
        return head
    if obs.phase == REVOLUTION:
        head.append("you were dealt enough Jokers to declare a revolution. Do you?")
        return head
    if obs.top is None:
        head.append("you lead a new trick: play any cards that make a play (the leader cannot pass).")
        return head
    codes = next((cs for p, a, cs in reversed(obs.trick) if not a.is_pass), ())
    head.append("to beat: ")
    head.append_text(play_text(rules, obs.top, codes))
    head.append(f" by {seats.name(obs.top_player)}{follow_how(obs)}, or pass.")
    for line in reversals(obs):
        head.append(f" {line}")
    return head


def _counts(obs: ClimbingObservation, seats: Seats) -> Text:
    order = list(obs.order)
    me = obs.seat if obs.seat in order else order[0]
    start = order.index(me)
    sep = " · " if common.fancy() else " | "
    parts = []
    for i in range(1, len(order) + 1):
        p = order[(start + i * (1 if obs.direction > 0 else -1)) % len(order)]
        if p == obs.seat:
            continue
        left = obs.card_counts[p]
        if left:
            parts.append(f"{seats.name(p)} {left}")
        elif p in obs.losers:
            parts.append(f"{seats.name(p)} out last")
        else:
            parts.append(f"{seats.name(p)} out {ordinal(obs.finished.index(p) + 1)}")
    return Text("Cards left: " + sep.join(parts))


def turn_brief(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    """What is decided or to beat, then the others' cards left and the hand (an exchange told in full).

    >>> from bumtable.rules import get
    >>> state = get("president", players=4).new_state(seed=5)
    >>> state.apply(state.legal_actions()[0])
    >>> first, second = map(str, turn_brief(state.observe(0), Seats.numbered(4, 0)))
    >>> first.endswith("by P2: play equal or higher, or pass."), second.startswith("Cards left: P1 13")
    (True, True)
    """
    if obs.phase == EXCHANGE and obs.seat is not None:
        return [_situation(obs, seats), *exchange_decision(obs, seats)[1:]]
    second = _counts(obs, seats)
    if obs.hand is not None:
        second.append(f"{' · ' if common.fancy() else ' | '}Your hand ({len(obs.hand)}): ")
        second.append_text(hand_text(obs.rules, obs.hand))
    return [_situation(obs, seats), second]
