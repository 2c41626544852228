"""import problems told apart: an entry that could not be read (an error) or a warning

Revision ID: 0012
Revises: 0011
Create Date: 2026-12-01
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0012"
down_revision: str | None = "0011"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    # Problems kept before were not told apart: those with text to fix count as errors,
    # as the problems pane offered them all for fixing.
    with op.batch_alter_table("importproblem", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column("error", sa.Boolean(), nullable=False, server_default=sa.false())
        )
    op.execute("UPDATE importproblem SET error = (raw <> '')")


def downgrade() -> None:
    with op.batch_alter_table("importproblem", schema=None) as batch_op:
        batch_op.drop_column("error")
