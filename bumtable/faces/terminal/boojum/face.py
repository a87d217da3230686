"""Boojum in the terminal: each decision numbers a short list (a ``lay`` per card, and the words), but a
whole bid (``5ML 9MS``) or claim (``waves 4MS 4MS 4WL 4YK``) may be typed in one line.

>>> from bumtable.rules import get
>>> rules = get("boojum", players=4)
>>> state, face = rules.new_state(seed=3), BoojumFace()
>>> obs = state.observe(state.current_player())
>>> options = face.ordered(obs, obs.legal_actions())
>>> [rules.action_text(a) for a in face.interpret("3MW 8MS", rules, options, state.why_illegal).actions()]
['lay 3MW', 'lay 8MS', 'stand']
>>> face.interpret("8MS 8MS", rules, options, state.why_illegal).error
'you hold one 8MS, and the line lays it 2 times: your hand is 3MW 8MS 8YK CM CL'
"""

from __future__ import annotations

import random
import re
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from bumtable.cards.decktet import DecktetCard, format_decktet_cards
from bumtable.errors import NotationError
from bumtable.faces.terminal.boojum.render import (
    SUIT_STYLES,
    card_text,
    cards_text,
    claim_words,
    final_lines,
    hand_line,
    known_line,
    legend_lines,
    lot_lines,
    mark_dot,
    narrate_events,
    needs_lines,
    phase_title,
    round_start,
    short_needs,
    standings_line,
    status_table,
    token_name,
    where_line,
)
from bumtable.faces.terminal.common import Choice, Seats, command_or_number
from bumtable.rules.boojum import (
    CASH,
    CASH_ACTION,
    CLAIM,
    DONE,
    LAY,
    PASS,
    PATTERNS,
    STAND,
    TOKEN_NAMES,
    BoojumAction,
    BoojumObservation,
    BoojumRules,
    bid_value,
    bid_words,
    claim_actions,
    lay,
    parse_actions,
    parse_token,
    sample_state,
)
from bumtable.rules.boojum.sets import find, matching_patterns
from bumtable.rules.boojum.state import AUCTION, CLAIMS, OVER
from bumtable.rules.events import Event

_HEADS = {"bid", "b", "raise", "lay", "l", "stand", "s", "pass", "p", "claim", "c", "cash", "done", "d"}


_TOKENS_HELP = "\n".join(
    textwrap.fill(short_needs(k), width=100, initial_indent=f"  {name:<8} ", subsequent_indent=" " * 11)
    for k, name in enumerate(TOKEN_NAMES)
)

HELP = f"""\
Win lots of cards at auction, paying with cards from your hand; hand in groups of cards for suit \
tokens. The first to hold all six tokens wins.
What you type is read as a move first: cards (5ML 9MS to bid them), or a word (pass, stand, done, \
waves 4MS 4MS 4WL 4YK to claim). A number on its own picks option N of the menu when it is not also \
a legal move (no Boojum move is a number); if it could be both you are asked which, as nothing is \
played on a guess. #N always picks option N.
In the auction (one slot at a time), a bid is laid card by card, then it stands:
  5ML 9MS        bid these cards at once (also 'bid 5ML 9MS'): each is laid, then the bid stands; it
                 must beat the high bid (more cards always win, then more pips; the Excuse X is two
                 cards and no pips). When you have bid already, the cards you add.
  lay 5ML        lay one card (l 5ML); then lay more, or
  stand          make the bid of the cards laid in front of you (once it beats the high bid)
  p, pass        drop out of this slot's auction (before laying a card this turn)
The highest bid wins the slot's lot once everyone else has passed; the winner's bid stays in the \
slot as its next lot and the others take their bids back.
In the claim phase a claim names its token, lays its cards one by one, and cashes them in:
  waves 4MS 4MS 4WL 4YK   claim a token with exactly these cards (also 'claim waves ...' or 'w ...')
  4MS 4MS 4WL 4YK         the cards alone, when they earn just one token you can claim; with a claim
                          begun, the rest of its cards (laid, then cashed in)
  claim waves    start a claim (c waves); then lay 4MS, lay 4WL ... and
  cash           hand in the cards laid for the token (each claim draws you a card)
  d, done        end your claims for this round
The tokens and what each needs:
{_TOKENS_HELP}
  straight: consecutive ranks sharing a suit; run: consecutive ranks; set: one rank; flush: one suit
Cards: the rank (A, 2-9, P Pawn, T Court, C Crown), the suit initials (M Moons, S Suns, W Waves, \
L Leaves, Y Wyrms, K Knots), then the type: {mark_dot()}l Location, {mark_dot()}p Personality, {mark_dot()}e Event (a card may \
carry two: {mark_dot()}le is a Location and an Event; an Ace has none); X is the Excuse. Type cards without the type (5ML).
Commands:
  t, table       show the table and your hand again
  r, rules       the rules of Boojum in short
  q, quit        stop (with --save or --load the game so far is in the file; resume with --load)
  h, hint        what the hard bot would play, and why
  ?, help        this text"""
"""Paragraphs are single lines, so the terminal wraps them at its own width."""

AUCTION_HINT = (
    "Bid cards (5ML 9MS), lay 5ML, stand or p to pass; #N picks option N; h hint, ? help, r rules, q quit"
)
CLAIM_HINT = (
    "Claim (waves 4MS 4MS 4WL 4YK) or d when done; #N picks option N; h hint, ? help, r rules, q quit"
)
CLAIMING_HINT = (
    "Lay the claim's cards (4MS 4WL, or lay 4MS), then cash; #N picks option N; h hint, ? help, r rules"
)

EMPTY = "type cards to bid (5ML 9MS), a token and cards to claim, p, d, or #N for option N"

_MARKED = re.compile(r"(?<=[A-Za-z0-9])[·.][lpe]{1,2}(?![\w])")
"""A type mark copied with a card from the screen (``5ML·l``): read as the card alone."""


@dataclass(frozen=True)
class Steps(Choice):
    """A line that stands for several actions (a whole bid or claim), each checked before any is taken."""

    then: tuple[Any, ...] = ()

    def actions(self) -> list[Any]:
        return [] if self.play is None else [self.play, *self.then]


def _steps(actions: Sequence[BoojumAction]) -> Steps:
    play: Any = actions[0]  # Choice is typed for every game's actions
    return Steps(play=play, then=tuple(actions[1:]))


def _briefed(obs: BoojumObservation) -> tuple[object, ...]:
    return (obs.round_no, obs.phase, obs.lot, obs.tokens)


class BoojumFace:
    name = "boojum"
    help = HELP
    prompt = "Your move: "

    def __init__(self) -> None:
        # the observation the options were last ordered for: a typed line is checked against it
        self._obs: BoojumObservation | None = None
        # the heading last shown: a brief view repeats it only when it changes
        self._briefed: tuple[object, ...] | None = None

    def hint(self, obs: BoojumObservation, legal: Sequence[BoojumAction]) -> str:
        if obs.phase != CLAIMS:
            return AUCTION_HINT
        return CLAIMING_HINT if obs.claim_token >= 0 else CLAIM_HINT

    def ordered(self, obs: BoojumObservation, legal: Sequence[BoojumAction]) -> list[BoojumAction]:
        self._obs = obs
        lays = sorted((a for a in legal if a.kind == LAY), key=lambda a: a.card)
        return [*lays, *(a for a in legal if a.kind != LAY)]

    def option_text(self, obs: BoojumObservation, action: BoojumAction) -> Text:
        seat = obs.seat if obs.seat is not None else obs.turn
        t = obs.rules.tables
        if action.kind == LAY and obs.phase == AUCTION:
            laid = list(obs.bids[seat]) if seat is not None else []
            whole = bid_words(bid_value([*laid, action.card], t))
            note = f" (whole bid {whole})" if laid else f" ({whole})"
            return Text.assemble("lay ", card_text(action.card), (note, "dim"))
        if action.kind == LAY:
            return Text.assemble("lay ", card_text(action.card))
        if action.kind == STAND:
            whole = bid_words(bid_value(obs.bids[seat], t)) if seat is not None else ""
            return Text.assemble(("stand", "italic"), (f" (bid {whole})", "dim"))
        if action.kind == CLAIM:
            example = _example(action.token, obs)
            text = Text.assemble("claim ", (TOKEN_NAMES[action.token], SUIT_STYLES[action.token]))
            if example:
                text.append_text(
                    Text.assemble(
                        (" (for example ", "dim"),
                        cards_text(example),
                        (f": {claim_words(action.token, example, obs)})", "dim"),
                    )
                )
            return text
        if action.kind == CASH:
            k = obs.claim_token
            return Text.assemble(
                ("cash", "italic"),
                (" (claim ", "dim"),
                (TOKEN_NAMES[k], SUIT_STYLES[k]),
                (f": {claim_words(k, obs.claim_cards, obs)})", "dim"),
            )
        if action.kind == PASS:
            return Text("pass", style="italic")
        return Text.assemble(("done", "italic"), (" (end your claims)", "dim"))

    def interpret(
        self,
        line: str,
        rules: BoojumRules,
        options: Sequence[BoojumAction],
        why_illegal: Callable[[BoojumAction], str | None],
    ) -> Choice:
        text = _MARKED.sub("", line.strip())
        early = command_or_number(text, options, EMPTY)
        if early is not None:
            return early
        words = text.replace(",", " ").split()
        if _is_token(words[0]):
            text = "claim " + text  # waves 4MS 4MS 4WL 4YK
        try:
            actions = parse_actions(text)
        except NotationError as e:
            return Choice(error=f"{e} (? for help)", unreadable=True)
        obs = self._obs if self._obs is not None and self._obs.legal_actions() == tuple(options) else None
        claiming = (
            obs.phase == CLAIMS if obs is not None else any(a.kind in (CLAIM, CASH, DONE) for a in options)
        )
        if claiming and _is_card(words[0]):  # cards alone in the claim phase: the claim they make
            cards = [a.card for a in actions if a.kind == LAY]
            return _cards_as_claim(cards, obs, rules, why_illegal)
        return _checked(actions, obs, why_illegal)

    def opening(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        out = round_start(obs, seats)
        out[1:1] = legend_lines(obs)
        d = obs.dealer
        if obs.round_no == 1:
            out.insert(1, Text(f"{seats.name(d)} {seats.verb(d, 'deals', 'deal')}."))
        else:
            out.insert(1, Text(f"{seats.name(d)} dealt at the start of the game."))
        if obs.phase != OVER and any(any(held) for held in obs.tokens):
            out.append(standings_line(obs, seats))
        if obs.phase == OVER:
            out += final_lines(obs, seats)
        elif obs.phase == CLAIMS or obs.lot > 0 or any(obs.bids) or any(obs.passed):  # a game resumed
            out += where_line(obs, seats)
        return out

    def turn_view(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        self._briefed = _briefed(obs)
        out: list[RenderableType] = [status_table(obs, seats)]
        if obs.phase == AUCTION:
            out += lot_lines(obs)
        out += where_line(obs, seats)
        out += known_line(obs, seats)
        out += hand_line(obs, seats)
        if obs.turn == obs.seat and obs.claim_token < 0:
            out += needs_lines(obs, seats)
        out += legend_lines(obs)
        return out

    def turn_brief(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        """A short redraw: the heading when it changed, where the auction or claims stand, and the hand."""
        where = [line for line in where_line(obs, seats) if line.style != "dim"]  # the rule: in the full view
        mine = obs.turn is not None and obs.turn == obs.seat
        if obs.phase == AUCTION and mine and obs.laid_now:
            return [*where[1:], *hand_line(obs, seats)]
        now = _briefed(obs)
        head: list[RenderableType] = []
        if now != self._briefed:
            head = [
                Text(f"Round {obs.round_no}, {phase_title(obs)}.", style="bold"),
                standings_line(obs, seats),
            ]
        self._briefed = now
        return [*head, *where, *hand_line(obs, seats)]

    def narrate(
        self, before: BoojumObservation, events: Sequence[Event], after: BoojumObservation, seats: Seats
    ) -> list[RenderableType]:
        return narrate_events(before, events, after, seats)

    def warning(self, obs: BoojumObservation, action: Any) -> str | None:
        return None

    def holds(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        if obs.seat is None or obs.hand is None:
            return []
        p = obs.seat
        return [Text.assemble(f"{seats.name(p)} {seats.verb(p, 'holds', 'hold')}: ", cards_text(obs.hand))]

    def standings(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        return [standings_line(obs, seats)]

    def final(self, obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
        return final_lines(obs, seats)

    def goal(self, rules: Any) -> str:
        return "first to all six tokens"

    def progress(self, obs: BoojumObservation) -> str:
        return f"round {obs.round_no}"


def _example(token: int, obs: BoojumObservation) -> tuple[int, ...]:
    """A group of the observer's hand that earns ``token`` (the first found), or ``()``."""
    if obs.hand is None:
        return ()
    counts = Counter(obs.hand)
    for p in PATTERNS:
        if p.token == token:
            group = next(find(p, counts, obs.rules.tables), None)
            if group is not None:
                return group
    return ()


def _checked(
    actions: Sequence[BoojumAction],
    obs: BoojumObservation | None,
    why_illegal: Callable[[BoojumAction], str | None],
) -> Choice:
    """The actions if each is legal in turn (tried on a state sampled from the observation), else why not."""
    reason = why_illegal(actions[0])
    if reason is not None:
        return Choice(error=reason)
    if len(actions) == 1:
        return _steps(actions)
    if obs is None:
        return Choice(error="type one action at a time here (lay 5ML, stand, claim waves, cash)")
    short = _named_too_often(actions, obs)
    if short is not None:
        return Choice(error=short)
    trial = sample_state(obs, random.Random(0))
    for action in actions:
        reason = trial.why_illegal(action)
        if reason is not None:
            return Choice(error=reason)
        trial.apply(action)
    return _steps(actions)


def _named_too_often(actions: Sequence[BoojumAction], obs: BoojumObservation) -> str | None:
    held = Counter(obs.hand or ())
    for card, times in Counter(a.card for a in actions if a.kind == LAY).items():
        if times > held[card]:
            hand = format_decktet_cards(sorted(obs.hand or ())) or "empty"
            if not held[card]:
                return f"you do not hold {DecktetCard(card)}: your hand is {hand}"
            have = "one" if held[card] == 1 else str(held[card])
            return f"you hold {have} {DecktetCard(card)}, and the line lays it {times} times: your hand is {hand}"
    return None


def _is_card(word: str) -> bool:
    try:
        DecktetCard.parse(word)
    except NotationError:
        return False
    return True


def _is_token(word: str) -> bool:
    """A token's name or letter that is not also a card or an action word."""
    if word.lower() in _HEADS or _is_card(word):
        return False
    try:
        parse_token(word)
    except NotationError:
        return False
    return True


def _cards_as_claim(
    cards: list[int],
    obs: BoojumObservation | None,
    rules: BoojumRules,
    why_illegal: Callable[[BoojumAction], str | None],
) -> Choice:
    """Cards alone in the claim phase: added to the open claim and cashed, else the one claim they make."""
    shown = format_decktet_cards(cards)
    if obs is not None and obs.claim_token >= 0:
        return _checked([*(lay(c) for c in cards), CASH_ACTION], obs, why_illegal)
    tokens = list(dict.fromkeys(p.token for p in matching_patterns(cards, rules.tables)))
    if not tokens:
        return Choice(error=f"{shown} earns no token; type a token and cards, or d when you are done")
    readings = [(k, _checked(claim_actions(k, cards), obs, why_illegal)) for k in tokens]
    legal = [(k, c) for k, c in readings if c.play is not None]
    if len(legal) == 1:
        return legal[0][1]
    if legal:
        ways = " or ".join(f"'{TOKEN_NAMES[k]} {shown}'" for k, _ in legal)
        return Choice(error=f"{shown} can claim {len(legal)} tokens: type {ways}")
    k, choice = readings[0]
    return Choice(error=f"{token_name(k)} with {shown}: {choice.error}")
