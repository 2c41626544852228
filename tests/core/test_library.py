"""The Library facade on both backends: papers, people, lists, tags, notes, trash, edits."""

from __future__ import annotations

import pytest
from sqlalchemy import event

from desktop.core.errors import (
    ConflictError,
    InvalidInputError,
    NotFoundError,
    StaleEditError,
)
from desktop.core.formats.record import Person, Record
from desktop.core.library import Change, Library


def levine() -> Person:
    return Person(given="Sergey", family="Levine", as_written="Levine, Sergey")


def record(title: str = "End-to-End Training of Deep Visuomotor Policies", **kw: object) -> Record:
    values: dict[str, object] = {
        "title": title,
        "year": 2016,
        "journal": "Journal of Machine Learning Research",
        "authors": [levine(), Person(given="Chelsea", family="Finn", as_written="Chelsea Finn")],
    }
    values.update(kw)
    return Record(**values)  # type: ignore[arg-type]


def test_a_paper_comes_back_as_stored(library: Library) -> None:
    stored = library.add_paper(
        record(extra={"note": "Also in arXiv", "isbn": "123"}, latex={"title": "{End}-to-{End}"})
    )
    again = library.paper(stored.id)
    assert again.paper.title == "End-to-End Training of Deep Visuomotor Policies"
    assert again.paper.year == 2016
    assert [(p.given, p.family) for p in again.authors] == [
        ("Sergey", "Levine"),
        ("Chelsea", "Finn"),
    ]
    assert again.authors[0].as_written == "Levine, Sergey"
    assert again.paper.extra == {"note": "Also in arXiv", "isbn": "123"}
    assert again.paper.latex == {"title": "{End}-to-{End}"}
    assert again.paper.status == "unread"
    assert again.paper.version == 1


def test_one_person_however_the_name_is_written(library: Library) -> None:
    first = library.add_paper(record())
    second = library.add_paper(
        record(
            "Soft Actor-Critic",
            authors=[Person(given="Sergey", family="Levine", as_written="Sergey Levine")],
        )
    )
    from sqlmodel import Session, func, select

    from desktop.core.storage.models import PaperPerson

    with Session(library.engine) as session:
        ids = session.exec(
            select(PaperPerson.person_id).where(
                PaperPerson.position == 0, PaperPerson.role == "author"
            )
        ).all()
        people = session.exec(select(func.count()).select_from(PaperPerson)).one()
    assert len(ids) == 2 and ids[0] == ids[1]
    assert people == 3
    assert library.paper(second.id).authors[0].as_written == "Sergey Levine"
    assert library.paper(first.id).authors[0].as_written == "Levine, Sergey"


def test_untitled_papers_are_allowed(library: Library) -> None:
    stored = library.add_paper(
        Record(abstract="We study tokamak plasma control.", authors=[levine()])
    )
    assert stored.paper.title == ""
    assert stored.paper.citekey  # a key is made even without a title


def test_citation_keys_are_kept_unique_and_pinned(library: Library) -> None:
    a = library.add_paper(record(citekey="levine2016end"))
    b = library.add_paper(record(citekey="levine2016end"))
    c = library.add_paper(record(citekey="LEVINE2016END"))
    assert a.paper.citekey == "levine2016end"
    assert b.paper.citekey == "levine2016enda"
    assert c.paper.citekey.casefold() == "levine2016endb"
    edited = library.update_paper(a.id, expected_version=1, title="Something else entirely")
    assert edited.paper.citekey == "levine2016end"


def test_an_edit_from_a_stale_copy_is_refused(library: Library) -> None:
    stored = library.add_paper(record())
    mine = library.paper(stored.id)
    theirs = library.paper(stored.id)
    library.update_paper(theirs.id, expected_version=theirs.paper.version, title="Their title")
    with pytest.raises(StaleEditError, match="changed by someone else since you opened it"):
        library.update_paper(mine.id, expected_version=mine.paper.version, title="My title")
    assert library.paper(stored.id).paper.title == "Their title"
    assert library.paper(stored.id).paper.version == 2


def test_updates_change_people_and_validate(library: Library) -> None:
    stored = library.add_paper(record())
    updated = library.update_paper(
        stored.id, expected_version=1, authors=[Person(given="Pieter", family="Abbeel")], year=2015
    )
    assert [p.family for p in updated.authors] == ["Abbeel"]
    assert updated.paper.year == 2015 and updated.paper.version == 2
    with pytest.raises(InvalidInputError, match="not a DOI"):
        library.update_paper(stored.id, expected_version=None, doi="not a doi")
    with pytest.raises(InvalidInputError, match="not a year"):
        library.update_paper(stored.id, expected_version=None, year=123456)
    with pytest.raises(InvalidInputError, match="cannot be edited"):
        library.update_paper(stored.id, expected_version=None, citekey="mine")
    with pytest.raises(NotFoundError):
        library.update_paper(9999, expected_version=1, title="x")
    assert library.paper(stored.id).paper.version == 2  # refused edits change nothing
    short = library.update_paper(stored.id, expected_version=None, doi="10/f8tz8t")
    assert short.paper.doi == "10/f8tz8t"  # a short DOI is kept as given


def test_empty_trash_goes_by_chunks_and_a_cancel_keeps_the_rest(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    from desktop.core import library as library_module

    monkeypatch.setattr(library_module, "PAPERS_PER_DELETE", 2)
    ids = [library.add_paper(Record(title=f"Paper {n}")).id for n in range(5)]
    library.delete_papers(ids)
    told: list[tuple[int, int]] = []
    heard: list[Change] = []
    library.subscribe(heard.append)
    emptied = library.empty_trash(
        progress=lambda *p: told.append(p), cancelled=lambda: len(told) > 2
    )
    assert (emptied.papers, emptied.left) == (4, 1)
    assert told == [(0, 5), (2, 5), (4, 5)]
    assert library.paper_ids(trash=True) == ids[4:]  # the rest stays in the trash
    assert [c.paper_ids for c in heard] == [tuple(ids[:2]), tuple(ids[2:4])]  # one per chunk
    emptied = library.empty_trash()
    assert (emptied.papers, emptied.left) == (1, 0) and library.count(trash=True) == 0


def test_trash_and_restore(library: Library) -> None:
    keep, gone = library.add_paper(record()), library.add_paper(record("Soft Actor-Critic"))
    library.create_list("To read")
    library.add_to_list("To read", [gone.id, keep.id])
    library.add_note(gone.id, "important")
    assert library.delete_papers([gone.id]) == 1
    assert library.count() == 1 and library.count(trash=True) == 1
    assert [i.paper.id for i in library.list_items("To read")] == [keep.id]
    assert library.restore_papers([gone.id]) == 1
    assert [i.paper.id for i in library.list_items("To read")] == [gone.id, keep.id]
    assert library.paper(gone.id).notes[0].body == "important"
    library.delete_papers([gone.id])
    assert library.empty_trash().papers == 1
    assert library.count(trash=True) == 0
    with pytest.raises(NotFoundError):
        library.paper(gone.id)
    assert library.lists()[0][1] == 1


def test_reading_lists_keep_the_users_order(library: Library) -> None:
    ids = [library.add_paper(record(f"Paper {n}")).id for n in range(4)]
    created = library.create_list("Thesis", "for chapter 2")
    library.add_to_list("thesis", ids[:3])  # names match case-insensitively
    library.add_to_list(created.id, [ids[3]], position=0)
    assert [i.paper.id for i in library.list_items("Thesis")] == [ids[3], ids[0], ids[1], ids[2]]
    library.reorder_list("Thesis", [ids[2], ids[0]])
    assert [i.paper.id for i in library.list_items("Thesis")] == [ids[2], ids[0], ids[3], ids[1]]
    assert library.add_to_list("Thesis", [ids[0]]) == 0  # already there: no duplicate
    assert library.remove_from_list("Thesis", [ids[0]]) == 1
    assert library.count() == 4  # removing from a list never deletes the paper
    library.rename_list("Thesis", "Thesis reading")
    assert [rl.name for rl, _ in library.lists()] == ["Thesis reading"]
    library.create_list("Other")
    with pytest.raises(ConflictError, match="already exists"):
        library.rename_list("Other", "THESIS READING")
    with pytest.raises(InvalidInputError):
        library.create_list("   ")
    library.delete_list("Thesis reading")
    with pytest.raises(NotFoundError, match="no reading list"):
        library.list_items("Thesis reading")
    assert library.count() == 4


def test_tags(library: Library) -> None:
    a, b = library.add_paper(record()).id, library.add_paper(record("Other")).id
    library.create_tag("robotics", "#3A7BD5")
    assert library.tag_papers("Robotics", [a, b]) == 2
    assert library.tag_papers("robotics", [a]) == 0
    assert [(t.name, t.colour, n) for t, n in library.tags()] == [("robotics", "#3a7bd5", 2)]
    assert library.untag_papers("robotics", [a]) == 1
    assert [t.name for t in library.paper(b).tags] == ["robotics"]
    with pytest.raises(InvalidInputError, match="not a colour"):
        library.create_tag("bad", "blue-ish")
    library.edit_tag("robotics", new_name="robots", colour="#000000")
    library.delete_tag("robots")
    assert library.paper(b).tags == []


def test_notes_and_annotations(library: Library) -> None:
    paper = library.add_paper(record(abstract="We learn policies end to end from pixels."))
    note = library.add_note(paper.id, "# Key idea\n\nGuided policy search.")
    library.edit_note(note.id or 0, "# Key idea\n\nGPS, end to end.")
    annotation = library.annotate(paper.id, 9, 17, note="the core claim")
    assert annotation.quote == "policies"
    with pytest.raises(InvalidInputError, match="not a span"):
        library.annotate(paper.id, 10, 500)
    details = library.paper(paper.id)
    assert details.notes[0].body.endswith("GPS, end to end.")
    assert [(a.start, a.end, a.note) for a in details.annotations] == [(9, 17, "the core claim")]
    library.delete_annotation(annotation.id or 0)
    library.delete_note(note.id or 0)
    assert library.paper(paper.id).notes == [] and library.paper(paper.id).annotations == []


def test_every_write_is_announced_once(library: Library) -> None:
    seen: list[Change] = []
    library.subscribe(seen.append)
    paper = library.add_paper(record())
    library.set_status([paper.id], "read")
    library.delete_papers([paper.id])
    assert [c.kind for c in seen] == ["papers", "papers", "trash"]
    assert all(c.paper_ids == (paper.id,) for c in seen)
    assert library.paper(paper.id).paper.status == "read"


def test_bulk_add_is_all_or_nothing(library: Library) -> None:
    many = [record(f"Paper {n}") for n in range(1200)]

    def fail_after_first_batch(done: int, total: int) -> None:
        raise RuntimeError("the power went out")

    with pytest.raises(RuntimeError):
        library.add_records(many, progress=fail_after_first_batch)
    assert library.count() == 0
    progress: list[tuple[int, int]] = []
    library.add_records(many[:5], progress=lambda done, total: progress.append((done, total)))
    assert library.count() == 5 and progress[-1] == (5, 5)
    (odd,) = library.add_records([Record(title="Odd", year=99999)])
    assert library.paper(odd).paper.year is None
    assert library.paper(odd).paper.extra["year"] == "99999"
    with pytest.raises(InvalidInputError, match="not a year"):
        library.add_paper(Record(title="Typed by hand", year=99999))


def test_my_own_write_is_no_change_made_elsewhere_while_it_commits(db_url: str) -> None:
    # The window asks every two seconds; a large import's commit takes about one. Taken
    # for someone else's change, it made the library rebuild its whole search index.
    with Library.open(db_url) as mine:
        asked: list[bool] = []

        def committing(_connection: object) -> None:
            if not asked:  # (the question's own read commits too)
                asked.append(False)
                asked[0] = mine.changed_elsewhere()

        event.listen(mine.engine, "commit", committing)
        try:
            mine.add_paper(record())
        finally:
            event.remove(mine.engine, "commit", committing)
        assert asked == [False]
        assert not mine.changed_elsewhere()


def test_changes_made_elsewhere_are_noticed(db_url: str) -> None:
    with Library.open(db_url) as mine, Library.open(db_url) as theirs:
        assert not mine.changed_elsewhere()
        mine.add_paper(record())
        assert not mine.changed_elsewhere()  # my own writes do not count
        assert theirs.changed_elsewhere()
        theirs.refresh()
        assert not theirs.changed_elsewhere()
        assert theirs.search("visuomotor")
        theirs.create_list("Theirs")
        assert mine.changed_elsewhere()
        seen: list[Change] = []
        mine.subscribe(seen.append)
        mine.refresh()
        assert [c.kind for c in seen] == ["refresh"]
        assert not mine.changed_elsewhere()


def test_saved_searches(library: Library) -> None:
    seen: list[Change] = []
    library.subscribe(seen.append)
    saved = library.save_search("My RL papers", "reinforcement author:levine")
    library.save_search("Another", "tokamak")
    assert [(s.name, s.query) for s in library.saved_searches()] == [
        ("Another", "tokamak"),
        ("My RL papers", "reinforcement author:levine"),
    ]
    with pytest.raises(ConflictError, match="already exists"):
        library.save_search("my rl PAPERS", "x")
    with pytest.raises(InvalidInputError, match="nothing to save"):
        library.save_search("Empty", "   ")
    library.rename_saved_search(saved.id or 0, "Levine on RL")
    library.delete_saved_search(saved.id or 0)
    assert [s.name for s in library.saved_searches()] == ["Another"]
    assert {c.kind for c in seen} == {"searches"}


def test_attachments(library: Library) -> None:
    paper = library.add_paper(record())
    seen: list[Change] = []
    library.subscribe(seen.append)
    link = library.attach(paper.id, "  https://arxiv.org/abs/1504.00702 ", "preprint")
    library.attach(paper.id, "/home/me/papers/levine2016.pdf")
    assert [(a.target, a.label) for a in library.paper(paper.id).attachments] == [
        ("https://arxiv.org/abs/1504.00702", "preprint"),
        ("/home/me/papers/levine2016.pdf", ""),
    ]
    with pytest.raises(InvalidInputError, match="needs a file path or a web address"):
        library.attach(paper.id, "   ")
    library.detach(link.id or 0)
    assert [a.label for a in library.paper(paper.id).attachments] == [""]
    with pytest.raises(NotFoundError):
        library.detach(link.id or 0)
    assert [c.paper_ids for c in seen] == [(paper.id,)] * 3


def test_reading_lists_themselves_keep_the_users_order(library: Library) -> None:
    ids = [library.create_list(name).id or 0 for name in ("Zeta", "alpha", "Mid")]
    assert [rl.name for rl, _ in library.lists()] == ["Zeta", "alpha", "Mid"]  # as created
    library.reorder_lists([ids[2], ids[0]])
    assert [rl.name for rl, _ in library.lists()] == ["Mid", "Zeta", "alpha"]
    library.create_list("New")
    assert [rl.name for rl, _ in library.lists()][-1] == "New"
    with pytest.raises(NotFoundError):
        library.reorder_lists([999])


def test_status_and_priority_are_set_on_many_papers_or_none(library: Library) -> None:
    ids = library.add_records([record(f"Paper {n}") for n in range(1500)])
    versions = {i: library.paper(i).paper.version for i in ids[:3]}
    library.set_status(ids, "reading")
    library.set_priority(ids[:2], 4)
    assert library.count() == 1500
    assert {library.paper(i).paper.status for i in ids[::100]} == {"reading"}
    assert [library.paper(i).paper.priority for i in ids[:3]] == [4, 4, 0]
    # Every write moves the version on: kept export entries and editors see the change.
    assert library.paper(ids[0]).paper.version == versions[ids[0]] + 2
    assert library.paper(ids[2]).paper.version == versions[ids[2]] + 1
    with pytest.raises(NotFoundError):
        library.set_status([ids[0], 999_999], "read")
    with pytest.raises(InvalidInputError):
        library.set_status(ids[:1], "skimmed")
    assert library.paper(ids[0]).paper.status == "reading"  # neither refused write changed it
