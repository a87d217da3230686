"""``bumtable join URL``: play a seat of a server's table in the terminal, or watch it."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from bumtable.cli.common import fail, out_console
from bumtable.cli.prompt import LineReader
from bumtable.cli.remote import RemoteTable
from bumtable.client.links import TableLink, name_problem, table_info, take_free_seat
from bumtable.errors import BumtableError

EXIT_REFUSED = 1
"""Exit status when the table cannot be reached or refuses the link."""


def join(
    url: Annotated[
        str,
        typer.Argument(
            help="A link the table's maker handed out: a seat's own (…/t/ID?token=…), the join link for "
            "any free seat (…/t/ID?join=…) or the table's page, to watch (…/t/ID).",
            show_default=False,
        ),
    ],
    name: Annotated[
        str | None,
        typer.Option(
            help="The name the table shows for your seat: 1 to 24 letters, digits, spaces and .'-_ "
            "(kept when the connection is opened again).",
        ),
    ] = None,
    auto: Annotated[
        bool,
        typer.Option(
            "--auto/--no-auto",
            help="Have the server play your turns that have only one legal move (said, not asked); "
            "auto on and auto off at your turn switch it.",
        ),
    ] = True,
) -> None:
    """Play at a table of a bumtable server (bumtable serve), or watch it.

    At your turn, type your move as in bumtable play: cards (Q Q 2) or a word of the game (pass, stock,
    bid ...); #N picks option N of the menu. ? help, t table, r rules, auto on/off switches auto-play,
    quit leaves the table at once, whoever is to move (your seat waits for you: come back with your
    seat's link, and you are told what happened meanwhile). Watching, quit stops.
    """
    problem = None if name is None else name_problem(name)
    if problem is not None:  # said before anything is asked of the server (a seat taken, a connection)
        raise fail(problem)
    console = out_console()
    try:
        link = TableLink.parse(url)
        table_info(link)  # a missing table or an unreachable server is said before anything else
        seat_link = None if link.token is None else link.seat_link(link.token)
        if link.join is not None:
            seat, token = take_free_seat(link, name)
            link, seat_link = link.for_seat(token), link.seat_link(token)
            console.print(
                Text(f"You have seat {seat}. This is your seat's own link; keep it to come back to it:")
            )
            console.print(f"  {seat_link}", markup=False, soft_wrap=True)
        table = RemoteTable(link, console, LineReader(console), auto=auto, name=name, seat_link=seat_link)
        code = table.run()
    except BumtableError as e:  # the server refused, could not be reached, or sent what we cannot read
        typer.echo(f"error: {e}", err=True)
        raise typer.Exit(EXIT_REFUSED) from None
    if code:
        raise typer.Exit(code)
