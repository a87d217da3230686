"""Table settings and join codes; claimed, auto-playing and named seats; who made each action."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("settings", sa.JSON(), nullable=False, server_default=sa.text("'{}'")))
        batch.add_column(sa.Column("join_hash", sa.String(64), nullable=True))
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True), nullable=True))
    op.execute("UPDATE tables SET updated_at = created_at")
    with op.batch_alter_table("tables") as batch:
        batch.alter_column("updated_at", existing_type=sa.DateTime(timezone=True), nullable=False)
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("claimed", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("auto", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("by", sa.String(12), nullable=False, server_default="seat"))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")
        batch.drop_column("auto")
        batch.drop_column("claimed")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("updated_at")
        batch.drop_column("join_hash")
        batch.drop_column("settings")
