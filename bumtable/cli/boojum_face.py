"""Boojum's face in the terminal: the auction and claim table, the few actions of each decision, and
whole bids and claims typed in one line.

A bid is made card by card (``lay`` each card, then ``stand``) and a claim too (``claim`` the token,
``lay`` the group's cards, ``cash``), so each decision numbers only a short list: a ``lay`` for each
different card, and the words. A person may still type a whole bid (``bid 5ML 9MS``, or the cards
alone) or a whole claim (``waves 4MS 4MS 4WL 4YK``, or in the claim phase the cards alone when they
earn one token): the face checks the whole of it and turns it into its actions (:class:`Steps`).

>>> from bumtable.rules import get
>>> rules = get("boojum", players=4)
>>> state = rules.new_state(seed=3)
>>> face = BoojumFace()
>>> obs = state.observe(state.current_player())
>>> options = face.ordered(obs, obs.legal_actions())
>>> rules.action_text(options[-1]), all(state.why_illegal(a) is None for a in options)
('pass', True)
>>> card = DecktetCard(obs.hand[0])
>>> choice = face.interpret(str(card), rules, options, state.why_illegal)
>>> [rules.action_text(a) for a in choice.actions()] == [f"lay {card}", "stand"]
True
>>> face.interpret("waves", rules, options, state.why_illegal).error
"it is the auction for slot 1: lay a card (e.g. 'lay 5ML'), then stand, or pass; claims come later"
"""

from __future__ import annotations

import random
import textwrap
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from bumtable.cards.decktet import DecktetCard, format_decktet_cards
from bumtable.cli.boojum_render import (
    SUIT_STYLES,
    card_text,
    cards_text,
    claim_words,
    final_lines,
    hand_line,
    known_line,
    lot_lines,
    narrate_events,
    round_start,
    standings_line,
    status_table,
    token_name,
    where_line,
)
from bumtable.cli.choice import Choice, command_or_number
from bumtable.cli.render import Seats
from bumtable.errors import NotationError
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


def token_needs(token: int) -> str:
    """What a token needs, from :data:`PATTERNS`, the three card types of one pattern merged.

    >>> token_needs(2)
    'a 4-card straight; a 4-card set; a 7-card flush'
    >>> token_needs(4)
    '3 location/personality/event cards of one suit; 3 location/personality/event cards of consecutive rank'
    """
    merged: dict[str, list[str]] = {}
    for p in PATTERNS:
        if p.token != token:
            continue
        what = p.description.split(": ", 1)[1]
        word = next((w for w in ("location", "personality", "event") if f" {w} " in what), "")
        template = what.replace(f" {word} ", " {} ") if word else what
        merged.setdefault(template, []).append(word)
    needs = "; ".join(t.format("/".join(words)) if "{}" in t else t for t, words in merged.items())
    return needs


_TOKENS_HELP = "\n".join(
    textwrap.fill(token_needs(k), width=100, initial_indent=f"  {name:<8} ", subsequent_indent=" " * 11)
    for k, name in enumerate(TOKEN_NAMES)
)

HELP = f"""\
Win lots of cards at auction, paying with cards from your hand; hand in groups of cards for suit
tokens. The first to hold all six tokens wins.
In the auction (one slot at a time), a bid is laid card by card, then it stands:
  3              the number of an option from the list
  5ML 9MS        bid these cards at once (also 'bid 5ML 9MS'): each is laid, then the bid stands; it
                 must beat the high bid (more cards always win, then more pips; the Excuse X is two
                 cards and no pips). When you have bid already, the cards you add.
  lay 5ML        lay one card (l 5ML); then lay more, or
  stand          make the bid of the cards on the table (once it beats the high bid)
  p, pass        drop out of this slot's auction (before laying a card this turn)
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
Cards: the rank (A, 2-9, P Pawn, T Court, C Crown) and the suit initials (M S W L Y K); X the Excuse.
  t, table       show the table and your hand again
  q, quit        stop (with --save or --load the game so far is in the file; resume with --load)
  h, help        this text"""

HINT = (
    "Type a number; a whole bid as its cards (5ML 9MS) or 'bid CARDS'; a whole claim as a token and cards "
    "(waves 4MS 4MS 4WL 4YK); p = pass, d = done, t = table, h = help, q = quit."
)

EMPTY = "type the number of an option, cards to bid (5ML 9MS), a token and cards to claim, p or d"


@dataclass(frozen=True)
class Steps(Choice):
    """A line that stands for several actions: ``play`` first, then ``then`` in order (a whole bid or
    claim typed at once), every one checked legal in turn before any is taken."""

    then: tuple[Any, ...] = ()

    def actions(self) -> list[Any]:
        """Every action of the line, in order."""
        return [] if self.play is None else [self.play, *self.then]


def _steps(actions: Sequence[BoojumAction]) -> Steps:
    play: Any = actions[0]  # Choice is typed for every game's actions
    return Steps(play=play, then=tuple(actions[1:]))


class BoojumFace:
    """The terminal face of Boojum (see :class:`bumtable.cli.face.Face`)."""

    name = "boojum"
    help = HELP
    hint = HINT
    prompt = "Your move: "

    def __init__(self) -> None:
        self._obs: BoojumObservation | None = None
        """The observation the options were last ordered for: a typed line is checked against it."""

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
                " ",
                cards_text(obs.claim_cards),
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
        text = line.strip()
        early = command_or_number(text, options, EMPTY)
        if early is not None:
            return early
        words = text.replace(",", " ").split()
        if _is_token(words[0]):
            text = "claim " + text  # waves 4MS 4MS 4WL 4YK
        try:
            actions = parse_actions(text)
        except NotationError as e:
            return Choice(error=f"{e} (h for help)", unreadable=True)
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
        out: list[RenderableType] = [status_table(obs, seats)]
        if obs.phase == AUCTION:
            out += lot_lines(obs)
        out += where_line(obs, seats)
        out += known_line(obs, seats)
        out += hand_line(obs, seats)
        return out

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
        """The first to hold all six tokens wins."""
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
    """The actions of a line if every one is legal in turn (checked on a state sampled from the
    observation: what decides is the player's own hand and the table), else the first one's reason."""
    reason = why_illegal(actions[0])
    if reason is not None:
        return Choice(error=reason)
    if len(actions) == 1:
        return _steps(actions)
    if obs is None:
        return Choice(error="type one action at a time here (lay 5ML, stand, claim waves, cash)")
    trial = sample_state(obs, random.Random(0))
    for action in actions:
        reason = trial.why_illegal(action)
        if reason is not None:
            return Choice(error=reason)
        trial.apply(action)
    return _steps(actions)


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
    """Cards typed alone in the claim phase: with a claim open, added to it and cashed in; else the claim
    they make, if just one token is possible."""
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
