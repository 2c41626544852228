"""Backups of SQLite libraries and health checks of any library."""

from __future__ import annotations

import re
from pathlib import Path

from sqlalchemy import Engine, text
from sqlalchemy.exc import DBAPIError

from desktop.core.errors import DatabaseError, InvalidInputError
from desktop.core.sentences import sentence
from desktop.core.storage import db, schema, trouble

#: Automatic backups (made before upgrades) kept per library; older ones are deleted.
KEEP_AUTOMATIC = 5


def backups_dir(library_file: Path) -> Path:
    """Where the backups of a SQLite library go: a `backups` folder beside it."""
    return library_file.parent / "backups"


def newest(library_file: Path) -> Path | None:
    """The latest backup of this library (automatic or manual), if there is one."""
    folder = backups_dir(library_file)
    own = re.compile(rf"{re.escape(library_file.stem)}-\d{{8}}-\d{{6}}-\d{{6}}-[a-z-]+\.sqlite")
    try:
        found = sorted(p for p in folder.iterdir() if own.fullmatch(p.name))
    except OSError:  # no backups folder (or none we may read)
        return None
    return found[-1] if found else None


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
            sentence(
                "Papershelf backs up SQLite libraries only; back up a PostgreSQL library with "
                "pg_dump, which keeps it consistent while others use it."
            )
        )
    if target is None:
        target = backups_dir(source) / db.timestamped_name(source.stem, "manual")
    elif target.is_dir():
        target = target / db.timestamped_name(source.stem, "manual")
    if target.resolve() == source.resolve():
        raise InvalidInputError(sentence("A backup cannot overwrite the library it copies."))
    if target.exists():
        raise InvalidInputError(
            sentence("{target} already exists; choose another file name.", target=target)
        )
    return db.backup_sqlite(source, target)


def check(engine: Engine, library_file: Path | None = None) -> list[str]:
    """What is wrong with a library, one sentence per problem; empty when healthy.
    (`library_file`: the SQLite file, to name its backups when it is damaged.)"""
    problems: list[str] = []
    try:
        current = schema.current_revision(engine)
    except DBAPIError as error:
        if not trouble.is_damaged(error):
            raise
        return [_damaged(library_file, detail=str(error.orig))]
    head = schema.head_revision()
    if current is None:
        problems.append("The library has no Papershelf tables; it may be a different database.")
    elif current not in schema.known_revisions():
        problems.append(
            f"The library was made by a newer Papershelf (its layout is at version {current}, "
            f"this Papershelf knows up to {head}); update Papershelf to use it. "
            "“papershelf db upgrade” cannot help: it only brings older libraries up."
        )
    elif current != head:
        problems.append(
            f"The library's layout is at version {current}, not {head}; "
            "run “papershelf db upgrade”."
        )
    if engine.dialect.name == "sqlite":
        try:
            problems.extend(_sqlite_problems(engine))
        except DBAPIError as error:
            if not trouble.is_damaged(error):
                raise
            problems.append(_damaged(library_file, detail=str(error.orig)))
    if any(p.startswith("The database file is damaged") for p in problems):
        problems.append(_what_can_be_done(library_file))
    return problems


def _damaged(library_file: Path | None, *, detail: str) -> str:
    return f"The database file is damaged: {detail.rstrip('.')}. " + _what_can_be_done(library_file)


def _what_can_be_done(library_file: Path | None) -> str:
    """What a user can do about a damaged file, naming their newest backup."""
    backup = newest(library_file) if library_file is not None else None
    restore = (
        f"The newest backup, {backup}, holds the library as it was when it was made: close "
        "Papershelf and copy it over the damaged file to go back to it."
        if backup is not None
        else "There is no backup of this library in its backups folder."
    )
    return (
        "Before anything else, keep a copy of the file as it is: “papershelf db backup "
        "FILE” copies it, damage included (it cannot mend it). "
        + restore
        + " SQLite's own tool can often save the readable rest: "
        "“sqlite3 damaged.sqlite .recover | sqlite3 recovered.sqlite”."
    )


def _sqlite_problems(engine: Engine) -> list[str]:
    problems: list[str] = []
    with engine.connect() as connection:
        for (line,) in connection.execute(text("PRAGMA integrity_check")):
            if line != "ok":
                problems.append(f"The database file is damaged: {line.rstrip('.')}.")
        for table, rowid, parent, _fk in connection.execute(text("PRAGMA foreign_key_check")):
            problems.append(
                f"Row {rowid} of table “{table}” points to a missing row of “{parent}”."
            )
    return problems
