"""Backups of SQLite libraries and health checks of any library."""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy import Engine, text

from desktop.core.errors import DatabaseError, InvalidInputError
from desktop.core.storage import db, schema

#: Automatic backups (made before upgrades) kept per library; older ones are deleted.
KEEP_AUTOMATIC = 5


def backups_dir(library_file: Path) -> Path:
    """Where the backups of a SQLite library go: a `backups` folder beside it."""
    return library_file.parent / "backups"


def automatic(library_file: Path, reason: str) -> Path:
    """Back up before a risky step, keeping only the newest few automatic backups."""
    folder = backups_dir(library_file)
    target = folder / db.timestamped_name(library_file.stem, reason)
    db.backup_sqlite(library_file, target)
    # Only this library's own automatic backups, by their exact name pattern: not another
    # library whose name starts alike, not manual backups, not files the user put there.
    own = re.compile(rf"{re.escape(library_file.stem)}-\d{{8}}-\d{{6}}-\d{{6}}-([a-z-]+)\.sqlite")
    automatic_ones = sorted(
        p for p in folder.iterdir() if (m := own.fullmatch(p.name)) and m[1] != "manual"
    )
    for old in automatic_ones[:-KEEP_AUTOMATIC]:
        old.unlink(missing_ok=True)
    return target


def manual(engine: Engine, url: str, target: Path | None) -> Path:
    """A backup the user asked for: to `target`, or timestamped in the backups folder."""
    source = db.sqlite_path(url)
    if source is None:
        raise DatabaseError(
            "Papershelf backs up SQLite libraries only; back up a PostgreSQL library with "
            "pg_dump, which keeps it consistent while others use it."
        )
    if target is None:
        target = backups_dir(source) / db.timestamped_name(source.stem, "manual")
    elif target.is_dir():
        target = target / db.timestamped_name(source.stem, "manual")
    if target.resolve() == source.resolve():
        raise InvalidInputError("A backup cannot overwrite the library it copies.")
    if target.exists():
        raise InvalidInputError(f"{target} already exists; choose another file name.")
    return db.backup_sqlite(source, target)


def check(engine: Engine) -> list[str]:
    """What is wrong with a library, one sentence per problem; empty when healthy."""
    problems: list[str] = []
    current = schema.current_revision(engine)
    head = schema.head_revision()
    if current is None:
        problems.append("The library has no Papershelf tables; it may be a different database.")
    elif current != head:
        problems.append(
            f"The library's layout is at version {current}, not {head}; "
            "run “papershelf db upgrade”."
        )
    if engine.dialect.name == "sqlite":
        problems.extend(_sqlite_problems(engine))
    return problems


def _sqlite_problems(engine: Engine) -> list[str]:
    problems: list[str] = []
    with engine.connect() as connection:
        for (line,) in connection.execute(text("PRAGMA integrity_check")):
            if line != "ok":
                problems.append(f"The database file is damaged: {line}.")
        for table, rowid, parent, _fk in connection.execute(text("PRAGMA foreign_key_check")):
            problems.append(
                f"Row {rowid} of table “{table}” points to a missing row of “{parent}”."
            )
    return problems
