"""The facts the wire form carries for the faces (a Boojum bid's worth, the Gin Bummy moves that starve, the rank
a climbing trick ended on four of) are what the rules do: the check passes the real engines and catches a wire form
that counts them otherwise."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from bumtable.cards.french import Card
from bumtable.rules import get
from bumtable.rules.boojum import observation as boojum_observation
from bumtable.rules.climbing.events import FOUR_OF_A_VALUE
from bumtable.rules.climbing.state import ClimbingState
from bumtable.rules.conformance import ConformanceError, check_game
from bumtable.rules.conformance_wire import wire_facts_problem
from bumtable.rules.events import Event
from bumtable.rules.gin_bummy import observation as gin_observation
from bumtable.rules.gin_bummy.position import position
from bumtable.rules.gin_bummy.starve import cards_after


def _one_more_for_an_ace(obs: Any) -> dict[Any, int]:
    """The moves that starve, counting an Ace as drawing one card more than it does."""
    out = {}
    for action in obs.legal_actions():
        left = cards_after(obs, action)
        if left is not None and action.kind == "ace":
            left += 1
        if left is not None and left < 4:
            out[action] = left
    return out


@pytest.mark.parametrize(
    ("game", "players"), [("gin-bummy", 2), ("gin-bummy", 4), ("boojum", 3), ("boojum", 5), ("president", 4)]
)
def test_the_real_engines_send_the_facts_the_rules_work_out_at_every_step(game: str, players: int) -> None:
    rng = random.Random(players)
    state = get(game, players=players).new_state(seed=players)
    for _ in range(300):
        if state.is_over():
            break
        assert wire_facts_problem(state) is None
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])


def test_a_starving_move_is_sent_with_the_cards_it_leaves() -> None:
    rules = get("gin-bummy", players=2)
    state = position(rules, ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c"])
    sent = state.observe(0).to_dict()["starving"]
    assert sent == {"joker JK 2s": 3, "joker JK 4d": 3, "joker JK 6h": 3, "joker JK Kh": 3}
    assert state.observe(1).to_dict()["starving"] == {} == state.observe(None).to_dict()["starving"]
    assert wire_facts_problem(state) is None


def _ace_with_nothing_to_draw(*, keeps_top: bool) -> Any:
    """Seat 0 holds four cards, an Ace among them; the stock and the Beg are empty (seat 1 holds the rest)."""
    rules = get("gin-bummy", players=2, turn_over_keeps_top=keeps_top)
    mine = ["2s", "6h", "4d", "Ah"]
    rest = [str(Card(c)) for c in rules.deck()]
    for card in mine:
        rest.remove(card)
    return position(rules, [" ".join(mine), " ".join(rest)], stock="")


@pytest.mark.parametrize(("keeps_top", "starves"), [(True, True), (False, False)])
def test_an_ace_starves_only_where_the_beg_turned_over_gives_nothing_back(
    keeps_top: bool, starves: bool
) -> None:
    # the Ace goes onto the empty Beg, which is the stock once turned over: less its top card kept, nothing
    state = _ace_with_nothing_to_draw(keeps_top=keeps_top)
    assert ("ace Ah" in state.observe(0).to_dict()["starving"]) is starves
    assert wire_facts_problem(state) is None


def test_a_wire_form_that_miscounts_an_aces_draws_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _ace_with_nothing_to_draw(keeps_top=True)
    monkeypatch.setattr(gin_observation, "starving", _one_more_for_an_ace)
    problem = wire_facts_problem(state)
    assert problem is not None and "'starving' for seat 0" in problem and "'ace Ah': 3" in problem


def test_the_checker_fails_a_wire_form_that_names_no_starving_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gin_observation, "starving", lambda obs: {})
    with pytest.raises(ConformanceError, match="the wire form's 'starving' for seat"):
        check_game(get("gin-bummy", players=2), seed=4, every=1)


def test_the_checker_fails_a_bid_worth_counted_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    def one_pip_more(cards: Any, tables: Any) -> dict[str, int]:
        cards = list(cards)
        return {"cards": len(cards), "pips": sum(tables.pip[c] for c in cards) + bool(cards)}

    monkeypatch.setattr(boojum_observation, "bid_worth", one_pip_more)
    with pytest.raises(ConformanceError, match="the wire form's 'bid_worth' for seat"):
        check_game(get("boojum", players=4), seed=2, every=1)


def _until_four_of_a_value(seed: int) -> tuple[Any, Event]:
    """A President game played at random until a trick ends on four of a value: the state and that trick event."""
    rng = random.Random(seed)
    state = get("president", players=4).new_state(seed=seed)
    while not state.is_over():
        legal = state.legal_actions()
        told = len(state.events(None))
        state.apply(legal[rng.randrange(len(legal))])
        for event in state.events(None, told):
            if event.kind == "trick" and event.text == FOUR_OF_A_VALUE:
                return state, event
    raise AssertionError(f"seed {seed}: no trick ended on four of a value")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_trick_ended_by_four_of_a_value_names_the_rank_of_the_play_that_ended_it(seed: int) -> None:
    state, trick = _until_four_of_a_value(seed)
    play = [e for e in state.events(None)[: trick.seq] if e.kind == "play"][-1]
    assert trick.rank == state.rules.rank_order[state.rules.parse_action(play.text).rank]
    for viewer in (None, *range(state.rules.players)):
        told = [e.to_dict() for e in state.events(viewer)]
        assert told[trick.seq]["rank"] == trick.rank
        assert [e["seq"] for e in told if "rank" in e][-1] == trick.seq
    assert wire_facts_problem(state) is None


def _trick_ends_naming(rank_of: Callable[[int], int]) -> Callable[..., None]:
    """The engine's trick ending, naming the rank ``rank_of(rank)`` instead (-1: none)."""
    end_trick = ClimbingState._end_trick

    def ending(self: ClimbingState, winner: int, why: str, rank: int = -1) -> None:
        end_trick(self, winner, why, rank_of(rank))

    return ending


def test_the_checker_fails_a_four_of_a_value_trick_naming_another_rank(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ClimbingState, "_end_trick", _trick_ends_naming(lambda rank: rank - 1))
    with pytest.raises(ConformanceError, match="names the rank 'Q', but the trick's plays end on four Ks"):
        check_game(get("president", players=4), seed=4, max_actions=60, every=1)


def test_the_checker_fails_a_rank_named_on_a_trick_ended_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ClimbingState, "_end_trick", _trick_ends_naming(lambda rank: max(rank, 0)))
    with pytest.raises(ConformanceError, match=r"the trick event \d+ \('wipe'\) names a rank, '3'"):
        check_game(get("president", players=4), seed=4, max_actions=60, every=1)


def test_the_checker_fails_a_wire_form_that_leaves_a_fact_out(monkeypatch: pytest.MonkeyPatch) -> None:
    to_dict = gin_observation.observation_to_dict

    def without_starving(*args: Any, **kwargs: Any) -> dict[str, Any]:
        data = dict(to_dict(*args, **kwargs))
        data.pop("starving")
        return data

    monkeypatch.setattr(gin_observation, "observation_to_dict", without_starving)
    state = position(get("gin-bummy", players=2), ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c"])
    assert wire_facts_problem(state) == "the wire form for seat 0 lacks 'starving'"
