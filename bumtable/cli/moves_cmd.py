"""``bumtable moves``: the legal plays from a hand as JSON; Gin Bummy's actions at a turn; Boojum's claims."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from bumtable.cli.common import (
    CliError,
    GameArg,
    OptionOpt,
    PlayersOpt,
    VariantOpt,
    cli_errors,
    make_rules,
    split_words,
)
from bumtable.cli.moves_climbing import moves_for, moves_line
from bumtable.cli.moves_games import boojum_moves, gin_moves
from bumtable.rules import as_climbing, family_of

GAME_MOVES: dict[str, Callable[..., dict[str, Any]]] = {"gin-bummy": gin_moves, "boojum": boojum_moves}


def moves(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    hand: Annotated[str | None, typer.Option(help="The hand, e.g. '3h 4h 5h Qs Qd 2c JK'.")] = None,
    beat: Annotated[
        str | None, typer.Option(help="The play to beat, e.g. 'set 5' or 'seq 9 10 J' (default: leading).")
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    beg: Annotated[
        str | None, typer.Option(help="Gin Bummy: the Beg, bottom card first (its top card last).")
    ] = None,
    then: Annotated[
        list[str] | None,
        typer.Option(help="Gin Bummy: actions taken first, e.g. 'draw beg' (repeatable)."),
    ] = None,
    held: Annotated[
        str | None,
        typer.Option(help="Boojum: tokens already held, e.g. 'moons,knots' (not claimable again)."),
    ] = None,
    reversed_ranking: Annotated[
        bool, typer.Option("--reversed", help="The ranking is reversed: list plays that rank lower.")
    ] = False,
    jsonl: Annotated[
        bool,
        typer.Option(help='Read lines {"hand": ..., "beat": ...} from stdin, answer each on its own line.'),
    ] = False,
) -> None:
    """List every distinct legal play from a hand as JSON.

    Climbing games: each play from --hand that beats --beat (or leads); plays differing only in suit are one.

    Where suits can decide a play (Bridge suit ranking, flushes), each such suit is a play of its own.

    Gin Bummy: the actions at the start of a turn, with --beg on the Beg (after any --then actions).

    Boojum: every token the hand can claim, and with which cards (--held: the tokens already held).
    """
    with cli_errors():
        rules = make_rules(game, players, split_words(variant), None, option or ())
        family = family_of(rules).name
        if family != "climbing":
            if jsonl or beat is not None or reversed_ranking:
                raise CliError(
                    f"--jsonl, --beat and --reversed are for the climbing games, not {rules.system}"
                )
            if hand is None:
                raise CliError("give the hand with --hand CARDS")
            if family == "gin-bummy":
                if held is not None:
                    raise CliError("--held is for Boojum's tokens")
                result = GAME_MOVES["gin-bummy"](rules, hand, beg=beg or "", then=then or ())
            else:
                if beg is not None or then:
                    raise CliError("--beg and --then are for Gin Bummy")
                result = GAME_MOVES[family](rules, hand, held=held or "")
            typer.echo(json.dumps(result))
            return
        climbing_rules = as_climbing(rules)
        if beg is not None or then or held is not None:
            raise CliError("--beg and --then are for Gin Bummy, --held for Boojum")
        if jsonl:
            if hand is not None or beat is not None:
                raise CliError("--jsonl reads hands from stdin: leave out --hand and --beat")
            for line in sys.stdin:
                if line.strip():
                    sys.stdout.write(json.dumps(moves_line(climbing_rules, line)) + "\n")
                    sys.stdout.flush()
            return
        if hand is None:
            raise CliError("give the hand with --hand CARDS (or use --jsonl to read hands from stdin)")
        typer.echo(json.dumps(moves_for(climbing_rules, hand, beat, reversed_ranking=reversed_ranking)))
