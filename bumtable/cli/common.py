"""Pieces every command shares: consoles, error handling, rules, bot lists and seeds."""

from __future__ import annotations

import contextlib
import secrets
import shlex
import shutil
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from bumtable.bots import BOTS, check_bot
from bumtable.bots.seeds import bot_seed as bot_seed  # re-exported: play and its tests import it here
from bumtable.errors import BumtableError
from bumtable.rules import Rules, get, system, systems
from bumtable.rules.changes import changed, read_changes

GAME_HELP = "The game: " + ", ".join(systems()) + " (bumtable games lists players and variants)."


JobsOption = Annotated[
    int,
    typer.Option(
        "--jobs",
        "-j",
        min=0,
        help="Processes to play in (0: every core). The results are the same for a seed whatever the number.",
    ),
]
"""``--jobs``, as every command that plays in processes takes it."""
RayOption = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play on Ray: auto (the local cluster, or one started here) or a cluster's HOST:PORT. "
        "The results are the same as with --jobs.",
        show_default=False,
    ),
]
"""``--ray``, as every command that plays in chunks takes it."""


def players_help() -> str:
    from bumtable.rules.registry import SYSTEMS

    ranges = "; ".join(f"{s.name}: {s.min_players} to {s.max_players}" for s in SYSTEMS.values())
    return f"Number of players ({ranges}; default: the game's)."


EXIT_USAGE = 2
"""Exit status for bad input of any kind (Click's status for usage errors)."""


class CliError(BumtableError):
    """Bad input that only the command line checks (clashing options, an impossible hand)."""


def out_console() -> Console:
    return Console(highlight=False, emoji=False)


def print_table(console: Console, table: Table) -> None:
    """``table`` whole: fitted to a terminal, at its own width in a file or pipe (not cut at 80 columns)."""
    if console.is_terminal:
        console.print(table)
        return
    unbounded = console.options.update_width(1_000_000)  # measure() clamps to the width it is given
    width = console.width  # print(width=...) cannot go past the console's own width: widen it for the table
    console.width = max(width, console.measure(table, options=unbounded).maximum)
    try:
        console.print(table)
    finally:
        console.width = width


def name_column(table: Table, header: str) -> None:
    """A column of names (``search:iterations=50:paired=true``) that folds a long one rather than cut it."""
    table.add_column(header, justify="left", overflow="fold")


def err_console() -> Console:
    return Console(stderr=True, highlight=False, emoji=False)


def work_progress(title: str, *units: str, quiet: bool = False) -> Progress:
    """A long run's progress bar on stderr, hidden when ``quiet`` (JSON output), gone when the run ends."""
    return Progress(
        TextColumn(title),
        BarColumn(),
        MofNCompleteColumn(),
        *(TextColumn(u) for u in units),
        TimeElapsedColumn(),
        console=err_console(),
        disable=quiet,
        transient=True,
    )


GameArg = Annotated[str, typer.Argument(help=GAME_HELP, show_default=True)]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-n", help=players_help())]
VariantOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        "-v",
        help="A variant, e.g. one-hour or partnership (repeatable; bumtable games lists them).",
    ),
]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="Set any rules option, NAME=VALUE (repeatable; bumtable games GAME lists them).",
    ),
]


def fail(message: str) -> typer.Exit:
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(EXIT_USAGE)


@contextlib.contextmanager
def cli_errors() -> Iterator[None]:
    """Turn bumtable's own errors into a one-line message on stderr and exit status 2."""
    try:
        yield
    except BumtableError as e:
        raise fail(str(e)) from None


def split_words(values: Iterable[str] | None) -> list[str]:
    """Values of a repeatable option, each of which may also hold a comma-separated list."""
    return [w.strip() for v in values or () for w in v.split(",") if w.strip()]


def make_rules(
    game: str, players: int | None, variants: list[str], target: int | None, options: Iterable[str] = ()
) -> Rules:
    """The rules the options describe; ``options`` (``NAME=VALUE``, JSON where it parses) apply last.

    >>> make_rules("arsehole", 4, ["reverse-ranking"], None, ["reverse_card=8"]).reverse_card
    '8'
    """
    if target is not None and target < 1:
        raise CliError(f"--target must be at least 1, not {target}")
    changes = {} if target is None else {"target": target, "rounds": 0}
    if changes and system(game).family.name != "climbing":
        raise CliError(f"{system(game).name} has no points target: leave out --target")
    rules = get(game, players=players, variants=variants, **changes)
    return changed(rules, parse_options(options))


def parse_options(values: Iterable[str]) -> dict[str, object]:
    """``-o`` words as options by name, each value JSON where it parses (``rules.changes.read_changes``)."""
    return read_changes(values)


def bot_words(text: str) -> list[str]:
    """The kinds in ``--bots``; an empty entry (``hard,,random``), likely a kind left out, is a CliError."""
    words = [w.strip() for w in text.split(",")]
    if len(words) > 1 and "" in words:
        raise CliError(f"--bots {text!r} has an empty entry: name a bot kind between each pair of commas")
    return [w for w in words if w]


def parse_bots(text: str) -> list[str]:
    kinds = [k.lower() for k in bot_words(text)]
    if not kinds:
        raise CliError(f"--bots needs at least one bot kind; bots: {', '.join(sorted(BOTS))}")
    for kind in kinds:
        try:
            check_bot(kind)
        except BumtableError as e:
            raise CliError(str(e)) from None
    return kinds


def new_seed() -> int:
    """A fresh seed for a match nobody gave one for (short enough to type back)."""
    return secrets.randbelow(1_000_000_000)


def command_name() -> str:
    """How to run bumtable again as this process was run: ``bumtable`` when that is this program on PATH,
    else the script as typed, or ``python -m bumtable.cli``."""
    script = sys.argv[0] if sys.argv else ""
    on_path = shutil.which("bumtable")
    if not script or Path(script).name == "__main__.py":  # python -m bumtable.cli
        return "bumtable" if on_path else f"{shlex.quote(sys.executable)} -m bumtable.cli"
    with contextlib.suppress(OSError):
        if on_path and Path(on_path).samefile(script):
            return "bumtable"
    return shlex.quote(script)


def stdin_is_tty() -> bool:
    """True when a person is probably typing (stdin is a terminal)."""
    try:
        return sys.stdin.isatty()
    except (AttributeError, ValueError):
        return False
