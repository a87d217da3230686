"""``bumtable simulate``: bots play many hands; a summary table, or one JSON object."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from bumtable.cli.common import (
    GameArg,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    cli_errors,
    err_console,
    make_rules,
    new_seed,
    out_console,
    parse_bots,
    split_words,
)
from bumtable.cli.render import ordinal
from bumtable.rules import system
from bumtable.sim import SimReport
from bumtable.sim import simulate as run_simulation


def summary_tables(report: SimReport) -> list[Table]:
    """Finishing positions and points per hand by role, and points per hand by bot kind."""
    n = report.players
    by_role = Table(
        title="By role (the role held while playing the hand)", box=box.SIMPLE_HEAD, title_justify="left"
    )
    by_role.add_column("Role")
    for place in range(1, n + 1):
        by_role.add_column(ordinal(place), justify="right")
    by_role.add_column("Points/hand", justify="right")
    for role, shares in report.finish_by_role.items():
        by_role.add_row(Text(role), *(f"{s:.1%}" for s in shares), f"{report.points_by_role[role]:.3f}")
    by_bot = Table(title="By bot", box=box.SIMPLE_HEAD, title_justify="left")
    by_bot.add_column("Bot")
    by_bot.add_column("Points/hand", justify="right")
    by_bot.add_column("Matches won", justify="right")
    for bot, points in report.points_by_bot.items():
        by_bot.add_row(Text(bot), f"{points:.3f}", str(report.match_winners.get(bot, 0)))
    return [by_role, by_bot]


def print_summary(console: Console, report: SimReport, title: str) -> None:
    """The report for people."""
    console.print(
        Text(
            f"{title} for {report.players}: {report.hands} hands, {report.matches_finished} matches finished, "
            f"seed {report.seed}, bots {', '.join(report.bots)}"
        )
    )
    for table in summary_tables(report):
        console.print(table)
    if report.hands_with_roles < report.hands:
        console.print(Text(f"By role: over the {report.hands_with_roles} hands played with roles"))
    if report.revolutions or report.exact_revolution_rate:
        console.print(
            Text(
                f"Revolutions: {report.revolutions} of {report.hands} hands = {report.revolution_rate:.2%} "
                f"(exact rate {report.exact_revolution_rate:.4%})"
            )
        )
    if report.cancelled_exchanges:
        console.print(Text(f"Exchanges cancelled: {report.cancelled_exchanges}"))
    console.print(
        Text(
            f"Plays per hand: {report.plays_per_hand:.1f} (actions with passes: {report.actions_per_hand:.1f})"
        )
    )
    rate = report.hands / report.wall_seconds if report.wall_seconds > 0 else float("inf")
    console.print(Text(f"Wall time: {report.wall_seconds:.2f} s ({rate:,.0f} hands/s)"))


def simulate(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    hands: Annotated[int, typer.Option(min=1, help="Number of hands to play.")] = 1000,
    bots: Annotated[str, typer.Option(help="Bot kinds by seat in turn, e.g. greedy,random.")] = "greedy",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    target: Annotated[int | None, typer.Option(help="Points that end a match (default: the game's).")] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed (default: a fresh one, shown in the summary).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
) -> None:
    """Let bots play many hands and summarise finishing positions, points and revolutions."""
    with cli_errors():
        rules = make_rules(game, players, split_words(variant), target, option or ())
        kinds = parse_bots(bots)
        title = system(game).title
    if seed is None:
        seed = new_seed()
    progress = Progress(
        TextColumn("Simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console(),
        disable=as_json,
        transient=True,
    )
    with progress:
        task = progress.add_task("hands", total=hands)
        report = run_simulation(
            rules, hands=hands, bots=kinds, seed=seed, progress=lambda k: progress.advance(task, k)
        )
    if as_json:
        typer.echo(json.dumps(report.to_dict()))
    else:
        print_summary(out_console(), report, title)
