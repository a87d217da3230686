"""Who sits where in a tournament: line-ups, their rotations round the table, a round robin's line-ups."""

from __future__ import annotations

from collections.abc import Sequence

from bumtable.errors import BumtableError


class TournamentError(BumtableError, ValueError):
    """A tournament that cannot be played as asked (no deals, more bots than seats, one kind to rate)."""


def fill_lineup(kinds: Sequence[str], players: int) -> tuple[str, ...]:
    """One bot kind per seat, ``kinds`` repeated round the table (as ``play`` and ``simulate`` seat bots)."""
    if not kinds:
        raise TournamentError("--bots needs at least one bot kind")
    if len(kinds) > players:
        raise TournamentError(f"{len(kinds)} bots for {players} seats: name at most {players}")
    return tuple(kinds[i % len(kinds)] for i in range(players))


def rotations(lineup: Sequence[str]) -> list[tuple[str, ...]]:
    """Every rotation of ``lineup`` round the table: rotation ``r`` seats ``lineup[i]`` at ``(i + r) % n``.

    >>> rotations(("hard", "x", "y"))
    [('hard', 'x', 'y'), ('y', 'hard', 'x'), ('x', 'y', 'hard')]
    """
    n = len(lineup)
    return [tuple(lineup[(seat - r) % n] for seat in range(n)) for r in range(n)]


def round_robin_lineups(kinds: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """Each kind alone against ``players - 1`` of each other kind (a pair once where that is one table)."""
    distinct = list(dict.fromkeys(kinds))
    if len(distinct) < 2:
        raise TournamentError("a round robin needs at least two different bot kinds")
    out: list[tuple[str, ...]] = []
    for a in distinct:
        for b in distinct:
            lineup = (a, *[b] * (players - 1))
            # every rotation is played, so a line-up with the same kinds as one before is the same table
            if a != b and sorted(lineup) not in (sorted(x) for x in out):
                out.append(lineup)
    return out
