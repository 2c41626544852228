"""Full text queued by SQLite's triggers, indexed by Papershelf.

The full-text tables index `folding.fulltext_form` of each text, which only Python computes
(`db.FULLTEXT_FUNCTION`, registered on Papershelf's own connections). So that other
programs can write the library file too, the triggers (migration 0015) use built-in SQL
only: a deleted row's full text goes at once, an inserted or changed one is queued
(`paper`: its abstract and notes; `filepage`: a page of a file). Papershelf indexes the
queue at the end of each of its own write transactions, so its own changes are searchable
from their commit, and when it opens a library. Until then a search reads the queued
papers' own text instead of their full-text rows (`stale_papers`), so nothing another
program wrote is missed, or found where it is no longer.
"""

from __future__ import annotations

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session

from desktop.core.storage import db

#: The queue (its name starts with `schema.UNMODELLED_PREFIX`, like the FTS5 tables).
TABLE = "fts_pending"


def indexed_form(column: str) -> str:
    """SQL for the form the full-text tables index of `column` (`db.FULLTEXT_FUNCTION`).

    That form leaves ASCII text as it is, so such a text (as many characters as UTF-8
    bytes) is given as it is, without calling into Python: each call takes the interpreter
    lock, which an import's other threads hold meanwhile (waiting for it, 100k calls made
    the full-text index take several times as long as SQLite's own work).
    """
    return (
        f"CASE WHEN length({column}) = length(CAST({column} AS BLOB)) THEN {column} "
        f"ELSE {db.FULLTEXT_FUNCTION}({column}) END"
    )


_NOTES_OF = "(SELECT coalesce(group_concat(body, ' '), '') FROM note WHERE paper_id = paper.id)"
_QUEUED_PAPERS = f"SELECT id FROM {TABLE} WHERE source = 'paper'"
_QUEUED_PAGES = f"SELECT id FROM {TABLE} WHERE source = 'filepage'"
#: By source, its queued rows indexed again whole (a row gone since leaves nothing).
_INDEX_QUEUED = {
    "paper": (
        f"DELETE FROM fts_paper WHERE rowid IN ({_QUEUED_PAPERS})",
        "INSERT INTO fts_paper (rowid, abstract, notes) "
        f"SELECT id, {indexed_form('abstract')}, {indexed_form(_NOTES_OF)} "
        f"FROM paper WHERE id IN ({_QUEUED_PAPERS})",
    ),
    "filepage": (
        f"DELETE FROM fts_filepage WHERE rowid IN ({_QUEUED_PAGES})",
        "INSERT INTO fts_filepage (rowid, text) "
        f"SELECT id, {indexed_form('text')} FROM filepage WHERE id IN ({_QUEUED_PAGES})",
    ),
}


def catch_up(session: Session) -> None:
    """Index what is queued, in the session's write transaction (SQLite; else nothing).

    Costs one read of an empty table when nothing is: the end of every write can afford it.
    """
    if session.get_bind().dialect.name != "sqlite":
        return
    session.flush()  # the session's own changes reach the triggers first
    connection = session.connection()
    sources = _queued_sources(connection)
    if not sources:
        return
    for source in sources:
        for statement in _INDEX_QUEUED.get(source, ()):
            connection.exec_driver_sql(statement)
    connection.exec_driver_sql(f"DELETE FROM {TABLE}")


def catch_up_on_open(engine: Engine) -> None:
    """Index what other programs queued since Papershelf last wrote (nothing is written
    when nothing is queued)."""
    if engine.dialect.name != "sqlite":
        return
    with engine.connect() as connection:
        if not _queued_sources(connection):
            return
    # A file that cannot be written now (read-only, or another writer's lock held too
    # long) is indexed at a later write: searches read the queued papers meanwhile.
    try:
        with db.write_session(engine) as session:
            catch_up(session)
    except OperationalError:
        return


def stale_papers(connection: Connection) -> set[int]:
    """Papers whose full-text rows may not say what they hold (queued, or a page of theirs
    is); empty on PostgreSQL, whose indexes are always right."""
    if connection.dialect.name != "sqlite":
        return set()
    rows = connection.exec_driver_sql(
        f"{_QUEUED_PAPERS} UNION SELECT paper_id FROM filepage WHERE id IN ({_QUEUED_PAGES})"
    )
    return {int(paper_id) for (paper_id,) in rows}


def _queued_sources(connection: Connection) -> list[str]:
    """The tables with rows queued (`_INDEX_QUEUED`'s keys)."""
    rows = connection.exec_driver_sql(f"SELECT DISTINCT source FROM {TABLE}")
    return [source for (source,) in rows]
