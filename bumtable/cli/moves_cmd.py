"""``bumtable moves``: the legal plays from a hand, as JSON (or JSON lines for many hands)."""

from __future__ import annotations

import json
import sys
from typing import Annotated

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
from bumtable.cli.moves import moves_for, moves_line


def moves(
    game: GameArg = "bum-game",
    players: PlayersOpt = None,
    hand: Annotated[str | None, typer.Option(help="The hand, e.g. '3h 4h 5h Qs Qd 2c JK'.")] = None,
    beat: Annotated[
        str | None, typer.Option(help="The play to beat, e.g. 'set 5' or 'seq 9 10 J' (default: leading).")
    ] = None,
    variant: VariantOpt = None,
    option: OptionOpt = None,
    reversed_ranking: Annotated[
        bool, typer.Option("--reversed", help="The ranking is reversed: list plays that rank lower.")
    ] = False,
    jsonl: Annotated[
        bool,
        typer.Option(help='Read lines {"hand": ..., "beat": ...} from stdin, answer each on its own line.'),
    ] = False,
) -> None:
    """List every distinct legal play from a hand as JSON.

    Plays that differ only in suit are one play, except where the rules make suits matter (Bridge suit
    ranking, flushes): then each suit that can decide a play is listed.
    """
    with cli_errors():
        rules = make_rules(game, players, split_words(variant), None, option or ())
        if jsonl:
            if hand is not None or beat is not None:
                raise CliError("--jsonl reads hands from stdin: leave out --hand and --beat")
            for line in sys.stdin:
                if line.strip():
                    sys.stdout.write(json.dumps(moves_line(rules, line)) + "\n")
                    sys.stdout.flush()
            return
        if hand is None:
            raise CliError("give the hand with --hand CARDS (or use --jsonl to read hands from stdin)")
        typer.echo(json.dumps(moves_for(rules, hand, beat, reversed_ranking=reversed_ranking)))
