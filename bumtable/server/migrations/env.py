"""Alembic's environment: migrate the connection :class:`~bumtable.server.store.Store` hands over, else one to
the config's ``sqlalchemy.url``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from bumtable.server.migrations import compare_server_default
from bumtable.server.store import Base


def run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters a table by copying it
        compare_type=True,
        compare_server_default=compare_server_default,
    )
    with context.begin_transaction():
        context.run_migrations()


given = context.config.attributes.get("connection")
if isinstance(given, Connection):
    run(given)
else:
    engine = create_engine(context.config.get_main_option("sqlalchemy.url", "sqlite://"))
    try:
        with engine.connect() as connection:
            run(connection)
    finally:
        engine.dispose()
