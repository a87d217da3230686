"""A climbing hand told from one seat's observation: seating, the cut, a revolution, the exchange, the
first lead and the result; nothing is written per game (roles and leads come from the rules' data).

>>> from bumtable.rules import get
>>> obs = get("president", players=4).new_state(seed=5).observe(0)
>>> str(seating_line(obs, Seats.numbered(4, 0)))
'Seats stay the same all match; play goes round in this order: You, P1, P3, P2 (dealer).'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rich import box
from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bumtable.cards import Card
from bumtable.faces.terminal import common
from bumtable.faces.terminal.climbing.render import cards_text, hand_text, round_the_table, with_role
from bumtable.faces.terminal.common import Seats, card_text, count_word
from bumtable.rules.climbing import ClimbingObservation, HandResult
from bumtable.rules.climbing import events as cev
from bumtable.rules.phases import EXCHANGE, REVOLUTION
from bumtable.words import ordinal


# ---------------------------------------------------------------------- seating and roles
def dealt_role(obs: ClimbingObservation, p: int) -> str:
    """The role ``p`` held at the deal (before any revolution), or "" before roles exist."""
    if not obs.roles_assigned:
        return ""
    roles = obs.revolution.old_roles if obs.revolution is not None else obs.roles
    return obs.rules.roles[roles[p]]


def seating_line(obs: ClimbingObservation, seats: Seats) -> Text:
    ring = round_the_table(obs)
    names = []
    for p in ring:
        tags = [t for t in (dealt_role(obs, p), "dealer" if p == obs.dealer else "") if t]
        names.append(f"{seats.name(p)} ({', '.join(tags)})" if tags else seats.name(p))
    if obs.rules.seating == "by-role":
        head = "Players sit in role order, so they move after each hand"
    else:
        head = "Seats stay the same all match"
    return Text(f"{head}; play goes round in this order: {', '.join(names)}.")


# ---------------------------------------------------------------------- start of a hand
def cut_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    rules = obs.rules
    rank = rules.tables.rank_of_code
    top = rules.roles[0]
    lines: list[Text] = []
    for i, cut in enumerate(obs.cut):
        label = f"Cut for the first {top}: " if i == 0 else "Tie, the tied players cut again: "
        parts = [Text.assemble(f"{seats.name(p)} ", card_text(c)) for p, c in cut]
        lines.append(Text.assemble(label, Text(", ").join(parts)))
    if obs.cut:
        last = obs.cut[-1]
        boss = max(last, key=lambda pc: rank[pc[1]])[0]
        lines.append(Text(f"{seats.name(boss)} {seats.verb(boss, 'cuts', 'cut')} highest: first {top}."))
    return lines


def revolution_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    rev = obs.revolution
    if rev is None:
        return []
    rules = obs.rules
    arrow = "→" if common.fancy() else "->"
    who = seats.name(rev.player)
    old = rules.roles[rev.old_roles[rev.player]]
    head = Text(
        f"Revolution! {who} ({old}) {seats.verb(rev.player, 'reveals', 'reveal')} "
        f"{count_word(rev.jokers)} Jokers.",
        style="bold yellow",
    )
    changes = [
        f"{seats.name(p)} {rules.roles[rev.old_roles[p]]} {arrow} {rules.roles[obs.roles[p]]}"
        for p in sorted(range(len(obs.roles)), key=lambda q: rev.old_roles[q])
    ]
    return [head, Text("New roles: " + ", ".join(changes))]


def hand_start(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    out: list[RenderableType] = [Rule(f"Hand {obs.hand_no}")]
    if obs.hand_no == 1:
        out += cut_lines(obs, seats)
    out.append(seating_line(obs, seats))
    if not obs.roles_assigned:
        out.append(
            Text("Nobody has a role yet: the order in which players go out this hand gives the roles.")
        )
    if obs.phase == REVOLUTION and obs.turn is not None and obs.turn == obs.seat:
        p = obs.turn
        out.append(
            Text(
                f"{seats.name(p)} {seats.verb(p, 'was', 'were')} dealt enough Jokers to declare a revolution "
                f"and {seats.verb(p, 'decides', 'decide')} whether to."
            )
        )
    return out


# ---------------------------------------------------------------------- the exchange
def _cancel_reason(obs: ClimbingObservation, seats: Seats) -> str:
    rules = obs.rules
    triggers = rules.exchange_cancel_triggers
    if len(triggers) == 1:
        role, k = triggers[0]
        holder = obs.roles.index(role)
        was = seats.verb(holder, "was", "were")
        return f"{with_role(seats, holder, obs)} {was} dealt {count_word(k)} or more Jokers"
    named = [f"the {rules.roles[role]} was dealt {count_word(k)} or more Jokers" for role, k in triggers]
    return " or ".join(named) if named else "the deal cancelled it"


def _why_given(obs: ClimbingObservation, giver: int, receiver: int) -> str:
    """Why these cards went: picked by the rules, or chosen."""
    if obs.roles[giver] > obs.roles[receiver]:
        return "the best held, picked by the rules"
    if obs.rules.exchange_high_gives == "choice":
        return "chosen"
    return "the lowest held, picked by the rules"


def exchange_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    rules = obs.rules
    if obs.transfers:
        lines = [Text("Card exchange:")]
        for t in obs.transfers:
            giver = "You" if t.giver == seats.you else with_role(seats, t.giver, obs)
            receiver = "you" if t.receiver == seats.you else with_role(seats, t.receiver, obs)
            if t.cards is not None:
                why = (" (" + _why_given(obs, t.giver, t.receiver) + ")", "dim")
                lines.append(Text.assemble(f"  {giver} gave {receiver} ", cards_text(rules, t.cards), why))
            else:
                noun = "card" if t.count == 1 else "cards"
                lines.append(Text(f"  {giver} passed {count_word(t.count)} {noun} to {receiver}"))
        return lines
    if obs.hand_no == 1:
        return [Text("No card exchange on the first hand.")]
    if not rules.exchange:
        return [Text("No card exchange in this variant.")]
    if obs.cancelled_exchange:
        return [Text(f"The card exchange is cancelled this hand: {_cancel_reason(obs, seats)}.")]
    return [Text("No card exchange this hand.")]


def dealt_hand(obs: ClimbingObservation) -> list[int]:
    """The seat's hand as dealt: its hand now, with what it played and gave, less what it got."""
    held = Counter(obs.hand or ())
    held.update(c for p, cards in obs.played if p == obs.seat for c in cards)
    for t in obs.transfers:
        if t.cards is not None and t.giver == obs.seat:
            held.update(t.cards)
        if t.cards is not None and t.receiver == obs.seat:
            held.subtract(t.cards)
    return sorted(held.elements())


def _exchanged(obs: ClimbingObservation) -> bool:
    return any(t.cards is not None and obs.seat in (t.giver, t.receiver) for t in obs.transfers)


def _hand_line(obs: ClimbingObservation, seats: Seats, label: str, codes: Sequence[int]) -> Text:
    assert obs.seat is not None
    whose = seats.possessive(obs.seat).capitalize()
    return Text.assemble(f"{whose} hand{label} ({len(codes)}): ", hand_text(obs.rules, codes))


def give_partner(obs: ClimbingObservation) -> int | None:
    """Whom the seat gives its chosen cards to now, or None."""
    if obs.phase != EXCHANGE or obs.seat is None or obs.turn != obs.seat:
        return None
    mine = obs.roles[obs.seat]
    done = {t.receiver for t in obs.transfers if t.giver == obs.seat}
    for hi, lo, k in obs.rules.exchange_pairs:
        if hi == mine and k == obs.give_count and lo in obs.roles:
            partner = obs.roles.index(lo)
            if partner not in done:
                return partner
    return None


def exchange_decision(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    """The seat's exchange decision: how many cards, to whom, why, and what it got so far."""
    assert obs.seat is not None
    rules, me, k = obs.rules, obs.seat, obs.give_count
    partner = give_partner(obs)
    cards = f"{count_word(k)} card{'s' if k != 1 else ''}"
    my_role = rules.roles[obs.roles[me]]
    if partner is None:  # not found in the pairs (an unusual rules set): still say what to do
        return [Text(f"Card exchange: choose {cards} to give.", style="bold")]
    them = with_role(seats, partner, obs)
    out: list[RenderableType] = [
        Text(
            f"Card exchange: {seats.name(me)} ({my_role}) {seats.verb(me, 'gives', 'give')} {them} "
            f"{cards} of {seats.possessive(me)} choice.",
            style="bold",
        )
    ]
    got = [t for t in obs.transfers if t.giver == partner and t.receiver == me and t.cards is not None]
    if got:
        receiver = "you" if me == seats.you else seats.name(me)
        given = cards_text(rules, got[0].cards or ())
        out.append(
            Text.assemble(f"{them} already gave {receiver} ", given, " (the best held, picked by the rules).")
        )
    elif rules.exchange_order == "higher-first":
        out.append(Text(f"Then {them} gives back {cards}: the best held, picked by the rules."))
    else:
        out.append(Text(f"At the same time {them} gives {cards}: the best dealt, picked by the rules."))
    if obs.hand is not None:
        dealt = dealt_hand(obs)
        if sorted(dealt) != sorted(obs.hand):
            out.append(_hand_line(obs, seats, " as dealt", dealt))
        out.append(_hand_line(obs, seats, " now" if sorted(dealt) != sorted(obs.hand) else "", obs.hand))
    example = " ".join(rules.tables.symbols[r] for r in obs.legal[0].cards) if obs.legal else "4"
    out.append(Text(f"Type the cards to give (for example give {example}), or pick an option.", style="dim"))
    return out


# ---------------------------------------------------------------------- who leads and why
def first_lead_why(obs: ClimbingObservation) -> str:
    """Why the hand's first leader leads, as the ``lead`` event gives it."""
    how = obs.rules.first_leader if obs.hand_no == 1 else obs.rules.leader
    return cev.LEAD_CARD if how == "card" else how


def lead_line(obs: ClimbingObservation, seats: Seats, leader: int, why: str) -> Text:
    name, leads = seats.name(leader), seats.verb(leader, "leads", "lead")
    end = f"and so {leads} the first trick."
    if why == cev.LEAD_CARD:
        card = card_text(int(Card.parse(obs.rules.lead_card)))
        return Text.assemble(f"{name} {seats.verb(leader, 'holds', 'hold')} the ", card, f" {end}")
    if why in ("boss", "bum") and obs.roles_assigned:
        role = obs.rules.roles[obs.roles[leader]]
        return Text(f"{name} {seats.verb(leader, 'is', 'are')} the {role}, {end}")
    if why == "dealer":
        return Text(f"{name} dealt {end}")
    if why == "eldest":
        return Text(f"{name} {seats.verb(leader, 'sits', 'sit')} just after the dealer {end}")
    return Text(f"{name} {leads} the first trick.")


def deal_lines(
    obs: ClimbingObservation, seats: Seats, *, first_lead: bool = True, lead_why: str | None = None
) -> list[RenderableType]:
    """Once play starts: any revolution, the exchange, the hand and (``first_lead``) who leads and why."""
    out: list[RenderableType] = [*revolution_lines(obs, seats)]
    mine = obs.hand is not None and obs.seat is not None
    before = mine and _exchanged(obs) and not any(p == obs.seat for p, _ in obs.played)
    if before:
        out.append(_hand_line(obs, seats, " as dealt", dealt_hand(obs)))
    out += exchange_lines(obs, seats)
    if mine:
        out.append(_hand_line(obs, seats, " after the exchange" if before else "", obs.hand or ()))
    if first_lead:
        out.append(lead_line(obs, seats, obs.leader, lead_why or first_lead_why(obs)))
    return out


# ---------------------------------------------------------------------- end of a hand
def result_table(result: HandResult, obs: ClimbingObservation, seats: Seats) -> Table:
    """A finished hand: order, roles played, points, totals and (while the match goes on) the next roles."""
    rules = obs.rules
    title = f"Hand {result.hand_no} result"
    if not result.with_roles:
        title += " (played before anyone had a role)"
    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Place")
    table.add_column("Player")
    if result.with_roles:
        table.add_column("Role")
    table.add_column("Points", justify="right")
    table.add_column("Total", justify="right")
    goes_on = obs.winner is None
    if goes_on:
        table.add_column("Role next hand")
    for place, p in enumerate(result.order):
        cells = [ordinal(place + 1), seats.name(p)]
        if result.with_roles:
            cells.append(rules.roles[result.roles[p]])
        cells += [f"+{result.points[p]}", str(obs.scores[p])]
        if goes_on:
            cells.append(rules.roles[place])
        table.add_row(*(Text(c) for c in cells))
    return table
