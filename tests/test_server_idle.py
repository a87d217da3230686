"""Memory over weeks: a table nobody is connected to is put away after ``idle_after`` seconds and read again
from its log when someone comes back; tables that are over are not rebuilt on start, only when asked for.
On a real store (SQLite and PostgreSQL), through the service."""

from __future__ import annotations

import asyncio

import pytest
from server_helpers import until

from bumtable.server.service import SeatSpec, TableError, TableService
from bumtable.server.settings import Limits
from bumtable.server.store import Store


def test_a_table_nobody_is_at_is_put_away_and_comes_back_as_it_was(database_url: str) -> None:
    store = Store(database_url)

    async def play() -> None:
        service = TableService(store, Limits(idle_after=0.2))
        await service.start()
        watched = (await service.create("bum-game", seats=[SeatSpec()] * 4, seed=5)).table
        idle = (await service.create("bum-game", seats=[SeatSpec()] * 4, seed=6)).table
        viewer = await service.join(watched, None)  # a spectator keeps a table in memory
        assert idle.state is not None
        actor = idle.state.current_player()
        first = idle.rules.action_text(idle.state.legal_actions()[0])
        await service.act(idle, actor, first)
        history = list(idle.state.history)
        await until(lambda: idle.id not in service.tables)
        assert idle.put_away and watched.id in service.tables and not watched.put_away
        back = await service.get(idle.id)  # read again from its log
        assert back is not idle and back.state is not None and back.state.history == history
        assert back.record.actions == [first] and back.record.seats == idle.record.seats
        await service.leave(watched, viewer)
        await service.stop()

    asyncio.run(play())


def test_a_table_put_away_between_get_and_join_is_refused_so_the_connection_asks_again(
    database_url: str,
) -> None:
    store = Store(database_url)

    async def play() -> None:
        service = TableService(store, Limits(idle_after=0.2))
        await service.start()
        table = (await service.create("bum-game", seats=[SeatSpec()] * 4, seed=5)).table
        await until(lambda: table.put_away)
        with pytest.raises(TableError) as refused:
            await service.join(table, None)
        assert refused.value.code == "put-away"
        fresh = await service.get(table.id)
        viewer = await service.join(fresh, None)
        assert viewer in fresh.viewers
        await service.stop()

    asyncio.run(play())


def test_tables_that_are_over_are_read_when_asked_for_not_on_start(database_url: str) -> None:
    store = Store(database_url)

    async def finish() -> str:
        service = TableService(store)
        await service.start()
        table = (
            await service.create(
                "president", players=4, options={"rounds": 1}, seats=[SeatSpec(kind="bot")] * 4, seed=2
            )
        ).table
        await until(lambda: table.state is not None and table.state.is_over(), seconds=60)
        await service.stop()
        return table.id

    finished = asyncio.run(finish())

    async def restart() -> None:
        service = TableService(store)
        await service.start()
        assert finished not in service.stored and finished not in service.tables
        table = await service.get(finished)
        assert table.status() == "over" and table.state is not None and table.state.is_over()
        await service.stop()

    asyncio.run(restart())
