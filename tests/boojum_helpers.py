"""Helpers for the Boojum tests: card text, hand-built positions, random play, and a rules-text referee.

Imported by the other ``test_boojum_*`` files (this file holds no tests of its own beyond a self-check).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import conftest

from bumtable.cards.decktet import parse_decktet_cards
from bumtable.rules.boojum import BoojumRules, BoojumState
from bumtable.rules.boojum.state import AUCTION, CLAIMS


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
    state.events = []
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
    """Apply actions given as text, in order (public API), and return the state."""
    for text in texts:
        state.apply(state.rules.parse_action(text))
    return state


def snapshot(state: BoojumState) -> tuple[object, ...]:
    """Everything that defines a state (to compare two states)."""
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
        list(state.history),
        list(state.events),
        state.rng.getstate(),
    )


def random_game(
    rules: BoojumRules, seed: int, *, pass_rate: float = 0.0, max_actions: int = 100_000
) -> BoojumState:
    """A whole game of uniformly random legal actions (no checks); with ``pass_rate``, a bidder passes that
    often and otherwise picks at random (a bid list is long, so a uniform pick almost never passes)."""
    state = rules.new_state(seed)
    rng = random.Random(seed + 99)
    for _ in range(max_actions):
        if state.is_over():
            return state
        legal = state.legal_actions()
        if state.phase == AUCTION and rng.random() < pass_rate:
            state.apply(legal[-1], check=False)
            continue
        state.apply(legal[rng.randrange(len(legal))], check=False)
    raise AssertionError(f"seed {seed}: the game did not end in {max_actions} actions")


def random_position(rules: BoojumRules, seed: int, actions: int) -> BoojumState:
    """The state after up to ``actions`` random legal actions from ``seed``."""
    state = conftest.random_position(rules, seed, actions, random.Random(seed + 1))
    assert isinstance(state, BoojumState)
    return state


def bid_texts(state: BoojumState) -> list[str]:
    return [state.rules.action_text(a) for a in state.legal_actions()]


def replay(rules: BoojumRules, seed: int, texts: Sequence[str]) -> BoojumState:
    state = rules.new_state(seed)
    for text in texts:
        state.apply(rules.parse_action(text))
    return state
