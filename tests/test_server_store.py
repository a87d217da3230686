"""The store and the rebuild on start, without a server: a table replays from its log, and a table whose
engine version changed (or whose log no longer replays) says so instead of replaying wrongly. Each on SQLite and
on PostgreSQL (``database_url``)."""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from dataclasses import replace

import pytest
from server_helpers import table_record
from sqlalchemy.engine import make_url

from bumtable.rules import get
from bumtable.rules.registry import family_of
from bumtable.server.service import TableError, TableService, rebuild
from bumtable.server.store import SeatRecord, Store, TableRecord, hash_token
from bumtable.server.writer import LogWriter


def stored_table(store: Store, *, version_change: int = 0, actions: int = 6) -> TableRecord:
    rules = get("bum-game", players=4)
    state = rules.new_state(21)
    texts = []
    for _ in range(actions):
        action = state.legal_actions()[0]
        texts.append(rules.action_text(action))
        state.apply(action)
    record = table_record(rules, 21, engine_version=family_of(rules).engine_version + version_change)
    seats = [SeatRecord(seat=i, kind="person", token_hash=hash_token(f"token-{i}")) for i in range(4)]
    store.add_table(record, seats)
    for i, text in enumerate(texts):
        store.append_action("t", i, text)
    return record


def test_a_table_replays_from_its_log(database_url: str) -> None:
    store = Store(database_url)
    stored_table(store)
    (record,) = Store(database_url).load_tables()
    table = rebuild(record)
    assert table.problem is None and table.state is not None and len(table.state.history) == 6
    assert [s.token_hash for s in record.seats] == [hash_token(f"token-{i}") for i in range(4)]
    assert "token-0" not in str(record.seats)  # only hashes are stored


def test_a_changed_engine_version_says_so_instead_of_replaying(database_url: str) -> None:
    store = Store(database_url)
    stored_table(store, version_change=1)
    (record,) = store.load_tables()
    table = rebuild(record)
    assert table.state is None and table.problem is not None and "engine version" in table.problem
    assert table.public()["status"] == "stale"

    async def started() -> str | None:
        service = TableService(store)
        await service.start()  # the server answers at once; a table asked for is rebuilt first
        return (await service.get("t")).problem

    assert asyncio.run(started()) == table.problem


def test_a_log_that_no_longer_replays_says_which_action(database_url: str) -> None:
    store = Store(database_url)
    record = replace(stored_table(store), actions=["set 3", "set 3", "set 3"])
    table = rebuild(record)
    assert table.state is None and table.problem is not None and "no longer replays" in table.problem
    assert "action 1 " in table.problem and "set 3" not in table.problem  # which one, but not its text


def test_on_start_tables_are_rebuilt_in_the_background_and_one_asked_for_comes_first(
    database_url: str,
) -> None:
    store = Store(database_url)
    rules = get("bum-game", players=4)
    for k in range(5):
        seats = [SeatRecord(seat=i, kind="person", token_hash=hash_token(f"{k}-{i}")) for i in range(4)]
        store.add_table(
            table_record(rules, k, f"t{k}"),
            seats,
        )

    async def started() -> tuple[int, int, int]:
        service = TableService(store)
        await service.start()
        waiting = len(service.stored) + len(service.loading)  # nothing rebuilt yet: start() does not wait
        last = await service.get("t4")  # asked for: rebuilt now, whatever the background has reached
        assert last.state is not None and last.id == "t4"
        with pytest.raises(TableError):
            await service.get("none")
        await asyncio.wait_for(asyncio.gather(*service.tasks), timeout=30)  # the background rebuild ends
        await service.stop()
        return waiting, len(service.tables), sum(t.state is not None for t in service.tables.values())

    assert asyncio.run(started()) == (5, 5, 5)


def test_the_writer_moves_the_databases_log_into_it_apart_from_its_commits(database_url: str) -> None:
    """Group commit and checkpoint: each batch is committed to SQLite's write-ahead log (no wait for the disk), and
    the writer then moves the log into the database file itself, apart from the commits; elsewhere it does
    nothing and fails nothing."""
    store = Store(database_url)
    stored_table(store, actions=0)
    text = get("bum-game", players=4).action_text(get("bum-game", players=4).new_state(21).legal_actions()[0])

    async def write() -> None:
        writer = LogWriter(store)
        await writer.append("t", 0, text, "seat")
        assert writer.checkpointing is not None  # started after the batch, not awaited by it
        await writer.checkpointing
        await writer.close()

    asyncio.run(write())
    assert store.load_tables()[0].actions == [text]
    assert store.wal == database_url.startswith("sqlite")
    if store.wal:  # the database file alone (its log ignored: immutable) holds the action
        path = make_url(database_url).database
        with contextlib.closing(sqlite3.connect(f"file:{path}?immutable=1", uri=True)) as alone:
            assert alone.execute("SELECT text FROM actions").fetchall() == [(text,)]
