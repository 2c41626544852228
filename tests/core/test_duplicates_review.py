"""Reviewing the library's possible duplicates: found, compared, merged by choice, kept
apart (remembered), in bulk, each an undo step; on both backends."""

from __future__ import annotations

from desktop.core import undo
from desktop.core.api import KEEP, OTHER
from desktop.core.dedupe import merge_groups
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

TITLE = "End-to-End Training of Deep Visuomotor Policies"


def _paper(library: Library, **values: object) -> int:
    fields: dict[str, object] = {
        "title": TITLE,
        "year": 2016,
        "authors": [Person(given="Sergey", family="Levine")],
        **values,
    }
    return library.add_paper(Record(**fields)).id  # type: ignore[arg-type]


def _pairs(library: Library) -> list[tuple[int, int]]:
    return sorted((d.other_id, d.paper_id) for d in library.possible_duplicates())


def test_the_library_s_possible_duplicates_are_listed_until_it_changes(library: Library) -> None:
    a = _paper(library, journal="JMLR")
    b = _paper(library, title="End to end training of deep visuomotor policy")
    _paper(library, title="Guided Policy Search")
    assert library.known_duplicates() is None  # not looked for yet
    found = library.possible_duplicates()
    assert [(d.paper_id, d.other_id) for d in found] == [(b, a)]
    assert "title" in found[0].evidence[0]
    assert library.known_duplicates() == found  # kept while nothing changed
    c = _paper(library)
    assert library.known_duplicates() is None
    assert _pairs(library) == [(a, b), (a, c), (b, c)]


def test_not_duplicates_is_remembered_and_undone_as_one_step(library: Library) -> None:
    a, b, c = _paper(library), _paper(library), _paper(library)
    inverse = library.apply(undo.MarkNotDuplicates(((b, a), (a, c))))
    assert _pairs(library) == [(b, c)]
    # Remembered in the library: a window opened later does not offer them either.
    assert all(d.other_id != a for d in library.likely_duplicates(b))
    again = library.apply(inverse)
    assert _pairs(library) == [(a, b), (a, c), (b, c)]
    library.apply(again)
    assert _pairs(library) == [(b, c)]


def test_a_merge_keeps_the_values_chosen_field_by_field(library: Library) -> None:
    keep = _paper(library, journal="JMLR", pages="1-40", extra={"isbn": "1", "note": "mine"})
    other = _paper(
        library,
        title="End-to-end training of deep visuomotor policies",
        journal="Journal of Machine Learning Research",
        volume="17",
        authors=[Person(given="S.", family="Levine"), Person(given="C.", family="Finn")],
        extra={"isbn": "2", "issn": "1532-4435"},
    )
    compared = library.compare_papers(keep, other)
    differing = {f.name: (f.keep, f.other) for f in compared.fields if f.differs}
    assert differing["journal"] == ("JMLR", "Journal of Machine Learning Research")
    assert differing["extra:isbn"] == ("1", "2")
    assert differing["extra:issn"] == ("", "1532-4435")
    assert differing["volume"] == ("", "17")
    assert differing["authors"] == ("Sergey Levine", "S. Levine; C. Finn")
    assert "year" not in differing
    choices = (("journal", OTHER), ("extra:isbn", OTHER), ("authors", OTHER), ("pages", KEEP))
    inverse = library.apply(undo.Merge(keep, other, choices))
    merged = library.paper(keep)
    assert merged.paper.title == TITLE  # not chosen: the kept paper's
    assert merged.paper.journal == "Journal of Machine Learning Research"
    assert merged.paper.volume == "17"  # not chosen, empty in the kept: the other's
    assert merged.paper.extra == {"isbn": "2", "note": "mine", "issn": "1532-4435"}
    assert [p.given for p in merged.authors] == ["S.", "C."]
    assert library.paper(other).paper.deleted_at is not None
    redo = library.apply(inverse)
    back = library.paper(keep)
    assert (back.paper.journal, back.paper.volume) == ("JMLR", "")
    assert back.paper.extra == {"isbn": "1", "note": "mine"}
    assert [p.given for p in back.authors] == ["Sergey"]
    assert library.paper(other).paper.deleted_at is None
    library.apply(redo)  # redone with the same choices
    assert library.paper(keep).paper.journal == "Journal of Machine Learning Research"


def test_merge_all_folds_each_group_into_its_oldest_paper_as_one_step(library: Library) -> None:
    a, b, c = _paper(library), _paper(library), _paper(library)
    x, y = (
        _paper(library, title="Guided Policy Search"),
        _paper(library, title="Guided policy search"),
    )
    pairs = [(d.paper_id, d.other_id) for d in library.possible_duplicates()]
    merges = merge_groups(pairs)
    assert merges == [(a, b), (a, c), (x, y)]
    library.add_note(c, "on the third copy")
    inverse = library.apply(undo.MergeMany(tuple(merges)))
    assert library.possible_duplicates() == []
    assert [n.body for n in library.paper(a).notes] == ["on the third copy"]
    assert library.count() == 2
    library.apply(inverse)
    assert library.count() == 5
    assert [n.body for n in library.paper(c).notes] == ["on the third copy"]
    assert len(library.possible_duplicates()) == 4
