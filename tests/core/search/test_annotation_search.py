"""Annotations are found by search: a span annotated "zanzibar" by `zanzibar` and by
`note:zanzibar`, on both backends (search/fulltext.py)."""

from __future__ import annotations

from sqlalchemy import event

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.views import View

ABSTRACT = "We measure how coral reefs recover after bleaching across the western Indian Ocean."


def _papers(library: Library) -> tuple[int, int]:
    annotated = library.add_paper(
        Record(title="Reef recovery", abstract=ABSTRACT, authors=[Person(family="Obura")])
    ).id
    other = library.add_paper(Record(title="Island hydrology", abstract="Rain on islands.")).id
    return annotated, other


def _ids(library: Library, query: str) -> list[int]:
    return [hit.paper_id for hit in library.search(query)]


def test_an_annotation_note_is_found_by_plain_words_and_note(library: Library) -> None:
    annotated, _other = _papers(library)
    start = ABSTRACT.index("coral reefs")
    library.annotate(annotated, start, start + len("coral reefs"), note="Compare Zanzibar sites")
    assert _ids(library, "zanzibar") == [annotated]
    assert _ids(library, "note:zanzibar") == [annotated]
    assert _ids(library, "note:zanzib") == [annotated]  # typed so far: a prefix
    assert _ids(library, '"zanzibar sites"') == [annotated]
    assert _ids(library, "abstract:zanzibar") == []  # the note is not the abstract
    assert _ids(library, "zanzibar -reef") == []
    # Inside a view (the window's search within a list) and together with another word.
    assert library.find(View(), "zanzibar recovery") == [annotated]


def test_an_edited_or_deleted_annotation_is_found_by_its_new_words_only(
    library: Library,
) -> None:
    annotated, _other = _papers(library)
    made = library.annotate(annotated, 0, 10, note="zanzibar")
    assert _ids(library, "zanzibar") == [annotated]
    library.edit_annotation(made.id, "pemba channel")
    assert _ids(library, "zanzibar") == []
    assert _ids(library, "note:pemba") == [annotated]
    library.delete_annotation(made.id)
    assert _ids(library, "pemba") == []


def test_annotation_words_are_checked_paper_by_paper_among_many(library: Library) -> None:
    # A common word leads, and the rare one is checked within its papers (the planner's
    # other way of asking full text): the annotation must count there too.
    ids = [
        library.add_paper(Record(title=f"Reef survey {n}", abstract="reef " * 3)).id
        for n in range(30)
    ]
    library.annotate(ids[7], 0, 4, note="zanzibar")
    assert library.find(View(), "reef zanzibar") == [ids[7]]


def test_every_annotation_is_listed_with_its_paper_newest_first(library: Library) -> None:
    annotated, other = _papers(library)
    first = library.annotate(annotated, 0, 2, note="first")
    second = library.annotate(annotated, 3, 10, note="second")
    library.delete_papers([other])  # nothing of the trash's; and it had none anyway
    listed = library.annotations()
    assert [(a.id, a.quote, title) for a, title in listed] == [
        (second.id, ABSTRACT[3:10], "Reef recovery"),
        (first.id, ABSTRACT[0:2], "Reef recovery"),
    ]
    library.delete_papers([annotated])
    assert library.annotations() == []


def test_a_search_of_several_words_reads_the_annotation_notes_once(library: Library) -> None:
    # Annotation notes are kept in no index: they are read whole, so once per search,
    # however many of its words ask full text (each used to read them again).
    annotated, _other = _papers(library)
    library.annotate(annotated, 0, 4, note="zanzibar channel")
    statements: list[str] = []

    def seen(_conn: object, _cursor: object, statement: str, *_rest: object) -> None:
        if "FROM annotation" in statement and "json_each" not in statement:
            statements.append(statement)

    event.listen(library.engine, "before_cursor_execute", seen)
    try:
        found = _ids(library, "zanzibar channel coral bleaching western")
    finally:
        event.remove(library.engine, "before_cursor_execute", seen)
    assert found == [annotated]
    assert len(statements) == 1
