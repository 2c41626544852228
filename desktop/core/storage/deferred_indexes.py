"""Bulk imports on SQLite: the indexes that only speed up lookups are made again once, at
the end of a large import, rather than updated row by row.

The people of 100k papers are 560k rows, in paper order, but the index by person takes
them all over: stored without it and indexed afterwards, they took 0.9 s instead of 1.45 s,
the making included; and the making is SQLite work at the end of the import, while the
interpreter takes the papers into the search index. (Not so the papers' own six indexes:
each made afresh reads the whole table, abstracts and all, about 0.1 s each, more than
updating it row by row costs.)

Only an index that enforces nothing is dropped (a UNIQUE one is what refuses a clash, row
by row), and each is made again from its own stored SQL. SQLite's DDL is transactional:
a failed, cancelled or killed import leaves the indexes as they were, and other
connections keep reading theirs.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress

from sqlalchemy import Connection, bindparam, text
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session

from desktop.core.storage import db


@contextmanager
def made_after(session: Session, tables: Sequence[str]) -> Iterator[None]:
    """The plain indexes of `tables` are dropped for the block and made again when it ends
    (also when it fails, as long as the transaction is still open). On PostgreSQL, or with
    no tables, this does nothing."""
    connection = session.connection()
    if connection.dialect.name != "sqlite" or not tables:
        yield
        return
    dropped = _plain_indexes(connection, tables)
    for name, _sql in dropped:
        connection.exec_driver_sql(f'DROP INDEX "{name}"')
    try:
        yield
    except BaseException:
        # As `fulltext_bulk` does: a caller that catches the error and commits must find
        # the indexes; but an error that ended the transaction took the drops with it.
        if db.still_in_transaction(connection):
            with suppress(DBAPIError):  # the error under way is the one to tell
                _make(connection, dropped)
        raise
    _make(connection, dropped)


def _plain_indexes(connection: Connection, tables: Sequence[str]) -> list[tuple[str, str]]:
    """(name, SQL) of the indexes of `tables` made by a statement (not a key's own) that
    are not UNIQUE."""
    query = text(
        "SELECT name, sql FROM sqlite_master "
        "WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN :tables ORDER BY name"
    ).bindparams(bindparam("tables", expanding=True))
    rows = connection.execute(query, {"tables": list(tables)}).all()
    return [(name, sql) for name, sql in rows if not _is_unique(sql)]


def _is_unique(sql: str) -> bool:
    return sql.split(None, 2)[1].upper() == "UNIQUE"  # CREATE UNIQUE INDEX ...


def _make(connection: Connection, indexes: list[tuple[str, str]]) -> None:
    for _name, sql in indexes:
        connection.exec_driver_sql(sql)
