"""A newcomer at a climbing game's table: every role, seat, exchange, trick end and lead is told
as it really is, the menu stays short with wild cards, and the help states the input rule.

The sessions run the real command in a terminal (pexpect). One President match (seed 5, you in seat 0,
answering 1 at every prompt) is played once through its second hand and read by several tests; the
faster checks narrate real states in-process, as the terminal does.
"""

from __future__ import annotations

import io
import itertools
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest
from conftest import seated
from rich.console import Console
from test_cli_play import ENV

from bumtable.cli.saves import Seating, meta_of, save_game
from bumtable.faces.terminal.climbing.choice import INPUT_RULE
from bumtable.faces.terminal.climbing.face import ClimbingFace
from bumtable.faces.terminal.climbing.hand import result_table
from bumtable.faces.terminal.climbing.menu import menu
from bumtable.faces.terminal.common import Seats
from bumtable.rules import State, get
from bumtable.rules import events as ev
from bumtable.rules.climbing.plays import PASS
from bumtable.rules.phases import EXCHANGE

WIDE = (60, 200)
"""Rows and columns of a wide terminal: no line of the transcript wraps."""


def spawn(*args: str, dimensions: tuple[int, int] = WIDE) -> pexpect.spawn:
    env = {**ENV, "LINES": str(dimensions[0]), "COLUMNS": str(dimensions[1])}
    return pexpect.spawn(
        sys.executable,
        ["-m", "bumtable.cli", *args],
        env=env,
        encoding="utf-8",
        codec_errors="replace",  # the echo of what is typed can land inside a character
        timeout=30,
        dimensions=dimensions,
    )


def quit_unsaved(child: pexpect.spawn) -> None:
    """Quit at the prompt on screen, saying yes when asked (a game not saved asks first)."""
    child.sendline("quit")
    if child.expect_exact(["Quit anyway? (y/N) ", pexpect.EOF]) == 0:
        child.sendline("y")
        child.expect(pexpect.EOF)


def plain(text: str) -> str:
    return text.replace("\r\n", "\n")


def printed(lines: list[object]) -> str:
    out = io.StringIO()
    console = Console(file=out, width=300, color_system=None, force_terminal=False)
    for line in lines:
        console.print(line)
    return out.getvalue()


# ---------------------------------------------------------------------- one President match, read by several tests
@pytest.fixture(scope="module")
def president() -> Iterator[str]:
    """The transcript of ``play president -n 4 --seed 5`` up to the start of hand 3, answering 1 each time."""
    child = spawn("play", "president", "-n", "4", "--seed", "5")
    seen = ""
    try:
        while True:
            i = child.expect(
                ["Your play: ", r"\(number\)\? ", "─+ Hand 3 ─+", "Press Enter for the next hand"]
            )
            seen += child.before + child.after
            if i == 2:
                break
            child.sendline("" if i == 3 else "1")
        child.expect_exact("Your play: ")  # keys typed before hand 3's first question are dropped
        child.sendline("quit")
        child.expect_exact("Quit anyway? (y/N) ")
        child.sendline("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    yield plain(seen)


def hand(text: str, n: int) -> str:
    """The part of a transcript that tells hand ``n`` (from its banner to the next)."""
    start = re.search(rf"─+ Hand {n} ─+", text)
    assert start, f"no hand {n} in the transcript"
    end = re.search(rf"─+ Hand {n + 1} ─+", text[start.end() :])
    return text[start.end() : start.end() + end.start() if end else len(text)]


def test_first_hand_of_president_shows_no_role_nobody_has(president: str) -> None:
    # Once "1st P2 Bum … 4th You President": roles that nobody held in a first hand played without roles.
    table = president[president.index("Hand 1 result") : president.index("Hand 2 ─")]
    assert "played before anyone had a role" in table
    header = next(line for line in table.splitlines() if "Place" in line)
    assert header.split() == ["Place", "Player", "Points", "Total", "Role", "next", "hand"]
    rows = [line.split() for line in table.splitlines() if re.match(r"\s*\d(st|nd|rd|th)\s", line)]
    roles = get("president", players=4).roles
    assert [r[0] for r in rows] == ["1st", "2nd", "3rd", "4th"]
    assert [" ".join(r[4:]) for r in rows] == list(roles)  # the role each finish earns, labelled as earned
    assert rows[3][:2] == ["4th", "You"]
    assert "no role" not in hand(president, 1)


def test_seating_message_of_president_names_the_order_play_really_goes_round(president: str) -> None:
    # Once "Players sit by last hand's finish, clockwise from the Boss: P2 (President), P1 …" while play
    # went You → P1 → P3 → P2: President's seats stay fixed, and it has no Boss.
    for n in (1, 2):
        told = hand(president, n)
        seating = re.search(r"play goes round in this order: (.*?)\.\n", told)
        assert seating, told[:500]
        ring = re.findall(r"(You|P\d+)(?: \([^)]*\))?", seating.group(1))
        assert sorted(ring) == ["P1", "P2", "P3", "You"]
        assert "Boss" not in told.split("\n", 3)[1] and "clockwise from" not in told
        actors = re.findall(r"^(You|P\d) (?:play|plays|pass|passes)\b", told, flags=re.M)
        for first, second in itertools.pairwise(actors[:4]):  # nobody is out yet: each plays in turn
            assert ring[(ring.index(first) + 1) % 4] == second, (ring, actors[:4])
    assert "Seats stay the same all match" in hand(president, 2)
    assert "You (Bum, dealer)" in hand(president, 2)


def test_being_the_bum_in_president_shows_the_hand_as_dealt_and_what_the_exchange_took_and_gave(
    president: str,
) -> None:
    told = hand(president, 2)
    dealt = told.index("Your hand as dealt (13): ")
    exchange = told.index("Card exchange:")
    after = told.index("Your hand after the exchange (13): ")
    assert dealt < exchange < after
    assert re.search(r"You gave P2 \(President\) \S+ \S+ \(the best held, picked by the rules\)", told)
    assert re.search(r"P2 \(President\) gave you \S+ \S+ \(chosen\)", told)


def test_tricks_and_first_leads_of_president_are_told_with_their_reasons(president: str) -> None:
    first, second = hand(president, 1), hand(president, 2)
    assert re.search(r"P2 holds the 3♦ and so leads the first trick\.", first)
    assert re.search(r"Four Js in a row end the trick: P2 wins the trick and leads the next\.", first)
    assert re.search(r"Nobody beat it, everyone else passed: \w+ wins? the trick", first)
    assert re.search(
        r"P1 wins the trick, but is out of cards, so the next player holding cards, P3, leads\.", first
    )
    assert "You are the Bum, and so lead the first trick." in second
    assert re.search(r"The 3♣ ends the trick at once: P3 wins the trick and leads the next\.", second)
    won = re.findall(r"^.*\bwins? the trick.*$", first + second, flags=re.M)
    reasons = ("Four ", "Nobody beat it", "The 3♣ ends", "Everyone else passed earlier")
    assert won and all(line.startswith(reasons) for line in won), won


def test_the_3_of_clubs_played_in_president_reads_as_the_3_of_clubs(president: str) -> None:
    # Once "3♣ (a single 3c)".
    assert "P3 plays 3♣ (the 3 of clubs)" in president
    assert "3c)" not in president


# ---------------------------------------------------------------------- the exchange by choice
def exchange_turn(human: int) -> State:
    """A President match for 4 played at random until ``human`` must choose the cards to give."""
    rules = get("president", players=4)
    for seed in range(50):
        state, rng = rules.new_state(seed), random.Random(seed)
        while not state.is_over() and state.observe(None).hand_no < 4:
            if state.phase == EXCHANGE and state.current_player() == human:
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    raise AssertionError("no exchange turn found")


def test_choosing_cards_to_give_as_president_tells_whom_how_many_why_and_what_came_back(
    tmp_path: Path,
) -> None:
    # Once "New trick: You lead." and the play hint above a menu of gives.
    state = exchange_turn(0)
    obs = state.observe(0)
    bum = obs.roles.index(3)
    save = tmp_path / "exchange.json"
    save_game(save, state, meta_of(Seating.of(4, 0, ["heuristic"]), 4, []))
    give = obs.legal_actions()[0]
    typed = " ".join(state.rules.tables.symbols[r] for r in give.cards)
    child = spawn("play", "--load", str(save))
    try:
        child.expect("Your play: ")
        before = plain(child.before)
        child.sendline(typed)
        child.expect("Your play: ")
        after = plain(child.before)
        quit_unsaved(child)
    finally:
        child.close()
    turn = before[before.rindex("Hand ") :]
    assert "New trick" not in turn
    assert f"Card exchange: You (President) give P{bum} (Bum) two cards of your choice." in turn
    assert re.search(
        rf"P{bum} \(Bum\) already gave you \S+ \S+ \(the best held, picked by the rules\)\.", turn
    )
    assert turn.index("Your hand as dealt (13)") < turn.index("Your hand now (15)") < turn.index(" #1 give ")
    assert f"You gave P{bum} (Bum) " in after and "(chosen)" in after
    assert re.search(rf"P{bum} \(Bum\) gave you \S+ \S+ \(the best held, picked by the rules\)", after)
    assert "Your hand after the exchange (13)" in after


# ---------------------------------------------------------------------- wild cards, help, a bad card
def test_leading_with_both_jokers_lists_a_short_menu_and_asks_the_wild_cards_only_when_picked() -> None:
    # Seed 2: you lead holding 6 6 6, a Two and both Jokers; the menu once had 69 options.
    child = spawn("play", "bum-game", "--seed", "2", dimensions=(60, 80))
    try:
        child.expect("Your play: ")
        shown = plain(child.before)
        numbers = [int(n) for n in re.findall(r"#(\d+) \S", shown[shown.rindex("Your hand") :])]
        assert max(numbers) <= 25
        six = re.search(r"(\d+) 6 6 6 2 … \(four to six 6s with wild cards\)", shown)
        assert six, shown
        child.sendline(f"#{six.group(1)}")
        child.expect(r"\? ")
        asked = plain(child.before)
        assert f"Option {six.group(1)} stands for five plays made up with wild cards" in asked
        assert "6 6 6 JK JK (five 6s)" in asked
        child.sendline("2")
        child.expect("You play 6♣ 6♥ 6♠ JK \\(four 6s\\)")
        quit_unsaved(child)
    finally:
        child.close()


def test_typing_a_bad_card_in_the_bum_game_lists_every_rank_jk_included_on_one_line() -> None:
    # Once the list wrapped in an 80-column terminal and read "… K, A, 2," with JK out of sight.
    child = spawn("play", "bum-game", "--seed", "2", dimensions=(60, 80))
    try:
        child.expect("Your play: ")
        child.sendline("Zz")
        child.expect("Your play: ")
        error = next(line for line in plain(child.before).splitlines() if "bad token" in line)
        quit_unsaved(child)
    finally:
        child.close()
    assert "ranks are 3 4 5 6 7 8 9 10 J Q K A 2 JK" in error, error


def test_typing_h_at_a_climbing_game_states_the_input_rule_and_r_for_the_rules() -> None:
    child = spawn("play", "zheng-shangyou", "--seed", "1")
    try:
        child.expect("Your play: ")
        assert "r rules" in plain(child.before)
        child.sendline("?")
        child.expect("Your play: ")
        help_text = " ".join(plain(child.before).split())
        quit_unsaved(child)
    finally:
        child.close()
    assert " ".join(INPUT_RULE.split()) in help_text
    assert "r, rules the rules of this game in short" in help_text
    assert "#3 option 3 of the menu (3 alone is your 3s" in help_text


# ---------------------------------------------------------------------- every hand of every system, in-process
SYSTEMS = [("president", 4), ("president", 5), ("zheng-shangyou", 5), ("arsehole", 4), ("bum-game", 4)]


def narrated_match(game: str, players: int, seed: int) -> list[tuple[str, str]]:
    """A random match told to seat 0 as the terminal does: (what was said, the actors of each action)."""
    rules = get(game, players=players, target=6)
    state, rng = rules.new_state(seed), random.Random(seed)
    face, seats = ClimbingFace(), Seats.numbered(players, 0)
    told = [(printed(face.opening(state.observe(0), seats)), "")]
    while not state.is_over():
        before, start = state.observe(0), len(state.events(0))
        actor = state.current_player()
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        said = printed(face.narrate(before, state.events(0, start), state.observe(0), seats))
        told.append((said, f"P{actor}" if actor else "You"))
    return told


@pytest.mark.parametrize(("game", "players"), SYSTEMS)
def test_every_trick_end_and_first_lead_of_a_match_is_told_with_its_reason(game: str, players: int) -> None:
    told = "".join(s for s, _ in narrated_match(game, players, 7))
    won = re.findall(r"^.*\bwins? the trick.*$", told, flags=re.M)
    reasons = ("Four ", "Nobody beat it", "The 3♣ ends", "Everyone else passed earlier")
    assert won and all(line.startswith(reasons) for line in won), [
        w for w in won if not w.startswith(reasons)
    ]
    hands = told.count("─ Hand ")
    firsts = re.findall(r"^.* and so leads? the first trick\.$", told, flags=re.M)
    assert hands and len(firsts) == hands


@pytest.mark.parametrize(("game", "players"), SYSTEMS)
def test_each_hands_seating_message_matches_who_plays_after_whom(game: str, players: int) -> None:
    ring: list[str] = []
    follow, previous, checked = 0, None, 0
    for said, actor in narrated_match(game, players, 3):
        seating = re.search(r"play goes round in this order: (.*?)\.\n", said)
        if seating:
            ring, follow = re.findall(r"(You|P\d+)(?: \([^)]*\))?", seating.group(1)), 0
            previous = None
            continue
        if (
            actor
            and ring
            and follow < players
            and re.search(rf"^{actor} (plays?|pass(es)?)\b", said, flags=re.M)
        ):
            if previous is not None:
                assert ring[(ring.index(previous) + 1) % players] == actor, (ring, previous, actor)
                checked += 1
            previous, follow = actor, follow + 1
        if "wins the trick" in said or "win the trick" in said:
            follow = players  # the next plays follow the trick's winner, not the seating
    assert checked >= 3


@pytest.mark.parametrize("game", ["zheng-shangyou", "arsehole", "president"])
def test_the_result_of_a_first_hand_without_roles_names_only_the_roles_earned(game: str) -> None:
    rules = get(game, players=4)
    state, rng = rules.new_state(1), random.Random(1)
    while state.observe(None).last_result is None:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    obs = state.observe(0)
    assert obs.last_result is not None and not obs.last_result.with_roles
    text = printed([result_table(obs.last_result, obs, Seats.numbered(4, 0))])
    rows = [line.split() for line in text.splitlines() if re.match(r"\s*\d(st|nd|rd|th)\s", line)]
    assert [" ".join(r[4:]) for r in rows] == list(rules.roles)
    assert all(len(r) == 4 + len(rules.roles[i].split()) for i, r in enumerate(rows))


@pytest.mark.parametrize(("game", "players"), [("bum-game", 4), ("zheng-shangyou", 5), ("president", 4)])
def test_menus_of_a_random_match_hold_only_legal_plays_and_always_show_pass(game: str, players: int) -> None:
    rules = get(game, players=players, target=4)
    state, rng = rules.new_state(11), random.Random(11)
    longest = 0
    while not state.is_over():
        legal = state.legal_actions()
        entries = menu(legal)
        assert all(p in legal for e in entries for p in e.plays)
        assert any(p.kind == PASS for p in legal) == (entries[-1].first.kind == PASS)
        longest = max(longest, len(entries))
        state.apply(legal[rng.randrange(len(legal))])
    assert longest <= 40


def test_the_brief_turn_view_is_two_lines_and_shows_the_trick_to_beat() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(2)
    state.apply(rules.parse_action("3"))
    obs = state.observe(1)
    brief = [printed([x]).strip() for x in ClimbingFace().turn_brief(obs, Seats.numbered(4, 1))]
    assert len(brief) == 2
    assert (
        brief[0].startswith("Hand 1")
        and "to beat: 3" in brief[0]
        and "(a single 3) by P0, or pass." in brief[0]
    )
    assert brief[1].startswith("Cards left: ") and "P0 12" in brief[1] and "Your hand (13): " in brief[1]
    said = [e for e in state.events(1) if e.kind == ev.PLAY]
    assert said


# ---------------------------------------------------------------------- playtest of President (seed 3, to 4 points)
def first_moves_told(rules_state: State, human: int) -> str:
    """A match played with the first legal action each time, narrated to ``human`` as the terminal does."""
    face, seats = ClimbingFace(), Seats.numbered(rules_state.rules.players, human)
    text = printed(face.opening(rules_state.observe(human), seats))
    while not rules_state.is_over():
        before, start = rules_state.observe(human), len(rules_state.events(None))
        rules_state.apply(rules_state.legal_actions()[0])
        events = rules_state.events(human, start)
        text += printed(face.narrate(before, events, rules_state.observe(human), seats))
    return text


def first_turn(state: State, human: int, *, leading: bool) -> State:
    """``state`` played on with the first legal action until ``human`` must lead (or follow) a trick."""
    while not state.is_over():
        obs = state.observe(human)
        if state.current_player() == human and obs.phase == "play" and (obs.top is None) == leading:
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError("no such turn")


def test_following_a_single_5_in_president_says_an_equal_rank_may_follow_too() -> None:
    # Once "To beat: a single 5 by P3, or pass." although President lets a 5 follow a 5.
    face = ClimbingFace()
    for game, told in (("president", True), ("bum-game", False)):
        state = first_turn(get(game, players=4, target=4).new_state(3), 0, leading=False)
        obs, seats = state.observe(0), Seats.numbered(4, 0)
        shown = printed([*face.turn_view(obs, seats), *face.turn_brief(obs, seats)])
        assert shown.count("play equal or higher, or pass.") == (2 if told else 0), shown
        assert shown.count(", or pass.") == 2


def test_typing_a_single_card_against_three_queens_while_holding_the_3_of_clubs_offers_the_3_of_clubs() -> (
    None
):
    # Once "you must play exactly 3 cards to follow Q Q Q, or pass", though the 3c alone was legal.
    rules = get("president", players=4)
    for second, wipe in (("3c 4d 5h", True), ("4d 5h 6s", False)):
        state = seated(rules, ["Qc Qd Qh 7c", second, "8c 9c", "10c Jc"])
        state.apply(rules.parse_action("set Q Q Q"))
        assert state.current_player() == 1
        options = ClimbingFace().ordered(state.observe(1), state.legal_actions())
        choice = ClimbingFace().interpret("4", rules, options, state.why_illegal)
        assert choice.play is None and choice.error
        held = "to follow Q Q Q, or the 3c alone, or pass"
        assert (held in choice.error) == wipe, choice.error
        assert ("to follow Q Q Q, or pass" in choice.error) != wipe, choice.error
        assert (rules.parse_action("set 3c") in state.legal_actions()) == wipe
        why = state.why_illegal(rules.parse_action("set 4"))
        assert why is not None and why.endswith(
            "or the 3c alone, or pass" if wipe else "to follow Q Q Q, or pass"
        )


def test_a_president_match_won_on_a_tie_says_why_the_winner_won() -> None:
    # Once only "P2 wins the match with 5 points!" over "Scores: P2 5, P1 5".
    to_target = first_moves_told(get("president", players=4, target=4).new_state(3), 0)
    assert "Scores: P1 5, P2 5" in to_target or "Scores: P2 5, P1 5" in to_target
    assert (
        "P2 wins the match with 5 points! P1 has 5 too, but P2 reached the target of 4 points first: "
        "P2 went out ahead of P1 in the last hand." in to_target
    )
    by_rounds = first_moves_told(get("president", players=4, rounds=2).new_state(3), 0)
    assert (
        "P2 wins the match with 5 points! P1 has 5 too, and a tie goes to the better finish in the last "
        "hand: P2 went out ahead of P1." in by_rounds
    )
    for text in (to_target, by_rounds):  # the claim is true: P2 went out before P1 in the last hand
        last = text[text.rindex("result") :]
        assert last.index(" P2 ") < last.index(" P1 ")
    clear = first_moves_told(get("president", players=4, target=2).new_state(1), 0)
    assert re.search(r"^You win the match with 3 points!$", clear, flags=re.M), clear[-600:]


def test_being_given_chosen_cards_in_president_is_told_once_in_the_card_exchange() -> None:
    # Once "P1 (President) gives you 3♦ 4♣ (chosen)." came before the "Card exchange:" block that repeats it.
    state = get("president", players=4, target=4).new_state(3)
    text = first_moves_told(state, 0)
    second = hand(text, 2)
    chosen = [line for line in second.splitlines() if "(chosen)" in line]
    assert len(chosen) == 1 and chosen[0].startswith("  P1 (President) gave you "), chosen
    assert second.index("Card exchange:") < second.index(chosen[0])


def test_leading_a_trick_leaves_pass_out_of_the_hint_and_says_the_leader_cannot_pass() -> None:
    # Once the hint said "Type cards (Q Q 2) or p." while leading, where passing is not allowed.
    seats = Seats.numbered(4, 0)
    for leading in (True, False):
        face = ClimbingFace()
        state = first_turn(get("president", players=4).new_state(3), 0, leading=leading)
        obs = state.observe(0)
        face.ordered(obs, obs.legal_actions())
        hint = face.hint(obs, obs.legal_actions())
        assert (" or p." in hint) != leading, hint
        shown = printed([*face.turn_view(obs, seats), *face.turn_brief(obs, seats)])
        assert (shown.count("cannot pass") == 2) == leading, shown
