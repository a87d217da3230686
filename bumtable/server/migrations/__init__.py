"""The table server's Alembic migrations (``env.py`` runs inside Alembic only; revisions in ``versions/``)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Column


def compare_server_default(
    context: Any,
    inspected_column: Column[Any],
    metadata_column: Column[Any],
    inspected_default: str | None,
    metadata_default: Any,
    rendered_metadata_default: str | None,
) -> bool | None:
    """Compare a JSON column's default as text, as PostgreSQL cannot compare ``json`` values; None: Alembic's.

    >>> compare_server_default(None, Column("s", JSON), Column("s", JSON), "'{}'::json", None, "'{}'")
    False
    """
    if not isinstance(metadata_column.type, JSON):
        return None

    def bare(default: str | None) -> str:
        return (default or "").split("::")[0].strip().strip("'")

    return bare(inspected_default) != bare(rendered_metadata_default)
