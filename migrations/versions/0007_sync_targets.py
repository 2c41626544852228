"""files kept in sync with a reading list

Revision ID: 0007
Revises: 0006
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "synctarget",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("list_id", sa.Integer(), nullable=False),
        sa.Column("path", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("format", sqlmodel.sql.sqltypes.AutoString(length=40), nullable=False),
        sa.Column("written_sha256", sqlmodel.sql.sqltypes.AutoString(length=64), nullable=False),
        sa.Column("paused", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["list_id"],
            ["readinglist.id"],
            name=op.f("fk_synctarget_list_id_readinglist"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_synctarget")),
        sa.UniqueConstraint("path", name=op.f("uq_synctarget_path")),
    )
    with op.batch_alter_table("synctarget", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_synctarget_list_id"), ["list_id"], unique=False)


def downgrade() -> None:
    with op.batch_alter_table("synctarget", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_synctarget_list_id"))
    op.drop_table("synctarget")
