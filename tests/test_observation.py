"""What a seat may know (``observe``) and states sampled to fit it (``sample_state``)."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from conftest import FOUR, REVOLT4, codes, deal, find_seed, get, random_position
from hypothesis import given
from hypothesis import strategies as st

from bumtable import rules as R
from bumtable.errors import BumtableError, IllegalActionError, NotationError
from bumtable.rules import Observation, State, observe, sample_state
from bumtable.rules.climbing.observation import legal_from

JOKERS = (60, 61, 62)


def position(players: int, seed: int, actions: int, variant: str = "bum-game") -> State:
    """A state reached by ``actions`` random legal actions from ``seed``."""
    rules = get(players) if variant == "bum-game" else get(players, variant)
    return random_position(rules, seed, actions, random.Random(seed + 1))


positions = st.builds(
    position,
    st.sampled_from([3, 4, 5]),
    st.integers(0, 10**6),
    st.integers(0, 400),
    st.sampled_from(["bum-game", "bum-only", "optional-revolution", "simultaneous-exchange"]),
)


def hand(state: State, p: int) -> Counter[int]:
    return Counter(int(c) for c in state.hand_of(p))


def swap_hidden_card(state: State, a: int, b: int) -> State | None:
    """A copy with one card of ``a`` and one different card of ``b`` exchanged (counts kept)."""
    ca, cb = hand(state, a), hand(state, b)
    for x in ca:
        for y in cb:
            if x != y:
                s = state.copy()
                rank = s.rules.tables.rank_of_code
                s.hands[a][rank[x]].remove(x)
                s.hands[b][rank[y]].remove(y)
                s.hands[a][rank[y]].append(y)
                s.hands[b][rank[x]].append(x)
                for p, gone, got in ((a, x, y), (b, y, x)):
                    s.counts[p][rank[gone]] -= 1
                    s.counts[p][rank[got]] += 1
                s._legal = None
                return s
    return None


# ---------------------------------------------------------------- observe


@given(positions)
def test_observe_shows_a_seat_its_own_hand_and_nothing_of_the_others(state: State) -> None:
    n = state.rules.players
    for seat in range(n):
        obs = observe(state, seat)
        assert Counter(obs.hand) == hand(state, seat)
        assert obs.card_counts == tuple(state.ncards)
        others = [p for p in range(n) if p != seat and state.ncards[p]]
        if len(others) < 2:
            continue
        moved = swap_hidden_card(state, others[0], others[1])
        if moved is None:
            continue
        # Moving hidden cards between two other players changes nothing this seat can see ...
        assert observe(moved, seat) == obs
        # ... though it changes what those players see.
        assert observe(moved, others[0]) != observe(state, others[0])


@given(positions)
def test_a_spectator_sees_no_hand(state: State) -> None:
    obs = observe(state, None)
    assert obs.hand is None and obs.hand_cards() == [] and obs.legal_actions() == ()
    assert all(t.cards is None for t in obs.transfers)
    n = state.rules.players
    holders = [p for p in range(n) if state.ncards[p]]
    if len(holders) >= 2:
        moved = swap_hidden_card(state, holders[0], holders[1])
        if moved is not None:
            assert observe(moved, None) == obs


@given(positions)
def test_observation_legal_actions_are_the_states_for_the_seat_to_act(state: State) -> None:
    for seat in range(state.rules.players):
        expected = state.legal_actions() if seat == state.current_player() else ()
        obs = observe(state, seat)
        assert obs.legal_actions() == expected
        assert legal_from(obs) == expected  # worked out from what the seat sees alone, as when read back


def test_exchanged_cards_are_seen_only_by_the_two_seats_involved() -> None:
    state, _ = deal(get(4), FOUR)
    assert len(state.transfers) == 4
    for seat in (None, 0, 1, 2, 3):
        seen = observe(state, seat).transfers
        for real, view in zip(state.transfers, seen, strict=True):
            assert (view.giver, view.receiver, view.count) == (real.giver, real.receiver, len(real.cards))
            if seat in (real.giver, real.receiver):
                assert view.cards == real.cards
            else:
                assert view.cards is None


def test_a_revolution_and_its_jokers_are_public() -> None:
    state, _ = deal(get(4), REVOLT4)
    for seat in (None, 0, 1, 2, 3):
        rev = observe(state, seat).revolution
        assert rev is not None and rev.player == 2 and rev.jokers == 2


@pytest.mark.parametrize("seat", [4, -1, 17, "1", 1.0])
def test_a_seat_that_does_not_exist_is_refused_with_a_clear_error(seat: object) -> None:
    state = get(4).new_state(1)
    with pytest.raises(IllegalActionError, match="seat"):
        observe(state, seat)  # type: ignore[arg-type]
    with pytest.raises(BumtableError):
        state.observe(seat)  # type: ignore[arg-type]


def test_observation_to_dict_is_json_and_holds_only_the_seats_hand() -> None:
    state, _ = deal(get(4), FOUR)
    data = observe(state, 0).to_dict()
    text = json.dumps(data)
    assert data["hand"] == [str(c) for c in state.hand_of(0)]
    assert data["roles"] == ["Boss", "Foreman", "Worker", "Bum"]
    assert "hands" not in text
    seen = [t["cards"] for t in data["transfers"]]
    assert seen[2] is None and seen[3] is None  # the Foreman-Worker exchange is hidden from the Boss


def test_the_optional_revolution_decision_is_private_to_the_joker_holder() -> None:
    state, _ = deal(get(4, "optional-revolution"), REVOLT4)
    holder = observe(state, 2)
    assert holder.phase == "revolution" and holder.turn == 2
    assert sorted(a.kind_name for a in holder.legal_actions()) == ["no-revolution", "revolution"]
    for seat in (None, 0, 1, 3):
        obs = observe(state, seat)
        assert obs.phase != "revolution" and obs.turn is None and obs.legal_actions() == ()


# ---------------------------------------------------------------- sample_state


def knowledge(obs: Observation) -> tuple[dict[int, Counter[int]], dict[int, tuple[str, int]]]:
    """From an observation alone: cards the seat knows another holds, and rank bounds it knows.

    Bounds: ("max", r) means that player's other non-Joker cards rank at most r (it gave us
    its highest); ("min", r) that its other cards rank at least r (it gave us its lowest).
    """
    rank = obs.rules.tables.rank_of_code
    played: dict[int, Counter[int]] = {}
    for p, cs in obs.played:
        played.setdefault(p, Counter()).update(cs)
    known: dict[int, Counter[int]] = {}
    bounds: dict[int, tuple[str, int]] = {}
    for tr in obs.transfers:
        if tr.cards is None:
            continue
        if tr.giver == obs.seat:
            back: Counter[int] = Counter()
            for t2 in obs.transfers:
                if t2.giver == tr.receiver and t2.receiver == obs.seat and t2.cards:
                    back.update(t2.cards)
            known[tr.receiver] = Counter(tr.cards) - played.get(tr.receiver, Counter()) - back
        elif obs.seat is not None:
            lower = obs.roles[tr.giver] > obs.roles[obs.seat]
            ranks = [rank[c] for c in tr.cards]
            bounds[tr.giver] = ("max", min(ranks)) if lower else ("min", max(ranks))
    rev = obs.revolution
    if rev is not None and rev.player != obs.seat:
        gone = sum(k for c, k in played.get(rev.player, Counter()).items() if c in JOKERS)
        known.setdefault(rev.player, Counter())[60] += max(0, rev.jokers - gone)
    cancel = obs.rules.exchange_cancel_triggers
    if obs.cancelled_exchange and rev is None:
        # No exchange this hand: the player whose Jokers called it off still holds them (less any played).
        (role, need), *_ = cancel
        holder = obs.roles.index(role)
        if holder != obs.seat:
            gone = sum(k for c, k in played.get(holder, Counter()).items() if c in JOKERS)
            known.setdefault(holder, Counter())[60] += max(0, need - gone)
    return known, bounds


def check_sample(obs: Observation, sample: State) -> None:
    rules = obs.rules
    rank = rules.tables.rank_of_code
    n = rules.players
    if obs.seat is not None:
        assert Counter(int(c) for c in sample.hand_of(obs.seat)) == Counter(obs.hand)
    assert tuple(sample.ncards) == obs.card_counts
    assert all(len(sample.hand_of(p)) == obs.card_counts[p] for p in range(n))
    assert tuple(sample.played) == obs.played
    assert (sample.hand_no, tuple(sample.scores), tuple(sample.roles)) == (obs.hand_no, obs.scores, obs.roles)
    assert sample.top == obs.top and sample.revolution == obs.revolution
    everything: Counter[int] = Counter()
    for p in range(n):
        everything.update(hand(sample, p))
    for _, cs in sample.played:
        everything.update(cs)
    assert everything == Counter(int(c) for c in rules.deck()), "a sampled deal must be the deck"
    known, bounds = knowledge(obs)
    for p, cards in known.items():
        assert not (cards - hand(sample, p)), f"player {p} must hold the cards the seat knows of"
    for p, (kind, r) in bounds.items():
        unknown = hand(sample, p) - known.get(p, Counter())
        if kind == "max":
            assert all(rank[c] <= r for c in unknown.elements() if c not in JOKERS)
        else:
            assert all(rank[c] >= r for c in unknown.elements())
    if obs.seat is not None and obs.turn == obs.seat:
        assert sorted(sample.legal_actions()) == sorted(obs.legal_actions())


@given(positions, st.integers(0, 2**32))
def test_sample_state_fits_everything_the_seat_knows(state: State, salt: int) -> None:
    rng = random.Random(salt)
    for seat in [*range(state.rules.players), None]:
        obs = observe(state, seat)
        check_sample(obs, state)  # the real state fits: the checks are sound
        sample = sample_state(obs, rng)
        check_sample(obs, sample)
        if seat is not None and seat == state.current_player():
            assert sorted(sample.legal_actions()) == sorted(state.legal_actions())


def test_sample_state_keeps_cards_given_in_the_exchange_with_the_partner() -> None:
    state, _ = deal(get(4), FOUR)
    for seat, partner in ((0, 3), (3, 0), (1, 2), (2, 1)):
        obs = observe(state, seat)
        gave = next(t.cards for t in state.transfers if t.giver == seat)
        for salt in range(25):
            sample = sample_state(obs, random.Random(salt))
            check_sample(obs, sample)
            assert not (Counter(gave) - hand(sample, partner))


def test_sample_state_respects_that_the_bum_gave_his_highest_cards() -> None:
    # The Boss got the Bum's 2 and K: the Bum's other cards are K or lower, or Jokers.
    state, _ = deal(get(4), FOUR)
    obs = observe(state, 0)
    rank = state.rules.tables.rank_of_code
    king = rank[codes("Kc")[0]]
    gave = Counter(codes("4c 5c"))
    for salt in range(25):
        sample = sample_state(obs, random.Random(salt))
        others = hand(sample, 3) - gave
        assert all(rank[c] <= king for c in others.elements() if c not in JOKERS)


def test_sample_state_gives_the_revolution_jokers_to_the_player_who_revealed_them() -> None:
    state, _ = deal(get(4), REVOLT4)
    for seat in (0, 1, 3, None):
        obs = observe(state, seat)
        for salt in range(20):
            sample = sample_state(obs, random.Random(salt))
            assert sum(1 for c in sample.hand_of(2) if c.is_joker) == 2


def test_sample_state_knows_the_worker_has_the_jokers_when_the_exchange_was_cancelled() -> None:
    # Bum-only variant: no exchange this hand can only mean the Worker was dealt both Jokers.
    state, _ = deal(get(4, "bum-only"), REVOLT4)
    assert state.cancelled_exchange
    for seat in (0, 1, 3, None):
        obs = observe(state, seat)
        for salt in range(20):
            sample = sample_state(obs, random.Random(salt))
            assert sum(1 for c in sample.hand_of(2) if c.is_joker) == 2


def test_a_sampled_state_plays_on_to_the_end_of_the_hand() -> None:
    for seed in range(6):
        state = position(4, seed, 60 + 7 * seed)
        seat = state.current_player()
        sample = sample_state(observe(state, seat), random.Random(seed))
        rng = random.Random(seed)
        hand_no = sample.hand_no
        while sample.hand_no == hand_no and not sample.is_over():
            legal = sample.legal_actions()
            sample = R.apply(sample, legal[rng.randrange(len(legal))])
        assert len(sample.results) == len(state.results) + 1


def test_sample_state_in_the_first_hands_revolution_phase() -> None:
    rules = get(4, "optional-revolution")
    _, state = find_seed(rules, lambda s: s.phase == "revolution")
    holder = state.current_player()
    for seat in range(4):
        sample = sample_state(observe(state, seat), random.Random(seat))
        check_sample(observe(state, seat), sample)
        sample.copy()
    obs = observe(state, holder)
    assert sorted(sample_state(obs, random.Random(0)).legal_actions()) == sorted(state.legal_actions())


@given(
    players=st.sampled_from([3, 4, 5, 6]),
    seed=st.integers(0, 10_000),
    actions=st.integers(0, 400),
    seat=st.sampled_from([None, 0, 1, 2]),
)
def test_observations_round_trip_through_json_for_any_seat_and_position(
    players: int, seed: int, actions: int, seat: int | None
) -> None:
    rules = get(players, "optional-revolution")
    state = random_position(rules, seed, actions, random.Random(seed))
    obs = observe(state, seat)
    data = json.loads(json.dumps(obs.to_dict()))
    assert "rules" not in data and data["system"] == "bum-game"
    again = type(obs).from_dict(data, rules)
    assert again == obs
    assert again.legal_actions() == obs.legal_actions()
    space = rules.action_space()
    assert [e["code"] for e in data["legal"]] == [space.encode(a) for a in obs.legal_actions()]


def test_an_observation_holds_only_the_latest_finished_hand() -> None:
    rules = get(4)
    state = random_position(rules, 3, 400, random.Random(3))
    assert len(state.results) >= 2
    obs = observe(state, 1)
    assert obs.last_result == state.results[-1]
    data = obs.to_dict()
    assert "results" not in data and data["last_result"]["hand_no"] == state.results[-1].hand_no


@pytest.mark.parametrize(
    ("field", "value", "match"),
    [
        ("hand", None, "field 'hand' is missing"),
        ("hand", ["Zz"], "field 'hand' is bad"),
        ("roles", ["Boss", "King", "Worker", "Bum"], "field 'roles' is bad"),
        ("phase", "napping", "field 'phase' is bad: .*unknown phase"),
        ("scores", "many", "field 'scores' is bad"),
        ("system", "president", "field 'system'"),
        ("legal", [], "field 'legal' does not list"),
    ],
)
def test_a_broken_observation_message_is_a_clear_error_naming_the_field(
    field: str, value: object, match: str
) -> None:
    rules = get(4)
    state = rules.new_state(1)
    data = observe(state, state.current_player()).to_dict()
    if value is None:
        del data[field]
    else:
        data[field] = value
    with pytest.raises(NotationError, match=match):
        type(observe(state, 0)).from_dict(data, rules)
