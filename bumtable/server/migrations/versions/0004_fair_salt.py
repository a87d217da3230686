"""Fair deals: ``tables.fair_salt``, the salt of a table's commitments to its seed and deals (null for a table
made before them, which sends none)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("fair_salt", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("fair_salt")
