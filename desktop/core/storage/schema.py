"""Bringing a library's schema to the version this program expects (Alembic)."""

from __future__ import annotations

from collections.abc import Callable

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, inspect

from desktop import package_files
from desktop.core.errors import DatabaseError
from desktop.core.sentences import sentence
from desktop.core.storage import db

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
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    """The newest schema revision this program knows."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None, "migrations/versions holds no revision"
    return head


def known_revisions() -> set[str]:
    """Every schema revision this program can migrate from."""
    scripts = ScriptDirectory.from_config(alembic_config())
    return {script.revision for script in scripts.walk_revisions()}


def current_revision(engine: Engine) -> str | None:
    """The schema revision stored in the database, or None for an empty database."""
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _is_foreign(connection: Connection) -> bool:
    """Tables, but no Papershelf schema version: another program's database."""
    if MigrationContext.configure(connection).get_current_revision() is not None:
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
    _run(engine, command.upgrade, revision, refuse_foreign=True)


def downgrade(engine: Engine, revision: str) -> None:
    """Migrate the database back to `revision` (tests and developers only)."""
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
