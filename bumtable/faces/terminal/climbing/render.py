"""Climbing observations as Rich text: cards, plays, the table, tricks and scores, from observations only.

>>> from bumtable.rules import get
>>> rules = get("bum-game", players=4)
>>> [describe_play(rules, rules.parse_action(t)) for t in ("Q Q 2", "3 3 4 4 5 5")]
['three Qs', 'a double sequence 3 to 5']
>>> [rank_name(get("president"), r) for r in (9, 13)]
['Q', '3 of clubs']
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.table import Table
from rich.text import Text

from bumtable.faces.terminal import common
from bumtable.faces.terminal.common import Seats, card_text, count_word
from bumtable.rules.climbing import ClimbingObservation, ClimbingOptions, Play
from bumtable.rules.climbing.plays import PASS, SEQUENCE, SET
from bumtable.rules_text.climbing import match_goal
from bumtable.words import ordinal

_WIDTH_WORDS = ("", "", "double ", "triple ", "quadruple ")
_PLAIN_RANKS = frozenset(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))


def with_role(seats: Seats, p: int, obs: ClimbingObservation) -> str:
    """A player's name with their role: ``P2 (Bum)``."""
    return f"{seats.name(p)} ({obs.role_name(p)})"


# ---------------------------------------------------------------------- cards
def sort_codes(rules: ClimbingOptions, codes: Sequence[int]) -> list[int]:
    """Cards lowest rank first, then by suit."""
    rank = rules.tables.rank_of_code
    return sorted(codes, key=lambda c: (rank[c], c))


def cards_text(rules: ClimbingOptions, codes: Sequence[int]) -> Text:
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
    sep = Text(" · " if common.fancy() else " | ", style="dim")
    return sep.join(Text(" ").join(card_text(c) for c in g) for g in groups)


SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


def rank_name(rules: ClimbingOptions, rank: int) -> str:
    """A rank in words: ``Q``, ``10``, ``Joker``, ``3 of clubs`` (a card of its own)."""
    sym = rules.tables.symbols[rank]
    named = {"JK": "Joker", "BJ": "black Joker", "RJ": "red Joker"}
    if sym in named:
        return named[sym]
    if sym[-1:] in ("c", "d", "h", "s") and sym[:-1] in _PLAIN_RANKS:
        return f"{sym[:-1]} of {SUIT_NAMES['cdhs'.index(sym[-1])]}"
    return sym


def describe_play(rules: ClimbingOptions, play: Play, *, wild: bool = True) -> str:
    """What a play is, in words (``wild``: say a sequence's wild cards)."""
    syms = rules.tables.symbols
    if play.kind == SET:
        name = rank_name(rules, play.rank)
        if " of " in name:  # a card of its own: there is only one
            return f"the {name}"
        if play.size == 1:
            return f"a {name}" if "Joker" in name else f"a single {name}"
        return f"{count_word(play.size)} {name}s"
    if play.kind == SEQUENCE:
        width = _WIDTH_WORDS[play.width] if play.width < len(_WIDTH_WORDS) else f"{play.width}-fold "
        lo = syms[play.rank - play.length + 1]
        t = rules.tables
        if play.suit >= 0 and not t.bridge:
            return f"a flush {lo} to {syms[play.rank]} in {SUIT_NAMES[play.suit]}"
        filled = " with wild cards" if wild and play.cards[-1] > play.rank else ""
        return f"a {width}sequence {lo} to {syms[play.rank]}{filled}"
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
def round_the_table(obs: ClimbingObservation) -> list[int]:
    """The players in the order play goes round, from the player after the dealer."""
    order = obs.order
    start = order.index(obs.dealer) + 1 if obs.dealer in order else 0
    return [order[(start + i) % len(order)] for i in range(len(order))]


def status_table(obs: ClimbingObservation, seats: Seats) -> Table:
    rules = obs.rules
    marker = common.turn_marker()
    table = common.seat_table(f"Hand {obs.hand_no}", match_goal(rules))
    table.add_column("")
    if obs.roles_assigned:
        table.add_column("Role")
    table.add_column("Player")
    if rules.teams:
        table.add_column("Team")
    if seats.kinds:
        table.add_column("Plays as")
    table.add_column("Cards", justify="right")
    table.add_column("Score", justify="right")
    for p in round_the_table(obs):
        turn = obs.turn == p
        left = obs.card_counts[p]
        if left:
            cards = str(left)
        elif p in obs.losers:
            cards = "out last"
        else:
            cards = f"out {ordinal(obs.finished.index(p) + 1)}"
        row = [marker if turn else "", obs.role_name(p), seats.name(p)]
        if not obs.roles_assigned:
            del row[1]
        if rules.teams:
            team = obs.team_of(p)
            row.append("AB"[team] if set(rules.teams) == {0, 1} else str(team + 1))
        if seats.kinds:
            row.append(seats.kinds[p])
        row += [cards, str(obs.scores[p])]
        table.add_row(*(Text(cell) for cell in row), style="bold" if turn else None)
    return table


def trick_text(obs: ClimbingObservation, seats: Seats) -> Text:
    rules = obs.rules
    if not obs.trick:
        if obs.turn is None:
            return Text("")
        lead = seats.verb(obs.turn, "leads", "lead")
        text = Text(f"New trick: {seats.name(obs.turn)} {lead}, with any cards that make a play.")
        if obs.turn == seats.you:
            text.append(" The leader cannot pass.")
        return text
    sep = Text(" · " if common.fancy() else " | ", style="dim")
    parts = [Text.assemble((f"{seats.name(p)} ", "bold"), play_text(rules, a, cs)) for p, a, cs in obs.trick]
    text = Text.assemble("Trick: ", sep.join(parts))
    if obs.top is not None:
        text.append(
            f"\nTo beat: {describe_play(rules, obs.top)} by {seats.name(obs.top_player)}{follow_how(obs)}, or pass."
        )
    for line in reversals(obs):
        text.append(f"\n{line}")
    return text


def reversals(obs: ClimbingObservation) -> list[str]:
    """What a reverse card has changed, a sentence each: the ranking, the direction of play."""
    out = []
    if obs.inverted:
        out.append(f"The ranking is reversed: each play must rank {'equal or ' if _equal(obs) else ''}lower.")
    if obs.direction < 0:
        out.append("Play goes the other way round the table.")
    return out


def _equal(obs: ClimbingObservation) -> bool:
    return obs.rules.follow == "equal-or-higher"


def follow_how(obs: ClimbingObservation) -> str:
    """``: play equal or higher`` where a play of the same rank may follow, else ""."""
    return ": play equal or higher" if _equal(obs) and not obs.inverted else ""


# ---------------------------------------------------------------------- scores
def standings(obs: ClimbingObservation, seats: Seats) -> Text:
    """Scores, highest first: ``P1 21 · You 17 · ...``."""
    order = sorted(range(len(obs.scores)), key=lambda p: -obs.scores[p])
    return Text("Scores: " + ", ".join(f"{seats.name(p)} {obs.scores[p]}" for p in order))
