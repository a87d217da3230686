"""Tournaments of bots on duplicate deals: each deal is played in every rotation of the line-up round the
table, so every kind holds every seat's cards once per deal. Deal ``i`` is seeded by the tournament's seed
alone (:func:`deal_seed`); a round robin also rates the kinds (:mod:`bumtable.sim.ladder`).

>>> from bumtable.rules import get
>>> lineup = ["heuristic", "random", "random", "random"]
>>> report = tournament(get("bum-game", players=4), bots=lineup, deals=2, seed=1)
>>> report.tables_per_deal, [(r.bot, r.hands) for r in report.results], sum(r.firsts for r in report.results)
(4, [('heuristic', 8), ('random', 24)], 8.0)
"""

from __future__ import annotations

import contextlib
import hashlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from bumtable.bots import bot_settings, make_bot
from bumtable.bots.seeds import PerSeat
from bumtable.rules import Rules, family_of
from bumtable.sim.ladder import Rung, ladder
from bumtable.sim.lineups import TournamentError, fill_lineup, rotations, round_robin_lineups
from bumtable.sim.parallel import default_jobs, run_chunks
from bumtable.sim.ray_backend import ray_runner
from bumtable.sim.runner import HAND_END, Runner
from bumtable.sim.tournament_record import TournamentRecord, header
from bumtable.sim.tournament_stats import HeadToHead, KindResult, TableResult, head_to_head, kind_results


@dataclass(frozen=True)
class TournamentReport:
    """What a tournament measured; :meth:`to_dict` depends only on the inputs (no timings)."""

    system: str
    players: int
    seed: int
    deals: int
    unit: str
    """``hands`` (a deal is a climbing game's hand) or ``games``."""
    mode: str
    """``duplicate`` or ``round-robin``."""
    lineups: list[tuple[str, ...]]
    tables_per_deal: int
    results: list[KindResult]
    ladder: list[Rung]
    """Round robin only: the openskill ladder, best first."""
    wall_seconds: float
    jobs: int
    resumed: int = 0
    head_to_head: list[HeadToHead] = field(default_factory=list)
    """Round robin only: how the lone kind of each line-up did at that line-up's tables."""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "system": self.system,
            "players": self.players,
            "seed": self.seed,
            "mode": self.mode,
            "deals": self.deals,
            "unit": self.unit,
            "lineups": [list(lineup) for lineup in self.lineups],
            "tables_per_deal": self.tables_per_deal,
            "results": [r.to_dict() for r in self.results],
        }
        if self.mode == "round-robin":
            out["ladder"] = [rung.to_dict() for rung in self.ladder]
            out["head_to_head"] = [pair.to_dict() for pair in self.head_to_head]
        return out


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a tournament seeded ``seed``, whatever the cut of the work."""
    data = f"bumtable-deal:{seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1


def play_table(rules: Rules, seats: Sequence[str], deal: int, table: int) -> TableResult:
    """Play deal ``deal`` (a seed) as table number ``table`` (``PerSeat.of_table``), a ``seats[s]`` bot at
    seat ``s``: a climbing game to its first hand's end, another game to its end."""
    state = rules.new_state(deal).copy(history=False)  # no history, no event log: fast
    Runner(state, seats, PerSeat.of_table(deal, table, len(seats))).play(until=HAND_END)
    return hand_result(state, seats) if deal_is_a_hand(rules) else game_result(state, seats)


def deal_is_a_hand(rules: Rules) -> bool:
    """True where a deal is one hand (the climbing games), False where it is a whole game."""
    return family_of(rules).name == "climbing"


def hand_result(state: Any, seats: Sequence[str]) -> TableResult:
    """A climbing hand just finished, from its public result: places in going-out order, the hand's points."""
    result = state.observe(None).last_result
    n = len(seats)
    places = [0] * n
    for place, p in enumerate(result.order):
        places[p] = place + 1
    firsts = tuple(float(places[p] == 1) for p in range(n))
    return TableResult(tuple(seats), tuple(places), firsts, tuple(float(x) for x in result.points))


def game_result(state: Any, seats: Sequence[str]) -> TableResult:
    """A finished game from its :class:`~bumtable.rules.Outcome`; its winners share one first place."""
    outcome = state.outcome()
    assert outcome is not None
    n, winners = len(seats), outcome.winners
    firsts = tuple(1 / len(winners) if p in winners else 0.0 for p in range(n))
    return TableResult(tuple(seats), outcome.places, firsts, tuple(float(x) for x in outcome.scores))


def _play_deals(
    rules: Rules,
    seed: int,
    plan: Sequence[tuple[str, ...]],
    progress: Callable[[int], None] | None,
    count: int,
    start: int,
) -> list[tuple[TableResult, ...]]:
    """Deals ``start`` to ``start + count - 1``, each at every table of ``plan``."""
    out = []
    for index in range(start, start + count):
        deal = deal_seed(seed, index)
        out.append(tuple(play_table(rules, seats, deal, t) for t, seats in enumerate(plan)))
        if progress is not None:
            progress(1)
    return out


def tournament_lineups(
    rules: Rules, *, bots: Sequence[str], deals: int = 1, jobs: int = 1, round_robin: bool = False
) -> list[tuple[str, ...]]:
    """The line-ups each deal is played with; an error before anything is played if it cannot be played."""
    if deals < 1:
        raise TournamentError(f"--deals must be at least 1, not {deals}")
    if jobs < 0:
        raise TournamentError(f"--jobs must be 0 (every core) or more, not {jobs}")
    kinds = [k.lower() for k in bots]
    for kind in dict.fromkeys(kinds):
        make_bot(kind, 0, game=rules.system)  # an unknown kind fails here, naming the known ones
    n = rules.players
    return round_robin_lineups(kinds, n) if round_robin else [fill_lineup(kinds, n)]


def table_plan(lineups: Sequence[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """The tables each deal is played at, in order: every line-up in every rotation."""
    return [seats for lineup in lineups for seats in rotations(lineup)]


def mode_name(round_robin: bool) -> str:
    return "round-robin" if round_robin else "duplicate"


def open_record(
    rules: Rules,
    lineups: Sequence[tuple[str, ...]],
    *,
    seed: int,
    round_robin: bool,
    record: str | Path,
    read_only: bool = False,
) -> TournamentRecord:
    """This tournament's record at ``record``, open and locked (``read_only``: not locked)."""
    kinds = dict.fromkeys(kind for lineup in lineups for kind in lineup)
    settings = {kind: bot_settings(kind, rules.system) for kind in kinds}
    mode = mode_name(round_robin)
    head = header(rules=rules.to_dict(), seed=seed, mode=mode, lineups=lineups, bots=settings)
    return TournamentRecord(record, head, table_plan(lineups), read_only=read_only)


def runs(indices: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Sorted deal ``indices`` cut into runs of consecutive deals, at most ``size`` each: (first, count)."""
    out: list[tuple[int, int]] = []
    for index in indices:
        if out and out[-1][0] + out[-1][1] == index and out[-1][1] < size:
            out[-1] = (out[-1][0], out[-1][1] + 1)
        else:
            out.append((index, 1))
    return out


def tournament(
    rules: Rules,
    *,
    bots: Sequence[str],
    deals: int,
    seed: int = 0,
    jobs: int = 1,
    round_robin: bool = False,
    progress: Callable[[int], None] | None = None,
    record: str | Path | None = None,
    ray: str | None = None,
) -> TournamentReport:
    """Play ``deals`` deals in ``jobs`` processes (0: every core), or as Ray tasks on the cluster at ``ray``
    (``auto`` or an address), and summarise per bot kind; with ``record``, a stopped tournament goes on from
    its record and gives the same report."""
    lineups = tournament_lineups(rules, bots=bots, deals=deals, jobs=jobs, round_robin=round_robin)
    plan = table_plan(lineups)
    jobs = jobs or default_jobs()
    play = run_chunks if ray is None else ray_runner(ray)  # a cluster is joined here, before any work
    with contextlib.ExitStack() as stack:
        known: dict[int, tuple[TableResult, ...]] = {}
        add: Callable[[int, tuple[TableResult, ...]], None] | None = None
        if record is not None:
            book = stack.enter_context(
                open_record(rules, lineups, seed=seed, round_robin=round_robin, record=record)
            )
            known = {i: tables for i, tables in book.deals.items() if i < deals}
            add = book.add
        missing = [i for i in range(deals) if i not in known]
        # Deals are seeded by their index, so how they are cut into chunks changes nothing but the speed
        # (recorded deals go one at a time, so a stop loses no finished deal).
        size = 1 if record is not None else max(1, min(25, -(-deals // (4 * jobs))))
        chunks = runs(missing, size)
        inline = progress if ray is None and (jobs == 1 or len(chunks) == 1) else None
        if progress is not None and known:
            progress(len(known))
        begin = time.perf_counter()
        played: dict[int, tuple[TableResult, ...]] = dict(known)

        def finished(i: int, tables: list[tuple[TableResult, ...]]) -> None:
            first = chunks[i][0]
            for k, deal_tables in enumerate(tables):
                played[first + k] = deal_tables
                if add is not None:
                    add(first + k, deal_tables)

        if chunks:
            play(
                partial(_play_deals, rules, seed, plan, inline),
                [count for _, count in chunks],
                [first for first, _ in chunks],
                jobs=jobs,
                progress=None if inline is not None else progress,
                done=finished,
            )
    ordered = [played[i] for i in range(deals)]
    return _report(
        rules,
        seed,
        lineups,
        ordered,
        round_robin=round_robin,
        wall_seconds=time.perf_counter() - begin,
        jobs=min(jobs, max(len(chunks), 1)),
        resumed=len(known),
    )


def recorded_report(
    rules: Rules,
    *,
    bots: Sequence[str],
    deals: int | None,
    seed: int,
    round_robin: bool,
    record: str | Path,
) -> TournamentReport:
    """The report of the deals this tournament's record holds so far among the first ``deals`` (None: all),
    read while a tournament may be writing it; for deals 0 to k-1 it is the tournament's report for k."""
    lineups = tournament_lineups(rules, bots=bots, deals=deals or 1, round_robin=round_robin)
    book = open_record(rules, lineups, seed=seed, round_robin=round_robin, record=record, read_only=True)
    ordered = [book.deals[i] for i in sorted(book.deals) if deals is None or i < deals]
    if not ordered:
        among = "" if deals is None or not book.deals else f" among its first {deals}"
        raise TournamentError(f"the record {record} holds no deal{among} yet")
    return _report(
        rules, seed, lineups, ordered, round_robin=round_robin, wall_seconds=0.0, jobs=0, resumed=len(ordered)
    )


def _report(
    rules: Rules,
    seed: int,
    lineups: list[tuple[str, ...]],
    ordered: Sequence[Sequence[TableResult]],
    *,
    round_robin: bool,
    wall_seconds: float,
    jobs: int,
    resumed: int,
) -> TournamentReport:
    return TournamentReport(
        system=rules.system,
        players=rules.players,
        seed=seed,
        deals=len(ordered),
        unit="hands" if deal_is_a_hand(rules) else "games",
        mode=mode_name(round_robin),
        lineups=lineups,
        tables_per_deal=len(table_plan(lineups)),
        results=kind_results(ordered),
        ladder=ladder(t for tables in ordered for t in tables) if round_robin else [],
        wall_seconds=wall_seconds,
        jobs=jobs,
        resumed=resumed,
        head_to_head=head_to_head(ordered, lineups) if round_robin else [],
    )
