"""Bringing a library's schema to the version this program expects (Alembic).

Alembic is imported only to migrate: every start asks which version a library is at and
which this program knows, and those are read here directly (the versions table, the
`revision` lines of the migration scripts), sparing each command Alembic's import.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy import Connection, Engine, inspect, text

from desktop import package_files
from desktop.core.errors import DatabaseError
from desktop.core.sentences import sentence
from desktop.core.storage import db

if TYPE_CHECKING:
    from alembic.config import Config

#: Schema objects made by migrations but not modelled (full-text tables and indexes, the
#: queue of rows to index) start with this, so that schema comparisons leave them alone.
UNMODELLED_PREFIX = "fts_"

MIGRATIONS = package_files.folder("migrations")


def include_name(name: str | None, type_: str, parent_names: object) -> bool:
    """Alembic filter: compare everything but the unmodelled full-text objects."""
    return not (name or "").startswith(UNMODELLED_PREFIX)


def alembic_config() -> Config:
    """Alembic's configuration, pointing at the `migrations` folder Papershelf carries."""
    if not (MIGRATIONS / "env.py").is_file():
        raise DatabaseError(
            sentence(
                "The database migrations are missing from {folder}; reinstall Papershelf.",
                folder=MIGRATIONS,
            )
        )
    from alembic.config import Config  # only to migrate (see the module docstring)

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest schema revision this program knows."""
    return _revisions().head


def known_revisions() -> set[str]:
    """Every schema revision this program can migrate from."""
    return set(_revisions().known)


#: A migration script's own lines naming its revision and the one it follows.
_REVISION_LINE = re.compile(r'^revision(?:: *str)? *= *"(\w+)"', re.MULTILINE)
_DOWN_REVISION_LINE = re.compile(
    r'^down_revision(?:: *[\w |]+)? *= *(?:None|"(\w+)")', re.MULTILINE
)


@dataclass(frozen=True)
class _Revisions:
    """The revisions of the migration scripts, and the one no other script follows."""

    known: frozenset[str]
    head: str


@functools.cache
def _revisions() -> _Revisions:
    scripts = sorted((MIGRATIONS / "versions").glob("*.py"))
    if not (MIGRATIONS / "env.py").is_file() or not scripts:
        alembic_config()  # says which folder is missing
    known: set[str] = set()
    followed: set[str] = set()
    for script in scripts:
        source = script.read_text(encoding="utf-8")
        revision = _REVISION_LINE.search(source)
        down = _DOWN_REVISION_LINE.search(source)
        assert revision is not None and down is not None, f"{script} names no revision"
        known.add(revision.group(1))
        if down.group(1) is not None:
            followed.add(down.group(1))
    heads = known - followed
    assert len(heads) == 1, f"migrations/versions has {len(heads)} heads: {sorted(heads)}"
    return _Revisions(frozenset(known), heads.pop())


def current_revision(engine: Engine) -> str | None:
    """The schema revision stored in the database, or None for an empty database."""
    with engine.connect() as connection:
        return _stored_revision(connection)


def _stored_revision(connection: Connection) -> str | None:
    # Alembic keeps the version in one row of alembic_version (one row per head: ours
    # has one line of migrations).
    if not inspect(connection).has_table("alembic_version"):
        return None
    rows = connection.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
    if len(rows) > 1:
        # Not ours (one line of migrations): Alembic's own answer, as before.
        from alembic.runtime.migration import MigrationContext  # only here (module docstring)

        return MigrationContext.configure(connection).get_current_revision()
    return rows[0] if rows else None


def _is_foreign(connection: Connection) -> bool:
    """Tables, but no Papershelf schema version: another program's database."""
    if _stored_revision(connection) is not None:
        return False
    return bool(set(inspect(connection).get_table_names()) - {"alembic_version"})


class ForeignDatabaseError(DatabaseError):
    """The database holds tables but no Papershelf schema version: it is someone else's."""


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to `revision` in one transaction.

    Raises ForeignDatabaseError, changing nothing, when the database holds other tables
    and no Papershelf version (checked under the migration lock, so that a library another
    process is creating this very moment is not mistaken for a foreign database).
    """
    from alembic import command  # only to migrate (see the module docstring)

    _run(engine, command.upgrade, revision, refuse_foreign=True)


def downgrade(engine: Engine, revision: str) -> None:
    """Migrate the database back to `revision` (tests and developers only)."""
    from alembic import command  # only to migrate (see the module docstring)

    _run(engine, command.downgrade, revision)


#: Any fixed number: PostgreSQL's advisory lock that lets one process migrate at a time.
_MIGRATION_LOCK = 7_233_401


def _run(
    engine: Engine,
    action: Callable[[Config, str], None],
    revision: str,
    *,
    refuse_foreign: bool = False,
) -> None:
    config = alembic_config()
    # Two processes opening an old library at once: the second waits for the first's
    # migration (SQLite write lock, PostgreSQL advisory lock), then finds nothing to do.
    writer = engine.execution_options(**{db.WRITE_OPTION: True})
    with writer.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_MIGRATION_LOCK})")
        if refuse_foreign and _is_foreign(connection):
            raise ForeignDatabaseError(sentence("The database holds tables of another program."))
        config.attributes["connection"] = connection
        action(config, revision)
