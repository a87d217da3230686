"""``bumtable simulate``: bots play many hands; a summary table, or one JSON object."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from bumtable.bots import check_bot_for
from bumtable.cli.common import (
    CliError,
    GameArg,
    JobsOption,
    OptionOpt,
    PlayersOpt,
    RayOption,
    VariantOpt,
    cli_errors,
    make_rules,
    name_column,
    new_seed,
    out_console,
    parse_bots,
    print_table,
    split_words,
    work_progress,
)
from bumtable.rules import Rules, as_climbing, family_of, system
from bumtable.sim import GameSimReport, SimReport, simulate_games
from bumtable.sim import simulate as run_simulation
from bumtable.sim.fast_hands import check_bots, check_rules, fast_engine
from bumtable.sim.fast_sim import simulate_fast
from bumtable.sim.ray_backend import connect
from bumtable.words import ordinal, plural

ENGINES = ("reference", "fast")


def check_fast(rules: Rules, kinds: list[str], ray: str | None) -> None:
    """Refuse, before any work, what ``--engine fast`` cannot run: no numba, a bot, game or option it does
    not play, or a Ray cluster."""
    fast_engine()
    check_bots(kinds)
    if ray is not None:
        raise CliError("--engine fast runs in this process (threads): leave out --ray")
    check_rules(rules)  # a RulesError naming what the compiled engine and its heuristic play


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
    name_column(by_bot, "Bot")
    by_bot.add_column("Points/hand", justify="right")
    by_bot.add_column("Matches won", justify="right")
    for bot, points in report.points_by_bot.items():
        by_bot.add_row(Text(bot), f"{points:.3f}", str(report.match_winners.get(bot, 0)))
    return [by_role, by_bot]


def print_summary(console: Console, report: SimReport, title: str) -> None:
    console.print(
        Text(
            f"{title} for {report.players}: {plural(report.hands, 'hand')}, "
            f"{plural(report.matches_finished, 'match', 'matches')} finished, "
            f"seed {report.seed}, bots {', '.join(report.bots)}"
        )
    )
    for table in summary_tables(report):
        print_table(console, table)
    if report.hands_with_roles < report.hands:
        console.print(Text(f"By role: over the {plural(report.hands_with_roles, 'hand')} played with roles"))
    if report.revolutions or report.exact_revolution_rate:
        console.print(
            Text(
                f"Revolutions: {report.revolutions} of {plural(report.hands, 'hand')} = {report.revolution_rate:.2%} "
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


def print_game_summary(console: Console, report: GameSimReport, title: str) -> None:
    console.print(
        Text(
            f"{title} for {report.players}: {plural(report.games, 'game')}, seed {report.seed}, "
            f"bots {', '.join(report.bots)} (seats shuffled each game)"
        )
    )
    by_bot = Table(title="By bot", box=box.SIMPLE_HEAD, title_justify="left")
    name_column(by_bot, "Bot")
    for col in ("Seats played", "Games won", "Win rate per seat"):
        by_bot.add_column(col, justify="right", no_wrap=True)
    for bot, seats in report.seats_by_bot.items():
        won = report.wins_by_bot.get(bot, 0.0)
        by_bot.add_row(Text(bot), str(seats), f"{won:g}", f"{won / seats:.1%}")
    print_table(console, by_bot)
    endings = ", ".join(f"{how} {k} ({k / report.games:.1%})" for how, k in report.endings.items())
    console.print(Text(f"Endings: {endings}"))
    if report.no_winner:
        console.print(Text(f"Games with no winner: {report.no_winner}"))
    by_seat = ", ".join(f"P{p} {w:g}" for p, w in enumerate(report.wins_by_seat))
    console.print(Text(f"Wins by seat: {by_seat}"))
    unit = "turns" if report.system == "gin-bummy" else "rounds"
    console.print(
        Text(
            f"Length: {report.length_per_game:.1f} {unit} per game (longest {report.longest}), "
            f"{report.actions_per_game:.1f} actions per game"
        )
    )
    for key, value in report.extra.items():
        console.print(Text(f"{key.replace('_', ' ').capitalize()}: {value:.3f}"))
    rate = report.games / report.wall_seconds if report.wall_seconds > 0 else float("inf")
    console.print(Text(f"Wall time: {report.wall_seconds:.2f} s ({rate:,.1f} games/s)"))


def simulate(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    hands: Annotated[
        int,
        typer.Option(
            "--hands",
            "--games",
            min=1,
            help="Number of hands to play (Gin Bummy and Boojum: whole games; --games says the same).",
        ),
    ] = 1000,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot kinds by seat in turn, the list repeated to fill the table: easy, medium, hard, "
            "heuristic (also: greedy) or random, e.g. medium,heuristic."
        ),
    ] = "heuristic",
    variant: VariantOpt = None,
    option: OptionOpt = None,
    target: Annotated[int | None, typer.Option(help="Points that end a match (default: the game's).")] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed (default: a fresh one, shown in the summary).")
    ] = None,
    jobs: JobsOption = 0,
    ray: RayOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    engine: Annotated[
        str,
        typer.Option(
            help="reference (the rules layer, every game) or fast (the compiled engine: hands of matches of the "
            "games it covers, bots heuristic and random; docs/fast.md)."
        ),
    ] = "reference",
) -> None:
    """Let bots play many hands (or games) and summarise who won, points, revolutions and endings."""
    with cli_errors():
        rules = make_rules(game, players, split_words(variant), target, option or ())
        kinds = [check_bot_for(kind, rules) for kind in parse_bots(bots)]  # before any work
        if engine not in ENGINES:
            raise CliError(f"--engine must be one of {', '.join(ENGINES)}, not {engine!r}")
        if engine == "fast":
            check_fast(rules, kinds, ray)
        title = system(game).title + (" (compiled engine)" if engine == "fast" else "")
        if ray is not None:  # an unreachable cluster is refused here, before any work
            connect(ray)
    if seed is None:
        seed = new_seed()
    progress = work_progress("Simulating", quiet=as_json)
    with cli_errors(), progress:
        task = progress.add_task("hands", total=hands)
        advance = lambda k: progress.advance(task, k)  # noqa: E731
        if engine == "fast":  # hands of matches on the compiled engine, in threads
            report: SimReport | GameSimReport = simulate_fast(
                as_climbing(rules), hands=hands, bots=kinds, seed=seed, jobs=jobs, progress=advance
            )
        elif family_of(rules).name == "climbing":  # hands of a long match, counted by role
            report = run_simulation(
                as_climbing(rules), hands=hands, bots=kinds, seed=seed, jobs=jobs, progress=advance, ray=ray
            )
        else:
            report = simulate_games(
                rules, games=hands, bots=kinds, seed=seed, jobs=jobs, progress=advance, ray=ray
            )
    if as_json:
        typer.echo(json.dumps(report.to_dict()))
    elif isinstance(report, SimReport):
        print_summary(out_console(), report, title)
    else:
        print_game_summary(out_console(), report, title)
