"""Observations as Rich text: cards, hands, the table of seats, tricks, the deal, hand results.

Everything here reads only an observation (or a hand result from one), so a seat
is never shown what it may not know.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> describe_play(rules, rules.parse_action("Q Q 2"))
'three Qs'
>>> describe_play(rules, rules.parse_action("3 3 4 4 5 5"))
'a double sequence 3 to 5'
>>> ordinal(1), ordinal(2), ordinal(3), ordinal(11), ordinal(22)
('1st', '2nd', '3rd', '11th', '22nd')
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from bumtable.cards import Card
from bumtable.cli.common import match_goal
from bumtable.rules.climbing import ClimbingObservation, ClimbingOptions, HandResult, Play
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET
from bumtable.rules.phases import REVOLUTION

_COUNT_WORDS = ("", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_WIDTH_WORDS = ("", "", "double ", "triple ", "quadruple ")


def fancy() -> bool:
    """True when stdout can show suit symbols (else cards print as ``Qs``)."""
    encoding = getattr(sys.stdout, "encoding", None) or "ascii"
    try:
        "♣♦♥♠▶·→".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``4th``..."""
    if 10 <= n % 100 <= 20:
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def count_word(n: int) -> str:
    """A small number in words (``three``), larger ones in digits."""
    return _COUNT_WORDS[n] if 0 < n < len(_COUNT_WORDS) else str(n)


@dataclass(frozen=True)
class Seats:
    """How to name the players: ``names[p]``, and which seat (if any) is "you"."""

    names: tuple[str, ...]
    you: int | None = None
    kinds: tuple[str, ...] = ()

    @classmethod
    def numbered(cls, players: int, you: int | None = None, kinds: Sequence[str] = ()) -> Seats:
        """``P0``, ``P1``, ... with ``You`` for seat ``you``."""
        names = tuple("You" if p == you else f"P{p}" for p in range(players))
        return cls(names, you, tuple(kinds))

    def name(self, p: int) -> str:
        """The player's name."""
        return self.names[p]

    def verb(self, p: int, third: str, second: str) -> str:
        """``plays`` for others, ``play`` for you."""
        return second if p == self.you else third

    def with_role(self, p: int, obs: ClimbingObservation) -> str:
        """``P2 (Bum)``."""
        return f"{self.names[p]} ({obs.role_name(p)})"

    def possessive(self, p: int) -> str:
        """``P2's`` or ``your``."""
        return "your" if p == self.you else f"{self.names[p]}'s"


# ---------------------------------------------------------------------- cards
def card_text(code: int) -> Text:
    """One card with its suit symbol, red suits in red."""
    card = Card(code)
    label = card.pretty() if fancy() else str(card)
    if card.is_joker:
        return Text(label, style="bold magenta")
    return Text(label, style="red" if card.suit in (1, 2) else "")


def sort_codes(rules: ClimbingOptions, codes: Sequence[int]) -> list[int]:
    """Cards lowest rank first (the game's rank order), then by suit."""
    rank = rules.tables.rank_of_code
    return sorted(codes, key=lambda c: (rank[c], c))


def cards_text(rules: ClimbingOptions, codes: Sequence[int]) -> Text:
    """Cards in rank order, separated by spaces."""
    return Text(" ").join(card_text(c) for c in sort_codes(rules, codes))


def hand_text(rules: ClimbingOptions, codes: Sequence[int]) -> Text:
    """A hand sorted and grouped by rank: ``3♣ 3♥ · 5♦ · Q♠ Q♥``."""
    rank = rules.tables.rank_of_code
    groups: list[list[int]] = []
    for c in sort_codes(rules, codes):
        if groups and rank[groups[-1][0]] == rank[c]:
            groups[-1].append(c)
        else:
            groups.append([c])
    sep = Text(" · " if fancy() else " | ", style="dim")
    return sep.join(Text(" ").join(card_text(c) for c in g) for g in groups)


SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def describe_play(rules: ClimbingOptions, play: Play) -> str:
    """What a play is, in words: ``a single 7``, ``three Qs``, ``a double sequence 3 to 5``."""
    syms = rules.tables.symbols
    if play.kind == SET:
        name = "Joker" if syms[play.rank] == "JK" else syms[play.rank]
        if play.size == 1:
            return "a Joker" if name == "Joker" else f"a single {name}"
        return f"{count_word(play.size)} {name}s"
    if play.kind == SEQUENCE:
        width = _WIDTH_WORDS[play.width] if play.width < len(_WIDTH_WORDS) else f"{play.width}-fold "
        lo = syms[play.rank - play.length + 1]
        t = rules.tables
        if play.suit >= 0 and not t.bridge:
            return f"a flush {lo} to {syms[play.rank]} in {SUIT_NAMES[play.suit]}"
        wild = " with wild cards" if play.cards[-1] > play.rank else ""
        return f"a {width}sequence {lo} to {syms[play.rank]}{wild}"
    return rules.action_text(play)


def play_text(rules: ClimbingOptions, play: Play, codes: Sequence[int] | None) -> Text:
    """A play as the cards that were played (by rank when the suits are unknown) and what it counts as."""
    if play.kind == PASS:
        return Text("pass", style="dim")
    if play.kind not in (SET, SEQUENCE):
        return Text(rules.action_text(play))
    shown = cards_text(rules, codes) if codes else Text(" ".join(rules.tables.symbols[r] for r in play.cards))
    return Text.assemble(shown, (f" ({describe_play(rules, play)})", "dim"))


# ---------------------------------------------------------------------- table
def status_table(obs: ClimbingObservation, seats: Seats) -> Table:
    """Every seat's role, cards left and score, clockwise, marking whose turn it is."""
    rules = obs.rules
    marker = "▶" if fancy() else ">"
    table = Table(
        title=f"Hand {obs.hand_no} · {match_goal(rules)}",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        pad_edge=False,
    )
    table.add_column("")
    table.add_column("Role")
    table.add_column("Player")
    if rules.teams:
        table.add_column("Team")
    if seats.kinds:
        table.add_column("Plays as")
    table.add_column("Cards", justify="right")
    table.add_column("Score", justify="right")
    for p in obs.order:
        turn = obs.turn == p
        left = obs.card_counts[p]
        if left:
            cards = str(left)
        elif p in obs.losers:
            cards = "out last"
        else:
            cards = f"out {ordinal(obs.finished.index(p) + 1)}"
        row = [marker if turn else "", obs.role_name(p), seats.name(p)]
        if rules.teams:
            team = obs.team_of(p)
            row.append("AB"[team] if set(rules.teams) == {0, 1} else str(team + 1))
        if seats.kinds:
            row.append(seats.kinds[p])
        row += [cards, str(obs.scores[p])]
        table.add_row(*(Text(cell) for cell in row), style="bold" if turn else None)
    return table


def trick_text(obs: ClimbingObservation, seats: Seats) -> Text:
    """The trick so far: who played what and who passed, and what there is to beat."""
    rules = obs.rules
    if not obs.trick:
        if obs.turn is None:
            return Text("")
        return Text(f"New trick: {seats.name(obs.turn)} {seats.verb(obs.turn, 'leads', 'lead')}.")
    sep = Text(" · " if fancy() else " | ", style="dim")
    parts = [Text.assemble((f"{seats.name(p)} ", "bold"), play_text(rules, a, cs)) for p, a, cs in obs.trick]
    text = Text.assemble("Trick: ", sep.join(parts))
    if obs.top is not None:
        text.append(
            f"\nTo beat: {rules.action_text(obs.top)} ({describe_play(rules, obs.top)}) "
            f"by {seats.name(obs.top_player)}, or pass."
        )
    if obs.inverted:
        text.append("\nThe ranking is reversed: each play must rank lower.")
    if obs.direction < 0:
        text.append("\nPlay goes the other way round the table.")
    return text


# ---------------------------------------------------------------------- start of a hand
def cut_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    """The cut for the first Boss, round by round (ties cut again)."""
    rules = obs.rules
    rank = rules.tables.rank_of_code
    lines: list[Text] = []
    for i, cut in enumerate(obs.cut):
        label = "Cut for the first Boss: " if i == 0 else "Tie, the tied players cut again: "
        parts = [Text.assemble(f"{seats.name(p)} ", card_text(c)) for p, c in cut]
        lines.append(Text.assemble(label, Text(", ").join(parts)))
    if obs.cut:
        last = obs.cut[-1]
        boss = max(last, key=lambda pc: rank[pc[1]])[0]
        lines.append(Text(f"{seats.name(boss)} {seats.verb(boss, 'cuts', 'cut')} highest: first Boss."))
    return lines


def revolution_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    """The revolution this hand, if any: who revealed how many Jokers, old role -> new role."""
    rev = obs.revolution
    if rev is None:
        return []
    rules = obs.rules
    arrow = "→" if fancy() else "->"
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


def _cancel_reason(obs: ClimbingObservation, seats: Seats) -> str:
    rules = obs.rules
    triggers = rules.exchange_cancel_triggers
    if len(triggers) == 1:
        role, k = triggers[0]
        holder = obs.roles.index(role)
        was = seats.verb(holder, "was", "were")
        return f"{seats.with_role(holder, obs)} {was} dealt {count_word(k)} or more Jokers"
    named = [f"the {rules.roles[role]} was dealt {count_word(k)} or more Jokers" for role, k in triggers]
    return " or ".join(named) if named else "the deal cancelled it"


def exchange_lines(obs: ClimbingObservation, seats: Seats) -> list[Text]:
    """The card exchange as the observing seat saw it, or why there was none."""
    rules = obs.rules
    if obs.transfers:
        lines = [Text("Card exchange:")]
        for t in obs.transfers:
            giver = "You" if t.giver == seats.you else seats.with_role(t.giver, obs)
            receiver = "you" if t.receiver == seats.you else seats.with_role(t.receiver, obs)
            if t.cards is not None:
                lines.append(Text.assemble(f"  {giver} gave {receiver} ", cards_text(rules, t.cards)))
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


def hand_start(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    """The banner of a new hand: its number, the cut on hand 1, and the roles as dealt."""
    out: list[RenderableType] = [Rule(f"Hand {obs.hand_no}")]
    if obs.hand_no == 1:
        out += cut_lines(obs, seats)
    else:
        dealt = obs.revolution.old_roles if obs.revolution is not None else obs.roles
        order = sorted(range(len(dealt)), key=lambda p: dealt[p])
        clockwise = ", ".join(f"{seats.name(p)} ({obs.rules.roles[dealt[p]]})" for p in order)
        out.append(Text(f"Players sit by last hand's finish, clockwise from the Boss: {clockwise}."))
    if obs.phase == REVOLUTION and obs.turn is not None and obs.turn == obs.seat:
        p = obs.turn
        out.append(
            Text(
                f"{seats.name(p)} {seats.verb(p, 'was', 'were')} dealt enough Jokers to declare a revolution "
                f"and {seats.verb(p, 'decides', 'decide')} whether to."
            )
        )
    return out


def deal_lines(obs: ClimbingObservation, seats: Seats, *, first_lead: bool = True) -> list[RenderableType]:
    """Once play starts: any revolution, the exchange, the observer's hand and (``first_lead``) who leads."""
    out: list[RenderableType] = [*revolution_lines(obs, seats), *exchange_lines(obs, seats)]
    if obs.hand is not None and obs.seat is not None:
        whose = seats.possessive(obs.seat).capitalize()
        out.append(Text.assemble(f"{whose} hand ({len(obs.hand)}): ", hand_text(obs.rules, obs.hand)))
    lead = obs.leader
    if first_lead:
        out.append(Text(f"{seats.with_role(lead, obs)} {seats.verb(lead, 'leads', 'lead')} the first trick."))
    return out


# ---------------------------------------------------------------------- end of a hand, end of a match
def result_table(result: HandResult, obs: ClimbingObservation, seats: Seats) -> Table:
    """A finished hand: finishing order, role held, points scored and the new totals."""
    rules = obs.rules
    table = Table(title=f"Hand {result.hand_no} result", box=box.SIMPLE_HEAD, title_justify="left")
    for col in ("Place", "Player", "Role"):
        table.add_column(col)
    table.add_column("Points", justify="right")
    table.add_column("Total", justify="right")
    for place, p in enumerate(result.order):
        cells = (ordinal(place + 1), seats.name(p), rules.roles[result.roles[p]], f"+{result.points[p]}")
        table.add_row(*(Text(c) for c in cells), Text(str(obs.scores[p])))
    return table


def standings(obs: ClimbingObservation, seats: Seats) -> Text:
    """Scores, highest first: ``P1 21 · You 17 · ...``."""
    order = sorted(range(len(obs.scores)), key=lambda p: -obs.scores[p])
    return Text("Scores: " + ", ".join(f"{seats.name(p)} {obs.scores[p]}" for p in order))
