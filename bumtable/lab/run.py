"""Running a study: its units cut into fixed chunks, each seeded from the seed and its index alone and played
in ``jobs`` processes, finished chunks kept in a record; the result is the same for a seed whatever ``jobs``
and however often the run was stopped and resumed.

>>> from bumtable.rules import get
>>> from bumtable.lab.studies import study
>>> setup = Setup(rules=get("bum-game"), bots=("random",) * 4, seed=5)
>>> run_study(study("revolution"), setup, count=20).played
20
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial, reduce
from pathlib import Path

from bumtable.lab.record import StudyRecord, header
from bumtable.lab.result import LabResult
from bumtable.lab.studies import study as named_study
from bumtable.lab.study import LabError, OptionValue, Setup, Study, Tally
from bumtable.rules import Rules
from bumtable.sim.parallel import chunk_seeds, chunk_sizes, default_jobs, run_chunks
from bumtable.sim.ray_backend import ray_runner


def _work(
    name: str,
    rules: Rules,
    bots: tuple[str, ...],
    size: int,
    seed: int,
    *,
    options: dict[str, OptionValue] | None = None,
    engine: str = "reference",
) -> Tally:
    """One chunk of study ``name`` with its ``options`` on ``engine`` (module-level, named, so a worker
    process can be sent it)."""
    study = named_study(name)
    play = study.play_fast if engine == "fast" else study.play_chunk
    assert play is not None, "Study.check_fast refuses a study without play_fast"
    return play(rules, bots, seed, size, **(options or {}))


def chunk_work(study: Study, setup: Setup) -> Callable[[int, int], Tally]:
    """``work(size, seed)``: one chunk of ``study`` on ``setup``, a function a worker process can be sent."""
    setup = study.settle(setup)
    return partial(
        _work, study.name, setup.rules, setup.bots, options=setup.options.arguments(), engine=setup.engine
    )


def open_record(study: Study, setup: Setup, path: str | Path) -> StudyRecord:
    """The record at ``path`` for this run: created, or read back; one of another run is a LabError."""
    setup = study.settle(setup)
    head = header(
        study=study.name,
        rules=setup.rules.to_dict(),
        bots=setup.bots,
        seed=setup.seed,
        chunk=study.chunk_for(setup),
        options=setup.options.to_dict(),
        engine=setup.engine,
    )
    return StudyRecord(path, head)


def run_study(
    study: Study,
    setup: Setup,
    *,
    count: int,
    jobs: int = 1,
    record: str | Path | None = None,
    resumed: Callable[[int], None] | None = None,
    progress: Callable[[int], None] | None = None,
    ray: str | None = None,
) -> LabResult:
    """Play ``count`` units of ``study`` in ``jobs`` processes (0: every core); ``record`` keeps each chunk
    as it finishes and gives back those it holds, told to ``resumed`` (units) before play starts; ``ray``
    (``auto`` or a cluster's address) plays the chunks as Ray tasks instead, with the same figures."""
    if count < 1:
        raise LabError(f"a study needs at least 1 unit to play, not {count}")
    if len(setup.bots) != setup.rules.players:
        raise LabError(f"{len(setup.bots)} bots for {setup.rules.players} seats")
    setup = study.ready(setup)
    jobs = jobs or default_jobs()
    chunks = run_chunks if ray is None else ray_runner(ray)  # a cluster is joined here, before any work
    sizes = chunk_sizes(count, study.chunk_for(setup))
    seeds = chunk_seeds(setup.seed, len(sizes))
    with contextlib.ExitStack() as stack:
        kept = stack.enter_context(open_record(study, setup, record)) if record is not None else None
        tallies: dict[int, Tally] = {}
        if kept is not None:  # a chunk of another size (the last of a shorter run) is played again
            tallies = {i: t for i, (units, t) in kept.chunks.items() if i < len(sizes) and units == sizes[i]}
        if resumed is not None:
            resumed(sum(sizes[i] for i in tallies))
        todo = [i for i in range(len(sizes)) if i not in tallies]

        def done(j: int, tally: Tally) -> None:
            if kept is not None:
                kept.add(todo[j], sizes[todo[j]], tally)

        played = (
            chunks(
                chunk_work(study, setup),
                [sizes[i] for i in todo],
                [seeds[i] for i in todo],
                jobs=jobs,
                progress=progress,
                done=done,
            )
            if todo
            else []
        )
        tallies.update(zip(todo, played, strict=True))
    total = reduce(study.merge, (tallies[i] for i in range(len(sizes))))
    return study.finish(total, setup)
