"""a version on every row a user edits (notes, annotations, lists, tags, saved searches)

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: The tables that get the column; existing rows start at version 1, as new ones do.
TABLES = ("note", "annotation", "readinglist", "tag", "savedsearch")


def upgrade() -> None:
    # The default stays (rows written by raw SQL get version 1), and it must: on SQLite,
    # dropping it would rebuild each table, and the rebuilt `note` would lose the triggers
    # that keep the full-text index of notes in step.
    for table in TABLES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column("version", sa.Integer(), nullable=False, server_default="1")
            )


def downgrade() -> None:
    # A plain DROP COLUMN (SQLite 3.35 and later), not a batch rebuild: see upgrade().
    for table in TABLES:
        op.execute(f"ALTER TABLE {table} DROP COLUMN version")
