"""The terminal game as a newcomer meets it: cards named by suit, reversals told, a hand's end that waits,
input read without questions, and the words and screens around them.

Each test is named after what the person did or saw. What was played is read back from the saved game.
"""

from __future__ import annotations

import io
import random
import re
import sys
from pathlib import Path

import pexpect
from conftest import seated
from rich.console import Console
from test_cli_play import ALWAYS_ONE, ENV, bumtable

from bumtable.cards import Card
from bumtable.cli.play import Match
from bumtable.cli.prompt import LineReader
from bumtable.cli.saves import Seating
from bumtable.faces.terminal.boojum.face import BoojumFace
from bumtable.faces.terminal.climbing.choice import interpret, ordered
from bumtable.faces.terminal.climbing.menu import Entry, entry_text
from bumtable.faces.terminal.climbing.narrate import reversal_lines
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.gin_bummy.face import GinBummyFace
from bumtable.rules import GameRecord, State, get
from bumtable.rules.boojum.actions import LAY
from bumtable.rules.climbing.plays import GIVE, SEQUENCE, SET, picks_of, with_picks
from bumtable.rules.phases import AUCTION
from bumtable.rules_text.summary import rules_summary

PLAY = "Your play: "
PAUSE = "Press Enter for the next hand"


def spawn(*args: str) -> pexpect.spawn:
    """``bumtable play ARGS`` in a terminal 100 columns wide."""
    return pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", "play", *args],
        env=ENV,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=(50, 100),
    )


def flat(text: str) -> str:
    return " ".join(text.split())


def replayed(path: Path) -> tuple[GameRecord, list[tuple[int, str]]]:
    """A saved game and the person's actions in it, each with the hand it was played in."""
    record = GameRecord.from_json(path.read_text())
    state = record.rules.new_state(record.seed, chance=record.chance)
    human = record.meta["human_seat"]
    mine = []
    for text in record.actions:
        if state.current_player() == human:
            mine.append((state.hand_no, text))  # type: ignore[attr-defined]
        state.apply(record.rules.parse_action(text))
    return record, mine


def match_output(
    state: State, typed: str, *, width: int = 100, height: int = 50, save: Path | None = None
) -> tuple[bool, str]:
    """Play ``state`` in this process against heuristic bots, the person at seat 0 typing ``typed``."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, no_color=True)
    match = Match(
        state,
        Seating.of(state.rules.players, 0, ["heuristic"]),
        console,
        save=save,
        reader=LineReader(console, stream=io.StringIO(typed)),
    )
    return match.run(), out.getvalue()


# ---------------------------------------------------------------------- a card typed with its suit
ZS = ("zheng-shangyou", "-n", "5", "--seed", "5")
ZS_MOVES = "4 5 6 7 RJ=8\nK\n10 10\n5 2\n"
"""Seed 5: after these, early in hand 2, the person holds Q♣ and Q♥, and a single J is to beat."""


def test_zheng_shangyou_a_typed_suit_plays_that_card(tmp_path: Path) -> None:
    save = tmp_path / "zs.json"
    run = bumtable("play", *ZS, "--save", str(save), stdin=ZS_MOVES + "Qh\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "You play Q♥ (a single Q)" in run.stdout
    record, mine = replayed(save)
    assert (2, "set Qh") in mine  # the record names the card, so a replay takes the same one
    state = record.rules.new_state(record.seed)
    for text in record.actions:
        state.apply(record.rules.parse_action(text))
    kept = [str(Card(c)) for bucket in state.hands[record.meta["human_seat"]] for c in bucket]  # type: ignore[attr-defined]
    assert "Qc" in kept and "Qh" not in kept


def test_zheng_shangyou_typing_the_other_queen_plays_it_and_a_card_not_held_is_refused(
    tmp_path: Path,
) -> None:
    save = tmp_path / "zs.json"
    run = bumtable("play", *ZS, "--save", str(save), stdin=ZS_MOVES + "Qs\nQc\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "Not allowed: you do not hold the Qs" in run.stdout
    assert "You play Q♣ (a single Q)" in run.stdout
    assert (2, "set Qc") in replayed(save)[1]


def test_cards_named_by_suit_in_any_climbing_game_are_the_cards_that_leave_the_hand_and_replay() -> None:
    rng = random.Random(7)
    for game, players, options in (
        ("zheng-shangyou", 5, {}),
        ("arsehole", 4, {"suit_order": "cdhs"}),
        ("president", 4, {}),
        ("bum-game", 4, {}),
    ):
        rules = get(game, players=players, **options)
        named = 0
        for seed in range(6):
            state = rules.new_state(seed)
            while not state.is_over() and state.hand_no <= 2:  # type: ignore[attr-defined]
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                as_chosen = None
                if action.kind in (SET, SEQUENCE, GIVE):
                    hand = [list(b) for b in state.hands[state.current_player()]]  # type: ignore[attr-defined]
                    picks = []
                    for r in action.cards:
                        suited = [c for c in hand[r] if c < 60]
                        if suited and rng.random() < 0.6:
                            picks.append(suited.pop(rng.randrange(len(suited))))
                            hand[r].remove(picks[-1])
                    chosen = with_picks(action, tuple(picks))
                    if state.why_illegal(chosen) is None:
                        back = rules.parse_action(rules.action_text(chosen))
                        assert back == chosen and state.why_illegal(back) is None
                        as_chosen = state.copy()
                        as_chosen.apply(chosen)
                        action = back  # the text read back takes the same cards as the play it was made from
                        named += bool(picks)
                player = state.current_player()
                held = [c for b in state.hands[player] for c in b]  # type: ignore[attr-defined]
                state.apply(action)
                if as_chosen is not None:
                    assert as_chosen.hands == state.hands, rules.action_text(action)  # type: ignore[attr-defined]
                if action.kind in (SET, SEQUENCE) and state.played:  # type: ignore[attr-defined]
                    gone = state.played[-1][1]  # type: ignore[attr-defined]
                    assert all(c in gone for c in picks_of(action)), (game, rules.action_text(action), gone)
                    assert all(c in held for c in gone)
                    t = rules.tables
                    mixed = action.kind == SEQUENCE and action.suit < 0 and t.flush != "none"
                    if mixed and action.width == 1 and t.is_natural(action):
                        assert len({c & 3 for c in gone}) > 1, rules.action_text(action)  # still mixed
        assert named > 20, game


def test_a_mixed_sequence_whose_named_cards_leave_only_one_suit_is_refused_as_a_flush() -> None:
    rules = get("zheng-shangyou", players=4)
    state = seated(rules, ["4h 5h 6h 7h 9c", "3c 3d", "8c 8d", "Kc Kd"])
    reason = state.why_illegal(rules.parse_action("seq 4h 5h 6 7"))
    assert reason is not None and "write it as a flush" in reason
    assert state.why_illegal(rules.parse_action("4h 5h 6h 7h")) is None
    mixed = seated(rules, ["4h 5h 6h 7h 7c", "3c 3d", "8c 8d", "Kc Kd"])
    mixed.apply(rules.parse_action("seq 4h 5h 6 7"))  # the 7 left unnamed is the club: it stays mixed
    assert sorted(str(Card(c)) for c in mixed.played[-1][1]) == ["4h", "5h", "6h", "7c"]  # type: ignore[attr-defined]


# ---------------------------------------------------------------------- Arsehole's reversal
ARSEHOLE = ("arsehole", "-n", "5", "-v", "bridge-suits", "-v", "reverse-ranking", "-o", "reverse_card=8")


def test_arsehole_each_reversal_of_the_ranking_and_the_8_that_restores_it_are_told(tmp_path: Path) -> None:
    save = tmp_path / "arsehole.json"
    run = bumtable("play", *ARSEHOLE, "--seed", "2", "--save", str(save), stdin=ALWAYS_ONE)
    assert run.returncode == 0, run.stderr
    told = [line for line in run.stdout.splitlines() if line.startswith("The 8 ")]
    # The public state's toggles, counted by replaying the record: every one is told, no more.
    record = GameRecord.from_json(save.read_text())
    state = record.rules.new_state(record.seed, chance=record.chance)
    on = off = 0
    for text in record.actions:
        hand, was = state.hand_no, state.inverted  # type: ignore[attr-defined]
        state.apply(record.rules.parse_action(text))
        if state.hand_no == hand and state.inverted != was:  # type: ignore[attr-defined]
            on, off = (on + 1, off) if state.inverted else (on, off + 1)  # type: ignore[attr-defined]
    assert on > 0 and off > 0, "the seed gives both a reversal and a restoring 8"
    assert sum("reverses the ranking" in line for line in told) == on
    assert sum("turns the ranking back to normal" in line for line in told) == off
    lines = run.stdout.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("The 8 "):  # right after the play of an 8 that made it
            assert re.search(r"plays? .*8[♣♦♥♠]", lines[i - 1]), lines[i - 1]
    assert "in this trick and the next ones, until another 8 turns it back" in flat(run.stdout)


def test_arsehole_reversal_is_told_from_the_public_observations_a_spectator_has_too() -> None:
    state = get("arsehole", players=4, reverse_card="8", reverses="both").new_state(seed=0)
    before = state.observe(None)
    state.apply(next(a for a in state.legal_actions() if state.rules.action_text(a) == "set 8"))
    said = [str(line) for line in reversal_lines(before, state.observe(None))]
    assert said[0].startswith("The 8 reverses the ranking") and "other way round the table" in said[1]


def test_arsehole_rules_summary_says_the_reversal_lasts_across_tricks_and_how_bridge_suits_rank() -> None:
    rules = get("arsehole", players=5, variants=["bridge-suits", "reverse-ranking"], reverse_card="8")
    text = flat(rules_summary(rules))
    assert "Suits play no part" not in text
    assert "Suits rank clubs < diamonds < hearts < spades and break ties" in text
    assert "any play holding an 8" in text and "lasts across tricks until the next play holding an 8" in text
    assert "Suits play no part" in flat(rules_summary(get("arsehole", players=5)))


# ---------------------------------------------------------------------- the end of a hand
def test_the_end_of_a_hand_waits_for_enter_and_keys_typed_ahead_are_not_played(tmp_path: Path) -> None:
    # Seed 5 with a target of 3, every turn asked: count the person's turns in hand 1 from a piped game.
    args = ("bum-game", "-n", "3", "--target", "3", "--seed", "5", "--no-auto")
    first = tmp_path / "first.json"
    assert bumtable("play", *args, "--save", str(first), stdin=ALWAYS_ONE).returncode == 0
    turns = sum(1 for hand, _ in replayed(first)[1] if hand == 1)
    save = tmp_path / "paused.json"
    child = spawn(*args, "--save", str(save))
    for _ in range(turns - 1):
        child.expect_exact(PLAY)
        child.sendline("1")
    child.expect_exact(PLAY)
    child.send("1\nquit\n")  # the hand's last move, and a quit typed before the hand is over
    child.expect_exact(PAUSE)
    shown = child.before
    assert "Hand 1 result" in shown and "Hand 2 ─" not in shown  # the result, not yet the next hand
    child.send("\n#1\n")  # Enter, and a move typed before the new hand asks anything
    child.expect_exact(PLAY)
    assert "Hand 2 ─" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    mine = replayed(save)[1]
    assert [hand for hand, _ in mine].count(1) == turns
    assert all(hand == 1 for hand, _ in mine), "nothing typed ahead was played in hand 2"


def test_piped_moves_read_straight_on_across_a_hands_end() -> None:
    run = bumtable("play", "bum-game", "-n", "3", "--target", "3", "--seed", "5", stdin=ALWAYS_ONE)
    assert run.returncode == 0, run.stderr
    assert "Hand 2 result" in run.stdout and PAUSE not in run.stdout


# ---------------------------------------------------------------------- input read without a question
def test_typing_a_rank_that_is_also_a_menu_number_plays_those_cards_without_asking() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(seed=2)  # seat 0 leads, holding a Two; option 2 is another play
    options = ordered(state.legal_actions())
    two = interpret("2", rules, options, state.why_illegal)
    assert not two.options and rules.action_text(two.play) == "set 2"
    assert interpret("#2", rules, options, state.why_illegal).play == options[1]
    assert interpret("1", rules, options, state.why_illegal).play == options[0]  # 1 is no card: option 1
    four = interpret("4", rules, options, state.why_illegal)  # no 4 held: why, and how to pick option 4
    assert four.play is None and four.error is not None and four.error.endswith("(option 4 is #4)")


def test_a_random_climbing_match_never_asks_which_a_lone_rank_means() -> None:
    for game in ("bum-game", "president", "zheng-shangyou", "arsehole"):
        rules = get(game)
        state = rules.new_state(3)
        rng = random.Random(3)
        while not state.is_over() and state.hand_no <= 2:  # type: ignore[attr-defined]
            options = ordered(state.legal_actions())
            for sym in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "q", "Q"):
                choice = interpret(sym, rules, options, state.why_illegal)
                assert not choice.options or choice.question is None, (game, sym, choice)
                assert choice.command is None or sym in ("q", "Q")
            state.apply(options[rng.randrange(len(options))])


def test_the_menu_shows_options_as_hash_numbers_and_the_hint_says_a_number_is_cards() -> None:
    _, out = match_output(get("bum-game", players=4).new_state(seed=0), "quit\ny\n")
    assert re.search(r" #1 \S", out) and re.search(r" #2 \S", out)
    assert "#N picks option N (7 alone is your 7s)" in flat(out)


def test_typing_q_with_a_queen_to_lead_plays_it_and_with_none_asks_before_quitting_an_unsaved_game() -> None:
    rules = get("bum-game", players=4)
    options = ordered(rules.new_state(seed=3).legal_actions())  # seat 0 may lead a Queen
    choice = interpret("q", rules, options, rules.new_state(seed=3).why_illegal)
    assert rules.action_text(choice.play) == "set Q"
    state = rules.new_state(seed=0)  # no Queen in the person's hand at the start
    quit_now, out = match_output(state, "q\nn\n#1\nquit\nyes\n")
    assert quit_now is False
    assert out.count("This game is not saved and cannot be resumed. Quit anyway? (y/N)") == 2
    assert "Not quitting; play on" in out
    assert len(state.history) > 0 and out.index("Not quitting") < out.index("You play")


def test_quitting_a_saved_game_asks_nothing(tmp_path: Path) -> None:
    quit_now, out = match_output(
        get("bum-game", players=4).new_state(seed=0), "quit\n", save=tmp_path / "s.json"
    )
    assert quit_now is False and "Quit anyway" not in out and "Game saved to" in out


# ---------------------------------------------------------------------- screens and words
def test_a_long_lead_menu_is_grouped_by_rank_to_leave_the_table_on_an_80_by_24_screen() -> None:
    state = get("bum-game", players=4).new_state(seed=2)  # 25 options when leading
    _, out = match_output(state, "quit\ny\n", width=80, height=24)
    menu = out[out.rindex("Your hand (13)") : out.index("Type cards")].splitlines()[1:]
    assert len(menu) <= 14, "\n".join(menu)
    numbers = re.findall(r"#(\d+) ", "\n".join(menu))
    assert sorted(map(int, numbers)) == list(range(1, 26))
    assert any(line.startswith("6s ") for line in menu) and any(line.startswith("Sequences") for line in menu)
    _, wide = match_output(get("bum-game", players=4).new_state(seed=0), "quit\ny\n", width=80, height=24)
    assert "(a single J)" in wide  # a short menu keeps its words


def test_r_wraps_the_rules_to_the_terminal_width() -> None:
    _, out = match_output(get("arsehole", players=4).new_state(seed=0), "r\nquit\ny\n", width=60)
    rules = out[out.index("Parlett's Arsehole for 4 players") : out.index("Your play: quit")]
    assert max(len(line) for line in rules.splitlines()) <= 60
    assert len(rules.splitlines()) > 15


def test_a_lone_move_played_for_you_is_said_once() -> None:
    run = bumtable("play", "-n", "4", "--seed", "0", stdin="1\nquit\n")
    assert run.returncode == 0, run.stderr
    assert "You pass: your only move, played for you." in run.stdout
    assert "You pass.\n" not in run.stdout and "played for you: pass" not in run.stdout


def test_boojum_laying_more_cards_reprints_only_the_bid_and_the_hand() -> None:
    state = get("boojum", players=3).new_state(1)
    face, seats = BoojumFace(), Seats.numbered(3, 0)
    while state.current_player() != 0 or state.phase != AUCTION:  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[-1])
    face.turn_view(state.observe(0), seats)
    state.apply(next(a for a in state.legal_actions() if a.kind == LAY))
    brief = [str(line) for line in face.turn_brief(state.observe(0), seats)]
    assert len(brief) <= 3 and brief[0].startswith("You have laid") and brief[-1].startswith("Your hand")


def test_messages_name_plays_by_their_cards_not_the_notation() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(seed=0)
    reason = state.why_illegal(rules.parse_action("Q Q Q Q"))
    assert reason is not None and "set Q" not in reason and "for Q Q Q Q" in reason


def test_a_wild_sequence_option_names_its_wild_card_once() -> None:
    rules = get("zheng-shangyou", players=5)
    shown = str(entry_text(rules, Entry((rules.parse_action("4 5 6 7 RJ=8"),), wild=True)))
    assert shown == "4 5 6 7 RJ=8 (a sequence 4 to 8 with a wild red Joker)"


def test_help_shows_no_type_beside_a_flag() -> None:
    run = bumtable("play", "--help")
    assert run.returncode == 0 and "<bool>" not in run.stdout and "<int>" in run.stdout
    assert "--hints" in run.stdout and "--no-auto" in run.stdout


def test_simulating_one_hand_says_1_hand() -> None:
    run = bumtable("simulate", "bum-game", "-n", "4", "--hands", "1", "--seed", "1", "--jobs", "1")
    assert run.returncode == 0, run.stderr
    # "1 hands" as words; a speed such as "21 hands/s" is a rate, not a count of one
    assert "1 hand, 0 matches finished" in flat(run.stdout) and not re.search(
        r"(?<![\d.])1 hands(?!/s)", run.stdout
    )


def test_gin_bummy_ace_alone_plays_the_one_ace_held() -> None:
    rules = get("gin-bummy")
    state = rules.new_state(seed=0)
    state.apply(rules.parse_action("discard Qd"))  # seat 0's first turn: one Ace, the A♥
    face = GinBummyFace()
    options = face.ordered(state.observe(state.current_player()), state.legal_actions())
    choice = face.interpret("ace", rules, options, state.why_illegal)
    assert choice.play is not None and rules.action_text(choice.play) == "ace Ah"
