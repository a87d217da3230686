"""Tables, seats and each table's action log in a SQL database (SQLAlchemy, Alembic migrations run on start).

A table is stored as what replays it: rules, seed, actions in order, and its engine's version, so that a
changed engine says so instead of replaying wrongly. Seat tokens and join codes are stored only hashed.

>>> store = Store("sqlite://")
>>> store.add_table(TableRecord(id="t1", game="bum-game", players=4, rules={"system": "bum-game"}, seed=7,
...     engine_version=1, status="playing"), [SeatRecord(seat=0, kind="person", token_hash=hash_token("s"))])
>>> store.append_action("t1", 0, "set 3")
>>> store.append_action("t1", 1, "pass", by="stand-in")
>>> [(t.actions, t.by) for t in store.load_tables()]
[(['set 3', 'pass'], ['seat', 'stand-in'])]
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

FIRST_REVISION = "0001"
"""The schema ``metadata.create_all`` made before there were migrations."""


def hash_token(token: str) -> str:
    """The stored form of a seat token or a join code (SHA-256, hex)."""
    return hashlib.sha256(token.encode()).hexdigest()


WAL_BACKSTOP_PAGES = 20_000
"""Pages the SQLite log may reach before a commit checkpoints it and waits for the disk (default 1,000)."""


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """Write-ahead log, ``synchronous=NORMAL``: a commit does not wait for the disk, and survives the process
    being killed but maybe not a power cut. :meth:`Store.checkpoint` checkpoints, apart from the commits."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.execute(f"PRAGMA wal_autocheckpoint={WAL_BACKSTOP_PAGES}")
    cursor.close()


def _table_record(row: TableRow, **more: Any) -> TableRecord:
    return TableRecord(
        id=row.id,
        game=row.game,
        players=row.players,
        rules=dict(row.rules),
        seed=row.seed,
        engine_version=row.engine_version,
        status=row.status,
        settings=dict(row.settings),
        fair_salt=row.fair_salt,
        rematch_of=row.rematch_of,
        rematch_seats=None if row.rematch_seats is None else list(row.rematch_seats),
        maker=row.maker,
        started=row.started,
        winners=None if row.winners is None else list(row.winners),
        **more,
    )


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    """Status ``playing`` or ``over``."""

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
    join_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hashed code that gives out any free seat (None: no join link)."""
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)
    """When the table, one of its seats or its log last changed."""
    listed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The settings' ``listed``, in a column of its own to be looked up."""
    fair_salt: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The random salt of the table's fair-deal commitments (hex; None: a table made before them)."""
    rematch_of: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The table this one is a rematch of."""
    rematch_seats: Mapped[list[int | None] | None] = mapped_column(JSON, nullable=True)
    """A rematch's seat of the old table for each of its seats (whose person or bot sits here now)."""
    maker: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat whose holder may start a waiting table with bots (None: any seated person)."""
    started: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A waiting table its maker started with bots: its free seats are played by the stand-in."""
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    """The seats that won, once it is over (a rematch's series counts them)."""

    __table_args__ = (
        Index("ix_tables_listed_status", "listed", "status"),
        Index("ix_tables_rematch_of", "rematch_of"),
    )


class SeatRow(Base):
    """A person's seat (its token stored hashed) or a bot's."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Its invite token was used, or it was given out through the join link."""
    auto: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """The seat's lone moves are played for it."""
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    reserved: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """A rematch's seat kept for the old table's person: the join link does not give it out."""


class ChatRow(Base):
    """One chat message of a table: the seat that wrote it (None: a spectator) and its name then."""

    __tablename__ = "chat"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)

    __table_args__ = (Index("ix_chat_table_id", "table_id", "id"),)


class ActionRow(Base):
    """One accepted action at its place in a table's log."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)
    by: Mapped[str] = mapped_column(String(12), default="seat", server_default="seat")
    """``seat`` (the seat's own player or bot), ``stand-in``, ``auto`` or ``clock``."""


@dataclass(frozen=True, kw_only=True)
class SeatRecord:
    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    claimed: bool = False
    auto: bool = False
    name: str | None = None
    reserved: bool = False


@dataclass(frozen=True, kw_only=True)
class ChatRecord:
    """A chat message as stored and sent (``at``: when, in UTC)."""

    id: int
    seat: int | None
    name: str | None
    text: str
    at: dt.datetime

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at.isoformat(),
        }


@dataclass(kw_only=True)
class TableRecord:
    """A table as stored, with its action log."""

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
    updated_at: dt.datetime | None = None
    """Read from the database, never written from here (as ``created_at``)."""
    created_at: dt.datetime | None = None
    fair_salt: str | None = None
    """The salt of its fair-deal commitments (``fairness.py``), told once the match is over."""
    rematch_of: str | None = None
    rematch_seats: list[int | None] | None = None
    maker: int | None = None
    started: bool = False
    winners: list[int] | None = None
    rematch: str | None = None
    """The table that is this one's rematch, if any (read, never written: its ``rematch_of`` says it)."""


class _Keep(enum.Enum):
    """:meth:`Store.update_seat`'s default: leave this field as it is."""

    KEEP = "keep"


def migration_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def migrate(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database to ``revision``; one made by ``create_all`` before migrations is stamped first."""
    config = migration_config(connection)
    names = set(inspect(connection).get_table_names())
    if "alembic_version" not in names and "tables" in names:
        command.stamp(config, FIRST_REVISION)
    command.upgrade(config, revision)


def _json(value: dict[str, Any]) -> dict[str, Any]:
    """A plain-JSON copy, as the database gives it back."""
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
        reserved=row.reserved,
    )


CHAIN_LIMIT = 1000
"""The most tables a rematch's series is followed back through."""


class Store:
    """The database of tables, migrated on start; each method is a transaction, to call off the event loop."""

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(url, hide_parameters=True)  # an error's text never holds an action's
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            event.listen(self.engine, "connect", _sqlite_pragmas)
        self.wal = parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:")
        with self.engine.begin() as connection:
            migrate(connection)
        # the group commit's statements, made once: they run for every batch
        self._insert_actions = insert(ActionRow)
        self._touch_tables = (
            update(TableRow)
            .where(TableRow.id.in_(bindparam("ids", expanding=True)))
            .values(updated_at=bindparam("now"))
        )

    def add_table(self, table: TableRecord, seats: list[SeatRecord]) -> None:
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
                    fair_salt=table.fair_salt,
                    rematch_of=table.rematch_of,
                    rematch_seats=table.rematch_seats,
                    maker=table.maker,
                    started=table.started,
                    created_at=now,
                    updated_at=now,
                )
            )
            # the table's row first: without relationship() the session may insert seats before it, which
            # PostgreSQL refuses (it checks the foreign key at once)
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
                    reserved=s.reserved,
                )
                for s in seats
            )

    def append_action(self, table_id: str, index: int, text: str, by: str = "seat") -> None:
        """Commit an action at ``index`` of the log, made ``by`` the ``seat``, a ``stand-in``, ``auto`` or the
        ``clock``. A second writer of the same index fails instead of forking the log."""
        self.append_actions([(table_id, index, text, by)])

    def append_actions(self, entries: list[tuple[str, int, str, str]]) -> None:
        """Commit ``(table id, index, text, by)`` entries of many tables in one transaction: all or none."""
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
        """Move a SQLite file's log into the database (a passive checkpoint: commits go on meanwhile)."""
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
        reserved: bool | _Keep = _Keep.KEEP,
    ) -> SeatRecord:
        """Change the given fields of a seat and return it; a KeyError if there is no such seat."""
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
            if reserved is not _Keep.KEEP:
                row.reserved = reserved
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=_now()))
            return _seat_record(row)

    def set_status(self, table_id: str, status: str, winners: list[int] | None = None) -> None:
        """The log stays the truth; the status is for finding tables (and the winners, for a series)."""
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table_id)
            if row is not None:
                row.status = status
                if winners is not None:
                    row.winners = winners

    def set_started(self, table_id: str) -> None:
        """A waiting table its maker started with bots."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(TableRow).where(TableRow.id == table_id).values(started=True, updated_at=_now())
            )

    def add_chat(self, table_id: str, seat: int | None, name: str | None, text: str) -> ChatRecord:
        """Store a chat message; it as stored (its number and time)."""
        with Session(self.engine) as session, session.begin():
            row = ChatRow(table_id=table_id, seat=seat, name=name, text=text, created_at=_now())
            session.add(row)
            session.flush()
            return ChatRecord(id=row.id, seat=seat, name=name, text=text, at=_aware(row.created_at))

    def recent_chat(self, table_id: str, limit: int) -> list[ChatRecord]:
        """The table's latest ``limit`` chat messages, oldest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow).where(ChatRow.table_id == table_id).order_by(ChatRow.id.desc()).limit(limit)
            ).all()
            return [
                ChatRecord(id=r.id, seat=r.seat, name=r.name, text=r.text, at=_aware(r.created_at))
                for r in reversed(rows)
            ]

    def chain(self, table_id: str) -> list[TableRecord]:
        """The tables a rematch follows, nearest first (without seats or logs): its series."""
        out: list[TableRecord] = []
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            while row is not None and row.rematch_of is not None and len(out) < CHAIN_LIMIT:
                row = session.get(TableRow, row.rematch_of)
                if row is not None:
                    out.append(_table_record(row))
        return out

    def load_tables(self, *, status: str | None = None, ids: list[str] | None = None) -> list[TableRecord]:
        """Every table (or those with that ``status``, or those ``ids``) with its seats and log."""
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
            for follower, old in session.execute(
                select(TableRow.id, TableRow.rematch_of).where(TableRow.rematch_of.in_(chosen))
            ):
                if old in tables:
                    tables[old].rematch = follower
        return list(tables.values())

    def listed_tables(self, limit: int) -> list[TableRecord]:
        """The newest ``limit`` tables listed and playing, newest first, with seats but not logs."""
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
        """One table as :meth:`load_tables` reads it, or None."""
        found = self.load_tables(ids=[table_id])
        return found[0] if found else None

    def close(self) -> None:
        self.engine.dispose()
