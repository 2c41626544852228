"""A bulk import of the real corpus stores exactly what the plain path stores: the full-text
table filled by its trigger, paper by paper, with SQLite's own page cache and every index
kept up to date row by row. Every row of every table (timestamps aside), every full-text
row and term, the same indexes and triggers, the same search results."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import DateTime, select, text
from sqlmodel import SQLModel

from desktop.core.importing import storing
from desktop.core.library import Library
from desktop.core.search import fulltext
from desktop.core.storage import db, deferred_indexes, fulltext_bulk

pytestmark = pytest.mark.slow


@contextlib.contextmanager
def _as_before(*_args: Any) -> Iterator[None]:
    yield


def _plain_import(
    url: str, files: list[Path], monkeypatch: pytest.MonkeyPatch
) -> dict[str, list[Any]]:
    with monkeypatch.context() as patched:
        patched.setattr(fulltext_bulk, "indexed_after", _as_before)
        patched.setattr(db, "bulk_cache", _as_before)
        patched.setattr(deferred_indexes, "made_after", _as_before)
        with Library.open(url) as library:
            library.import_files(files)
            return _stored(library)


def _stored(library: Library) -> dict[str, list[Any]]:
    """Every table's rows in key order, but for the times they were written."""
    tables: dict[str, list[Any]] = {}
    with library.engine.connect() as connection:
        for table in SQLModel.metadata.sorted_tables:
            columns = [c for c in table.columns if not _is_time(c.type)]
            query = select(*columns).order_by(*table.primary_key.columns)
            tables[table.name] = [tuple(row) for row in connection.execute(query)]
        if connection.dialect.name == "sqlite":
            tables["fts_paper"] = connection.exec_driver_sql(
                "SELECT rowid, abstract, notes FROM fts_paper ORDER BY rowid"
            ).all()
            # The index itself: each term of each row, where it stands (prefixes included).
            connection.exec_driver_sql(
                "CREATE VIRTUAL TABLE temp.terms USING fts5vocab(main, fts_paper, instance)"
            )
            tables["fts_terms"] = connection.exec_driver_sql(
                "SELECT term, doc, col, offset FROM temp.terms ORDER BY 1, 2, 3, 4"
            ).all()
            # The indexes and triggers an import drops and makes again (the tables' own SQL
            # depends on how the library was made, by migrations or at once).
            tables["indexes and triggers"] = connection.exec_driver_sql(
                "SELECT type, name, tbl_name, sql FROM main.sqlite_master "
                "WHERE type IN ('index', 'trigger') ORDER BY 1, 2"
            ).all()
    return tables


def _is_time(kind: Any) -> bool:
    return isinstance(getattr(kind, "impl", kind), DateTime)


def _words(library: Library) -> list[str]:
    """Words of the stored abstracts to search for: a spread of them, each also cut down to
    a prefix, and every word with a letter outside ASCII (CJK among them)."""
    with library.engine.connect() as connection:
        abstracts = connection.execute(text("SELECT abstract FROM paper")).scalars().all()
    found = sorted({w for a in abstracts for w in re.findall(r"\w+", a)})
    unusual = [w for w in found if not w.isascii()]
    spread = found[:: max(1, len(found) // 150)]
    return [*unusual, *spread, *(w[:3] for w in spread if len(w) > 3)]


def _results(library: Library, words: list[str]) -> list[set[int]]:
    with library.engine.connect() as connection:
        return [
            fulltext.match(connection, word, "abstract", prefix=prefix)
            for word in words
            for prefix in (True, False)
        ]


def test_a_bulk_import_of_the_corpus_stores_what_storing_paper_by_paper_stores(
    library: Library,
    db_url: str,
    corpus_dir: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> None:
    files = sorted(corpus_dir.rglob("*.bib"))
    made_again: list[str] = []
    make = deferred_indexes._make

    def noted(connection: Any, indexes: list[tuple[str, str]]) -> None:
        made_again.extend(name for name, _sql in indexes)
        make(connection, indexes)

    monkeypatch.setattr(storing, "LARGE_IMPORT", 1000)  # the corpus is a large import
    monkeypatch.setattr(deferred_indexes, "_make", noted)
    report = library.import_files(files)
    assert report.imported > 5000
    if db_url.startswith("sqlite"):
        assert "ix_paperperson_person_id" in made_again
    bulk = _stored(library)
    words = _words(library)
    assert len([w for w in words if not w.isascii()]) > 100
    if db_url.startswith("sqlite"):
        other_url = f"sqlite:///{tmp_path / 'plain.sqlite'}"
        plain = _plain_import(other_url, files, monkeypatch)
        with Library.open(other_url) as other:
            assert _results(other, words) == _results(library, words)
    else:
        with request.getfixturevalue("postgres_cluster").database() as other_url:
            plain = _plain_import(other_url, files, monkeypatch)
            with Library.open(other_url) as other:
                assert _results(other, words) == _results(library, words)
    assert bulk.keys() == plain.keys()
    for name in bulk:
        assert bulk[name] == plain[name], name
    assert sum(map(len, _results(library, words))) > len(words)
