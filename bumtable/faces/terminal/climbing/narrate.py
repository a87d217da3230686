"""One action told from one seat: from the events it saw and its observations around it, never another
player's real action."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

import bumtable.rules.events as ev
from bumtable.cards import Card
from bumtable.faces.terminal.climbing.hand import deal_lines, hand_start, result_table
from bumtable.faces.terminal.climbing.render import play_text, rank_name, standings
from bumtable.faces.terminal.common import Seats, card_text
from bumtable.rules.climbing import ClimbingObservation, ClimbingOptions
from bumtable.rules.climbing import events as cev
from bumtable.rules.events import Event
from bumtable.rules.phases import OVER, PLAY, REVOLUTION
from bumtable.words import ordinal


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


def _going_out(obs: ClimbingObservation, seats: Seats, p: int, place: int) -> Text:
    points = obs.rules.points[place - 1]
    return Text(
        f"{seats.name(p)} {seats.verb(p, 'goes', 'go')} out {ordinal(place)} "
        f"and {seats.verb(p, 'scores', 'score')} {_points(points)}.",
        style="bold green",
    )


def _out(event: Event, obs: ClimbingObservation, seats: Seats) -> Text:
    p, place = event.player, event.count
    assert p is not None
    if event.text == cev.WIPED_OUT:
        return Text(
            f"{seats.name(p)} {seats.verb(p, 'goes', 'go')} out on the {obs.rules.wipe_card} and so finishes last.",
            style="bold red",
        )
    if event.text == cev.LEFT:
        where = "last" if place == obs.rules.players else ordinal(place)
        points = obs.rules.points[place - 1]
        return Text(
            f"{seats.name(p)} {seats.verb(p, 'is', 'are')} left holding cards: {where}, {_points(points)}."
        )
    return _going_out(obs, seats, p, place)


def _trick_reason(rules: ClimbingOptions, why: str, rank: str | None) -> Text:
    """Why a trick ended, as the start of a sentence (``rank``: the event's, for four of a value)."""
    if why == cev.FOUR_OF_A_VALUE and rank is not None:
        return Text(f"Four {rank_name(rules, rules.rank_order.index(rank))}s in a row end the trick")
    if why == cev.WIPE and rules.wipe_card:
        return Text.assemble("The ", card_text(int(Card.parse(rules.wipe_card))), " ends the trick at once")
    if why == cev.SAT_OUT:
        return Text("Everyone else passed earlier in this trick, so nobody can answer")
    return Text("Nobody beat it, everyone else passed")


def _trick_won(
    rules: ClimbingOptions, seats: Seats, winner: int, why: str, rank: str | None, leader: int, lead_why: str
) -> Text:
    wins = seats.verb(winner, "wins", "win")
    text = _trick_reason(rules, why, rank)
    if leader == winner or lead_why != cev.AFTER_WINNER:
        text.append(
            f": {seats.name(winner)} {wins} the trick and {seats.verb(winner, 'leads', 'lead')} the next."
        )
        return text
    is_ = seats.verb(winner, "is", "are")
    text.append(
        f": {seats.name(winner)} {wins} the trick, but {is_} out of cards, so "
        + (
            "you lead: you are the next player holding cards."
            if seats.verb(leader, "leads", "lead") == "lead"
            else f"the next player holding cards, {seats.name(leader)}, leads."
        )
    )
    return text


def narrate(
    before: ClimbingObservation, events: Sequence[Event], after: ClimbingObservation, seats: Seats
) -> list[RenderableType]:
    """Lines for one action: the play or pass, a trick won, going out, the hand's scores, the match won."""
    rules = after.rules
    out: list[RenderableType] = []
    hand_over = any(e.kind == ev.HAND_OVER for e in events)
    declared = False
    lead_why: str | None = None
    for i, e in enumerate(events):
        p = e.player
        if e.kind == ev.REVOLUTION and e.text == cev.DECLARED and p is not None:
            declared = True
            out.append(
                Text(f"{seats.name(p)} {seats.verb(p, 'declares', 'declare')} a revolution!", style="bold")
            )
        elif e.kind == ev.PASS and p is not None:
            out.append(Text(f"{seats.name(p)} {seats.verb(p, 'passes', 'pass')}.", style="dim"))
        elif e.kind == ev.PLAY and p is not None:
            play = rules.parse_action(e.text)
            codes = [int(Card.parse(c)) for c in e.cards]
            out.append(
                Text.assemble(
                    f"{seats.name(p)} {seats.verb(p, 'plays', 'play')} ", play_text(rules, play, codes)
                )
            )
            out += reversal_lines(before, after)  # what the play turned round, said right after it
        elif e.kind == ev.OUT and p is not None:
            out.append(_out(e, after, seats))
        elif e.kind == ev.TRICK and p is not None and not hand_over:
            lead = next((x for x in events[i + 1 :] if x.kind == ev.LEAD), None)
            leader = p if lead is None or lead.player is None else lead.player
            why = cev.TRICK_WINNER if lead is None else lead.text
            out.append(_trick_won(rules, seats, p, e.text, e.rank, leader, why))
        elif e.kind == ev.LEAD and (i == 0 or events[i - 1].kind != ev.TRICK):
            lead_why = e.text  # the first lead of a hand: told with the deal
        elif e.kind == ev.HAND_OVER and after.last_result is not None:
            out.append(result_table(after.last_result, after, seats))
    deciding = before.seat is not None and before.phase == REVOLUTION and before.turn == before.seat
    if deciding and not declared:  # a private choice: only the seat that made it hears of it
        s = before.seat
        assert s is not None
        out.append(Text(f"{seats.name(s)} {seats.verb(s, 'does', 'do')} not declare a revolution."))
    if after.winner is not None and before.winner is None:
        out.append(standings(after, seats))
        out.append(match_won(after, seats))
    elif after.hand_no != before.hand_no:
        out += hand_start(after, seats)
        if after.phase == PLAY:
            out += deal_lines(after, seats, lead_why=lead_why)
    elif before.phase not in (PLAY, OVER) and after.phase == PLAY:
        out += deal_lines(after, seats, lead_why=lead_why)  # the hand is set up (revolution, exchange)
    return out


def reversal_lines(before: ClimbingObservation, after: ClimbingObservation) -> list[RenderableType]:
    """What a play of the reverse card just turned round (the ranking, the direction of play), and until when.

    >>> from bumtable.rules import get
    >>> state = get("arsehole", players=4, reverse_card="8", reverses="ranking").new_state(seed=0)
    >>> before = state.observe(None)
    >>> state.apply(next(a for a in state.legal_actions() if state.rules.action_text(a) == "set 8"))
    >>> print(reversal_lines(before, state.observe(None))[0])
    The 8 reverses the ranking: from now on each play must rank lower, in this trick and the next ones, until another 8 turns it back.
    """
    rules = after.rules
    reverse = rules.tables.reverse
    if reverse < 0 or before.hand_no != after.hand_no or after.phase != PLAY:
        return []
    card = rank_name(rules, reverse)
    out: list[RenderableType] = []
    if after.inverted != before.inverted:
        if after.inverted:
            lower = "equal or lower" if rules.follow == "equal-or-higher" else "lower"
            said = (
                f"The {card} reverses the ranking: from now on each play must rank {lower}, in this trick "
                f"and the next ones, until another {card} turns it back."
            )
        else:
            said = f"The {card} turns the ranking back to normal: plays must rank higher again."
        out.append(Text(said, style="bold yellow"))
    if after.direction != before.direction:
        if after.direction < 0:
            said = f"The {card} turns play round: it now goes the other way round the table, until another {card}."
        else:
            said = f"The {card} turns play round again: it goes the usual way round the table."
        out.append(Text(said, style="bold yellow"))
    return out


def match_won(obs: ClimbingObservation, seats: Seats) -> Text:
    """Who won the match and, where another has as many points or more, why the rules give it to the winner.

    >>> from bumtable.rules import get
    >>> state = get("president", players=4, target=4).new_state(seed=3)
    >>> while not state.is_over():
    ...     state.apply(state.legal_actions()[0])
    >>> print(match_won(state.observe(None), Seats.numbered(4)))
    P2 wins the match with 5 points! P1 has 5 too, but P2 reached the target of 4 points first: P2 went out ahead of P1 in the last hand.
    """
    w, scores, rules = obs.winner, obs.scores, obs.rules
    assert w is not None, "the match is not over"
    won = Text(f"{seats.name(w)} {seats.verb(w, 'wins', 'win')} the match with {_points(scores[w])}!")
    won.stylize("bold green")
    rivals = [p for p in range(len(scores)) if obs.team_of(p) != obs.team_of(w) and scores[p] >= scores[w]]
    last = obs.last_result
    if not rivals or last is None:
        return won
    order = list(last.order)
    behind = [p for p in rivals if p in order and order.index(p) > order.index(w)]
    also = " and ".join(
        f"{_mid(seats, p)} {seats.verb(p, 'has', 'have')} {scores[p]}{' too' if scores[p] == scores[w] else ''}"
        for p in rivals
    )
    ahead = f"{_mid(seats, w)} went out ahead of {' and '.join(_mid(seats, p) for p in behind)}"
    reached = bool(rules.target) and scores[w] >= rules.target
    if not reached and rules.rounds_winner == "last-hand":
        why = f"but the last hand decides the match, and {_mid(seats, w)} went out first in it"
    elif not reached:
        why = f"and a tie goes to the better finish in the last hand: {ahead}"
    elif rules.target_winner == "first-to-reach":
        why = f"but {_mid(seats, w)} reached the target of {_points(rules.target)} first: {ahead} in the last hand"
    else:
        why = f"and a tie goes to whoever reached the target first: {ahead} in the last hand"
    return Text.assemble(won, f" {also[:1].upper()}{also[1:]}, {why}.")


def _mid(seats: Seats, p: int) -> str:
    """The player's name inside a sentence (``you``, not ``You``)."""
    return "you" if p == seats.you else seats.name(p)


def opening(obs: ClimbingObservation, seats: Seats) -> list[RenderableType]:
    out = hand_start(obs, seats)
    if obs.phase == PLAY:
        out += deal_lines(obs, seats, first_lead=not obs.played)
    return out
