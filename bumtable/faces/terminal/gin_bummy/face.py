"""Gin Bummy in the terminal: its table, turns, typed actions and narration (another player's draw from
the stock is told without the card unless its event shows it).

>>> from bumtable.rules import get
>>> rules = get("gin-bummy", players=3)
>>> state, face = rules.new_state(seed=7), GinBummyFace()
>>> before, actor, seen = state.observe(None), state.turn, len(state.events(None))
>>> state.apply(rules.parse_action("draw stock"))
>>> lines = face.narrate(before, state.events(None, seen), state.observe(None), Seats.numbered(3))
>>> [str(line) for line in lines] == [f"P{actor} draws a card from the stock."]
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.errors import NotationError
from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import COMMANDS, Choice, Seats, command_or_number, count_word
from bumtable.faces.terminal.face import interpret_typed
from bumtable.faces.terminal.gin_bummy.render import (
    action_text,
    beg_line,
    brief_line,
    card,
    cards,
    cut_lines,
    hand_line,
    hand_text,
    me,
    pretty_cards,
    result_lines,
    standings_line,
    starving_warning,
    status_table,
    stock_line,
    turn_lines,
    turn_number,
    winning_hand,
)
from bumtable.rules.events import DISCARD as DISCARDED
from bumtable.rules.events import DRAW, GAME_OVER, Event
from bumtable.rules.gin_bummy import (
    ACE,
    BUM,
    BUM_ACTION,
    DISCARD,
    DRAW_BEG,
    DRAW_BEG_ACTION,
    DRAW_STOCK,
    DRAW_STOCK_ACTION,
    JOKER_PLAY,
    GinBummyAction,
    GinBummyObservation,
)
from bumtable.rules.gin_bummy.events import BUM_CALL, FORCE, STARVE, TURN_OVER
from bumtable.rules.phases import OVER

HELP = """\
What you type is read as a move first: a card (Kh) or a word (stock, beg, bum, joker Qs). A number \
on its own picks option N of the menu when it is not also a legal move (no Gin Bummy move is a \
number); if it could be both you are asked which, as nothing is played on a guess. #N always picks \
option N.
Moves:
  Kh, discard Kh   discard a face card; after a draw, the number card to discard (7c)
  stock, beg       draw the top card of the stock or of the Beg (also: draw stock, draw beg),
                   then discard a number card other than the one just drawn; a turn begun with
                   four cards may discard a face card after drawing from the stock instead
  Ah, ace Ah       discard an Ace and draw three cards from the stock (ace alone: your Ace, or
                   you are asked which when you may play more than one)
  joker Qs         discard a Joker with Qs on top: the next player must take Qs (also: joker JK Qs)
  b, bum           call "Bum!" with four number cards of four suits and four values
A card alone (Kh, Ah) is its plain move: discard it, or play the Ace. It goes on a Joker only when \
you say so (joker Qs); JK alone asks which card to put on the Joker. A move that leaves you fewer \
than four cards starves you (you lose): it is marked in the menu and asks you to confirm.
Commands:
  t, table         show the table and your hand again
  r, rules         the rules of Gin Bummy in short
  q, quit          stop (with --save or --load the game so far is in the file; resume with --load)
  h, hint          what the hard bot would play, and why
  ?, help          this text"""
"""Paragraphs are single lines, so the terminal wraps them at its own width."""

HINT = "Type a move (Kh, stock, beg, bum, joker Qs) or an option's number (#2 too); h hint, ? help, r rules, q quit"
PROMPT = "Your move: "
GOAL = (
    "To win: hold four number cards (2-10) of four suits and four values, and call Bum!\n"
    "A player left with fewer than four cards at the end of a turn starves and is out."
)
EMPTY = "type a move (a card like Kh, stock, beg or bum) or the number of an option"

_BUM_WORDS = ("b", "bum", "bum!")
_STOCK_WORDS = ("stock", "deck")
_BEG_WORDS = ("beg",)
_ORDER = {BUM: 0, DISCARD: 1, DRAW_BEG: 2, DRAW_STOCK: 3, ACE: 4, JOKER_PLAY: 5}


def _order_key(action: GinBummyAction) -> tuple[int, int]:
    return (_ORDER.get(action.kind, 9), action.card)


def _lone_card(text: str) -> int | None:
    """The card's code when ``text`` is one card and nothing else (any Joker reads as ``JK``)."""
    tokens = text.replace(",", " ").split()
    if len(tokens) != 1 or tokens[0].isdigit():
        return None
    try:
        code = int(Card.parse(tokens[0]))
    except NotationError:
        return None
    return JOKER if code >= JOKER else code


def _shown_as_on_the_table(why_illegal: Callable[[Any], str | None]) -> Callable[[Any], str | None]:
    """The rules' reasons with each card named as the table shows it (``J♠``)."""

    def why(action: Any) -> str | None:
        reason = why_illegal(action)
        return None if reason is None else pretty_cards(reason, common.fancy())

    return why


def _one(action: GinBummyAction, why_illegal: Callable[[Any], str | None]) -> Choice:
    reason = why_illegal(action)
    play: Any = action
    return Choice(play=play) if reason is None else Choice(error=reason)


def _card_choice(
    code: int, text: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
) -> Choice:
    """A lone card's plain move (a discard or the Ace), never a Joker's; a lone Joker asks what goes on it."""
    if code == JOKER:
        uses: list[Any] = [a for a in options if a.kind == JOKER_PLAY]
    else:
        uses = [a for a in options if a.kind in (DISCARD, ACE) and a.card == code]
    if not uses and code != JOKER and any(a.kind == JOKER_PLAY and a.card == code for a in options):
        why = why_illegal(GinBummyAction(DISCARD, code)) or "it cannot be discarded now"
        put = pretty_cards(f"to put {text} on a Joker for the next player", common.fancy())
        return Choice(error=f"{why}; {put}, type 'joker {text}'")
    if len(uses) == 1:
        return Choice(play=uses[0])
    if len(uses) > 1:
        return Choice(options=uses)
    if code == JOKER:
        reason = why_illegal(GinBummyAction(JOKER_PLAY, JOKER))
        return Choice(
            error=reason or "a Joker goes down with another card on top of it: write 'joker JK <card>'"
        )
    try:
        action = rules.parse_action(text)
    except NotationError as e:  # pragma: no cover - a lone card always reads as a discard or an Ace
        return Choice(error=str(e), unreadable=True)
    return _one(action, why_illegal)


def _code(text: str) -> int:
    code = int(Card.parse(text))
    return JOKER if code >= JOKER else code


def _codes(event: Event) -> list[int]:
    return [_code(t) for t in event.cards]


def _by_action(events: Sequence[Event]) -> list[list[Event]]:
    """The events cut into the actions that caused them (by their step)."""
    groups: list[list[Event]] = []
    for e in events:
        if groups and groups[-1][0].step == e.step:
            groups[-1].append(e)
        else:
            groups.append([e])
    return groups


def _turned_over(event: Event, after: GinBummyObservation, *, during: bool = False) -> Text:
    n = event.count
    shuffle = event.text == "shuffle"
    if during:  # told after an Ace's draws
        head, how = (
            "The stock ran out during the draws",
            "was shuffled" if shuffle else "was turned over as it lay",
        )
    else:
        head, how = "The stock is empty", "is shuffled" if shuffle else "is turned over as it lies"
    line = Text(
        f"{head}: the Beg ({n} card{'s' if n != 1 else ''}) {how} to make a new stock", style="yellow"
    )
    if after.rules.turn_over_keeps_top and after.beg:
        line.append_text(Text.assemble("; its top card ", card(after.beg[0]), " stays face up"))
    line.append(".")
    return line


def _action_lines(
    before: GinBummyObservation, group: list[Event], after: GinBummyObservation, seats: Seats
) -> list[RenderableType]:
    main = next((e for e in group if e.kind in (DISCARDED, DRAW, BUM_CALL)), None)
    out: list[RenderableType] = []
    if main is not None and main.player is not None:
        out += _main_lines(before, main, group, after, seats)
    for e in group:
        if e.kind == STARVE and e.player is not None:
            p = e.player
            out.append(
                Text.assemble(
                    (
                        f"{seats.name(p)} {seats.verb(p, 'starves', 'starve')} with fewer than four cards "
                        f"and {seats.verb(p, 'is', 'are')} out; the hand goes face up onto the Beg: ",
                        "bold red",
                    ),
                    cards(_codes(e)) if e.cards else Text("no cards"),
                )
            )
    return out


def _main_lines(
    before: GinBummyObservation, main: Event, group: list[Event], after: GinBummyObservation, seats: Seats
) -> list[RenderableType]:
    actor = main.player
    assert actor is not None
    action = after.rules.parse_action(main.text)  # the action as the table saw it: its text is public
    name, verb = seats.name(actor), seats.verb
    kind = action.kind
    turned = [e for e in group if e.kind == TURN_OVER]
    out: list[RenderableType] = []
    if kind == BUM:
        line = Text(f"{name} {verb(actor, 'calls', 'call')} Bum!", style="bold green")
        if winning_hand(before, actor) is not None:  # told as before the call: only to whoever knew it
            line.append_text(Text.assemble(" with ", hand_text(_codes(main))))
        out.append(line)
    elif kind == DRAW_STOCK:
        out += [_turned_over(e, after) for e in turned]
        if not main.cards:
            out.append(Text(f"{name} {verb(actor, 'draws', 'draw')} a card from the stock."))
        else:
            out.append(
                Text.assemble(
                    f"{name} {verb(actor, 'draws', 'draw')} ", card(_codes(main)[0]), " from the stock."
                )
            )
    elif kind == DRAW_BEG:
        got = card(_codes(main)[0]) if main.cards else Text("the top card")
        out.append(Text.assemble(f"{name} {verb(actor, 'takes', 'take')} ", got, " from the Beg."))
    elif kind == DISCARD:
        out.append(Text.assemble(f"{name} {verb(actor, 'discards', 'discard')} ", card(action.card), "."))
    elif kind == ACE:
        out += _ace_lines(actor, action, group, after, seats)
    elif kind == JOKER_PLAY:
        line = Text.assemble(
            f"{name} {verb(actor, 'discards', 'discard')} a Joker with ", card(action.card), " on top"
        )
        for e in group:
            if e.kind == FORCE and e.to is not None:
                q = e.to
                line.append_text(
                    Text.assemble(f": {me(seats, q)} {verb(q, 'takes', 'take')} ", cards(_codes(e)))
                )
        line.append(".")
        out.append(line)
    else:  # pragma: no cover - every kind of action is told above
        out.append(Text(f"{name}: {action}"))
    return out


def _ace_lines(
    actor: int, action: GinBummyAction, group: list[Event], after: GinBummyObservation, seats: Seats
) -> list[RenderableType]:
    name, verb = seats.name(actor), seats.verb
    draws = [e for e in group if e.kind == DRAW]
    starved = any(e.kind == STARVE for e in group)
    drawn = len(draws)
    seen = [c for e in draws for c in _codes(e)]
    # The drawer saw every card, in the order drawn; the others only those of a stock in an order known to
    # all, and are not told them when the hand goes out face up anyway.
    shown = seen if actor == after.seat else [] if starved else sorted(seen)
    line = Text.assemble(f"{name} {verb(actor, 'discards', 'discard')} ", card(action.card), " and ")
    if drawn == 0:
        line.append(f"{verb(actor, 'draws', 'draw')} nothing: there is nothing left to draw.")
    elif shown and len(shown) == drawn:
        line.append_text(Text.assemble(f"{verb(actor, 'draws', 'draw')} ", cards(shown), "."))
    else:
        noun = "card" if drawn == 1 else "cards"
        line.append(f"{verb(actor, 'draws', 'draw')} {count_word(drawn)} {noun} from the stock")
        if shown:
            line.append_text(Text.assemble(" (known to all: ", cards(shown), ")"))
        line.append(".")
    out: list[RenderableType] = [line]
    out += [_turned_over(e, after, during=True) for e in group if e.kind == TURN_OVER]
    if 0 < drawn < 3:
        out.append(
            Text(f"Only {count_word(drawn)} could be drawn: the stock and the Beg ran out.", style="dim")
        )
    return out


class GinBummyFace:
    name = "gin-bummy"
    help = HELP
    prompt = PROMPT

    def hint(self, obs: Any, legal: Sequence[Any]) -> str:
        return HINT

    def ordered(self, obs: Any, legal: Sequence[Any]) -> list[Any]:
        """Bum first, then discards by card, the draws (Beg, stock), Aces, and Joker plays by carried card."""
        return sorted(legal, key=_order_key)

    def option_text(self, obs: Any, action: Any) -> Text:
        return action_text(obs, action)

    def interpret(
        self, line: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
    ) -> Choice:
        """A number, a command, a typed action, or a shortcut (``stock``, ``beg``, ``b``, a lone card)."""
        why_illegal = _shown_as_on_the_table(why_illegal)
        text = line.strip()
        word = text.lower()
        if not text or word in COMMANDS or word.isdigit() or word.startswith("#"):
            early = command_or_number(text, options, EMPTY)  # no Gin Bummy move is a number
            if early is not None:
                return early
        if word in _BUM_WORDS:
            return _one(BUM_ACTION, why_illegal)
        if word in _STOCK_WORDS:
            return _one(DRAW_STOCK_ACTION, why_illegal)
        if word in _BEG_WORDS:
            return _one(DRAW_BEG_ACTION, why_illegal)
        aces = [a for a in options if a.kind == ACE]
        if word == ACE and aces:  # the Ace to play, when the hand says which (else asked)
            if len(aces) == 1:
                return Choice(play=aces[0])
            return Choice(options=aces, question="You may play more than one Ace")
        code = _lone_card(text)
        if code is not None:
            return _card_choice(code, text, rules, options, why_illegal)
        return interpret_typed(line, rules, options, why_illegal, empty=EMPTY)

    def opening(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The cut, the deal, the seat's hand and who starts (or, resumed, where the game stands)."""
        rules = obs.rules
        out: list[RenderableType] = [Rule(f"Gin Bummy for {rules.players}"), *cut_lines(obs, seats)]
        d = obs.dealer
        if obs.steps == 0:
            stock = rules.deck_size - rules.players * rules.hand_size
            out.append(
                Text(
                    f"{seats.name(d)} {seats.verb(d, 'deals', 'deal')} {rules.hand_size} cards each; "
                    f"the other {stock} make the stock. The Beg (the discard pile) is empty."
                )
            )
            out.append(Text(GOAL, style="dim"))
        out += hand_line(obs, seats)
        if obs.phase == OVER:
            return out + self.final(obs, seats)
        if obs.steps == 0:
            out.append(Text(f"{seats.name(d)} (the dealer) {seats.verb(d, 'plays', 'play')} first."))
        else:
            out.append(Text(f"The game goes on at turn {turn_number(obs)}."))
            out += [beg_line(obs), stock_line(obs), *turn_lines(obs, seats)]
        return out

    def turn_view(self, obs: Any, seats: Seats) -> list[RenderableType]:
        return [
            status_table(obs, seats),
            beg_line(obs),
            stock_line(obs),
            *turn_lines(obs, seats),
            *hand_line(obs, seats),
        ]

    def turn_brief(self, obs: Any, seats: Seats) -> list[RenderableType]:
        return [brief_line(obs, seats), *turn_lines(obs, seats), *hand_line(obs, seats)]

    def narrate(self, before: Any, events: Sequence[Event], after: Any, seats: Seats) -> list[RenderableType]:
        out: list[RenderableType] = []
        for group in _by_action(events):
            out += _action_lines(before, group, after, seats)
            if any(e.kind == GAME_OVER for e in group):
                out += self.final(after, seats)
        return out

    def warning(self, obs: Any, action: Any) -> str | None:
        if obs.seat is None or obs.seat != obs.turn:
            return None
        return starving_warning(obs, action, Seats.numbered(obs.rules.players, obs.seat))

    def holds(self, obs: Any, seats: Seats) -> list[RenderableType]:
        if obs.seat is None or not obs.hand:
            return []
        p = obs.seat
        return [Text.assemble(f"{seats.name(p)} {seats.verb(p, 'holds', 'hold')}: ", hand_text(obs.hand))]

    def standings(self, obs: Any, seats: Seats) -> list[RenderableType]:
        return [standings_line(obs, seats)]

    def final(self, obs: Any, seats: Seats) -> list[RenderableType]:
        return [*result_lines(obs, seats), standings_line(obs, seats)]

    def goal(self, rules: Any) -> str:
        return "the first to call Bum! wins"

    def progress(self, obs: Any) -> str:
        return f"turn {turn_number(obs)}"
