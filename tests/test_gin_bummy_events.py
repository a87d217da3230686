"""Gin Bummy's events: what each action did, logged with exactly what each viewer may know.

Who may see a card is worked out here from the rules' text, not from the engine: a dealt hand only
its holder; a card drawn from the stock only the drawer, unless the stock is a Beg turned over as it
lay (then everyone knows its order); everything else (the cut, discards, the Beg, a card forced by a
Joker, a turn-over, a starved hand, a winning hand) lies face up.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from conftest import play

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.rules.events import DEAL, DISCARD, DRAW, GAME_OVER, LEAD, Event
from bumtable.rules.gin_bummy import VARIANTS, GinBummyRules, GinBummyState, gin_bummy, position
from bumtable.rules.gin_bummy.events import BUM_CALL, CUT, FORCE, STARVE, TURN_OVER

OTHER = "10c 10d 10h 10s 6h 6s"


def _variants() -> list[GinBummyRules]:
    out = []
    for i, name in enumerate(["", *VARIANTS]):
        rules = gin_bummy(2 + i % 3)
        out.append(rules.replace(**VARIANTS[name](rules)) if name else rules)
    return [*out, gin_bummy(3).replace(turn_over="shuffle", turn_over_keeps_top=True)]


def _code(text: str) -> int:
    return min(int(Card.parse(text)), JOKER)


def _may_see(rules: GinBummyRules, viewer: int | None, event: Event, turned_over: bool) -> bool:
    """May ``viewer`` see the cards of ``event`` (the event in full)? From the rules' text alone."""
    if event.kind == DEAL:
        return viewer == event.player
    if event.kind == DRAW and event.text == "draw stock":
        # the stock is a Beg turned over as it lay (its order known to all) once any turn-over was a flip
        return viewer == event.player or (turned_over and rules.turn_over == "flip")
    return True


def _events_of_every_variant() -> list[tuple[GinBummyRules, GinBummyState, list[list[Event]]]]:
    """Random games of every variant; for each, every viewer's events (seats, then the spectator)."""
    out = []
    for k, rules in enumerate(_variants()):
        for seed in range(10):
            rng = random.Random(seed)
            state = rules.new_state(500 * k + seed)
            while not state.is_over():
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            views = [state.events(v) for v in [*range(rules.players), None]]
            out.append((rules, state, views))
    return out


@pytest.fixture(scope="module")
def games() -> list[tuple[GinBummyRules, GinBummyState, list[list[Event]]]]:
    return _events_of_every_variant()


def test_no_viewer_sees_a_card_it_may_not_see_and_every_viewer_sees_those_it_may(
    games: list[tuple[GinBummyRules, GinBummyState, list[list[Event]]]],
) -> None:
    hidden = Counter[str]()
    for rules, _, views in games:
        viewers = [*range(rules.players), None]
        public = views[-1]
        turned = False
        for i, event in enumerate(public):
            # the event in full, as a party to it sees it (only deals and draws are ever hidden)
            full = views[event.player][i] if event.player is not None else event
            for v, seen in zip(viewers, views, strict=True):
                assert seen[i].kind == full.kind and seen[i].count == full.count == len(full.cards)
                if _may_see(rules, v, full, turned):
                    assert seen[i].cards == full.cards and seen[i].text == full.text
                else:
                    assert seen[i].cards == (), (rules, v, full)
                    hidden[full.kind] += 1
            turned = turned or event.kind == TURN_OVER
    assert hidden[DEAL] and hidden[DRAW], hidden


def test_every_kind_of_event_happens_and_each_says_what_happened(
    games: list[tuple[GinBummyRules, GinBummyState, list[list[Event]]]],
) -> None:
    kinds = Counter[str]()
    for rules, state, views in games:
        public = views[-1]
        kinds.update(e.kind for e in public)
        assert [e.seq for e in public] == list(range(len(public)))
        assert [e.step for e in public] == sorted(e.step for e in public)
        assert public[-1].kind == GAME_OVER and public[-1].text == state.result
        assert public[-1].step == len(state.history)
        setup = [e for e in public if e.step == 0]
        assert [e.kind for e in setup] == [CUT] * sum(map(len, state.cut)) + [DEAL] * rules.players + [LEAD]
        assert setup[-1].player == state.dealer
        for p in range(rules.players):  # each seat's own deal is the hand it was dealt
            mine = next(e for e in state.events(p) if e.kind == DEAL and e.player == p)
            assert len(mine.cards) == rules.hand_size
        starved = [e.player for e in public if e.kind == STARVE]
        assert starved == state.starved
        over = public[-1]
        assert over.player == (state.winner if state.winner is not None else state.stuck)
    assert set(kinds) >= {CUT, DEAL, LEAD, DRAW, DISCARD, TURN_OVER, FORCE, STARVE, BUM_CALL, GAME_OVER}, (
        kinds
    )


def test_the_cards_in_the_events_are_the_cards_that_moved() -> None:
    for seed in range(30):
        rules = gin_bummy(2 + seed % 3).replace(turn_over="shuffle" if seed % 2 else "flip")
        state = rules.new_state(seed)
        rng = random.Random(seed)
        for p in range(rules.players):
            deal = next(e for e in state.events(p) if e.kind == DEAL and e.player == p)
            assert Counter(map(_code, deal.cards)) == Counter(state.hands[p])
        while not state.is_over():
            p = state.turn
            start = len(state.events(None))
            before = Counter(state.hands[p])
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            mine = state.events(p, start)
            drawn = [_code(t) for e in mine if e.kind == DRAW for t in e.cards]
            put = [_code(t) for e in mine if e.kind == DISCARD for t in e.cards]
            forced = [_code(t) for e in mine if e.kind == FORCE for t in e.cards]
            out = [_code(t) for e in mine if e.kind == STARVE for t in e.cards]
            assert before + Counter(drawn) - Counter(put) - Counter(forced) == Counter(
                state.hands[p]
            ) + Counter(out)
            if state.drawn is not None:
                assert drawn == [state.drawn]


def test_a_hidden_stock_draw_shows_the_table_only_that_a_card_was_drawn() -> None:
    state = play(
        position(gin_bummy(3), ["Kh 2c 3d 4h 5s 7c", OTHER, "Jh Jd 2h 3s 4c 5d"], stock_top="9h"),
        "draw stock",
    )
    mine, theirs, spectator = state.events(0)[-1], state.events(1)[-1], state.events(None)[-1]
    assert (mine.kind, mine.player, mine.text, mine.cards, mine.count) == (DRAW, 0, "draw stock", ("9h",), 1)
    assert (theirs.text, theirs.cards, theirs.count) == ("draw stock", (), 1) and spectator == theirs


def test_a_draw_from_the_beg_and_a_discard_are_public() -> None:
    state = play(position(gin_bummy(2), ["Kh 2c 3d 4h 5s 7c", OTHER], beg="8d"), "draw beg", "discard 2c")
    draw, discard = state.events(1)[-2:]
    assert (draw.kind, draw.text, draw.cards, draw.step) == (DRAW, "draw beg", ("8d",), 1)
    assert (discard.kind, discard.text, discard.cards, discard.step) == (DISCARD, "discard 2c", ("2c",), 2)


def test_a_joker_play_discards_two_cards_and_forces_one_on_the_next_player() -> None:
    state = play(position(gin_bummy(3), ["JK Qs 2c 3d 4h 5s 6c", OTHER, "Jh Jd 2h 3s 4c 5d"]), "joker JK Qs")
    discard, force = state.events(2)
    assert (discard.kind, discard.text, discard.cards) == (DISCARD, "joker JK Qs", ("JK", "Qs"))
    assert (force.kind, force.player, force.to, force.cards) == (FORCE, 0, 1, ("Qs",))


def test_an_ace_logs_each_draw_and_the_turn_over_between_them() -> None:
    rules = gin_bummy(2)
    mine = "Ah 2s 3s 4s 5s"
    rest = [c for c in rules.deck() if str(c) not in (*mine.split(), "9h")]
    state = position(rules, [mine, " ".join(str(c) for c in rest)], stock="9h")
    state.apply(rules.parse_action("ace Ah"))
    assert [(e.kind, e.text, e.cards) for e in state.events(0)] == [
        (DISCARD, "ace Ah", ("Ah",)),
        (DRAW, "draw stock", ("9h",)),
        (TURN_OVER, "flip", ("Ah",)),
        (DRAW, "draw stock", ("Ah",)),
    ]
    assert [e.cards for e in state.events(1)] == [("Ah",), (), ("Ah",), ("Ah",)]


def test_a_starving_lays_the_hand_on_the_beg_and_the_last_player_in_wins() -> None:
    state = play(position(gin_bummy(2), ["Kh 2c 3d 4h", OTHER]), "discard Kh")
    assert [(e.kind, e.player, e.text, e.cards) for e in state.events(None)] == [
        (DISCARD, 0, "discard Kh", ("Kh",)),
        (STARVE, 0, "starve", ("2c", "3d", "4h")),
        (GAME_OVER, 1, "last-standing", ()),
    ]


def test_bum_lays_the_winning_hand_face_up_for_everyone() -> None:
    state = play(
        position(gin_bummy(3), ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c", "Jh Jd 2h 3s 4c 5d"]), "discard Kh", "bum"
    )
    for v in (None, 1, 2):
        call, over = state.events(v)[-2:]
        assert (call.kind, call.player, sorted(call.cards)) == (BUM_CALL, 0, sorted(["2s", "6h", "4d", "9c"]))
        assert (over.kind, over.player, over.text) == (GAME_OVER, 0, "bum")


def test_a_blocked_game_names_the_player_who_could_not_act() -> None:
    rules = gin_bummy(2).replace(turn_over_keeps_top=True)
    rest = sorted(c for c in rules.deck() if str(c) not in ("2c", "3c", "4c", "5c"))
    state = position(rules, ["2c 3c 4c 5c", " ".join(str(c) for c in rest)], stock="", turn=1)
    state.apply(rules.parse_action("ace As"))
    over = state.events(None)[-1]
    assert (over.kind, over.player, over.text) == (GAME_OVER, 0, "blocked") and state.stuck == 0


def test_the_turn_limit_ends_the_game_with_nobody_named() -> None:
    state = play(position(gin_bummy(2).replace(max_turns=1), ["Kh Kd 2c 3d 4h 5s", OTHER]), "discard Kh")
    assert [(e.kind, e.player, e.text) for e in state.events(1)][-1] == (GAME_OVER, None, "turn-limit")


def test_light_copies_and_sampled_states_keep_no_events_and_a_tail_starts_where_asked() -> None:
    from bumtable.rules.gin_bummy import sample_state

    state = gin_bummy(3).new_state(4)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    assert state.copy().events(1) == state.events(1)
    assert state.copy(history=False).events(1) == []
    assert sample_state(state.observe(1), random.Random(1)).events(1) == []
    events = state.events(2)
    assert state.events(2, 5) == events[5:] and state.events(2, len(events)) == []
