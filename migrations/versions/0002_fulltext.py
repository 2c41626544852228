"""full-text search over abstracts and notes

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-29

SQLite: an FTS5 table `fts_paper(abstract, notes)` keyed by paper id, kept in step by
triggers, so that every writer (another process included) keeps it right.
PostgreSQL: GIN indexes on to_tsvector('simple', ...) of paper.abstract and note.body.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

_NOTES_OF = "(SELECT coalesce(group_concat(body, ' '), '') FROM note WHERE paper_id = {id})"

SQLITE_UP = [
    "CREATE VIRTUAL TABLE fts_paper USING fts5("
    "abstract, notes, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
    "INSERT INTO fts_paper (rowid, abstract, notes) "
    f"SELECT id, abstract, {_NOTES_OF.format(id='paper.id')} FROM paper",
    "CREATE TRIGGER fts_paper_insert AFTER INSERT ON paper BEGIN "
    "INSERT INTO fts_paper (rowid, abstract, notes) VALUES (new.id, new.abstract, ''); END",
    "CREATE TRIGGER fts_paper_abstract AFTER UPDATE OF abstract ON paper BEGIN "
    "UPDATE fts_paper SET abstract = new.abstract WHERE rowid = new.id; END",
    "CREATE TRIGGER fts_paper_delete AFTER DELETE ON paper BEGIN "
    "DELETE FROM fts_paper WHERE rowid = old.id; END",
    "CREATE TRIGGER fts_note_insert AFTER INSERT ON note BEGIN "
    f"UPDATE fts_paper SET notes = {_NOTES_OF.format(id='new.paper_id')} "
    "WHERE rowid = new.paper_id; END",
    "CREATE TRIGGER fts_note_update AFTER UPDATE OF body ON note BEGIN "
    f"UPDATE fts_paper SET notes = {_NOTES_OF.format(id='new.paper_id')} "
    "WHERE rowid = new.paper_id; END",
    "CREATE TRIGGER fts_note_delete AFTER DELETE ON note BEGIN "
    f"UPDATE fts_paper SET notes = {_NOTES_OF.format(id='old.paper_id')} "
    "WHERE rowid = old.paper_id; END",
]
SQLITE_DOWN = [
    *(
        f"DROP TRIGGER IF EXISTS {name}"
        for name in (
            "fts_paper_insert",
            "fts_paper_abstract",
            "fts_paper_delete",
            "fts_note_insert",
            "fts_note_update",
            "fts_note_delete",
        )
    ),
    "DROP TABLE IF EXISTS fts_paper",
]
POSTGRESQL_UP = [
    "CREATE INDEX fts_paper_abstract ON paper USING gin (to_tsvector('simple', abstract))",
    "CREATE INDEX fts_note_body ON note USING gin (to_tsvector('simple', body))",
]
POSTGRESQL_DOWN = ["DROP INDEX IF EXISTS fts_note_body", "DROP INDEX IF EXISTS fts_paper_abstract"]


def _run(statements: list[str]) -> None:
    for statement in statements:
        op.execute(statement)


def upgrade() -> None:
    _run(SQLITE_UP if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_UP)


def downgrade() -> None:
    _run(SQLITE_DOWN if op.get_bind().dialect.name == "sqlite" else POSTGRESQL_DOWN)
