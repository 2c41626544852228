"""each paper's own spelling of a person's name

Revision ID: 0019
Revises: 0018
Create Date: 2026-12-07

People are stored once under a key that folds case and spacing: `Levine, Sergey` in one
paper and `LEVINE, SERGEY` in another are one person row, and every export wrote that
row's spelling for both papers. A link now keeps the paper's own name parts when they are
not the row's (`own_parts`, a JSON array), so each paper's export gives back what it was
given.

Links stored before this revision have none: their papers export as before (the name as
first stored); each link's `as_written` still holds what the source wrote.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0019"
down_revision: str | None = "0018"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Plain ALTER TABLE on SQLite too: a batch copy of the table would drop its triggers
    # (migration 0014's, which forget kept exports).
    op.add_column(
        "paperperson",
        sa.Column("own_parts", sqlmodel.sql.sqltypes.AutoString(), nullable=True),
    )


def downgrade() -> None:
    op.drop_column("paperperson", "own_parts")
