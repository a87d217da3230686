"""What happened in one action, told from one seat's observations before and after it.

>>> from bumtable.rules import get
>>> from bumtable.cli.render import Seats
>>> state = get("bum-game", players=4).new_state(seed=3)
>>> seats = Seats.numbered(4)
>>> before = state.observe(None)
>>> actor, play = state.current_player(), state.legal_actions()[0]
>>> state.apply(play)
>>> lines = narrate(before, actor, play, state.observe(None), seats)
>>> str(lines[0]).startswith(f"P{actor} plays"), str(lines[0]).endswith("(a single 3)")
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from bumtable.cli.render import (
    Seats,
    deal_lines,
    hand_start,
    ordinal,
    play_text,
    result_table,
    standings,
)
from bumtable.rules.climbing import ClimbingObservation, Play
from bumtable.rules.climbing.plays import DECLARE, DECLINE, PASS
from bumtable.rules.climbing.state import OVER, PLAY


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _played_codes(before: ClimbingObservation, actor: int, new: ClimbingObservation) -> Sequence[int] | None:
    """The cards of the play just made (suits included): on the table, or in the trick it just ended."""
    if len(new.results) > len(before.results):
        return new.results[-1].last_cards  # the play that ended the hand
    if new.trick:
        return new.trick[-1][2]
    if new.last_trick is not None and new.last_trick[0]:
        return new.last_trick[0][-1][2]  # the play ended the trick at once
    return None


def _going_out(new: ClimbingObservation, seats: Seats, p: int, place: int) -> Text:
    points = new.rules.points[place - 1]
    return Text(
        f"{seats.name(p)} {seats.verb(p, 'goes', 'go')} out {ordinal(place)} "
        f"and {seats.verb(p, 'scores', 'score')} {_points(points)}.",
        style="bold green",
    )


def _trick_won(new: ClimbingObservation, seats: Seats) -> Text:
    assert new.last_trick is not None
    winner = new.last_trick[1]
    wins = seats.verb(winner, "wins", "win")
    if new.leader == winner:
        return Text(f"{seats.name(winner)} {wins} the trick and {seats.verb(winner, 'leads', 'lead')}.")
    lead = seats.name(new.leader)
    return Text(
        f"{seats.name(winner)} {wins} the trick; {lead} {seats.verb(new.leader, 'leads', 'lead')} "
        "(the winner is out of cards)."
    )


def narrate(
    before: ClimbingObservation, actor: int, action: Play, new: ClimbingObservation, seats: Seats
) -> list[RenderableType]:
    """Lines for ``actor`` taking ``action``: the play or pass, a trick won, players going out,
    a finished hand and its scores, the match winner, and the start of the next hand."""
    rules = new.rules
    name = seats.name(actor)
    out: list[RenderableType] = []
    hand_over = len(new.results) > len(before.results)
    if action.kind == DECLARE:
        out.append(Text(f"{name} {seats.verb(actor, 'declares', 'declare')} a revolution!", style="bold"))
    elif action.kind == DECLINE:
        if actor == before.seat:  # the choice is private: others only see play begin
            out.append(Text(f"{name} {seats.verb(actor, 'does', 'do')} not declare a revolution."))
    elif action.kind == PASS:
        out.append(Text(f"{name} {seats.verb(actor, 'passes', 'pass')}.", style="dim"))
        if not hand_over and not new.trick and new.last_trick is not None:
            out.append(_trick_won(new, seats))
    else:
        codes = _played_codes(before, actor, new)
        out.append(
            Text.assemble(f"{name} {seats.verb(actor, 'plays', 'play')} ", play_text(rules, action, codes))
        )
        if not hand_over and len(new.finished) > len(before.finished):
            out.append(_going_out(new, seats, actor, len(new.finished)))
        if not hand_over and len(new.losers) > len(before.losers):
            out.append(
                Text(
                    f"{name} {seats.verb(actor, 'goes', 'go')} out on the {rules.wipe_card} "
                    "and so finishes last.",
                    style="bold red",
                )
            )
        if not hand_over and not new.trick and new.last_trick is not None:
            out.append(_trick_won(new, seats))
    if hand_over:
        result = new.results[-1]
        n = len(result.order)
        for place in range(len(before.finished), n):
            p = result.order[place]
            if place < n - 1:
                out.append(_going_out(new, seats, p, place + 1))
            else:
                out.append(
                    Text(
                        f"{seats.name(p)} {seats.verb(p, 'is', 'are')} left holding cards: "
                        f"last, {_points(result.points[p])}."
                    )
                )
        out.append(result_table(result, new, seats))
    if new.winner is not None and before.winner is None:
        out.append(standings(new, seats))
        w = new.winner
        out.append(
            Text(
                f"{seats.name(w)} {seats.verb(w, 'wins', 'win')} the match with {_points(new.scores[w])}!",
                style="bold green",
            )
        )
    elif new.hand_no != before.hand_no:
        out += hand_start(new, seats)
        if new.phase == PLAY:
            out += deal_lines(new, seats)
    elif before.phase not in (PLAY, OVER) and new.phase == PLAY:
        out += deal_lines(new, seats)  # a revolution was declared or declined: the hand is set up
    return out


def opening(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    """The story so far when a view of the current hand begins (a new or resumed game)."""
    out = hand_start(obs, seats)
    if obs.phase == PLAY:
        out += deal_lines(obs, seats, first_lead=not obs.played)
    return out
