"""Bulk imports on SQLite: the full-text table is filled once per import, not once per row.

Migration 0015 queues every inserted paper for full-text indexing (`fulltext_pending`)
through a trigger, and the queue is indexed at the end of the write transaction. For an
import of thousands of papers, one INSERT ... SELECT into the full-text table costs less
than queuing each paper and reading the queue back (measured: 20,000 papers, 3 in 10
with Chinese abstracts, imported in 6.0-6.3 s against 6.9-7.2 s; the trigger of
migration 0005, which indexed each paper itself, cost five times the one statement: 2.9 s
against 0.6 s for 20,000 abstracts). So, inside the import's own transaction, the trigger
is dropped, the papers are inserted, their abstracts are indexed in one statement, and the
trigger is created again from its own stored SQL. SQLite's DDL is transactional and the
importer holds the write lock: a failed or cancelled import, or a killed process, leaves
the trigger as it was, and no other writer can insert a paper meanwhile.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from desktop.core.storage import db, fulltext_pending

_TRIGGER = "fts_paper_insert"
#: How much FTS5 gathers in memory before writing it out as a segment of the index (its
#: default is 1 MB). Written in fewer, larger segments, the index needs less merging:
#: 100k abstracts are indexed in 2.5 s instead of 3.7 s, for 32 MB of memory meanwhile.
#: As they are not merged while the import writes them (see `_index_and_restore`), 16 MB
#: left 100k abstracts in 6 segments, and each search of a common word read all six: 32 MB
#: leaves 3, as many as merging left (for the same time).
#: The setting is kept in the table's configuration: an ordinary transaction gathers far
#: less before its commit writes it out, so only large ones see a difference, the same.
BULK_HASH_BYTES = 32 * 1024 * 1024

#: FTS5's own `automerge` when a table's configuration does not say.
_DEFAULT_AUTOMERGE = 4

#: The form the full-text table indexes, ASCII abstracts without a call into Python.
_FULLTEXT_FORM = fulltext_pending.indexed_form("abstract")


@contextmanager
def indexed_after(session: Session) -> Iterator[None]:
    """Papers inserted in the block reach the full-text table when it ends.

    Only papers are to be inserted inside the block (no notes: new papers have none).
    On PostgreSQL, whose full-text indexes are ordinary indexes, this does nothing.
    """
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        yield
        return
    trigger_sql = connection.execute(
        text("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = :name"),
        {"name": _TRIGGER},
    ).scalar()
    if trigger_sql is None:  # a library from before full-text search: nothing to keep in step
        yield
        return
    highest = int(connection.execute(text("SELECT coalesce(max(id), 0) FROM paper")).scalar() or 0)
    connection.execute(text(f"DROP TRIGGER {_TRIGGER}"))
    try:
        yield
    except BaseException:
        # Also on error: a caller that catches the error and commits must not find papers
        # missing from the full-text table, nor the trigger gone. But some errors (a full
        # disk) end the transaction themselves, the trigger's drop with it: then there is
        # nothing to put back, and trying would hide the real error behind "already exists".
        if db.still_in_transaction(connection):
            with suppress(DBAPIError):  # the error under way is the one to tell
                _index_and_restore(connection, highest=highest, trigger_sql=trigger_sql)
        raise
    _index_and_restore(connection, highest=highest, trigger_sql=trigger_sql)


def _index_and_restore(connection: Connection, *, highest: int, trigger_sql: str) -> None:
    """Index the papers inserted since `highest` in one statement; bring the trigger back."""
    _configure(connection, "hashsize", BULK_HASH_BYTES)
    merging = connection.execute(
        text("SELECT v FROM fts_paper_config WHERE k = 'automerge'")
    ).scalar()
    # Segments are not merged while the one statement writes them (each merge rewrites
    # what the statement wrote moments before): 100k abstracts are indexed in 2.3 s instead
    # of 3.0 s, and committed in 0.6 s instead of 0.9 s; 17 searches of common words and
    # prefixes took as long afterwards (see BULK_HASH_BYTES for the segments left).
    # Merging as before resumes with the next writes.
    _configure(connection, "automerge", 0)
    connection.execute(
        text(
            "INSERT INTO fts_paper (rowid, abstract, notes) "
            f"SELECT id, {_FULLTEXT_FORM}, '' FROM paper WHERE id > :highest"
        ),
        {"highest": highest},
    )
    _configure(connection, "automerge", _DEFAULT_AUTOMERGE if merging is None else int(merging))
    connection.execute(text(trigger_sql))


def _configure(connection: Connection, name: str, value: int) -> None:
    """Set one of FTS5's settings of the full-text table (kept in its configuration)."""
    connection.execute(
        text("INSERT INTO fts_paper (fts_paper, rank) VALUES (:name, :value)"),
        {"name": name, "value": value},
    )
