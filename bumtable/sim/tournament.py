"""Tournaments of bots on duplicate deals: every deal played with every rotation of the bots round the table.

A **deal** is one seeded deal of the cards: in a climbing game, the first hand of a match (a fresh deal:
no roles yet, so no exchange), played to its end; in Gin Bummy and Boojum, one whole game. Every deal is
played once per **rotation** of the line-up (rotation ``r`` seats ``lineup[i]`` in seat ``(i + r) % n``),
each time with the same cards, so every bot kind holds every seat's cards once per deal and no bot keeps
a lucky seat or hand. The deals are fixed by the tournament's seed alone (deal ``i`` is
:func:`deal_seed` ``(seed, i)``), so a longer tournament plays the shorter one's deals first, and the
work is cut into chunks played in ``jobs`` processes with the same results whatever their number.

In a **round robin** every kind is rated against every other: each deal is played by every line-up of
one kind against ``n - 1`` of another (for two players, each pair once), in every rotation, and the
tables' places update openskill ratings (:mod:`bumtable.sim.ladder`) in the order played.

Statistics per kind (:mod:`bumtable.sim.tournament_stats`): hands played (a seat at a table), first-place
rate with its 95 % interval, mean points and mean place. A climbing hand's places are its finishing order
(no ties) and its points the hand's points; a game's places, winners and scores come from its
:class:`~bumtable.rules.Outcome` (tied winners share a first place, a game nobody won gives no first place).

>>> from bumtable.rules import get
>>> lineup = ["heuristic", "random", "random", "random"]  # a shorter list is repeated round the table
>>> report = tournament(get("bum-game", players=4), bots=lineup, deals=2, seed=1)
>>> report.lineups, report.tables_per_deal
([('heuristic', 'random', 'random', 'random')], 4)
>>> [(r.bot, r.hands) for r in report.results]
[('heuristic', 8), ('random', 24)]
>>> sum(r.firsts for r in report.results)
8.0
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
from bumtable.sim.runner import HAND_END, Runner
from bumtable.sim.tournament_record import TournamentRecord, header
from bumtable.sim.tournament_stats import HeadToHead, KindResult, TableResult, head_to_head, kind_results


@dataclass(frozen=True)
class TournamentReport:
    """What a tournament measured. :meth:`to_dict` depends only on the inputs (no timings)."""

    system: str
    players: int
    seed: int
    deals: int
    unit: str
    """``hands`` (climbing games: a deal is one hand) or ``games`` (a deal is a whole game)."""
    mode: str
    """``duplicate``, or ``round-robin``."""
    lineups: list[tuple[str, ...]]
    """The line-ups each deal is played by, each in every rotation."""
    tables_per_deal: int
    results: list[KindResult]
    ladder: list[Rung]
    """The openskill ladder, best first (round robin only; else empty)."""
    wall_seconds: float
    jobs: int
    resumed: int = 0
    """Deals read from the tournament's record instead of played (see :mod:`bumtable.sim.tournament_record`)."""
    head_to_head: list[HeadToHead] = field(default_factory=list)
    """Round robin only: how the lone kind of each line-up did at that line-up's tables."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data: the same for the same inputs, whatever the number of processes."""
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
    """The seed of deal ``index`` of a tournament seeded ``seed`` (independent of how the work is cut).

    >>> deal_seed(1, 0) == deal_seed(1, 0), deal_seed(1, 0) == deal_seed(1, 1)
    (True, False)
    """
    data = f"bumtable-deal:{seed}:{index}".encode()
    return int.from_bytes(hashlib.blake2b(data, digest_size=8).digest(), "big") >> 1


def play_table(rules: Rules, seats: Sequence[str], deal: int, table: int) -> TableResult:
    """Play deal ``deal`` (a seed) once, seat ``s`` played by a bot of kind ``seats[s]``.

    The bots are seeded from the deal, their seat and ``table`` (the table's number within the deal:
    ``PerSeat.of_table``). A climbing game stops when the match's first hand is over (the next hand is
    dealt, nothing played); a game without hands, when it is over.
    """
    state = rules.new_state(deal).copy(history=False)  # no history, no event log: fast
    Runner(state, seats, PerSeat.of_table(deal, table, len(seats))).play(until=HAND_END)
    return hand_result(state, seats) if deal_is_a_hand(rules) else game_result(state, seats)


def deal_is_a_hand(rules: Rules) -> bool:
    """True where a deal is one hand (the climbing games), False where it is a whole game.

    >>> from bumtable.rules import get
    >>> deal_is_a_hand(get("president")), deal_is_a_hand(get("boojum"))
    (True, False)
    """
    return family_of(rules).name == "climbing"


def hand_result(state: Any, seats: Sequence[str]) -> TableResult:
    """A climbing hand just finished, as its public result tells it: places in the order the players went
    out (no ties), first place to the first out, the hand's points.

    >>> import random
    >>> from bumtable.rules import get
    >>> state = get("bum-game", players=4).new_state(seed=5)
    >>> rng = random.Random(5)
    >>> while state.observe(None).last_result is None:
    ...     state.apply(rng.choice(state.legal_actions()))
    >>> result = hand_result(state, ["a", "b", "c", "d"])
    >>> sorted(result.places), sum(result.firsts), sorted(result.points)
    ([1, 2, 3, 4], 1.0, [0.0, 1.0, 2.0, 3.0])
    """
    result = state.observe(None).last_result
    n = len(seats)
    places = [0] * n
    for place, p in enumerate(result.order):
        places[p] = place + 1
    firsts = tuple(float(places[p] == 1) for p in range(n))
    return TableResult(tuple(seats), tuple(places), firsts, tuple(float(x) for x in result.points))


def game_result(state: Any, seats: Sequence[str]) -> TableResult:
    """A finished game, as its :class:`~bumtable.rules.Outcome` tells it: its places and scores; its winners
    share one first place (none when nobody won).

    >>> from bumtable.rules.gin_bummy.rules import gin_bummy
    >>> from bumtable.rules.gin_bummy.position import position
    >>> state = position(gin_bummy(3), ["2s 6h 4d 9c Kh", "7c 7d 7h 7s 8c", "3c 3d 4h 5s Jc"])
    >>> for text in ("discard Kh", "bum"):
    ...     state.apply(state.rules.parse_action(text))
    >>> game_result(state, ["a", "b", "c"])
    TableResult(kinds=('a', 'b', 'c'), places=(1, 2, 2), firsts=(1.0, 0.0, 0.0), points=(1.0, 0.0, 0.0))
    """
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
    """The line-ups a tournament plays each deal with; a :class:`TournamentError` (or an unknown bot's
    error) for a tournament that cannot be played as asked, before anything is played.

    >>> from bumtable.rules import get
    >>> tournament_lineups(get("gin-bummy"), bots=["heuristic", "random"])
    [('heuristic', 'random')]
    >>> tournament_lineups(get("gin-bummy"), bots=["heuristic"], deals=0)
    Traceback (most recent call last):
    ...
    bumtable.sim.lineups.TournamentError: --deals must be at least 1, not 0
    """
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
    """The tables each deal is played at, in order: every line-up in every rotation round the table.

    >>> table_plan([("hard", "heuristic")])
    [('hard', 'heuristic'), ('heuristic', 'hard')]
    """
    return [seats for lineup in lineups for seats in rotations(lineup)]


def mode_name(round_robin: bool) -> str:
    """The report's (and the record's) name for the mode: ``round-robin`` or ``duplicate``."""
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
    """The record at ``record`` of the tournament of these line-ups (:mod:`bumtable.sim.tournament_record`),
    open and locked (``read_only``: read, not locked): a
    :class:`~bumtable.sim.tournament_record.RecordError` if it cannot be this one's."""
    kinds = dict.fromkeys(kind for lineup in lineups for kind in lineup)
    settings = {kind: bot_settings(kind, rules.system) for kind in kinds}
    mode = mode_name(round_robin)
    head = header(rules=rules.to_dict(), seed=seed, mode=mode, lineups=lineups, bots=settings)
    return TournamentRecord(record, head, table_plan(lineups), read_only=read_only)


def runs(indices: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Sorted deal ``indices`` cut into chunks of consecutive deals, at most ``size`` each: (first, count).

    >>> runs([0, 1, 2, 5, 6, 9], 2)
    [(0, 2), (2, 1), (5, 2), (9, 1)]
    """
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
) -> TournamentReport:
    """Play ``deals`` duplicate deals in ``jobs`` processes (0: every core) and summarise per bot kind.

    ``bots`` are kinds for :func:`bumtable.bots.make_bot`: by seat, the last repeated to fill the table;
    with ``round_robin``, the kinds to rate. ``progress`` is called with the deals just finished (first
    with those read from the record). With ``record`` (a file), every deal is written there as it finishes
    and the deals it already holds are read, not played again: a tournament stopped half-way goes on where
    it stopped, and its report is the same as if it had never stopped.
    """
    lineups = tournament_lineups(rules, bots=bots, deals=deals, jobs=jobs, round_robin=round_robin)
    plan = table_plan(lineups)
    jobs = jobs or default_jobs()
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
        inline = progress if jobs == 1 or len(chunks) == 1 else None
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
            run_chunks(
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
    """The report of the deals that the record of this tournament holds so far, among the first ``deals``
    (None: all of them), read without playing or writing anything: a tournament may be playing into the
    record meanwhile. The report's ``deals`` is the number read (all of them ``resumed``), taken in the order
    of their index: when they are deals 0 to k-1 (a tournament in one process writes them in that order), the
    report is the one the tournament gives for ``k`` deals.

    A :class:`~bumtable.sim.tournament_record.RecordError` when there is no such record.
    """
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
    """The report of the deals ``ordered`` (each its tables, in the order the tournament plays them)."""
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
