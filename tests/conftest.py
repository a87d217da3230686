"""Shared helpers for the rules tests: seed search, rigged deals and hand-built tables.

Three ways to reach an exact position:

* ``find_seed``: search seeds of ``rules.new_state`` for a deal with some property
  (public API only);
* ``deal``: deal a hand whose cards per role we choose, through the engine's own
  deal, revolution and exchange (the deck is "shuffled" into the order that gives
  those hands; the Bum deals one card at a time starting with the Boss);
* ``table``: overwrite a state's hands and turn to play a small trick by hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence

import pytest
from hypothesis import HealthCheck, settings

from bumtable import rules as R
from bumtable.cards import Card, parse_cards, parse_rank
from bumtable.errors import NotationError
from bumtable.rules import Chance, Rules, State

pytest_plugins = ["server_fixtures", "browser_fixtures"]  # servers (SQLite, PostgreSQL) and Chromium

# `make test` draws the same examples every run (derandomize), so a result never depends on luck;
# `make test-long` draws new ones (--hypothesis-profile=bumtable-random) to find what a fixed draw misses.
settings.register_profile(
    "bumtable",
    deadline=None,
    max_examples=60,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "bumtable-random", settings.get_profile("bumtable"), derandomize=False, max_examples=300
)
settings.load_profile("bumtable")

BUM_RANKS = ("3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "JK")
"""The Bum Game's rank order, lowest first, written out from the rules text."""


# A 4-player deal by role: the Worker and the Bum hold one Joker each (both keep it).
FOUR = {
    0: "4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 2d Ad",  # Boss: lowest two are 4 and 5
    1: "3c 3d 4d 5d 6d 7d 8d 9d 10d Jd Qd Kd 2h Ah",  # Foreman: lowest is a 3
    2: "JK As 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh",  # Worker: highest non-Joker is the Ace
    3: "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks 2s JK",  # Bum: highest non-Jokers are 2 and K
}

# A 4-player deal by role where the Worker holds both Jokers.
REVOLT4 = {
    0: "3c 4c 5c 6c 7c 8c 9c 10c Jc Qc Kc Ac 2c 3d",
    1: "4d 5d 6d 7d 8d 9d 10d Jd Qd Kd Ad 2d 3h 4h",
    2: "JK JK 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah 2h",
    3: "3s 4s 5s 6s 7s 8s 9s 10s Js Qs Ks As 2s",
}


def rank_texts(cards: Iterable[int]) -> list[str]:
    """Rank text of each card (suit dropped), in the rules' order, lowest first."""
    out = []
    for c in cards:
        c = int(c)
        out.append(
            "JK"
            if c >= 60
            else ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")[(c >> 2) - 2]
        )
    return sorted(out, key=BUM_RANKS.index)


def held(state: State, player: int) -> list[str]:
    """A player's hand as rank texts, lowest first."""
    return rank_texts(state.hand_of(player))


def codes(text: str) -> list[int]:
    """Card codes for text of cards (``Qs``) or bare ranks (``Q``: suits given in turn, c d h s)."""
    out: list[int] = []
    seen: Counter[int] = Counter()
    for token in text.replace(",", " ").split():
        try:
            out.append(int(parse_cards(token)[0]))
        except NotationError:
            rank = parse_rank(token)
            out.append(int(Card.make(rank, seen[rank] % 4)))
            seen[rank] += 1
    return out


def find_seed(
    rules: Rules, predicate: Callable[[State], bool], *, start: int = 0, limit: int = 20000
) -> tuple[int, State]:
    """The first seed whose new state satisfies ``predicate``, and that state."""
    for seed in range(start, start + limit):
        state = rules.new_state(seed)
        if predicate(state):
            return seed, state
    raise AssertionError(f"no seed in {start}..{start + limit} gives the deal the test needs")


def deal(
    rules: Rules,
    hands: dict[int, str],
    *,
    hand_no: int = 2,
    roles: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    seed: int = 0,
) -> tuple[State, dict[int, list[int]]]:
    """A state at the start of hand ``hand_no`` where role ``r`` was dealt ``hands[r]``.

    Roles not given get the rest of the deck, lowest cards first, in role order.
    ``roles[p]`` is the role of player ``p`` before the deal (default: player p has role p).
    Returns the state (after any revolution and the exchange) and the dealt cards by role.
    """
    n = rules.players
    sizes = rules.hand_sizes()
    rest = Counter(int(c) for c in rules.deck())
    dealt: dict[int, list[int]] = {}
    for role, text in hands.items():
        cards = codes(text)
        assert len(cards) == sizes[role], f"role {role} must be dealt {sizes[role]} cards, not {len(cards)}"
        dealt[role] = cards
        rest.subtract(cards)
        assert min(rest.values()) >= 0, f"{text!r} uses a card the deck does not hold"
    leftover = sorted(rest.elements(), key=lambda c: (rules.tables.rank_of_code[c], c))
    for role in range(n):
        if role not in dealt:
            dealt[role], leftover = leftover[: sizes[role]], leftover[sizes[role] :]
    assert not leftover
    # Card i of the deck goes to role i % n: the Bum deals from the Boss on his left.
    pos = dict.fromkeys(range(n), 0)
    order = []
    for i in range(rules.deck_size):
        role = i % n
        order.append(dealt[role][pos[role]])
        pos[role] += 1
    state = rules.new_state(seed)
    state.roles = list(range(n)) if roles is None else list(roles)
    state.hand_no = hand_no - 1
    if scores is not None:
        state.scores = list(scores)
    state.chance = Chance(seed, [order])  # the next shuffle (this deal) puts the deck in this order
    state._start_hand()
    state._legal = None
    return state, dealt


def table(
    rules: Rules,
    hands: Sequence[str],
    *,
    turn: int = 0,
    scores: Sequence[int] | None = None,
    finished: Sequence[int] = (),
    seed: int = 0,
) -> State:
    """A state in the play phase, player ``p`` holding ``hands[p]`` (role p), ``turn`` to lead.

    Players listed in ``finished`` (empty hands) went out earlier this hand, in that order.
    """
    n = rules.players
    assert len(hands) == n
    state = rules.new_state(seed)
    state.roles = list(range(n))
    state.by_role = list(range(n))
    state._seat_players()
    state.hands = [[[] for _ in range(rules.tables.n_ranks)] for _ in range(n)]
    for p, text in enumerate(hands):
        for c in codes(text):
            state.hands[p][rules.tables.rank_of_code[c]].append(c)
    state.ncards = [len(codes(h)) for h in hands]
    state.counts = [[len(x) for x in hand] for hand in state.hands]
    assert sorted(finished) == [p for p in range(n) if not state.ncards[p]]
    state.finished = list(finished)
    state.active = sum(1 for k in state.ncards if k)
    state.scores = [0] * n if scores is None else list(scores)
    state.played = []
    state.trick = []
    state.last_trick = None
    state.top = None
    state.top_player = -1
    state.passes = 0
    state.revolution = None
    state.cancelled_exchange = False
    state.transfers = []
    state.phase = "play"
    state.leader = state.turn = turn
    state._legal = None
    return state


def seated(rules: Rules, hands: Sequence[str], *, turn: int = 0) -> State:
    """:func:`table`, with the players seated in number order 0, 1, 2, ... (for rules that do not seat by role)."""
    state = table(rules, hands, turn=turn)
    state.order = list(range(rules.players))
    state._seat_players()
    return state


def texts(state: State) -> set[str]:
    """The text of every legal action."""
    return {state.rules.action_text(a) for a in state.legal_actions()}


def reason(state: State, text: str) -> str | None:
    """Why the action written ``text`` is illegal now (None if it is legal)."""
    return state.why_illegal(state.rules.parse_action(text))


def play(state: State, *texts: str) -> State:
    """Apply actions given as text, in order (public API), and return the state."""
    for text in texts:
        state.apply(state.rules.parse_action(text))
    return state


def random_position(rules: Rules, seed: int, actions: int, rng: random.Random) -> State:
    """The state reached from ``seed`` by up to ``actions`` random legal actions drawn from ``rng``."""
    state = rules.new_state(seed)
    for _ in range(actions):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def get(players: int, *variants: str, **options: object) -> Rules:
    return R.get("bum-game", players=players, variants=list(variants), **options)


@pytest.fixture
def rules4() -> Rules:
    return get(4)
