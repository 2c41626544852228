"""Optimistic locking of every row a user edits, on both backends: an edit made from a copy
someone else has since changed is refused, and the other person's change stays."""

from __future__ import annotations

import pytest

from desktop.core import undo
from desktop.core.errors import StaleEditError
from desktop.core.formats.record import Record
from desktop.core.library import Library


def _paper(library: Library, abstract: str = "We learn policies end to end.") -> int:
    return library.add_paper(Record(title="A paper", abstract=abstract)).id


def test_a_note_edited_from_a_stale_copy_is_refused(library: Library) -> None:
    paper_id = _paper(library)
    mine = theirs = library.add_note(paper_id, "first draft")
    assert mine.version == 1
    saved = library.edit_note(theirs.id, "their text", expected_version=theirs.version)
    assert saved.version == 2 and saved.body == "their text"
    with pytest.raises(StaleEditError, match="changed elsewhere"):
        library.edit_note(mine.id, "my text", expected_version=mine.version)
    assert [n.body for n in library.paper(paper_id).notes] == ["their text"]
    # From the fresh copy the edit goes through, and the version moves on again.
    assert library.edit_note(mine.id, "my text", expected_version=2).version == 3


def test_an_edit_without_a_version_still_moves_it_on(library: Library) -> None:
    """A blind write (None) must not leave the version where a stale copy would pass."""
    note = library.add_note(_paper(library), "one")
    library.edit_note(note.id, "two", expected_version=None)
    with pytest.raises(StaleEditError):
        library.edit_note(note.id, "three", expected_version=note.version)


def test_a_note_changed_since_it_was_read_is_not_deleted(library: Library) -> None:
    paper_id = _paper(library)
    note = library.add_note(paper_id, "draft")
    library.edit_note(note.id, "their careful text", expected_version=note.version)
    with pytest.raises(StaleEditError):
        library.delete_note(note.id, expected_version=note.version)
    assert [n.body for n in library.paper(paper_id).notes] == ["their careful text"]
    library.delete_note(note.id, expected_version=note.version + 1)
    assert library.paper(paper_id).notes == []


def test_an_annotation_edited_from_a_stale_copy_is_refused(library: Library) -> None:
    paper_id = _paper(library)
    annotation = library.annotate(paper_id, 9, 17, note="mine")
    library.edit_annotation(annotation.id, "theirs", expected_version=annotation.version)
    with pytest.raises(StaleEditError):
        library.edit_annotation(annotation.id, "mine again", expected_version=annotation.version)
    assert [a.note for a in library.paper(paper_id).annotations] == ["theirs"]


def test_a_list_renamed_from_a_stale_copy_is_refused(library: Library) -> None:
    seen = library.create_list("To read")
    library.rename_list(seen.id, "Theirs", expected_version=seen.version)
    with pytest.raises(StaleEditError):
        library.rename_list(seen.id, "Mine", expected_version=seen.version)
    assert [rl.name for rl, _ in library.lists()] == ["Theirs"]


def test_a_tag_edited_from_a_stale_copy_is_refused(library: Library) -> None:
    seen = library.create_tag("robotics", "#3a7bd5")
    library.edit_tag("robotics", colour="#000000", expected_version=seen.version)
    with pytest.raises(StaleEditError):
        library.edit_tag("robotics", new_name="robots", expected_version=seen.version)
    assert [(t.name, t.colour) for t, _ in library.tags()] == [("robotics", "#000000")]


def test_a_saved_search_renamed_from_a_stale_copy_is_refused(library: Library) -> None:
    seen = library.save_search("Mine", "author:levine")
    library.rename_saved_search(seen.id, "Theirs", expected_version=seen.version)
    with pytest.raises(StaleEditError):
        library.rename_saved_search(seen.id, "Mine again", expected_version=seen.version)
    assert [s.name for s in library.saved_searches()] == ["Theirs"]


def test_undoing_a_rename_someone_else_changed_since_is_refused(library: Library) -> None:
    seen = library.create_list("To read")
    inverse = library.apply(undo.RenameList(seen.id, "Week 1", expected_version=seen.version))
    library.rename_list(seen.id, "Their name")  # another window, after our rename
    with pytest.raises(StaleEditError):
        library.apply(inverse)
    assert library.reading_list(seen.id).name == "Their name"


def test_undo_and_redo_of_an_annotation_edit_follow_the_versions(library: Library) -> None:
    paper_id = _paper(library)
    annotation = library.annotate(paper_id, 9, 17, note="first")
    step = undo.EditAnnotation(
        undo.RowRef(annotation.id, annotation.created_at),
        paper_id,
        "second",
        expected_version=annotation.version,
    )
    redo = library.apply(library.apply(step))  # done, then undone
    assert [a.note for a in library.paper(paper_id).annotations] == ["first"]
    library.apply(redo)
    assert [a.note for a in library.paper(paper_id).annotations] == ["second"]
