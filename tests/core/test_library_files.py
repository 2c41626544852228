"""Attached files on both backends: the files folder, copies and links, missing files and
Relink, and the text of PDFs in the full-text index (`fulltext:` and plain words)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from pdf_maker import write_cjk_pdf, write_pdf

from desktop.core.errors import InvalidInputError, KnownError
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.search import fulltext
from desktop.core.storage import db


def _paper(library: Library, citekey: str = "lovelace1843notes", title: str = "Notes") -> int:
    record = Record(
        title=title, year=1843, citekey=citekey, authors=[Person(given="Ada", family="Lovelace")]
    )
    return library.add_paper(record).id


@pytest.fixture
def files_library(library: Library, tmp_path: Path) -> Library:
    """A library with a files folder: the default one on SQLite, a set one on PostgreSQL."""
    if db.sqlite_path(library.url) is None:
        library.set_files_folder(tmp_path / "group files")
    return library


def _pdf(tmp_path: Path, name: str, *words: str) -> Path:
    return write_pdf(tmp_path / name, [[(18, "A Title"), *((10, w) for w in words)]])


def test_a_sqlite_library_keeps_its_files_beside_it(tmp_path: Path) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'shelf.sqlite'}") as library:
        assert library.files_folder() == tmp_path / "shelf.files"


def test_a_server_library_asks_for_a_shared_folder_first(library: Library, tmp_path: Path) -> None:
    if db.sqlite_path(library.url) is not None:
        pytest.skip("a SQLite library has a folder of its own")
    paper_id = _paper(library)
    source = _pdf(tmp_path, "in.pdf", "words")
    with pytest.raises(KnownError, match="folder the whole group can reach"):
        library.attach_file(paper_id, source)
    assert library.attached_files(paper_id) == []
    # A link needs no folder.
    assert library.attach_file(paper_id, source, link=True).present


def test_a_copy_is_named_after_the_key_and_never_overwrites(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    first = files_library.attach_file(paper_id, _pdf(tmp_path, "Download (3).PDF", "one"))
    second = files_library.attach_file(paper_id, _pdf(tmp_path, "other.pdf", "two"))
    folder = files_library.files_folder()
    assert first.attachment.target == "lovelace1843notes.pdf"  # relative to the folder
    assert second.attachment.target == "lovelace1843notes-2.pdf"
    assert first.path == folder / "lovelace1843notes.pdf"
    assert b"one" in (folder / "lovelace1843notes.pdf").read_bytes()
    assert b"two" in (folder / "lovelace1843notes-2.pdf").read_bytes()
    assert first.copied and first.present
    assert not [p for p in os.listdir(folder) if p.endswith(".part")]


def test_a_link_stays_where_it_is(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    source = _pdf(tmp_path, "mine.pdf", "words")
    linked = files_library.attach_file(paper_id, source, link=True)
    assert not linked.copied
    assert linked.path == source and linked.attachment.target == str(source)
    assert not files_library.files_folder().exists()  # nothing was copied


def test_a_missing_file_is_shown_missing_and_relinked(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "zanzibar"))
    files_library.read_file_texts()
    assert attached.path is not None
    attached.path.unlink()
    (missing,) = files_library.attached_files(paper_id)
    assert not missing.present and not missing.text_indexed
    found = _pdf(tmp_path, "moved.pdf", "quixotic")
    relinked = files_library.relink(attached.attachment.id, found)
    assert relinked.present and relinked.copied
    files_library.read_file_texts()
    assert files_library.attached_file(attached.attachment.id).text_indexed
    assert [h.paper_id for h in files_library.search("fulltext:quixotic")] == [paper_id]


def test_attaching_nothing_is_refused_with_a_sentence(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    with pytest.raises(InvalidInputError, match="There is no file at"):
        files_library.attach_file(paper_id, tmp_path / "nowhere.pdf")


def test_checking_papers_for_several_queries_at_once_agrees_with_full_text(
    files_library: Library, tmp_path: Path
) -> None:
    """Searches check many papers for several words at once (`match_within_many`): each
    query's answer is what full text gives for it alone, whichever kind of text holds it
    (abstract, note, a note on a span of the abstract, a page of an attached file)."""
    in_abstract = files_library.add_paper(
        Record(title="A", abstract="The tokamak plasma; résumé of Müller.")
    ).id
    in_note = files_library.add_paper(Record(title="B", abstract="Nothing of note.")).id
    files_library.add_note(in_note, "A stellarator beside the tokamak.")
    annotated = files_library.add_paper(Record(title="C", abstract="Plasma edges.")).id
    files_library.annotate(annotated, 0, 6, note="Compare the stellarator.")
    with_file = files_library.add_paper(Record(title="D", abstract="Confinement.")).id
    files_library.attach_file(with_file, _pdf(tmp_path, "d.pdf", "A plasma in a stellarator."))
    files_library.read_file_texts()
    ids = {in_abstract, in_note, annotated, with_file}
    queries = [
        (words, field)
        for words in ("plasma", "stellarator", "tokamak plasma", "resume of muller", "edges")
        for field in (None, "abstract", "note", "fulltext")
    ]
    with files_library.engine.connect() as connection:
        answers = fulltext.match_within_many(connection, queries, ids)
        expected = [fulltext.match(connection, words, field) for words, field in queries]
    assert answers == expected
    # Each kind of text is checked, not one for all: every paper is found by some query.
    assert set().union(*answers) == ids


def test_the_words_of_a_pdf_find_its_paper(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    other = _paper(files_library, "babbage1864passages", "Passages")
    source = write_pdf(
        tmp_path / "p.pdf",
        [[(18, "Title"), (10, "nothing here")], [(10, "The tokamak confines a plasma.")]],
    )
    attached = files_library.attach_file(paper_id, source)
    assert not attached.text_indexed
    assert files_library.files_to_read() == 1
    report = files_library.read_file_texts()
    assert (report.read, report.pages, report.problems) == (1, 2, [])
    assert files_library.files_to_read() == 0
    assert files_library.attached_file(attached.attachment.id).text_indexed
    assert [h.paper_id for h in files_library.search("fulltext:tokamak")] == [paper_id]
    assert [h.paper_id for h in files_library.search("tokamak")] == [paper_id]
    assert files_library.search("fulltext:tokamak confines")  # a phrase on one page
    assert files_library.search("fulltext:passages") == []  # a title is not file text
    assert other not in [h.paper_id for h in files_library.search("plasma")]
    (place,) = files_library.file_places(paper_id, "tokamak")
    assert place.page == 2
    assert "tokamak confines a plasma" in place.snippet


def test_cjk_text_of_a_pdf_is_searchable(
    files_library: Library, tmp_path: Path, qapp: object
) -> None:
    paper_id = _paper(files_library)
    source = write_cjk_pdf(
        tmp_path / "zh.pdf",
        [[(20, "深度学习综述"), (10, "本文讨论托卡马克装置中的等离子体约束。")]],
    )
    files_library.attach_file(paper_id, source)
    files_library.read_file_texts()
    assert [h.paper_id for h in files_library.search("fulltext:等离子体")] == [paper_id]
    assert [h.paper_id for h in files_library.search("等离子体约束")] == [paper_id]
    # Qt's writer maps the glyph of 文 to a Kangxi radical and that of 马 to a radical of
    # the supplement: both are read back as the characters.
    assert [h.paper_id for h in files_library.search("fulltext:托卡马克")] == [paper_id]
    assert (
        "本文讨论托卡马克"
        in files_library.file_pages(files_library.attached_files(paper_id)[0].attachment.id)[0]
    )
    (place,) = files_library.file_places(paper_id, "等离子体")
    assert place.page == 1 and "等离子体约束" in place.snippet


def test_a_changed_file_is_read_again(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "v1.pdf", "firstword"))
    files_library.read_file_texts()
    assert attached.path is not None
    _pdf(tmp_path, "v2.pdf", "secondword").replace(attached.path)
    assert not files_library.attached_file(attached.attachment.id).text_indexed
    assert files_library.files_to_read() == 1
    files_library.read_file_texts()
    assert files_library.search("fulltext:firstword") == []
    assert [h.paper_id for h in files_library.search("fulltext:secondword")] == [paper_id]


def test_a_damaged_pdf_is_told_and_not_tried_again(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    broken = tmp_path / "broken.pdf"
    broken.write_bytes(b"%PDF-1.4\nthis is not really a PDF")
    files_library.attach_file(paper_id, broken)
    report = files_library.read_file_texts()
    assert report.read == 0 and len(report.problems) == 1
    # In words of its own (a translator can reach them), not PDFium's "Data format error".
    assert report.problems == [
        "lovelace1843notes.pdf could not be read as a PDF (its contents are damaged, or it is "
        "not a PDF)."
    ]
    assert files_library.files_to_read() == 0


def test_removing_an_attachment_takes_its_words_out_of_search(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "ephemeral"))
    files_library.read_file_texts()
    assert files_library.search("fulltext:ephemeral")
    files_library.detach(attached.attachment.id)
    assert files_library.search("fulltext:ephemeral") == []


def test_the_last_page_read_is_remembered(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "x"))
    files_library.remember_page(attached.attachment.id, 7)
    assert files_library.attached_file(attached.attachment.id).attachment.last_page == 7


def test_a_page_is_rendered_as_rgba_pixels(tmp_path: Path) -> None:
    from desktop.core import api

    pdf = write_pdf(tmp_path / "a.pdf", [[(18, "Title")]])
    pixels, width, height = api.render_pdf_page(pdf, 0, scale=1.0)
    assert (width, height) == (612, 792)  # the page's size in points, at 1 pixel a point
    assert len(pixels) == width * height * 4
    assert pixels[:4] == b"\xff\xff\xff\xff"  # the white corner, opaque


def test_the_places_of_words_on_a_page_are_found(tmp_path: Path) -> None:
    from desktop.core import api

    pdf = write_pdf(tmp_path / "a.pdf", [[(18, "Title"), (10, "one Zanzibar and zanzibar")]])
    places = api.find_in_pdf_page(pdf, 0, "zanzibar")
    assert len(places) == 2  # any case
    (left, top, right, bottom), *_ = places[0]
    assert 56 < left < right < 300  # the line starts 56 points in
    # From the page's top (792 points high): the title's baseline is 57.2 points down,
    # the second line's 71.2; the word's box lies between, over that baseline.
    assert 57.2 < top < 71.2 < bottom + 3 < 75.2 + 3
    assert api.find_in_pdf_page(pdf, 0, "absent") == []


def test_a_merge_takes_the_files_words_along_and_its_undo_brings_them_back(
    files_library: Library, tmp_path: Path
) -> None:
    keep = _paper(files_library)
    other = _paper(files_library, "lovelace1843notes-b", "Notes again")
    files_library.attach_file(other, _pdf(tmp_path, "a.pdf", "quagga"))
    files_library.read_file_texts()
    done = files_library.merge_papers(keep, other)
    assert [h.paper_id for h in files_library.search("fulltext:quagga")] == [keep]
    assert [a.attachment.paper_id for a in files_library.attached_files(keep)] == [keep]
    assert [p.page for p in files_library.file_places(keep, "quagga")] == [1]
    files_library.unmerge(done)
    assert [h.paper_id for h in files_library.search("fulltext:quagga")] == [other]


def test_chinese_words_are_found_on_the_page_as_in_its_text(tmp_path: Path, qapp: object) -> None:
    from desktop.core import api

    # Qt's writer maps 子 to the Kangxi radical ⼦: the page is searched as its text reads.
    pdf = write_cjk_pdf(tmp_path / "zh.pdf", [[(12, "本文讨论等离子体约束。")]])
    (boxes,) = api.find_in_pdf_page(pdf, 0, "等离子体")
    assert boxes and all(right > left and bottom > top for left, top, right, bottom in boxes)


def _parked(library: Library) -> list[Path]:
    """What the files folder's trash holds."""
    trash = library.files_folder() / ".trash"
    return sorted(trash.iterdir()) if trash.is_dir() else []


def test_a_removed_copy_goes_to_the_files_trash_and_comes_back_with_its_attachment(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "kept"))
    assert attached.path is not None
    content = attached.path.read_bytes()
    back = files_library.detach(attached.attachment.id)
    assert not attached.path.exists()
    (parked,) = _parked(files_library)
    assert parked.read_bytes() == content
    files_library.apply(back)  # undo
    (again,) = files_library.attached_files(paper_id)
    assert again.present and again.path == attached.path
    assert again.path.read_bytes() == content and _parked(files_library) == []
    assert files_library.files_to_read() == 1  # its text, gone with it, is read again


def test_a_linked_file_is_never_touched_when_removed(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    source = _pdf(tmp_path, "mine.pdf", "mine")
    attached = files_library.attach_file(paper_id, source, link=True)
    files_library.detach(attached.attachment.id)
    assert source.is_file() and _parked(files_library) == []


def test_empty_trash_deletes_the_files_trash_and_the_copies_of_papers_gone(
    files_library: Library, tmp_path: Path
) -> None:
    removed_from = _paper(files_library)
    going = _paper(files_library, "babbage1864passages", "Passages")
    staying = _paper(files_library, "menabrea1842sketch", "Sketch")
    files_library.detach(
        files_library.attach_file(removed_from, _pdf(tmp_path, "a.pdf", "a")).attachment.id
    )
    copy_of_going = files_library.attach_file(going, _pdf(tmp_path, "b.pdf", "b")).path
    linked = _pdf(tmp_path, "linked.pdf", "mine")
    files_library.attach_file(going, linked, link=True)
    kept = files_library.attach_file(staying, _pdf(tmp_path, "c.pdf", "c")).path
    files_library.delete_papers([going])
    emptied = files_library.empty_trash()
    assert emptied.papers == 1 and emptied.problems == []
    assert _parked(files_library) == []
    assert copy_of_going is not None and not copy_of_going.exists()
    assert linked.is_file()  # not ours to delete
    assert kept is not None and kept.is_file()


def test_a_removal_that_fails_puts_the_copy_back(files_library: Library, tmp_path: Path) -> None:
    from sqlmodel import Session

    from desktop.core import undo, undo_files

    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "x"))
    ref = undo.RowRef(attached.attachment.id, attached.attachment.created_at)

    class RemovedThenRefused(undo.Step):
        def apply(self, session: Session) -> undo.Done:
            undo_files.Detach(ref, paper_id).apply(session)
            raise InvalidInputError("Refused after the file was moved.")

    with pytest.raises(InvalidInputError):
        files_library.apply(RemovedThenRefused())
    assert files_library.attached_file(attached.attachment.id).present
    assert _parked(files_library) == []


def test_a_copy_that_cannot_be_moved_is_left_and_nothing_removed(
    files_library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core import parked_files

    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "x"))

    def refused(_source: object, _target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(parked_files.os, "replace", refused)
    with pytest.raises(KnownError, match=r"could not move .* nothing was removed"):
        files_library.detach(attached.attachment.id)
    assert files_library.attached_file(attached.attachment.id).present


def test_a_relinked_copy_is_undone_and_redone_with_both_files(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    first = files_library.attach_file(paper_id, _pdf(tmp_path, "first.pdf", "first"))
    assert first.path is not None
    old_bytes = first.path.read_bytes()
    new_source = _pdf(tmp_path, "second.pdf", "second one")
    back = files_library.relink_undoably(first.attachment.id, new_source)
    now = files_library.attached_file(first.attachment.id)
    assert now.present and now.path is not None
    assert now.path.read_bytes() == new_source.read_bytes()
    assert [p.read_bytes() for p in _parked(files_library)] == [old_bytes]  # the old copy
    again = files_library.apply(back)  # undo: the old copy back, the new one parked
    undone = files_library.attached_file(first.attachment.id)
    assert undone.path is not None and undone.path.read_bytes() == old_bytes
    assert [p.read_bytes() for p in _parked(files_library)] == [new_source.read_bytes()]
    assert len(back.parked()) == 1 and len(again.parked()) == 1
    files_library.apply(again)  # redo
    redone = files_library.attached_file(first.attachment.id)
    assert redone.path is not None and redone.path.read_bytes() == new_source.read_bytes()
    assert [p.read_bytes() for p in _parked(files_library)] == [old_bytes]


def test_undoing_the_relink_of_a_missing_copy_leaves_it_missing(
    files_library: Library, tmp_path: Path
) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "a"))
    assert attached.path is not None
    attached.path.unlink()
    back = files_library.relink_undoably(attached.attachment.id, _pdf(tmp_path, "b.pdf", "b"))
    relinked = files_library.attached_file(attached.attachment.id)
    assert relinked.present and relinked.path == attached.path  # the name was free again
    redo = files_library.apply(back)
    assert not files_library.attached_file(attached.attachment.id).present
    files_library.apply(redo)
    assert files_library.attached_file(attached.attachment.id).present


def test_a_relink_made_elsewhere_since_is_not_undone(
    files_library: Library, tmp_path: Path
) -> None:
    from desktop.core.errors import StaleEditError

    paper_id = _paper(files_library)
    source = _pdf(tmp_path, "mine.pdf", "a")
    attached = files_library.attach_file(paper_id, source, link=True)
    back = files_library.relink_undoably(attached.attachment.id, _pdf(tmp_path, "b.pdf", "b"))
    files_library.relink(attached.attachment.id, _pdf(tmp_path, "c.pdf", "c"))  # elsewhere
    with pytest.raises(StaleEditError, match="someone else"):
        files_library.apply(back)
    assert files_library.attached_file(attached.attachment.id).path == tmp_path / "c.pdf"
    assert source.is_file()  # a linked file is never moved


def test_parked_copies_no_undo_reaches_are_deleted(files_library: Library, tmp_path: Path) -> None:
    paper_id = _paper(files_library)
    attached = files_library.attach_file(paper_id, _pdf(tmp_path, "a.pdf", "a"))
    back = files_library.detach(attached.attachment.id)
    assert len(_parked(files_library)) == 1
    files_library.forget_parked(back.parked())
    assert _parked(files_library) == []
    files_library.apply(back)  # the copy is gone for good: the attachment says so
    (again,) = files_library.attached_files(paper_id)
    assert not again.present
