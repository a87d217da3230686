"""The terminal face tells each action from the events the person's seat saw, so no printed line
holds a card that seat may not see: above all, the cards one bot chooses to pass to another in
President, Arsehole and Zheng Shangyou (once printed as "P1 plays give 9")."""

from __future__ import annotations

import io
import random
import re

import pytest
from conftest import seated
from rich.console import Console

from bumtable.cards import Card
from bumtable.faces.terminal.climbing.face import ClimbingFace
from bumtable.faces.terminal.common import Seats
from bumtable.rules import State, get
from bumtable.rules import events as ev

CARD = re.compile(r"(?<![\w=])(10|[2-9JQKA])([cdhs♣♦♥♠])(?!\w)|(?<!\w)(JK|BJ|RJ)(?!\w)")
SUITS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s"}


def printed(lines: list[object]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=300, color_system=None, force_terminal=False)
    for line in lines:
        console.print(line)
    return out.getvalue()


def cards_in(text: str) -> set[str]:
    """Every card written with its suit (or a Joker) in printed text, as card text (``9h``)."""
    found = set()
    for rank, suit, joker in CARD.findall(text):
        found.add(joker or rank + SUITS.get(suit, suit))
    return found


def play_as(state: State, human: int, rng: random.Random) -> tuple[str, set[str], list[tuple[str, str]]]:
    """Play the match at random, narrating every action to ``human`` as the terminal does.

    Returns everything printed, every card the seat could see (its hands, every card played, the
    cut, the revolutions' Jokers, the exchanges it took part in) and, for each give chosen between
    two other players, its text as the old narration leaked it ("give 9 9") and what was printed
    for that action.
    """
    face = ClimbingFace()
    rules = state.rules
    seats = Seats.numbered(rules.players, human)
    text = printed(face.opening(state.observe(human), seats))
    visible = {str(Card(c)) for c in state.observe(human).hand or ()}
    visible |= {e.cards[i] for e in state.events(None) if e.kind == "cut" for i in range(len(e.cards))}
    hidden_gives: list[tuple[str, str]] = []
    while not state.is_over():
        before = state.observe(human)
        start = len(state.events(None))
        legal = state.legal_actions()
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        after = state.observe(human)
        events = state.events(human, start)
        said = printed(face.narrate(before, events, after, seats))
        text += said
        if state.current_player() == human:  # the turn as the person sees it: in full, in brief, the menu
            text += printed([*face.turn_view(after, seats), *face.turn_brief(after, seats)])
            text += printed([face.option_text(after, a) for a in face.ordered(after, after.legal_actions())])
        visible |= {str(Card(c)) for c in after.hand or ()}
        for whole, _, _ in state.log.entries[start:]:  # type: ignore[attr-defined]
            if whole.kind in (ev.PLAY, ev.REVOLUTION) or (
                whole.kind == ev.GIVE and human in (whole.player, whole.to)
            ):
                visible |= set(whole.cards)
            elif whole.kind == ev.GIVE and whole.text == "chosen":
                ranks = sorted(rules.tables.rank_of_code[int(Card.parse(c))] for c in whole.cards)
                hidden_gives.append(("give " + " ".join(rules.tables.symbols[r] for r in ranks), said))
    return text, visible, hidden_gives


@pytest.mark.parametrize(
    ("game", "players", "variants"),
    [
        ("president", 4, ()),
        ("president", 5, ()),
        ("arsehole", 4, ("two-card-exchange",)),
        ("arsehole", 5, ("bridge-suits",)),
        ("zheng-shangyou", 5, ()),
        ("zheng-shangyou", 7, ()),
    ],
)
def test_no_printed_line_holds_a_card_the_person_may_not_see(
    game: str, players: int, variants: tuple[str, ...]
) -> None:
    rules = get(game, players=players, variants=variants, target=5)
    gives_between_others = 0
    for seed in range(3):
        human = seed % players
        text, visible, hidden = play_as(rules.new_state(seed), human, random.Random(seed))
        leaked = cards_in(text) - visible
        assert not leaked, f"seed {seed}: seat {human} was shown {sorted(leaked)}"
        for give, said in hidden:
            assert give not in said, f"seed {seed}: {give!r} was printed to seat {human}"
        if hidden:  # told once, in the card exchange block, by count only
            assert re.search(r"P\d \([^)]+\) passed (one|two) cards? to P\d \(", text)
        gives_between_others += len(hidden)
    assert gives_between_others > 0  # the check met gives it must not show


def test_the_giver_and_the_receiver_still_see_the_cards_chosen() -> None:
    rules = get("president", players=4, target=5)
    text, _, _ = play_as(rules.new_state(4), 0, random.Random(4))
    assert re.search(
        r"(You gave P\d \([\w-]+\)|P\d \([\w-]+\) gave you) (10|[2-9JQKA])[♣♦♥♠cdhs].*\(chosen\)", text
    )


def test_going_out_on_the_3_of_clubs_and_the_player_left_holding_cards_are_told_as_they_are() -> None:
    rules = get("president", players=4)
    state = seated(rules, ["3c", "5c 6c", "7c", "9c 10c"])
    face, seats = ClimbingFace(), Seats.numbered(4, None)
    text = ""
    for move in ("set 3c", "set 5", "set 7", "set 9", "pass", "set 10"):
        before, start = state.observe(None), len(state.events(None))
        state.apply(rules.parse_action(move))
        text += printed(face.narrate(before, state.events(None, start), state.observe(None), seats))
    assert "P0 goes out on the 3c and so finishes last." in text
    assert "P2 goes out 1st and scores 3 points." in text
    assert "P3 goes out 2nd and scores 2 points." in text
    assert "P1 is left holding cards: 3rd, 1 point." in text  # the 3c's player, not P1, is last


def test_a_declined_revolution_is_told_only_to_the_player_who_declined() -> None:
    rules = get("bum-game", players=4, variants=["optional-revolution"])
    face = ClimbingFace()
    for seed in range(200):
        state = rules.new_state(seed)
        if state.phase != "revolution":
            continue
        decider = state.current_player()
        assert decider is not None
        befores = {seat: state.observe(seat) for seat in range(4)}
        start = len(state.events(None))
        state.apply(rules.parse_action("no-revolution"))
        for seat in range(4):
            seats = Seats.numbered(4, seat)
            said = printed(face.narrate(befores[seat], state.events(seat, start), state.observe(seat), seats))
            assert ("not declare a revolution" in said) == (seat == decider)
        return
    raise AssertionError("no first-hand revolution decision in 200 seeds")
