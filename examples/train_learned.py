"""Train the ``learned`` bot by Deep Monte Carlo and write its weights (docs/env.md, "Baseline agent").

    pip install -e '.[train]'
    .venv/bin/python examples/train_learned.py --seed 1 --minutes 25

The weights go to ``bumtable/bots/data/learned_bum_game_4.npz`` unless ``--out`` says otherwise; then
``bumtable tournament bum-game -n 4 --bots learned,random,random,random --deals 1000`` measures them.
"""

from __future__ import annotations

import os

# Set before NumPy and PyTorch load their thread pools: on a busy machine, threads that spin while they
# wait for each other make every small matrix product many times slower.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from bumtable import rules
from bumtable.bots.learned import shipped_weights
from bumtable.train import Status, TrainConfig, train


def main(
    seed: Annotated[int, typer.Option(help="Seed of the deals, the network's start and every choice.")] = 1,
    minutes: Annotated[float, typer.Option(help="Training time (wall clock).")] = 25.0,
    hands: Annotated[int | None, typer.Option(help="Stop after this many hands, if sooner.")] = None,
    out: Annotated[
        Path | None,
        typer.Option(help="Where to write the weights (.npz); default: the package's.", dir_okay=False),
    ] = None,
    threads: Annotated[int, typer.Option(help="PyTorch threads.")] = 2,
) -> None:
    """Train a Q(s, a) network for The Bum Game for 4 (single hands) and export it for the learned bot."""
    out = out or shipped_weights()
    game = rules.get("bum-game", players=4)
    config = TrainConfig(seed=seed, minutes=minutes, hands=hands, threads=threads)
    columns = (
        TextColumn("[bold]Training"),
        BarColumn(),
        TextColumn("{task.percentage:>3.0f}%"),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[what]}"),
    )
    with Progress(*columns) as progress:
        task = progress.add_task("train", total=1.0, what="")

        def show(status: Status) -> None:
            if status.hands % 50 and status.done < 1.0:
                return
            rate = "-" if status.first_vs_random is None else f"{status.first_vs_random:.1%}"
            what = f"{status.hands:,} hands, {status.steps:,} steps, loss {status.loss:.3f}, 1st vs random {rate}"
            progress.update(task, completed=status.done, what=what)

        trained = train(game, config, show)
    out.parent.mkdir(parents=True, exist_ok=True)
    trained.export(out)
    console = Console()
    console.print(
        f"{trained.hands:,} hands ({trained.samples:,} decisions, {trained.steps:,} steps) in "
        f"{trained.seconds / 60:.1f} min; weights in {out} ({out.stat().st_size:,} bytes)"
    )
    for hands_so_far, rate in trained.evaluations:
        console.print(f"  after {hands_so_far:>7,} hands: first in {rate:.1%} against three random")


if __name__ == "__main__":
    typer.run(main)
