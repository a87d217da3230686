"""Gin Bummy's terminal face: whole bot games shown from every seat and a spectator, and typed input."""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from rich.console import Console, RenderableType

from bumtable.bots import make_bot
from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.face import Face
from bumtable.faces.terminal.families import face_for
from bumtable.faces.terminal.gin_bummy.face import EMPTY, GinBummyFace
from bumtable.rules import get
from bumtable.rules.gin_bummy import (
    ACE,
    BUM,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG,
    DRAW_BEG_ACTION,
    DRAW_STOCK,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    VARIANTS,
    GinBummyAction,
    GinBummyObservation,
    GinBummyRules,
    GinBummyState,
    gin_bummy,
    position,
)
from bumtable.rules.gin_bummy.state import PUBLIC

FACE = GinBummyFace()
SUITS = "♣♦♥♠"
WRONG_YOU = ("draws", "discards", "takes", "calls", "starves", "wins", "cuts", "deals", "plays", "holds")


# ---------------------------------------------------------------------- rendering helpers
CONSOLE = Console(record=True, width=100, file=io.StringIO(), highlight=False, emoji=False)


def show(lines: Sequence[RenderableType]) -> str:
    """Renderables as the plain text a 100-column terminal shows."""
    for line in lines:
        CONSOLE.print(line)
    CONSOLE.file = io.StringIO()
    return CONSOLE.export_text(clear=True)


def forms(code: int) -> tuple[str, ...]:
    """Every way a card can be printed: with its suit symbol and as plain text."""
    card = Card(code)
    return (card.pretty(), str(card))


def names(text: str, code: int) -> bool:
    """True when ``text`` names the card ``code`` (as a whole token, in either form)."""
    return any(re.search(rf"(?<![\w♣♦♥♠]){re.escape(f)}(?![\w♣♦♥♠])", text) for f in forms(code))


def seats_for(n: int, seat: int | None, kinds: Sequence[str] = ()) -> Seats:
    return Seats.numbered(n, seat, kinds)


# ---------------------------------------------------------------------- whole games, every seat
@dataclass
class Step:
    """One action, as every viewer (each seat, and None for the spectator) saw it."""

    actor: int
    action: GinBummyAction
    before: dict[int | None, GinBummyObservation]
    after: dict[int | None, GinBummyObservation]
    said: dict[int | None, str]
    view_before: dict[int | None, str]
    view_after: dict[int | None, str]
    holds: dict[int | None, str]
    standings: dict[int | None, str]
    progress: dict[int | None, str]
    options: list[str]
    drawn: list[int]
    """The cards the actor really drew with this action."""
    hidden: list[int]
    """Of those, the ones only the actor may know."""
    warned: list[GinBummyAction]
    """The actor's options the face warned of (a move that starves)."""
    starving: list[GinBummyAction]
    """The actor's options that really starve it (each tried on a copy of the state)."""


@dataclass
class Game:
    rules: GinBummyRules
    variant: str
    seed: int
    kinds: tuple[str, ...]
    state: GinBummyState
    openings: dict[int | None, str]
    steps: list[Step] = field(default_factory=list)
    finals: dict[int | None, str] = field(default_factory=dict)


def viewers(n: int) -> list[int | None]:
    return [*range(n), None]


def play_shown(rules: GinBummyRules, seed: int, kinds: Sequence[str], variant: str = "") -> Game:
    """Play one seeded bot game, calling every face method for every viewer at every step.

    Tables are slow to draw, so the turn view is drawn to text only for the player to act (and,
    every fifth step, the spectator), and for everyone else right after a hidden draw from the stock.
    """
    n = rules.players
    state = rules.new_state(seed)
    seat_names = {v: seats_for(n, v, kinds) for v in viewers(n)}
    openings = {v: show(FACE.opening(state.observe(v), s)) for v, s in seat_names.items()}
    game = Game(rules, variant, seed, tuple(kinds), state, openings)
    after = {v: state.observe(v) for v in viewers(n)}
    view_after: dict[int | None, str] = {}
    seen = len(state.events(None))  # every viewer sees the same number of events
    while not state.is_over():
        actor = state.current_player()
        assert actor is not None
        before = after
        views = {
            v: [*FACE.turn_view(before[v], seat_names[v]), *FACE.turn_brief(before[v], seat_names[v])]
            for v in viewers(n)
        }
        looked = [actor, None] if len(game.steps) % 5 == 0 else [actor]
        view_before = {v: view_after.get(v) or show(views[v]) for v in looked}
        holds = {v: show(FACE.holds(before[v], seat_names[v])) for v in viewers(n)}
        standings = {v: show(FACE.standings(before[v], seat_names[v])) for v in viewers(n)}
        progress = {v: FACE.progress(before[v]) for v in viewers(n)}
        for v in viewers(n):  # a view of the game resumed at this point
            assert FACE.opening(before[v], seat_names[v])
        mine = before[actor]
        options = FACE.ordered(mine, mine.legal_actions())
        assert sorted(options) == sorted(state.legal_actions())
        option_texts = [show([FACE.option_text(mine, a)]) for a in options]
        warned = [a for a in options if FACE.warning(mine, a) is not None]
        starving = [a for a in options if _starves(state, a)]
        bot = make_bot(kinds[actor], seed * 31 + actor + len(state.history), game="gin-bummy")
        action = bot.choose(mine)
        choice = FACE.interpret(str(options.index(action) + 1), rules, options, state.why_illegal)
        assert choice.play == action
        state.apply(action)
        drawn, hidden = _draws(state, actor, action)
        after = {v: state.observe(v) for v in viewers(n)}
        shown_to = [v for v in viewers(n) if v != actor] if hidden else []
        view_after = {
            v: show([*FACE.turn_view(after[v], seat_names[v]), *FACE.turn_brief(after[v], seat_names[v])])
            for v in shown_to
        }
        said = {
            v: show(FACE.narrate(before[v], state.events(v, seen), after[v], seat_names[v]))
            for v in viewers(n)
        }
        seen = len(state.events(None))
        game.steps.append(
            Step(
                actor,
                action,
                before,
                after,
                said,
                view_before,
                view_after,
                holds,
                standings,
                progress,
                option_texts,
                drawn,
                hidden,
                warned,
                starving,
            )
        )
    game.finals = {v: show(FACE.final(state.observe(v), s)) for v, s in seat_names.items()}
    return game


def _starves(state: GinBummyState, action: GinBummyAction) -> bool:
    """The player to act starves when ``action`` is taken (tried on a copy)."""
    trial = state.copy(history=False)
    actor = trial.turn
    trial.apply(action)
    return actor in trial.starved


def _draws(state: GinBummyState, actor: int, action: GinBummyAction) -> tuple[list[int], list[int]]:
    """The cards the actor really drew, and those the table does not know (from the state itself)."""
    if action.kind == DRAW_STOCK:
        assert state.drawn is not None
        return [state.drawn], ([] if state.drawn_public else [state.drawn])
    if action.kind != ACE:
        return [], []
    drawn = list(state.last_draws[actor])
    if actor in state.starved:  # the hand went face up onto the Beg
        return drawn, []
    k = len(drawn)
    tags = state.tags[actor][len(state.tags[actor]) - k :] if k else []
    return drawn, [c for c, t in zip(drawn, tags, strict=True) if t != PUBLIC]


def _configs() -> list[tuple[str, int, tuple[str, ...], int]]:
    """(variant, players, bot kinds, seed): the preset and every variant, with 2, 3 and 4 players."""
    out = []
    for i, variant in enumerate(["", *VARIANTS]):
        players = 2 + i % 3
        kinds = tuple("heuristic" if i % 2 and p % 2 else "random" for p in range(players))
        out.append((variant, players, kinds, 100 + i))
    return out


@pytest.fixture(scope="module")
def games() -> list[Game]:
    out = []
    for variant, players, kinds, seed in _configs():
        rules = gin_bummy(players)
        if variant:
            rules = rules.replace(**VARIANTS[variant](rules))
        out.append(play_shown(rules, seed, kinds, variant))
    for seed in range(3):  # a low turn limit, to see that ending
        rules = gin_bummy(3).replace(max_turns=12)
        out.append(play_shown(rules, seed, ("random", "random", "random"), "max_turns=12"))
    return out


def steps_of(games: list[Game], *kinds: str) -> list[tuple[Game, Step]]:
    return [(g, s) for g in games for s in g.steps if s.action.kind in kinds]


# ---------------------------------------------------------------------- tests on whole games
def test_games_cover_every_variant_every_player_count_and_both_bots(games: list[Game]) -> None:
    assert {g.variant for g in games} >= set(VARIANTS)
    assert {g.rules.players for g in games} == {2, 3, 4}
    assert {k for g in games for k in g.kinds} == {"random", "heuristic"}
    assert all(g.state.is_over() for g in games)
    kinds = Counter(s.action.kind for g in games for s in g.steps)
    assert set(kinds) == {DISCARD, DRAW_STOCK, DRAW_BEG, ACE, JOKER_PLAY, BUM}, kinds


def test_every_viewer_gets_an_opening_a_table_a_narration_and_a_final(games: list[Game]) -> None:
    for g in games:
        d = g.state.dealer
        for v, text in g.openings.items():
            dealer = seats_for(g.rules.players, v).name(d)
            assert "Cut for the deal" in text
            assert f"{dealer} (the dealer) {'play' if d == v else 'plays'} first" in text
        for s in g.steps:
            assert s.actor in s.view_before
            for text in s.view_before.values():
                assert "Gin Bummy" in text and "Beg" in text and "Stock" in text
            for v in viewers(g.rules.players):
                assert s.said[v].strip(), (g.seed, s.action)
                assert re.fullmatch(r"turn \d+", s.progress[v])
                assert "Cards held:" in s.standings[v]
        assert all(text.strip() for text in g.finals.values())


def test_the_opening_tells_each_round_of_the_cut_the_dealer_and_the_observers_hand() -> None:
    rules = gin_bummy(4)
    seed = next(s for s in range(500) if len(rules.new_state(s).cut) > 1)
    state = rules.new_state(seed)
    d = state.dealer
    for v in viewers(4):
        seats = seats_for(4, v)
        text = show(FACE.opening(state.observe(v), seats))
        assert "Tie, the tied players cut again" in text
        assert text.count("\n") >= len(state.cut) + 2
        dealer = seats.name(d)
        assert f"{dealer} {'cut' if d == v else 'cuts'} lowest and {'deal' if d == v else 'deals'}" in text
        assert f"{dealer} (the dealer) {'play' if d == v else 'plays'} first" in text
        if v is None:
            assert "hand (" not in text
        else:
            assert "Your hand (10)" in text
            assert all(names(text, c) for c in state.hands[v] if c != JOKER)
        for p, c in state.cut[0]:
            assert any(f"{seats.name(p)} {form}" in text for form in forms(c))


def test_narration_of_a_discard_or_an_ace_names_the_card_for_every_viewer(games: list[Game]) -> None:
    found = steps_of(games, DISCARD, ACE)
    assert found
    for g, s in found:
        for v in viewers(g.rules.players):
            assert names(s.said[v], s.action.card), s.said[v]
            assert "discard" in s.said[v]


def test_a_hidden_stock_draw_never_shows_the_card_to_another_seat(games: list[Game]) -> None:
    hidden = [(g, s) for g, s in steps_of(games, DRAW_STOCK, ACE) if s.hidden]
    assert len(hidden) > 50
    for g, s in hidden:
        for v in viewers(g.rules.players):
            for c in s.hidden:
                if c == JOKER:  # both Jokers print alike; the other one may be in view
                    continue
                if v == s.actor:
                    assert names(s.said[v], c), s.said[v]
                else:
                    assert not names(s.said[v], c), (v, s.said[v])
                    assert not names(s.view_after[v], c), (v, s.view_after[v])


def test_a_draw_everyone_may_see_names_the_card_for_everyone(games: list[Game]) -> None:
    seen: Counter[str] = Counter()
    for g, s in steps_of(games, DRAW_STOCK, ACE):
        public = list((Counter(s.drawn) - Counter(s.hidden)).elements())
        for v in viewers(g.rules.players):
            for c in public:
                assert names(s.said[v], c), s.said[v]
        if public:
            seen[s.action.kind] += 1
    assert seen[DRAW_STOCK] and seen[ACE], seen


def test_an_ace_draws_what_there_is_and_shows_only_the_known_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)
    rules = gin_bummy(2)
    mine = "Ah 2s 3s 4s 5s"
    rest = [c for c in rules.deck() if str(c) not in (*mine.split(), "9h")]
    state = position(rules, [mine, " ".join(str(c) for c in rest)], stock="9h")
    before = {v: state.observe(v) for v in viewers(2)}
    action = act("ace Ah")
    state.apply(action)
    assert state.last_draws[0] == (int(Card.parse("9h")), int(Card.parse("Ah")))
    said = {
        v: show(FACE.narrate(before[v], state.events(v), state.observe(v), seats_for(2, v)))
        for v in viewers(2)
    }
    assert "You discard A♥ and draw 9♥ A♥." in said[0]
    for v in (1, None):
        assert "P0 discards A♥ and draws two cards from the stock (known to all: A♥)." in said[v]
        assert not names(said[v], int(Card.parse("9h")))
    for v in viewers(2):
        assert "The stock ran out during the draws: the Beg (1 card) was turned over as it lay" in said[v]
        assert "Only two could be drawn" in said[v]


def test_a_draw_from_the_beg_names_the_card_taken(games: list[Game]) -> None:
    for g, s in steps_of(games, DRAW_BEG):
        top = s.before[None].beg[-1]
        for v in viewers(g.rules.players):
            assert "from the Beg" in s.said[v]
            assert names(s.said[v], top)


def test_a_joker_play_names_the_card_on_it_and_who_takes_it(games: list[Game]) -> None:
    found = steps_of(games, JOKER_PLAY)
    assert found
    for g, s in found:
        forced = s.after[None].last_forced
        assert forced is not None
        taker, card = forced
        assert card == s.action.card
        for v in viewers(g.rules.players):
            seats = seats_for(g.rules.players, v)
            assert "Joker" in s.said[v] and names(s.said[v], card)
            who = "you take" if taker == v else f"{seats.name(taker)} takes"
            assert who in s.said[v], s.said[v]


def test_a_starving_is_told_with_the_hand_going_face_up_onto_the_beg(games: list[Game]) -> None:
    found = [
        (g, s)
        for g in games
        for s in g.steps
        if s.actor in s.after[None].starved and s.actor not in s.before[None].starved
    ]
    assert found
    for g, s in found:
        for v in viewers(g.rules.players):
            assert "starve" in s.said[v] and "face up onto the Beg" in s.said[v]
        # the starved cards are on top of the Beg now, and named
        beg = s.after[None].beg
        said = s.said[None].split("onto the Beg:")[-1]
        shown = [c for c in beg if names(said, c)]
        assert shown, said


def test_a_turn_over_of_the_beg_is_told_as_the_rules_make_it(games: list[Game]) -> None:
    seen: Counter[str] = Counter()
    for g in games:
        for s in g.steps:
            if len(s.after[None].flips) > len(s.before[None].flips):
                for v in viewers(g.rules.players):
                    said = s.said[v]
                    assert (
                        "The stock is empty: the Beg" in said or "The stock ran out during the draws" in said
                    )
                    how = "shuffled" if g.rules.turn_over == "shuffle" else "turned over as it l"
                    assert how in said
                    if g.rules.turn_over_keeps_top:
                        assert "its top card" in said and "stays face up" in said
                seen[g.rules.turn_over + ("-keep" if g.rules.turn_over_keeps_top else "")] += 1
    assert set(seen) == {"flip", "shuffle", "flip-keep"}, seen


def test_bum_names_the_winner_and_shows_the_hand_to_whoever_knows_it(games: list[Game]) -> None:
    found = steps_of(games, BUM)
    assert found
    for g, s in found:
        w = s.actor
        hand = g.state.hands[w]
        for v in viewers(g.rules.players):
            seats = seats_for(g.rules.players, v)
            said = s.said[v]
            assert f"{seats.name(w)} {'call' if v == w else 'calls'} Bum!" in said
            assert f"{seats.name(w)} {'win' if v == w else 'wins'} with Bum!" in said
            if v == w:
                assert all(names(said, c) for c in hand), said


def test_the_final_lines_name_the_winner_or_say_why_it_is_a_draw(games: list[Game]) -> None:
    results = Counter(g.state.result for g in games)
    assert {"bum", "last-standing", "turn-limit"} <= set(results), results
    for g in games:
        w = g.state.winner
        for v in viewers(g.rules.players):
            seats = seats_for(g.rules.players, v)
            final = g.finals[v]
            last = g.steps[-1].said[v]
            if w is not None:
                expected = f"{seats.name(w)} {'win' if v == w else 'wins'}"
            elif g.state.result == "turn-limit":
                expected = "turn limit (12 turns)"
            else:
                expected = "blocked"
            assert expected in final and expected in last, (final, last)
            if g.state.result == "last-standing":
                assert "starved" in final


def test_a_blocked_game_is_told_as_a_draw() -> None:
    rules = gin_bummy(2).replace(turn_over_keeps_top=True)
    rest = sorted(int(c) for c in rules.deck() if str(c) not in ("2c", "3c", "4c", "5c"))
    from bumtable.cards import format_cards

    state = position(rules, ["2c 3c 4c 5c", format_cards(rest)], stock="", turn=1)
    before = {v: state.observe(v) for v in viewers(2)}
    action = rules.parse_action("ace As")
    state.apply(action)
    assert state.result == "blocked"
    for v in viewers(2):
        seats = seats_for(2, v)
        said = show(FACE.narrate(before[v], state.events(v), state.observe(v), seats))
        assert "draws nothing" in said or "draw nothing" in said
        assert "draw after 1 turn: blocked" in said
        assert "draw after 1 turn: blocked" in show(FACE.final(state.observe(v), seats))


def test_holds_shows_the_hand_of_a_seat_and_nothing_for_a_spectator(games: list[Game]) -> None:
    for g in games[:6]:
        for s in g.steps:
            assert s.holds[None] == ""
            for v in range(g.rules.players):
                hand = s.before[v].hand or ()
                if not hand:
                    continue
                assert s.holds[v].startswith("You hold: ")
                assert all(names(s.holds[v], c) for c in hand)
    obs = gin_bummy(3).new_state(5).observe(1)
    replay_seats = Seats(("P0", "P1", "P2"))
    assert show(FACE.holds(obs, replay_seats)).startswith("P1 holds: ")


def test_the_turn_view_shows_the_table_the_beg_the_stock_and_the_hand(games: list[Game]) -> None:
    for g in games[:6]:
        for s in g.steps:
            for v, text in s.view_before.items():
                obs = s.before[v]
                assert f"Stock: {obs.stock_count} card" in text or "Stock: empty" in text
                if obs.beg:
                    assert names(text, obs.beg[-1])
                else:
                    assert "Beg: empty" in text
                for p in range(g.rules.players):
                    assert seats_for(g.rules.players, v).name(p) in text
                if v is not None and obs.hand:
                    assert f"Your hand ({len(obs.hand)})" in text
                    assert all(names(text, c) for c in obs.hand)
                if obs.phase == "discard" and v == obs.turn:
                    assert obs.drawn is not None and "You have drawn" in text and names(text, obs.drawn)
                if g.kinds:
                    assert g.kinds[0] in text
                assert text.count("starved (out)") == len(obs.starved)


def test_exactly_the_moves_that_starve_are_warned_of_and_marked_in_the_menu(games: list[Game]) -> None:
    starving = [s for g in games for s in g.steps if s.starving]
    assert len(starving) > 10 and {a.kind for s in starving for a in s.starving} >= {DISCARD, JOKER_PLAY}
    for g in games:
        for s in g.steps:
            assert s.warned == s.starving, (g.variant, g.seed, s.action)
            options = FACE.ordered(s.before[s.actor], s.before[s.actor].legal_actions())
            marked = [a for a, text in zip(options, s.options, strict=True) if "(starves you)" in text]
            assert marked == s.starving


def test_the_warning_says_what_starving_costs_naming_the_card_as_the_table_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)
    two = position(gin_bummy(2), ["2s 6h 4d Kh", "7c 7d 7h 7s 8c"])
    warning = FACE.warning(two.observe(0), act("discard Kh"))
    assert warning == (
        "Discarding K♥ leaves you only three cards: a player left with fewer than four cards starves, "
        "so you lose and P1 wins at once."
    )
    monkeypatch.setattr(common, "fancy", lambda: False)
    assert str(FACE.warning(two.observe(0), act("discard Kh"))).startswith("Discarding Kh leaves you")
    monkeypatch.setattr(common, "fancy", lambda: True)
    assert FACE.warning(two.observe(1), act("discard Kh")) is None  # only for the seat to act
    three = position(gin_bummy(3), ["2s 6h 4d Kh JK", "7c 7d 7h 7s 8c", "9c 9d 9h 9s 10c"])
    warning = FACE.warning(three.observe(0), act("joker JK 2s"))
    assert (
        warning is not None
        and warning.startswith("Discarding a Joker with 2♠ on top leaves you only three cards")
        and "you are out of the game and lose" in warning
    )
    assert FACE.warning(three.observe(0), act("discard Kh")) is None  # four cards left: safe


def test_holding_four_cards_with_a_jack_the_hand_line_and_typing_bum_name_the_jack_as_the_table_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)
    state = position(gin_bummy(2), ["2c 6h 4d Js", "7c 7d 7h 7s 8c"])
    obs = state.observe(0)
    view = " ".join(show(FACE.turn_view(obs, Seats.numbered(2, 0))).split())
    assert "Your hand (4): 2♣ 4♦ 6♥ · J♠ (not yet a winning hand: J♠ is not a number card (2-10))" in view
    assert "Js" not in view
    options = FACE.ordered(obs, obs.legal_actions())
    assert FACE.interpret("bum", state.rules, options, state.why_illegal).error == (
        "you cannot call Bum: J♠ is not a number card (2-10)"
    )
    # A command to type stays as it is typed, in quotes.
    assert FACE.interpret("2c", state.rules, options, state.why_illegal).error == (
        "a number card goes down only after a draw: first 'draw stock' or 'draw beg'"
    )


def test_an_ace_starves_only_when_too_few_cards_are_left_to_draw() -> None:
    mine = "2s 6h 4d Ah"
    deck = Counter(str(Card(int(c))) for c in gin_bummy(2).deck())
    rest = " ".join((deck - Counter(mine.split())).elements())
    assert FACE.warning(position(gin_bummy(2), [mine, "7c 7d 7h 7s 8c"]).observe(0), act("ace Ah")) is None
    for keep in (False, True):  # an empty stock and Beg: the Ace alone turns over, unless the top is kept
        rules = gin_bummy(2).replace(turn_over_keeps_top=keep)
        state = position(rules, [mine, rest], stock="")
        obs = state.observe(0)
        assert obs.stock_count == 0 and not obs.beg and act("ace Ah") in obs.legal_actions()
        assert _starves(state, act("ace Ah")) == keep
        assert (FACE.warning(obs, act("ace Ah")) is not None) == keep


def test_the_turn_view_tells_a_card_forced_by_a_joker(games: list[Game]) -> None:
    found = 0
    for g in games:
        for s, nxt in zip(g.steps, g.steps[1:], strict=False):
            forced = s.after[None].last_forced
            if s.action.kind == JOKER_PLAY and forced is not None:
                taker, card = forced
                assert nxt.actor == taker
                text = nxt.view_before[taker]
                assert "A Joker forced" in text and "on you before this turn" in text and names(text, card)
                found += 1
    assert found


def test_you_is_never_given_a_third_person_verb(games: list[Game]) -> None:
    pattern = re.compile(r"\bYou (" + "|".join(WRONG_YOU) + r")\b")
    for g in games:
        texts = [*g.openings.values(), *g.finals.values()]
        for s in g.steps:
            texts += [*s.said.values(), *s.view_before.values(), *s.holds.values()]
        for text in texts:
            assert not pattern.search(text), text


def test_ordered_lists_bum_then_discards_draws_aces_and_jokers(games: list[Game]) -> None:
    rank = {BUM: 0, DISCARD: 1, DRAW_BEG: 2, DRAW_STOCK: 3, ACE: 4, JOKER_PLAY: 5}
    for g in games[:4]:
        for s in g.steps:
            mine = s.before[s.actor]
            listed = FACE.ordered(mine, mine.legal_actions())
            keys = [(rank[a.kind], a.card) for a in listed]
            assert keys == sorted(keys)
            assert len(s.options) == len(listed)


def test_option_texts_start_with_the_typed_form_of_the_action(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "fancy", lambda: False)
    rules = gin_bummy(2)
    state = position(rules, ["2s 6h 4d 9c Kh As JK", "7c 7d 7h 7s 8c"], beg="5c", stock_top="Qs")
    obs = state.observe(0)
    for action in FACE.ordered(obs, obs.legal_actions()):
        text = show([FACE.option_text(obs, action)]).strip()
        typed = rules.action_text(action)
        assert text.startswith(typed), (text, typed)
        assert FACE.interpret(typed, rules, [], state.why_illegal).play == action
    assert "draw beg (5c)" in show([FACE.option_text(obs, DRAW_BEG_ACTION)])


def test_cards_print_as_ascii_when_the_terminal_cannot_show_suits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "fancy", lambda: False)
    game = play_shown(gin_bummy(3).replace(max_turns=40), 3, ("random", "heuristic", "random"))
    texts = [*game.openings.values(), *game.finals.values()]
    for s in game.steps:
        texts += [*s.said.values(), *s.view_before.values(), *s.holds.values(), *s.options]
    everything = "\n".join(texts)
    assert not any(ch in everything for ch in SUITS + "▶…·")
    discards = [s for s in game.steps if s.action.kind == DISCARD]
    assert discards and str(Card(discards[0].action.card)) in discards[0].said[None]


# ---------------------------------------------------------------------- typed input
def _setup(hands: list[str], **kw: Any) -> tuple[GinBummyRules, GinBummyState, list[GinBummyAction]]:
    rules = kw.pop("rules", None) or gin_bummy(len(hands))
    state = position(rules, hands, **kw)
    options = FACE.ordered(state.observe(state.turn), state.legal_actions())
    return rules, state, options


def _read(line: str, hands: list[str], **kw: Any) -> Any:
    rules, state, options = _setup(hands, **kw)
    return FACE.interpret(line, rules, options, state.why_illegal)


def act(text: str) -> GinBummyAction:
    return gin_bummy().parse_action(text)


def test_a_lone_face_card_discards_it() -> None:
    assert _read("Kh", ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]).play == act("discard Kh")
    assert _read("kH", ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]).play == act("discard Kh")


def test_a_lone_card_held_with_a_joker_is_its_plain_move_and_joker_card_puts_it_on_the_joker() -> None:
    hands = ["2s 6h 4d 9c Kh JK", "7c 7d 7h 7s 8c"]
    assert _read("Kh", hands).play == act("discard Kh")
    assert _read("joker Kh", hands).play == act("joker JK Kh")
    aces = ["2s 6h 4d 9c Ah JK", "7c 7d 7h 7s 8c"]
    assert _read("Ah", aces).play == act("ace Ah")
    assert _read("joker Ah", aces).play == act("joker JK Ah")


def test_a_lone_ace_plays_it_but_a_lone_card_never_spends_a_joker_unasked() -> None:
    assert _read("Ah", ["2s 6h 4d 9c Ah", "7c 7d 7h 7s 8c"]).play == act("ace Ah")
    number = _read("9c", ["2s 6h 4d 9c Kh JK", "7c 7d 7h 7s 8c"])
    assert number.play is None and number.error is not None
    assert "type 'joker 9c'" in number.error
    assert _read("joker 9c", ["2s 6h 4d 9c Kh JK", "7c 7d 7h 7s 8c"]).play == act("joker JK 9c")


def test_a_lone_joker_asks_which_card_to_put_on_it() -> None:
    choice = _read("JK", ["2s 6h Kh JK", "7c 7d 7h 7s 8c"])
    assert sorted(choice.options) == sorted([act("joker JK 2s"), act("joker JK 6h"), act("joker JK Kh")])
    assert _read("jk", ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]).error == "you hold no Joker"


def test_a_lone_number_card_before_drawing_says_to_draw_first() -> None:
    choice = _read("7c", ["2s 6h 4d 7c Kh", "9c 7d 7h 7s 8c"])
    assert choice.play is None and not choice.unreadable
    assert choice.error == "a number card goes down only after a draw: first 'draw stock' or 'draw beg'"


def test_a_lone_card_not_held_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)  # the card as the table shows it
    assert _read("Qs", ["2s 6h 4d 7c Kh", "9c 7d 7h 7s 8c"]).error == "you do not hold Q♠"


def test_after_a_draw_a_lone_card_discards_it_but_never_the_card_just_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)
    rules, state, _ = _setup(["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"], stock_top="3d")
    state.apply(DRAW_STOCK_ACTION)
    options = FACE.ordered(state.observe(0), state.legal_actions())
    assert FACE.interpret("4d", rules, options, state.why_illegal).play == act("discard 4d")
    assert FACE.interpret("3d", rules, options, state.why_illegal).error == (
        "you may not discard the card you just drew (3♦)"
    )
    assert "now discard" in (FACE.interpret("stock", rules, options, state.why_illegal).error or "")


def test_stock_and_beg_alone_draw_from_there() -> None:
    hands = ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]
    assert _read("stock", hands, beg="5c").play == DRAW_STOCK_ACTION
    assert _read("Beg", hands, beg="5c").play == DRAW_BEG_ACTION
    assert _read("draw beg", hands, beg="5c").play == DRAW_BEG_ACTION
    assert _read("beg", hands).error == "the Beg is empty"
    assert _read("beg", hands, beg="5c Ad").error == "the top of the Beg is an Ace, which may not be taken"


def test_b_and_bum_call_bum_only_with_a_winning_hand() -> None:
    rules, state, _ = _setup(["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"])
    state.apply(act("discard Kh"))
    options = FACE.ordered(state.observe(0), state.legal_actions())
    assert options == [BUM_ACTION]
    for word in ("b", "bum", "Bum!", "1"):
        assert FACE.interpret(word, rules, options, state.why_illegal).play == BUM_ACTION
    assert (
        _read("b", ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]).error
        == "you cannot call Bum: you hold 5 cards, not four"
    )


def test_a_number_picks_that_option_and_a_wrong_number_says_the_range() -> None:
    rules, state, options = _setup(["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"], beg="5c")
    assert FACE.interpret("2", rules, options, state.why_illegal).play == options[1]
    assert FACE.interpret("#2", rules, options, state.why_illegal).play == options[1]
    wrong = FACE.interpret("9", rules, options, state.why_illegal)
    assert wrong.unreadable and wrong.error == f"no option 9: type a number from 1 to {len(options)}"


def test_junk_is_unreadable_and_the_error_says_what_is_wrong() -> None:
    hands = ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]
    junk = _read("xyzzy", hands)
    assert junk.unreadable and junk.error is not None and junk.error.startswith("unknown action 'xyzzy'")
    bad = _read("discard Zq", hands)
    assert bad.unreadable and bad.error == "bad card 'Zq': rank 'Z' is not one of 2-10, T, J, Q, K, A"
    draw = _read("draw", hands)
    assert draw.unreadable and draw.error == "'draw' needs a source: 'draw stock' or 'draw beg'"
    empty = _read("   ", hands)
    assert empty.unreadable and empty.error == f"{EMPTY} (? for help)"


def test_typed_actions_that_are_illegal_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(common, "fancy", lambda: True)
    choice = _read("ace Ah", ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"])
    assert not choice.unreadable and choice.error == "you do not hold A♥"
    carry = _read(
        "joker JK JK",
        ["2s 6h 4d JK JK", "7c 7d 7h 7s 8c"],
        rules=gin_bummy(2).replace(joker_carries_joker=False),
    )
    assert carry.error == "these rules do not let a Joker carry the other Joker"


def test_commands_are_read_before_cards() -> None:
    hands = ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c"]
    assert _read("t", hands).command == "table"
    assert _read("r", hands).command == "rules"
    assert _read("?", hands).command == "help"
    assert _read("h", hands).command == "hint"
    assert _read("q", hands).command == "quit"


def test_the_face_is_the_one_face_for_picks_and_it_explains_every_way_to_type() -> None:
    face: Face = GinBummyFace()
    assert isinstance(face_for(get("gin-bummy", players=3)), GinBummyFace)
    assert face.name == "gin-bummy" and face.prompt == "Your move: "
    for word in (
        "discard Kh",
        "stock",
        "beg",
        "ace Ah",
        "joker Qs",
        "bum",
        "t, table",
        "?, help",
        "h, hint",
        "q, quit",
    ):
        assert word in face.help
    obs = get("gin-bummy").new_state(seed=1).observe(0)
    hint = face.hint(obs, obs.legal_actions())
    assert "\n" not in hint and "bum" in hint


def test_progress_counts_turns() -> None:
    state = gin_bummy(2).new_state(4)
    assert FACE.progress(state.observe(None)) == "turn 1"
    while state.turns < 3:
        state.apply(state.legal_actions()[0])
    assert FACE.progress(state.observe(0)) == "turn 4"
