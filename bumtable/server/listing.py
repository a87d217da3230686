"""The lobby's list of open tables, telling only what a table's ``table`` message tells everyone: when it was
made, never when it last moved, which could time a player's private choice."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bumtable.rules.registry import system
from bumtable.server.store import TableRecord
from bumtable.server.table import Table

LIST_LIMIT = 50
"""The most tables listed (the newest)."""


def series_of(rules: dict[str, Any]) -> dict[str, int] | None:
    """The series' length: points to win (``target``), else hands to play (``rounds``); None for one game.

    >>> series_of({"target": 10, "rounds": 0}), series_of({"target": 0, "rounds": 5}), series_of({"max_rounds": 60})
    ({'target': 10}, {'rounds': 5}, None)
    """
    for key in ("target", "rounds"):
        value = rules.get(key)
        if isinstance(value, int) and value > 0:
            return {key: value}
    return None


def open_tables(records: list[TableRecord], live: Mapping[str, Table]) -> list[dict[str, Any]]:
    """Each table as the lobby shows it; one in memory (``live``) says who is connected, and is left out once
    over (its status may not be stored yet)."""
    out = []
    for record in records:
        table = live.get(record.id)
        if table is not None and table.status() != "playing":
            continue
        seats = (table.record if table is not None else record).seats
        listed = [
            {
                "seat": s.seat,
                "kind": s.kind,
                "bot": s.bot,
                "name": s.name,
                "taken": s.kind == "bot" or s.claimed or s.reserved,  # a rematch's seat kept for its person
                "present": s.kind == "bot" or (table is not None and table.live[s.seat].connections > 0),
            }
            for s in seats
        ]
        out.append(
            {
                "id": record.id,
                "game": record.game,
                "title": system(record.game).title,
                "players": record.players,
                "created_at": None if record.created_at is None else record.created_at.isoformat(),
                "series": series_of(record.rules),
                "seats": listed,
                "free": sum(1 for s in listed if not s["taken"]),
                "spectators": 0 if table is None else sum(1 for v in table.viewers if v.seat is None),
            }
        )
    return out
