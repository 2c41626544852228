"""files kept in sync with a saved search as well as with a list

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("synctarget", schema=None) as batch_op:
        batch_op.alter_column("list_id", existing_type=sa.Integer(), nullable=True)
        batch_op.add_column(sa.Column("search_id", sa.Integer(), nullable=True))
        batch_op.create_index(batch_op.f("ix_synctarget_search_id"), ["search_id"], unique=False)
        batch_op.create_foreign_key(
            batch_op.f("fk_synctarget_search_id_savedsearch"),
            "savedsearch",
            ["search_id"],
            ["id"],
            ondelete="CASCADE",
        )


def downgrade() -> None:
    # A file bound to a search has no list to be bound to before this revision: it is no
    # longer kept in sync (the file itself stays).
    op.execute("DELETE FROM synctarget WHERE list_id IS NULL")
    with op.batch_alter_table("synctarget", schema=None) as batch_op:
        batch_op.drop_constraint(
            batch_op.f("fk_synctarget_search_id_savedsearch"), type_="foreignkey"
        )
        batch_op.drop_index(batch_op.f("ix_synctarget_search_id"))
        batch_op.drop_column("search_id")
        batch_op.alter_column("list_id", existing_type=sa.Integer(), nullable=False)
