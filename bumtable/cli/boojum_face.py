"""Boojum's face in the terminal: the auction and claim table, a shortlist of bids, typed bids and claims.

A hand can make hundreds of legal bids, so the numbered list is a shortlist: pass or done, every
claim, and for bids the cheapest (fewest pips) of each number of cards, topped up with the next
cheapest (other worths first), at most :data:`MAX_BIDS`. Any legal bid can still be typed (``5ML 9MS`` or ``bid 5ML 9MS``).

>>> from bumtable.rules import get
>>> rules = get("boojum", players=4)
>>> state = rules.new_state(seed=3)
>>> face = BoojumFace()
>>> obs = state.observe(state.current_player())
>>> options = face.ordered(obs, obs.legal_actions())
>>> rules.action_text(options[-1]), all(state.why_illegal(a) is None for a in options)
('pass', True)
>>> card = obs.hand[0]
>>> choice = face.interpret(str(DecktetCard(card)), rules, options, state.why_illegal)
>>> rules.action_text(choice.play) == f"bid {DecktetCard(card)}"
True
>>> face.interpret("waves", rules, options, state.why_illegal).error
"claim waves needs cards, e.g. 'claim waves 4MS 4MS 4WL 4YK' (h for help)"
"""

from __future__ import annotations

import heapq
import textwrap
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.text import Text

from bumtable.cards.decktet import DecktetCard, format_decktet_cards
from bumtable.cli.boojum_render import (
    SUIT_STYLES,
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
from bumtable.cli.choice import COMMANDS, Choice
from bumtable.cli.face import interpret_typed
from bumtable.cli.render import Seats
from bumtable.errors import NotationError
from bumtable.rules.boojum import (
    BID,
    CLAIM,
    DONE,
    PASS,
    PATTERNS,
    TOKEN_NAMES,
    BoojumAction,
    BoojumObservation,
    BoojumRules,
    bid_value,
    bid_words,
    parse_token,
)
from bumtable.rules.boojum.actions import claim
from bumtable.rules.boojum.sets import matching_patterns
from bumtable.rules.boojum.state import AUCTION, CLAIMS, OVER

MAX_BIDS = 12
"""The most bids numbered on screen."""

_HEADS = {"bid", "b", "raise", "pass", "p", "claim", "c", "done", "d"}


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
In the auction (one slot at a time):
  3              the number of an option from the list
  5ML 9MS        bid these cards (also 'bid 5ML 9MS'): any legal bid may be typed, listed or not,
                 as 'bid CARDS' or the cards alone
  9MS            when you have bid already, the cards you add: your whole bid must beat the high bid
                 (more cards always win, then more pips; the Excuse X is two cards and no pips)
  p, pass        drop out of this slot's auction
In the claim phase:
  waves 4MS 4MS 4WL 4YK   claim a token with exactly these cards (also 'claim waves ...' or 'w ...')
  4MS 4MS 4WL 4YK         the cards alone, when they earn just one token you can claim
  d, done        end your claims for this round (each claim draws you a card)
The tokens and what each needs:
{_TOKENS_HELP}
  straight: consecutive ranks sharing a suit; run: consecutive ranks; set: one rank; flush: one suit
Cards: the rank (A, 2-9, P Pawn, T Court, C Crown) and the suit initials (M S W L Y K); X the Excuse.
  t, table       show the table and your hand again
  q, quit        stop (with --save or --load the game so far is in the file; resume with --load)
  h, help        this text"""

HINT = (
    "Type a number; any bid, listed or not, as 'bid CARDS' or the cards alone (5ML 9MS); a claim as a "
    "token and cards (waves 4MS 4MS 4WL 4YK); p = pass, d = done, t = table, h = help, q = quit."
)

EMPTY = "type the number of an option, cards to bid (5ML 9MS), a token and cards to claim, p or d"


def _bid_key(action: BoojumAction, pips: Sequence[int]) -> tuple[int, int, tuple[int, ...]]:
    return len(action.cards), sum(pips[c] for c in action.cards), action.cards


def bid_shortlist(
    bids: Sequence[BoojumAction], rules: BoojumRules, most: int = MAX_BIDS
) -> list[BoojumAction]:
    """The cheapest bid (fewest pips) of each number of cards, topped up with the next cheapest."""
    pips = rules.tables.pip
    cheapest: dict[int, BoojumAction] = {}
    for a in bids:
        size = len(a.cards)
        if size not in cheapest or _bid_key(a, pips) < _bid_key(cheapest[size], pips):
            cheapest[size] = a
    chosen = {cheapest[size] for size in sorted(cheapest)[:most]}
    values = {_bid_key(a, pips)[:2] for a in chosen}
    next_cheapest = heapq.nsmallest(2 * most, set(bids), key=lambda a: _bid_key(a, pips))
    for new_value_only in (True, False):  # bids of a new size and worth first, then any
        for a in next_cheapest:
            if len(chosen) < most and (not new_value_only or _bid_key(a, pips)[:2] not in values):
                chosen.add(a)
                values.add(_bid_key(a, pips)[:2])
    return sorted(chosen, key=lambda a: _bid_key(a, pips))


def _chosen(action: BoojumAction) -> Choice:
    play: Any = action  # Choice is typed for the climbing games' plays
    return Choice(play=play)


class BoojumFace:
    """The terminal face of Boojum (see :class:`bumtable.cli.face.Face`)."""

    name = "boojum"
    help = HELP
    hint = HINT
    prompt = "Your move: "

    def ordered(self, obs: BoojumObservation, legal: Sequence[BoojumAction]) -> list[BoojumAction]:
        bids = [a for a in legal if a.kind == BID]
        claims = sorted({a for a in legal if a.kind == CLAIM}, key=lambda a: (a.token, len(a.cards), a.cards))
        ends = [a for a in dict.fromkeys(legal) if a.kind in (PASS, DONE)]
        return [*bid_shortlist(bids, obs.rules), *claims, *ends]

    def option_text(self, obs: BoojumObservation, action: BoojumAction) -> Text:
        if action.kind == BID:
            seat = obs.seat if obs.seat is not None else obs.turn
            laid = list(obs.bids[seat]) if seat is not None else []
            whole = bid_words(bid_value([*laid, *action.cards], obs.rules.tables))
            note = f" (whole bid {whole})" if laid else f" ({whole})"
            return Text.assemble("bid ", cards_text(action.cards), (note, "dim"))
        if action.kind == CLAIM:
            return Text.assemble(
                "claim ",
                (TOKEN_NAMES[action.token], SUIT_STYLES[action.token]),
                " ",
                cards_text(action.cards),
                (f" ({claim_words(action.token, action.cards, obs)})", "dim"),
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
        words = text.replace(",", " ").split()
        if text.lower() not in COMMANDS and words and _is_token(words[0]):
            text = "claim " + text  # waves 4MS 4MS 4WL 4YK
        choice = interpret_typed(text, rules, options, why_illegal, empty=EMPTY)
        if choice.error is None or not words or text.isdigit():
            return choice
        if choice.unreadable:
            return Choice(error=f"{choice.error} (h for help)", unreadable=True)
        claiming = any(a.kind in (CLAIM, DONE) for a in options)
        if claiming and _is_card(words[0]):  # cards alone in the claim phase: the claim they make
            return _cards_as_claim(rules.parse_action(text).cards, rules, why_illegal, choice.error)
        return choice

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
        self,
        before: BoojumObservation,
        actor: int,
        action: BoojumAction,
        after: BoojumObservation,
        seats: Seats,
    ) -> list[RenderableType]:
        out = narrate_events(before, after, seats)
        if not out:  # nothing public came of it (should not happen): say what was done
            out.append(Text(f"{seats.name(actor)}: {after.rules.action_text(action)}"))
        return out

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
    cards: tuple[int, ...], rules: BoojumRules, why_illegal: Callable[[BoojumAction], str | None], error: str
) -> Choice:
    """Cards typed alone in the claim phase: the claim they make, if just one token is possible."""
    tokens = [p.token for p in matching_patterns(cards, rules.tables)]
    tokens = list(dict.fromkeys(tokens))
    legal = [claim(k, cards) for k in tokens if why_illegal(claim(k, cards)) is None]
    shown = format_decktet_cards(cards)
    if len(legal) == 1:
        return _chosen(legal[0])
    if legal:
        ways = " or ".join(f"'{TOKEN_NAMES[a.token]} {shown}'" for a in legal)
        return Choice(error=f"{shown} can claim {len(legal)} tokens: type {ways}")
    if tokens:
        reason = why_illegal(claim(tokens[0], cards))
        return Choice(error=f"{token_name(tokens[0])} with {shown}: {reason}")
    return Choice(error=f"{shown} earns no token; {error}")
