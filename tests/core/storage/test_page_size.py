"""A library file made now has 16 KiB pages; one made with other pages keeps them."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.storage import db


def _page_size(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute("PRAGMA page_size").fetchone()[0])


def _integrity(path: Path) -> str:
    with closing(sqlite3.connect(path)) as connection:
        return str(connection.execute("PRAGMA integrity_check").fetchone()[0])


def test_a_new_library_has_pages_of_16_kib(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite"
    with Library.open(f"sqlite:///{path}") as library:
        library.add_paper(Record(title="Pages", authors=[Person(given="Ada", family="Lovelace")]))
    assert _page_size(path) == 16384
    assert _integrity(path) == "ok"


def test_a_library_made_with_smaller_pages_keeps_them_and_its_papers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite"
    url = f"sqlite:///{path}"
    with monkeypatch.context() as before:  # as Papershelf made libraries until now
        before.setattr(db, "PAGE_BYTES", 4096)
        with Library.open(url) as library:
            first = library.add_paper(Record(title="Made with small pages")).id
    assert _page_size(path) == 4096

    with Library.open(url) as library:
        second = library.add_paper(Record(title="Added with the new setting")).id
        titles = {library.paper(first).paper.title, library.paper(second).paper.title}
        found = [hit.paper_id for hit in library.search("small pages")]
    assert titles == {"Made with small pages", "Added with the new setting"}
    assert first in found
    assert _page_size(path) == 4096
    assert _integrity(path) == "ok"
