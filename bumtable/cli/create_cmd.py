"""``bumtable create GAME``: make a table at a table server and print the links to hand out."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.text import Text

from bumtable.cli.common import (
    CliError,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    cli_errors,
    make_rules,
    out_console,
    parse_bots,
    parse_options,
    split_words,
)
from bumtable.server.settings import MAX_PACE

DEFAULT_SERVER = "http://127.0.0.1:8000"


def parse_clock(text: str) -> dict[str, float]:
    """``BANK+INCREMENT`` seconds (``600+10``; ``300`` alone: no increment) as the server's clock setting."""
    bank, _, increment = text.partition("+")
    try:
        out = {"bank": float(bank), "increment": float(increment or 0)}
    except ValueError:
        raise CliError(f"--clock takes BANK+INCREMENT in seconds (e.g. 600+10), not {text!r}") from None
    if out["bank"] <= 0 or out["increment"] < 0:
        raise CliError(f"--clock needs a bank above 0 and an increment of 0 or more, not {text!r}")
    return out


def create(
    game: Annotated[str, typer.Argument(help="The game (bumtable games lists them).", show_default=False)],
    server: Annotated[
        str,
        typer.Option(
            help="The server's address, as your friends will reach it: the links are built from it."
        ),
    ] = DEFAULT_SERVER,
    players: PlayersOpt = None,
    people: Annotated[
        int, typer.Option(min=1, help="Seats for people (the first is yours); bots take the rest.")
    ] = 2,
    bots: Annotated[
        str,
        typer.Option(help="Bot kinds for the other seats, in turn: easy, medium, hard, heuristic, random."),
    ] = "heuristic",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    target: Annotated[
        int | None, typer.Option(help="Points that win the match (default: the game's).")
    ] = None,
    away_after: Annotated[
        float | None,
        typer.Option(
            help="Seconds a missing player's seat waits before a stand-in bot plays it (default 60)."
        ),
    ] = None,
    never_stand_in: Annotated[bool, typer.Option(help="No stand-in: a missing player's seat waits.")] = False,
    clock: Annotated[
        str | None, typer.Option(help="A turn clock: BANK+INCREMENT seconds, e.g. 600+10.")
    ] = None,
    host: Annotated[
        bool, typer.Option(help="The first person's seat is yours (--no-host: all are free).")
    ] = True,
    listed: Annotated[
        bool,
        typer.Option(
            help="List the table under Open tables in the server's lobby: anyone may take a free seat or watch."
        ),
    ] = False,
    wait: Annotated[
        bool,
        typer.Option(help="Deal only when every person's seat is taken (or the maker starts with bots)."),
    ] = False,
    pace: Annotated[
        float | None,
        typer.Option(
            min=0,
            max=MAX_PACE,
            help="Seconds between bots' moves while someone watches (default: the server's).",
        ),
    ] = None,
    chat_spectators: Annotated[bool, typer.Option(help="Spectators may read and write the chat.")] = False,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the cut and the deals (default: the server's).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the server's answer as JSON.")] = False,
) -> None:
    """Make a table at a bumtable server (bumtable serve) and print its links: one per person's seat, one that
    gives any free seat, one to watch. Each friend runs bumtable join with a link."""
    from bumtable.client.links import create_table

    with cli_errors():
        variants = split_words(variant)
        rules = make_rules(
            game, players, variants, target, option or ()
        )  # fails here, as bumtable play would
        if people > rules.players:
            raise CliError(f"--people {people}: {rules.system} for {rules.players} has {rules.players} seats")
        kinds = parse_bots(bots)
        free = rules.players - people
        if free and len(kinds) > free:
            seats_left = "1 seat" if free == 1 else f"{free} seats"
            raise CliError(f"{len(kinds)} bots for the {seats_left} left to bots: name at most {free}")
        seats: list[dict[str, Any]] = [{"kind": "person"}] * people
        seats += [{"kind": "bot", "bot": kinds[i % len(kinds)]} for i in range(rules.players - people)]
        options = parse_options(option or ())
        if target is not None:
            options.update(target=target, rounds=0)
        settings: dict[str, Any] = {}
        if never_stand_in:
            settings["away_after"] = None
        elif away_after is not None:
            settings["away_after"] = away_after
        if clock is not None:
            settings["clock"] = parse_clock(clock)
        if listed:
            settings["listed"] = True
        if wait:
            settings["wait"] = True
        if pace is not None:
            settings["pace"] = pace
        if chat_spectators:
            settings["chat_spectators"] = True
        request = {
            "game": rules.system,
            "players": rules.players,
            "variants": variants,
            "options": options,
            "seats": seats,
            "settings": settings,
            "host": host,
            **({} if seed is None else {"seed": seed}),
        }
        made = create_table(server, request)  # a refusal or an unreachable server: one line (cli_errors)
    console = out_console()
    if as_json:
        console.print(json.dumps(made, indent=2), markup=False, soft_wrap=True)
        return
    console.print(
        Text(
            f"Table {made['id']}: {rules.system} for {rules.players}, "
            + ", ".join(
                "you" if host and i == 0 else ("a person" if s["kind"] == "person" else f"bot {s['bot']}")
                for i, s in enumerate(seats)
            )
            + "."
        )
    )
    console.print(Text("Keep these links: each is the key to its seat."))
    for seat, link in made["links"]["seats"].items():
        who = "yours" if host and seat == "0" else "for a friend"
        console.print(Text(f"  seat {seat} ({who}):"), Text(link), soft_wrap=True)
    if people > (1 if host else 0):  # a seat the join link can give
        console.print(Text("  any free seat:"), Text(made["links"]["join"]), soft_wrap=True)
    console.print(Text("  to watch:"), Text(made["links"]["watch"]), soft_wrap=True)
    console.print(Text("In each terminal: bumtable join 'LINK' --name NAME (quote the link)."))
