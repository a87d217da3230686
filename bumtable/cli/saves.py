"""Saved games: a :class:`~bumtable.rules.GameRecord` with who played which seat, written atomically."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bumtable.bots import check_bot
from bumtable.cli.common import CliError
from bumtable.errors import BumtableError
from bumtable.rules import GameRecord, State
from bumtable.sim.lineups import fill_lineup

HUMAN = "human"


@dataclass(frozen=True)
class Seating:
    """Who plays each seat: ``kinds[p]`` is ``human`` or a bot kind."""

    human: int
    kinds: tuple[str, ...]

    @classmethod
    def of(cls, players: int, human: int, bots: list[str]) -> Seating:
        """Seat ``human`` for the person; the other seats take ``bots`` in turn (repeating the list)."""
        if not 0 <= human < players:
            raise CliError(f"no seat {human}: seats are 0 to {players - 1}")
        if len(bots) > players - 1:
            seats = "the other seat" if players == 2 else f"the {players - 1} other seats"
            raise CliError(
                f"{len(bots)} bots for {seats} of a {players}-player game: name at most {players - 1}"
            )
        kinds = list(fill_lineup(bots, players - 1))
        kinds.insert(human, HUMAN)
        return cls(human, tuple(kinds))


def meta_of(seating: Seating, players: int, variants: list[str]) -> dict[str, Any]:
    return {
        "app": "bumtable play",
        "human_seat": seating.human,
        "seats": list(seating.kinds),
        "bots": [k for k in seating.kinds if k != HUMAN],
        "players": players,
        "variants": list(variants),
    }


def seating_from(record: GameRecord) -> Seating:
    """Who played each seat in a saved game (seat 0 and greedy bots when the record does not say)."""
    n = record.rules.players
    meta = record.meta
    human = meta.get("human_seat", 0)
    if not isinstance(human, int) or not 0 <= human < n:
        raise CliError(f"saved game: human_seat {human!r} is not a seat from 0 to {n - 1}")
    seats = meta.get("seats")
    if seats is None:
        return Seating.of(n, human, ["greedy"])
    if not (isinstance(seats, list) and len(seats) == n and all(isinstance(k, str) for k in seats)):
        raise CliError(f"saved game: 'seats' must list {n} seat kinds")
    for p, kind in enumerate(seats):
        if p != human:
            try:
                check_bot(kind)
            except BumtableError as e:
                raise CliError(f"saved game: seat {p}: {e}") from None
    return Seating(human, tuple(HUMAN if p == human else k for p, k in enumerate(seats)))


def save_game(path: Path, state: State, meta: dict[str, Any]) -> None:
    """Write the record of ``state``'s match to ``path`` (a whole file or nothing: write, then rename)."""
    text = GameRecord.of(state, **meta).to_json()
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_text(text + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as e:
        raise CliError(f"cannot save the game to {path}: {e.strerror or e}") from None


def load_record(path: Path) -> tuple[GameRecord, State]:
    """Read a game record and replay it; a missing, unreadable or malformed file is a clear CliError."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as e:
        raise CliError(f"cannot read {path}: {getattr(e, 'strerror', None) or e}") from None
    try:
        record = GameRecord.from_json(text)
        return record, record.replay()
    except BumtableError as e:
        raise CliError(f"{path}: {e}") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        # Values of the wrong type inside the rules object get past the record's own checks.
        raise CliError(f"{path}: not a valid game record ({type(e).__name__}: {e})") from None
