"""The facts the rules work out for the faces, which each family's wire form must carry: a face only shows them,
so each must be what the rules do.

* ``bid_worth`` (Boojum): each player's bid, counted as the rules count a bid;
* ``starving`` (Gin Bummy): exactly the legal actions after which the seat to act starves, each with the cards
  it is left with, found by taking every legal action on a copy of the state and reading its ``starve`` event;
* an event's ``rank`` (the climbing games): on a trick ended by four of a value, the rank the trick's last four
  cards share, counted from its plays; on no other event.

:func:`wire_facts_problem` says what is wrong (None: nothing); the conformance checker
(:mod:`~bumtable.rules.conformance`) calls it.

>>> from bumtable.rules import get
>>> from bumtable.rules.gin_bummy.position import position
>>> wire_facts_problem(get("boojum", players=4).new_state(seed=5)) is None
True
>>> state = position(get("gin-bummy", players=2), ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c"])
>>> state.observe(0).to_dict()["starving"]["joker JK 2s"], wire_facts_problem(state) is None
(3, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bumtable.rules.boojum.bids import bid_value
from bumtable.rules.climbing.events import FOUR_OF_A_VALUE
from bumtable.rules.climbing.plays import SET
from bumtable.rules.events import DEAL, HAND_OVER, PLAY, TRICK, Event
from bumtable.rules.gin_bummy.events import STARVE
from bumtable.rules.protocol import AnyState
from bumtable.rules.registry import family_of


def wire_facts_problem(state: AnyState) -> str | None:
    """What is wrong with a derived fact in the wire form of the seat to act's observation or a spectator's, or
    in the events' ranks; None: nothing."""
    seat = state.current_player()
    for viewer in (seat, None) if seat is not None else (None,):
        obs = state.observe(viewer)
        data = obs.to_dict()
        who = "a spectator" if viewer is None else f"seat {viewer}"
        for key, check in CHECKS.get(family_of(state.rules).name, {}).items():
            if key not in data:
                return f"the wire form for {who} lacks {key!r}"
            problem = check(state, obs, data[key])
            if problem is not None:
                return f"the wire form's {key!r} for {who}: {problem}"
    return _ranks_told(state)


def _ranks_told(state: AnyState) -> str | None:
    """Each trick ended by four of a value names the rank its plays end on four of; no other event names one."""
    plays: list[Event] = []
    for event in state.events(None):
        if event.kind == PLAY:
            plays.append(event)
        elif event.kind in (DEAL, HAND_OVER):
            plays = []
        elif event.kind == TRICK and event.text == FOUR_OF_A_VALUE:
            problem = _four_of_a_value(state, plays, event.rank)
            if problem is not None:
                return f"the trick event {event.seq} (four of a value): {problem}"
            plays = []
            continue
        elif event.kind == TRICK:
            plays = []
        if event.rank is not None:
            return f"the {event.kind} event {event.seq} ({event.text!r}) names a rank, {event.rank!r}"
    return None


def _four_of_a_value(state: AnyState, plays: list[Event], rank: str | None) -> str | None:
    """The rank the trick's plays (a set counts as its rank, a sequence as its cards) end on four of."""
    rules: Any = state.rules
    values: list[int] = []
    for event in plays:
        play = rules.parse_action(event.text)
        values += [play.rank] * play.size if play.kind == SET else list(play.cards)
    last = [rules.tables.symbols[v] for v in values[-4:]]
    if len(last) < 4 or len(set(last)) != 1:
        return f"the trick's last four cards are {last}, not four of a value"
    if rank != last[-1]:
        return f"it names the rank {rank!r}, but the trick's plays end on four {last[-1]}s"
    return None


def _bid_worth(state: AnyState, obs: Any, sent: Any) -> str | None:
    """Each player's bid counted as the rules count it (cards, then pips)."""
    counted = [bid_value(bid, obs.rules.tables) for bid in obs.bids]
    expected = [{"cards": cards, "pips": pips} for cards, pips in counted]
    if sent != expected:
        return f"it sends {sent}, but the rules count the bids {expected}"
    return None


def _starving(state: AnyState, obs: Any, sent: Any) -> str | None:
    """The legal actions that starve the seat to act, with the cards each leaves it, as the state plays them."""
    seat = obs.seat
    if seat is None or seat != state.current_player():
        return None if sent == {} else f"it lists {sorted(sent)} for a viewer who is not to act"
    text = state.rules.action_text
    told = len(state.events(None))
    played: dict[str, int] = {}
    for action in state.legal_actions():
        twin = state.copy()
        twin.apply(action)
        for event in twin.events(None, told):
            if event.kind == STARVE and event.player == seat:
                played[text(action)] = event.count
    if sent != played:
        return f"it sends {sent}, but these legal actions starve the seat, leaving it these cards: {played}"
    return None


CHECKS: dict[str, dict[str, Callable[[AnyState, Any, Any], str | None]]] = {
    "boojum": {"bid_worth": _bid_worth},
    "gin-bummy": {"starving": _starving},
}
"""Per family, each derived field its wire form must carry, and how to check it against the rules."""
