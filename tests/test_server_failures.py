"""When the database refuses to write, or a bot misbehaves, or the server stops: nothing is half done.

The database's refusal is real: a trigger on the ``actions`` table (installed by the test, on SQLite and on
PostgreSQL) makes every insert fail, as a full disk or a lost connection would, and dropping it lets writes
through again. The service runs on a real store; its frames are read from each viewer's queue.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from server_helpers import until

from bumtable.bots import make_bot
from bumtable.server import bot_pool
from bumtable.server.service import SeatSpec, TableError, TableService
from bumtable.server.settings import Limits
from bumtable.server.store import Store

REFUSAL = "refused by the test"


def refuse_writes(store: Store) -> None:
    """Make every insert into the action log fail (a trigger, the database's own refusal)."""
    with store.engine.begin() as connection:
        if store.engine.dialect.name == "sqlite":
            connection.exec_driver_sql(
                f"CREATE TRIGGER refuse_actions BEFORE INSERT ON actions BEGIN SELECT RAISE(ABORT, '{REFUSAL}'); END"
            )
        else:
            connection.exec_driver_sql(
                "CREATE FUNCTION refuse_actions() RETURNS trigger LANGUAGE plpgsql AS "
                f"$$ BEGIN RAISE EXCEPTION '{REFUSAL}'; END $$"
            )
            connection.exec_driver_sql(
                "CREATE TRIGGER refuse_actions BEFORE INSERT ON actions FOR EACH ROW EXECUTE FUNCTION refuse_actions()"
            )


def allow_writes(store: Store) -> None:
    with store.engine.begin() as connection:
        if store.engine.dialect.name == "sqlite":
            connection.exec_driver_sql("DROP TRIGGER refuse_actions")
        else:
            connection.exec_driver_sql("DROP TRIGGER refuse_actions ON actions")
            connection.exec_driver_sql("DROP FUNCTION refuse_actions()")


def test_an_action_the_database_refuses_changes_nothing_and_the_clock_runs_on(database_url: str) -> None:
    store = Store(database_url)

    async def play() -> None:
        service = TableService(store)
        await service.start()
        made = await service.create(
            "bum-game", seats=[SeatSpec()] * 4, settings={"clock": {"bank": 100, "increment": 30}}, seed=5
        )
        table = made.table
        assert table.state is not None
        for seat in range(4):
            await service.join(table, seat)
        actor = table.state.current_player()
        assert actor is not None
        history, bank = list(table.state.history), table.live[actor].bank
        assert bank is not None and table.turn_start is not None  # the actor's clock runs
        refuse_writes(store)
        text = table.rules.action_text(table.state.legal_actions()[0])
        with pytest.raises(TableError) as refused:
            await service.act(table, actor, text)
        assert refused.value.code == "storage" and "nothing changed" in str(refused.value)
        assert list(table.state.history) == history and len(table.record.actions) == len(history)
        after = table.live[actor].bank
        assert after is not None and after <= bank  # the time spent is charged, the increment not given
        assert table.turn_start is not None  # and the clock runs on
        allow_writes(store)
        await service.act(table, actor, text)  # the same action, now written
        assert len(table.state.history) == len(history) + 1
        final = table.live[actor].bank
        assert final is not None and final > after  # the increment, now
        await service.stop()
        assert (await asyncio.to_thread(store.load_tables))[0].actions == [*table.record.actions]

    asyncio.run(play())


def test_a_bots_move_the_database_refuses_is_made_again_once_it_writes(database_url: str) -> None:
    store = Store(database_url)
    refuse_writes(store)

    async def play() -> None:
        service = TableService(store)
        await service.start()
        made = await service.create("president", players=4, seats=[SeatSpec(kind="bot")] * 4, seed=3)
        table = made.table
        assert table.state is not None
        await until(lambda: table.timer is not None)  # the first move failed: tried again in a second
        assert table.state.history == [] and table.record.actions == []
        allow_writes(store)
        await until(lambda: table.state is not None and table.state.is_over(), seconds=60)
        await service.stop()
        (stored,) = await asyncio.to_thread(store.load_tables)
        assert stored.actions == table.record.actions and stored.status == "over"

    asyncio.run(play())


def test_a_bot_that_chooses_an_illegal_action_never_gets_it_into_the_log(
    database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bot's bug: the server checks a bot's action as it checks a person's and plays the first legal one."""
    chosen: list[Any] = []

    class Broken:
        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def choose(self, obs: Any) -> Any:
            legal = obs.legal_actions()
            action = self.inner.choose(obs)
            space = obs.rules.action_space()
            wrong = next((a for a in map(space.decode, range(space.size)) if a not in legal), None)
            chosen.append(wrong)
            return action if wrong is None else wrong

    monkeypatch.setattr(bot_pool, "make_bot", lambda *a, **k: Broken(make_bot(*a, **k)))
    store = Store(database_url)

    async def play() -> None:
        service = TableService(
            store, Limits(bot_workers=0)
        )  # decided in this process, where the bug is planted
        await service.start()
        made = await service.create("bum-game", seats=[SeatSpec(kind="bot")] * 4, seed=8)
        table = made.table
        await until(lambda: len(table.record.actions) >= 20)
        await service.stop()
        assert table.state is not None
        replay = table.rules.new_state(table.record.seed)
        for text in table.record.actions:  # every action written is legal where it was made
            action = table.rules.parse_action(text)
            assert replay.why_illegal(action) is None
            replay.apply(action)

    asyncio.run(play())
    assert any(c is not None for c in chosen)  # the bot did choose illegal actions


def test_stopping_the_server_writes_the_actions_waiting_for_the_writer(database_url: str) -> None:
    store = Store(database_url)

    async def play() -> list[str]:
        service = TableService(store)
        await service.start()
        made = await service.create("bum-game", seats=[SeatSpec()] * 4, seed=5)
        table = made.table
        assert table.state is not None
        texts = [table.rules.action_text(a) for a in table.state.legal_actions()[:1]]
        writes = [asyncio.create_task(service.writer.append(table.id, 0, texts[0], "seat"))]
        await asyncio.sleep(0)  # queued, not yet written
        await service.writer.close()  # the server stops: what waits is written first
        await asyncio.gather(*writes)
        with pytest.raises(RuntimeError):
            await service.writer.append(table.id, 1, texts[0], "seat")
        return texts

    texts = asyncio.run(play())
    assert store.load_tables()[0].actions == texts
