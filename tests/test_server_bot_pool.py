"""Bot decisions run off the server's event loop, in worker processes, with a per-server limit on how many are
made at once: a table of strong bots cannot block everyone else's tables and requests."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
from server_helpers import Server

from bumtable.rules import get
from bumtable.server.bot_pool import BotPool

TICKS = os.sysconf("SC_CLK_TCK")


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return "gone"


def _children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


@contextmanager
def one_worker_server(tmp_path: Path) -> Iterator[Server]:
    """``bumtable serve`` with one bot worker on a SQLite file of its own; killed hard at the end."""
    server = Server(
        f"sqlite:///{tmp_path / 'bots.db'}", tmp_path / "server.log", ("--bot-workers", "1")
    ).start()
    try:
        yield server
    finally:
        server.kill()


def server_pid(server: Server) -> int:
    assert server.process is not None
    return server.process.pid


def test_a_table_of_hard_bots_decides_in_worker_processes_while_requests_are_answered(tmp_path: Path) -> None:
    with one_worker_server(tmp_path) as server:
        made = server.create(game="bum-game", players=6, seats=[{"kind": "bot", "bot": "hard"}] * 6, seed=1)
        table = f"{server.http}/api/tables/{made['id']}"
        started = _cpu(server_pid(server))  # the server's own start (imports, database) is not the bots' work
        answered = 0
        while httpx.get(table, timeout=10).json()["actions"] < 6:  # the table plays on its own meanwhile
            assert httpx.get(f"{server.http}/api/tables", timeout=10).status_code == 200
            answered += 1
        children = {pid: Path(f"/proc/{pid}/cmdline").read_text() for pid in _children(server_pid(server))}
        workers = [pid for pid, line in children.items() if "spawn_main" in line]  # not the resource tracker
        assert len(workers) == 1, children
        # the decisions' work is the worker's: the server's own process did far less of it
        assert _cpu(workers[0]) > 2 * (_cpu(server_pid(server)) - started)
        assert answered > 0
    deadline = (
        time.monotonic() + 20
    )  # killed hard, the server cannot stop its workers: they leave by themselves
    while Path(f"/proc/{workers[0]}").exists() and _state(workers[0]) != "Z":
        assert time.monotonic() < deadline, "a bot worker outlived its server"
        time.sleep(0.1)


def test_no_more_bot_decisions_are_made_at_once_than_the_servers_limit() -> None:
    rules = get("bum-game", players=4)
    state = rules.new_state(3)
    observation = state.observe(state.current_player())

    async def decide_all(pool: BotPool) -> list[object]:
        try:
            return await asyncio.gather(
                *(pool.choose("medium", s, "bum-game", observation) for s in range(4))
            )
        finally:
            pool.close()

    for at_once in (1, 2):
        pool = BotPool(workers=2, at_once=at_once)
        actions = asyncio.run(decide_all(pool))
        assert pool.most == at_once and pool.busy == 0
        assert all(state.why_illegal(a) is None for a in actions)  # real decisions, made in the workers


def test_a_bot_worker_that_dies_is_replaced_and_the_table_plays_on(tmp_path: Path) -> None:
    with one_worker_server(tmp_path) as server:
        made = server.create(game="bum-game", players=4, seats=[{"kind": "bot", "bot": "medium"}] * 4, seed=2)
        table = f"{server.http}/api/tables/{made['id']}"
        deadline = time.monotonic() + 30
        while not (workers := _workers(server_pid(server))):
            assert time.monotonic() < deadline, "no bot worker started"
            time.sleep(0.05)
        os.kill(workers[0], 9)  # as the kernel's out-of-memory killer would
        killed_at = httpx.get(table, timeout=10).json()["actions"]
        while httpx.get(table, timeout=10).json()["actions"] < killed_at + 4:
            assert time.monotonic() < deadline + 60, f"the table stopped at {killed_at} actions"
            time.sleep(0.1)
        assert _workers(server_pid(server)) != workers  # a new worker decides


def _workers(server: int) -> list[int]:
    return [pid for pid in _children(server) if "spawn_main" in Path(f"/proc/{pid}/cmdline").read_text()]


def test_a_seat_or_stand_in_may_be_only_a_bot_a_table_offers(server: Server) -> None:
    """A search given its own settings could think for ever, holding its table and a worker: a table's bots are
    the levels, the heuristic and random."""
    endless = "search:iterations=1000000000:max_rollout=100000000"
    for request in (
        {
            "game": "bum-game",
            "players": 4,
            "seats": [{"kind": "person"}] + [{"kind": "bot", "bot": endless}] * 3,
        },
        {"game": "bum-game", "players": 4, "settings": {"stand_in": endless}},
    ):
        answer = httpx.post(f"{server.http}/api/tables", json=request, timeout=10)
        assert answer.status_code == 400
        assert "a table's bots are easy, medium, hard, heuristic, random" in answer.json()["detail"]
    assert server.create(game="bum-game", players=4, settings={"stand_in": "hard"})["id"]
