"""An import's transaction leaves SQLite's check of each row's references to the import,
which checks the rows it inserted at its end: a row referring to nothing undoes the whole
write; rows broken before it began are not blamed on it; every other transaction, and
the import's deletions once it is over, are checked and cascaded by SQLite as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session

from desktop.core import people
from desktop.core.library import Library
from desktop.core.storage import db, references_after

_PAPERS = "@misc{a, author = {Levine, Sergey}, title = {A}}\n@misc{b, title = {B}}"


@pytest.fixture
def library(tmp_path: Path) -> Iterator[Library]:
    with Library.open(f"sqlite:///{tmp_path / 'library.sqlite'}") as opened:
        yield opened


def _checked_by_sqlite(session: Session) -> bool:
    return bool(session.connection().exec_driver_sql("PRAGMA foreign_keys").scalar())


def _link(session: Session, paper_id: int, person_id: int) -> None:
    session.connection().exec_driver_sql(
        "INSERT INTO paperperson (paper_id, role, position, person_id, as_written) "
        "VALUES (?, 'editor', 0, ?, 'X')",
        (paper_id, person_id),
    )


def _count(library: Library, table: str) -> int:
    with db.read_session(library.engine) as session:
        return int(session.connection().exec_driver_sql(f"SELECT count(*) FROM {table}").scalar())


def test_only_the_transaction_that_asks_goes_unchecked(library: Library) -> None:
    for _ in range(2):  # the same pooled connection, switched each way in turn
        with db.write_session(library.engine, references_checked_after=True) as session:
            assert not _checked_by_sqlite(session)
        with db.write_session(library.engine) as session:
            assert _checked_by_sqlite(session)
        with db.read_session(library.engine) as session:
            assert _checked_by_sqlite(session)


def test_a_row_referring_to_nothing_undoes_the_write(library: Library) -> None:
    paper_id = library.import_text(_PAPERS).paper_ids[1]
    links = _count(library, "paperperson")
    with (
        pytest.raises(
            references_after.BrokenReference, match="paperperson refers to no row of person"
        ),
        db.write_session(library.engine, references_checked_after=True) as session,
        references_after.checked_after(session),
    ):
        _link(session, paper_id, 999_999)
    assert _count(library, "paperperson") == links


def test_rows_referring_to_rows_that_exist_pass(library: Library) -> None:
    paper_id = library.import_text(_PAPERS).paper_ids[1]
    with db.read_session(library.engine) as session:
        person_id = session.connection().exec_driver_sql("SELECT min(id) FROM person").scalar()
    with (
        db.write_session(library.engine, references_checked_after=True) as session,
        references_after.checked_after(session),
    ):
        _link(session, paper_id, int(person_id))
    assert [p.display() for p in library.paper(paper_id).editors] == ["Sergey Levine"]


def test_rows_broken_before_the_block_are_not_blamed_on_it(library: Library) -> None:
    # Written by another program without the check: the import still stores its papers.
    paper_id = library.import_text(_PAPERS).paper_ids[1]
    with db.write_session(library.engine, references_checked_after=True) as session:
        _link(session, paper_id, 999_999)
    report = library.import_text("@misc{c, author = {Finn, Chelsea}, title = {C}}")
    assert len(report.paper_ids) == 1
    assert [p.display() for p in library.paper(report.paper_ids[0]).authors] == ["Chelsea Finn"]


def test_sqlite_checks_each_row_where_nobody_asked_otherwise(library: Library) -> None:
    paper_id = library.import_text(_PAPERS).paper_ids[1]
    with (
        pytest.raises(IntegrityError, match="FOREIGN KEY"),
        db.write_session(library.engine) as session,
        references_after.checked_after(session),  # nothing to do: SQLite checks
    ):
        _link(session, paper_id, 999_999)


def test_deleting_an_imported_paper_for_good_still_takes_its_people_links(
    library: Library,
) -> None:
    ids = library.import_text(_PAPERS).paper_ids
    assert _count(library, "paperperson") == 1
    library.delete_papers(ids[:1])
    library.empty_trash()
    assert _count(library, "paperperson") == 0


def test_an_import_whose_links_refer_to_nobody_stores_nothing(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A bug that gave each name a person who does not exist: SQLite, not asked to check
    # each row of an import, would have kept the links; the import's own check refuses them.
    def nobody(_session: object, named: list[object], _known: object = None) -> list[object]:
        return [(999_999, ("", "", "", "")) for _ in named]

    monkeypatch.setattr(people, "stored_people", nobody)
    with pytest.raises(references_after.BrokenReference, match="paperperson"):
        library.import_text(_PAPERS)
    assert _count(library, "paper") == _count(library, "paperperson") == 0
