"""Reading stored papers back for an export, on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session

from desktop.core import people
from desktop.core.errors import NotFoundError
from desktop.core.exporting import read_papers
from desktop.core.library import Library

BIB = r"""
@book{handbook,
  title = {The {H}andbook of {M}{\"u}ller Spaces},
  editor = {van der Berg, Anna and Smith, Jr., John},
  author = {Knuth, Donald E.},
  publisher = {North--Holland},
  year = 1999,
  month = mar,
  isbn = {0-444-0000-0},
  note = {Second printing},
  keywords = {M{\"u}ller spaces},
}
@article{lonely,
  title = {Nobody Wrote This},
  year = 2001,
}
@article{pair,
  title = {Two Authors, One of Them Again},
  author = {Knuth, Donald E. and {\'E}mile Zola},
  journal = {Journal of Tests},
  pages = {1--10},
  keywords = {imported, words},
}
"""


def _stocked(library: Library, tmp_path: Path, seed_listing: Path) -> list[int]:
    """Papers with editors, no people, shared people, LaTeX, extras, tags, notes, trash."""
    source = tmp_path / "stock.bib"
    source.write_text(BIB, encoding="utf-8")
    ids = library.import_file(source).paper_ids
    ids += library.import_file(seed_listing).paper_ids[:4]
    library.tag_papers("zeta", ids[:2])
    library.tag_papers("alpha", ids[1:3])
    library.add_note(ids[0], "first note")
    library.add_note(ids[0], "second note")
    library.add_note(ids[3], "a note on a listed paper")
    library.delete_papers([ids[4]])  # the trash is exported when asked for, like any paper
    return ids


@pytest.mark.parametrize("scan", [False, True], ids=["by-id", "whole-tables"])
def test_entries_are_the_papers_as_stored(
    library: Library,
    tmp_path: Path,
    seed_listing: Path,
    monkeypatch: pytest.MonkeyPatch,
    scan: bool,
) -> None:
    ids = _stocked(library, tmp_path, seed_listing)
    # Small chunks so that by-id reading spans several; a share that always or never scans.
    monkeypatch.setattr(read_papers, "BY_ID_AT_MOST", 2)
    monkeypatch.setattr(read_papers, "SCAN_FROM_SHARE", 0.0 if scan else 2.0)
    asked = [ids[5], ids[0], ids[3], ids[2], ids[4], ids[1]]  # not in id order
    with library._read() as session:
        entries = read_papers.export_entries(session, asked)
    # The reference: one paper at a time, through the model objects.
    expected = [(library.record(i), [note.body for note in library.paper(i).notes]) for i in asked]
    assert entries == expected
    assert entries[1][1] == ["first note", "second note"]
    assert [p.family for p in entries[1][0].editors] == ["Berg", "Smith"]
    assert entries[1][0].keywords == ["Müller spaces", "zeta"]
    assert "keywords" not in entries[1][0].latex  # the tags are the keywords now
    assert entries[4][0].keywords == []
    lonely = entries[5][0]
    assert lonely.authors == [] and lonely.editors == []
    assert lonely.keywords == ["alpha", "zeta"]  # by name, as the paper view lists them


def test_a_missing_paper_is_named(library: Library, tmp_path: Path, seed_listing: Path) -> None:
    ids = _stocked(library, tmp_path, seed_listing)
    with library._read() as session, pytest.raises(NotFoundError, match="1000007"):
        read_papers.export_entries(session, [ids[0], 1000007])


def test_a_large_share_of_the_library_is_read_in_one_scan(
    library: Library, tmp_path: Path, seed_listing: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = _stocked(library, tmp_path, seed_listing)
    stored = len(library.view_ids()) + 1  # the trash counts: it is read like any paper
    assert stored == 23
    monkeypatch.setattr(read_papers, "BY_ID_AT_MOST", 2)
    monkeypatch.setattr(read_papers, "SCAN_FROM_SHARE", 0.2)  # 4.6 of 23
    chunks: list[list[int] | None] = []
    read = read_papers._read

    def counted(session: Session, chunk: list[int] | None, wanted: set[int]) -> dict:
        chunks.append(chunk)
        return read(session, chunk, wanted)

    monkeypatch.setattr(read_papers, "_read", counted)
    with library._read() as session:
        read_papers.export_entries(session, [ids[1], ids[0]])  # as many as a chunk: by id
        read_papers.export_entries(session, ids[2::-1])  # 3 of 23: by id, in id order
        assert len(read_papers.export_entries(session, ids[:5])) == 5  # 5 of 23: one scan
    assert chunks == [[ids[0], ids[1]], [ids[0], ids[1]], [ids[2]], None]


def test_people_are_shared_between_papers_only_when_asked(
    library: Library, tmp_path: Path, seed_listing: Path
) -> None:
    ids = _stocked(library, tmp_path, seed_listing)  # Knuth wrote the handbook and "pair"
    with library._read() as session:
        for chosen in (None, ids):
            apart = people.people_of(session, chosen)
            together = people.people_of(session, chosen, shared=True)
            handbook, pair = (ids[0], "author"), (ids[2], "author")
            assert apart[handbook][0] == apart[pair][0]
            assert apart[handbook][0] is not apart[pair][0]  # a caller may edit its own
            assert together[handbook][0] is together[pair][0]
            assert together == apart
