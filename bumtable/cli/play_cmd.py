"""``bumtable play``: you against bots in the terminal, with save and resume."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from bumtable.cli.common import (
    CliError,
    GameArg,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    cli_errors,
    make_rules,
    new_seed,
    out_console,
    parse_bots,
    parse_options,
    split_words,
)
from bumtable.cli.faces import face_for
from bumtable.cli.play import Match
from bumtable.cli.saves import Seating, load_record, meta_of, seating_from
from bumtable.rules import system


def play(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    target: Annotated[
        int | None, typer.Option(help="Points that win the match (default: the game's).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Seed for the cut and the deals (default: a fresh one).")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            help="Bot kinds for the other seats in turn: heuristic (also called greedy) or random, e.g. heuristic,random."
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option(help="Your seat, 0 to players-1 (default 0).")] = None,
    save: Annotated[
        Path | None, typer.Option(help="Write the game to this file after every action.", dir_okay=False)
    ] = None,
    load: Annotated[
        Path | None,
        typer.Option(
            help="Resume the game in this file (and keep saving to it unless --save names another).",
            dir_okay=False,
        ),
    ] = None,
) -> None:
    """Play a match against bots: type a play's number or its cards at the prompt."""
    console = out_console()
    with cli_errors():
        if load is not None:
            given = [
                name
                for name, value in (
                    ("--players", players),
                    ("--variant", variant),
                    ("--target", target),
                    ("--seed", seed),
                    ("--bots", bots),
                    ("--seat", seat),
                )
                if value is not None
            ]
            if given:
                raise CliError(
                    f"--load takes the rules, seed, seat and bots from the saved game; leave out {', '.join(given)}"
                )
            record, state = load_record(load)
            seating = seating_from(record)
            meta = dict(record.meta) or meta_of(seating, state.rules.players, [])
            save = save or load
            where = face_for(state.rules).progress(state.observe(None))
            console.print(
                Text(f"Resuming {load}: {len(record.actions)} actions so far, {where}, seed {state.seed}.")
            )
        else:
            variants = split_words(variant)
            rules = make_rules(game, players, variants, target, option or ())
            chosen = parse_options(option or ())
            people = {k: v for k, v in system(game).people_options.items() if k not in chosen}
            if people:
                rules = rules.replace(**people)
            seating = Seating.of(rules.players, 0 if seat is None else seat, parse_bots(bots or "heuristic"))
            if seed is None:
                seed = new_seed()
            state = rules.new_state(seed)
            meta = meta_of(seating, rules.players, variants)
            title = system(game).title
            extra = f", variants: {', '.join(variants)}" if variants else ""
            console.print(
                Text(
                    f"{title} for {rules.players}, {face_for(rules).goal(rules)}{extra}. "
                    f"Seed {seed} (play this deal again with --seed {seed})."
                )
            )
        others = ", ".join(f"P{p} {k}" for p, k in enumerate(seating.kinds) if p != seating.human)
        console.print(Text(f"You are seat {seating.human}; bots: {others}. Type h for help."))
        try:
            Match(state, seating, console, save=save, meta=meta).run()
        except KeyboardInterrupt:
            console.print(Text("\nInterrupted." + (f" The game so far is in {save}." if save else "")))
            raise typer.Exit(130) from None
