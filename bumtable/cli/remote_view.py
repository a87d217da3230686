"""What ``bumtable join`` shows beyond the game's face (seats, comings and goings, the clock, the scoreboard),
read from the server's messages and the seat's own observation, never a state."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from itertools import groupby
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from bumtable.cli.match_end import MAX_COLUMNS
from bumtable.errors import BumtableError
from bumtable.faces.terminal.common import Seats, count_word
from bumtable.faces.terminal.face import Face
from bumtable.rules.events import HAND_OVER, Event
from bumtable.rules.registry import sample_state
from bumtable.words import ordinal

MADE_BY = {
    "auto": "auto-played",
    "stand-in": "played by the stand-in",
    "clock": "the clock ran out: the stand-in played",
}
"""What a frame's ``by`` adds to the narration of its move; nothing for ``seat`` (the seat's own player)."""

AUTO_HELP = "  auto on, auto off  your turns with one legal move played for you (and said), or asked"


def auto_text(on: bool) -> str:
    if on:
        return "Auto-play is on: your turns with one legal move are played for you."
    return "Auto-play is off: your turns with one legal move are asked too."


def made_by(told: Sequence[RenderableType], by: str | None) -> list[RenderableType]:
    """The narration of the table's latest action, its first line saying who made the move, as ``by`` says.

    >>> [str(line) for line in made_by([Text("P1 passes."), Text("P2 wins the trick.")], "stand-in")]
    ['P1 passes (played by the stand-in).', 'P2 wins the trick.']
    """
    note = MADE_BY.get(by or "")
    out = list(told)
    first = next((i for i, line in enumerate(out) if isinstance(line, Text)), None)
    if note is None or first is None:
        return out
    line = out[first]
    assert isinstance(line, Text)
    line = line.copy()
    stop = line.plain.endswith(".")
    if stop:
        line.right_crop(1)
    line.append(f" ({note})", style="dim")
    if stop:
        line.append(".")
    out[first] = line
    return out


def seat_name(seat: dict[str, Any]) -> str:
    return str(seat.get("name") or f"P{seat['seat']}")


def seats_of(message: dict[str, Any]) -> Seats:
    """The names and kinds of the seats in a ``table`` message, ``You`` for the receiver's own."""
    you = message.get("you")
    names = tuple("You" if s["seat"] == you else seat_name(s) for s in message["seats"])
    stand_in = message.get("settings", {}).get("stand_in", "a")
    kinds = []
    for s in message["seats"]:
        if s["kind"] == "bot":
            kinds.append(f"{s['bot']} bot")
        elif s["stand_in"]:
            kinds.append(f"{stand_in} bot for now")
        elif not s["claimed"]:
            kinds.append("person, free seat")
        else:
            kinds.append("person" if s["present"] else "person, away")
    return Seats(names, you, tuple(kinds))


def seat_changes(old: dict[str, Any] | None, new: dict[str, Any], seats: Seats) -> list[RenderableType]:
    """What changed between two ``table`` messages: who sat down, left, came back or was stood in for."""
    if old is None:
        return []
    out: list[RenderableType] = []
    stand_in = new.get("settings", {}).get("stand_in", "a")
    for before, now in zip(old["seats"], new["seats"], strict=True):
        if now["kind"] != "person" or now["seat"] == new.get("you"):
            continue
        name = seats.name(now["seat"])
        if now["name"] != before["name"] and now["name"] is not None:
            out.append(Text(f"P{now['seat']} is called {now['name']}.", style="cyan"))
        if now["claimed"] and not before["claimed"]:
            out.append(Text(f"{name} sat down at seat {now['seat']}.", style="cyan"))
        elif now["present"] and not before["present"]:
            out.append(Text(f"{name} is at the table.", style="cyan"))
        if before["present"] and not now["present"]:
            out.append(Text(f"{name} left the table; their seat waits for them.", style="cyan"))
        if now["stand_in"] and not before["stand_in"]:
            out.append(
                Text(f"{name} is away: a {stand_in} bot plays their seat until they come back.", style="cyan")
            )
        elif before["stand_in"] and not now["stand_in"]:
            out.append(Text(f"{name} is back: the stand-in bot gives their seat back.", style="cyan"))
    if new["status"] == "stale" and old["status"] != "stale":
        out.append(Text(f"The table cannot go on: {new.get('problem')}", style="bold red"))
    return out


def settings_lines(message: dict[str, Any]) -> list[str]:
    settings = message.get("settings", {})
    away, stand_in, clock = settings.get("away_after"), settings.get("stand_in"), settings.get("clock")
    if away is None:
        lines = ["A seat whose player is away waits for them."]
    else:
        lines = [
            f"A seat whose player is away for {away:g} s is played by a {stand_in} bot until they come back "
            "(while someone else is at the table)."
        ]
    if clock:
        extra = f", plus {clock['increment']:g} s a move" if clock.get("increment") else ""
        lines.append(
            f"Turn clock: {clock_text(clock['bank'])} for each person's moves{extra}; when it runs out, the "
            f"{stand_in} bot moves for them."
        )
    return lines


def clock_text(seconds: float) -> str:
    """``1:23``, or ``1:02:05`` past an hour (a part of a second left counts as a second).

    >>> clock_text(82.4), clock_text(3725)
    ('1:23', '1:02:05')
    """
    whole = max(0, math.ceil(seconds))
    minutes, secs = divmod(whole, 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"


def clock_line(clock: dict[str, Any] | None, you: int | None, elapsed: float) -> list[RenderableType]:
    if not clock or you is None or clock["banks"][you] is None:
        return []
    left = clock["banks"][you] - (elapsed if clock.get("running") == you else 0.0)
    return [Text(f"Your clock: {clock_text(left)} left.", style="yellow")]


def why_illegal_from(obs: Any) -> Callable[[Any], str | None]:
    """Why an action is not legal, asked of a state dealt to fit the observation (a seat's moves depend only
    on what it may know); the server still judges the move sent."""
    legal = set(obs.legal_actions())
    try:
        fitted = sample_state(obs, random.Random(0))
    except (BumtableError, ValueError, AssertionError):  # pragma: no cover - every family samples every phase
        fitted = None

    def why_illegal(action: Any) -> str | None:
        if action in legal:
            return None
        reason = fitted.why_illegal(action) if fitted is not None else None
        return reason or "that is not a legal move now"

    return why_illegal


def score_table(board: dict[str, Any], face: Face, obs: Any, seats: Seats) -> list[RenderableType]:
    """The final standings (before the end, the totals so far) from the server's scoreboard, with each hand's
    gains where the game counts hand by hand."""
    rows, unit = board.get("rows") or [], board.get("unit") or ""
    outcome = board.get("outcome")
    if outcome is None and (not rows or not unit):
        return []
    word = face.progress(obs).split()[0]
    if outcome is not None:
        places, scores = outcome["places"], outcome["scores"]
    else:
        scores = rows[-1]["totals"]
        places = [1] * len(scores)
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Place")
    table.add_column("Player")
    table.add_column(unit.capitalize() or "Score", justify="right")
    parts = bool(unit) and len(rows) > 1
    columns = parts and len(rows) <= MAX_COLUMNS
    if columns:
        for i in range(1, len(rows) + 1):
            table.add_column(f"{word[:1].upper()}{i}", justify="right")
    elif parts:
        table.add_column(f"Per {word}, 1 to {len(rows)}")
    for p in sorted(range(len(scores)), key=lambda q: (places[q], q)):
        cells = [ordinal(places[p]) if outcome else "", seats.name(p), str(scores[p])]
        if parts:
            gains = [str(r["gains"][p]) for r in rows]
            cells += gains if columns else [" ".join(gains)]
        table.add_row(*cells, style="bold" if p == seats.you else None)
    title = "Final standings" if outcome is not None else "The table's scoreboard"
    if parts:
        title += f" · {len(rows)} {word}s"
    return [Text(title, style="bold"), table]


def record_lines(url: str, command: str) -> list[RenderableType | str]:
    """Where the match's record is and how to replay it; each link a str, to print unwrapped and copy whole."""
    return [
        Text("The whole match's record, to keep or to replay:"),
        f"  {url}",
        Text("Replay it with:"),
        f"  {command} replay {url}",
    ]


def events_by_step(events: Sequence[Event]) -> Iterator[list[Event]]:
    for _, group in groupby(events, key=lambda e: e.step):
        yield list(group)


def actor_of(group: Sequence[Event]) -> int | None:
    """Who made the action behind a group of events (a step after 0): the first of them to name a player."""
    return next((e.player for e in group if e.player is not None), None)


def while_away(events: Sequence[Event], obs: Any, face: Face, seats: Seats) -> list[RenderableType]:
    """For a seat coming back, what happened since its last move, from its own events."""
    if obs.seat is None:
        return []
    groups = list(events_by_step(events))
    moved = (i for i, g in enumerate(groups) if g[0].step > 0 and actor_of(g) == obs.seat)  # step 0: the deal
    last = max(moved, default=None)
    if last is None:
        return []
    missed = groups[last + 1 :]
    if not missed:
        return [Text("Nothing was played since your last move.", style="bold")]
    made = [actor_of(g) for g in missed]
    by = [f"{seats.name(p)} ({made.count(p)})" for p in range(len(seats.names)) if p in made]
    moves = f"{count_word(len(missed))} move{'s' if len(missed) != 1 else ''}"
    who = f", by {_and(by)}" if by else ""
    out: list[RenderableType] = [
        Text(f"While you were away (since your last move): {moves}{who}.", style="bold")
    ]
    ended = sum(1 for g in missed for e in g if e.kind == HAND_OVER)
    if ended:
        hands = f"{count_word(ended)} hand{'s' if ended != 1 else ''}"
        out.append(Text(f"{hands[:1].upper()}{hands[1:]} ended meanwhile; now {face.progress(obs)}."))
    return out + face.standings(obs, seats)


def _and(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def quit_lines(link: str | None, message: dict[str, Any] | None, command: str) -> list[str]:
    """What leaving the table means for the seat, and how to come back (``command``: how bumtable is run)."""
    if link is None:
        return ["You stopped watching."]
    away = None if message is None else message.get("settings", {}).get("away_after")
    stand_in = "a bot" if message is None else f"a {message['settings']['stand_in']} bot"
    others = message is not None and any(  # a stand-in plays only while another person is at the table
        s["kind"] == "person" and s["claimed"] and s["seat"] != message.get("you") for s in message["seats"]
    )
    waits = (
        "Your seat waits for you."
        if away is None or not others
        else f"Your seat waits for you; after {away:g} s {stand_in} plays it (while someone else is at the "
        "table) until you come back."
    )
    return [f"You left the table. {waits}", "Come back to your seat with:", f"  {command} join '{link}'"]


def seat_list(seats: Seats) -> str:
    """``P0 Ann (person), P1 You (person), P2 (heuristic bot)``."""
    return ", ".join(
        f"P{p}{'' if seats.name(p) == f'P{p}' else ' ' + seats.name(p)} ({kind})"
        for p, kind in enumerate(seats.kinds)
    )


def lines(texts: Sequence[str], style: str | None = None) -> list[RenderableType]:
    return [Text(t, style=style or "") for t in texts]
