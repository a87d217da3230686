"""Helpers for the Boojum tests: card text, hand-built positions, random play, and a rules-text referee.

Imported by the other ``test_boojum_*`` files (this file holds no tests of its own beyond a self-check).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import conftest

from bumtable.cards.decktet import format_decktet_cards, parse_decktet_cards
from bumtable.rules.boojum import PASS_ACTION, BoojumRules, BoojumState, parse_actions
from bumtable.rules.boojum.state import AUCTION, CLAIMS
from bumtable.rules.events import EventLog


def codes(text: str) -> list[int]:
    """Card codes from text such as ``"4MS 4WL X"``."""
    return [int(c) for c in parse_decktet_cards(text)]


def table(
    rules: BoojumRules,
    hands: Sequence[str],
    *,
    slots: Sequence[str] | None = None,
    stack_top: str = "",
    stack: str | None = None,
    discard: str = "",
    tokens: Sequence[str] = (),
    phase: str = AUCTION,
    first: int = 0,
    lot: int = 0,
    round_no: int = 1,
    settle: bool = True,
) -> BoojumState:
    """A hand-built position.

    ``hands[p]`` is player p's hand; ``slots`` the auction slots' cards (default: two cards each from the
    rest of the deck, lowest first). ``stack_top`` cards are drawn first, in
    the order given; the rest of the deck lies beneath them unless ``stack`` gives the whole stack
    (then the deck is not conserved). ``tokens[p]`` lists p's tokens as letters (``"MSW"``). In the
    auction phase slot ``lot`` is up, ``first`` bids first; in the claim phase players claim from
    ``first`` round the table.
    """
    n = rules.players
    assert len(hands) == n
    state = rules.new_state(0)
    state.hands = [codes(h) for h in hands]
    state.known = [[] for _ in range(n)]
    rest = Counter(rules.tables.deck)
    for h in state.hands:
        rest.subtract(h)
    top = codes(stack_top)
    rest.subtract(top)
    if slots is None:
        spare = sorted(rest.elements(), reverse=True)
        state.slots = [[spare.pop(), spare.pop()] for _ in range(rules.slot_count)]
    else:
        assert len(slots) == rules.slot_count
        state.slots = [codes(s) for s in slots]
    for s in state.slots:
        rest.subtract(s)
    state.discard = codes(discard)
    rest.subtract(state.discard)
    if stack is not None:
        rest.update(top)
        state.stack = list(reversed(codes(stack)))
    else:
        assert min(rest.values(), default=0) >= 0, "the position uses more copies of a card than the deck has"
        state.stack = sorted(rest.elements()) + list(reversed(top))
    state.slot_hidden = [0] * rules.slot_count
    state.tokens = [[0] * 6 for _ in range(n)]
    for p, letters in enumerate(tokens):
        for ch in letters:
            state.tokens[p]["MSWLYK".index(ch)] += 1
    state.bids = [[] for _ in range(n)]
    state.won = [[] for _ in range(n)]
    state.won_any = [False] * n
    state.passed = [False] * n
    state.high = None
    state.round_no = round_no
    state.first_to_bid = first
    state.log = EventLog()
    state.winners = []
    state.phase = phase
    if phase == AUCTION:
        state.lot = lot
        state.turn = first
    else:
        assert phase == CLAIMS
        state.lot = -1
        state.claim_order = [(first + i) % n for i in range(n)]
        state.claim_pos = 0
        state.turn = first
    state._legal = None
    if settle:
        state._settle()
    return state


def act(state: BoojumState, *texts: str) -> BoojumState:
    """Apply actions given as text, in order (public API), and return the state. A shortcut stands for its
    actions: ``bid 5ML 9MS`` is ``lay 5ML``, ``lay 9MS``, ``stand``; ``claim waves 4MS ...`` names the
    token, lays the cards and cashes them in."""
    for text in texts:
        for action in parse_actions(text):
            state.apply(action)
    return state


def kinds(state: BoojumState, seat: int | None = None, start: int = 0) -> list[tuple[str, int | None]]:
    """``(kind, player)`` of each event from ``start`` on, as ``seat`` sees them."""
    return [(e.kind, e.player) for e in state.events(seat, start)]


def snapshot(state: BoojumState, *, all_events: bool = True) -> tuple[object, ...]:
    """Everything that defines a state (to compare two states). Without ``all_events`` only the number of
    events and the last few are taken (the log only grows, so that tells whether it changed, cheaply)."""
    return (
        state.rules,
        state.round_no,
        state.phase,
        state.current_player(),
        [sorted(h) for h in state.hands],
        [sorted(k) for k in state.known],
        [list(t) for t in state.tokens],
        [list(s) for s in state.slots],
        list(state.slot_hidden),
        list(state.stack),
        sorted(state.discard),
        [sorted(b) for b in state.bids],
        [sorted(w) for w in state.won],
        list(state.passed),
        state.high,
        state.lot,
        state.first_to_bid,
        list(state.claim_order),
        state.claim_pos,
        list(state.winners),
        list(state.laid_now),
        state.claim_token,
        list(state.claim_cards),
        list(state.history),
        _events(state, None, all_events),
        [_events(state, p, all_events) for p in range(state.rules.players)],
        state.chance.draws,
        state.chance.rng.getstate(),
    )


def _events(state: BoojumState, seat: int | None, every: bool) -> object:
    if every:
        return state.events(seat)
    count = len(state.events(None, 0)) if state.log is None else len(state.log)
    return count, state.events(seat, max(0, count - 3))


def random_game(
    rules: BoojumRules, seed: int, *, pass_rate: float = 0.0, max_actions: int = 100_000
) -> BoojumState:
    """A whole game of uniformly random legal actions (no checks); with ``pass_rate``, a bidder who may pass
    passes that often and otherwise picks at random."""
    state = rules.new_state(seed)
    rng = random.Random(seed + 99)
    for _ in range(max_actions):
        if state.is_over():
            return state
        legal = state.legal_actions()
        if state.phase == AUCTION and PASS_ACTION in legal and rng.random() < pass_rate:
            state.apply(PASS_ACTION, check=False)
            continue
        state.apply(legal[rng.randrange(len(legal))], check=False)
    raise AssertionError(f"seed {seed}: the game did not end in {max_actions} actions")


def random_position(rules: BoojumRules, seed: int, actions: int) -> BoojumState:
    """The state after up to ``actions`` random legal actions from ``seed``."""
    state = conftest.random_position(rules, seed, actions, random.Random(seed + 1))
    assert isinstance(state, BoojumState)
    return state


def legal_texts(state: BoojumState) -> list[str]:
    """The text of each legal action, in the state's order."""
    return [state.rules.action_text(a) for a in state.legal_actions()]


def replay(rules: BoojumRules, seed: int, texts: Sequence[str]) -> BoojumState:
    state = rules.new_state(seed)
    for text in texts:
        state.apply(rules.parse_action(text))
    return state


def why_not(state: BoojumState, text: str) -> str | None:
    """None when the action, or every action of a shortcut in turn (``bid 5ML 9MS``), is legal, else the
    reason the first illegal one is refused; the state is left as it was."""
    trial = state.copy(history=False)
    for action in parse_actions(text):
        reason = trial.why_illegal(action)
        if reason is not None:
            return reason
        trial.apply(action)
    return None


def winning_bids(state: BoojumState, most: int = 3) -> list[str]:
    """Every whole bid of up to ``most`` cards the player to act could make this turn (the cards it would
    lay, then stand), as ``bid`` shortcuts, fewest cards first."""
    from itertools import combinations

    hand = sorted(state.hands[state.turn])
    found = {
        cards
        for size in range(1, most + 1)
        for cards in combinations(hand, size)
        if why_not(state, "bid " + format_decktet_cards(cards)) is None
    }
    return ["bid " + format_decktet_cards(c) for c in sorted(found, key=lambda c: (len(c), c))]
