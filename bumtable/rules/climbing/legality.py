"""Why an action is not legal in a climbing game, in words a player can act on.

>>> from bumtable.rules import get
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> why_illegal(state, state.rules.parse_action("pass")), why_illegal(state, state.legal_actions()[0])
('the leader must play: you cannot pass when leading a trick', None)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from bumtable.cards.french import JOKER, SUIT_LETTERS
from bumtable.rules.climbing.notation import read_set, sequence_shape_ok
from bumtable.rules.climbing.plays import (
    DECLARE,
    DECLINE,
    GIVE,
    PASS,
    PASS_PLAY,
    SEQUENCE,
    SET,
    Play,
    picks_of,
)
from bumtable.rules.phases import DEAL, EXCHANGE, OVER, REVOLUTION

if TYPE_CHECKING:
    from bumtable.rules.climbing.options import ClimbingOptions
    from bumtable.rules.climbing.tables import Tables


def said_play(rules: ClimbingOptions, action: Play) -> str:
    """How a reason names a play: a set as a player types it (``Q Q``, not ``set Q Q``), else its text."""
    text = rules.action_text(action)
    return text[4:] if text.startswith("set ") else text


class Position(Protocol):
    """What :func:`why_illegal` reads of a state, so that this module sits below the state."""

    @property
    def rules(self) -> ClimbingOptions: ...
    @property
    def t(self) -> Tables: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> int: ...
    @property
    def counts(self) -> Sequence[Sequence[int]]: ...
    @property
    def hands(self) -> Sequence[Sequence[Sequence[int]]]: ...
    @property
    def exchange_queue(self) -> Sequence[tuple[int, int, int]]: ...
    @property
    def top(self) -> Play | None: ...
    @property
    def sat_out(self) -> Sequence[bool]: ...
    @property
    def inverted(self) -> bool: ...
    def legal_actions(self) -> tuple[Play, ...]: ...


def why_illegal(state: Position, action: Play) -> str | None:
    """None if ``action`` is legal now for the player to act, else the reason."""
    rules = state.rules
    if state.phase == OVER:
        return "the match is over"
    if state.phase == DEAL:
        return "the hand is over and this state deals no next hand (a search's deal)"
    if state.phase == REVOLUTION:
        if action.kind in (DECLARE, DECLINE):
            return None
        return "first decide whether to declare the revolution: 'revolution' or 'no-revolution'"
    if action.kind in (DECLARE, DECLINE):
        return "there is no revolution to decide now"
    counts = state.counts[state.turn]
    if state.phase == EXCHANGE:
        k = state.exchange_queue[0][2]
        if action.kind != GIVE:
            return f"first choose {k} card{'s' if k > 1 else ''} to give in the exchange, e.g. 'give 4'"
        if action.size != k:
            return f"give exactly {k} card{'s' if k > 1 else ''}, not {action.size}"
        for r in set(action.cards):
            if not 0 <= r < len(counts) or counts[r] < action.cards.count(r):
                return f"you do not hold the cards for {said_play(rules, action)}"
        return _why_not_named(state, action) if picks_of(action) else None
    if action.kind == GIVE:
        return "there is nothing to give now: the exchange is over"
    if action.kind == PASS:
        if state.top is None:
            return "the leader must play: you cannot pass when leading a trick"
        if rules.must_play and PASS_PLAY not in state.legal_actions():
            return "you can beat the last play, and these rules say you must"
        return None
    if action.kind == SET:
        shape = read_set(rules, list(action.cards))
        well_formed = shape is not None and shape[:5] == action[:5]
    else:
        well_formed = sequence_shape_ok(rules, action)
    if not well_formed:
        return f"{action} is not a well-formed play"
    need: dict[int, int] = {}
    for r in action.cards:
        need[r] = need.get(r, 0) + 1
    t = state.t
    missing = [t.symbols[r] for r, k in need.items() if counts[r] < k]
    if missing:
        return f"you do not hold the cards for {said_play(rules, action)} (short of {', '.join(missing)})"
    if picks_of(action):
        named = _why_not_named(state, action)
        if named is not None:
            return named
    wipe = action.rank == t.wipe and action.size == 1
    if state.sat_out[state.turn] and not wipe:  # back in a trick it passed: only the wipe card (option)
        return f"you passed this trick: only the {rules.wipe_card} may be played until it ends, or pass"
    complex_rules = t.keyed or t.follow_more or state.inverted or bool(t.seq_wilds)
    top = state.top
    if top is not None and not wipe:
        wipe_alone = _wipe_alone(state)
        tail = f", or {wipe_alone}, or pass" if wipe_alone else " or pass"
        if action.kind != top.kind:
            return f"this trick was led with a {top.kind_name}: play a {top.kind_name}{tail}"
        more = t.follow_more and action.size > top.size and (top.kind == SET or action.width == top.width)
        if (action.size != top.size or action.width != top.width) and not more:
            what = (
                ("1 card" if top.size == 1 else f"{top.size} cards")
                if top.kind == SET
                else f"{top.length} ranks of {top.width}"
            )
            extra = " (or more)" if t.follow_more else ""
            last = tail if wipe_alone else ", or pass"
            return f"you must play exactly {what}{extra} to follow {said_play(rules, top)}{last}"
        strength, least = t.strength(action), t.strength(top)
        if state.inverted:
            ok = strength < least or (t.equal_ok and strength == least)
        else:
            ok = strength > least or (t.equal_ok and strength == least)
        if not ok:
            how = ("equal or " if t.equal_ok else "") + ("lower" if state.inverted else "higher")
            why = " (the ranking is reversed)" if state.inverted else ""
            return f"{said_play(rules, action)} does not beat {said_play(rules, top)}: play {how}{why}{tail}"
    if complex_rules and action not in state.legal_actions():
        return _why_not_held(state, action)
    return None


def _wipe_alone(state: Position) -> str:
    """``the 3c alone`` when the rules' wipe card, which goes on any play, is among the legal actions."""
    t = state.t
    if t.wipe >= 0 and any(a.kind == SET and a.rank == t.wipe and a.size == 1 for a in state.legal_actions()):
        return f"the {state.rules.wipe_card} alone"
    return ""


def _why_not_held(state: Position, action: Play) -> str:
    """Why a well-formed play that the hand seems to hold is not among the legal actions."""
    t, rules = state.t, state.rules
    hand = state.hands[state.turn]
    if t.bridge and action.suit < 0 and any(c < JOKER for c in hand[action.rank]):
        suits = sorted({SUIT_LETTERS[c & 3] for c in hand[action.rank] if c < JOKER})
        return f"say which suit decides {said_play(rules, action)}: you hold {t.symbols[action.rank]} in {', '.join(suits)}"
    if action.suit >= 0 and not all(
        any(c < JOKER and c & 3 == action.suit for c in hand[r])
        for r in set(action.cards)
        if r <= action.rank
    ):
        return f"you do not hold the cards of that suit for {said_play(rules, action)}"
    if action.kind == SEQUENCE and action.suit < 0 and t.flush != "none" and t.is_natural(action):
        return f"your cards for {said_play(rules, action)} are all of one suit: write it as a flush (e.g. 3h 4h 5h)"
    if action.kind == SEQUENCE and not t.is_natural(action):
        return f"in {said_play(rules, action)} a wild card stands for a card you hold: wild cards only fill missing cards"
    return f"{said_play(rules, action)} cannot be played from your hand now"


def _why_not_named(state: Position, action: Play) -> str | None:
    """Why the cards a player named by suit cannot be the ones played (None when they can)."""
    t, rules = state.t, state.rules
    hand = state.hands[state.turn]
    picks = picks_of(action)
    for c in set(picks):
        r = t.rank_of_code[c] if 0 <= c < len(t.rank_of_code) else -1
        name = f"{t.symbols[r]}{SUIT_LETTERS[c & 3]}" if r >= 0 else str(c)
        if r < 0 or picks.count(c) > action.cards.count(r):
            return f"{name} is not one of the cards of {said_play(rules, action)}"
        if list(hand[r]).count(c) < picks.count(c):
            return f"you do not hold the {name}"
    if t.bridge and action.suit >= 0:  # the deciding card is the highest-suited of its rank played
        top = [c for c in picks if t.rank_of_code[c] == action.rank and c < JOKER]
        decider = f"{t.symbols[action.rank]}{SUIT_LETTERS[action.suit]}"
        if any(t.suit_rank[c & 3] > t.suit_rank[action.suit] for c in top) or (
            len(top) == action.cards.count(action.rank) and all(c & 3 != action.suit for c in top)
        ):
            return f"the {decider} decides {said_play(rules, Play._make(action))}: name it among the cards, and no higher suit"
        return None
    if action.kind != SEQUENCE or action.width != 1 or t.flush == "none" or not t.is_natural(action):
        return None
    suits = {c & 3 for c in picks}
    if action.suit >= 0:
        plain = said_play(rules, Play._make(action))
        return None if suits <= {action.suit} else f"the cards of the flush {plain} are all of its suit"
    if len(suits) > 1:
        return None
    rest = list(action.cards)  # a mixed sequence: some card left unnamed must be of another suit
    for c in picks:
        rest.remove(t.rank_of_code[c])
    if any(c < JOKER and c & 3 not in suits for r in rest for c in hand[r]):
        return None
    return (
        f"your cards for {said_play(rules, action)} are all of one suit: write it as a flush (e.g. 3h 4h 5h)"
    )
