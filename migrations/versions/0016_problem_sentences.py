"""import problems keep their message's template and values, for a window in another language

Revision ID: 0016
Revises: 0015
Create Date: 2026-12-02

A problem's `message` stays the English sentence (the command line prints it); beside it,
`message_sentence` holds the template it was made from and the values put into it, as
JSON (desktop/core/sentences.py), so that the problems panel can show it translated.
Problems kept before have none: they are shown as they were written.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0016"
down_revision: str | None = "0015"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("importproblem", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "message_sentence",
                sqlmodel.sql.sqltypes.AutoString(),
                nullable=False,
                server_default="",
            )
        )


def downgrade() -> None:
    with op.batch_alter_table("importproblem", schema=None) as batch_op:
        batch_op.drop_column("message_sentence")
