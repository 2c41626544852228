"""Undo and redo in the core, on both backends, without Qt: every kind of step done, undone
and redone leaves the library as it should; an undo is one transaction; stale edits refused."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session

from desktop.core import merging, reading_lists, undo
from desktop.core.errors import StaleEditError
from desktop.core.formats.record import Person, Record
from desktop.core.library import Change, Library


def add(library: Library, title: str, **kw: Any) -> int:
    return library.add_paper(Record(title=title, **kw)).id


def state(library: Library) -> dict[str, Any]:
    """Everything a user could see change, trash included (no versions or edit times)."""
    papers = {}
    for paper_id in library.paper_ids() + library.paper_ids(trash=True):
        d = library.paper(paper_id)
        papers[paper_id] = {
            "fields": {
                k: getattr(d.paper, k)
                for k in ("title", "abstract", "year", "journal", "status", "priority", "extra")
            },
            "in_trash": d.paper.deleted_at is not None,
            "authors": [(p.given, p.family) for p in d.authors],
            "tags": sorted(t.name for t in d.tags),
            "notes": sorted((n.id, n.body) for n in d.notes),
            "annotations": sorted((a.id, a.start, a.end, a.quote, a.note) for a in d.annotations),
        }
    lists = [
        (rl.id, rl.name, rl.description, [i.paper.id for i in library.list_items(rl.id or 0)])
        for rl, _ in library.lists()
    ]
    tags = [(t.id, t.name, t.colour) for t, _ in library.tags()]
    return {"papers": papers, "lists": lists, "tags": tags}


def changes_of(library: Library) -> list[Change]:
    heard: list[Change] = []
    library.subscribe(heard.append)
    return heard


def round_trip(library: Library, step: undo.Step) -> tuple[dict[str, Any], dict[str, Any]]:
    """Do, undo, redo: each once announced; undo gives back the state before exactly, redo
    the state after. Returns both states for the caller's own checks."""
    heard = changes_of(library)
    before = state(library)
    inverse = library.apply(step)
    after = state(library)
    assert after != before, "the step changed nothing"
    redo = library.apply(inverse)
    assert state(library) == before
    library.apply(redo)
    assert state(library) == after
    assert len(heard) == 3
    return before, after


@pytest.fixture
def three(library: Library) -> list[int]:
    return [add(library, f"Paper {n}", abstract="Deep visuomotor policies") for n in range(3)]


# -- papers --------------------------------------------------------------------------------


def test_edit_paper(library: Library, three: list[int]) -> None:
    paper = three[0]
    author = Person(given="Sergey", family="Levine", as_written="Sergey Levine")
    # `expected` is what must be there before: no authors yet.
    step = undo.EditPaper(
        paper,
        values={"title": "New", "authors": [author]},
        expected={"title": "Paper 0", "authors": []},
    )
    before, after = round_trip(library, step)
    assert after["papers"][paper]["fields"]["title"] == "New"
    assert after["papers"][paper]["authors"] == [("Sergey", "Levine")]
    assert before["papers"][paper]["authors"] == []


def test_an_undo_of_a_stale_edit_is_refused_and_changes_nothing(
    library: Library, three: list[int]
) -> None:
    paper = three[0]
    inverse = library.apply(
        undo.EditPaper(paper, values={"title": "Mine"}, expected={"title": "Paper 0"})
    )
    library.update_paper(paper, expected_version=None, title="Theirs")
    seen = state(library)
    with pytest.raises(StaleEditError):
        library.apply(inverse)
    assert state(library) == seen
    # A change to another field does not block it.
    library.update_paper(paper, expected_version=None, title="Mine", journal="Elsewhere")
    library.apply(inverse)
    assert library.paper(paper).paper.title == "Paper 0"
    assert library.paper(paper).paper.journal == "Elsewhere"


def test_set_status_restores_each_papers_own_value(library: Library, three: list[int]) -> None:
    library.set_status([three[0]], "reading")
    library.set_status([three[1]], "read")
    before, after = round_trip(library, undo.SetValues.same("status", "unread", three[:2]))
    assert [after["papers"][i]["fields"]["status"] for i in three] == ["unread"] * 3
    assert [before["papers"][i]["fields"]["status"] for i in three[:2]] == ["reading", "read"]


def test_set_priority(library: Library, three: list[int]) -> None:
    library.set_priority([three[1]], 4)
    _, after = round_trip(library, undo.SetValues.same("priority", 2, three))
    assert [after["papers"][i]["fields"]["priority"] for i in three] == [2, 2, 2]
    assert [library.paper(i).paper.priority for i in three] == [2, 2, 2]
    library.apply(library.apply(undo.SetValues.same("priority", 5, three)))
    assert [library.paper(i).paper.priority for i in three] == [2, 2, 2]


def test_trash_and_restore_move_back_only_what_moved(library: Library, three: list[int]) -> None:
    library.delete_papers([three[2]])
    before, after = round_trip(library, undo.Trash(tuple(three)))
    assert [after["papers"][i]["in_trash"] for i in three] == [True, True, True]
    # It was in the trash before: undo leaves it there.
    assert [before["papers"][i]["in_trash"] for i in three] == [False, False, True]
    _, after = round_trip(library, undo.Trash(tuple(three), restore=True))
    assert library.paper_ids(trash=True) == []


# -- reading lists -----------------------------------------------------------------------------


def test_add_to_list_takes_out_only_the_new_papers(library: Library, three: list[int]) -> None:
    list_id = library.create_list("To read").id or 0
    library.add_to_list(list_id, [three[1]])
    _, after = round_trip(library, undo.AddToList(list_id, (three[0], three[1], three[2])))
    assert after["lists"][0][3] == [three[1], three[0], three[2]]
    unchanged = state(library)
    library.apply(library.apply(undo.AddToList(list_id, tuple(three))))  # do, then undo
    assert state(library) == unchanged  # none was new: the undo takes none out


def test_remove_from_list_puts_papers_back_in_their_places(
    library: Library, three: list[int]
) -> None:
    list_id = library.create_list("To read").id or 0
    library.add_to_list(list_id, [three[2], three[0], three[1]])
    # An order that is not the order they were added in.
    library.reorder_list(list_id, [three[1], three[2], three[0]])
    added = {i.paper.id: i.added_at for i in library.list_items(list_id)}
    put_back = library.apply(undo.RemoveFromList(list_id, (three[2], three[0])))
    assert [i.paper.id for i in library.list_items(list_id)] == [three[1]]
    library.apply(put_back)
    items = library.list_items(list_id)
    assert [i.paper.id for i in items] == [three[1], three[2], three[0]]
    assert {i.paper.id: i.added_at for i in items} == added
    _, after = round_trip(library, undo.RemoveFromList(list_id, (three[2],)))
    assert after["lists"][0][3] == [three[1], three[0]]


def test_chunks_of_one_removal_come_back_in_their_order_joined_or_one_by_one(
    library: Library,
) -> None:
    ids = [add(library, f"Paper {n}") for n in range(6)]
    list_id = library.create_list("To read").id or 0
    library.add_to_list(list_id, ids)
    order = [ids[4], ids[1], ids[5], ids[0], ids[3], ids[2]]  # not the order of adding
    library.reorder_list(list_id, order)
    added = {i.paper.id: i.added_at for i in library.list_items(list_id)}
    leaving = [order[0], order[2], order[3], order[5], order[4]]
    # As RemoveFromListCommand makes them: only the first chunk reads the list's order.
    chunks = [
        undo.RemoveFromList(list_id, tuple(leaving[:2])),
        undo.RemoveFromList(list_id, tuple(leaving[2:4]), keeps_order=False),
        undo.RemoveFromList(list_id, tuple(leaving[4:]), keeps_order=False),
    ]

    def members() -> list[int]:
        return [i.paper.id for i in library.list_items(list_id)]

    inverses = [library.apply(chunk) for chunk in chunks]
    assert members() == [order[1]]
    later = inverses[1]
    assert isinstance(later, undo.ReturnToList) and later.order == ()
    for inverse in reversed(inverses):  # as a cancelled command takes them back
        library.apply(inverse)
    assert members() == order
    assert {i.paper.id: i.added_at for i in library.list_items(list_id)} == added

    inverses = [library.apply(chunk) for chunk in chunks]
    (joined,) = undo.joined_list_steps(inverses)  # as undo takes them back
    redo = library.apply(joined)
    assert members() == order
    library.apply(redo)
    assert members() == [order[1]]

    # A later chunk's inverse alone puts its papers back at the end of the list.
    alone = library.apply(undo.RemoveFromList(list_id, (order[1],), keeps_order=False))
    library.apply(undo.ReturnToList(list_id, ((order[0], added[order[0]]),), order=()))
    library.apply(alone)
    assert members() == [order[0], order[1]]


def test_reorder_list(library: Library, three: list[int]) -> None:
    list_id = library.create_list("To read").id or 0
    library.add_to_list(list_id, three)
    _, after = round_trip(library, undo.ReorderList(list_id, (three[2], three[0])))
    assert after["lists"][0][3] == [three[2], three[0], three[1]]


def test_reorder_lists(library: Library) -> None:
    ids = [library.create_list(name).id or 0 for name in ("A", "B", "C")]
    _, after = round_trip(library, undo.ReorderLists((ids[2], ids[0])))
    assert [name for _, name, _, _ in after["lists"]] == ["C", "A", "B"]


def test_create_and_rename_list(library: Library) -> None:
    _, after = round_trip(library, undo.CreateList("To read", "for the weekend"))
    assert [(n, d) for _, n, d, _ in after["lists"]] == [("To read", "for the weekend")]
    list_id = library.reading_list("To read").id or 0
    _, after = round_trip(library, undo.RenameList(list_id, "Read soon"))
    assert [(i, n) for i, n, _, _ in after["lists"]] == [(list_id, "Read soon")]


def test_delete_list_comes_back_whole_under_its_id(library: Library, three: list[int]) -> None:
    library.create_list("First")
    kept = library.create_list("To read", "for the weekend")
    library.create_list("Last")
    library.add_to_list("To read", [three[2], three[0], three[1]])
    library.delete_papers([three[0]])  # a paper in the trash stays a member too
    bring_back = library.apply(undo.DeleteList(kept.id or 0))
    assert [rl.name for rl, _ in library.lists()] == ["First", "Last"]
    library.apply(bring_back)
    assert [rl.name for rl, _ in library.lists()] == ["First", "To read", "Last"]
    again = library.reading_list("To read")
    assert (again.id, again.description, again.position, again.created_at) == (
        kept.id,
        "for the weekend",
        kept.position,
        kept.created_at,
    )
    library.restore_papers([three[0]])
    assert [i.paper.id for i in library.list_items("To read")] == [three[2], three[0], three[1]]
    round_trip(library, undo.DeleteList(kept.id or 0))


def test_a_list_brought_back_under_a_new_id_is_still_found(
    library: Library, three: list[int]
) -> None:
    first = library.create_list("A").id or 0
    library.add_to_list(first, three[:2])
    take_out = library.apply(undo.AddToList(first, (three[2],)))  # names the list's id
    bring_back = library.apply(undo.DeleteList(first))
    # Another list takes the freed id (SQLite gives it out again; PostgreSQL never does).
    other = library.create_list("B")
    library.add_to_list("B", [three[2]])
    library.apply(bring_back)
    again = library.reading_list("A")
    assert (again.id != first) == (other.id == first)
    library.apply(take_out)  # acts on A wherever it is, never on B
    assert [i.paper.id for i in library.list_items("A")] == three[:2]
    assert [i.paper.id for i in library.list_items("B")] == [three[2]]


# -- tags ---------------------------------------------------------------------------------


def test_tag_and_untag_change_only_the_papers_they_changed(
    library: Library, three: list[int]
) -> None:
    library.tag_papers("rl", [three[0]])
    _, after = round_trip(library, undo.TagPapers("rl", tuple(three)))
    assert [after["papers"][i]["tags"] for i in three] == [["rl"]] * 3
    library.tag_papers("cv", [three[1]])
    before, after = round_trip(library, undo.UntagPapers("cv", tuple(three)))
    assert [after["papers"][i]["tags"] for i in three] == [["rl"]] * 3
    assert before["papers"][three[1]]["tags"] == ["cv", "rl"]


def test_create_edit_and_delete_tag(library: Library, three: list[int]) -> None:
    _, after = round_trip(library, undo.CreateTag("rl", "#112233"))
    assert [(n, c) for _, n, c in after["tags"]] == [("rl", "#112233")]
    _, after = round_trip(library, undo.EditTag("rl", new_name="robots", colour="#445566"))
    assert [(n, c) for _, n, c in after["tags"]] == [("robots", "#445566")]
    _, after = round_trip(library, undo.EditTag("robots", colour="#778899"))
    assert [(n, c) for _, n, c in after["tags"]] == [("robots", "#778899")]
    library.tag_papers("robots", three[:2])
    library.delete_papers([three[1]])  # in the trash, it gets the tag back too
    before, after = round_trip(library, undo.DeleteTag("robots"))
    assert after["tags"] == []
    assert before["papers"][three[1]]["tags"] == ["robots"]
    assert after["papers"][three[1]]["tags"] == []


# -- duplicates ---------------------------------------------------------------------------


def test_merge_and_unmerge(library: Library) -> None:
    keep = add(library, "Deep policies", year=2016)
    other = add(library, "Deep policies", journal="JMLR", abstract="Robots learn")
    library.tag_papers("rl", [other])
    library.add_to_list(library.create_list("To read").id or 0, [other])
    library.annotate(other, 0, 6, note="who")
    before, after = round_trip(library, undo.Merge(keep, other))
    assert after["papers"][other]["in_trash"]
    assert after["papers"][keep]["fields"]["journal"] == "JMLR"
    assert after["papers"][keep]["tags"] == ["rl"]
    assert after["lists"][0][3] == [keep]
    assert [a[4] for a in after["papers"][keep]["annotations"]] == ["who"]
    assert before["lists"][0][3] == [other]


# -- annotations ----------------------------------------------------------------------------


def test_annotate_edit_and_delete(library: Library, three: list[int]) -> None:
    paper = three[0]
    _, after = round_trip(library, undo.Annotate(paper, 0, 4, "first"))
    [(annotation_id, *_, note)] = after["papers"][paper]["annotations"]
    assert note == "first"
    annotation = library.paper(paper).annotations[0]
    ref = undo.RowRef(annotation_id, annotation.created_at)
    _, after = round_trip(library, undo.EditAnnotation(ref, paper, "second"))
    assert after["papers"][paper]["annotations"] == [(annotation_id, 0, 4, "Deep", "second")]
    before, after = round_trip(library, undo.DeleteAnnotation(ref, paper))
    assert after["papers"][paper]["annotations"] == []
    assert before["papers"][paper]["annotations"] == [(annotation_id, 0, 4, "Deep", "second")]


def test_an_annotation_brought_back_under_a_new_id_is_still_found(
    library: Library, three: list[int]
) -> None:
    paper = three[0]
    annotation = library.annotate(paper, 0, 4, note="mine")
    ref = undo.RowRef(annotation.id or 0, annotation.created_at)
    restore_note = library.apply(undo.EditAnnotation(ref, paper, "edited"))
    bring_back = library.apply(undo.DeleteAnnotation(ref, paper))
    newcomer = library.annotate(paper, 5, 15, note="theirs")
    library.apply(bring_back)
    library.apply(restore_note)  # on the annotation brought back, not on the newcomer
    notes = {a.id: a.note for a in library.paper(paper).annotations}
    assert sorted(notes.values()) == ["mine", "theirs"]
    assert notes[newcomer.id] == "theirs"


# -- one transaction ----------------------------------------------------------------------


class _ThenFail(undo.Step):
    """A step that does all of another's work and then fails, as a crash would."""

    def __init__(self, inner: undo.Step) -> None:
        self.inner = inner

    def apply(self, session: Session) -> undo.Done:
        self.inner.apply(session)
        session.flush()
        raise RuntimeError("failed halfway")


def test_an_undo_that_fails_halfway_changes_nothing(library: Library, three: list[int]) -> None:
    library.create_list("To read")
    library.add_to_list("To read", three)
    library.tag_papers("rl", three)
    undo_delete = library.apply(undo.DeleteList(library.reading_list("To read").id or 0))
    undo_untag = library.apply(undo.UntagPapers("rl", tuple(three)))
    seen = state(library)
    heard = changes_of(library)
    for inverse in (undo_delete, undo_untag):
        with pytest.raises(RuntimeError):
            library.apply(_ThenFail(inverse))
        assert state(library) == seen
    assert heard == []
    library.apply(undo_delete)  # still possible, once
    assert [i.paper.id for i in library.list_items("To read")] == three


def test_a_list_is_not_brought_back_without_its_papers(
    library: Library, three: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    library.add_to_list(library.create_list("To read").id or 0, three)
    bring_back = library.apply(undo.DeleteList(library.reading_list("To read").id or 0))
    seen = state(library)

    def broken(*_: object) -> None:
        raise RuntimeError("disk gone")

    monkeypatch.setattr(reading_lists, "insert_entries", broken)  # after the list row is written
    with pytest.raises(RuntimeError):
        library.apply(bring_back)
    assert state(library) == seen == {**seen, "lists": []}


def test_an_unmerge_that_fails_at_its_end_changes_nothing(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    keep = add(library, "Deep policies")
    other = add(library, "Deep policies", journal="JMLR")
    library.tag_papers("rl", [other])
    unmerge = library.apply(undo.Merge(keep, other))
    seen = state(library)

    def broken(*_: object) -> None:
        raise RuntimeError("disk gone")

    # The other paper leaves the trash last, after the kept one and its tags are back.
    monkeypatch.setattr(merging, "restore", broken)
    with pytest.raises(RuntimeError):
        library.apply(unmerge)
    assert state(library) == seen
