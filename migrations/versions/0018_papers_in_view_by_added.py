"""the papers outside the trash, in the order they were added, read from one index

Revision ID: 0018
Revises: 0017
Create Date: 2026-12-04

The library's default view and an export of everything ask for the papers not in the trash
ordered by when they were added. With an index on `deleted_at` alone SQLite found them
there and then read every row of the table for `created_at` and sorted; an index on
(`deleted_at`, `created_at`) answers the question by itself, in order (the rowid is the
paper's id). It replaces the index on `deleted_at`, which it begins with.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0018"
down_revision: str | None = "0017"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_index(
        "ix_paper_deleted_at_created_at", "paper", ["deleted_at", "created_at"], unique=False
    )
    op.drop_index("ix_paper_deleted_at", table_name="paper")


def downgrade() -> None:
    op.create_index("ix_paper_deleted_at", "paper", ["deleted_at"], unique=False)
    op.drop_index("ix_paper_deleted_at_created_at", table_name="paper")
