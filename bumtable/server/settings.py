"""A table's own settings (how long a missing player's seat waits, the turn clock, the stand-in bot) and the
server's limits.

Settings are chosen when a table is made and stored with it as JSON (``TableSettings.to_dict``).

>>> s = TableSettings.from_dict({"away_after": 30, "clock": {"bank": 300, "increment": 5}})
>>> s.away_after, s.clock.bank, s.stand_in
(30.0, 300.0, 'heuristic')
>>> TableSettings.from_dict(s.to_dict()) == s
True
>>> TableSettings.from_dict({"away_after": -1})
Traceback (most recent call last):
...
bumtable.server.settings.SettingsError: away_after must be a number of seconds >= 0, or null (never), not -1
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError

DEFAULT_DATABASE = "sqlite:///bumtable-data/bumtable.db"
"""A SQLite file in ``./bumtable-data`` (the folder is made on start)."""

DEFAULT_AWAY_AFTER = 60.0
"""Seconds a person's seat waits, while its player is away, before a stand-in bot plays it."""


class SettingsError(BumtableError):
    """A table setting that cannot be used; the message names it."""


@dataclass(frozen=True, kw_only=True)
class Clock:
    """A turn clock in the style of a chess clock with an increment: each person's seat starts with ``bank``
    seconds; the seat's clock runs while it is to act, and each move it makes adds ``increment``. When a bank
    runs out, the stand-in bot makes that move (the seat gets only the increment for its next one)."""

    bank: float
    increment: float = 0.0

    def to_dict(self) -> dict[str, float]:
        return {"bank": self.bank, "increment": self.increment}


@dataclass(frozen=True, kw_only=True)
class TableSettings:
    """How a table treats missing and slow players."""

    away_after: float | None = DEFAULT_AWAY_AFTER
    """Seconds a person's seat waits while nobody holds it before the stand-in bot plays it (None: never).
    A stand-in plays only while another person is at the table; its player takes the seat back by
    connecting again."""
    stand_in: str = "heuristic"
    """The bot kind that plays a missing player's seat, or a move whose clock ran out."""
    clock: Clock | None = None
    """The turn clock, or None for no clock."""
    listed: bool = False
    """The table is in the lobby's list of open tables: anyone may see it there, watch it and take a free seat
    without the join code. Off unless asked for (the lobby's form asks for it by default)."""
    seeded: bool = False
    """The table's maker chose its seed, and so may know every deal: told to everyone (set by the server, not
    by a request)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data; :meth:`from_dict` reads it back."""
        return {
            "away_after": self.away_after,
            "stand_in": self.stand_in,
            "clock": None if self.clock is None else self.clock.to_dict(),
            "listed": self.listed,
            "seeded": self.seeded,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableSettings:
        """Settings from JSON-ready data (missing keys take their defaults); a SettingsError names a bad one."""
        data = dict(data or {})
        unknown = sorted(set(data) - {"away_after", "stand_in", "clock", "listed", "seeded"})
        if unknown:
            raise SettingsError(
                f"unknown table setting {unknown[0]!r}; settings: away_after, stand_in, clock, listed"
            )
        away = data.get("away_after", DEFAULT_AWAY_AFTER)
        if away is not None and (not _number(away) or away < 0):
            raise SettingsError(f"away_after must be a number of seconds >= 0, or null (never), not {away!r}")
        stand_in = data.get("stand_in", "heuristic")
        if not isinstance(stand_in, str):
            raise SettingsError(f"stand_in must be a bot kind's name, not {stand_in!r}")
        clock = data.get("clock")
        if clock is not None:
            if not isinstance(clock, dict) or set(clock) - {"bank", "increment"} or "bank" not in clock:
                raise SettingsError(f"clock must be {{'bank': seconds, 'increment': seconds}}, not {clock!r}")
            bank, increment = clock["bank"], clock.get("increment", 0)
            if not _number(bank) or bank <= 0:
                raise SettingsError(f"clock bank must be a number of seconds > 0, not {bank!r}")
            if not _number(increment) or increment < 0:
                raise SettingsError(f"clock increment must be a number of seconds >= 0, not {increment!r}")
            clock = Clock(bank=float(bank), increment=float(increment))
        seeded = data.get("seeded", False)
        if not isinstance(seeded, bool):
            raise SettingsError(f"seeded must be true or false, not {seeded!r}")
        listed = data.get("listed", False)
        if not isinstance(listed, bool):
            raise SettingsError(f"listed must be true or false, not {listed!r}")
        away_after = None if away is None else float(away)
        return cls(away_after=away_after, stand_in=stand_in, clock=clock, listed=listed, seeded=seeded)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def default_workers() -> int:
    """Bot worker processes sized to the machine: one core is left to the event loop and the database."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True, kw_only=True)
class Limits:
    """What one server process accepts; past a limit a request gets an error that names the limit."""

    max_tables: int = 1000
    """Tables in play at once in this process (finished ones do not count, nor tables put away while idle)."""
    idle_after: float = 900.0
    """Seconds a table nobody is connected to stays in memory; then it is put away (its log is the truth) and read
    again from the database when someone comes back. Tables that are over are read only when asked for."""
    max_connections: int = 32
    """Open connections to one table (seats and spectators together)."""
    max_message_bytes: int = 4096
    """The longest client message read; a longer one gets a ``too-big`` error."""
    messages_per_second: float = 100.0
    """Messages a connection may send per second on average (an accepted action does not count) ..."""
    burst: int = 200
    """... and at once; past that a message gets a ``too-fast`` error and is not read."""
    http_per_second: float = 50.0
    """HTTP requests (and WebSocket handshakes) one client address may make per second on average ..."""
    http_burst: int = 200
    """... and at once; past that a request gets ``429 Too Many Requests``."""
    max_body_bytes: int = 65_536
    """The largest HTTP request body read; a larger one gets ``413``."""
    auto_pause: float = 1.8
    """The longest pause before an auto-played move (each is drawn evenly from a third of it to it: a quick
    person's think), so that others cannot tell the move was the seat's only one; 0: at once, and they can."""
    bot_workers: int = field(default_factory=default_workers)
    """Worker processes that make bots' decisions, off the event loop (default: one fewer than the cores; 0: a
    thread of the server's own process, where a bot can be debugged, but a search slows every table)."""
    bot_decisions: int = 0
    """Bot decisions asked of the workers at once (0: as many as there are workers, or one); the rest wait."""
    max_queued_frames: int = 500
    """Frames waiting to be sent to one connection; past that the client is too slow and is closed (code
    4008): it reconnects and resyncs."""
