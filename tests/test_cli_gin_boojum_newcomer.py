"""Gin Bummy and Boojum as a newcomer meets them in a real terminal (pexpect): what was typed is what is
played, a move that loses outright is warned of, every card is explained on screen, lines fit the
terminal. Each test is named after what the person did."""

from __future__ import annotations

import re
import sys

import pexpect
from test_cli_play import ENV

from bumtable.bots import make_bot
from bumtable.cards import Card
from bumtable.cli.common import bot_seed
from bumtable.cli.gin_render import starves
from bumtable.rules import get, system
from bumtable.rules.gin_bummy import ACE, DISCARD, DRAW_STOCK, JOKER_PLAY, GinBummyAction, GinBummyState

PROMPT = "Your move: "


def spawn(*args: str) -> pexpect.spawn:
    """``bumtable`` in a terminal 100 columns wide, as a person runs it."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", *args],
        env=ENV,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 100),
    )


def finish(child: pexpect.spawn) -> None:
    """Quit at the prompt and check the program ends cleanly."""
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def shown(card: str) -> str:
    """A pattern for a French card as the terminal may print it: ``Qs`` or ``Q♠``."""
    c = Card.parse(card)
    return f"(?:{re.escape(str(c))}|{re.escape(c.pretty())})"


# ---------------------------------------------------------------------- Gin Bummy
def gin_state(seed: int) -> GinBummyState:
    """The game ``bumtable play gin --seed SEED`` starts (two players, the rules people play by)."""
    rules = get("gin-bummy").replace(**system("gin-bummy").people_options)
    state = rules.new_state(seed)
    assert isinstance(state, GinBummyState)
    return state


def bot_move(state: GinBummyState) -> None:
    """What the heuristic bot at the seat to act plays in ``bumtable play`` (the same seeded bot)."""
    actor = state.current_player()
    assert actor is not None
    bot = make_bot("heuristic", bot_seed(state.seed, actor, len(state.history)), game="gin-bummy")
    state.apply(bot.choose(state.observe(actor)))


def shrink_until_starving_is_offered(state: GinBummyState) -> list[str]:
    """Seat 0 plays to shrink its hand safely (a face card, an Ace, else a draw and a number card) until a
    face-card discard would starve it; the moves it typed."""
    typed: list[str] = []
    while not state.is_over():
        if state.current_player() != 0:
            bot_move(state)
            continue
        obs = state.observe(0)
        legal = obs.legal_actions()
        if any(a.kind == DISCARD and starves(obs, a) for a in legal):
            return typed
        safe = [a for a in legal if not starves(obs, a)]
        first = obs.phase == "turn"
        move: GinBummyAction = next(
            (a for a in safe if (a.kind == DISCARD and first) or a.kind == ACE),
            next((a for a in safe if a.kind == DRAW_STOCK), safe[0]),
        )
        typed.append(move.text)
        state.apply(move)
    raise AssertionError("the game ended before seat 0 could starve: pick another seed")


def test_typing_a_jack_while_holding_a_joker_discards_the_jack_without_asking() -> None:
    state = gin_state(84)  # seat 0 begins holding J♦, Q♥ and a Joker
    jack_on_joker = state.rules.parse_action("joker Jd")
    assert jack_on_joker.kind == JOKER_PLAY and jack_on_joker in state.legal_actions()
    child = spawn("play", "gin", "--seed", "84")
    child.expect(PROMPT)
    child.sendline("h")
    child.expect("goes\\s+on\\s+a\\s+Joker\\s+only\\s+when\\s+you\\s+say\\s+so\\s+\\(joker\\s+Qs\\)")
    child.sendline("Jd")
    index = child.expect([f"You discard {shown('Jd')}\\.", "two ways", "Which"])
    assert index == 0, "a card typed alone was read as more than its plain move"
    finish(child)


def test_discarding_the_card_that_starves_you_warns_first_and_no_keeps_the_turn() -> None:
    state = gin_state(148)
    typed = shrink_until_starving_is_offered(state)
    obs = state.observe(0)
    starving = next(a for a in obs.legal_actions() if a.kind == DISCARD and starves(obs, a))
    assert obs.hand is not None and len(obs.hand) == 4
    card = starving.text.split()[1]
    child = spawn("play", "gin", "--seed", "148")
    for move in typed:
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(f"discard {shown(card)} \\(starves you\\)")  # marked in the menu
    child.expect(PROMPT)
    child.sendline(card)
    child.expect("leaves you only three cards")
    child.expect("starves")
    child.sendline("n")
    child.expect(PROMPT)  # asked again: the turn is not lost
    assert not re.search(f"You discard {shown(card)}", child.before or "")
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
