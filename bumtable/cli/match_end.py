"""The end of a match in the terminal: the placings, what each hand or round scored, the person's best."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.face import Face
from bumtable.rules import State
from bumtable.rules.standing import running_count
from bumtable.words import ordinal

MAX_COLUMNS = 12
"""Up to this many hands get a column each in the summary; more share one column."""


@dataclass(frozen=True)
class Part:
    """One hand or round of a match and what each player gained in it."""

    label: str
    gains: tuple[int, ...]


def scored_parts(state: State, seat: int, face: Face) -> tuple[list[Part], str]:
    """What each player gained in each hand or round (``hand 3``) of a finished match, replayed as ``seat``
    saw it so that nothing hidden is told, and the unit; no parts for a game that counts only at its end."""
    replay = state.rules.new_state(state.seed, chance=state.chance.script)
    obs = replay.observe(seat)
    first = running_count(obs)
    if first is None:
        return [], ""
    start, unit = first
    label = face.progress(obs)
    parts: list[Part] = []
    for action in state.history:
        replay.apply(action)
        obs = replay.observe(seat)
        now = face.progress(obs)
        if now != label:
            count = running_count(obs)
            assert count is not None
            parts.append(Part(label, tuple(b - a for a, b in zip(start, count[0], strict=True))))
            start, label = count[0], now
    count = running_count(obs)
    assert count is not None
    if not parts or parts[-1].label != label:  # the last hand or round, closed by the match's end
        parts.append(Part(label, tuple(b - a for a, b in zip(start, count[0], strict=True))))
    return parts, unit


def match_summary(state: State, seat: int, face: Face, seats: Seats) -> list[RenderableType]:
    """A finished match's placings, totals and what each hand or round scored, and ``seat``'s best."""
    outcome = state.outcome()
    assert outcome is not None, "the match is not over"
    parts, unit = scored_parts(state, seat, face)
    word = face.progress(state.observe(seat)).split()[0]
    length = f"{outcome.length} {word}{'' if outcome.length == 1 else 's'}"
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Place")
    table.add_column("Player")
    columns = unit and len(parts) <= MAX_COLUMNS  # a column per hand, or all in one when there are many
    if unit:
        table.add_column(unit.capitalize(), justify="right")
        if columns:
            for part in parts:
                table.add_column(_short(part.label), justify="right")
        else:
            table.add_column(f"Per {word}, {_number(parts[0].label)} to {_number(parts[-1].label)}")
    for p in sorted(range(len(outcome.places)), key=lambda q: (outcome.places[q], q)):
        row = [ordinal(outcome.places[p]), seats.name(p)]
        if unit:
            gains = [str(part.gains[p]) for part in parts]
            row += [str(outcome.scores[p]), *(gains if columns else [" ".join(gains)])]
        table.add_row(*row, style="bold" if p == seat else None)
    out: list[RenderableType] = [Text(f"Match summary · {length}", style="bold"), table]
    best = _best(parts, seat)
    if best is not None:
        out.append(
            Text(
                f"{seats.possessive(seat).capitalize()} best {word}: {best.label} ({_signed(best.gains[seat])} {unit if best.gains[seat] != 1 else unit[:-1]})."
            )
        )
    elif parts:
        out.append(Text(f"{seats.name(seat)} scored no {unit} in any {word}."))
    return out


def _number(label: str) -> str:
    return label.rpartition(" ")[2]


def _short(label: str) -> str:
    """``H3`` for ``hand 3``, ``R2`` for ``round 2``."""
    word, _, number = label.rpartition(" ")
    return f"{word[:1].upper()}{number}"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _best(parts: Sequence[Part], seat: int) -> Part | None:
    """The first part where ``seat`` gained most, if it gained anything at all."""
    best = max(parts, key=lambda p: p.gains[seat], default=None)
    return best if best is not None and best.gains[seat] > 0 else None
