"""Listed tables: ``tables.listed``, indexed with ``status`` for the lobby's list of open tables."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("listed", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_tables_listed_status", "tables", ["listed", "status"])


def downgrade() -> None:
    op.drop_index("ix_tables_listed_status", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("listed")
