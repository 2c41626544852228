"""Libraries a benchmark makes once and keeps in the temporary folder for later runs."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

from desktop.core.library import Library
from desktop.core.storage import db


def reusable(path: Path, papers: int) -> bool:
    """Whether the library kept at `path` can be used again: it holds `papers` papers and
    was made as Papershelf makes a library now (its page size: one made before holds the
    same papers but would measure the older file). Otherwise it is removed, to be made
    again."""
    if path.exists():
        with closing(sqlite3.connect(path)) as connection:
            page_bytes = int(connection.execute("PRAGMA page_size").fetchone()[0])
        if page_bytes == db.PAGE_BYTES:
            with Library.open(f"sqlite:///{path}") as library:
                if library.count() == papers:
                    return True
    for leftover in path.parent.glob(path.name + "*"):
        leftover.unlink()
    return False
