"""Other programs write the library (no Papershelf function registered on their
connection), and what they wrote is found by full text, CJK included, on both backends;
SQLite's queue of rows to index is emptied by Papershelf's own writes and at open."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from outside_writer import expected_rows, full_text_rows, insert_paper, queued, writing
from pdf_maker import write_pdf
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from desktop.core.formats.record import Record
from desktop.core.library import Library
from desktop.core.search import fulltext
from desktop.core.storage import db


def _ids(library: Library, query: str) -> list[int]:
    return sorted(hit.paper_id for hit in library.search(query))


def _library_before(url: str) -> dict[str, int]:
    """Papers (one with notes, one to be deleted) as Papershelf stored them."""
    with Library.open(url) as library:
        plasma = library.add_paper(
            Record(title="Plasma", year=2020, abstract="Plasma confinement in tokamaks")
        ).id
        noted = library.add_paper(Record(title="Noted", year=2021, abstract="Notes below.")).id
        note = library.add_note(noted, "stellarator musings").id
        doomed = library.add_paper(Record(title="Doomed", abstract="heliotron coils")).id
        library.add_note(doomed, "wendelstein")
    return {"plasma": plasma, "noted": noted, "note": note, "doomed": doomed}


def _write_from_outside(url: str, ids: dict[str, int]) -> int:
    """The issue's edits by another program: a new paper with a Chinese (Traditional)
    abstract, an abstract and a note replaced, a paper deleted. The new paper's id."""
    with writing(url) as run:
        added = insert_paper(
            run, like=ids["plasma"], citekey="outsider", abstract="針對複雜環境下機器人路徑規劃問題"
        )
        run("UPDATE paper SET abstract = ? WHERE id = ?", "深度强化学习的方法", ids["plasma"])
        run("UPDATE note SET body = ? WHERE id = ?", "醫學影像的進展", ids["note"])
        run("DELETE FROM paper WHERE id = ?", ids["doomed"])
    return added


def test_other_programs_writes_are_found_by_full_text(db_url: str) -> None:
    ids = _library_before(db_url)
    added = _write_from_outside(db_url, ids)
    with Library.open(db_url) as library:
        assert _ids(library, "abstract:路径规划") == [added]  # Simplified finds Traditional
        assert _ids(library, "abstract:機器人") == [added]
        assert _ids(library, "abstract:强化学习") == [ids["plasma"]]
        assert _ids(library, "abstract:tokamaks") == []  # the replaced text
        assert _ids(library, "note:医学影像") == [ids["noted"]]
        assert _ids(library, "note:stellarator") == []
        assert _ids(library, "heliotron") == _ids(library, "wendelstein") == []
    path = db.sqlite_path(db_url)
    if path is not None:  # indexed when Papershelf opened the library, exactly
        assert queued(path) == []
        assert full_text_rows(path) == expected_rows(path)


@pytest.mark.parametrize("query", ["abstract:路径规划", "abstract:tokamaks", "note:医学影像"])
def test_searches_read_the_text_of_papers_not_indexed_yet(tmp_path: Path, query: str) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    ids = _library_before(url)
    added = _write_from_outside(url, ids)
    assert queued(tmp_path / "library.sqlite")  # nobody indexed them
    engine = db.make_engine(url)
    field, words = query.split(":")
    expected = {"路径规划": {added}, "tokamaks": set(), "医学影像": {ids["noted"]}}[words]
    try:
        with engine.connect() as connection:
            assert fulltext.match(connection, words, field) == expected
    finally:
        engine.dispose()


def _holding_every(engine: Engine, groups: list[list[tuple[str, str | None]]]) -> list[int]:
    """`fulltext.match_every`'s papers, every one of them usable."""
    with engine.connect() as connection:
        return fulltext.match_every(
            connection,
            groups,
            wanted=5,
            usable=lambda batch: batch,
            unindexed=fulltext.Unindexed.read(connection),
        )


def test_papers_not_indexed_yet_are_left_to_the_check_that_reads_their_text(
    tmp_path: Path,
) -> None:
    """The engine's own walk over several words (`match_every`) knows only the indexed
    text: a paper whose row is queued is not given by it, whatever its old row says."""
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    ids = _library_before(url)
    engine = db.make_engine(url)
    asked: list[list[tuple[str, str | None]]] = [[("tokamaks", "abstract")], [("plasma", None)]]
    try:
        assert _holding_every(engine, asked) == [ids["plasma"]]
        _write_from_outside(url, ids)  # the abstract replaced; its row still says tokamaks
        assert queued(tmp_path / "library.sqlite")
        assert _holding_every(engine, asked) == []
    finally:
        engine.dispose()


def test_an_open_library_finds_them_after_a_refresh_and_its_next_write_indexes_them(
    tmp_path: Path,
) -> None:
    path = tmp_path / "library.sqlite"
    url = f"sqlite:///{path}"
    ids = _library_before(url)
    with Library.open(url) as library:
        assert _ids(library, "abstract:tokamaks") == [ids["plasma"]]
        added = _write_from_outside(url, ids)
        library.refresh()
        assert _ids(library, "abstract:路径规划") == [added]
        assert _ids(library, "abstract:tokamaks") == []
        assert queued(path)
        library.add_note(ids["plasma"], "a note of ours: 托卡马克")
        assert queued(path) == []
        assert full_text_rows(path) == expected_rows(path)
        assert _ids(library, "note:托卡马克") == [ids["plasma"]]


def test_papershelfs_own_writes_are_indexed_in_their_transaction(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite"
    with Library.open(f"sqlite:///{path}") as library:
        paper = library.add_paper(Record(title="Ours", abstract="等离子体约束"))
        note = library.add_note(paper.id, "tokamak")
        library.edit_note(note.id, "托卡马克装置", expected_version=note.version)
        assert queued(path) == []
        assert full_text_rows(path) == expected_rows(path)
        assert _ids(library, "abstract:等离子") == [paper.id]
        assert _ids(library, "note:装置") == [paper.id]
        assert _ids(library, "note:tokamak") == []


def test_pages_of_files_written_by_other_programs_are_found(
    library: Library, tmp_path: Path
) -> None:
    paper_id = library.add_paper(Record(title="With a file")).id
    source = write_pdf(tmp_path / "a.pdf", [[(18, "A Title"), (10, "tokamak")]])
    attachment = library.attach_file(paper_id, source, link=True).attachment.id
    library.read_file_texts()
    assert _ids(library, "fulltext:tokamak") == [paper_id]
    with writing(library.url) as run:
        run(
            "UPDATE filepage SET text = ? WHERE attachment_id = ?",
            "本文讨论托卡马克装置",
            attachment,
        )
        run(
            "INSERT INTO filepage (attachment_id, paper_id, page, text) VALUES (?, ?, 2, ?)",
            attachment,
            paper_id,
            "second page: stellarator",
        )
    library.refresh()
    assert _ids(library, "fulltext:托卡马克") == [paper_id]
    assert _ids(library, "fulltext:stellarator") == [paper_id]
    assert _ids(library, "fulltext:tokamak") == []
    with writing(library.url) as run:
        run("DELETE FROM filepage WHERE page = 2")
    library.refresh()
    assert _ids(library, "fulltext:stellarator") == []
    path = db.sqlite_path(library.url)
    if path is not None:
        library.add_note(paper_id, "indexes the queue")
        assert queued(path) == []
        assert full_text_rows(path) == expected_rows(path)


def test_notes_moved_by_a_merge_are_found_on_the_kept_paper(library: Library) -> None:
    keep = library.add_paper(Record(title="Alpha paper", year=2020)).id
    other = library.add_paper(Record(title="Alpha paper copy", year=2020)).id
    library.add_note(other, "stellarator musings")
    library.merge_papers(keep, other)
    assert _ids(library, "note:stellarator") == [keep]


def test_the_check_does_not_take_the_queue_for_damage(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    _write_from_outside(url, _library_before(url))
    with Library.open(url, upgrade=False) as library:  # as `papershelf db check` opens it
        assert library.check() == []
    assert queued(tmp_path / "library.sqlite")  # the check wrote nothing


def test_a_paper_deleted_without_foreign_keys_leaves_no_full_text(tmp_path: Path) -> None:
    """The sqlite3 shell's default: the paper's notes stay behind, its full text does not."""
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    ids = _library_before(url)
    with writing(url, foreign_keys=False) as run:
        run("DELETE FROM paper WHERE id = ?", ids["doomed"])
    with Library.open(url) as library:
        assert _ids(library, "heliotron") == _ids(library, "note:wendelstein") == []
    rows = full_text_rows(tmp_path / "library.sqlite")["fts_paper"]
    assert ids["doomed"] not in [row[0] for row in rows]


def test_a_library_that_cannot_be_written_at_open_is_still_searched_right(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "library.sqlite"
    url = f"sqlite:///{path}"
    ids = _library_before(url)
    added = _write_from_outside(url, ids)

    @contextmanager
    def read_only(engine: object, **_options: object) -> Iterator[None]:
        raise OperationalError(
            "BEGIN IMMEDIATE", {}, Exception("attempt to write a readonly database")
        )
        yield

    with monkeypatch.context() as patched:
        patched.setattr(db, "write_session", read_only)
        library = Library.open(url)
    with library:
        assert queued(path)  # left for a later write
        assert _ids(library, "abstract:路径规划") == [added]
        assert _ids(library, "abstract:tokamaks") == []
