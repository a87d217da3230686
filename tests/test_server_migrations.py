"""The store's schema is made by its Alembic migrations, on SQLite and on PostgreSQL: the models and the
migrations agree, every revision goes down and up again, a database made by the first slice's ``create_all``
(no ``alembic_version``) is taken as revision 0001 and upgraded with its tables intact, and the columns of
revision 0002 (settings, join hash, claimed, auto and named seats, who made an action), 0003 (listed tables) and
0005 (chat, the waiting room, rematches) are kept."""

from __future__ import annotations

import datetime as dt

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    JSON,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    inspect,
)

from bumtable.server.migrations import compare_server_default
from bumtable.server.store import Base, SeatRecord, Store, TableRecord, hash_token, migration_config

HEAD = ScriptDirectory.from_config(migration_config()).get_current_head()


def revision_of(store: Store) -> str | None:
    with store.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def differences(store: Store) -> list[object]:
    """What autogenerate would write to make the database match the models (types and defaults compared)."""
    with store.engine.connect() as connection:
        context = MigrationContext.configure(
            connection, opts={"compare_type": True, "compare_server_default": compare_server_default}
        )
        found: list[object] = compare_metadata(context, Base.metadata)
        return found


def migrate_to(store: Store, revision: str, *, down: bool) -> None:
    with store.engine.begin() as connection:
        config = migration_config(connection)
        (command.downgrade if down else command.upgrade)(config, revision)


def a_table(store: Store, table_id: str = "t", actions: int = 3) -> None:
    store.add_table(
        TableRecord(
            id=table_id, game="bum-game", players=4, rules={"system": "bum-game"}, seed=9,
            engine_version=1, status="playing", settings={"away_after": 60, "stand_in": "heuristic"},
            join_hash=hash_token("join"),
        ),
        [SeatRecord(seat=0, kind="person", token_hash=hash_token("a"), name="Ann", claimed=True)]
        + [SeatRecord(seat=i, kind="bot", bot="random", auto=i == 2) for i in (1, 2, 3)],
    )  # fmt: skip
    for i in range(actions):
        store.append_action(table_id, i, f"action {i}", by="seat" if i % 2 == 0 else "clock")


def test_there_are_five_revisions_and_the_head_is_0005() -> None:
    script = ScriptDirectory.from_config(migration_config())
    assert [r.revision for r in script.walk_revisions("base", "heads")] == [
        "0005",
        "0004",
        "0003",
        "0002",
        "0001",
    ]
    assert HEAD == "0005"


def test_the_models_and_the_migrations_agree(database_url: str) -> None:
    store = Store(database_url)
    assert revision_of(store) == HEAD
    assert differences(store) == []
    assert set(inspect(store.engine).get_table_names()) == {
        "alembic_version",
        "tables",
        "seats",
        "actions",
        "chat",
    }


def test_every_revision_goes_down_and_up_again(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    migrate_to(store, "0001", down=True)
    assert revision_of(store) == "0001"
    columns = {c["name"] for c in inspect(store.engine).get_columns("actions")}
    assert columns == {"table_id", "index", "text", "created_at"}  # 0002's column is gone, the log stays
    migrate_to(store, "base", down=True)
    assert revision_of(store) is None
    assert set(inspect(store.engine).get_table_names()) <= {"alembic_version"}
    migrate_to(store, "head", down=False)
    assert revision_of(store) == HEAD and differences(store) == []
    a_table(store, "again")
    assert [t.id for t in store.load_tables()] == ["again"]


def test_a_round_trip_through_0001_keeps_the_log_and_forgets_0002s_columns(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    migrate_to(store, "0001", down=True)
    (table,) = Store(database_url).load_tables()  # a new store upgrades it again
    assert table.actions == ["action 0", "action 1", "action 2"] and table.by == ["seat"] * 3
    assert table.settings == {} and table.join_hash is None
    assert [(s.claimed, s.auto, s.name) for s in table.seats] == [(False, False, None)] * 4
    assert table.seats[0].token_hash == hash_token("a")


def first_slice_schema() -> MetaData:
    """The schema the first slice made with ``metadata.create_all`` (its models, written out as they were)."""
    metadata = MetaData()
    Table(
        "tables", metadata,
        Column("id", String(32), primary_key=True), Column("game", String(40), nullable=False),
        Column("players", Integer, nullable=False), Column("rules", JSON, nullable=False),
        Column("seed", BigInteger, nullable=False), Column("engine_version", Integer, nullable=False),
        Column("status", String(16), nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
    )  # fmt: skip
    Table(
        "seats", metadata,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("seat", Integer, primary_key=True), Column("kind", String(8), nullable=False),
        Column("bot", String(40), nullable=True), Column("token_hash", String(64), nullable=True),
    )  # fmt: skip
    Table(
        "actions", metadata,
        Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
        Column("index", Integer, primary_key=True), Column("text", Text, nullable=False),
        Column("created_at", DateTime(timezone=True), nullable=False),
    )  # fmt: skip
    return metadata


def test_listed_tables_are_found_newest_first_while_they_are_played(database_url: str) -> None:
    store = Store(database_url)
    a_table(store, "unlisted")
    for table_id in ("first", "second", "over"):
        store.add_table(
            TableRecord(
                id=table_id, game="president", players=4, rules={"system": "president"}, seed=1,
                engine_version=1, status="playing", settings={"listed": True},
            ),
            [SeatRecord(seat=i, kind="person" if i == 0 else "bot", bot=None if i == 0 else "random") for i in range(4)],
        )  # fmt: skip
    store.set_status("over", "over")
    listed = store.listed_tables(10)
    assert [t.id for t in listed] in (["second", "first"], ["first", "second"])  # same instant: either
    assert all(t.created_at is not None and len(t.seats) == 4 and t.actions == [] for t in listed)
    assert len(store.listed_tables(1)) == 1
    migrate_to(store, "0002", down=True)  # the column goes, the tables stay
    assert "listed" not in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    assert Store(database_url).listed_tables(10) == []  # 0003 again: a table made before it is not listed


def test_a_database_made_by_create_all_is_stamped_0001_and_upgraded(database_url: str) -> None:
    old = first_slice_schema()
    made = dt.datetime(2025, 3, 1, 12, 0, tzinfo=dt.UTC)
    engine = create_engine(database_url)
    with engine.begin() as connection:
        old.create_all(connection)
        connection.execute(
            old.tables["tables"].insert(),
            {"id": "old", "game": "bum-game", "players": 4, "rules": {"system": "bum-game"}, "seed": 5,
             "engine_version": 1, "status": "playing", "created_at": made},
        )  # fmt: skip
        connection.execute(
            old.tables["seats"].insert(),
            [{"table_id": "old", "seat": 0, "kind": "person", "bot": None, "token_hash": hash_token("x")}]
            + [{"table_id": "old", "seat": i, "kind": "bot", "bot": "greedy", "token_hash": None} for i in (1, 2, 3)],
        )  # fmt: skip
        connection.execute(
            old.tables["actions"].insert(),
            [
                {"table_id": "old", "index": i, "text": t, "created_at": made}
                for i, t in enumerate(["set 3", "pass"])
            ],
        )
    engine.dispose()

    store = Store(database_url)
    assert revision_of(store) == HEAD and differences(store) == []
    (table,) = store.load_tables()
    assert (table.id, table.seed, table.rules, table.status) == ("old", 5, {"system": "bum-game"}, "playing")
    assert table.actions == ["set 3", "pass"] and table.by == ["seat", "seat"]
    assert table.settings == {} and table.join_hash is None and table.updated_at == made
    assert [(s.seat, s.kind, s.bot, s.claimed, s.auto, s.name) for s in table.seats] == [
        (0, "person", None, False, False, None)
    ] + [(i, "bot", "greedy", False, False, None) for i in (1, 2, 3)]
    assert table.seats[0].token_hash == hash_token("x")
    store.append_action("old", 2, "set 4", by="auto")  # the log goes on where it was
    (table,) = Store(database_url).load_tables()
    assert table.actions[-1] == "set 4" and table.by[-1] == "auto" and table.updated_at is not None
    assert table.updated_at > made


def test_the_new_columns_are_stored_and_read_back(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    (table,) = Store(database_url).load_tables()
    assert table.settings == {"away_after": 60, "stand_in": "heuristic"}
    assert table.join_hash == hash_token("join")
    assert table.by == ["seat", "clock", "seat"]
    assert [(s.claimed, s.auto, s.name) for s in table.seats] == [
        (True, False, "Ann"),
        (False, False, None),
        (False, True, None),
        (False, False, None),
    ]


def test_chat_rematch_links_and_the_waiting_rooms_columns_are_stored_and_read_back(database_url: str) -> None:
    store = Store(database_url)
    a_table(store, "old")
    store.set_status("old", "over", winners=[0])
    store.add_table(
        TableRecord(
            id="new", game="bum-game", players=4, rules={"system": "bum-game"}, seed=3, engine_version=1,
            status="playing", rematch_of="old", rematch_seats=[2, 1, 0, 3], maker=2,
        ),
        [SeatRecord(seat=2, kind="person", reserved=True)],
    )  # fmt: skip
    store.set_started("new")
    lines = [
        store.add_chat("old", seat, name, text) for seat, name, text in [(0, "Ann", "gg"), (None, None, "hi")]
    ]
    assert lines[0].id < lines[1].id and lines[0].at.tzinfo is not None
    assert [(c.seat, c.name, c.text) for c in store.recent_chat("old", 1)] == [(None, None, "hi")]
    assert store.recent_chat("old", 100) == lines and store.recent_chat("new", 100) == []
    old, new = Store(database_url).load_tables()
    assert (old.rematch, old.winners, old.rematch_of) == ("new", [0], None)
    assert (new.rematch_of, new.rematch_seats, new.maker, new.started) == ("old", [2, 1, 0, 3], 2, True)
    assert new.seats[0].reserved and [t.id for t in store.chain("new")] == ["old"]
    migrate_to(store, "0004", down=True)  # the chat goes, the tables stay
    assert "chat" not in set(inspect(store.engine).get_table_names())
    assert {t.id for t in Store(database_url).load_tables()} == {"old", "new"}


def test_update_seat_changes_only_the_fields_given(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    (before,) = store.load_tables()
    seat = store.update_seat("t", 1, auto=True)
    assert seat == SeatRecord(seat=1, kind="bot", bot="random", auto=True)
    seat = store.update_seat("t", 0, token_hash=hash_token("new"), name=None)
    assert seat == SeatRecord(seat=0, kind="person", token_hash=hash_token("new"), claimed=True, name=None)
    seat = store.update_seat("t", 0, claimed=False, auto=True, name="Bo")
    assert seat == SeatRecord(seat=0, kind="person", token_hash=hash_token("new"), auto=True, name="Bo")
    (after,) = Store(database_url).load_tables()
    assert after.seats[:2] == [seat, SeatRecord(seat=1, kind="bot", bot="random", auto=True)]
    assert after.seats[2:] == before.seats[2:]
    assert (
        after.updated_at is not None
        and before.updated_at is not None
        and after.updated_at > before.updated_at
    )
    with pytest.raises(KeyError, match="no seat 7"):
        store.update_seat("t", 7, claimed=True)


def test_a_second_writer_of_one_place_in_the_log_fails(database_url: str) -> None:
    store = Store(database_url)
    a_table(store)
    with pytest.raises(Exception, match=r"(?i)unique|duplicate"):
        store.append_action("t", 1, "another", by="stand-in")
    (table,) = store.load_tables()
    assert table.actions[1] == "action 1" and table.by[1] == "clock"
