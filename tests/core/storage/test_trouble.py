"""A full disk, a read-only file and a folder that cannot be made, each told as a true
sentence by the library (the window shows the same sentences)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from desktop.core.errors import DatabaseError
from desktop.core.library import Library

BIBTEX = "\n".join(
    f"@article{{k{n}, title={{Title {n}}}, abstract={{{'searchable text ' * 80}}}}}"
    for n in range(400)
)


def _with_pragma(library: Library, pragma: str) -> None:
    """Every new connection of `library` runs `pragma` (the old ones are let go)."""
    library.engine.dispose()

    def run(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.execute(pragma)

    event.listen(library.engine, "connect", run)


def test_a_full_disk_during_an_import_is_told_as_a_full_disk(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    with Library.open(url) as library:
        # SQLite's page limit fails a write as a full disk does ("database or disk is full").
        _with_pragma(library, "PRAGMA max_page_count = 60")
        with pytest.raises(DatabaseError) as raised:
            library.import_text(BIBTEX, format="bibtex")
        said = str(raised.value)
        assert said.startswith("The disk is full")
        assert "already exists" not in said and "try again in a moment" not in said
    with Library.open(url) as library:  # room again: the library is as it was, and works
        assert library.count() == 0
        library.import_text(BIBTEX.split("\n")[0], format="bibtex")
        assert [hit.paper_id for hit in library.search("searchable")] == library.paper_ids()
        assert library.check() == []


def test_a_read_only_library_is_not_told_to_try_again(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    with Library.open(url) as library:
        _with_pragma(library, "PRAGMA query_only = ON")
        with pytest.raises(DatabaseError) as raised:
            library.create_list("To read")
    said = str(raised.value)
    assert "read-only" in said and "try again in a moment" not in said


def test_a_folder_without_permission_is_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "locked" / "papers"

    def refused(self: Path, *args: Any, **kwargs: Any) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refused)
    with pytest.raises(DatabaseError, match=r"could not create the folder .*you do not have"):
        Library.open(f"sqlite:///{folder / 'library.sqlite'}")
