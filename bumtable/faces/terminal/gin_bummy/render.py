"""Gin Bummy as Rich text, from observations only: cards, the table, the Beg and the stock, the result.

>>> from bumtable.cards import parse_cards
>>> hand_text(parse_cards("JK Kh 7c As 2s")).plain in ("2s 7c | Kh | As | JK", "2♠ 7♣ · K♥ · A♠ · JK")
True
>>> pretty_cards("you do not hold 10h: first 'draw stock' or 'discard Kh'", True)
"you do not hold 10♥: first 'draw stock' or 'discard Kh'"
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rich.table import Table
from rich.text import Text

from bumtable.cards import Card
from bumtable.cards.french import JOKER
from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.rules.gin_bummy import (
    ACE,
    BUM,
    DISCARD,
    DRAW_BEG,
    DRAW_STOCK,
    JOKER_PLAY,
    GinBummyAction,
    GinBummyObservation,
    bum_problem,
)
from bumtable.rules.gin_bummy.cards import is_ace, is_face, is_joker, is_number
from bumtable.rules.gin_bummy.moves import CALL, DISCARD_PHASE
from bumtable.rules.gin_bummy.starve import cards_after, starves_with
from bumtable.rules.outcome import BLOCKED, LAST_STANDING, TURN_LIMIT
from bumtable.rules.outcome import BUM as WON_BY_BUM
from bumtable.rules.phases import OVER


# ---------------------------------------------------------------------- cards
def card(code: int) -> Text:
    return common.card_text(code)


def cards(codes: Iterable[int]) -> Text:
    return Text(" ").join(card(c) for c in codes)


_CARD_OR_QUOTE = re.compile(r"'[^']*'|\b(?:10|[2-9JQKA])[cdhs]\b")
"""A card as the rules' texts write it (``Js``), or a command in quotes, left as typed."""


def pretty_cards(text: str, symbols: bool) -> str:
    """The rules' words with each card as the table shows it, when ``symbols``."""
    if not symbols:
        return text

    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        return word if word.startswith("'") else Card.parse(word).pretty()

    return _CARD_OR_QUOTE.sub(swap, text)


def _sep() -> Text:
    return Text(" · " if common.fancy() else " | ", style="dim")


def hand_text(codes: Iterable[int]) -> Text:
    """A hand grouped by kind: number cards (by value, then suit), face cards, Aces, Jokers."""
    ordered = sorted(codes)
    groups = [[c for c in ordered if test(c)] for test in (is_number, is_face, is_ace, is_joker)]
    return _sep().join(cards(g) for g in groups if g)


def me(seats: Seats, p: int) -> str:
    """A player named as an object: ``P2`` or ``you``."""
    return "you" if p == seats.you else seats.name(p)


# ---------------------------------------------------------------------- starving
def starves(obs: GinBummyObservation, action: GinBummyAction) -> bool:
    """True when ``action`` ends the observing seat's turn with fewer than four cards (the rules' count)."""
    after = cards_after(obs, action)
    return after is not None and starves_with(after)


def starving_warning(obs: GinBummyObservation, action: GinBummyAction, seats: Seats) -> str | None:
    """What a starving move costs, for the person to confirm (None when ``action`` is safe)."""
    if not starves(obs, action):
        return None
    after = cards_after(obs, action)
    left = "no cards" if not after else f"only {count_word(after or 0)} card{'s' if after != 1 else ''}"
    rest = [p for p in range(obs.rules.players) if p not in obs.starved and p != obs.seat]
    if len(rest) == 1:
        lose = f"you lose and {seats.name(rest[0])} wins at once"
    else:
        lose = "you are out of the game and lose"
    return f"{_doing(action)} leaves you {left}: a player left with fewer than four cards starves, so {lose}."


def _doing(action: GinBummyAction) -> str:
    name = card(action.card).plain
    if action.kind == JOKER_PLAY:
        return f"Discarding a Joker with {name} on top"
    if action.kind == ACE:
        return f"Playing {name}"
    return f"Discarding {name}"


# ---------------------------------------------------------------------- options
def action_text(obs: GinBummyObservation, action: GinBummyAction) -> Text:
    """An action as a numbered option: its typed form, what it does in dim, and a mark if it starves."""
    text = _action_text(obs, action)
    if obs.seat is not None and obs.seat == obs.turn and starves(obs, action):
        text.append(" (starves you)", style="bold red")
    return text


def _action_text(obs: GinBummyObservation, action: GinBummyAction) -> Text:
    kind = action.kind
    if kind == BUM:
        return Text.assemble(("bum", "bold green"), (" (call Bum! with your winning hand)", "dim"))
    if kind == DISCARD:
        return Text.assemble("discard ", card(action.card))
    if kind == ACE:
        return Text.assemble("ace ", card(action.card), (" (and draw three)", "dim"))
    if kind == JOKER_PLAY:
        return Text.assemble(
            "joker ", card(JOKER), " ", card(action.card), (" (the next player takes it)", "dim")
        )
    if kind == DRAW_BEG:
        top = Text.assemble((" (", "dim"), card(obs.beg[-1]), (")", "dim")) if obs.beg else Text("")
        return Text.assemble("draw beg", top)
    if kind == DRAW_STOCK:
        if obs.stock_count == 0:
            note = " (turns the Beg over)"
        elif obs.stock is not None:
            return Text.assemble("draw stock", (" (next: ", "dim"), card(obs.stock[0]), (")", "dim"))
        else:
            note = f" ({obs.stock_count} left)"
        return Text.assemble("draw stock", (note, "dim"))
    return Text(str(action))


# ---------------------------------------------------------------------- the cut
def cut_lines(obs: GinBummyObservation, seats: Seats) -> list[Text]:
    aces = "Aces low" if obs.rules.cut_ace == "low" else "Aces high"
    lines: list[Text] = []
    for i, cut in enumerate(obs.cut):
        label = (
            f"Cut for the deal (lowest deals, {aces}): " if i == 0 else "Tie, the tied players cut again: "
        )
        parts = [Text.assemble(f"{seats.name(p)} ", card(c)) for p, c in cut]
        lines.append(Text.assemble(label, Text(", ").join(parts)))
    d = obs.dealer
    lines.append(
        Text(f"{seats.name(d)} {seats.verb(d, 'cuts', 'cut')} lowest and {seats.verb(d, 'deals', 'deal')}.")
    )
    return lines


# ---------------------------------------------------------------------- the table
def status_table(obs: GinBummyObservation, seats: Seats) -> Table:
    marker = common.turn_marker()
    table = common.seat_table("Gin Bummy", *(() if obs.phase == OVER else (f"turn {turn_number(obs)}",)))
    table.add_column("")
    table.add_column("Player")
    if seats.kinds:
        table.add_column("Plays as")
    table.add_column("Cards", justify="right")
    table.add_column("Known to all")
    table.add_column("")
    for p in range(obs.rules.players):
        turn = obs.turn == p
        if p in obs.starved:
            status = "starved (out)"
        elif obs.winner == p:
            status = "won"
        elif p == obs.dealer:
            status = "dealer"
        else:
            status = ""
        row: list[Text] = [Text(marker if turn else ""), Text(seats.name(p))]
        if seats.kinds:
            row.append(Text(seats.kinds[p]))
        known = obs.public_cards[p]
        row += [
            Text(str(obs.hand_counts[p])),
            hand_text(known) if known else Text("-", style="dim"),
            Text(status),
        ]
        table.add_row(*row, style="bold" if turn else None)
    return table


def brief_line(obs: GinBummyObservation, seats: Seats) -> Text:
    beg = Text("Beg empty") if not obs.beg else Text.assemble("Beg top ", card(obs.beg[-1]))
    if len(obs.beg) > 1:
        beg.append(f" ({len(obs.beg)} cards)")
    held = ", ".join(
        f"{seats.name(p)} {'starved' if p in obs.starved else obs.hand_counts[p]}"
        for p in range(obs.rules.players)
    )
    return Text.assemble(f"Turn {turn_number(obs)}: ", beg, f"; stock {obs.stock_count}; cards held: {held}")


def beg_line(obs: GinBummyObservation, *, show: int = 6) -> Text:
    """The Beg: its size and top cards, top card last."""
    if not obs.beg:
        return Text("Beg: empty.")
    n = len(obs.beg)
    shown = obs.beg[-show:]
    more = "… " if common.fancy() else "... "
    text = Text.assemble(
        f"Beg ({n} card{'s' if n != 1 else ''}, top last): ", more if n > show else "", cards(shown)
    )
    top = obs.beg[-1]
    if is_ace(top) or is_joker(top):
        text.append(f" ({'an Ace' if is_ace(top) else 'a Joker'} on top may not be taken)", style="dim")
    return text


def stock_line(obs: GinBummyObservation) -> Text:
    """The stock: its size, and its next card when everyone knows its order."""
    flips = len(obs.flips)
    turned = (
        f", the Beg turned over {count_word(flips)} time{'s' if flips != 1 else ''} so far" if flips else ""
    )
    if obs.stock_count == 0:
        keep = 1 if obs.rules.turn_over_keeps_top else 0
        if len(obs.beg) > keep:
            return Text(f"Stock: empty (the next draw turns the Beg over{turned}).")
        return Text("Stock: empty, and the Beg cannot be turned over: nothing to draw.")
    text = Text(f"Stock: {obs.stock_count} card{'s' if obs.stock_count != 1 else ''}")
    if obs.stock is not None:
        text.append_text(Text.assemble(" in an order known to all (next: ", card(obs.stock[0]), ")"))
    text.append(f"{turned}.")
    return text


def turn_lines(obs: GinBummyObservation, seats: Seats) -> list[Text]:
    """Where the turn stands (a card forced, a card drawn, a winning hand), and what the seat decides."""
    p = obs.turn
    if p is None:
        return []
    name = seats.name(p)
    lines: list[Text] = []
    if obs.last_forced is not None and obs.last_forced[0] == p:
        lines.append(
            Text.assemble(
                "A Joker forced ", card(obs.last_forced[1]), f" on {me(seats, p)} before this turn."
            )
        )
    if obs.phase == DISCARD_PHASE:
        source = "the Beg" if obs.drew_from == "beg" else "the stock"
        if obs.drawn is not None:
            drew = Text.assemble(
                f"{name} {seats.verb(p, 'has', 'have')} drawn ", card(obs.drawn), f" from {source}"
            )
        else:
            drew = Text(f"{name} {seats.verb(p, 'has', 'have')} drawn a card from {source}")
        if p == obs.seat:
            drew.append_text(_discard_choice(obs))
        else:
            drew.append(" and must now discard.")
        lines.append(drew)
    elif obs.phase == CALL:
        lines.append(
            Text(f"{name} {seats.verb(p, 'holds', 'hold')} a winning hand: Bum!", style="bold green")
        )
    elif p == obs.seat:
        lines += _turn_choice(obs, seats)
    else:
        lines.append(Text(f"{name} {seats.verb(p, 'is', 'are')} to play."))
    return lines


def _discard_choice(obs: GinBummyObservation) -> Text:
    legal = obs.legal_actions()
    faces = any(a.kind == DISCARD and is_face(a.card) for a in legal)
    what = "a number card or, as you began with four cards, a face card" if faces else "a number card"
    text = Text(f"; now discard {what}")
    if obs.drawn is not None and is_number(obs.drawn) and all(a.card != obs.drawn for a in legal):
        text.append_text(Text.assemble(" (not ", card(obs.drawn), ", the card just drawn)"))
    text.append(".")
    return text


def _turn_choice(obs: GinBummyObservation, seats: Seats) -> list[Text]:
    legal = obs.legal_actions()
    kinds = {a.kind for a in legal}
    ways: list[Text] = []
    if DISCARD in kinds:
        ways.append(Text("discard a face card"))
    sources = []
    if DRAW_BEG in kinds and obs.beg:
        sources.append(Text.assemble("the Beg (", card(obs.beg[-1]), ")"))
    if DRAW_STOCK in kinds:
        sources.append(Text("the stock"))
    if sources:
        ways.append(Text.assemble("draw from ", Text(" or ").join(sources), ", then discard a number card"))
    if ACE in kinds:
        ways.append(Text("discard an Ace and draw three"))
    if JOKER_PLAY in kinds and obs.turn is not None:
        ways.append(Text(f"drop a Joker with a card on it for {me(seats, _next_in(obs, obs.turn))}"))
    p = obs.turn
    assert p is not None
    return _packed(Text(f"{seats.possessive(p).capitalize()} turn: "), ways)


def _packed(head: Text, ways: list[Text], width: int = 100) -> list[Text]:
    """``head`` and the ways joined by ``; or``, in as few lines of ``width`` as hold them."""
    lines = [head.copy()]
    for i, way in enumerate(ways):
        sep = "" if i == 0 else "; or "
        if i and lines[-1].cell_len + len(sep) + way.cell_len + 1 > width:
            lines[-1].append(";")
            lines.append(Text("or "))
            sep = ""
        lines[-1].append(sep)
        lines[-1].append_text(way)
    lines[-1].append(".")
    return lines


def _next_in(obs: GinBummyObservation, p: int) -> int:
    n = obs.rules.players
    return next((q for k in range(1, n + 1) if (q := (p + k) % n) not in obs.starved), p)


def hand_line(obs: GinBummyObservation, seats: Seats) -> list[Text]:
    """The seat's hand, and how far it is from a winning one."""
    if obs.seat is None or obs.hand is None or not obs.hand:
        return []
    whose = seats.possessive(obs.seat).capitalize()
    line = Text.assemble(f"{whose} hand ({len(obs.hand)}): ", hand_text(obs.hand))
    if len(obs.hand) == 4:
        problem = bum_problem(obs.hand)
        why = None if problem is None else pretty_cards(problem, common.fancy())
        line.append(" (a winning hand)" if why is None else f" (not yet a winning hand: {why})", style="dim")
    elif len(obs.hand) > 4:
        extra = len(obs.hand) - 4
        line.append(f" ({count_word(extra)} to shed for a winning hand of four)", style="dim")
    return [line]


# ---------------------------------------------------------------------- the end
def winning_hand(obs: GinBummyObservation, p: int) -> Sequence[int] | None:
    """``p``'s four cards when this seat knows them (its own, or all four known to all)."""
    if obs.seat == p and obs.hand:
        return obs.hand
    known = obs.public_cards[p]
    if len(known) == obs.hand_counts[p] == 4:
        return known
    return None


def turn_number(obs: GinBummyObservation) -> int:
    """The turn being played, or the one the game ended in; a "Bum!" called at once belongs to the turn
    that made the winning hand."""
    at_once = obs.rules.call == "at-once"
    if obs.phase == CALL:
        return obs.turns if at_once else obs.turns + 1
    if obs.phase == OVER:
        return obs.turns + 1 if obs.result == WON_BY_BUM and not at_once else obs.turns
    return obs.turns + 1


def result_lines(obs: GinBummyObservation, seats: Seats) -> list[Text]:
    turns = f"{obs.turns} turn{'s' if obs.turns != 1 else ''}"
    w = obs.winner
    if obs.result == WON_BY_BUM and w is not None:
        line = Text(
            f"{seats.name(w)} {seats.verb(w, 'wins', 'win')} with Bum! on turn {turn_number(obs)}",
            style="bold green",
        )
        hand = winning_hand(obs, w)
        if hand is not None:
            line.append(": ")
            line.append_text(hand_text(hand))
        line.append(", four number cards of four suits and four values.")
        return [line]
    if obs.result == LAST_STANDING and w is not None:
        out = "everyone else has" if obs.rules.players > 2 else "the other player has"
        return [
            Text(
                f"{seats.name(w)} {seats.verb(w, 'wins', 'win')} after {turns}: {out} starved.",
                style="bold green",
            )
        ]
    if obs.result == TURN_LIMIT:
        return [
            Text(
                f"The game is a draw: it reached the turn limit ({obs.rules.max_turns} turns).", style="bold"
            )
        ]
    if obs.result == BLOCKED:
        return [
            Text(
                f"The game is a draw after {turns}: blocked, the player to act has no legal action "
                "(nothing is left to draw).",
                style="bold",
            )
        ]
    return [Text(f"The game is over after {turns}.", style="bold")]


def standings_line(obs: GinBummyObservation, seats: Seats) -> Text:
    parts = []
    for p in range(obs.rules.players):
        held = "starved" if p in obs.starved else str(obs.hand_counts[p])
        parts.append(f"{seats.name(p)} {held}")
    return Text("Cards held: " + ", ".join(parts))
