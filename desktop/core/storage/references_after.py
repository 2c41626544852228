"""Imports on SQLite: the references of the rows an import inserts (a paper's people, its
tags, its place in a list) are checked batch by batch, not row by row as they are written.

SQLite checks each row's foreign keys as it writes the row: two lookups for each of the
560k people links of a 100k-paper science-shaped import, whose insert took 1.29 s with
them and 0.78 s without. An import's write transaction is begun without that check
(`db.write_session`'s `references_checked_after`: SQLite takes the switch only between
transactions), and `checked_after` looks, batch by batch and at the end, for a row
inserted since it last looked whose reference finds no row: 0.33 s for those links in
all. Only the new rows are read, so a small import into a large library costs no more.

A row found is a bug (the importer takes every reference from rows it has just read or
written): the block raises, and the transaction is rolled back, the import with it. The
check only sees inserted rows; an import changes no reference and deletes no row that
others refer to (SQLite's ON DELETE CASCADE is off with the check).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlalchemy import Connection
from sqlmodel import Session


class BrokenReference(Exception):
    """A row inserted without SQLite's check refers to a row that does not exist (a bug)."""


@dataclass(frozen=True)
class _Reference:
    """One foreign key: `table`'s `columns` name a row of `parent` by its `keys`."""

    table: str
    columns: tuple[str, ...]
    parent: str
    keys: tuple[str, ...]

    def first_broken(self, connection: Connection, after: int) -> int | None:
        """The rowid of the first row past `after` whose reference finds nothing, or None.

        A row with a NULL in the key refers to nothing, as SQLite has it.
        """
        present = " AND ".join(f'child."{column}" IS NOT NULL' for column in self.columns)
        same = " AND ".join(
            f'parent."{key}" = child."{column}"'
            for column, key in zip(self.columns, self.keys, strict=True)
        )
        statement = (
            f'SELECT child.rowid FROM "{self.table}" AS child '
            f"WHERE child.rowid > ? AND {present} "
            f'AND NOT EXISTS (SELECT 1 FROM "{self.parent}" AS parent WHERE {same}) LIMIT 1'
        )
        found = connection.exec_driver_sql(statement, (after,)).scalar()
        return None if found is None else int(found)


class NewRows:
    """The rows inserted since the last `check`, checked by table: an import checks each
    batch's as it stores the next (its people links are found in the cache then, and the
    check is not left to the end, where SQLite already has the full-text index to fill)."""

    def __init__(self, connection: Connection) -> None:
        self._connection = connection
        self._references: dict[str, list[_Reference]] = {}
        for reference in _references(connection):
            self._references.setdefault(reference.table, []).append(reference)
        # Rows inserted from here on get higher rowids: an import deletes none it inserts.
        self._checked = {table: _highest_rowid(connection, table) for table in self._references}

    def check(self) -> None:
        """BrokenReference if a row inserted since the last check refers to nothing."""
        for table, references in self._references.items():
            highest = _highest_rowid(self._connection, table)
            if highest == self._checked[table]:
                continue
            for reference in references:
                row = reference.first_broken(self._connection, self._checked[table])
                if row is not None:
                    raise BrokenReference(
                        f"Row {row} of {table} refers to no row of {reference.parent} "
                        f"({', '.join(reference.columns)}); nothing of this write was kept."
                    )
            self._checked[table] = highest


@contextmanager
def checked_after(session: Session) -> Iterator[NewRows | None]:
    """Rows inserted in the block must refer to rows that exist, checked when it ends (and
    whenever the block calls the `NewRows` it is given); BrokenReference if one does not.
    None, and nothing to do, where SQLite checks each row itself (the connection's usual
    way), and on PostgreSQL."""
    connection = session.connection()
    if connection.dialect.name != "sqlite" or _checked_row_by_row(connection):
        yield None
        return
    rows = NewRows(connection)
    yield rows
    rows.check()


def _checked_row_by_row(connection: Connection) -> bool:
    return bool(connection.exec_driver_sql("PRAGMA foreign_keys").scalar())


def _references(connection: Connection) -> list[_Reference]:
    """Every foreign key of the schema (a key of several columns as one)."""
    rows = connection.exec_driver_sql(
        'SELECT m.name, f.id, f."table", f."from", f."to" FROM sqlite_master AS m '
        "JOIN pragma_foreign_key_list(m.name) AS f "
        "WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq"
    ).all()
    grouped: dict[tuple[str, int], list[tuple[str, str, str | None]]] = {}
    for table, number, parent, column, key in rows:
        grouped.setdefault((table, number), []).append((parent, column, key))
    references = []
    for (table, _number), parts in grouped.items():
        parent = parts[0][0]
        keys = tuple(key for _, _, key in parts if key is not None)
        if len(keys) < len(parts):  # "REFERENCES parent" alone: its primary key
            keys = _primary_key(connection, parent)
        columns = tuple(column for _, column, _ in parts)
        references.append(_Reference(table, columns, parent, keys))
    return references


def _primary_key(connection: Connection, table: str) -> tuple[str, ...]:
    rows = connection.exec_driver_sql(
        "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", (table,)
    ).all()
    return tuple(name for (name,) in rows)


def _highest_rowid(connection: Connection, table: str) -> int:
    found = connection.exec_driver_sql(f'SELECT max(rowid) FROM "{table}"').scalar()
    return 0 if found is None else int(found)
