"""Absence and the turn clock as rules over a table's state; the service sets timers and makes the moves."""

from __future__ import annotations

from bumtable.server.table import Table


def settle(table: Table, now: float) -> None:
    """Charge the running clock up to ``now`` and stop it."""
    if table.turn_start is not None and table.state is not None:
        actor = table.state.current_player()
        bank = None if actor is None else table.live[actor].bank
        if actor is not None and bank is not None:
            table.live[actor].bank = bank - (now - table.turn_start)
    table.turn_start = None


def start_clock(table: Table, now: float) -> None:
    """Start the clock of the seat to act if it is a taken person's, not stood in for, and someone is here."""
    table.turn_start = None
    state = table.state
    if table.settings.clock is None or state is None or state.is_over() or table.waiting:
        return
    actor = state.current_player()
    if actor is None or not table.is_person(actor) or not table.record.seats[actor].claimed:
        return
    if table.live[actor].stand_in or not table.people_present():
        return
    table.turn_start = now


def waiting_seats(table: Table) -> list[int]:
    """Taken persons' seats whose player is away and not yet stood in for; they wait only while another
    person is at the table."""
    if table.settings.away_after is None or not table.people_present() or table.waiting:
        return []
    return [
        seat
        for seat, live in enumerate(table.live)
        if table.record.seats[seat].kind == "person"
        and table.record.seats[seat].claimed
        and not live.connections
        and not live.stand_in
    ]


def next_deadline(table: Table) -> float | None:
    """When the table must next be looked at (monotonic seconds), or None."""
    state = table.state
    if state is None or state.is_over():
        return None
    deadlines = [due for due in (table.auto_due, table.pace_due) if due is not None]
    away_after = table.settings.away_after
    if away_after is not None:
        deadlines += [table.live[seat].away_since + away_after for seat in waiting_seats(table)]
    if table.turn_start is not None:
        actor = state.current_player()
        bank = None if actor is None else table.live[actor].bank
        if bank is not None:
            deadlines.append(table.turn_start + bank)
    return min(deadlines, default=None)


def clock_ran_out(table: Table, now: float) -> int | None:
    """The seat whose running clock has run out at ``now``, if any."""
    state = table.state
    actor = None if state is None else state.current_player()
    if table.turn_start is None or actor is None:
        return None
    bank = table.live[actor].bank
    return actor if bank is not None and now - table.turn_start >= bank else None
