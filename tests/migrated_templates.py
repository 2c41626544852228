"""Databases already at the schema's head, for tests that only need an open library: copies
of one database the real migrations built once per test process.

Migrating every test's new database cost about 0.15 s a test: 960 tests, over a minute of
the suite's wall time. A copy costs a few milliseconds (a file copy on SQLite,
`CREATE DATABASE ... TEMPLATE` on PostgreSQL). The tests of migrating itself start from an
empty database (`db_url`) and run the migrations as a user's first open does.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from postgres_cluster import PostgresCluster

from desktop.core.library import Library

#: The PostgreSQL database the copies are made from (one per test process's cluster).
POSTGRES_TEMPLATE = "papershelf_at_head"


def build_sqlite_template(folder: Path) -> Path:
    """A SQLite library file at the schema's head, made by opening a new one; returns it."""
    path = folder / "at-head.sqlite"
    Library.open(f"sqlite:///{path}").close()
    # Closing the last connection checkpoints the write-ahead log into the file: what a
    # copy of the file alone would otherwise miss.
    leftovers = [p.name for p in folder.iterdir() if p.name != path.name]
    assert not leftovers, f"the template library left {leftovers} beside its file"
    return path


def copy_sqlite_template(template: Path, path: Path) -> str:
    """A copy of `template` at `path`; returns its URL."""
    shutil.copyfile(template, path)
    return f"sqlite:///{path}"


def build_postgres_template(cluster: PostgresCluster) -> str:
    """A PostgreSQL database at the schema's head in `cluster`, made by opening a new one
    (every connection to it closed again, as a template must be); returns its name."""
    cluster.create(POSTGRES_TEMPLATE)
    Library.open(cluster.url(POSTGRES_TEMPLATE)).close()
    return POSTGRES_TEMPLATE
