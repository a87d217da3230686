"""Boojum's terminal face: every view of whole seeded bot games, typed input, and the bid shortlist."""

from __future__ import annotations

import dataclasses
import io
import re
from collections.abc import Sequence

import pytest
from boojum_helpers import act, codes, table
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from bumtable.bots import make_bot
from bumtable.cards.decktet import format_decktet_cards
from bumtable.faces.terminal.boojum.face import BoojumFace, Steps
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.families import face_for
from bumtable.rules import get
from bumtable.rules.boojum import (
    CASH,
    CLAIM,
    DONE,
    LAY,
    PASS,
    STAND,
    TOKEN_NAMES,
    VARIANTS,
    BoojumAction,
    BoojumObservation,
    BoojumRules,
    BoojumState,
    bid_actions,
    bid_value,
    bid_words,
    boojum,
    claim_actions,
    parse_actions,
)
from bumtable.rules.boojum.state import AUCTION, CLAIMS, OVER

FACE = BoojumFace()


def render(lines: Sequence[RenderableType]) -> str:
    """What the lines look like on a 100-column terminal, as plain text."""
    console = Console(record=True, width=100, file=io.StringIO())
    for line in lines:
        console.print(line)
    return console.export_text()


def plain(lines: Sequence[RenderableType]) -> str:
    """Text lines as their plain text (cheap), anything else rendered; cards without their type marks."""
    return unmarked("\n".join(line.plain if isinstance(line, Text) else render([line]) for line in lines))


MARK = re.compile(r"(?<=[A-Z0-9])[·.](?:le|l|p|e)(?![A-Za-z])")


def unmarked(text: str) -> str:
    """Text with the cards' type marks taken off (``5ML·l`` reads ``5ML``), to compare with card texts."""
    return MARK.sub("", text)


def rules_for(players: int, variant: str | None, **options: int) -> BoojumRules:
    rules = get("boojum", players=players)
    assert isinstance(rules, BoojumRules)
    if variant is not None:
        rules = rules.replace(**VARIANTS[variant](rules))
    return rules.replace(**options)


def texts(state: BoojumState, actions: Sequence[BoojumAction]) -> list[str]:
    return [state.rules.action_text(a) for a in actions]


# ---------------------------------------------------------------------- checks on any text
def assert_private(text: str, seat: int | None) -> None:
    """No hand, dealt card or drawn card of a seat other than ``seat`` (named ``You``) is shown."""
    text = " ".join(text.split())  # lines wrapped at 100 columns joined again
    assert not re.search(r"P\d+'s hand|P\d+ holds", text), text
    assert not re.search(r"P\d+ is dealt (?!a card)", text), text
    assert not re.search(r"P\d+ claims .*? draws (?!a card)", text), text
    if seat is None:
        assert "Your hand" not in text and "You hold" not in text and "You are dealt" not in text, text


def check_ordered(state: BoojumState, obs: BoojumObservation) -> list[BoojumAction]:
    legal = obs.legal_actions()
    options = FACE.ordered(obs, legal)
    assert sorted(options) == sorted(legal) and len(options) == len(set(options))
    assert len(options) <= len(set(obs.hand or ())) + 2 or state.phase == CLAIMS
    lays = [a for a in options if a.kind == LAY]
    assert options[: len(lays)] == sorted(lays, key=lambda a: a.card), "lays first, by card"
    return options


def check_option_text(obs: BoojumObservation, action: BoojumAction) -> None:
    text = unmarked(FACE.option_text(obs, action).plain)
    t = obs.rules.tables
    assert obs.turn is not None
    if action.kind == LAY:
        assert text.startswith(f"lay {format_decktet_cards([action.card])}")
        if obs.phase == AUCTION:
            assert bid_words(bid_value([*obs.bids[obs.turn], action.card], t)) in text
    elif action.kind == STAND:
        assert text == f"stand (bid {bid_words(bid_value(obs.bids[obs.turn], t))})"
    elif action.kind == CLAIM:
        assert text.startswith(f"claim {TOKEN_NAMES[action.token]} (for example ")
    elif action.kind == CASH:
        assert text.startswith(f"cash (claim {TOKEN_NAMES[obs.claim_token]}: ")
    else:
        assert text.startswith(("pass", "done"))


def check_typed(state: BoojumState, options: list[BoojumAction], action: BoojumAction) -> None:
    """The bot's action typed as its text, and as its number, reads back as that action."""
    rules = state.rules
    choice = FACE.interpret(rules.action_text(action), rules, options, state.why_illegal)
    assert isinstance(choice, Steps) and choice.actions() == [action], rules.action_text(action)
    k = options.index(action) + 1
    assert FACE.interpret(str(k), rules, options, state.why_illegal).play == action


def check_whole_turn(start: BoojumState, actions: list[BoojumAction]) -> None:
    """What a player did in one bid or one claim, typed at the start as a person would type it whole, reads
    as the same cards laid (lowest first) and the same end."""
    rules = start.rules
    obs = start.observe(start.turn)
    options = FACE.ordered(obs, obs.legal_actions())
    laid = [a.card for a in actions if a.kind == LAY]
    cards = format_decktet_cards(sorted(laid))
    if actions[-1].kind == STAND:
        expected = bid_actions(laid)
        lines = [cards, f"bid {cards}"]
    else:
        token = actions[0].token
        expected = claim_actions(token, laid)
        lines = [f"{TOKEN_NAMES[token]} {cards}", f"claim {TOKEN_NAMES[token]} {cards}"]
    assert sorted(expected) == sorted(actions)
    for line in lines:
        choice = FACE.interpret(line, rules, options, start.why_illegal)
        assert isinstance(choice, Steps) and choice.actions() == expected, (line, choice.error)


GAMES = [
    # players, variant, bot kinds, seed, max_rounds: games that end on all six tokens, and at the limit
    (3, None, ("random",), 24, 60),
    (4, "extended", ("heuristic", "random"), 3, 3),
    (6, "repeat-tokens", ("random",), 5, 2),
    (3, "extended-excuse", ("heuristic",), 7, 4),
    (4, "extended-pawns", ("random", "heuristic"), 9, 3),
]


@pytest.mark.parametrize(("players", "variant", "kinds", "seed", "max_rounds"), GAMES)
def test_every_view_of_a_whole_game_tells_the_public_story_and_no_other_hand(
    players: int, variant: str | None, kinds: tuple[str, ...], seed: int, max_rounds: int
) -> None:
    rules = rules_for(players, variant, max_rounds=max_rounds)
    assert isinstance(face_for(rules), BoojumFace)
    state = rules.new_state(seed)
    bots = [make_bot(kinds[p % len(kinds)], seed=seed + p, game="boojum") for p in range(players)]
    observers: list[int | None] = [*range(players), None]
    seats = {o: Seats.numbered(players, o, [b.name for b in bots] if o is None else ()) for o in observers}
    seen = {o: len(state.events(o)) for o in observers}
    for o in observers:
        text = unmarked(render(FACE.opening(state.observe(o), seats[o])))
        assert "Round 1" in text and f"{seats[o].name(rules.players - 1)} deal" in text
        assert_private(text, o)
    seen_dealt = seen_claims = whole_turns = 0
    turn_start: tuple[BoojumState, list[BoojumAction]] | None = None
    while not state.is_over():
        actor = state.current_player()
        assert actor is not None
        if (state.phase == AUCTION and not state.laid_now) or (
            state.phase == CLAIMS and state.claim_token < 0
        ):
            turn_start = (state.copy(history=False), [])
        befores = {o: state.observe(o) for o in observers}
        for o in observers:
            obs = befores[o]
            shown = render if o in (actor, None) else plain  # render in full what a person would see
            view = shown(FACE.turn_view(obs, seats[o]))
            view += shown(FACE.holds(obs, seats[o])) + shown(FACE.standings(obs, seats[o]))
            view = unmarked(view + plain(FACE.turn_brief(obs, seats[o])))
            assert FACE.progress(obs) == f"round {obs.round_no}"
            assert_private(view, o)
            if o is not None:
                assert obs.hand is not None
                hand_line = f"Your hand ({len(obs.hand)}): {format_decktet_cards(obs.hand)}".rstrip()
                assert hand_line in " ".join(view.split())  # a long hand wraps across lines
            if o == actor:
                for a in check_ordered(state, obs):
                    check_option_text(obs, a)
            else:
                assert FACE.ordered(obs, obs.legal_actions()) == []
        action = bots[actor].choose(befores[actor])
        check_typed(state, check_ordered(state, befores[actor]), action)
        state.apply(action)
        if turn_start is not None:
            turn_start[1].append(action)
            if action.kind in (STAND, CASH):
                check_whole_turn(*turn_start)
                whole_turns += 1
            if action.kind in (STAND, CASH, PASS, DONE):
                turn_start = None
        for o in observers:
            after = state.observe(o)
            events = state.events(o, seen[o])
            seen[o] += len(events)
            told = unmarked(" ".join(render(FACE.narrate(befores[o], events, after, seats[o])).split()))
            assert bool(told) == (action.kind not in (LAY, CLAIM)), f"{action}: {told!r}"
            assert_private(told, o)
            if action.kind == STAND:
                bid = format_decktet_cards(befores[o].bids[actor])
                assert re.search(rf"{seats[o].name(actor)} (bids|bid|raises|raise) ", told) and bid in told, (
                    told
                )
            if action.kind == CASH:
                token = befores[o].claim_token
                assert f"the {TOKEN_NAMES[token].capitalize()} token" in told
                assert format_decktet_cards(befores[o].claim_cards) in told
                if o == actor:
                    drawn = re.search(r"You claim .*? draw (\S+)\.", told)
                    assert drawn is not None and codes(drawn[1])[0] in after.hand, told
                    seen_claims += 1
            for card in re.findall(r"You are dealt (\S+) face down", told):
                assert after.hand is not None and codes(card)[0] in after.hand
                seen_dealt += 1
            if o is not None and re.search(r"You are dealt a card", told):
                pytest.fail(f"the observer's own dealt card is not shown:\n{told}")
            if state.is_over():
                assert all(seats[o].name(w) in told for w in state.winners), told
    assert seen_dealt and seen_claims and whole_turns
    for o in observers:
        text = render(FACE.final(state.observe(o), seats[o]))
        assert all(f"{seats[o].name(w)} " in text for w in state.winners), text
        assert ("round limit" in text) == state.hit_round_limit
        assert "share the win" in text if len(state.winners) > 1 else "wins" in text or "win " in text


# ---------------------------------------------------------------------- typed input
@pytest.fixture
def auction() -> BoojumState:
    rules = boojum(4)
    return table(
        rules,
        ["AM 4MS 5ML 9MS CK", "2MK 3MW 6MW", "AS 7SK", "8WL 9WY"],
        slots=["AY AK", "2SY 3SK", "4WL 4YK"],
    )


@pytest.fixture
def claims() -> BoojumState:
    hands = ["4MS 4MS 4WL 4YK 9MS", "2MK 3MW", "AS 7SK", "8WL 9WY"]
    return table(boojum(4), hands, phase=CLAIMS)


def options_of(state: BoojumState) -> list[BoojumAction]:
    return FACE.ordered(state.observe(state.turn), state.legal_actions())


def read(state: BoojumState, line: str) -> list[str]:
    """The actions a typed line stands for (an AssertionError with the reason if it is refused)."""
    choice = FACE.interpret(line, state.rules, options_of(state), state.why_illegal)
    assert isinstance(choice, Steps), choice.error
    return texts(state, choice.actions())


def test_interpret_reads_a_number_a_whole_bid_one_card_and_commands(auction: BoojumState) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    assert texts(auction, options) == ["lay AM", "lay 4MS", "lay 5ML", "lay 9MS", "lay CK", "pass"]
    assert FACE.interpret("2", rules, options, why).play == options[1]
    assert read(auction, " 9ms 5ml ") == ["lay 5ML", "lay 9MS", "stand"]
    assert read(auction, "bid 5ML 9MS") == read(auction, "raise 9MS, 5ML") == ["lay 5ML", "lay 9MS", "stand"]
    assert read(auction, "lay CK") == ["lay CK"] and read(auction, "l ck") == ["lay CK"]
    assert read(auction, "p") == ["pass"]
    assert [FACE.interpret(w, rules, options, why).command for w in ("?", "h", "t", "r", "q")] == [
        "help",
        "hint",
        "table",
        "rules",
        "quit",
    ]
    assert FACE.interpret("#2", rules, options, why).play == options[1]
    assert read(auction, "9MS·e 5ML.l") == ["lay 5ML", "lay 9MS", "stand"]  # copied with the type marks
    assert (
        FACE.interpret("99", rules, options, why).error
        == f"no option 99: type a number from 1 to {len(options)}"
    )
    assert FACE.interpret("", rules, options, why).unreadable
    auction.apply(rules.parse_action("lay CK"))  # P0 has laid a card: now it stands or lays more
    assert texts(auction, options_of(auction)) == ["lay AM", "lay 4MS", "lay 5ML", "lay 9MS", "stand"]
    assert read(auction, "stand") == ["stand"]
    assert read(auction, "9MS") == ["lay 9MS", "stand"]


def test_interpret_a_bid_the_player_cannot_make_gives_the_rules_reason_and_takes_nothing(
    auction: BoojumState,
) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    choice = FACE.interpret("2MK", rules, options, why)
    assert choice.play is None and not choice.unreadable
    assert choice.error is not None and "you do not hold 2MK" in choice.error
    choice = FACE.interpret("5ML 2MK", rules, options, why)  # the second card is the one it lacks
    assert choice.play is None and choice.error is not None and "you do not hold 2MK" in choice.error
    auction.apply(rules.parse_action("lay CK"))
    auction.apply(rules.parse_action("stand"))
    p1 = FACE.interpret("6MW", rules, options_of(auction), auction.why_illegal)
    assert p1.play is None and p1.error is not None
    assert "your bid is one for six, which does not beat P0's one for ten" in p1.error
    assert auction.laid_now == [] and auction.current_player() == 1  # nothing was taken
    claim = FACE.interpret("waves 4MS 4MS 4WL 4YK", rules, options_of(auction), auction.why_illegal)
    assert claim.error is not None and "claims come later" in claim.error


def test_a_bid_that_lays_a_card_more_often_than_it_is_held_says_so_with_the_whole_hand(
    auction: BoojumState,
) -> None:
    rules, obs = auction.rules, auction.observe(0)
    face = BoojumFace()
    options = face.ordered(obs, obs.legal_actions())  # the turn's menu: the face now has P0's observation
    choice = face.interpret("bid 9MS 9MS", rules, options, auction.why_illegal)
    assert choice.play is None and not choice.unreadable
    assert choice.error == "you hold one 9MS, and the line lays it 2 times: your hand is AM 4MS 5ML 9MS CK"
    assert auction.laid_now == [] and auction.hands[0].count(rules.parse_action("lay 9MS").card) == 1


def test_interpret_junk_is_unreadable_and_says_what_was_wrong(auction: BoojumState) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    fold = FACE.interpret("fold", rules, options, why)
    assert fold.unreadable and fold.play is None and "'fold'" in (fold.error or "")
    card = FACE.interpret("bid 5ML 9QQ", rules, options, why)
    assert card.unreadable and "'9QQ'" in (card.error or "")
    token = FACE.interpret("claim stars AM", rules, options, why)
    assert token.unreadable and "bad token 'stars'" in (token.error or "")


def test_interpret_a_token_and_cards_is_a_whole_claim_and_cards_alone_claim_their_only_token(
    claims: BoojumState,
) -> None:
    rules, options = claims.rules, options_of(claims)
    why = claims.why_illegal
    waves = ["claim waves", "lay 4MS", "lay 4MS", "lay 4WL", "lay 4YK", "cash"]
    assert read(claims, "waves 4ms 4ms 4wl 4yk") == waves
    assert read(claims, "W 4MS 4MS 4WL 4YK") == waves
    assert read(claims, "claim wave 4MS 4MS 4WL 4YK") == waves
    assert read(claims, "4MS 4MS 4WL 4YK") == waves
    assert read(claims, "4MS 4WL 4YK") == ["claim knots", "lay 4MS", "lay 4WL", "lay 4YK", "cash"]
    assert read(claims, "waves") == ["claim waves"]
    assert read(claims, "d") == ["done"]
    nothing = FACE.interpret("4MS 9MS", rules, options, why)
    assert nothing.error is not None and "earns no token" in nothing.error
    wrong = FACE.interpret("suns 4MS 4MS 4WL 4YK", rules, options, why)
    assert wrong.error is not None and "has no group that earns the Suns token" in wrong.error
    short = FACE.interpret("waves 4MS 4MS 4WL", rules, options, why)
    assert short.error is not None and "4MS 4MS 4WL does not earn the Waves token yet" in short.error
    passing = FACE.interpret("p", rules, options, why)
    assert passing.error == why(rules.parse_action("pass"))
    assert FACE.interpret("  ", rules, options, why).unreadable
    assert FACE.interpret("0", rules, options, why).unreadable
    claims.apply(rules.parse_action("claim waves"))
    claims.apply(rules.parse_action("lay 4WL"))
    assert texts(claims, options_of(claims)) == ["lay 4MS", "lay 4YK"]
    assert read(claims, "4MS 4MS 4YK") == ["lay 4MS", "lay 4MS", "lay 4YK", "cash"]  # the rest, and cash


# ---------------------------------------------------------------------- the numbered list
def test_ordered_numbers_a_lay_per_different_card_and_the_words() -> None:
    hand = "AM AS 2MK 3MW 4MS 5ML 6MW 7ML 8MS 9MS CK CM CM"
    state = table(boojum(4), [hand, "2SY", "AW", "AL"], slots=["AY AK", "2WL 3SK", "4WL 4YK"])
    obs = state.observe(0)
    options = FACE.ordered(obs, obs.legal_actions())
    assert len(options) == 12 + 1 and options[-1].kind == PASS  # twelve different cards, then pass
    assert "bid 5ML 9MS" in FACE.help and "lay 5ML" in FACE.help and "cash" in FACE.help
    hint = FACE.hint(obs, obs.legal_actions())
    assert "Bid cards (5ML 9MS)" in hint and "#N picks option N" in hint


def test_option_text_shows_the_whole_bid_and_the_claims_pattern(
    auction: BoojumState, claims: BoojumState
) -> None:
    rules = auction.rules
    act(auction, "bid 5ML", "bid 2MK 3MW", "pass", "pass")  # P0 lays 5ML; P1 outbids, back to P0
    obs = auction.observe(0)
    assert FACE.option_text(obs, rules.parse_action("lay AM")).plain == "lay AM (whole bid two for six)"
    assert unmarked(FACE.option_text(obs, rules.parse_action("lay 4MS")).plain).startswith("lay 4MS ")
    act(auction, "lay AM")
    obs = auction.observe(0)
    nine = FACE.option_text(obs, rules.parse_action("lay 9MS")).plain
    assert unmarked(nine) == "lay 9MS (whole bid three for fifteen)" and MARK.search(nine)
    obs = claims.observe(0)
    text = unmarked(FACE.option_text(obs, rules.parse_action("claim waves")).plain)
    assert text == "claim waves (for example 4MS 4MS 4WL 4YK: a 4-card set)"
    act(claims, "claim waves", "lay 4MS", "lay 4MS", "lay 4WL", "lay 4YK")
    text = FACE.option_text(claims.observe(0), rules.parse_action("cash")).plain
    assert text == "cash (claim waves: a 4-card set)"


def test_a_bid_being_laid_and_a_claim_being_laid_show_in_the_turn_view(auction: BoojumState) -> None:
    act(auction, "lay 5ML")
    seats = Seats.numbered(4, 1)
    view = " ".join(plain(FACE.turn_view(auction.observe(1), seats)).split())
    assert "P0 has laid 5ML this turn: a bid of one for five." in view
    mine = " ".join(plain(FACE.turn_view(auction.observe(0), Seats.numbered(4, 0))).split())
    assert "Slot 1 of 3 is up: AY AK. No bid yet. You decide: open the bidding" not in mine  # P1 to act
    act(auction, "stand")
    mine = " ".join(plain(FACE.turn_view(auction.observe(1), seats)).split())
    assert "Slot 1 of 3 is up: AY AK. High bid: P0's 5ML (one for five)." in mine
    assert "You decide: beat it (lay cards, then stand to bid them) or pass (out of this slot)." in mine
    claims = table(boojum(4), ["4MS 4MS 4WL 4YK 9MS", "2MK 3MW", "AS 7SK", "8WL 9WY"], phase=CLAIMS)
    act(claims, "claim waves", "lay 4WL")
    view = " ".join(plain(FACE.turn_view(claims.observe(0), Seats.numbered(4, 0))).split())
    assert "You are claiming the Waves token with 4WL: lay the group's cards, then cash them in." in view


# ---------------------------------------------------------------------- the end
def over(state: BoojumState, winners: tuple[int, ...], *, limit: bool) -> BoojumObservation:
    obs = state.observe(0)
    tokens = tuple((1,) * 6 if p in winners else (1, 1, 0, 0, 0, 0) for p in range(4))
    return dataclasses.replace(
        obs, phase=OVER, turn=None, winners=winners, hit_round_limit=limit, tokens=tokens
    )


def test_final_names_the_winner_joint_winners_and_the_round_limit(auction: BoojumState) -> None:
    seats = Seats.numbered(4, 0)
    one = render(FACE.final(over(auction, (2,), limit=False), seats))
    assert "P2 wins with all six tokens: M S W L Y K!" in one and "round limit" not in one
    joint = render(FACE.final(over(auction, (0, 3), limit=False), seats))
    assert "You and P3 share the win, each with all six tokens" in joint
    limited = render(FACE.final(over(auction, (1,), limit=True), seats))
    assert "round limit (60 rounds)" in limited and "P1 wins with the most tokens (six)" in limited
    tie = render(FACE.final(over(auction, (1,), limit=False), seats))
    assert "P1 wins" in tie
    assert FACE.standings(over(auction, (1,), limit=False), seats)
    assert FACE.holds(auction.observe(None), seats) == []
    assert plain(FACE.holds(auction.observe(0), seats)) == "You hold: AM 4MS 5ML 9MS CK"
    assert FACE.holds(auction.observe(0), seats)[0].plain.endswith(("9MS·e CK·e", "9MS.e CK.e"))


# ---------------------------------------------------------------------- what is decided, and why things end
def told(state: BoojumState, seat: int, texts: Sequence[str]) -> str:
    """What ``seat`` is told of the actions ``texts``, each narrated as it is taken (plain, type marks off,
    wrapped lines joined)."""
    seats, seen, out = Seats.numbered(state.rules.players, seat), len(state.events(seat)), []
    for action in (a for text in texts for a in parse_actions(text)):
        before = state.observe(seat)
        state.apply(action)
        events = state.events(seat, seen)
        seen += len(events)
        out += FACE.narrate(before, events, state.observe(seat), seats)
    return " ".join(plain(out).split())


def test_a_lot_won_and_a_lot_unsold_are_told_with_why_and_what_is_up_next(auction: BoojumState) -> None:
    won = told(auction, 1, ["bid 5ML", "pass", "pass", "pass"])
    assert "P0 wins slot 1's lot AY AK with one for five." in won
    assert (
        "The others passed; the lot is P0's at the build and P0's bid stays in slot 1 as its next lot." in won
    )
    assert "Slot 2 is up: 2SY 3SK; You bid first." in won  # the winner's left bids first
    unsold = told(auction, 1, ["pass", "pass", "pass", "pass"])
    assert "Nobody bids for slot 2: it keeps its cards for next round." in unsold
    assert "Slot 3 is up: 4WL 4YK; You bid first." in unsold


def test_a_claim_says_why_the_cards_earn_the_token_and_the_tokens_each_player_holds(
    claims: BoojumState,
) -> None:
    said = told(claims, 0, ["claim waves 4MS 4MS 4WL 4YK"])
    assert re.search(
        r"You claim the Waves token with 4MS 4MS 4WL 4YK \(a 4-card set\)\. You draw \w+\.", said
    )
    assert "Tokens: You W (1) · P1 - (0)" in said or "Tokens: You W (1) | P1 - (0)" in said


def test_each_decision_says_what_is_decided_and_the_key_and_every_line_fit_100_columns(
    auction: BoojumState, claims: BoojumState
) -> None:
    seats = Seats.numbered(4, 0)
    view = FACE.turn_view(auction.observe(0), seats)
    text = " ".join(plain(view).split())
    assert "Slot 1 of 3 is up: AY AK. No bid yet." in text
    assert (
        "You decide: open the bidding (lay cards, then stand to bid them) or pass (out of this slot)." in text
    )
    assert re.search(r"Key: 5ML[·.]l is a 5 of Moons and Leaves, a Location; C is a Crown\.", render(view))
    assert re.search(r"Types: [·.]l Location [·.]p Personality [·.]e Event", render(view))
    brief = FACE.turn_brief(auction.observe(0), seats)  # right after the full view: no heading again
    assert not any(isinstance(line, Table) for line in brief)
    assert "Round 1" not in plain(brief) and "Your hand (5)" in plain(brief)
    fresh = BoojumFace().turn_brief(auction.observe(0), seats)
    assert "Round 1, auction for slot 1 of 3." in plain(fresh) and "Your hand (5)" in plain(fresh)
    claiming = FACE.turn_view(claims.observe(0), seats)
    assert "You decide: claim a token (each claim draws you a card, so claim again) or say done." in plain(
        claiming
    )
    assert "Tokens you may still claim, and what each needs:" in plain(claiming)
    assert (
        "  Wyrms   3 cards of one type (l, p or e) of one suit; 3 of one type of consecutive rank"
        in plain(claiming)
    )
    for lines in (view, brief, claiming, FACE.opening(auction.observe(0), seats)):
        assert all(line.cell_len <= 100 for line in lines if isinstance(line, Text)), plain(lines)


def test_the_hint_is_the_phases_and_states_the_input_rule_in_one_line(
    auction: BoojumState, claims: BoojumState
) -> None:
    face = BoojumFace()
    hints = []
    for state, first in ((auction, ""), (claims, ""), (claims, "claim waves")):
        if first:
            act(state, first)
        obs = state.observe(state.current_player())
        face.ordered(obs, obs.legal_actions())
        hints.append(face.hint(obs, obs.legal_actions()))
    assert hints[0].startswith("Bid cards (5ML 9MS)") and hints[1].startswith("Claim (waves")
    assert hints[2].startswith("Lay the claim's cards")
    assert all(len(h) <= 100 and "#N picks option N" in h and "r rules" in h for h in hints)
    assert "#N always picks option N" in " ".join(face.help.split())
    assert "r, rules" in face.help


def test_holding_a_card_with_two_type_marks_the_key_says_what_the_two_marks_mean() -> None:
    # 2WL and CL are both a Location and an Event: they show as 2WL·le and CL·le.
    state = table(
        boojum(4), ["2WL CL 5ML", "2MK 3MW", "AS 7SK", "8WL 9WY"], slots=["AY AK", "2SY 3SK", "4WL 4YK"]
    )
    view = render(FACE.turn_view(state.observe(0), Seats.numbered(4, 0)))
    assert re.search(r"Your hand \(3\): 2WL[·.]le 5ML[·.]l CL[·.]le", view)
    assert re.search(
        r"Types: [·.]l Location [·.]p Personality [·.]e Event; two marks: [·.]le Location and Event", view
    )
