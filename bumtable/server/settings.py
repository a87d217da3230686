"""A table's settings, chosen when it is made and stored with it as JSON, and the server's limits.

>>> s = TableSettings.from_dict({"away_after": 30, "clock": {"bank": 300, "increment": 5}})
>>> s.clock.bank, TableSettings.from_dict(s.to_dict()) == s
(300.0, True)
>>> TableSettings.from_dict({"away_after": -1})
Traceback (most recent call last):
bumtable.server.settings.SettingsError: away_after must be a number of seconds >= 0, or null (never), not -1
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

from bumtable.errors import BumtableError

DEFAULT_DATABASE = "sqlite:///bumtable-data/bumtable.db"

DEFAULT_AWAY_AFTER = 60.0

DEFAULT_PACE = 0.7
"""Seconds between two moves the server makes (bots, stand-ins, auto-play) while someone is at the table."""

MAX_PACE = 5.0


SETTING_NAMES = ("away_after", "stand_in", "clock", "listed", "wait", "chat_spectators", "pace")
"""The settings a table's maker may choose (``seeded`` is set by the server)."""


class SettingsError(BumtableError):
    """A table setting that cannot be used; the message names it."""


@dataclass(frozen=True, kw_only=True)
class Clock:
    """A chess clock with an increment per person's seat; when a bank runs out, the stand-in moves."""

    bank: float
    increment: float = 0.0

    def to_dict(self) -> dict[str, float]:
        return {"bank": self.bank, "increment": self.increment}


@dataclass(frozen=True, kw_only=True)
class TableSettings:
    """How a table treats missing and slow players."""

    away_after: float | None = DEFAULT_AWAY_AFTER
    """Seconds before a stand-in plays an away player's seat, while another person is here (None: never)."""
    stand_in: str = "heuristic"
    """The bot kind that plays a missing player's seat, or a move whose clock ran out."""
    clock: Clock | None = None
    listed: bool = False
    """In the lobby's list: anyone may watch it and take a free seat without the join code."""
    seeded: bool = False
    """The maker chose the seed, so may know every deal: everyone is told (set by the server)."""
    wait: bool = False
    """A waiting room: nothing is dealt until every person's seat is taken or the maker starts with bots."""
    chat_spectators: bool = False
    """Spectators see the table's chat and may write in it (else it is the players' alone)."""
    pace: float | None = None
    """Seconds between the server's moves while someone is connected (None: the server's ``--pace``)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "away_after": self.away_after,
            "stand_in": self.stand_in,
            "clock": None if self.clock is None else self.clock.to_dict(),
            "listed": self.listed,
            "seeded": self.seeded,
            "wait": self.wait,
            "chat_spectators": self.chat_spectators,
            "pace": self.pace,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableSettings:
        """Missing keys take their defaults; a SettingsError names a bad one."""
        data = dict(data or {})
        unknown = sorted(set(data) - {*SETTING_NAMES, "seeded"})
        if unknown:
            raise SettingsError(f"unknown table setting {unknown[0]!r}; settings: {', '.join(SETTING_NAMES)}")
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
        for key in ("listed", "wait", "chat_spectators"):
            if not isinstance(data.get(key, False), bool):
                raise SettingsError(f"{key} must be true or false, not {data[key]!r}")
        pace = data.get("pace")
        if pace is not None and (not _number(pace) or not 0 <= pace <= MAX_PACE):
            raise SettingsError(
                f"pace must be a number of seconds from 0 to {MAX_PACE:g}, or null (the server's), not {pace!r}"
            )
        return cls(
            away_after=None if away is None else float(away),
            stand_in=stand_in,
            clock=clock,
            seeded=seeded,
            pace=None if pace is None else float(pace),
            listed=data.get("listed", False),
            wait=data.get("wait", False),
            chat_spectators=data.get("chat_spectators", False),
        )


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def default_workers() -> int:
    """One core is left to the event loop and the database."""
    return max(1, (os.cpu_count() or 2) - 1)


@dataclass(frozen=True, kw_only=True)
class Limits:
    """What one server process accepts; past a limit a request gets an error that names it."""

    max_tables: int = 1000
    """Tables in play at once (not those over or put away while idle)."""
    idle_after: float = 900.0
    """Seconds a table with nobody connected stays in memory before it is put away (its log is the truth)."""
    max_connections: int = 32
    """Per table, seats and spectators together."""
    max_message_bytes: int = 4096
    messages_per_second: float = 100.0
    """Per connection, on average (an accepted action does not count)."""
    burst: int = 200
    http_per_second: float = 50.0
    """Requests and WebSocket handshakes per client address, on average."""
    http_burst: int = 200
    max_body_bytes: int = 65_536
    auto_pause: float = 1.8
    """The longest pause before an auto-played move, so that others cannot tell it was the seat's only one."""
    bot_workers: int = field(default_factory=default_workers)
    """Processes for bots' decisions (0: a thread, to debug a bot; a search then slows every table)."""
    bot_decisions: int = 0
    """Bot decisions asked of the workers at once (0: one per worker)."""
    max_queued_frames: int = 500
    """Frames waiting for one connection before it is closed as too slow (4008)."""
    pace: float = DEFAULT_PACE
    """Seconds between the server's moves at a table someone is connected to, where the table sets none."""
    chat_length: int = 300
    """Characters in one chat message, at most."""
    chat_burst: int = 5
    """Chat messages one connection may send within ``chat_window`` seconds."""
    chat_window: float = 10.0
    chat_history: int = 100
    """The latest chat messages sent to a viewer on connecting."""
