"""Boojum as Rich text, from observations and the events the observer saw: the only private cards named
are its own.

>>> from bumtable.rules import get
>>> obs = get("boojum", players=4).new_state(seed=3).observe(0)
>>> str(cards_text([15, 27])).replace("·", "."), [str(line)[2:9] for line in lot_lines(obs)]
('5ML.l 9MS.e', ['Slot 1:', 'Slot 2:', 'Slot 3:'])
>>> str(tokens_text((1, 0, 2, 0, 0, 0))).replace("×", "x"), [len(line) <= 100 for line in legend_lines(obs)]
('M Wx2', [True, True, True])
>>> [type_mark(int(DecktetCard.parse(t))) for t in ("5ML", "2WL", "8MS", "AM")]
['l', 'le', 'p', '']
>>> short_needs(4)
'3 cards of one type (l, p or e) of one suit; 3 of one type of consecutive rank'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bumtable.cards.decktet import EVENT, LOCATION, PERSONALITY, SUIT_LETTERS, SUIT_NAMES, DecktetCard
from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.rules.boojum import PATTERNS, TOKEN_NAMES, BoojumObservation, bid_value, bid_words, parse_token
from bumtable.rules.boojum import events as ev
from bumtable.rules.boojum.sets import matching_patterns
from bumtable.rules.boojum.state import AUCTION, CLAIMS
from bumtable.rules.events import Event

SUIT_STYLES = ("blue", "yellow", "cyan", "green", "red", "magenta")
"""One colour per suit, Moons to Knots."""


TYPE_MARKS = ((LOCATION, "l", "Location"), (PERSONALITY, "p", "Personality"), (EVENT, "e", "Event"))
"""Each card type's mark after a card (``5ML·l``) and its name."""


# ---------------------------------------------------------------------- cards and tokens
def mark_dot() -> str:
    return "·" if common.fancy() else "."


def type_mark(code: int) -> str:
    """A card's types as marks: ``l`` Location, ``p`` Personality, ``e`` Event (Aces and the Excuse: none)."""
    types = DecktetCard(code).types
    return "".join(mark for bit, mark, _ in TYPE_MARKS if types & bit)


def _append_card(text: Text, code: int) -> None:
    label = str(DecktetCard(code))
    text.append(label[0], style="bold")
    for ch in label[1:]:
        text.append(ch, style=SUIT_STYLES[SUIT_LETTERS.index(ch)])
    mark = type_mark(code)
    if mark:
        text.append(mark_dot() + mark, style="dim")


def card_text(code: int) -> Text:
    """A card as typed (``5ML``), each suit initial in its colour, then its type mark (``·l``)."""
    text = Text()
    _append_card(text, code)
    return text


def legend_lines(obs: BoojumObservation) -> list[Text]:
    """The key to the cards on screen, in three lines: ranks, suits and type marks."""
    d = mark_dot()
    rules = obs.rules
    ranks = ["C is a Crown"]
    if rules.extended:
        named = (("P a Pawn", rules.pawns), ("T a Court", rules.courts), ("X the Excuse", rules.excuse))
        ranks += [words for words, used in named if used]
    first = Text(f"Key: 5ML{d}l is a 5 of Moons and Leaves, a Location; {', '.join(ranks)}.", style="dim")
    second = Text("Suits:", style="dim")
    for k, name in enumerate(SUIT_NAMES):
        second.append(" ")
        second.append(SUIT_LETTERS[k], style=f"bold {SUIT_STYLES[k]}")
        second.append(f" {name}", style="dim")
    third = Text("Types:", style="dim")
    for _, mark, name in TYPE_MARKS:
        third.append(f" {d}{mark} {name}", style="dim")
    third.append(f"; two marks: {d}le Location and Event", style="dim")  # 2WL, 6LK, CL
    return [first, second, third]


def cards_text(codes: Sequence[int]) -> Text:
    if not codes:
        return Text("-", style="dim")
    text = Text()
    for i, c in enumerate(sorted(codes)):
        if i:
            text.append(" ")
        _append_card(text, c)
    return text


def token_name(k: int) -> str:
    return TOKEN_NAMES[k].capitalize()


def tokens_text(held: Sequence[int]) -> Text:
    """Tokens held as suit initials: ``M S W×2`` (``-`` for none)."""
    times = "×" if common.fancy() else "x"
    parts = [
        Text(SUIT_LETTERS[k] + (f"{times}{n}" if n > 1 else ""), style=SUIT_STYLES[k])
        for k, n in enumerate(held)
        if n
    ]
    return Text(" ").join(parts) if parts else Text("-", style="dim")


def token_count(held: Sequence[int]) -> int:
    return sum(1 for n in held if n)


def bid_text(codes: Sequence[int], obs: BoojumObservation) -> Text:
    """A bid's cards and what it is worth: ``5ML 9MS (two for fourteen)``."""
    words = bid_words(bid_value(codes, obs.rules.tables))
    return Text.assemble(cards_text(codes), (f" ({words})", "dim"))


def claim_words(token: int, codes: Sequence[int], obs: BoojumObservation) -> str:
    """Why a group earns ``token``: ``a 4-card set`` (the first of the token's patterns it matches)."""
    found = matching_patterns(codes, obs.rules.tables, token)
    return found[0].description.split(": ", 1)[1] if found else "no pattern"


WIDTH = 100
"""The width lines are made for: a list too long for one line goes one to a line."""


def one_or_each(head: str, parts: Sequence[Text]) -> list[Text]:
    """``head`` and the parts on one line when that fits :data:`WIDTH`, else a part a line."""
    sep = Text(" · " if common.fancy() else " | ")
    line = Text.assemble(head, sep.join(parts))
    if line.cell_len <= WIDTH:
        return [line]
    return [Text(head.rstrip()), *(Text.assemble("  ", part) for part in parts)]


def names(seats: Seats, players: Sequence[int]) -> str:
    """``P1``, ``P1 and You``, ``P0, P2 and P3``."""
    named = [seats.name(p) for p in players]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


# ---------------------------------------------------------------------- the table
def phase_title(obs: BoojumObservation) -> str:
    """``auction for slot 2 of 3``, ``claim phase`` or ``game over``."""
    if obs.phase == AUCTION:
        return f"auction for slot {obs.lot + 1} of {len(obs.slots)}"
    if obs.phase == CLAIMS:
        return "claim phase"
    return "game over"


def status_table(obs: BoojumObservation, seats: Seats) -> Table:
    marker = common.turn_marker()
    table = common.seat_table(f"Round {obs.round_no}", phase_title(obs))
    table.add_column("")
    table.add_column("Player")
    if seats.kinds:
        table.add_column("Plays as")
    table.add_column("Cards", justify="right")
    table.add_column("Tokens")
    auction = obs.phase == AUCTION
    if auction:
        table.add_column("Won")
        table.add_column("Bid")
    for p in range(obs.rules.players):
        turn = obs.turn == p
        row: list[Text] = [Text(marker if turn else ""), Text(seats.name(p))]
        if seats.kinds:
            row.append(Text(seats.kinds[p]))
        row += [Text(str(obs.hand_counts[p])), tokens_text(obs.tokens[p])]
        if auction:
            row.append(cards_text(obs.won[p]) if obs.won[p] else Text(""))
            if obs.bids[p]:
                bid = bid_text(obs.bids[p], obs)
                if obs.high == p:
                    bid.append(" high", style="bold green")
                row.append(bid)
            else:
                row.append(Text("passed", style="dim") if obs.passed[p] else Text(""))
        table.add_row(*row, style="bold" if turn else None)
    return table


def lot_lines(obs: BoojumObservation) -> list[Text]:
    marker = "▶" if common.fancy() else ">"
    lines = []
    for i, (seen, hidden) in enumerate(zip(obs.slots, obs.slot_hidden, strict=True)):
        text = Text.assemble(f"{marker if i == obs.lot else ' '} Slot {i + 1}: ", cards_text(seen))
        if hidden:
            text.append(f" + {count_word(hidden)} face down", style="dim")
        if obs.phase == AUCTION and i < obs.lot:
            text.append(" (auctioned: next round's lot)", style="dim")
        lines.append(text)
    return lines


def hand_line(obs: BoojumObservation, seats: Seats) -> list[Text]:
    if obs.seat is None or obs.hand is None:
        return []
    whose = seats.possessive(obs.seat).capitalize()
    return [Text.assemble(f"{whose} hand ({len(obs.hand)}): ", cards_text(obs.hand))]


def known_line(obs: BoojumObservation, seats: Seats) -> list[Text]:
    """Cards everyone knows the other players hold (lots picked up, bids taken back)."""
    parts = [
        Text.assemble(f"{seats.name(p)} ", cards_text(k))
        for p, k in enumerate(obs.known)
        if k and p != obs.seat
    ]
    if not parts:
        return []
    return one_or_each("Known in hands: ", parts)


def where_line(obs: BoojumObservation, seats: Seats) -> list[Text]:
    """The slot up and the bid to beat, or who claims; and what the seat to act decides."""
    if obs.phase == AUCTION and obs.lot >= 0:
        return _auction_lines(obs, seats)
    if obs.phase == CLAIMS and obs.turn is not None:
        return _claim_lines(obs, seats)
    return []


def _auction_lines(obs: BoojumObservation, seats: Seats) -> list[Text]:
    out = [
        Text.assemble(f"Slot {obs.lot + 1} of {len(obs.slots)} is up: ", cards_text(obs.slots[obs.lot]), ".")
    ]
    h = obs.high
    p = obs.turn
    mine = p is not None and p == obs.seat
    if h is None:
        high = Text("No bid yet.")
    else:
        high = Text.assemble(f"High bid: {seats.possessive(h)} ", bid_text(obs.bids[h], obs), ".")
    if p is not None and obs.laid_now:
        out.append(
            Text.assemble(
                f"{seats.name(p)} {seats.verb(p, 'has', 'have')} laid ",
                cards_text(obs.laid_now),
                f" this turn: a bid of {_worth(obs, p)}.",
            )
        )
        if mine:
            beat = f" once it beats {seats.possessive(h)} {_worth(obs, h)}" if h is not None else ""
            out.append(Text(f"Lay more cards, or stand to make the bid{beat}."))
    elif mine:
        what = "open the bidding" if h is None else "beat it"
        out.append(high)
        out.append(
            Text(f"You decide: {what} (lay cards, then stand to bid them) or pass (out of this slot).")
        )
        out.append(
            Text(
                "More cards win, then more pips; the winner takes the lot and the winning bid stays in the slot.",
                style="dim",
            )
        )
    else:
        out.append(high)
    return out


def _worth(obs: BoojumObservation, p: int) -> str:
    return bid_words(bid_value(obs.bids[p], obs.rules.tables))


def _claim_lines(obs: BoojumObservation, seats: Seats) -> list[Text]:
    p = obs.turn
    assert p is not None
    line = f"Claim phase: {seats.name(p)} {seats.verb(p, 'claims', 'claim')} now"
    later = obs.claim_order[obs.claim_pos + 1 :]
    out = [Text(line + (f"; then {names(seats, later)}." if later else "; the last to claim this round."))]
    if obs.claim_token >= 0:
        laid = cards_text(obs.claim_cards) if obs.claim_cards else Text("no card yet")
        out.append(
            Text.assemble(
                f"{seats.name(p)} {seats.verb(p, 'is', 'are')} claiming the ",
                (token_name(obs.claim_token), SUIT_STYLES[obs.claim_token]),
                " token with ",
                laid,
                ": lay the group's cards, then cash them in.",
            )
        )
    elif p == obs.seat:
        out.append(
            Text("You decide: claim a token (each claim draws you a card, so claim again) or say done.")
        )
    return out


def needs_lines(obs: BoojumObservation, seats: Seats) -> list[Text]:
    if obs.seat is None or obs.phase != CLAIMS:
        return []
    wanted = obs.wanted_tokens(obs.seat)
    if not wanted:
        return []
    who = "you" if obs.seat == seats.you else seats.name(obs.seat)
    out = [Text(f"Tokens {who} may still claim, and what each needs:", style="dim")]
    for k in wanted:
        out.append(Text.assemble(f"  {token_name(k):<7} ", (short_needs(k), "dim")))
    return out


def token_needs(token: int) -> str:
    """What a token needs, from :data:`PATTERNS`, the three card types of one pattern merged."""
    merged: dict[str, list[str]] = {}
    for p in PATTERNS:
        if p.token != token:
            continue
        what = p.description.split(": ", 1)[1]
        word = next((w for w in ("location", "personality", "event") if f" {w} " in what), "")
        template = what.replace(f" {word} ", " {} ") if word else what
        merged.setdefault(template, []).append(word)
    return "; ".join(t.format("/".join(words)) if "{}" in t else t for t, words in merged.items())


def short_needs(token: int) -> str:
    """:func:`token_needs` in fewer words, the card types named by their marks."""
    needs = token_needs(token).replace("location/personality/event cards", "cards of one type (l, p or e)")
    first, _, rest = needs.partition("; 3 cards of one type (l, p or e) ")
    return f"{first}; 3 of one type {rest}" if rest else needs


def standings_line(obs: BoojumObservation, seats: Seats) -> Text:
    """Tokens held, most first: ``Tokens: P1 MSW (3) · You M (1)``."""
    order = sorted(range(obs.rules.players), key=lambda p: -token_count(obs.tokens[p]))
    sep = Text(" · " if common.fancy() else " | ")
    parts = []
    for p in order:
        held = tokens_text(obs.tokens[p])
        if max(obs.tokens[p]) == 1:
            held = Text("").join(part for part in held.split(" ") if part.plain)
        parts.append(Text.assemble(f"{seats.name(p)} ", held, f" ({token_count(obs.tokens[p])})"))
    return Text.assemble("Tokens: ", sep.join(parts))


def round_start(obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
    out: list[RenderableType] = [
        Rule(f"Round {obs.round_no}"),
        Text(
            "A round: an auction for each slot's lot in turn, the build, then claims for tokens.", style="dim"
        ),
        Text("The lots:"),
        *lot_lines(obs),
    ]
    out += hand_line(obs, seats)
    if obs.phase == AUCTION:
        f = obs.first_to_bid
        out.append(Text(f"{seats.name(f)} {seats.verb(f, 'bids', 'bid')} first for slot 1."))
    return out


# ---------------------------------------------------------------------- the end
def final_lines(obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
    """Who won, with which tokens; joint winners; the round-limit safeguard."""
    winners = list(obs.winners)
    if not winners:
        return [Text("The game is not over yet.")]
    counts = [token_count(held) for held in obs.tokens]
    best = counts[winners[0]]
    out: list[RenderableType] = []
    if obs.hit_round_limit:
        out.append(
            Text(
                f"The game stops at the round limit ({obs.rules.max_rounds} rounds): "
                "nobody holds all six tokens.",
                style="yellow",
            )
        )
        goal = f"the most tokens ({count_word(best)})"
    else:
        goal = "all six tokens"
        done = [p for p, k in enumerate(counts) if k == 6]
        if done:
            out.append(
                Text(f"{names(seats, done)} completed all six tokens: the game ends with this claim phase.")
            )
    out.append(standings_line(obs, seats))
    if len(winners) == 1:
        w = winners[0]
        head = Text(f"{seats.name(w)} {seats.verb(w, 'wins', 'win')} with {goal}: ", style="bold green")
        head.append_text(tokens_text(obs.tokens[w]))
        head.append("!")
        out.append(head)
    else:
        out.append(
            Text(
                f"{names(seats, winners)} share the win, each with {goal} and equally good hands.",
                style="bold green",
            )
        )
    others = [p for p, k in enumerate(counts) if k == best and p not in winners]
    if others:
        also = names(seats, others)
        out.append(
            Text(f"{also} also had {goal}; the tie went to the best hand left, valued as a bid.", style="dim")
        )
    return out


# ---------------------------------------------------------------------- events
def _codes(texts: Sequence[str]) -> list[int]:
    return [int(DecktetCard.parse(t)) for t in texts]


def _claim_lines_told(
    e: Event, drawn: Event | None, after: BoojumObservation, seats: Seats, *, over: bool
) -> list[Text]:
    """A claim cashed in: the token, the cards and why they earn it, the card drawn, the tokens held."""
    p = e.player
    assert p is not None
    token = parse_token(e.text)
    cards = _codes(e.cards)
    words = claim_words(token, cards, after)
    head = Text.assemble(
        f"{seats.name(p)} {seats.verb(p, 'claims', 'claim')} the ",
        (token_name(token), f"bold {SUIT_STYLES[token]}"),
        " token with ",
        cards_text(cards),
        style="bold",
    )
    whole = head.copy()
    whole.append(f" ({words}).")
    seen = _codes(drawn.cards) if drawn is not None else []
    draw = Text.assemble(
        f"{seats.name(p)} {seats.verb(p, 'draws', 'draw')} ",
        cards_text(seen) if seen else Text("a card"),
        ".",
    )
    if whole.cell_len <= WIDTH:
        out = [whole, draw]
    else:
        head.append(".")
        out = [head, Text.assemble(f"They make {words}; ", draw)]
    if not over:
        out.append(standings_line(after, seats))
    return out


def _next_slot(after: BoojumObservation, done: int, seats: Seats) -> list[Text]:
    if after.phase != AUCTION or after.lot != done:
        return []
    f = after.first_to_bid
    return [
        Text.assemble(
            f"Slot {done + 1} is up: ",
            cards_text(after.slots[done]),
            f"; {seats.name(f)} {seats.verb(f, 'bids', 'bid')} first.",
        )
    ]


def narrate_events(
    before: BoojumObservation, events: Sequence[Event], after: BoojumObservation, seats: Seats
) -> list[RenderableType]:
    """The events one action caused, as the seat saw them; a card laid is told with its bid or claim."""
    out: list[RenderableType] = []
    for i, e in enumerate(events):
        p = e.player
        name = seats.name(p) if p is not None else ""
        if e.kind == ev.STAND and p is not None:
            whole = _codes(e.cards)
            fresh = list(before.laid_now) if before.turn == p else whole
            if Counter(fresh) == Counter(whole):
                out.append(
                    Text.assemble(f"{name} {seats.verb(p, 'bids', 'bid')} ", bid_text(whole, after), ".")
                )
            else:
                raises = seats.verb(p, "raises", "raise")
                line = Text.assemble(
                    f"{name} {raises} with ", cards_text(fresh), ": ", bid_text(whole, after), "."
                )
                if line.cell_len > WIDTH:
                    line = Text.assemble(f"{name} {raises} to ", bid_text(whole, after), ".")
                out.append(line)
        elif e.kind == ev.PASS and p is not None:
            passes = seats.verb(p, "passes", "pass")
            if e.text == ev.PASSED:
                out.append(Text(f"{name} {passes}.", style="dim"))
            else:
                why = (
                    "cannot beat the high bid"
                    if e.text == ev.CANNOT_BEAT
                    else f"{seats.verb(p, 'has', 'have')} no cards to bid"
                )
                out.append(Text(f"{name} {why} and {passes}.", style="dim"))
        elif e.kind == ev.LOT:
            slot = int(e.text.split()[1])
            if p is None:
                out.append(
                    Text(f"Nobody bids for slot {slot}: it keeps its cards for next round.", style="dim")
                )
            else:
                paid = list(before.bids[p]) if before.lot == slot - 1 else []
                worth = bid_words(bid_value(paid, after.rules.tables))
                lot = _codes(e.cards)
                won = Text.assemble(
                    f"{name} {seats.verb(p, 'wins', 'win')} slot {slot}'s lot ",
                    cards_text(lot),
                    f" with {worth}.",
                    style="green",
                )
                if won.cell_len > WIDTH:  # the lot's cards were shown when its auction began
                    won = Text(
                        f"{name} {seats.verb(p, 'wins', 'win')} slot {slot}'s lot of {count_word(len(lot))} "
                        f"cards with {worth}.",
                        style="green",
                    )
                out.append(won)
                mine = seats.possessive(p)
                out.append(
                    Text(
                        f"The others passed; the lot is {'yours' if p == seats.you else mine} at the build and "
                        f"{mine} bid stays in slot {slot} as its next lot.",
                        style="dim",
                    )
                )
            out += _next_slot(after, slot, seats)
        elif e.kind == ev.BUILD:
            lots = [
                Text.assemble(f"{seats.name(x.player)} ", cards_text(_codes(x.cards)))
                for x in events[i:]
                if x.kind == ev.PICK_UP and x.player is not None
            ]
            out.append(
                Text(
                    "Build: a card face down on each slot (turned up next auction); one to each who won no lot.",
                    style="cyan",
                )
            )
            if lots:
                out += one_or_each("Lots picked up: ", lots)
        elif e.kind == ev.DEAL and p is not None and e.step > 0:
            shown = cards_text(_codes(e.cards)) if e.cards else Text("a card")
            out.append(
                Text.assemble(
                    f"{name} {seats.verb(p, 'is', 'are')} dealt ", shown, " face down (no lot won)."
                )
            )
        elif e.kind == ev.CLAIMS and p is not None:
            out.append(
                Text(
                    f"Claim phase: from {name} (first to bid) round the table, players hand in card groups "
                    "for tokens.",
                    style="cyan",
                )
            )
        elif e.kind == ev.CLAIM and p is not None:
            drawn = next((x for x in events[i + 1 :] if x.kind == ev.DRAW and x.player == p), None)
            over = any(x.kind == ev.GAME_OVER for x in events)  # the end shows the tokens anyway
            out += _claim_lines_told(e, drawn, after, seats, over=over)
        elif e.kind == ev.DONE and p is not None:
            if e.text == "done":
                out.append(Text(f"{name} {seats.verb(p, 'is', 'are')} done claiming.", style="dim"))
            else:
                out.append(Text(f"{name} {seats.verb(p, 'has', 'have')} {e.text}.", style="dim"))
        elif e.kind == ev.RESHUFFLE:
            out.append(
                Text("The stack runs out: the discard pile is shuffled into a new stack.", style="dim")
            )
        elif e.kind == ev.ROUND:
            number = int(e.text.split()[1])
            if number == after.round_no:
                out += round_start(after, seats)
            else:
                out.append(Rule(f"Round {number}"))
        elif e.kind == ev.GAME_OVER:
            out += final_lines(after, seats)
    return out
