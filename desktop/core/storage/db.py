"""Engines, sessions and schema upgrades for the two backends (SQLite and PostgreSQL)."""

from __future__ import annotations

import contextlib
import os
import sqlite3
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from sqlalchemy import Engine, create_engine, event, func, make_url, select, text
from sqlalchemy.dialects import sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, SQLModel

from desktop.core import folding
from desktop.core.errors import DatabaseError
from desktop.core.sentences import sentence
from desktop.core.storage import models  # noqa: F401  (registers the tables on the metadata)

APP_NAME = "papershelf"
ENV_URL = "PAPERSHELF_DB"
#: How long a writer waits for another process's write to finish before giving up.
BUSY_TIMEOUT_MS = 15_000
#: Execution option asking SQLite for a write lock at BEGIN (see `_begin_sqlite`).
WRITE_OPTION = "papershelf_write"
#: Execution option: this transaction's commit leaves the checkpoint to `checkpoint`.
DEFER_CHECKPOINT_OPTION = "papershelf_defer_checkpoint"
#: Execution option: SQLite does not check this transaction's references row by row; the
#: writer checks those of the rows it inserts itself (`references_after.checked_after`).
REFERENCES_CHECKED_AFTER_OPTION = "papershelf_references_checked_after"
#: A commit that leaves this many pages in the log checkpoints them (SQLite's default).
_AUTOCHECKPOINT_PAGES = 1000
#: The page size of a library file made from now on (SQLite's default is 4 KiB). A page
#: holds three abstracts at 4 KiB and a dozen at 16, and the full-text index's pieces fit
#: it whole: a 100k-paper science-shaped import took 0.8-1.6 s less (three alternating
#: pairs), its papers, full text and commit each a part of that. A file keeps the size it
#: was made with (only a new, empty one takes the setting).
PAGE_BYTES = 16 * 1024


def data_dir() -> Path:
    """The user's data folder for Papershelf (created when missing)."""
    path = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def default_url() -> str:
    """`$PAPERSHELF_DB`, or a SQLite file in the user's data folder."""
    from_env = os.environ.get(ENV_URL, "").strip()
    if from_env:
        return from_env
    return f"sqlite:///{data_dir() / 'library.sqlite'}"


def is_sqlite(url: str) -> bool:
    return make_url(url).get_backend_name() == "sqlite"


def sqlite_path(url: str) -> Path | None:
    """The file behind a SQLite URL, or None for in-memory databases and other backends."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).expanduser()


SUPPORTED = ("sqlite", "postgresql")


def make_engine(url: str) -> Engine:
    """An engine for `url`, configured for safe concurrent use of the library.

    Raises ValueError for an address that is not a SQLite or PostgreSQL database.
    """
    try:
        backend = make_url(url).get_backend_name()
    except Exception as error:  # SQLAlchemy raises ArgumentError; be sure to catch any parse error
        raise ValueError(f"not a database URL: {url}") from error
    if backend not in SUPPORTED:
        raise ValueError(f"unsupported database {backend!r}")
    if is_sqlite(url):
        path = sqlite_path(url)
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT_MS / 1000})
        event.listen(engine, "connect", _configure_sqlite)
        event.listen(engine, "begin", _begin_sqlite)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _configure_sqlite(dbapi_connection: sqlite3.Connection, _record: Any) -> None:
    # Let us issue BEGIN ourselves (pysqlite's implicit transactions would defeat BEGIN IMMEDIATE).
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    # First: the log (WAL) is made with the page size there is when it is switched on.
    cursor.execute(f"PRAGMA page_size = {PAGE_BYTES}")
    cursor.execute("PRAGMA foreign_keys = ON")
    cursor.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA journal_mode = WAL")
    # NORMAL is durable across application crashes in WAL mode; only power loss can cost
    # the last commits, never consistency.
    cursor.execute("PRAGMA synchronous = NORMAL")
    cursor.execute(f"PRAGMA wal_autocheckpoint = {_AUTOCHECKPOINT_PAGES}")
    # Made here, outside any transaction, so that it stays: made inside a search's read
    # transaction, it went again at its rollback, and every rollback that dropped it made
    # the connection parse its whole schema again and prepare every statement afresh
    # (0.4 ms and more at the next search). fts5vocab finds its table only when read, so
    # a database without one yet (before its migrations) is no obstacle.
    cursor.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {FULLTEXT_WORDS_TABLE} "
        "USING fts5vocab(main, fts_paper, instance)"
    )
    cursor.close()
    # The full-text tables index texts in this form; Papershelf's own statements compute it
    # (`fulltext_pending`, `fulltext_bulk`), never the triggers, which other programs run too.
    dbapi_connection.create_function(FULLTEXT_FUNCTION, 1, _fulltext_form, deterministic=True)


#: The SQL function giving the form of a text that the full-text table indexes.
FULLTEXT_FUNCTION = "papershelf_fulltext"
#: The words of the papers' FTS5 table (migration 0002's `fts_paper`), one row for each time
#: one occurs: a temporary table of each connection (so no migration), which search reads
#: to find the words a prefix begins.
FULLTEXT_WORDS_TABLE = "temp.fts_paper_words"


def _fulltext_form(text_: str | None) -> str | None:
    return None if text_ is None else folding.fulltext_form(text_)


def _begin_sqlite(connection: Connection) -> None:
    options = connection.get_execution_options()
    defer = options.get(DEFER_CHECKPOINT_OPTION, False)
    if defer != connection.info.get(DEFER_CHECKPOINT_OPTION, False):
        # Set per connection and kept: every transaction says which it wants.
        pages = 0 if defer else _AUTOCHECKPOINT_PAGES
        connection.exec_driver_sql(f"PRAGMA wal_autocheckpoint = {pages}")
        connection.info[DEFER_CHECKPOINT_OPTION] = defer
    # Likewise, and before BEGIN: inside a transaction SQLite ignores this switch.
    unchecked = options.get(REFERENCES_CHECKED_AFTER_OPTION, False)
    if unchecked != connection.info.get(REFERENCES_CHECKED_AFTER_OPTION, False):
        connection.exec_driver_sql(f"PRAGMA foreign_keys = {'OFF' if unchecked else 'ON'}")
        connection.info[REFERENCES_CHECKED_AFTER_OPTION] = unchecked
    # A writer takes the write lock up front: a deferred transaction that reads and then
    # writes can fail with "database is locked" without waiting when another writer commits.
    connection.exec_driver_sql("BEGIN IMMEDIATE" if options.get(WRITE_OPTION) else "BEGIN")


@contextmanager
def read_session(engine: Engine) -> Iterator[Session]:
    """A session for reading; objects stay usable after it closes."""
    with Session(engine, expire_on_commit=False) as session:
        yield session


@contextmanager
def write_session(
    engine: Engine, *, defer_checkpoint: bool = False, references_checked_after: bool = False
) -> Iterator[Session]:
    """One transaction: committed when the block ends, rolled back entirely if it raises.

    With `defer_checkpoint`, a SQLite commit does not copy the log into the database file
    itself (a second for a 100k-paper import): the caller runs `checkpoint` afterwards,
    when other work can go on beside it. With `references_checked_after`, SQLite does not
    check the foreign keys of each row written: the caller must insert its rows inside
    `references_after.checked_after` (an import does), and delete or change none that
    others refer to (no ON DELETE CASCADE is done meanwhile).
    """
    options = {
        WRITE_OPTION: True,
        DEFER_CHECKPOINT_OPTION: defer_checkpoint,
        REFERENCES_CHECKED_AFTER_OPTION: references_checked_after,
    }
    writer = engine.execution_options(**options)
    with Session(writer, expire_on_commit=False) as session, session.begin():
        yield session


def checkpoint(engine: Engine) -> None:
    """Copy SQLite's write-ahead log into the database file, as far as readers allow.

    Passive: it waits for nobody, and SQLite lets go of Python's interpreter lock while
    it runs. Nothing to do on PostgreSQL, nor for a database in memory.

    It runs on a connection of its own, opened for it, never one of the engine's: run from
    a pooled connection in the background while the library wrote on another, it made
    that write fail now and then with "no such table: paper" (SQLite 3.40; about one
    cancelled PDF import in 170 under load, and none in 1,200 with a connection of its own).
    """
    if engine.dialect.name != "sqlite":
        return
    path = sqlite_path(engine.url.render_as_string(hide_password=False))
    if path is None:
        return
    # isolation_level None: no BEGIN, as a checkpoint runs outside transactions.
    own = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000, isolation_level=None)
    try:
        own.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
    finally:
        own.close()


#: SQLite's page cache while an import stores its papers (the default is 2 MB): the
#: indexes of papers' people and DOIs are written all over, and a page that stays in the
#: cache is changed many times before it is written instead of being written each time.
#: 100k papers: their people stored in 25% less time.
BULK_CACHE_KIB = 32 * 1024


@contextmanager
def bulk_cache(session: Session) -> Iterator[None]:
    """A larger page cache for the block (a bulk insert), then the connection's own again."""
    connection = session.connection()
    if connection.dialect.name != "sqlite":
        yield
        return
    before = int(connection.exec_driver_sql("PRAGMA cache_size").scalar_one())
    connection.exec_driver_sql(f"PRAGMA cache_size = -{BULK_CACHE_KIB}")
    try:
        yield
    finally:
        # After an error, the import's own is the one to tell (SQLite may have ended the
        # transaction, or the connection, with it).
        with contextlib.suppress(DBAPIError):
            connection.exec_driver_sql(f"PRAGMA cache_size = {before}")


def still_in_transaction(connection: Connection) -> bool:
    """Whether SQLite still holds the transaction open (it rolls some back by itself)."""
    raw = connection.connection.dbapi_connection
    return bool(getattr(raw, "in_transaction", True))


def insert_or_ignore(session: Session, model: type[SQLModel], rows: list[dict[str, Any]]) -> bool:
    """Insert rows, skipping those that would break a unique constraint.

    Two users creating the same tag (or person) at once must both succeed on PostgreSQL,
    where their transactions run side by side. For one row, says whether it went in.
    """
    if not rows:
        return False
    statement = _dialect_insert(session)(model).on_conflict_do_nothing()
    connection = session.connection()
    if len(rows) == 1:
        return bool(connection.execute(statement.values(**rows[0])).rowcount)
    connection.execute(statement, rows)
    return True


def reserve_ids(session: Session, model: type[SQLModel], count: int) -> list[int]:
    """`count` fresh primary keys for rows the caller is about to insert with them.

    Inserting with known ids lets a bulk insert run as one executemany instead of one
    INSERT ... RETURNING per row. SQLite: the writer holds the database lock (BEGIN
    IMMEDIATE), so the ids after the current maximum stay free until the commit; that is
    the id SQLite would pick itself. PostgreSQL: taken from the table's own sequence.
    """
    if count <= 0:
        return []
    table = model.__table__  # type: ignore[attr-defined]
    if session.get_bind().dialect.name == "postgresql":
        sequence = f"pg_get_serial_sequence('{table.name}', 'id')"
        query = text(f"SELECT nextval({sequence}) FROM generate_series(1, :count)")
        return sorted(session.execute(query, {"count": count}).scalars())
    highest = session.execute(select(func.max(table.c.id))).scalar() or 0
    return list(range(highest + 1, highest + 1 + count))


def insert_plain_rows(
    session: Session,
    model: type[SQLModel],
    columns: tuple[str, ...],
    *,
    rows: list[tuple[Any, ...]],
    ignoring_conflicts: bool = False,
) -> None:
    """Insert many rows of plain values (numbers, text) straight through the driver;
    `ignoring_conflicts`: skip those that would break a unique constraint (as
    `insert_or_ignore`).

    For link tables filled by the hundred thousand in an import: SQLAlchemy's per-row
    parameter processing costs more than the insert itself, and these columns need none.
    """
    if not rows:
        return
    connection = session.connection()
    marker = _marker(connection)
    table = model.__table__.name  # type: ignore[attr-defined]
    statement = (
        f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join(marker for _ in columns)})"
    )
    if ignoring_conflicts:
        statement += " ON CONFLICT DO NOTHING"  # SQLite and PostgreSQL alike
    connection.exec_driver_sql(statement, rows)


#: Values bound in one query (SQLite allows 32766 bound parameters; stay well below).
_VALUES_PER_QUERY = 900


def plain_rows_where_in(
    session: Session, statement: str, values: Sequence[Any]
) -> list[tuple[Any, ...]]:
    """The rows of `statement` (a SELECT ending in `IN`) for `values`, straight through the
    driver, a few hundred values a query: for the 50k people an import looks up, building
    SQLAlchemy's statement for each query cost about six times what the database took."""
    connection = session.connection()
    marker = _marker(connection)
    found: list[tuple[Any, ...]] = []
    for start in range(0, len(values), _VALUES_PER_QUERY):
        chunk = tuple(values[start : start + _VALUES_PER_QUERY])
        query = f"{statement} ({', '.join(marker for _ in chunk)})"
        found += connection.exec_driver_sql(query, chunk).all()
    return found


def _marker(connection: Connection) -> str:
    """The driver's own placeholder for a bound value."""
    return "?" if connection.dialect.paramstyle == "qmark" else "%s"


def insert_many(session: Session, model: type[SQLModel], rows: list[dict[str, Any]]) -> None:
    """Insert many rows (every column given), as one executemany.

    On SQLite the values are converted as SQLAlchemy converts them (JSON and dates to
    text), a value shared by many rows (a timestamp) once, and handed to the driver:
    SQLAlchemy's own per-row processing of 25 columns costs about as much as SQLite's
    insert. On PostgreSQL, whose statements need casts for JSON, SQLAlchemy inserts them.
    """
    if not rows:
        return
    connection = session.connection()
    table = model.__table__  # type: ignore[attr-defined]
    if connection.dialect.name != "sqlite":
        connection.execute(table.insert(), rows)
        return
    columns = [column.name for column in table.columns]
    dialect = connection.dialect
    # The type as this dialect stores it (a TypeDecorator's own step, then SQLite's).
    processors = [
        column.type.dialect_impl(dialect).bind_processor(dialect) for column in table.columns
    ]
    # Column by column (a list each), then zipped into rows: a call per value would cost
    # more than the insert (26 columns of 100k papers).
    values = [
        _column_values(rows, name, process)
        for name, process in zip(columns, processors, strict=True)
    ]
    plain = list(zip(*values, strict=True))
    insert_plain_rows(session, model, tuple(columns), rows=plain)


def _column_values(
    rows: list[dict[str, Any]], name: str, process: Callable[[Any], Any] | None
) -> list[Any]:
    """One column's values as the driver takes them; a value shared by many rows (a
    timestamp) is converted once."""
    given = [row[name] for row in rows]
    if process is None:
        return given
    converted: dict[int, Any] = {}  # by id(): every value lives as long as `rows`
    # An empty dict or list (most papers' extra fields) is converted once too.
    empty: dict[bool, Any] = {}
    stored: list[Any] = []
    for value in given:
        if value is None:
            stored.append(None)
        elif isinstance(value, dict | list):
            if value:
                stored.append(process(value))
            else:
                kind = isinstance(value, dict)
                if kind not in empty:
                    empty[kind] = process(value)
                stored.append(empty[kind])
        else:
            key = id(value)
            if key not in converted:
                converted[key] = process(value)
            stored.append(converted[key])
    return stored


def upsert(session: Session, model: type[SQLModel], values: dict[str, Any], *, key: str) -> None:
    """Insert a row, or update it where one with the same `key` column exists."""
    statement = _dialect_insert(session)(model).values(**values)
    changes = {name: value for name, value in values.items() if name != key}
    session.execute(statement.on_conflict_do_update(index_elements=[key], set_=changes))


def _dialect_insert(session: Session) -> Any:
    if session.get_bind().dialect.name == "postgresql":
        # Loaded only for a PostgreSQL library: 0.02 s of every command's start otherwise.
        from sqlalchemy.dialects import postgresql

        return postgresql.insert
    return sqlite.insert


def backup_sqlite(source: Path, target: Path) -> Path:
    """Copy a live SQLite library to `target` with SQLite's online backup API, whole or not
    at all: into a temporary file beside it, synced to the disk, then renamed to `target`
    (a kill or a full disk leaves no half backup under the backup's name)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, part = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    os.close(handle)
    try:
        src = sqlite3.connect(str(source), timeout=BUSY_TIMEOUT_MS / 1000)
        try:
            dst = sqlite3.connect(part)
            try:
                src.backup(dst)
            finally:
                dst.close()
        finally:
            src.close()
        with open(part, "rb") as written:
            os.fsync(written.fileno())
        os.replace(part, target)
    except (OSError, sqlite3.Error) as error:
        _remove(part)
        raise DatabaseError(
            sentence(
                "Papershelf could not write the backup {target}: {error}. Nothing was left under "
                "that name; an older backup there is as it was.",
                target=target,
                error=error,
            )
        ) from None
    except BaseException:
        _remove(part)
        raise
    return target


def _remove(path: str) -> None:
    with contextlib.suppress(FileNotFoundError):
        os.unlink(path)


def timestamped_name(stem: str, reason: str) -> str:
    """`library-20261129-201500-manual.sqlite`: sortable, and says why it was made."""
    return f"{stem}-{datetime.now().strftime('%Y%m%d-%H%M%S-%f')}-{reason}.sqlite"
