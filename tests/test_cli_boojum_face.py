"""Boojum's terminal face: every view of whole seeded bot games, typed input, and the bid shortlist."""

from __future__ import annotations

import dataclasses
import io
import math
import re
from collections.abc import Sequence

import pytest
from boojum_helpers import codes, table
from rich.console import Console, RenderableType
from rich.text import Text

from bumtable.bots import make_bot
from bumtable.cards.decktet import format_decktet_cards
from bumtable.cli.boojum_face import MAX_BIDS, BoojumFace
from bumtable.cli.face import face_for
from bumtable.cli.render import Seats
from bumtable.rules import get
from bumtable.rules.boojum import (
    BID,
    CLAIM,
    DONE,
    PASS,
    TOKEN_NAMES,
    VARIANTS,
    BoojumObservation,
    BoojumRules,
    BoojumState,
    bid_value,
    bid_words,
    boojum,
)
from bumtable.rules.boojum.state import CLAIMS, OVER

FACE = BoojumFace()


def render(lines: Sequence[RenderableType]) -> str:
    """What the lines look like on a 100-column terminal, as plain text."""
    console = Console(record=True, width=100, file=io.StringIO())
    for line in lines:
        console.print(line)
    return console.export_text()


def plain(lines: Sequence[RenderableType]) -> str:
    """Text lines as their plain text (cheap), anything else rendered."""
    return "\n".join(line.plain if isinstance(line, Text) else render([line]) for line in lines)


def rules_for(players: int, variant: str | None, **options: int) -> BoojumRules:
    rules = get("boojum", players=players)
    assert isinstance(rules, BoojumRules)
    if variant is not None:
        rules = rules.replace(**VARIANTS[variant](rules))
    return rules.replace(**options)


# ---------------------------------------------------------------------- checks on any text
def assert_private(text: str, seat: int | None) -> None:
    """No hand, dealt card or drawn card of a seat other than ``seat`` (named ``You``) is shown."""
    text = " ".join(text.split())  # lines wrapped at 100 columns joined again
    assert not re.search(r"P\d+'s hand|P\d+ holds", text), text
    assert not re.search(r"P\d+ is dealt (?!a card)", text), text
    assert not re.search(r"P\d+ claims .*? draws (?!a card)", text), text
    if seat is None:
        assert "Your hand" not in text and "You hold" not in text and "You are dealt" not in text, text


def check_ordered(state: BoojumState, obs: BoojumObservation) -> list:
    legal = obs.legal_actions()
    options = FACE.ordered(obs, legal)
    assert len(options) == len(set(options))
    assert all(state.why_illegal(a) is None for a in options)
    bids = [a for a in options if a.kind == BID]
    assert len(bids) <= MAX_BIDS
    assert bool(bids) == any(a.kind == BID for a in legal)
    assert {a for a in options if a.kind == CLAIM} == {a for a in legal if a.kind == CLAIM}
    assert options[-1].kind in (PASS, DONE)
    return options


def check_option_text(obs: BoojumObservation, action) -> None:
    text = FACE.option_text(obs, action).plain
    if action.kind == BID:
        assert obs.turn is not None
        whole = bid_value([*obs.bids[obs.turn], *action.cards], obs.rules.tables)
        assert text.startswith(f"bid {format_decktet_cards(action.cards)}") and bid_words(whole) in text
    elif action.kind == CLAIM:
        assert text.startswith(f"claim {TOKEN_NAMES[action.token]} {format_decktet_cards(action.cards)} (")
    else:
        assert text.startswith(("pass", "done"))


def check_typed(state: BoojumState, options: list, action) -> None:
    """The bot's action typed the ways a person would reads back as that action."""
    rules = state.rules
    typed = [rules.action_text(action)]
    if action.kind == BID:
        typed.append(format_decktet_cards(action.cards))  # cards alone are a bid
    if action.kind == CLAIM:
        typed.append(f"{TOKEN_NAMES[action.token]} {format_decktet_cards(action.cards)}")
    for line in typed:
        assert FACE.interpret(line, rules, options, state.why_illegal).play == action, line
    k = options.index(action) + 1 if action in options else 1
    assert FACE.interpret(str(k), rules, options, state.why_illegal).play == options[k - 1]


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
    for o in observers:
        text = render(FACE.opening(state.observe(o), seats[o]))
        assert "Round 1" in text and f"{seats[o].name(rules.players - 1)} deal" in text
        assert_private(text, o)
    seen_dealt = seen_claims = 0
    while not state.is_over():
        actor = state.current_player()
        assert actor is not None
        befores = {o: state.observe(o) for o in observers}
        for o in observers:
            obs = befores[o]
            shown = render if o in (actor, None) else plain  # render in full what a person would see
            view = shown(FACE.turn_view(obs, seats[o]))
            view += shown(FACE.holds(obs, seats[o])) + shown(FACE.standings(obs, seats[o]))
            assert FACE.progress(obs) == f"round {obs.round_no}"
            assert_private(view, o)
            if o is not None:
                assert obs.hand is not None
                hand_line = f"Your hand ({len(obs.hand)}): {format_decktet_cards(obs.hand)}".rstrip()
                assert hand_line in " ".join(view.split())  # a long hand wraps across lines
            if o == actor:
                options = check_ordered(state, obs)
                for a in options:
                    check_option_text(obs, a)
            else:
                assert FACE.ordered(obs, obs.legal_actions()) == []
        action = bots[actor].choose(befores[actor])
        check_typed(state, check_ordered(state, befores[actor]), action)
        state.apply(action)
        for o in observers:
            after = state.observe(o)
            told = " ".join(render(FACE.narrate(befores[o], actor, action, after, seats[o])).split())
            assert told, "every action is told"
            assert_private(told, o)
            if action.kind == CLAIM:
                assert f"the {TOKEN_NAMES[action.token].capitalize()} token" in told
                assert format_decktet_cards(action.cards) in told
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
    assert seen_dealt and seen_claims
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


def options_of(state: BoojumState) -> list:
    return FACE.ordered(state.observe(state.turn), state.legal_actions())


def test_interpret_reads_a_number_the_cards_of_a_bid_and_commands(auction: BoojumState) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    assert FACE.interpret("2", rules, options, why).play == options[1]
    assert FACE.interpret(" 9ms 5ml ", rules, options, why).play == rules.parse_action("bid 5ML 9MS")
    assert FACE.interpret("raise 9MS", rules, options, why).play == rules.parse_action("bid 9MS")
    assert FACE.interpret("p", rules, options, why).play == rules.parse_action("pass")
    assert [FACE.interpret(w, rules, options, why).command for w in ("h", "t", "s", "q")] == [
        "help",
        "table",
        "table",
        "quit",
    ]
    assert (
        FACE.interpret("99", rules, options, why).error
        == f"no option 99: type a number from 1 to {len(options)}"
    )
    assert FACE.interpret("", rules, options, why).unreadable


def test_interpret_a_bid_the_player_cannot_make_gives_the_rules_reason(auction: BoojumState) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    choice = FACE.interpret("2MK", rules, options, why)
    assert choice.play is None and not choice.unreadable
    assert choice.error == why(rules.parse_action("bid 2MK"))
    assert "you do not hold 2MK" in choice.error
    auction.apply(rules.parse_action("bid CK"))
    p1 = FACE.interpret("6MW", rules, options_of(auction), auction.why_illegal)
    assert p1.error is not None and "does not beat" in p1.error
    claim = FACE.interpret("waves 4MS 4MS 4WL 4YK", rules, options_of(auction), auction.why_illegal)
    assert claim.error is not None and "claims come later" in claim.error


def test_interpret_junk_is_unreadable_and_says_what_was_wrong(auction: BoojumState) -> None:
    rules, options = auction.rules, options_of(auction)
    why = auction.why_illegal
    fold = FACE.interpret("fold", rules, options, why)
    assert fold.unreadable and fold.play is None and "'fold'" in (fold.error or "")
    card = FACE.interpret("bid 5ML 9QQ", rules, options, why)
    assert card.unreadable and "'9QQ'" in (card.error or "")
    token = FACE.interpret("claim stars AM", rules, options, why)
    assert token.unreadable and "bad token 'stars'" in (token.error or "")


def test_interpret_a_token_and_cards_is_a_claim_and_cards_alone_claim_their_only_token(
    claims: BoojumState,
) -> None:
    rules, options = claims.rules, options_of(claims)
    why = claims.why_illegal
    waves = rules.parse_action("claim waves 4MS 4MS 4WL 4YK")
    assert FACE.interpret("waves 4ms 4ms 4wl 4yk", rules, options, why).play == waves
    assert FACE.interpret("W 4MS 4MS 4WL 4YK", rules, options, why).play == waves
    assert FACE.interpret("wave 4MS 4MS 4WL 4YK", rules, options, why).play == waves
    assert FACE.interpret("4MS 4MS 4WL 4YK", rules, options, why).play == waves
    assert FACE.interpret("4MS 4WL 4YK", rules, options, why).play == rules.parse_action(
        "claim knots 4MS 4WL 4YK"
    )
    assert FACE.interpret("d", rules, options, why).play == rules.parse_action("done")
    nothing = FACE.interpret("4MS 9MS", rules, options, why)
    assert nothing.error is not None and "earns no token" in nothing.error
    wrong = FACE.interpret("suns 4MS 4MS 4WL 4YK", rules, options, why)
    assert wrong.error is not None and "does not earn the Suns token" in wrong.error
    bare = FACE.interpret("waves", rules, options, why)
    assert bare.unreadable and "needs cards" in (bare.error or "")
    passing = FACE.interpret("p", rules, options, why)
    assert passing.error == why(rules.parse_action("pass"))
    assert FACE.interpret("  ", rules, options, why).unreadable
    assert FACE.interpret("0", rules, options, why).unreadable


# ---------------------------------------------------------------------- the numbered list
@pytest.mark.parametrize("limit", [64, 0])
def test_ordered_numbers_a_short_list_of_legal_bids_cheapest_of_each_size(limit: int) -> None:
    rules = boojum(4).replace(bid_list_limit=limit)
    hand = "AM AS 2MK 3MW 4MS 5ML 6MW 7ML 8MS 9MS CK CM"
    state = table(rules, [hand, "2SY", "AW", "AL"], slots=["AY AK", "2WL 3SK", "4WL 4YK"])
    obs = state.observe(0)
    legal = obs.legal_actions()
    options = FACE.ordered(obs, legal)
    bids = [a for a in options if a.kind == BID]
    listed = [a for a in legal if a.kind == BID]
    every = sum(math.comb(12, k) for k in range(1, rules.bid_max_add + 1))  # bids of up to bid_max_add cards
    assert len(listed) == (12 if limit else every)  # 64 cuts the list at the singles; 0 lists every bid
    assert len(bids) == MAX_BIDS
    assert options[-1].kind == PASS and all(a in legal for a in options)
    sizes = {len(a.cards) for a in legal if a.kind == BID}
    pips = rules.tables.pip
    for size in sorted(sizes)[:MAX_BIDS]:
        cheapest = min(sum(pips[c] for c in a.cards) for a in legal if a.kind == BID and len(a.cards) == size)
        assert any(len(a.cards) == size and sum(pips[c] for c in a.cards) == cheapest for a in bids), size
    assert "any legal bid may be typed" in FACE.help and "bid CARDS" in FACE.help
    assert "listed or not" in FACE.hint and "bid CARDS" in FACE.hint


def test_option_text_shows_the_whole_bid_and_the_claims_pattern(
    auction: BoojumState, claims: BoojumState
) -> None:
    rules = auction.rules
    auction.apply(rules.parse_action("bid 5ML"))  # P0 lays 5ML; P1 outbids, back to P0
    auction.apply(rules.parse_action("bid 2MK 3MW"))
    auction.apply(rules.parse_action("pass"))
    auction.apply(rules.parse_action("pass"))
    obs = auction.observe(0)
    text = FACE.option_text(obs, rules.parse_action("bid AM 9MS")).plain
    assert text == "bid AM 9MS (whole bid three for fifteen)"
    obs = claims.observe(0)
    text = FACE.option_text(obs, rules.parse_action("claim waves 4MS 4MS 4WL 4YK")).plain
    assert text == "claim waves 4MS 4MS 4WL 4YK (a 4-card set)"


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
