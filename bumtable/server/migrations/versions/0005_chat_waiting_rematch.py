"""The friends' table: ``chat`` (each table's chat messages), a waiting room (``tables.maker``,
``tables.started``), rematches (``tables.rematch_of``, ``rematch_seats``, ``winners``; ``seats.reserved``)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision: str | None = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rematch_of", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("rematch_seats", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("maker", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("started", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("winners", sa.JSON(), nullable=True))
    op.create_index("ix_tables_rematch_of", "tables", ["rematch_of"])
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("reserved", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(length=32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=40), nullable=True),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_table_id", "chat", ["table_id", "id"])


def downgrade() -> None:
    op.drop_index("ix_chat_table_id", table_name="chat")
    op.drop_table("chat")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("reserved")
    op.drop_index("ix_tables_rematch_of", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("winners")
        batch.drop_column("started")
        batch.drop_column("maker")
        batch.drop_column("rematch_seats")
        batch.drop_column("rematch_of")
