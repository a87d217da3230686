"""Gin Bummy observations: only what a seat may know, a JSON round trip, and states sampled to fit them."""

from __future__ import annotations

import json
import random
from collections import Counter

import conftest
import pytest
from conftest import play
from hypothesis import given
from hypothesis import strategies as st

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.errors import IllegalActionError, NotationError
from bumtable.rules.gin_bummy import (
    VARIANTS,
    GinBummyObservation,
    GinBummyRules,
    GinBummyState,
    gin_bummy,
    position,
    sample_state,
)

OTHER = "10c 10d 10h 10s 6h 6s"


def c(text: str) -> int:
    return min(int(Card.parse(text)), JOKER)


def random_position(rules: GinBummyRules, seed: int, steps: int) -> GinBummyState:
    state = conftest.random_position(rules, seed, steps, random.Random(seed + 99))
    assert isinstance(state, GinBummyState)
    return state


def test_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    state = gin_bummy(3).new_state(2)
    obs = state.observe(1)
    assert obs.hand == tuple(sorted(state.hands[1]))
    assert obs.hand_counts == (10, 10, 10) and obs.public_cards == ((), (), ())
    assert obs.hidden_counts == ((10,), (10,), (10,)) and obs.stock_count == 24 and obs.stock is None
    text = json.dumps(obs.to_dict())
    for p in (0, 2):
        hidden = [str(Card(x)) for x in state.hands[p] if x not in state.hands[1]]
        assert not any(f'"{h}"' in text for h in hidden if h != "JK"), "another seat's card leaked"
    assert state.observe(None).hand is None


@pytest.mark.parametrize("seat", [-1, 3, "0", True, 1.0])
def test_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    state = gin_bummy(3).new_state(2)
    with pytest.raises(IllegalActionError, match="no seat"):
        state.observe(seat)  # type: ignore[arg-type]


def test_a_card_taken_from_the_beg_is_public_and_a_stock_draw_is_not() -> None:
    state = position(gin_bummy(2), ["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d", stock_top="9h")
    play(state, "draw beg")
    assert state.observe(1).drawn == c("8d") and state.observe(1).public_cards[0] == (c("8d"),)
    play(state, "discard 2c", "draw stock")
    assert state.observe(0).drawn is None and state.observe(1).drawn == c("9h")
    assert state.observe(0).hidden_counts[1] == (7,) and state.observe(0).public_cards[1] == ()
    assert state.observe(1).my_draws == (c("9h"),)


def test_a_number_card_passed_over_on_the_beg_and_one_discarded_after_a_draw_are_public() -> None:
    state = position(gin_bummy(2), ["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d", stock_top="9h")
    play(state, "discard Kh")  # a face card at the start of a turn: it tells nothing, and is not listed
    play(state, "draw stock", "discard 10c")  # seat 1 leaves the Kh (a face card, not listed) for the stock
    play(state, "draw stock")  # seat 0 leaves the 10c on the Beg
    for seat in (0, 1, None):
        obs = state.observe(seat)
        assert obs.beg_declined == ((c("10c"),), ()) and obs.number_discards == ((), (c("10c"),))
    assert GinBummyObservation.from_dict(obs.to_dict(), state.rules) == obs


def test_only_each_players_latest_eight_passed_over_and_discarded_cards_are_listed() -> None:
    from bumtable.rules.gin_bummy.observation import RECENT

    rules = gin_bummy(2).replace(max_turns=0)
    state = position(rules, ["2c 3c 4c 5c", "2d 3d 4d 5d"], beg="6h")
    thrown: list[list[int]] = [[], []]
    for _ in range(34):  # both draw from the stock and throw a card back, turn after turn
        player = state.turn
        play(state, "draw stock")
        action = state.legal_actions()[-1]
        state.apply(action)
        if action.card < c("Jc"):  # a number card (a face card drawn from the stock may go instead)
            thrown[player].append(action.card)
    discards = state.observe(0).number_discards
    assert RECENT == 8 and min(len(t) for t in thrown) > RECENT
    assert discards == (tuple(thrown[0][-RECENT:]), tuple(thrown[1][-RECENT:]))  # the latest, in order


def test_the_card_a_joker_forces_on_a_player_is_public() -> None:
    state = play(position(gin_bummy(3), ["JK Qs 2c 3d 4h 5s 6c", OTHER, "Jh Jd 2h 3s 4c 5d"]), "joker JK Qs")
    for seat in (0, 1, 2, None):
        obs = state.observe(seat)
        assert obs.public_cards[1] == (c("Qs"),) and obs.last_forced == (1, c("Qs"))


def test_an_unshuffled_turned_over_stock_is_known_to_all() -> None:
    rules = gin_bummy(2)
    for seed in range(200):
        state = random_position(rules, seed, 400)
        if state.flips and state.stock:
            obs = state.observe(0)
            assert obs.stock == tuple(reversed(state.stock))
            return
    raise AssertionError("no game turned the Beg over")


def test_observations_list_the_states_legal_actions() -> None:
    for seed in range(40):
        state = random_position(gin_bummy(2 + seed % 3), seed, seed * 3)
        turn = state.current_player()
        for seat in range(state.rules.players):
            expected = state.legal_actions() if seat == turn else ()
            assert state.observe(seat).legal_actions() == expected


SETTINGS = st.tuples(
    st.integers(2, 4),
    st.sampled_from(["flip", "shuffle"]),
    st.booleans(),
    st.integers(0, 10_000),
    st.integers(0, 300),
)


def _rules(players: int, turn_over: str, keep_top: bool) -> GinBummyRules:
    return gin_bummy(players).replace(turn_over=turn_over, turn_over_keeps_top=keep_top)


@given(SETTINGS, st.integers(-1, 3))
def test_observations_round_trip_through_json(settings: tuple[int, str, bool, int, int], seat: int) -> None:
    players, turn_over, keep_top, seed, steps = settings
    state = random_position(_rules(players, turn_over, keep_top), seed, steps)
    who = None if seat < 0 else seat % players
    obs = state.observe(who)
    data = json.loads(json.dumps(obs.to_dict()))
    assert GinBummyObservation.from_dict(data, state.rules) == obs
    assert "rules" not in data and data["system"] == "gin-bummy"
    space = state.rules.action_space()
    assert data["legal"] == [{"text": a.text, "code": space.encode(a)} for a in obs.legal_actions()]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="x"), "field 'format'"),
        (lambda d: d.pop("beg"), "the field 'beg' is missing"),
        (lambda d: d.update(hand=["Zz"]), "field 'hand': bad card 'Zz'"),
        (lambda d: d.update(turns="many"), "field 'turns': a whole number is needed"),
        (lambda d: d.update(steps=-2), "field 'steps': it must be 0 or more"),
        (lambda d: d.update(system="boojum"), "field 'system': these rules are 'gin-bummy'"),
        (lambda d: d.update(dealer=5), "field 'dealer': there is no seat 5"),
        (lambda d: d.update(phase="auction"), "field 'phase': a phase is one of"),
        (lambda d: d.update(drew_from="hat"), "field 'drew_from'"),
        (lambda d: d.update(cut=[[{"player": 0}]]), "field 'cut': KeyError"),
        (lambda d: d.update(hidden_counts=[[1], "x"]), "field 'hidden_counts': a list is needed"),
        (lambda d: d.update(last_forced={"player": 1, "card": 7}), "field 'last_forced': a card is text"),
        (lambda d: d.update(beg_declined=[[]]), "field 'beg_declined': one list of cards per player"),
        (lambda d: d.update(number_discards=[["5c"], ["Zz"]]), "field 'number_discards': bad card 'Zz'"),
    ],
)
def test_malformed_observation_data_is_refused_naming_the_field(change: object, message: str) -> None:
    rules = gin_bummy(2)
    data = rules.new_state(1).observe(0).to_dict()
    change(data)  # type: ignore[operator]
    with pytest.raises(NotationError, match=message):
        GinBummyObservation.from_dict(data, rules)


def test_the_wire_form_is_small_and_does_not_grow_with_the_actions_taken() -> None:
    rules = gin_bummy(2).replace(max_turns=0)
    state = position(rules, ["2c 3c 4c 5c", "2d 3d 4d 5d"], beg="6h")
    sizes = []
    for _ in range(400):  # both players only swap number cards: the game goes on and on
        if state.phase == "turn":
            state.apply(rules.parse_action("draw beg" if state.beg and state.beg[-1] < 44 else "draw stock"))
        else:
            state.apply(state.legal_actions()[-1])
        sizes.append(len(json.dumps(state.observe(0).to_dict())))
    assert state.steps == 400 and not state.flips
    # only the counts' digits may grow (the history is not resent: it would add ~10 bytes an action)
    assert max(sizes) < 2000 and max(sizes[200:]) <= max(sizes[:200]) + 4


def _cards(state: GinBummyState) -> Counter[int]:
    return Counter(x for h in state.hands for x in h) + Counter(state.stock) + Counter(state.beg)


@given(SETTINGS, st.integers(-1, 3), st.integers(0, 2**32))
def test_a_sampled_state_fits_what_the_seat_knows(
    settings: tuple[int, str, bool, int, int], seat: int, sample_seed: int
) -> None:
    players, turn_over, keep_top, seed, steps = settings
    state = random_position(_rules(players, turn_over, keep_top), seed, steps)
    who = None if seat < 0 else seat % players
    obs = state.observe(who)
    guess = sample_state(obs, random.Random(sample_seed))
    assert guess.observe(who) == obs
    assert _cards(guess) == Counter(int(x) for x in state.rules.deck())
    if who is not None and who == state.current_player():
        assert guess.legal_actions() == state.legal_actions() == obs.legal_actions()
    assert guess.current_player() == state.current_player() and guess.phase == state.phase
    rng = random.Random(sample_seed)
    for _ in range(30):  # a sampled state plays on like any other
        if guess.is_over():
            break
        guess.apply(rng.choice(guess.legal_actions()))


def test_sampled_stocks_after_a_shuffled_turn_over_hold_only_cards_that_were_turned_over() -> None:
    rules = gin_bummy(2).replace(turn_over="shuffle")
    checked = 0
    for seed in range(300):
        state = random_position(rules, seed, 1 + seed % 200)
        if not state.flips or not state.stock or state.is_over():
            continue
        obs = state.observe(0)
        allowed = Counter(state.flips[-1])
        for k in range(5):
            guess = sample_state(obs, random.Random(k))
            assert not Counter(guess.stock) - allowed
        checked += 1
    assert checked > 5


def test_sampled_hidden_cards_vary_but_public_cards_stay_put() -> None:
    state = play(position(gin_bummy(2), ["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d"), "draw beg", "discard 2c")
    obs = state.observe(1)
    guesses = [sample_state(obs, random.Random(k)) for k in range(20)]
    assert all(c("8d") in g.hands[0] for g in guesses)
    assert len({tuple(sorted(g.hands[0])) for g in guesses}) > 1
    assert all(sorted(g.hands[1]) == sorted(state.hands[1]) for g in guesses)


def _variant_rules() -> list[GinBummyRules]:
    out = []
    for i, name in enumerate(["", *VARIANTS]):
        rules = gin_bummy(2 + i % 3)
        out.append(rules.replace(**VARIANTS[name](rules)) if name else rules)
    return out


def test_a_sampled_state_fits_every_viewer_in_every_phase_of_every_variant_and_of_light_copies() -> None:
    phases: Counter[str] = Counter()
    for k, rules in enumerate(_variant_rules()):
        for seed in range(6):
            rng = random.Random(1000 * k + seed)
            state = rules.new_state(1000 * k + seed)
            while True:
                if rng.random() < 0.3 or state.is_over():
                    light = state.copy(history=False)
                    assert light.history == [] and light.events(None) == [] and light.log is None
                    for who in [*range(rules.players), None]:
                        obs = state.observe(who)
                        assert light.observe(who) == obs
                        for source in (obs, light.observe(who)):
                            guess = sample_state(source, rng)
                            assert guess.observe(who) == obs, (rules, seed, state.phase, who)
                            assert guess.history == [] and guess.events(who) == []
                    phases[state.phase] += 1
                if state.is_over():
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
    assert set(phases) == {"turn", "discard", "call", "over"}, phases
