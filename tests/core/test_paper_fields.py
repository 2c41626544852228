"""Every field a paper holds can be edited, those kept from an import included."""

from __future__ import annotations

import pytest

from desktop.core import api
from desktop.core.api import Record, undo
from desktop.core.errors import InvalidInputError, StaleEditError
from desktop.core.library import Library


def _paper(library: Library) -> api.PaperDetails:
    record = Record(title="Kept", extra={"issn": "1234-5678", "translator": "Doe, Jane"})
    return library.add_paper(record)


def test_a_kept_field_is_changed_removed_and_added(library: Library) -> None:
    details = _paper(library)
    changed = library.update_paper(
        details.id,
        expected_version=details.paper.version,
        **{"extra:issn": "0028-0836", "extra:translator": "", "extra:edition": "2nd"},
    )
    assert changed.paper.extra == {"issn": "0028-0836", "edition": "2nd"}
    assert changed.paper.version == details.paper.version + 1
    assert api.field_value(changed.paper, "extra:translator") == ""
    # What an export writes follows.
    assert library.record(details.id).extra == {"issn": "0028-0836", "edition": "2nd"}


def test_a_kept_field_edited_from_a_stale_copy_is_refused(library: Library) -> None:
    details = _paper(library)
    library.update_paper(details.id, expected_version=None, title="Theirs")
    with pytest.raises(StaleEditError):
        library.update_paper(
            details.id, expected_version=details.paper.version, **{"extra:issn": "mine"}
        )
    assert library.paper(details.id).paper.extra["issn"] == "1234-5678"


def test_an_edit_of_a_kept_field_is_undone(library: Library) -> None:
    details = _paper(library)
    step = undo.EditPaper(
        details.id, values={"extra:issn": "0028-0836"}, expected={"extra:issn": "1234-5678"}
    )
    inverse = library.apply(step)
    assert library.paper(details.id).paper.extra["issn"] == "0028-0836"
    library.apply(inverse)
    assert library.paper(details.id).paper.extra["issn"] == "1234-5678"


@pytest.mark.parametrize(
    ("name", "value", "words"),
    [
        ("title", "x", "own fields"),
        ("two words", "x", "one word"),
        ("csl-json:categories", "[not json", "JSON"),
    ],
)
def test_a_field_that_cannot_be_kept_is_refused_with_a_sentence(
    library: Library, name: str, value: str, words: str
) -> None:
    details = _paper(library)
    with pytest.raises(InvalidInputError, match=words):
        library.update_paper(details.id, expected_version=None, **{f"extra:{name}": value})
    assert library.paper(details.id).paper.extra == details.paper.extra


def test_every_entry_type_names_its_fields_as_biblatex_and_csl() -> None:
    for entry in api.ENTRY_TYPES.values():
        assert "title" in entry.fields
        assert all(name in api.FIELDS for name in entry.fields), entry.name
    assert api.FIELDS["journal"] == api.FieldName("journaltitle", "container-title")
    assert api.entry_type("phdthesis").required == ("authors", "title", "school", "year")
    assert api.entry_type("no such type") == api.ENTRY_TYPES["misc"]


def test_one_field_of_many_papers_is_set_and_undone_in_one_step(library: Library) -> None:
    ids = [library.add_paper(Record(title=f"P{i}", extra={"issn": f"i{i}"})).id for i in range(5)]
    versions = {i: library.paper(i).paper.version for i in ids}
    inverse = library.apply(undo.SetValues.same("status", "read", ids[:3]))
    assert [library.paper(i).paper.status for i in ids] == ["read"] * 3 + ["unread"] * 2
    assert all(library.paper(i).paper.version == versions[i] + 1 for i in ids[:3])
    library.apply(inverse)
    assert {library.paper(i).paper.status for i in ids} == {"unread"}
    cleared = library.apply(undo.SetValues.same("extra:issn", "", ids))
    assert all("issn" not in library.paper(i).paper.extra for i in ids)
    library.apply(cleared)  # each paper gets its own value back
    assert [library.paper(i).paper.extra["issn"] for i in ids] == [f"i{i}" for i in range(5)]
    with pytest.raises(InvalidInputError, match="not a year"):
        library.apply(undo.SetValues.same("year", 99999, ids))
    assert {library.paper(i).paper.year for i in ids} == {None}


def test_a_bulk_edit_of_more_papers_than_one_statement_binds(library: Library) -> None:
    ids = library.add_records([Record(title=f"P{i}") for i in range(4500)])
    inverse = library.apply(undo.SetValues.same("journal", "Nature", ids))
    assert {row.venue for row in library.rows(ids).values()} == {"Nature"}
    library.apply(inverse)
    assert {row.venue for row in library.rows(ids).values()} == {""}


KURIL = "Kraternaya Bight (Yanluch Island, Kurile Islands)"


def test_keywords_are_edited_as_a_list_and_found_by_keyword_search(library: Library) -> None:
    details = library.add_paper(Record(title="Sea urchins", keywords=["benthos"]))
    assert [h.paper_id for h in library.search("keyword:benthos")] == [details.id]
    changed = library.update_paper(
        details.id,
        expected_version=details.paper.version,
        keywords=[f"  {KURIL} ", "sea   urchins", "", "sea urchins", "海胆"],
    )
    # Trimmed, spaces made single, empty ones and repeats left out; a comma stays inside.
    assert changed.paper.keywords == [KURIL, "sea urchins", "海胆"]
    assert library.search("keyword:benthos") == []
    assert [h.paper_id for h in library.search("keyword:yanluch")] == [details.id]
    assert [h.paper_id for h in library.search("keyword:海胆")] == [details.id]
    assert library.record(details.id).keywords == [KURIL, "sea urchins", "海胆"]


def test_an_edit_of_keywords_is_undone(library: Library) -> None:
    details = library.add_paper(Record(title="Sea urchins", keywords=[KURIL]))
    step = undo.EditPaper(details.id, values={"keywords": []}, expected={"keywords": [KURIL]})
    inverse = library.apply(step)
    assert library.paper(details.id).paper.keywords == []
    assert library.search("keyword:yanluch") == []
    library.apply(inverse)
    assert library.paper(details.id).paper.keywords == [KURIL]
    assert [h.paper_id for h in library.search("keyword:yanluch")] == [details.id]
