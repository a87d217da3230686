"""``bumtable lab STUDY GAME``: a study of a game's rules; tables for people, one JSON object, or a report."""

from __future__ import annotations

import json
import shlex
import time
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer
from rich import box
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from bumtable.cli.common import (
    GameArg,
    JobsOption,
    OptionOpt,
    PlayersOpt,
    RayOption,
    VariantOpt,
    cli_errors,
    err_console,
    fail,
    make_rules,
    new_seed,
    out_console,
    parse_bots,
    print_table,
    split_words,
)
from bumtable.lab.record import recorded_seed
from bumtable.lab.result import LabResult
from bumtable.lab.run import open_record, run_study
from bumtable.lab.studies import STUDIES
from bumtable.lab.studies import study as find_study
from bumtable.lab.study import ENGINES, Engine, LabError, Setup, Study, StudyOptions, Units
from bumtable.sim.ray_backend import connect


class RateColumn(ProgressColumn):
    """Units per second, as Rich measures them over the last half minute."""

    def __init__(self, units: str) -> None:
        super().__init__()
        self.units = units

    def render(self, task: Task) -> Text:
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:,.0f} {self.units}/s")


def lab_progress(units: str, *, quiet: bool) -> Progress:
    """The study's progress bar on stderr: done of all, units per second and time left."""
    return Progress(
        TextColumn("Lab"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(units),
        RateColumn(units),
        TimeRemainingColumn(),
        console=err_console(),
        disable=quiet,
        transient=True,
    )


def command_text(
    study: str,
    game: str,
    players: int,
    variants: list[str],
    options: list[str],
    bots: str,
    hands: int,
    seed: int,
    *,
    units: Units = "hands",
    settings: list[str] | None = None,
    axis: str | None = None,
    engine: Engine = "reference",
) -> str:
    """The command that makes the same figures again (the seed always given); ``hands`` counts ``units``;
    ``axis`` is a sweep's values, ``NAME=a,b,c``."""
    words = ["bumtable", "lab", study, game, *([axis] if axis is not None else []), "-n", str(players)]
    for v in variants:
        words += ["-v", v]
    for o in options:
        words += ["-o", o]
    for s in settings or ():
        words += ["-s", s]
    words += ["--bots", bots, f"--{units}", str(hands), "--seed", str(seed)]
    if engine != "reference":
        words += ["--engine", engine]
    return shlex.join(words)


def _counted_in(units: Units) -> str:
    return ", ".join(sorted(s.name for s in STUDIES.values() if s.units == units and s.counted_by is None))


def _fast_studies() -> str:
    names = sorted(s.name for s in STUDIES.values() if s.play_fast is not None)
    return f"{' and '.join(names)} stud{'y' if len(names) == 1 else 'ies'}"


def _study_options() -> str:
    said = [f"{s.name}: {'; '.join(s.options.describe())}" for s in STUDIES.values() if s.options.describe()]
    return " Options: " + " | ".join(sorted(said)) + "." if said else ""


def count_of(
    study: Study, hands: int | None, matches: int | None, options: StudyOptions | None = None
) -> int:
    """The units to play: ``--hands`` or ``--matches``, whichever the study counts in with ``options`` (a
    sweep: the study it sweeps; its default if neither); the other is a LabError."""
    counted = study if options is None else study.counted(options)
    given, wrong = (hands, matches) if counted.units == "hands" else (matches, hands)
    if wrong is not None:
        other = "matches" if counted.units == "hands" else "hands"
        name = study.name if counted is study else f"{study.name} of the {counted.name}"
        raise LabError(
            f"the {name} study is counted in {counted.units}: give --{counted.units}, not --{other}"
        )
    return counted.default_count if given is None else given


def print_result(console: Console, result: LabResult, wall: float, resumed: int) -> None:
    console.print(
        Text(f"{result.study} study of {result.game} for {result.players}: {result.played:,} {result.units}")
    )
    for t in result.tables:
        table = Table(title=t.title, box=box.SIMPLE_HEAD, title_justify="left")
        for i, column in enumerate(t.columns):  # what a row is about on the left, its figures on the right
            left = i == 0 or column in ("trigger", "level", "from", "to")
            table.add_column(column, justify="left" if left else "right")
        for row in t.rows:
            table.add_row(*(Text("" if cell is None else str(cell)) for cell in row))
        print_table(console, table)
        if t.note:
            console.print(Text(t.note))
    console.print(Text(f"Command: {result.command}"))
    played = result.played - resumed
    if not played:
        console.print(Text(f"All {resumed:,} {result.units} read from the record, nothing played."))
        return
    rate = played / wall if wall > 0 else float("inf")
    said = f"; {resumed:,} read from the record" if resumed else ""
    console.print(Text(f"Wall time: {wall:.2f} s ({rate:,.0f} {result.units}/s{said})"))


def lab(
    study: Annotated[str, typer.Argument(help="The study: " + ", ".join(sorted(STUDIES)) + ".")],
    game: GameArg = "bum-game",
    axis: Annotated[
        str | None,
        typer.Argument(
            help="sweep only: the values compared, NAME=a,b,c: a rules option (as -o takes it), variant "
            "(none: no variant), players or bots; commas inside [] belong to the value.",
            show_default=False,
        ),
    ] = None,
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    bots: Annotated[
        str,
        typer.Option(
            help="Bot kinds or levels by seat in turn, the list repeated to fill the table (as in simulate): "
            "easy, medium, hard, heuristic (also: greedy) or random. In skill: the opponents of the level tested."
        ),
    ] = "heuristic",
    hands: Annotated[
        int | None,
        typer.Option(
            "--hands",
            min=1,
            help=f"Hands to play, in the studies counted in hands ({_counted_in('hands')}): a game where a game "
            "is one hand (Gin Bummy, Boojum), a deal played once per level in skill (default: the study's).",
            show_default=False,
        ),
    ] = None,
    matches: Annotated[
        int | None,
        typer.Option(
            "--matches",
            min=1,
            help=f"Matches to play, in the studies counted in matches ({_counted_in('matches')}): a game where "
            "a game has no hands (default: the study's).",
            show_default=False,
        ),
    ] = None,
    study_option: Annotated[
        list[str] | None,
        typer.Option(
            "--study-option",
            "-s",
            help="Set one of the study's own options, NAME=VALUE (repeatable)." + _study_options(),
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Seed (default: the record's with --record, else a fresh one, shown)."),
    ] = None,
    jobs: JobsOption = 0,
    ray: RayOption = None,
    engine: Annotated[
        str,
        typer.Option(
            help="reference (the rules layer: every study and game) or fast (the compiled engine, much faster: "
            f"the {_fast_studies()} of The Bum Game, bots heuristic and random; docs/lab.md)."
        ),
    ] = "reference",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object with every figure.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(help="Write a report into this folder: HTML with plots, JSON and CSV.", file_okay=False),
    ] = None,
    record: Annotated[
        Path | None,
        typer.Option(
            help="Keep every finished chunk in this file; the same command goes on from it after a stop.",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Study a game's rules: exact odds beside simulated rates, with 95 % intervals and plots; sweep compares
    a study's figures as one option takes several values (bumtable lab sweep bum-game jokers=2,3)."""
    if seed is None and record is not None:
        seed = recorded_seed(record)
    if seed is None:
        seed = new_seed()
    with cli_errors():  # every piece of bad input is told here, in one line, before any work
        chosen = find_study(study)
        if engine not in ENGINES:
            raise LabError(f"--engine must be one of {', '.join(ENGINES)}, not {engine!r}")
        variants, options = split_words(variant), list(option or ())
        rules = make_rules(game, players, variants, None, options)
        chosen.applies(rules)
        settings = list(study_option or ())
        kinds = parse_bots(bots)
        own = chosen.options.read(settings, study=chosen.name).from_command(
            study=chosen.name, axis=axis, variants=variants, options=options, bots=kinds
        )
        seats = tuple(kinds[i % len(kinds)] for i in range(rules.players))
        counted = chosen.counted(own)
        count = count_of(chosen, hands, matches, own)
        command = command_text(
            chosen.name,
            rules.system,
            rules.players,
            variants,
            options,
            bots,
            count,
            seed,
            units=counted.units,
            settings=settings,
            axis=axis,
            engine=engine,
        )
        setup = chosen.ready(
            Setup(rules=rules, bots=seats, seed=seed, options=own, command=command, engine=engine)
        )
        if record is not None:  # a record of another study is refused here
            open_record(chosen, setup, record).close()
        if ray is not None:  # an unreachable cluster is refused here
            connect(ray)
    write_report: Callable[[LabResult, Path], list[Path]] | None = None
    if out is not None:
        try:
            from bumtable.lab.report import write_report as writer
        except ImportError as e:
            raise fail(f"the report needs bumtable.lab.report, which cannot be loaded here: {e}") from None
        write_report = writer
    progress = lab_progress(counted.units, quiet=as_json)
    start = time.perf_counter()
    resumed = 0

    def told(units: int) -> None:
        nonlocal resumed
        resumed = units
        progress.update(task, completed=units)

    with cli_errors():
        try:
            with progress:
                task = progress.add_task(counted.units, total=count)
                result = run_study(
                    chosen,
                    setup,
                    count=count,
                    jobs=jobs,
                    record=record,
                    ray=ray,
                    resumed=told,
                    progress=lambda k: progress.advance(task, k),
                )
        except KeyboardInterrupt:
            said = "Stopped; nothing kept (--record FILE keeps every chunk as it finishes)."
            if record is not None:
                said = f"Stopped. The chunks finished are in {record}: the same command goes on from there."
            err_console().print(Text(said), soft_wrap=True)
            raise typer.Exit(130) from None
    wall = time.perf_counter() - start
    if write_report is not None:
        assert out is not None
        with cli_errors():
            written = write_report(result, out)
        if not as_json:
            out_console().print(Text(f"Report: {written[0]}"))
    if as_json:
        typer.echo(json.dumps(result.to_dict()))
    else:
        print_result(out_console(), result, wall, resumed)
