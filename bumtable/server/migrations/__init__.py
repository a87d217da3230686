"""The Alembic migration environment of the table server's database (run on start by :class:`Store`).

``env.py`` runs inside Alembic only; ``versions/`` holds the revisions, ``0001`` onwards.
"""

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
    """Alembic's ``compare_server_default`` hook: a JSON column's default is compared as text (PostgreSQL
    cannot compare ``json`` values, so Alembic's own comparison fails there); None leaves every other column
    to Alembic.

    >>> from sqlalchemy import Integer
    >>> compare_server_default(None, Column("s", JSON), Column("s", JSON), "'{}'::json", None, "'{}'")
    False
    >>> compare_server_default(None, Column("s", JSON), Column("s", JSON), "'[]'::json", None, "'{}'")
    True
    >>> compare_server_default(None, Column("n", Integer), Column("n", Integer), "0", None, "0") is None
    True
    """
    if not isinstance(metadata_column.type, JSON):
        return None

    def bare(default: str | None) -> str:
        return (default or "").split("::")[0].strip().strip("'")

    return bare(inspected_default) != bare(rendered_metadata_default)
