"""``bumtable tournament``: bots on duplicate deals; per-kind first-place rates, or an openskill ladder."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bumtable.cli.common import (
    GameArg,
    OptionOpt,
    PlayersOpt,
    RayOption,
    VariantOpt,
    bot_words,
    cli_errors,
    err_console,
    make_rules,
    name_column,
    new_seed,
    out_console,
    print_table,
    split_words,
    work_progress,
)
from bumtable.rules import system
from bumtable.sim.ray_backend import connect
from bumtable.sim.tournament import TournamentReport, open_record, recorded_report, tournament_lineups
from bumtable.sim.tournament import tournament as run_tournament
from bumtable.sim.tournament_record import recorded_seed

DEALS = 100


def results_table(report: TournamentReport) -> Table:
    """Per bot kind: hands (or games), first-place rate and its interval, mean points and theirs, mean place."""
    table = Table(box=box.SIMPLE_HEAD)
    name_column(table, "Bot")
    for column in (report.unit.capitalize(), "1st place", "95 %", "Points", "95 %", "Place"):
        table.add_column(column, justify="right", no_wrap=True)  # the numbers never wrap
    for r in report.results:
        low, high = r.first_place_ci95
        table.add_row(
            Text(r.bot),
            f"{r.hands:,}",
            f"{r.first_place_rate:.1%}",
            f"{low:.1%}..{high:.1%}",
            f"{r.mean_points:.3f}",
            "-"
            if r.mean_points_ci95 is None
            else f"{r.mean_points_ci95[0]:.2f}..{r.mean_points_ci95[1]:.2f}",
            f"{r.mean_place:.2f}",
        )
    return table


def ladder_table(report: TournamentReport) -> Table:
    """The openskill ladder: rank, bot, ordinal (mu - 3 sigma), mu, sigma, tables played."""
    table = Table(title="Ladder (openskill)", box=box.SIMPLE_HEAD, title_justify="left")
    table.add_column("Rank", justify="right", no_wrap=True)
    name_column(table, "Bot")
    for column in ("Ordinal", "Mu", "Sigma", "Games"):
        table.add_column(column, justify="right", no_wrap=True)
    for rung in report.ladder:
        table.add_row(
            str(rung.rank),
            Text(rung.bot),
            f"{rung.ordinal:.2f}",
            f"{rung.mu:.2f}",
            f"{rung.sigma:.2f}",
            f"{rung.games:,}",
        )
    return table


def head_to_head_table(report: TournamentReport) -> Table:
    """Each lone kind's first-place rate against another kind; its interval above, below or across parity."""
    n = report.players
    parity = 1 / n
    who = "each pair" if n == 2 else f"one kind alone against {n - 1} of another"
    table = Table(
        title=f"Head to head: {who} (parity {parity:.0%})",
        box=box.SIMPLE_HEAD,
        title_justify="left",
    )
    name_column(table, "Bot")
    name_column(table, "Against")
    for column in (report.unit.capitalize(), "1st place", "95 %", "vs parity"):
        table.add_column(column, justify="right", no_wrap=True)
    for pair in report.head_to_head:
        r = pair.result
        low, high = r.first_place_ci95
        verdict = "above" if low > parity else "below" if high < parity else "undecided"
        table.add_row(
            Text(r.bot),
            Text(pair.against),
            f"{r.hands:,}",
            f"{r.first_place_rate:.1%}",
            f"{low:.1%}..{high:.1%}",
            verdict,
        )
    return table


def emit(report: TournamentReport, title: str, as_json: bool, so_far_of: int | None = None) -> None:
    """The report as JSON or for people; ``so_far_of`` (the deals asked, 0: all) marks a record read so far."""
    if as_json:
        data = report.to_dict()
        if so_far_of is not None:
            data["so_far"] = {"deals_asked": so_far_of or None}
        typer.echo(json.dumps(data))
    else:
        print_report(out_console(), report, title, so_far_of)


def print_report(
    console: Console, report: TournamentReport, title: str, so_far_of: int | None = None
) -> None:
    plays = report.deals * report.tables_per_deal
    n = report.players
    deals = f"{report.deals:,} deal{'' if report.deals == 1 else 's'}"
    if report.mode == "round-robin":
        kinds = ", ".join(dict.fromkeys(k for lineup in report.lineups for k in lineup))
        lines = [
            f"{title} for {n}, round robin, seed {report.seed}",
            f"{deals} x {len(report.lineups)} line-ups x {n} rotations = {plays:,} {report.unit}",
            f"Line-ups: each of {kinds} against each other"
            if n == 2
            else f"Line-ups: each of {kinds} alone against {n - 1} of each other",
        ]
    else:
        lines = [
            f"{title} for {n}, seed {report.seed}: {deals} x {n} rotations = {plays:,} {report.unit}",
            f"Seats: {', '.join(report.lineups[0])}, turned round the table for each deal",
        ]
    for line in lines:
        console.print(Text(line))
    print_table(console, results_table(report))
    unit = report.unit[:-1]
    for line in (
        f"{report.unit.capitalize()}: seats played. A first place shared by k counts 1/k to each.",
        f"Points, Place: the mean points and place a {unit}.",
        "95 %: the first-place rate's interval is Wilson's, widened by the deals' design",
        "effect (never narrowed); the mean points' is Student's, over the deals' means.",
    ):
        console.print(Text(line))
    if report.ladder:
        print_table(console, ladder_table(report))
        print_table(console, head_to_head_table(report))
    if so_far_of is not None:
        asked = f" of the {so_far_of:,} deals asked" if so_far_of else " deals"
        console.print(Text(f"Read from the record: {report.deals:,}{asked}, nothing played."))
        return
    if report.resumed:
        console.print(Text(f"{report.resumed:,} of the deals read from the record, not played again."))
    played_now = (report.deals - report.resumed) * report.tables_per_deal
    rate = played_now / report.wall_seconds if report.wall_seconds > 0 else float("inf")
    console.print(Text(f"Wall time: {report.wall_seconds:.2f} s ({rate:,.1f} {report.unit}/s)"))


def tournament(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot kinds by seat in turn, the list repeated to fill the table as in play and simulate "
            "(hard,heuristic for 4: hard, heuristic, hard, heuristic; one hard against three heuristic is "
            "hard,heuristic,heuristic,heuristic); with --round-robin, the kinds to rate."
        ),
    ] = "heuristic,random",
    deals: Annotated[
        int | None,
        typer.Option(
            help="Deals to play, each in every rotation of the bots (climbing games: a deal is the first "
            "hand of a match; Gin Bummy and Boojum: a whole game). Default 100; with --so-far, every deal "
            "the record holds.",
            show_default=False,
        ),
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Seed that fixes the deals (default: the record's with --record, else a fresh one, shown)."
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            help="Processes to play in (0: every core). The results are the same for a seed whatever the number.",
        ),
    ] = 0,
    ray: RayOption = None,
    round_robin: Annotated[
        bool,
        typer.Option(
            "--round-robin",
            help="Rate the kinds with openskill: each deal played by each kind alone against the others.",
        ),
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    record: Annotated[
        Path | None,
        typer.Option(
            help="Write every deal to this file as it finishes, and read the deals it already holds: a "
            "tournament stopped (Ctrl-C) goes on where it stopped when run again with the same file.",
            dir_okay=False,
        ),
    ] = None,
    so_far: Annotated[
        bool,
        typer.Option(
            "--so-far",
            help="With --record: report the deals the record holds so far, playing nothing and writing "
            "nothing (a tournament may be playing into it meanwhile).",
        ),
    ] = False,
) -> None:
    """Play bots against each other on duplicate deals: first-place rates with 95 % intervals, points, places."""
    if so_far and record is None:
        raise typer.BadParameter("--so-far reads a record: give it with --record FILE", param_hint="--so-far")
    if seed is None and record is not None:  # a record goes on with its own seed
        seed = recorded_seed(record)
    if seed is None:  # (--so-far with no record: reading it says what is wrong)
        seed = 0 if so_far else new_seed()
    if so_far:
        assert record is not None
        with cli_errors():
            rules = make_rules(game, players, split_words(variant), None, option or ())
            report = recorded_report(
                rules,
                bots=bot_words(bots),
                deals=deals,
                seed=seed,
                round_robin=round_robin,
                record=record,
            )
        emit(report, system(game).title, as_json, so_far_of=deals or 0)
        return
    deals = DEALS if deals is None else deals
    progress = work_progress("Tournament", "deals", quiet=as_json)
    with cli_errors():
        rules = make_rules(game, players, split_words(variant), None, option or ())
        title = system(game).title
        kinds = bot_words(bots)
        # Bad input is told in one line before the progress bar starts.
        lineups = tournament_lineups(rules, bots=kinds, deals=deals, jobs=jobs, round_robin=round_robin)
        if record is not None:  # a record that cannot be this tournament's is told here too
            open_record(rules, lineups, seed=seed, round_robin=round_robin, record=record).close()
        if ray is not None:  # an unreachable cluster is refused here too
            connect(ray)
        try:
            with progress:
                task = progress.add_task("deals", total=max(deals, 1))
                report = run_tournament(
                    rules,
                    bots=kinds,
                    deals=deals,
                    seed=seed,
                    jobs=jobs,
                    round_robin=round_robin,
                    progress=lambda k: progress.advance(task, k),
                    record=record,
                    ray=ray,
                )
        except KeyboardInterrupt:
            if record is None:
                said = "Stopped; nothing kept (--record FILE keeps every deal as it finishes)."
            else:
                said = (
                    f"Stopped. The deals finished are in {record}: the same command goes on from there "
                    f"(the record keeps the seed, {seed})."
                )
            err_console().print(Text(said), soft_wrap=True)  # the path whole, not broken
            raise typer.Exit(130) from None
    emit(report, title, as_json)
