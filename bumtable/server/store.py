"""Tables, seats and each table's ordered action log in a SQL database (SQLAlchemy 2, Alembic).

A table is stored as what replays it: its rules (``rules.to_dict()``), its seed and its
accepted actions in order (their text, ``rules.action_text``, and who made each), plus the
engine version of its family so that a changed engine says so instead of replaying wrongly.
Seat tokens and the join code are kept only as their SHA-256 hash.

SQLite in a file by default; any SQLAlchemy URL otherwise (``postgresql+psycopg://...`` for
PostgreSQL). The schema is made and kept current by the Alembic migrations in
``bumtable/server/migrations`` (run by :class:`Store` on start); a database made before them,
by ``metadata.create_all``, is recognised as revision ``0001`` and upgraded.

>>> store = Store("sqlite://")
>>> store.add_table(TableRecord(id="t1", game="bum-game", players=4, rules={"system": "bum-game"},
...     seed=7, engine_version=1, status="playing"), [SeatRecord(seat=0, kind="person", bot=None,
...     token_hash=hash_token("secret"))] + [SeatRecord(seat=i, kind="bot", bot="random") for i in (1, 2, 3)])
>>> store.append_action("t1", 0, "set 3")
>>> store.append_action("t1", 1, "pass", by="stand-in")
>>> [(t.actions, t.by) for t in store.load_tables()]
[(['set 3', 'pass'], ['seat', 'stand-in'])]
>>> seat = store.update_seat("t1", 0, claimed=True, name="Ann")   # the other fields stay as they were
>>> seat.claimed, seat.auto, seat.name, seat.token_hash == hash_token("secret")
(True, False, 'Ann', True)
"""

from __future__ import annotations

import datetime as dt
import enum
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    bindparam,
    create_engine,
    event,
    false,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from bumtable.server.settings import DEFAULT_DATABASE

MIGRATIONS = Path(__file__).with_name("migrations")
"""The Alembic environment (``env.py``) and its revisions (``versions/``)."""

FIRST_REVISION = "0001"
"""The revision whose schema ``metadata.create_all`` made before there were migrations."""


def hash_token(token: str) -> str:
    """The stored form of a seat token or a join code (SHA-256, hex).

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


WAL_BACKSTOP_PAGES = 20_000
"""Pages (of 4 KiB) the SQLite log may grow to before a commit itself moves it into the database file (SQLite's
default is 1,000: under load that was a commit every second or so waiting 50-100 ms for the disk, and every table
with it)."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """A SQLite file in write-ahead-log mode with ``synchronous=NORMAL``: a commit is a write to the log, not a
    wait for the disk. A committed action survives the server process being killed (the log is in the
    operating system's hands); a power cut may lose the last commits. ``busy_timeout`` lets a second process
    (a tool reading the file) wait rather than fail.

    Moving the log into the database file (a checkpoint, with a wait for the disk) is left to
    :meth:`Store.checkpoint`, which the server's writer calls apart from its commits; SQLite does it itself in a
    commit only once the log has grown past ``WAL_BACKSTOP_PAGES`` (a process that never calls ``checkpoint``)."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_BACKSTOP_PAGES}")
    cursor.close()


def _table_record(row: TableRow, **more: Any) -> TableRecord:
    """A table's stored form from its row (no seats, no log yet), with ``more`` fields set."""
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        rules=dict(row.rules),
        seed=row.seed,
        engine_version=row.engine_version,
        status=row.status,
        settings=dict(row.settings),
        **more,
    )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The declarative base of every table below."""


class TableRow(Base):
    """One game table: its rules, seed, engine version and settings; status ``playing`` or ``over``."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    engine_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, server_default=text("'{}'"))
    """The table's settings (away timeout, turn clock, stand-in bot, ...); the service reads them."""
    join_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the code that gives out any free seat (None: no join link)."""
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)
    """When the table, one of its seats or its log last changed."""
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """In the lobby's list of open tables (its settings' ``listed``, kept apart to be looked up)."""

    __table_args__ = (Index("ix_tables_listed_status", "listed", "status"),)


class SeatRow(Base):
    """One seat of a table: a person (holding a token, stored hashed) or a bot of a kind."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A person's seat whose invite token was used, or which was given out through the join link."""
    auto: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The seat's lone moves are played for it."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The display name the person chose."""


class ActionRow(Base):
    """One accepted action of a table, at its place in the table's log, and who made it."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    by: Mapped[str] = mapped_column(String(12), default="seat", server_default="seat")
    """``seat`` (the seat's own player or bot), ``stand-in``, ``auto`` or ``clock``."""


@dataclass(frozen=True, kw_only=True)
class SeatRecord:
    """A seat as stored."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    auto: bool = False
    name: str | None = None


@dataclass(kw_only=True)
class TableRecord:
    """A table as stored, with its action log: the texts in order, and beside them who made each."""

    id: str
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    engine_version: int
    status: str
    settings: dict[str, Any] = field(default_factory=dict)
    join_hash: str | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    by: list[str] = field(default_factory=list)
    """``by[i]`` made ``actions[i]``: ``seat``, ``stand-in``, ``auto`` or ``clock``."""
    updated_at: dt.datetime | None = None
    """When the table last changed (read from the database; not written by :meth:`Store.add_table`)."""
    created_at: dt.datetime | None = None
    """When the table was made (read by :meth:`Store.listed_tables`; not written by :meth:`Store.add_table`)."""


class _Keep(enum.Enum):
    """The default of :meth:`Store.update_seat`'s fields: leave this one as it is."""

    KEEP = "keep"


def migration_config(connection: Connection | None = None) -> Config:
    """The Alembic configuration of the package's migrations, on ``connection`` when given."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def migrate(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database to ``revision``; a database made by ``create_all`` before there were migrations
    (the tables there, no ``alembic_version``) is stamped as the first revision first."""
    config = migration_config(connection)
    names = set(inspect(connection).get_table_names())
    if "alembic_version" not in names and "tables" in names:
        command.stamp(config, FIRST_REVISION)
    command.upgrade(config, revision)


def _json(value: dict[str, Any]) -> dict[str, Any]:
    """A plain-JSON copy (tuples become lists), as the database gives it back."""
    copy: dict[str, Any] = json.loads(json.dumps(value))
    return copy


def _aware(moment: dt.datetime) -> dt.datetime:
    """SQLite gives times back without their zone; they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def _seat_record(row: SeatRow) -> SeatRecord:
    return SeatRecord(
        seat=row.seat,
        kind=row.kind,
        bot=row.bot,
        token_hash=row.token_hash,
        claimed=row.claimed,
        auto=row.auto,
        name=row.name,
    )


class Store:
    """The database of tables. Every method is one short transaction (call them off the event loop).

    Making a store migrates its database to the newest revision (one transaction where the database
    has transactional DDL, as PostgreSQL does).
    """

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(url, hide_parameters=True)  # an error's text never holds an action's
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.wal = parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:")
        """Whether the database is a SQLite file in write-ahead-log mode (see :meth:`checkpoint`)."""
        with self.engine.begin() as connection:
            migrate(connection)
        # The group commit's two statements, made once (each is run for every batch of actions).
        self._insert_actions = insert(ActionRow)
        self._touch_tables = (
            update(TableRow)
            .where(TableRow.id.in_(bindparam("ids", expanding=True)))
            .values(updated_at=bindparam("now"))
        )

    def add_table(self, table: TableRecord, seats: list[SeatRecord]) -> None:
        """Store a new table, its settings and join hash, and its seats."""
        now = _now()
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    rules=_json(table.rules),
                    seed=table.seed,
                    engine_version=table.engine_version,
                    status=table.status,
                    settings=_json(table.settings),
                    join_hash=table.join_hash,
                    listed=bool(table.settings.get("listed", False)),
                    created_at=now,
                    updated_at=now,
                )
            )
            # The table's row first: with no relationship() between the models the session may insert the
            # seats before it, which PostgreSQL refuses (it checks the foreign key at once; SQLite does not).
            session.flush()
            session.add_all(
                SeatRow(
                    table_id=table.id,
                    seat=s.seat,
                    kind=s.kind,
                    bot=s.bot,
                    token_hash=s.token_hash,
                    claimed=s.claimed,
                    auto=s.auto,
                    name=s.name,
                )
                for s in seats
            )

    def append_action(self, table_id: str, index: int, text: str, by: str = "seat") -> None:
        """Commit one accepted action at ``index`` of the table's log, made ``by`` the seat's own player or
        bot (``seat``), a ``stand-in`` bot, ``auto``-play of a lone move or the turn ``clock``.

        The primary key (table, index) makes a second writer of the same place fail instead of forking
        the log.
        """
        self.append_actions([(table_id, index, text, by)])

    def append_actions(self, entries: list[tuple[str, int, str, str]]) -> None:
        """Commit several accepted actions, each ``(table id, index, text, by)``, in one transaction (a group
        commit: the server writes the actions of many tables at once). All or none are written."""
        now = _now()
        with self.engine.begin() as connection:
            connection.execute(
                self._insert_actions,
                [
                    {"table_id": t, "index": i, "text": x, "by": b, "created_at": now}
                    for t, i, x, b in entries
                ],
            )
            tables = sorted({t for t, _, _, _ in entries})
            connection.execute(self._touch_tables, {"ids": tables, "now": now})

    def checkpoint(self) -> None:
        """Move a SQLite file's write-ahead log into the database (a passive checkpoint: commits go on meanwhile,
        on their own connections); nothing for other databases. The server's writer calls it apart from its
        commits, so that no commit waits for it."""
        if self.wal:
            with self.engine.connect() as connection:
                connection.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")

    def update_seat(
        self,
        table_id: str,
        seat: int,
        *,
        token_hash: str | _Keep | None = _Keep.KEEP,
        claimed: bool | _Keep = _Keep.KEEP,
        auto: bool | _Keep = _Keep.KEEP,
        name: str | _Keep | None = _Keep.KEEP,
    ) -> SeatRecord:
        """Change the given fields of a seat (the others stay as they are), in one transaction; the seat
        as it is now. A seat that does not exist is a ``KeyError``."""
        with Session(self.engine) as session, session.begin():
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise KeyError(f"table {table_id!r} has no seat {seat}")
            if token_hash is not _Keep.KEEP:
                row.token_hash = token_hash
            if claimed is not _Keep.KEEP:
                row.claimed = claimed
            if auto is not _Keep.KEEP:
                row.auto = auto
            if name is not _Keep.KEEP:
                row.name = name
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=_now()))
            return _seat_record(row)

    def set_status(self, table_id: str, status: str) -> None:
        """Record a table's status (``playing``, ``over``); the log stays the truth."""
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table_id)
            if row is not None:
                row.status = status

    def load_tables(self, *, status: str | None = None, ids: list[str] | None = None) -> list[TableRecord]:
        """Every table (or those with that ``status``, or those ``ids``) with its settings, its seats and its action
        log in order."""
        where = []
        if status is not None:
            where.append(TableRow.status == status)
        if ids is not None:
            where.append(TableRow.id.in_(ids))
        with Session(self.engine) as session:
            tables = {
                row.id: _table_record(row, join_hash=row.join_hash, updated_at=_aware(row.updated_at))
                for row in session.scalars(
                    select(TableRow).where(*where).order_by(TableRow.created_at, TableRow.id)
                )
            }
            chosen = select(TableRow.id).where(*where)  # a subquery: any number of tables
            for seat in session.scalars(
                select(SeatRow).where(SeatRow.table_id.in_(chosen)).order_by(SeatRow.table_id, SeatRow.seat)
            ):
                tables[seat.table_id].seats.append(_seat_record(seat))
            for action in session.scalars(
                select(ActionRow)
                .where(ActionRow.table_id.in_(chosen))
                .order_by(ActionRow.table_id, ActionRow.index)
            ):
                tables[action.table_id].actions.append(action.text)
                tables[action.table_id].by.append(action.by)
        return list(tables.values())

    def listed_tables(self, limit: int) -> list[TableRecord]:
        """The newest ``limit`` tables listed and still playing, with their seats (not their logs), newest first;
        ``created_at`` set."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(TableRow)
                .where(TableRow.listed, TableRow.status == "playing")
                .order_by(TableRow.created_at.desc(), TableRow.id)
                .limit(limit)
            ).all()
            tables = {row.id: _table_record(row, created_at=_aware(row.created_at)) for row in rows}
            for seat in session.scalars(
                select(SeatRow)
                .where(SeatRow.table_id.in_(list(tables)))
                .order_by(SeatRow.table_id, SeatRow.seat)
            ):
                tables[seat.table_id].seats.append(_seat_record(seat))
        return list(tables.values())

    def load_table(self, table_id: str) -> TableRecord | None:
        """One table as :meth:`load_tables` reads it; None if there is none of that id."""
        found = self.load_tables(ids=[table_id])
        return found[0] if found else None

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()
