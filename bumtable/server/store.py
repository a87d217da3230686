"""Tables, seats and each table's ordered action log in a SQL database (SQLAlchemy 2).

A table is stored as what replays it: its rules (``rules.to_dict()``), its seed and its
accepted actions in order (their text, ``rules.action_text``), plus the engine version of its
family so that a changed engine says so instead of replaying wrongly. Seat tokens are kept
only as their SHA-256 hash.

SQLite in a file by default; any SQLAlchemy URL otherwise. The schema is made with
``metadata.create_all`` for now (Alembic migrations come next).

>>> store = Store("sqlite://")
>>> store.add_table(TableRecord(id="t1", game="bum-game", players=4, rules={"system": "bum-game"},
...     seed=7, engine_version=1, status="playing"), [SeatRecord(seat=0, kind="person", bot=None,
...     token_hash=hash_token("secret"))] + [SeatRecord(seat=i, kind="bot", bot="random") for i in (1, 2, 3)])
>>> store.append_action("t1", 0, "set 3")
>>> [t.actions for t in store.load_tables()]
[['set 3']]
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import JSON, BigInteger, DateTime, ForeignKey, Integer, String, Text, create_engine, select
from sqlalchemy.engine import make_url
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

DEFAULT_DATABASE = "sqlite:///bumtable-data/bumtable.db"
"""A SQLite file in ``./bumtable-data`` (the folder is made on start)."""


def hash_token(token: str) -> str:
    """The stored form of a seat token (SHA-256, hex).

    >>> len(hash_token("abc"))
    64
    """
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The declarative base of every table below."""


class TableRow(Base):
    """One game table: its rules, seed and engine version; status ``playing`` or ``over``."""

    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    engine_version: Mapped[int] = mapped_column(Integer)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatRow(Base):
    """One seat of a table: a person (holding a token, stored hashed) or a bot of a kind."""

    __tablename__ = "seats"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot: Mapped[str | None] = mapped_column(String(40), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class ActionRow(Base):
    """One accepted action of a table, at its place in the table's log."""

    __tablename__ = "actions"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=_now)


@dataclass(frozen=True, kw_only=True)
class SeatRecord:
    """A seat as stored."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None


@dataclass(kw_only=True)
class TableRecord:
    """A table as stored, with its action log (texts, in order)."""

    id: str
    game: str
    players: int
    rules: dict[str, Any]
    seed: int
    engine_version: int
    status: str
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)


class Store:
    """The database of tables. Every method is one short transaction (call them off the event loop)."""

    def __init__(self, url: str = DEFAULT_DATABASE) -> None:
        parsed = make_url(url)
        if parsed.get_backend_name() == "sqlite" and parsed.database not in (None, "", ":memory:"):
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        self.engine = create_engine(url)
        Base.metadata.create_all(self.engine)

    def add_table(self, table: TableRecord, seats: list[SeatRecord]) -> None:
        """Store a new table and its seats."""
        with Session(self.engine) as session, session.begin():
            session.add(
                TableRow(
                    id=table.id,
                    game=table.game,
                    players=table.players,
                    rules=json.loads(json.dumps(table.rules)),
                    seed=table.seed,
                    engine_version=table.engine_version,
                    status=table.status,
                )
            )
            session.add_all(
                SeatRow(table_id=table.id, seat=s.seat, kind=s.kind, bot=s.bot, token_hash=s.token_hash)
                for s in seats
            )

    def append_action(self, table_id: str, index: int, text: str) -> None:
        """Commit one accepted action at ``index`` of the table's log.

        The primary key (table, index) makes a second writer of the same place fail instead of forking
        the log.
        """
        with Session(self.engine) as session, session.begin():
            session.add(ActionRow(table_id=table_id, index=index, text=text))

    def set_status(self, table_id: str, status: str) -> None:
        """Record a table's status (``playing``, ``over``); the log stays the truth."""
        with Session(self.engine) as session, session.begin():
            row = session.get(TableRow, table_id)
            if row is not None:
                row.status = status

    def load_tables(self) -> list[TableRecord]:
        """Every table with its seats and its action log in order."""
        with Session(self.engine) as session:
            tables = {
                row.id: TableRecord(
                    id=row.id,
                    game=row.game,
                    players=row.players,
                    rules=dict(row.rules),
                    seed=row.seed,
                    engine_version=row.engine_version,
                    status=row.status,
                )
                for row in session.scalars(select(TableRow).order_by(TableRow.created_at))
            }
            for seat in session.scalars(select(SeatRow).order_by(SeatRow.table_id, SeatRow.seat)):
                tables[seat.table_id].seats.append(
                    SeatRecord(seat=seat.seat, kind=seat.kind, bot=seat.bot, token_hash=seat.token_hash)
                )
            for action in session.scalars(select(ActionRow).order_by(ActionRow.table_id, ActionRow.index)):
                tables[action.table_id].actions.append(action.text)
        return list(tables.values())

    def close(self) -> None:
        """Release the database connections."""
        self.engine.dispose()
