"""full-text triggers any program can run: changed rows queued, indexed by Papershelf

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-02

The SQLite triggers of migrations 0005 and 0010 called `papershelf_fulltext`, a function
only Papershelf registers, so every other program writing the file (the sqlite3 shell, DB
Browser for SQLite, a script, a restore tool) failed on each paper, note or page of a file
it inserted, changed or deleted. Now they use built-in SQL only: a deleted row's full text
goes at once, and an inserted or changed one is queued in `fts_pending` (which table,
which row), for Papershelf to index through the function (`storage/fulltext_pending.py`).
The full-text tables are kept as they are: they were exact.

A note moved to another paper (a merge) now queues both papers; before, only a change of
its text reached the full text, and the moved notes were not found on the kept paper.

PostgreSQL: nothing to do; its function lives in the database, which any writer runs.
Downgrade: what is queued is indexed first, then the triggers of 0005 and 0010 come back.
"""

from collections.abc import Sequence

from alembic import op

revision: str = "0015"
down_revision: str | None = "0014"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

FUNCTION = "papershelf_fulltext"
QUEUE = "fts_pending"
_NOTES_OF = "(SELECT coalesce(group_concat(body, ' '), '') FROM note WHERE paper_id = {id})"


def _queue(source: str, row: str) -> str:
    return f"INSERT OR IGNORE INTO {QUEUE} (source, id) VALUES ('{source}', {row});"


#: (name, when and on what, body): built-in SQL only.
_QUEUED_TRIGGERS = (
    ("fts_paper_insert", "AFTER INSERT ON paper", _queue("paper", "new.id")),
    ("fts_paper_abstract", "AFTER UPDATE OF abstract ON paper", _queue("paper", "new.id")),
    ("fts_paper_delete", "AFTER DELETE ON paper", "DELETE FROM fts_paper WHERE rowid = old.id;"),
    ("fts_note_insert", "AFTER INSERT ON note", _queue("paper", "new.paper_id")),
    (
        "fts_note_update",
        "AFTER UPDATE OF body, paper_id ON note",
        _queue("paper", "new.paper_id") + " " + _queue("paper", "old.paper_id"),
    ),
    ("fts_note_delete", "AFTER DELETE ON note", _queue("paper", "old.paper_id")),
    ("fts_filepage_insert", "AFTER INSERT ON filepage", _queue("filepage", "new.id")),
    ("fts_filepage_update", "AFTER UPDATE OF text ON filepage", _queue("filepage", "new.id")),
    (
        "fts_filepage_delete",
        "AFTER DELETE ON filepage",
        "DELETE FROM fts_filepage WHERE rowid = old.id;",
    ),
)


def _form(value: str) -> str:
    return f"{FUNCTION}({value})"


def _notes_set(paper: str) -> str:
    notes = _form(_NOTES_OF.format(id=paper))
    return f"UPDATE fts_paper SET notes = {notes} WHERE rowid = {paper};"


#: The triggers as migrations 0005 and 0010 made them (through the function).
_FUNCTION_TRIGGERS = (
    (
        "fts_paper_insert",
        "AFTER INSERT ON paper",
        "INSERT INTO fts_paper (rowid, abstract, notes) "
        f"VALUES (new.id, {_form('new.abstract')}, '');",
    ),
    (
        "fts_paper_abstract",
        "AFTER UPDATE OF abstract ON paper",
        f"UPDATE fts_paper SET abstract = {_form('new.abstract')} WHERE rowid = new.id;",
    ),
    ("fts_paper_delete", "AFTER DELETE ON paper", "DELETE FROM fts_paper WHERE rowid = old.id;"),
    ("fts_note_insert", "AFTER INSERT ON note", _notes_set("new.paper_id")),
    ("fts_note_update", "AFTER UPDATE OF body ON note", _notes_set("new.paper_id")),
    ("fts_note_delete", "AFTER DELETE ON note", _notes_set("old.paper_id")),
    (
        "fts_filepage_insert",
        "AFTER INSERT ON filepage",
        f"INSERT INTO fts_filepage (rowid, text) VALUES (new.id, {_form('new.text')});",
    ),
    (
        "fts_filepage_update",
        "AFTER UPDATE OF text ON filepage",
        f"UPDATE fts_filepage SET text = {_form('new.text')} WHERE rowid = new.id;",
    ),
    (
        "fts_filepage_delete",
        "AFTER DELETE ON filepage",
        "DELETE FROM fts_filepage WHERE rowid = old.id;",
    ),
)

_QUEUED_PAPERS = f"SELECT id FROM {QUEUE} WHERE source = 'paper'"
_QUEUED_PAGES = f"SELECT id FROM {QUEUE} WHERE source = 'filepage'"
#: What Papershelf does with the queue (as `storage/fulltext_pending.py` did at this
#: revision), run before going back to triggers that would never read it.
_INDEX_QUEUED = (
    f"DELETE FROM fts_paper WHERE rowid IN ({_QUEUED_PAPERS})",
    "INSERT INTO fts_paper (rowid, abstract, notes) "
    f"SELECT id, {_form('abstract')}, {_form(_NOTES_OF.format(id='paper.id'))} "
    f"FROM paper WHERE id IN ({_QUEUED_PAPERS})",
    f"DELETE FROM fts_filepage WHERE rowid IN ({_QUEUED_PAGES})",
    "INSERT INTO fts_filepage (rowid, text) "
    f"SELECT id, {_form('text')} FROM filepage WHERE id IN ({_QUEUED_PAGES})",
)


def _replace_triggers(triggers: tuple[tuple[str, str, str], ...]) -> None:
    for name, event, body in triggers:
        op.execute(f"DROP TRIGGER IF EXISTS {name}")
        op.execute(f"CREATE TRIGGER {name} {event} BEGIN {body} END")


def upgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    # Keyed by (table, row) alone: a row queued twice is indexed once.
    op.execute(
        f"CREATE TABLE {QUEUE} (source TEXT NOT NULL, id INTEGER NOT NULL, "
        "PRIMARY KEY (source, id)) WITHOUT ROWID"
    )
    _replace_triggers(_QUEUED_TRIGGERS)


def downgrade() -> None:
    if op.get_bind().dialect.name != "sqlite":
        return
    for statement in _INDEX_QUEUED:
        op.execute(statement)
    _replace_triggers(_FUNCTION_TRIGGERS)
    op.execute(f"DROP TABLE {QUEUE}")
