"""Boojum observations as Rich text: cards, tokens, the table, the lots, and each public event in words.

Everything here reads only observations and the events as the observer saw them, so a seat is never
shown what it may not know: the only private cards named are the observer's own (its hand, the card it
was dealt, the card it drew).

>>> from bumtable.rules import get
>>> from bumtable.cli.render import Seats
>>> obs = get("boojum", players=4).new_state(seed=3).observe(0)
>>> str(cards_text([15, 27]))
'5ML 9MS'
>>> [str(line)[2:9] for line in lot_lines(obs)]
['Slot 1:', 'Slot 2:', 'Slot 3:']
>>> str(tokens_text((1, 0, 2, 0, 0, 0))).replace("×", "x")  # × where the terminal shows it
'M Wx2'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bumtable.cards.decktet import SUIT_LETTERS, DecktetCard
from bumtable.cli.render import Seats, count_word, fancy
from bumtable.rules.boojum import TOKEN_NAMES, BoojumObservation, bid_value, bid_words, parse_token
from bumtable.rules.boojum import events as ev
from bumtable.rules.boojum.sets import matching_patterns
from bumtable.rules.boojum.state import AUCTION, CLAIMS
from bumtable.rules.events import Event

SUIT_STYLES = ("blue", "yellow", "cyan", "green", "red", "magenta")
"""One colour per suit, Moons to Knots, for the suit initials of cards and tokens."""


# ---------------------------------------------------------------------- cards and tokens
def _append_card(text: Text, code: int) -> None:
    label = str(DecktetCard(code))
    text.append(label[0], style="bold")
    for ch in label[1:]:
        text.append(ch, style=SUIT_STYLES[SUIT_LETTERS.index(ch)])


def card_text(code: int) -> Text:
    """One card as it is typed (``5ML``), each suit initial in its suit's colour."""
    text = Text()
    _append_card(text, code)
    return text


def cards_text(codes: Sequence[int]) -> Text:
    """Cards in rank order, separated by spaces (``-`` for none)."""
    if not codes:
        return Text("-", style="dim")
    text = Text()
    for i, c in enumerate(sorted(codes)):
        if i:
            text.append(" ")
        _append_card(text, c)
    return text


def token_name(k: int) -> str:
    """``Waves``."""
    return TOKEN_NAMES[k].capitalize()


def tokens_text(held: Sequence[int]) -> Text:
    """Tokens held as suit initials (``M S W``), ``W×2`` for a repeat (``-`` for none)."""
    times = "×" if fancy() else "x"
    parts = [
        Text(SUIT_LETTERS[k] + (f"{times}{n}" if n > 1 else ""), style=SUIT_STYLES[k])
        for k, n in enumerate(held)
        if n
    ]
    return Text(" ").join(parts) if parts else Text("-", style="dim")


def token_count(held: Sequence[int]) -> int:
    """Different tokens held (what the goal counts)."""
    return sum(1 for n in held if n)


def bid_text(codes: Sequence[int], obs: BoojumObservation) -> Text:
    """A bid's cards and what it is worth: ``5ML 9MS (two for fourteen)``."""
    words = bid_words(bid_value(codes, obs.rules.tables))
    return Text.assemble(cards_text(codes), (f" ({words})", "dim"))


def claim_words(token: int, codes: Sequence[int], obs: BoojumObservation) -> str:
    """Why a group earns ``token``: ``a 4-card set`` (the token's patterns it matches)."""
    found = matching_patterns(codes, obs.rules.tables, token)
    return " or ".join(p.description.split(": ", 1)[1] for p in found) or "no pattern"


def names(seats: Seats, players: Sequence[int]) -> str:
    """``P1``, ``P1 and You``, ``P0, P2 and P3``."""
    named = [seats.name(p) for p in players]
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


# ---------------------------------------------------------------------- the table
def _phase_title(obs: BoojumObservation) -> str:
    if obs.phase == AUCTION:
        return f"auction for slot {obs.lot + 1} of {len(obs.slots)}"
    if obs.phase == CLAIMS:
        return "claim phase"
    return "game over"


def status_table(obs: BoojumObservation, seats: Seats) -> Table:
    """Every seat: cards held, tokens, lots won this round and the bid for the slot up, marking the turn."""
    marker = "▶" if fancy() else ">"
    table = Table(
        title=f"Round {obs.round_no} · {_phase_title(obs)}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
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
    """Each slot's cards as far as they have been seen, marking the one being auctioned."""
    marker = "▶" if fancy() else ">"
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
    """The observer's own hand (nothing for a spectator)."""
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
    return [Text.assemble(("Known in hands: ", "dim"), Text(" · " if fancy() else " | ").join(parts))]


def where_line(obs: BoojumObservation, seats: Seats) -> list[Text]:
    """The slot up and the bid to beat, or whose turn it is to claim."""
    if obs.phase == AUCTION and obs.lot >= 0:
        head = Text.assemble(f"Slot {obs.lot + 1} is up: ", cards_text(obs.slots[obs.lot]), ". ")
        if obs.high is None:
            head.append("No bid yet: any cards open the bidding.")
        else:
            h = obs.high
            head.append(f"High bid: {seats.possessive(h)} ")
            head.append_text(bid_text(obs.bids[h], obs))
            head.append(". More cards always win, then more pips.")
        out = [head]
        if obs.laid_now and obs.turn is not None:
            p = obs.turn
            out.append(
                Text.assemble(
                    f"{seats.name(p)} {seats.verb(p, 'has', 'have')} laid ",
                    cards_text(obs.laid_now),
                    " this turn, for a bid of ",
                    bid_text(obs.bids[p], obs),
                    ": lay more cards, or stand once it beats the high bid.",
                )
            )
        return out
    if obs.phase == CLAIMS and obs.turn is not None:
        p = obs.turn
        line = f"Claim phase: {seats.name(p)} {seats.verb(p, 'claims', 'claim')} now"
        later = obs.claim_order[obs.claim_pos + 1 :]
        out = [
            Text(line + (f"; then {names(seats, later)}." if later else "; the last to claim this round."))
        ]
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
        return out
    return []


def standings_line(obs: BoojumObservation, seats: Seats) -> Text:
    """Tokens held, most first: ``Tokens: P1 M S W (3) · You M (1)``."""
    order = sorted(range(obs.rules.players), key=lambda p: -token_count(obs.tokens[p]))
    sep = Text(" · " if fancy() else " | ")
    parts = [
        Text.assemble(f"{seats.name(p)} ", tokens_text(obs.tokens[p]), f" ({token_count(obs.tokens[p])})")
        for p in order
    ]
    return Text.assemble("Tokens: ", sep.join(parts))


def round_start(obs: BoojumObservation, seats: Seats) -> list[RenderableType]:
    """A new round: the banner, the lots, the observer's hand and who bids first."""
    out: list[RenderableType] = [Rule(f"Round {obs.round_no}"), Text("The lots:"), *lot_lines(obs)]
    out += hand_line(obs, seats)
    if obs.phase == AUCTION:
        f = obs.first_to_bid
        out.append(Text(f"{seats.name(f)} {seats.verb(f, 'bids', 'bid')} first."))
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


def _claim_line(e: Event, drawn: Event | None, after: BoojumObservation, seats: Seats) -> Text:
    p = e.player
    assert p is not None
    token = parse_token(e.text)
    cards = _codes(e.cards)
    line = Text.assemble(
        f"{seats.name(p)} {seats.verb(p, 'claims', 'claim')} the ",
        (token_name(token), f"bold {SUIT_STYLES[token]}"),
        " token with ",
        cards_text(cards),
        f" ({claim_words(token, cards, after)}) and {seats.verb(p, 'draws', 'draw')} ",
        style="bold",
    )
    seen = _codes(drawn.cards) if drawn is not None else []
    line.append_text(cards_text(seen) if seen else Text("a card"))
    line.append(".")
    return line


def narrate_events(
    before: BoojumObservation, events: Sequence[Event], after: BoojumObservation, seats: Seats
) -> list[RenderableType]:
    """The events one action caused, as the observing seat saw them, in words.

    ``before`` and ``after`` are that seat's observations around the action: ``before`` tells what was
    laid this turn (a bid standing is told whole) and what a lot was won with. A card laid is not told
    on its own: the bid or the claim it belongs to is, when it is made.
    """
    out: list[RenderableType] = []
    for i, e in enumerate(events):
        p = e.player
        name = seats.name(p) if p is not None else ""
        if e.kind == ev.STAND and p is not None:
            whole = _codes(e.cards)
            fresh = list(before.laid_now) if before.turn == p else whole
            if Counter(fresh) == Counter(whole):
                out.append(Text.assemble(f"{name} {seats.verb(p, 'bids', 'bid')} ", bid_text(whole, after)))
            else:
                out.append(
                    Text.assemble(
                        f"{name} {seats.verb(p, 'raises', 'raise')} with ",
                        cards_text(fresh),
                        ": ",
                        bid_text(whole, after),
                    )
                )
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
                out.append(Text(f"Nobody bids for slot {slot}: it keeps its cards.", style="dim"))
            else:
                paid = list(before.bids[p]) if before.lot == slot - 1 else []
                out.append(
                    Text.assemble(
                        f"{name} {seats.verb(p, 'wins', 'win')} slot {slot}'s lot ",
                        cards_text(_codes(e.cards)),
                        " with ",
                        bid_text(paid, after),
                        "; the bid becomes the slot's next lot.",
                        style="green",
                    )
                )
        elif e.kind == ev.BUILD:
            lots = [
                Text.assemble(f"{seats.name(x.player)} ", cards_text(_codes(x.cards)))
                for x in events[i:]
                if x.kind == ev.PICK_UP and x.player is not None
            ]
            line = Text(
                "Build: a card goes face down onto each slot, and each player who won no lot is dealt one. ",
                style="cyan",
            )
            if lots:
                line.append_text(Text.assemble("Lots picked up: ", Text(", ").join(lots), "."))
            out.append(line)
        elif e.kind == ev.DEAL and p is not None and e.step > 0:
            shown = cards_text(_codes(e.cards)) if e.cards else Text("a card")
            out.append(
                Text.assemble(
                    f"{name} {seats.verb(p, 'is', 'are')} dealt ", shown, " face down (no lot won)."
                )
            )
        elif e.kind == ev.CLAIMS and p is not None:
            out.append(Text(f"Claim phase: players claim in turn from {name}.", style="cyan"))
        elif e.kind == ev.CLAIM and p is not None:
            drawn = next((x for x in events[i + 1 :] if x.kind == ev.DRAW and x.player == p), None)
            out.append(_claim_line(e, drawn, after, seats))
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
