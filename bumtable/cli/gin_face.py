"""Gin Bummy in the terminal: its table, its turns, how its actions are typed and told.

The face sees only observations. Another player's draw from the stock is told without
the card unless the observation shows it (a stock whose order everyone knows); the card
taken from the Beg, the card dropped on a Joker and a starved hand are public.

>>> from bumtable.rules import get
>>> from bumtable.cli.render import Seats
>>> rules = get("gin-bummy", players=3)
>>> state = rules.new_state(seed=7)
>>> face, seats = GinBummyFace(), Seats.numbered(3)
>>> options = face.ordered(state.observe(state.turn), state.legal_actions())
>>> face.interpret("stock", rules, options, state.why_illegal).play
GinBummyAction(kind='draw-stock', card=-1)
>>> face.interpret("bum", rules, options, state.why_illegal).error
'you cannot call Bum: you hold 10 cards, not four'
>>> before, actor = state.observe(None), state.turn
>>> state.apply(rules.parse_action("draw stock"))
>>> lines = face.narrate(before, actor, rules.parse_action("draw stock"), state.observe(None), seats)
>>> [str(line) for line in lines] == [f"P{actor} draws a card from the stock."]
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.rule import Rule
from rich.text import Text

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.cli.choice import COMMANDS, Choice
from bumtable.cli.face import interpret_typed
from bumtable.cli.gin_render import (
    action_text,
    beg_line,
    card,
    cards,
    cut_lines,
    hand_line,
    hand_text,
    me,
    result_lines,
    standings_line,
    status_table,
    stock_line,
    turn_lines,
    winning_hand,
)
from bumtable.cli.render import Seats, count_word
from bumtable.errors import NotationError
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

HELP = """\
Type the number of an option from the list, or the action:
  Kh, discard Kh   discard a face card; after a draw, the number card to discard (7c)
  stock, beg       draw the top card of the stock or of the Beg (also: draw stock, draw beg),
                   then discard a number card other than the one just drawn; a turn begun with
                   four cards may discard a face card after drawing from the stock instead
  Ah, ace Ah       discard an Ace and draw three cards from the stock
  joker Qs         discard a Joker with Qs on top: the next player must take Qs (also: joker JK Qs)
  b, bum           call "Bum!" with four number cards of four suits and four values
  t, table         show the table and your hand again
  q, quit          stop (with --save or --load the game so far is in the file; resume with --load)
  h, help          this text
A card alone (Kh, Ah, JK) means the one action it can: discard it or play the Ace; when it could
mean more than one, you are asked which. A card goes on a Joker only when you say so (joker Qs)."""

HINT = "Type a number, a card (Kh), stock, beg or bum; joker Qs plays a Joker; t = table, h = help, q = quit."
PROMPT = "Your move: "
EMPTY = "type the number of an option, a card like Kh, stock, beg or bum"

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


def _one(action: GinBummyAction, why_illegal: Callable[[Any], str | None]) -> Choice:
    reason = why_illegal(action)
    play: Any = action
    return Choice(play=play) if reason is None else Choice(error=reason)


def _card_choice(
    code: int, text: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
) -> Choice:
    """A lone card: the one listed action that uses it, a question when several do, else why none does."""
    uses: list[Any] = [
        a for a in options if a.kind != BUM and (a.card == code or (code == JOKER and a.kind == JOKER_PLAY))
    ]
    if len(uses) == 1 and uses[0].kind == JOKER_PLAY and code != JOKER:
        # Never spend a Joker on a card typed alone: that costs two cards, so it must be said.
        why = why_illegal(GinBummyAction(DISCARD, code)) or "it cannot be discarded now"
        return Choice(error=f"{why}; to put {text} on a Joker for the next player, type 'joker {text}'")
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


def _new_public(before: GinBummyObservation, after: GinBummyObservation, p: int) -> list[int]:
    """Cards ``p`` holds that everyone now knows and did not before (drawn from a known stock)."""
    gained = Counter(after.public_cards[p]) - Counter(before.public_cards[p])
    return sorted(gained.elements())


def _turned_over(
    before: GinBummyObservation, after: GinBummyObservation, *, during: bool = False
) -> list[Text]:
    """The Beg turned over to make a new stock, when the stock ran out during this action."""
    if len(after.flips) == len(before.flips):
        return []
    n = len(after.flips[-1])
    shuffle = after.rules.turn_over == "shuffle"
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
    return [line]


def _starved_cards(
    before: GinBummyObservation, action: GinBummyAction, after: GinBummyObservation
) -> list[int]:
    """The starved player's hand, gone face up onto the Beg at the end of this action."""
    if len(after.flips) > len(before.flips):  # only an Ace's draws turn the Beg over: the Beg restarted
        start = 1 if after.rules.turn_over_keeps_top else 0
    else:
        start = len(before.beg) + 1  # the discard, the Ace or the Joker went down first
    return list(after.beg[start:])


def _action_lines(
    before: GinBummyObservation, actor: int, action: GinBummyAction, after: GinBummyObservation, seats: Seats
) -> list[RenderableType]:
    name, verb = seats.name(actor), seats.verb
    kind = action.kind
    out: list[RenderableType] = []
    if kind == BUM:
        line = Text(f"{name} {verb(actor, 'calls', 'call')} Bum!", style="bold green")
        hand = winning_hand(before, actor)
        if hand is not None:
            line.append_text(Text.assemble(" with ", hand_text(hand)))
        out.append(line)
    elif kind == DRAW_STOCK:
        out += _turned_over(before, after)
        if after.drawn is None:
            out.append(Text(f"{name} {verb(actor, 'draws', 'draw')} a card from the stock."))
        else:
            out.append(
                Text.assemble(
                    f"{name} {verb(actor, 'draws', 'draw')} ", card(after.drawn), " from the stock."
                )
            )
    elif kind == DRAW_BEG:
        taken = before.beg[-1] if before.beg else after.drawn
        got = card(taken) if taken is not None else Text("the top card")
        out.append(Text.assemble(f"{name} {verb(actor, 'takes', 'take')} ", got, " from the Beg."))
    elif kind == DISCARD:
        out.append(Text.assemble(f"{name} {verb(actor, 'discards', 'discard')} ", card(action.card), "."))
    elif kind == ACE:
        out += _ace_lines(before, actor, action, after, seats)
    elif kind == JOKER_PLAY:
        line = Text.assemble(
            f"{name} {verb(actor, 'discards', 'discard')} a Joker with ", card(action.card), " on top"
        )
        if after.last_forced is not None:
            q, forced = after.last_forced
            line.append_text(Text.assemble(f": {me(seats, q)} {verb(q, 'takes', 'take')} ", card(forced)))
        line.append(".")
        out.append(line)
    else:
        out.append(Text(f"{name}: {action}"))
    return out


def _ace_lines(
    before: GinBummyObservation, actor: int, action: GinBummyAction, after: GinBummyObservation, seats: Seats
) -> list[RenderableType]:
    name, verb = seats.name(actor), seats.verb
    starved = actor in after.starved and actor not in before.starved
    held = len(_starved_cards(before, action, after)) if starved else after.hand_counts[actor]
    drawn = held - (before.hand_counts[actor] - 1)
    line = Text.assemble(f"{name} {verb(actor, 'discards', 'discard')} ", card(action.card), " and ")
    if actor == after.seat:
        shown = list(after.my_draws)
    else:
        shown = [] if starved else _new_public(before, after, actor)
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
    if 0 < drawn < 3:
        out.append(
            Text(f"Only {count_word(drawn)} could be drawn: the stock and the Beg ran out.", style="dim")
        )
    return [out[0], *_turned_over(before, after, during=True), *out[1:]]


class GinBummyFace:
    """The terminal face of Gin Bummy (see :class:`bumtable.cli.face.Face`)."""

    name = "gin-bummy"
    help = HELP
    hint = HINT
    prompt = PROMPT

    def ordered(self, obs: Any, legal: Sequence[Any]) -> list[Any]:
        """Bum first, then discards by card, the draws (Beg, stock), Aces, and Joker plays by carried card."""
        return sorted(legal, key=_order_key)

    def option_text(self, obs: Any, action: Any) -> Text:
        """The action as typed (``discard Kh``), with what it does in dim."""
        return action_text(obs, action)

    def interpret(
        self, line: str, rules: Any, options: Sequence[Any], why_illegal: Callable[[Any], str | None]
    ) -> Choice:
        """A number, a command, a typed action, or a shortcut: ``stock``, ``beg``, ``b``, a lone card."""
        text = line.strip()
        word = text.lower()
        if not text or word in COMMANDS or word.isdigit():
            return interpret_typed(line, rules, options, why_illegal, empty=EMPTY)
        if word in _BUM_WORDS:
            return _one(BUM_ACTION, why_illegal)
        if word in _STOCK_WORDS:
            return _one(DRAW_STOCK_ACTION, why_illegal)
        if word in _BEG_WORDS:
            return _one(DRAW_BEG_ACTION, why_illegal)
        code = _lone_card(text)
        if code is not None:
            return _card_choice(code, text, rules, options, why_illegal)
        return interpret_typed(line, rules, options, why_illegal, empty=EMPTY)

    def opening(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The cut, the deal, the observer's hand and who starts (or, resumed, where the game stands)."""
        rules = obs.rules
        out: list[RenderableType] = [Rule(f"Gin Bummy for {rules.players}"), *cut_lines(obs, seats)]
        d = obs.dealer
        if not obs.history:
            stock = rules.deck_size - rules.players * rules.hand_size
            out.append(
                Text(
                    f"{seats.name(d)} {seats.verb(d, 'deals', 'deal')} {rules.hand_size} cards each; "
                    f"the other {stock} make the stock. The Beg (the discard pile) is empty."
                )
            )
        out += hand_line(obs, seats)
        if obs.phase == "over":
            return out + self.final(obs, seats)
        if not obs.history:
            out.append(Text(f"{seats.name(d)} (the dealer) {seats.verb(d, 'plays', 'play')} first."))
        else:
            out.append(Text(f"The game goes on at turn {obs.turns + 1}."))
            out += [beg_line(obs), stock_line(obs), *turn_lines(obs, seats)]
        return out

    def turn_view(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """The table, the Beg and the stock, where the turn stands, and the observer's hand."""
        return [
            status_table(obs, seats),
            beg_line(obs),
            stock_line(obs),
            *turn_lines(obs, seats),
            *hand_line(obs, seats),
        ]

    def narrate(self, before: Any, actor: int, action: Any, after: Any, seats: Seats) -> list[RenderableType]:
        """The action as this seat saw it; a starving; the end of the game."""
        out = _action_lines(before, actor, action, after, seats)
        if actor in after.starved and actor not in before.starved:
            hand = _starved_cards(before, action, after)
            out.append(
                Text.assemble(
                    (
                        f"{seats.name(actor)} {seats.verb(actor, 'starves', 'starve')} with fewer than four cards "
                        f"and {seats.verb(actor, 'is', 'are')} out; the hand goes face up onto the Beg: ",
                        "bold red",
                    ),
                    cards(hand) if hand else Text("no cards"),
                )
            )
        if after.phase == "over" and before.phase != "over":
            out += self.final(after, seats)
        return out

    def holds(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """``P1 holds: ...`` for the observing seat (nothing for a spectator or a starved seat)."""
        if obs.seat is None or not obs.hand:
            return []
        p = obs.seat
        return [Text.assemble(f"{seats.name(p)} {seats.verb(p, 'holds', 'hold')}: ", hand_text(obs.hand))]

    def standings(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """Cards held by each player, or who has starved."""
        return [standings_line(obs, seats)]

    def final(self, obs: Any, seats: Seats) -> list[RenderableType]:
        """How the game ended (Bum!, last standing, the turn limit, blocked) and the cards held."""
        return [*result_lines(obs, seats), standings_line(obs, seats)]

    def goal(self, rules: Any) -> str:
        """The first to call Bum! wins."""
        return "the first to call Bum! wins"

    def progress(self, obs: Any) -> str:
        """``turn 41``: the turn being played, or the last one once the game is over."""
        return f"turn {obs.turns if obs.phase == 'over' else obs.turns + 1}"
