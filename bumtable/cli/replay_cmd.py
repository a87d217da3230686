"""``bumtable replay``: step through a saved game or a table server's record, from one seat's view."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from bumtable.cli.common import CliError, cli_errors, out_console
from bumtable.cli.prompt import LineReader
from bumtable.cli.saves import load_record
from bumtable.client.links import RemoteError, fetch_json, record_link
from bumtable.errors import BumtableError
from bumtable.faces.terminal.common import Seats
from bumtable.faces.terminal.families import face_for
from bumtable.rules import GameRecord

WEB = ("http://", "https://")


def seats_for(record: GameRecord, seat: int | None) -> Seats:
    """Names ``P0``... with the kind of player each seat was (from the record's meta, when it says)."""
    n = record.rules.players
    kinds = record.meta.get("seats")
    if not (isinstance(kinds, list) and len(kinds) == n and all(isinstance(k, str) for k in kinds)):
        kinds = []
    return Seats(tuple(f"P{p}" for p in range(n)), None, tuple(kinds))


def run_replay(console: Console, record: GameRecord, seat: int | None, step: bool) -> None:
    """Tell the record's game from ``seat``'s view (None: a spectator); with ``step``, wait for Enter."""
    rules = record.rules
    face = face_for(rules)
    seats = seats_for(record, seat)
    view = "a spectator" if seat is None else f"seat {seat}"
    console.print(
        Text(
            f"Replaying {len(record.actions)} actions of {rules.system} for {rules.players} "
            f"(seed {record.seed}, {face.goal(rules)}) as {view}."
        )
    )
    if seats.kinds:
        console.print(Text("Seats: " + ", ".join(f"{seats.name(p)} {k}" for p, k in enumerate(seats.kinds))))
    reader = LineReader(console) if step else None
    state = rules.new_state(record.seed, chance=record.chance)
    parse: Any = rules.parse_action
    for line in face.opening(state.observe(seat), seats):
        console.print(line)
    seen = len(state.events(seat))
    for i, text in enumerate(record.actions, 1):
        if reader is not None:
            answer = reader.ask(f"[{i}/{len(record.actions)}] Enter: next, q: quit ")
            if answer is None or answer.strip().lower() in ("q", "quit"):
                return
        actor = state.current_player()
        assert actor is not None
        before = state.observe(seat)
        if actor == seat:
            for line in face.holds(before, seats):
                console.print(line)
        action = parse(text)
        state.apply(action)
        events = state.events(seat, seen)
        seen += len(events)
        for line in face.narrate(before, events, state.observe(seat), seats):
            console.print(line)
    if not state.is_over():
        console.print(Text(f"The record ends here, during {face.progress(state.observe(seat))}."))
        for line in face.standings(state.observe(seat), seats):
            console.print(line)


def record_from_link(url: str) -> GameRecord:
    """The record a table server gives for any link to it, checked by replaying it as a file's is."""
    link = record_link(url)
    try:
        data = fetch_json(link)
    except RemoteError as e:
        raise CliError(f"cannot fetch the record at {link}: {e}") from None
    try:
        record = GameRecord.from_dict(data)
        record.replay()
    except BumtableError as e:
        raise CliError(f"{link}: {e}") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as e:
        raise CliError(f"{link}: not a valid game record ({type(e).__name__}: {e})") from None
    return record


def replay(
    file: Annotated[
        str,
        typer.Argument(
            help="A game record saved by 'bumtable play --save', or the record link a table server gives at "
            "the end of a match (http://HOST:PORT/api/tables/ID/record).",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None, typer.Option(help="Watch from this seat (its hand and exchange); default: spectator.")
    ] = None,
    show_all: Annotated[
        bool, typer.Option("--all", help="Print the whole game without waiting for Enter.")
    ] = False,
) -> None:
    """Step through a saved game: Enter shows the next action, q quits."""
    console = out_console()
    with cli_errors():
        record = record_from_link(file) if file.startswith(WEB) else load_record(Path(file))[0]
        n = record.rules.players
        if seat is not None and not 0 <= seat < n:
            raise CliError(f"no seat {seat}: seats are 0 to {n - 1}")
        run_replay(console, record, seat, step=not show_all)
