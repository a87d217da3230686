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
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=20,
        dimensions=(50, 100),
    )


def finish(child: pexpect.spawn) -> None:
    """Quit at the prompt and check the program ends cleanly."""
    child.expect(PROMPT)
    quit_unsaved(child)
    child.close()
    assert child.exitstatus == 0


def quit_unsaved(child: pexpect.spawn) -> None:
    """Type q at the prompt on screen and say yes when asked (a game not saved asks before quitting)."""
    child.sendline("q")
    child.expect_exact("Quit anyway? (y/N) ")
    child.sendline("y")
    child.expect(pexpect.EOF)


def wrapped(text: str) -> str:
    """A pattern for ``text`` as a terminal may wrap it: any run of spaces may be a line break."""
    return "\\s+".join(re.escape(word) for word in text.split())


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


def starves(state: GinBummyState, action: GinBummyAction) -> bool:
    """The engine's word on it: seat 0 starves when ``action`` is taken."""
    trial = state.copy()
    trial.apply(action)
    return 0 in trial.starved


def shrink_until_starving_is_offered(state: GinBummyState) -> list[str]:
    """Seat 0 plays to shrink its hand safely (a face card, an Ace, else a draw and a number card) until a
    face-card discard would starve it; the moves it typed."""
    typed: list[str] = []
    while not state.is_over():
        if state.current_player() != 0:
            bot_move(state)
            continue
        legal = state.legal_actions()
        if any(a.kind == DISCARD and starves(state, a) for a in legal):
            return typed
        safe = [a for a in legal if not starves(state, a)]
        first = state.phase == "turn"
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
    turn = child.before or ""
    child.sendline("?")
    child.expect(wrapped("goes on a Joker only when you say so (joker Qs)"))
    child.sendline("Jd")
    index = child.expect([f"You discard {shown('Jd')}\\.", "two ways", "Which"])
    assert index == 0, "a card typed alone was read as more than its plain move"
    finish(child)
    # The turn said what there was to decide.
    assert re.search(
        wrapped("Your turn: discard a face card; or draw from the stock, then discard a number"), turn
    )


def test_discarding_the_card_that_starves_you_warns_first_and_no_keeps_the_turn() -> None:
    state = gin_state(148)
    typed = shrink_until_starving_is_offered(state)
    starving = next(a for a in state.legal_actions() if a.kind == DISCARD and starves(state, a))
    assert len(state.hands[0]) == 4
    card = starving.text.split()[1]
    child = spawn("play", "gin", "--seed", "148")
    for move in typed:
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(f"discard {shown(card)} \\(starves you\\)")  # marked in the menu
    child.expect(PROMPT)
    child.sendline(card)
    child.expect(f"Discarding {re.escape(Card.parse(card).pretty())} leaves you only three cards")
    child.expect("starves")
    child.sendline("n")
    child.expect(PROMPT)  # asked again: the turn is not lost
    assert not re.search(f"You discard {shown(card)}", child.before or "")
    quit_unsaved(child)
    child.close()
    assert child.exitstatus == 0


def test_reaching_a_winning_hand_the_bum_played_for_you_is_said_in_one_plain_sentence() -> None:
    # Seed 9: after these six moves the person holds 2♦ 4♥ 5♣ 6♠ and Bum! is the only move.
    typed = ["joker JK As", "joker JK 6d", "discard Jc", "draw beg", "discard 6h", "discard Kc"]
    child = spawn("play", "gin", "--seed", "9")
    for move in typed:
        child.expect(PROMPT)
        child.sendline(move)
    child.expect(wrapped("You call Bum! with 2♦ 4♥ 5♣ 6♠: your only move, played for you."))
    child.expect(wrapped("You win with Bum!"))
    child.expect_exact("Play again? (y/N) ")
    child.sendline("n")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


# ---------------------------------------------------------------------- Boojum
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_playing_a_whole_boojum_game_at_100_columns_shows_the_card_key_and_no_wider_line() -> None:
    # A terminal that Rich draws at its own width (TERM=dumb would be drawn at 80 columns), without colour.
    env = {**ENV, "TERM": "xterm", "COLUMNS": "100"}
    child = pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", "play", "boojum", "-n", "3", "--seed", "21"],
        env=env,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=(50, 100),
    )
    said: list[str] = []
    while True:
        i = child.expect([PROMPT, "\\(y/N\\) ", pexpect.EOF, "Press Enter for the next round"])
        said.append(child.before or "")
        if i == 2:
            break
        child.sendline({0: "1", 1: "n", 3: ""}[i])
    child.close()
    assert child.exitstatus == 0
    text = ANSI.sub("", "".join(said)).replace("\r", "")
    lines = text.split("\n")
    assert max(len(line) for line in lines) <= 100
    hints = [line for line in lines if "#N picks option N" in line]
    assert hints and all(line.strip().endswith(("q quit", "r rules")) for line in hints), hints[:3]
    # The key is on screen (h was never typed): suits, types, and every card with its type mark.
    assert "Suits: M Moons S Suns W Waves L Leaves Y Wyrms K Knots" in text
    assert "Types: ·l Location ·p Personality ·e Event; two marks: ·le Location and Event" in text
    assert re.search(r"You bid [^\n]*\(\w+ for [\w-]+\):\s+your only\s+move,\s+played\s+for\s+you\.", text)
    assert re.search(r"Your hand \(\d+\): .*\b[2-9][MSWLYK]{2}·[lpe]", text)
    # Each decision and each end is told with its reason.
    assert "You decide: open the bidding (lay cards, then stand to bid them) or pass" in text
    assert re.search(r"The others passed; the lot is (yours|P\d's) at the build", text)
    assert "Tokens you may still claim, and what each needs:" in text
    assert "completed all six tokens: the game ends with this claim phase" in text
