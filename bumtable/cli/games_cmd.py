"""``bumtable games``: the games, one game's rules in short, or (``--options``) its options in words."""

from __future__ import annotations

import json
import shutil
import textwrap
from typing import Annotated

import typer
from rich.table import Table

from bumtable.cli.common import PlayersOpt, cli_errors, out_console
from bumtable.errors import RulesError
from bumtable.rules import Rules
from bumtable.rules.options_data import options_class, type_words
from bumtable.rules.registry import SYSTEMS, System, system
from bumtable.rules_text.summary import rules_summary

WIDTH = 100


def games(
    game: Annotated[
        str | None,
        typer.Argument(
            help="One game: its rules in short (with --options: each of its options, with its preset value and "
            "allowed values)."
        ),
    ] = None,
    players: PlayersOpt = None,
    options: Annotated[
        bool,
        typer.Option("--options", help="With a GAME: describe each of its options instead of the rules."),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print JSON: the list of games, or one game's options as rules data (no words)."
        ),
    ] = False,
) -> None:
    """List the games with their player counts and variants, or tell one game's rules in short.

    With a GAME: its rules in short and its variants; with --options, each of its options in words, with its preset value and the values it allows.

    Set an option for a match with -o NAME=VALUE (bumtable play GAME -o NAME=VALUE).
    """
    with cli_errors():
        if game is not None:
            sys = system(game)
            n = sys.default_players if players is None else players
            if not sys.min_players <= n <= sys.max_players:
                raise RulesError(
                    f"{sys.title} is for {sys.min_players} to {sys.max_players} players, not {n}"
                )
            rules = sys.build(n)
            if as_json:
                typer.echo(json.dumps(rules.to_dict(), sort_keys=True))
                return
            width = min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)
            typer.echo(options_text(sys, rules, width) if options else rules_text(sys, rules, width))
            return
        if players is not None:
            raise RulesError("--players goes with a game: bumtable games GAME -n N")
        if options:
            raise RulesError("--options goes with a game: bumtable games GAME --options")
        rows = [
            {
                "game": s.name,
                "title": s.title,
                "players": [s.min_players, s.max_players],
                "default_players": s.default_players,
                "variants": sorted(s.variants),
            }
            for s in SYSTEMS.values()
        ]
        if as_json:
            typer.echo(json.dumps(rows))
            return
        table = Table(title="Games")
        for col in ("Game", "Title", "Players", "Variants"):
            table.add_column(col)
        for s in SYSTEMS.values():
            table.add_row(s.name, s.title, f"{s.min_players}-{s.max_players}", ", ".join(sorted(s.variants)))
        out_console().print(table)


def rules_text(sys: System, rules: Rules, width: int = WIDTH) -> str:
    """The game's rules in short (what ``r`` shows), its variants, and how to list its options."""
    preset = rules.replace(**sys.people_options) if sys.people_options else rules
    summary = rules_summary(preset, width).split("\n\n")[0]  # the preset: nothing in force to list
    variants = ", ".join(sorted(sys.variants)) or "none"
    count = len([name for name in rules.to_dict() if name != "system"])
    tail = (
        f"Variants (bumtable play {sys.name} -v NAME): {variants}. Players: {sys.min_players} to "
        f"{sys.max_players}. Its {count} options, each with its preset value: bumtable games {sys.name} --options."
    )
    return "\n".join([summary, "", textwrap.fill(tail, width)])


def options_text(sys: System, rules: Rules, width: int = WIDTH) -> str:
    """Every option of ``rules`` in words: name and preset value, what it does, the values it allows."""
    docs = options_class(rules).option_docs()
    types = options_class(rules).option_types()
    data = rules.to_dict()
    head = (
        f"{sys.title} ({sys.name}) for {rules.players} players: its options, each with its preset value "
        f"for {rules.players} (bumtable games {sys.name} -n N shows another count). Change one for a match "
        f"with bumtable play {sys.name} -o NAME=VALUE (a list as JSON: -o 'NAME=[1, 2]')."
    )
    blocks = [textwrap.fill(head, width)]
    for name in data:  # in the order the settings class declares them (related options together)
        if name == "system":
            continue
        allowed = type_words(types[name])
        if name == "players":
            allowed = f"a whole number from {sys.min_players} to {sys.max_players}"
        lines = [f"{name} = {json.dumps(data[name])}"]
        for text in (docs.get(name, "(not described)"), f"Allowed: {allowed}."):
            lines += textwrap.wrap(text, width, initial_indent="    ", subsequent_indent="    ")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)
