"""Another program writing a library (the sqlite3 shell, DB Browser, a user's script), as
the tests of full text play it: plain `sqlite3` with no Papershelf function registered, or
a bare PostgreSQL connection; and what SQLite's full-text tables should hold, worked out
afresh from the rows."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Protocol

from sqlalchemy import create_engine

from desktop.core import folding
from desktop.core.storage import db

#: Every column of a paper but its id and key: an outsider's new paper copies another's.
_PAPER_COLUMNS = (
    "entry_type, title, journal, booktitle, publisher, volume, number, pages, doi, "
    "arxiv_id, url, topic, status, priority, extra, latex, created_at, updated_at, version"
)


class Run(Protocol):
    def __call__(self, statement: str, *values: Any) -> list[tuple[Any, ...]]: ...


@contextmanager
def writing(url: str, *, foreign_keys: bool = True) -> Iterator[Run]:
    """Statements (with `?` for values) run by another program, committed at the end.
    SQLite: with `foreign_keys` as DB Browser for SQLite has them, without as the sqlite3
    shell does."""
    path = db.sqlite_path(url)
    if path is not None:
        connection = sqlite3.connect(path)
        connection.execute(f"PRAGMA foreign_keys = {'ON' if foreign_keys else 'OFF'}")
        try:
            with connection:
                yield lambda statement, *values: connection.execute(statement, values).fetchall()
        finally:
            connection.close()
        return
    engine = create_engine(url)  # no Papershelf configuration at all
    try:
        with engine.begin() as bare:

            def run(statement: str, *values: Any) -> list[tuple[Any, ...]]:
                result = bare.exec_driver_sql(statement.replace("?", "%s"), values)
                return [tuple(row) for row in result] if result.returns_rows else []

            yield run
    finally:
        engine.dispose()


def insert_paper(run: Run, *, like: int, citekey: str, abstract: str) -> int:
    """A paper copied from paper `like` under another key and abstract; its id."""
    run(
        f"INSERT INTO paper (citekey, abstract, {_PAPER_COLUMNS}) "
        f"SELECT ?, ?, {_PAPER_COLUMNS} FROM paper WHERE id = ?",
        citekey,
        abstract,
        like,
    )
    ((paper_id,),) = run("SELECT id FROM paper WHERE citekey = ?", citekey)
    return int(paper_id)


def full_text_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """What SQLite's full-text tables hold, by table."""
    with sqlite3.connect(path) as connection:
        return {
            "fts_paper": connection.execute(
                "SELECT rowid, abstract, notes FROM fts_paper ORDER BY rowid"
            ).fetchall(),
            "fts_filepage": connection.execute(
                "SELECT rowid, text FROM fts_filepage ORDER BY rowid"
            ).fetchall(),
        }


def expected_rows(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """What they should hold: each row's text in `folding.fulltext_form`, worked out here."""
    with sqlite3.connect(path) as connection:
        papers = connection.execute("SELECT id, abstract FROM paper ORDER BY id").fetchall()
        notes = connection.execute("SELECT paper_id, body FROM note ORDER BY id").fetchall()
        pages = connection.execute("SELECT id, text FROM filepage ORDER BY id").fetchall()
    bodies: dict[int, list[str]] = {}
    for paper_id, body in notes:
        bodies.setdefault(paper_id, []).append(body)
    return {
        "fts_paper": [
            (i, folding.fulltext_form(a), folding.fulltext_form(" ".join(bodies.get(i, []))))
            for i, a in papers
        ],
        "fts_filepage": [(i, folding.fulltext_form(t)) for i, t in pages],
    }


def queued(path: Path) -> list[tuple[str, int]]:
    """What SQLite's triggers queued for Papershelf to index."""
    with sqlite3.connect(path) as connection:
        return connection.execute("SELECT source, id FROM fts_pending ORDER BY 1, 2").fetchall()
