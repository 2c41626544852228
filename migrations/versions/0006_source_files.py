"""@preamble and @comment blocks kept with the file they came from

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-01

Until now every block ever imported was kept library-wide in `setting.bibtex_preambles` and
written into every BibTeX export. Each imported file now has a `sourcefile` row holding its
blocks and `papersource` rows naming its papers. The blocks kept before are moved into one
`sourcefile` without a name and without papers: nobody knows which file they came from, so
they are given back by a full export (or when asked to include every file's preambles) only.
"""

import json
from collections.abc import Sequence
from datetime import UTC, datetime

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_OLD_SETTING = "bibtex_preambles"


def upgrade() -> None:
    source_file = op.create_table(
        "sourcefile",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.Column("blocks", sa.JSON(), nullable=False),
        sa.Column("created_at", sqlmodel.sql.sqltypes.UTCDateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_sourcefile")),
    )
    op.create_table(
        "papersource",
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("source_file_id", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["paper_id"],
            ["paper.id"],
            name=op.f("fk_papersource_paper_id_paper"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["source_file_id"],
            ["sourcefile.id"],
            name=op.f("fk_papersource_source_file_id_sourcefile"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("paper_id", "source_file_id", name=op.f("pk_papersource")),
    )
    with op.batch_alter_table("papersource", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_papersource_source_file_id"), ["source_file_id"], unique=False
        )
    connection = op.get_bind()
    old = connection.execute(
        sa.text("SELECT value FROM setting WHERE key = :key"), {"key": _OLD_SETTING}
    ).scalar()
    blocks = json.loads(old) if old else []
    if blocks:
        row = {"name": "", "blocks": blocks, "created_at": datetime.now(UTC)}
        op.bulk_insert(source_file, [row])
    connection.execute(sa.text("DELETE FROM setting WHERE key = :key"), {"key": _OLD_SETTING})


def downgrade() -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.text("SELECT blocks FROM sourcefile ORDER BY id")).scalars()
    blocks: list[str] = []
    for value in rows:
        blocks += json.loads(value) if isinstance(value, str) else value
    if blocks:
        connection.execute(
            sa.text("INSERT INTO setting (key, value) VALUES (:key, :value)"),
            {"key": _OLD_SETTING, "value": json.dumps(list(dict.fromkeys(blocks)))},
        )
    with op.batch_alter_table("papersource", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_papersource_source_file_id"))
    op.drop_table("papersource")
    op.drop_table("sourcefile")
