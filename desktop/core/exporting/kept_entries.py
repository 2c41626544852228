"""Each paper's BibTeX and BibLaTeX entry kept as written, per style (format and options),
so that an export reads the entries of unchanged papers instead of writing them again.

What keeps a kept entry true:
- SQLite triggers (migration 0014) delete a paper's entries whenever anything they are
  written from changes: its row, its people and their names, its tags and their names
  (people added to a paper are seen by `people.set_people`, the one way they are; the
  entries hold no notes or annotations). Entries are kept on SQLite only, where those
  triggers are.
- Entries are stored in the export's own read transaction, after its reads: SQLite
  refuses that write when anyone committed since the reads began (WAL's snapshot rule),
  so an entry never records a picture of the library that is already out of date.
- An entry that links to others (crossref, xdata, xref) depends on them and is never kept.
- Every entry is tied to the code that wrote it (`writer_version`): another version of
  Papershelf, or an edited writer, starts afresh.
A missing entry is only written again: keeping them can make an export slower once, never
wrong.
"""

from __future__ import annotations

import hashlib
import logging
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, col

from desktop.core.exporting.options import ExportOptions
from desktop.core.formats.bibtex.writer import Piece
from desktop.core.storage import db
from desktop.core.storage.models import ExportEntry, Setting

log = logging.getLogger(__name__)

#: The formats whose entries are kept.
FORMATS = ("bibtex", "biblatex")
#: The setting naming the writer the kept entries were written by.
WRITER_SETTING = "export_writer"
_BY_ID_AT_MOST = 500
_TABLE = ExportEntry.__table__  # type: ignore[attr-defined]


def usable(engine: Engine, format: str) -> bool:
    """Whether entries of `format` are kept in this library."""
    return format in FORMATS and engine.dialect.name == "sqlite" and bool(writer_version())


def style(format: str, options: ExportOptions) -> str:
    """What an entry's text depends on besides the paper: "bibtex", "biblatex+ascii+ours"."""
    return (
        format + ("+ascii" if options.ascii_only else "") + ("+ours" if options.our_fields else "")
    )


def read(session: Session, paper_ids: list[int], style: str) -> dict[int, Piece]:
    """The kept entries of these papers in `style`, by paper id (those kept, if any)."""
    if _stored_writer(session) != writer_version():
        return {}
    columns = (_TABLE.c.paper_id, _TABLE.c.citekey, _TABLE.c.entry_type, _TABLE.c.body)
    query = select(*columns).where(_TABLE.c.style == style)
    connection = session.connection()
    wanted = set(paper_ids)
    found: dict[int, Piece] = {}
    if len(wanted) > _BY_ID_AT_MOST * 4:
        # One pass over the table costs about what a few thousand look-ups by id do.
        rows = connection.execute(query).fetchall()
        found = {row[0]: (row[1], row[2], row[3]) for row in rows if row[0] in wanted}
    else:
        ordered = sorted(wanted)
        for start in range(0, len(ordered), _BY_ID_AT_MOST):
            chunk = ordered[start : start + _BY_ID_AT_MOST]
            rows = connection.execute(query.where(_TABLE.c.paper_id.in_(chunk))).fetchall()
            found.update((row[0], (row[1], row[2], row[3])) for row in rows)
    return found


def keep(session: Session, written: Mapping[int, Piece], style: str) -> bool:
    """Store the entries just written in `style`, committing the session's transaction;
    False (nothing kept) when the library changed since its reads, or is busy."""
    if not written:
        return True
    rows = [
        {"paper_id": pid, "style": style, "citekey": key, "entry_type": kind, "body": body}
        for pid, (key, kind, body) in written.items()
    ]
    connection = session.connection()
    try:
        with _not_waiting(session):
            if _stored_writer(session) != writer_version():
                # Written by other code: none of them can be trusted to be what it writes.
                connection.execute(delete(_TABLE))
                db.upsert(
                    session, Setting, {"key": WRITER_SETTING, "value": writer_version()}, key="key"
                )
            connection.execute(insert(_TABLE).prefix_with("OR REPLACE"), rows)
        session.commit()  # holding the write lock since the first statement: no waiting
    except OperationalError as error:
        # Someone committed since the reads (SQLITE_BUSY_SNAPSHOT) or is writing now: the
        # export is right as written; its entries are kept another time.
        session.rollback()
        log.info("The exported entries were not kept (%s).", error.orig)
        return False
    return True


@contextmanager
def _not_waiting(session: Session) -> Iterator[None]:
    # An export must not wait for another writer just to keep its entries.
    connection = session.connection()
    connection.exec_driver_sql("PRAGMA busy_timeout = 0")
    try:
        yield
    finally:
        connection.exec_driver_sql(f"PRAGMA busy_timeout = {db.BUSY_TIMEOUT_MS}")


def _stored_writer(session: Session) -> str | None:
    query = select(col(Setting.value)).where(col(Setting.key) == WRITER_SETTING)
    value: str | None = session.connection().execute(query).scalar()
    return value


@lru_cache(maxsize=1)
def writer_version() -> str:
    """A name for the code that writes entries: a digest of the core's source files (the
    writer, the records it is given, the text rules it follows) and of Python's version
    (Unicode tables); the package's version where no source files are at hand, and ""
    (nothing kept) where neither is."""
    digest = hashlib.sha256(sys.version.encode())
    core = Path(__file__).resolve().parents[1]
    sources = sorted(core.rglob("*.py"))
    for path in sources:
        digest.update(str(path.relative_to(core)).encode())
        digest.update(path.read_bytes())
    if not sources:
        from importlib import metadata

        try:
            digest.update(metadata.version("papershelf").encode())
        except metadata.PackageNotFoundError:
            return ""
    return digest.hexdigest()[:32]
