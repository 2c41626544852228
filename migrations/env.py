"""Alembic environment: migrates the connection Papershelf hands over, or the URL in the config."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from desktop.core.storage import db, schema
from desktop.core.storage.models import metadata

config = context.config


def _run(connection: Connection) -> None:
    context.configure(
        connection=connection,
        target_metadata=metadata,
        # SQLite cannot ALTER most things in place; batch mode rebuilds tables instead.
        render_as_batch=True,
        compare_type=True,
        include_name=schema.include_name,
    )
    with context.begin_transaction():
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = config.get_main_option("sqlalchemy.url") or db.default_url()
    engine = db.make_engine(url)
    with engine.connect() as connection:
        _run(connection)
    engine.dispose()


if context.is_offline_mode():
    raise SystemExit("Papershelf migrations run online only: give a database URL.")
run_migrations_online()
