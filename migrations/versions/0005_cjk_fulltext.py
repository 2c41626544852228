"""full text of Chinese and Japanese: CJK runs indexed as bigrams

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-01

Neither FTS5's tokenizer nor PostgreSQL's parser can cut a run of Han or kana into words,
so both now index `papershelf_fulltext(text)`: full-width forms folded (NFKC), Traditional
characters in Simplified, CJK runs cut into overlapping bigrams (`folding.fulltext_form`).

SQLite: the program registers the function on every connection; the FTS5 table is made
again and filled through it, and its triggers call it.
PostgreSQL: the function is written in PL/pgSQL here, with OpenCC's character table as it
is now, and the GIN indexes are made again on it.
"""

from collections.abc import Sequence

from alembic import op

from desktop.core import cjk

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCTION = "papershelf_fulltext"
_TRIGGERS = (
    "fts_paper_insert",
    "fts_paper_abstract",
    "fts_paper_delete",
    "fts_note_insert",
    "fts_note_update",
    "fts_note_delete",
)


def _sqlite(form: str) -> list[str]:
    """Migration 0002's table and triggers, each indexed text passed through `form`
    ("{}" keeps it as it is)."""
    notes_of = form.format(
        "(SELECT coalesce(group_concat(body, ' '), '') FROM note WHERE paper_id = {id})"
    )
    return [
        *(f"DROP TRIGGER IF EXISTS {name}" for name in _TRIGGERS),
        "DROP TABLE IF EXISTS fts_paper",
        "CREATE VIRTUAL TABLE fts_paper USING fts5("
        "abstract, notes, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')",
        "INSERT INTO fts_paper (rowid, abstract, notes) "
        f"SELECT id, {form.format('abstract')}, {notes_of.format(id='paper.id')} FROM paper",
        "CREATE TRIGGER fts_paper_insert AFTER INSERT ON paper BEGIN "
        "INSERT INTO fts_paper (rowid, abstract, notes) "
        f"VALUES (new.id, {form.format('new.abstract')}, ''); END",
        "CREATE TRIGGER fts_paper_abstract AFTER UPDATE OF abstract ON paper BEGIN "
        f"UPDATE fts_paper SET abstract = {form.format('new.abstract')} "
        "WHERE rowid = new.id; END",
        "CREATE TRIGGER fts_paper_delete AFTER DELETE ON paper BEGIN "
        "DELETE FROM fts_paper WHERE rowid = old.id; END",
        "CREATE TRIGGER fts_note_insert AFTER INSERT ON note BEGIN "
        f"UPDATE fts_paper SET notes = {notes_of.format(id='new.paper_id')} "
        "WHERE rowid = new.paper_id; END",
        "CREATE TRIGGER fts_note_update AFTER UPDATE OF body ON note BEGIN "
        f"UPDATE fts_paper SET notes = {notes_of.format(id='new.paper_id')} "
        "WHERE rowid = new.paper_id; END",
        "CREATE TRIGGER fts_note_delete AFTER DELETE ON note BEGIN "
        f"UPDATE fts_paper SET notes = {notes_of.format(id='old.paper_id')} "
        "WHERE rowid = old.paper_id; END",
    ]


def _postgresql_function() -> str:
    """`folding.fulltext_form` in PL/pgSQL (the database encoding is UTF-8)."""
    table = cjk.traditional_to_simplified()
    old = "".join(map(chr, table)).replace("'", "''")
    new = "".join(table.values()).replace("'", "''")
    run = f"[{cjk.CHARACTERS}]"
    return f"""
CREATE OR REPLACE FUNCTION {FUNCTION}(t text) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
DECLARE
    c text;
    prev text := NULL;
    single boolean := false;
    cut text := '';
BEGIN
    IF t !~ '[^\\x01-\\x7f]' THEN
        RETURN t;
    END IF;
    t := normalize(t, NFKC);
    IF t !~ '{run}' THEN
        RETURN t;
    END IF;
    t := translate(t, '{old}', '{new}');
    -- Each run becomes its bigrams between spaces; a run of one character stays itself.
    FOREACH c IN ARRAY string_to_array(t, NULL) LOOP
        IF c ~ '{run}' THEN
            IF prev IS NULL THEN
                cut := cut || ' ';
                single := true;
            ELSE
                cut := cut || prev || c || ' ';
                single := false;
            END IF;
            prev := c;
        ELSE
            IF prev IS NOT NULL AND single THEN
                cut := cut || prev || ' ';
            END IF;
            prev := NULL;
            cut := cut || c;
        END IF;
    END LOOP;
    IF prev IS NOT NULL AND single THEN
        cut := cut || prev || ' ';
    END IF;
    RETURN cut;
END
$fn$
"""


def _postgresql_indexes(form: str) -> list[str]:
    return [
        "DROP INDEX IF EXISTS fts_note_body",
        "DROP INDEX IF EXISTS fts_paper_abstract",
        "CREATE INDEX fts_paper_abstract ON paper "
        f"USING gin (to_tsvector('simple', {form.format('abstract')}))",
        "CREATE INDEX fts_note_body ON note "
        f"USING gin (to_tsvector('simple', {form.format('body')}))",
    ]


def upgrade() -> None:
    form = FUNCTION + "({})"
    if op.get_bind().dialect.name == "sqlite":
        statements = _sqlite(form)
    else:
        statements = [_postgresql_function(), *_postgresql_indexes(form)]
    for statement in statements:
        op.execute(statement)


def downgrade() -> None:
    if op.get_bind().dialect.name == "sqlite":
        statements = _sqlite("{}")
    else:
        statements = [*_postgresql_indexes("{}"), f"DROP FUNCTION IF EXISTS {FUNCTION}(text)"]
    for statement in statements:
        op.execute(statement)
