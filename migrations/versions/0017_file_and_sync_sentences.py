"""why a file's text cannot be searched, and why a synced file stopped, keep their sentence's
template and values, for a window in another language

Revision ID: 0017
Revises: 0016
Create Date: 2026-12-01

As 0016 did for import problems: `attachment.text_problem` and `synctarget.paused` stay the
English sentences (the command line prints them); beside each, `text_problem_sentence` and
`paused_sentence` hold the template it was made from and the values put into it, as JSON
(desktop/core/sentences.py), so that the window can show it translated. Reasons kept
before have none: they are shown as they were written.
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0017"
down_revision: str | None = "0016"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

#: (table, the column of the English sentence's parts)
_SENTENCES = (("attachment", "text_problem_sentence"), ("synctarget", "paused_sentence"))


def upgrade() -> None:
    for table, column in _SENTENCES:
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(
                sa.Column(
                    column,
                    sqlmodel.sql.sqltypes.AutoString(),
                    nullable=False,
                    server_default="",
                )
            )


def downgrade() -> None:
    # Not through a batch: on SQLite that rebuilds the table, and dropping `attachment`
    # would take its files' pages with it (ON DELETE CASCADE), as 0010 knew.
    for table, column in _SENTENCES:
        op.execute(f"ALTER TABLE {table} DROP COLUMN {column}")
