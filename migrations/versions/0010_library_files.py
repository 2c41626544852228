"""files kept in the library's files folder, and the text of attached files searchable

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-01

`attachment` gets `kind` ("link": as before, an absolute path or a web address; "copy": a
file in the library's files folder, its path relative to it), what its indexed text was
read from, and the page last read. `filepage` holds each page's text.

SQLite: an FTS5 table `fts_filepage(text)` keyed by `filepage.id`, kept in step by
triggers, through `papershelf_fulltext` (CJK bigrams, as migration 0005).
PostgreSQL: a GIN index on to_tsvector('simple', papershelf_fulltext(text)).
"""

from collections.abc import Sequence

import sqlalchemy as sa
import sqlmodel.sql.sqltypes
from alembic import op

revision: str = "0010"
down_revision: str | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FORM = "papershelf_fulltext({})"

SQLITE_UP = [
    "CREATE VIRTUAL TABLE fts_filepage USING fts5("
    "text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
    "CREATE TRIGGER fts_filepage_insert AFTER INSERT ON filepage BEGIN "
    f"INSERT INTO fts_filepage (rowid, text) VALUES (new.id, {FORM.format('new.text')}); END",
    "CREATE TRIGGER fts_filepage_update AFTER UPDATE OF text ON filepage BEGIN "
    f"UPDATE fts_filepage SET text = {FORM.format('new.text')} WHERE rowid = new.id; END",
    "CREATE TRIGGER fts_filepage_delete AFTER DELETE ON filepage BEGIN "
    "DELETE FROM fts_filepage WHERE rowid = old.id; END",
]
SQLITE_DOWN = [
    "DROP TRIGGER IF EXISTS fts_filepage_insert",
    "DROP TRIGGER IF EXISTS fts_filepage_update",
    "DROP TRIGGER IF EXISTS fts_filepage_delete",
    "DROP TABLE IF EXISTS fts_filepage",
]
POSTGRESQL_UP = [
    "CREATE INDEX fts_filepage_text ON filepage "
    f"USING gin (to_tsvector('simple', {FORM.format('text')}))",
]


def upgrade() -> None:
    with op.batch_alter_table("attachment", schema=None) as batch_op:
        batch_op.add_column(
            sa.Column(
                "kind",
                sqlmodel.sql.sqltypes.AutoString(length=10),
                nullable=False,
                server_default="link",
            )
        )
        for name in ("text_of", "text_problem"):
            batch_op.add_column(
                sa.Column(
                    name, sqlmodel.sql.sqltypes.AutoString(), nullable=False, server_default=""
                )
            )
        batch_op.add_column(
            sa.Column("last_page", sa.Integer(), nullable=False, server_default="0")
        )
    op.create_table(
        "filepage",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("attachment_id", sa.Integer(), nullable=False),
        sa.Column("paper_id", sa.Integer(), nullable=False),
        sa.Column("page", sa.Integer(), nullable=False),
        sa.Column("text", sqlmodel.sql.sqltypes.AutoString(), nullable=False),
        sa.ForeignKeyConstraint(
            ["attachment_id"],
            ["attachment.id"],
            name=op.f("fk_filepage_attachment_id_attachment"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["paper_id"], ["paper.id"], name=op.f("fk_filepage_paper_id_paper"), ondelete="CASCADE"
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_filepage")),
    )
    with op.batch_alter_table("filepage", schema=None) as batch_op:
        batch_op.create_index(
            batch_op.f("ix_filepage_attachment_id"), ["attachment_id"], unique=False
        )
        batch_op.create_index(batch_op.f("ix_filepage_paper_id"), ["paper_id"], unique=False)
    statements = SQLITE_UP if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_UP
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        for statement in SQLITE_DOWN:
            op.execute(statement)
    else:
        op.execute("DROP INDEX IF EXISTS fts_filepage_text")
    with op.batch_alter_table("filepage", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_filepage_paper_id"))
        batch_op.drop_index(batch_op.f("ix_filepage_attachment_id"))
    op.drop_table("filepage")
    # Copied files lose the folder their relative path was read against: they become
    # links to where they are now only if the program still knew the folder, which an
    # older program does not, so their paths are kept as they are.
    for name in ("last_page", "text_problem", "text_of", "kind"):
        op.execute(f"ALTER TABLE attachment DROP COLUMN {name}")
