"""``bumtable play``: you against bots in the terminal, with save and resume."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.text import Text

from bumtable.bots import check_bot_for
from bumtable.cli.common import (
    CliError,
    GameArg,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    cli_errors,
    command_name,
    make_rules,
    new_seed,
    out_console,
    parse_bots,
    parse_options,
    split_words,
)
from bumtable.cli.play import Match
from bumtable.cli.saves import Seating, load_record, meta_of, seating_from
from bumtable.faces.terminal.families import face_for
from bumtable.rules import Rules, get, system


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
            help="Bot kinds for the other seats in turn, the list repeated to fill the table: easy, medium, "
            "hard, heuristic (also called greedy) or random, e.g. hard,medium,easy."
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
    auto: Annotated[
        bool | None,
        typer.Option(
            "--auto/--no-auto",
            help="Play your turn for you when it has only one legal move, and say so (default: on; "
            "a saved game keeps its choice).",
            show_default=False,
        ),
    ] = None,
    hints: Annotated[
        bool,
        typer.Option(
            "--hints",
            help="Show under the menu, at every turn, what the hard bot would play and why (h at the prompt "
            "shows it on asking).",
        ),
    ] = False,
) -> None:
    """Play a match against bots.

    At the prompt, type your move: cards (Q Q 2, or Qh for that very card) or a word of the game (pass, stock, bid ...). Menu options are #N; in the climbing games a number on its own is cards (7 is your 7s) unless it cannot be (1 picks option 1), in Gin Bummy and Boojum it is option N. At the end of a hand, Enter goes on to the next. h hint (what the hard bot would play), ? help, t table, r rules, quit to stop (q too, unless it is a Queen you may play); a game not saved asks before quitting.
    """
    console = out_console()
    with cli_errors():
        if load is not None:
            given = [
                name
                for name, value in (
                    ("--players", players),
                    ("--variant", variant),
                    ("--option", option),
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
            console.print(Text(title_line(state.rules, _words(meta.get("variants")), _options(meta))))
        else:
            variants = split_words(variant)
            rules = make_rules(game, players, variants, target, option or ())
            chosen = parse_options(option or ())
            people = {k: v for k, v in system(game).people_options.items() if k not in chosen}
            if people:
                rules = rules.replace(**people)
            kinds = [check_bot_for(kind, rules) for kind in parse_bots(bots or "heuristic")]
            seating = Seating.of(rules.players, 0 if seat is None else seat, kinds)
            if seed is None:
                seed = new_seed()
            state = rules.new_state(seed)
            meta = meta_of(seating, rules.players, variants)
            meta["options"] = chosen
            console.print(Text(f"{title_line(rules, variants, chosen)} {seed_line(seed)}"))
        if auto is not None:
            meta["auto"] = auto
        auto_play = meta.get("auto", True) is not False
        for line in in_force(state.rules, _words(meta.get("variants")), _options(meta)):
            console.print(Text(line, style="dim"))
        others = ", ".join(f"P{p} {k}" for p, k in enumerate(seating.kinds) if p != seating.human)
        console.print(
            Text(
                f"You are seat {seating.human}; bots: {others}. Type ? for help, h for a hint, r for the rules."
            )
        )
        try:
            while True:
                match = Match(state, seating, console, save=save, meta=meta, auto=auto_play, hints=hints)
                if not match.run() or not match.again():
                    break
                state = state.rules.new_state(new_seed())
                if save is not None:
                    save = next_free(save)
                console.print()
                console.print(Text(f"A new match with the same settings. {seed_line(state.seed)}"))
                if save is not None:
                    console.print(f"This match is saved to {save}.", markup=False, soft_wrap=True)
        except KeyboardInterrupt:
            kept = (
                f" The game so far is in {save}; resume with: {command_name()} play --load {save}"
                if save
                else ""
            )
            console.print(f"\nInterrupted.{kept}", markup=False, soft_wrap=True)
            raise typer.Exit(130) from None


def seed_line(seed: int) -> str:
    return f"Seed {seed} (play this deal again with --seed {seed})."


def title_line(rules: Rules, variants: Sequence[str], options: dict[str, object]) -> str:
    """What is played: the game, for how many, to what goal, with the variants and ``-o`` options given."""
    parts = [f"{system(rules.system).title} for {rules.players}", face_for(rules).goal(rules)]
    if variants:
        parts.append(f"variants: {', '.join(variants)}")
    if options:
        parts.append(f"options: {', '.join(f'{k}={_shown(v)}' for k, v in options.items())}")
    return ", ".join(parts) + "."


def in_force(rules: Rules, variants: Sequence[str], options: dict[str, object]) -> list[str]:
    """What each variant in force sets, one line each (less what ``-o`` or ``--target`` set otherwise).

    >>> rules = get("arsehole", players=4, variants=["reverse-ranking"], reverse_card="8")
    >>> in_force(rules, ["reverse-ranking"], {"reverse_card": "8"})
    ['Variant reverse-ranking: reverses=ranking (reverse_card=8 as given).']
    """
    base = system(rules.system).build(rules.players).to_dict()
    actual = rules.to_dict()
    out = []
    for name in variants:
        data = get(rules.system, players=rules.players, variants=[name]).to_dict()
        changed = [k for k, v in data.items() if v != base[k]]
        # set otherwise by an -o option or --target (named on the title line): what is in force decides
        overridden = [k for k in changed if k in options or actual[k] != data[k]]
        changes = ", ".join(f"{k}={_shown(data[k])}" for k in changed if k not in overridden)
        if overridden:
            changes += f" ({', '.join(f'{k}={_shown(actual[k])}' for k in overridden)} as given)"
        out.append(f"Variant {name}: {changes.strip() or 'as the game'}.")
    return out


def next_free(path: Path) -> Path:
    """``game-2.json`` (or the next number free) beside ``game.json``, for the next match."""
    stem = path.stem.rsplit("-", 1)[0] if path.stem.rsplit("-", 1)[-1].isdigit() else path.stem
    n = 2
    while (candidate := path.with_name(f"{stem}-{n}{path.suffix}")).exists():
        n += 1
    return candidate


def _shown(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value)


def _words(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else []


def _options(meta: dict[str, Any]) -> dict[str, object]:
    options = meta.get("options")
    return dict(options) if isinstance(options, dict) else {}
