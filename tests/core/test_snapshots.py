"""What leaves the core is a frozen copy of what is stored, with the model's fields exactly."""

from __future__ import annotations

import dataclasses

import pytest

from desktop.core import snapshots
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.storage import models

_PAIRS = [
    (snapshots.Paper, models.Paper),
    (snapshots.ReadingList, models.ReadingList),
    (snapshots.Tag, models.Tag),
    (snapshots.Note, models.Note),
    (snapshots.Annotation, models.Annotation),
    (snapshots.Attachment, models.Attachment),
    (snapshots.ImportProblem, models.ImportProblem),
    (snapshots.SavedSearch, models.SavedSearch),
]


@pytest.mark.parametrize(("copy", "model"), _PAIRS, ids=lambda kind: kind.__name__)
def test_each_copy_has_exactly_its_models_fields(copy: type, model: type) -> None:
    stored = [column.name for column in model.__table__.columns]  # type: ignore[attr-defined]
    assert [field.name for field in dataclasses.fields(copy)] == stored


def test_what_the_library_gives_is_frozen_and_outlives_later_edits(library: Library) -> None:
    details = library.add_paper(Record(title="Before", authors=[Person("Ada", "Lovelace")]))
    note = library.add_note(details.id, "First thought.")
    tag = library.create_tag("maths", "#123456")
    reading_list = library.create_list("Thesis")
    library.tag_papers("maths", [details.id])
    with pytest.raises(dataclasses.FrozenInstanceError):
        details.paper.title = "Changed by the caller"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        note.body = "Changed by the caller"  # type: ignore[misc]
    library.update_paper(details.id, expected_version=details.paper.version, title="After")
    library.edit_note(note.id, "Second thought.")
    assert (details.paper.title, note.body) == ("Before", "First thought.")
    again = library.paper(details.id)
    assert again.paper.title == "After"
    assert [(n.id, n.body) for n in again.notes] == [(note.id, "Second thought.")]
    assert [(t.id, t.name, t.colour) for t in again.tags] == [(tag.id, "maths", "#123456")]
    assert (reading_list.name, library.lists()[0][0]) == ("Thesis", reading_list)
    for value in (again.paper, *again.notes, *again.tags, tag, reading_list, note):
        assert not isinstance(value, models.SQLModel)
