"""An import hands the search index the papers it stored; the index must hold what it would
hold had it read them back from the database (catalog.documents)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from index_state import index_state

from desktop.core import undo
from desktop.core.formats.record import Person, Record
from desktop.core.importing import storing
from desktop.core.library import Library
from desktop.core.runtime import gc_pause
from desktop.core.search import catalog
from desktop.core.search import searcher as searcher_module
from desktop.core.search.document import Entry, SearchDocument
from desktop.core.search.index import Prepared, Preparing, SearchIndex
from desktop.core.storage import revisions

_IRIDIA = ["abbrev", "authors", "journals", "articles", "biblio", "crossref"]


def _comparable(held: tuple[object, ...]) -> tuple[object, ...]:
    """An index entry with the order of tags and lists set aside (the database gives them
    in no particular order) and each name's spacing (a person stored earlier keeps their
    own; the words are the same)."""
    entry = Entry._make(held)
    return entry._replace(
        authors=tuple(" ".join(name.split()) for name in entry.authors),
        tags=tuple(sorted(entry.tags)),
        lists=tuple(sorted(entry.lists)),
    )


def _from_database(library: Library) -> dict[int, tuple[object, ...]]:
    with library._read() as session:
        fresh = SearchIndex.build(catalog.documents(session))
    return {paper_id: _comparable(held) for paper_id, held in fresh._corpus.entries.items()}


def _papers_read_whole(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What `catalog.documents` is asked to read from now on (a spy on it)."""
    read_whole: list[object] = []
    read = catalog.documents

    def watched(*args: object, **kwargs: object) -> object:
        read_whole.append(args[1:] or kwargs)
        return read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(catalog, "documents", watched)
    return read_whole


def _assert_index_as_built_afresh(library: Library) -> None:
    """The library's index holds what one built afresh from the database holds: entries
    (as `_comparable`), every word's papers, years, title lengths, vocabulary counts."""
    held = library._searcher._ready()
    with library._read() as session:
        fresh = SearchIndex.build(catalog.documents(session))
    assert {i: _comparable(e) for i, e in held._entries.items()} == {
        i: _comparable(e) for i, e in fresh._entries.items()
    }
    assert index_state(held)[1:] == index_state(fresh)[1:]


def test_imported_papers_reach_the_index_as_the_database_holds_them(
    library: Library, corpus_dir: Path, seed_listing: Path
) -> None:
    # Already there: a person and a tag spelt otherwise than the files spell them.
    library.add_paper(
        Record(title="Earlier", authors=[Person(given="marco", family="DORIGO")], keywords=["ACO"])
    )
    library.create_tag("Swarm  Intelligence")
    library.build_search_index()
    library.import_files(
        [corpus_dir / "iridia-references" / f"{name}.bib" for name in _IRIDIA],
        list_name="IRIDIA",
        tag="swarm intelligence",
    )
    library.import_file(corpus_dir / "biber" / "test.bib", tag="aco")
    library.import_file(corpus_dir / "rispy" / "tests-data" / "example_full_write.ris")
    library.import_file(seed_listing, list_name="Seeds")
    held = {
        paper_id: _comparable(entry)
        for paper_id, entry in library._searcher._ready()._corpus.entries.items()
    }
    expected = _from_database(library)
    assert len(expected) > 3000
    assert held.keys() == expected.keys()
    differing = [paper_id for paper_id in expected if held[paper_id] != expected[paper_id]]
    assert not differing, (held[differing[0]], expected[differing[0]])


def test_the_index_is_prepared_beside_the_full_text_and_left_alone_on_failure(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The imported papers are folded for the index in another thread while the full text
    is filled; an import that fails after that leaves the index as it was."""
    library.build_search_index()
    source = tmp_path / "two.bib"
    source.write_text("@misc{a, title={Tokamak control}}\n@misc{b, title={Stellarator shapes}}")
    prepared_in: list[threading.Thread] = []
    prepare = Preparing.prepare

    def watched(papers: Preparing, at_most: int | None = None) -> list[Prepared]:
        prepared_in.append(threading.current_thread())
        return prepare(papers, at_most)

    monkeypatch.setattr(Preparing, "prepare", watched)
    library.import_file(source)
    assert prepared_in and prepared_in[0] is not threading.current_thread()
    assert [library.paper(h.paper_id).paper.title for h in library.search("tokamak")] == [
        "Tokamak control"
    ]

    @contextmanager
    def failing(session: object) -> Iterator[None]:
        yield
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(storing.fulltext_bulk, "indexed_after", failing)
    again = tmp_path / "more.bib"
    again.write_text("@misc{c, title={Plasma heating}}")
    with pytest.raises(RuntimeError):
        library.import_file(again)
    assert len(prepared_in) == 2  # prepared, then dropped
    assert library.search("plasma") == []
    assert library.count() == 2


def test_an_import_is_reported_and_found_even_when_preparing_it_for_the_index_fails(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The papers are committed before the index takes them: a failure there must not
    hide them (the index is built again from the database)."""
    library.build_search_index()
    told: list[str] = []
    library.subscribe(lambda change: told.append(change.kind))

    def failing(papers: Preparing, at_most: int | None = None) -> list[Prepared]:
        raise MemoryError("folding 100k papers")

    monkeypatch.setattr(Preparing, "prepare", failing)
    source = tmp_path / "one.bib"
    source.write_text("@misc{a, title={Tokamak control}}")
    report = library.import_file(source)
    assert report.imported == 1 and library.count() == 1
    assert "papers" in told
    assert [h.paper_id for h in library.search("tokamak")] == report.paper_ids


def test_answers_remembered_while_a_change_is_read_are_forgotten(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search may run while the index reads changed papers (the lock is let go then):
    what it remembered belongs to the old index."""
    ids = library.add_records(
        [Record(title=f"Paper {n}", abstract="tokamak plasma") for n in range(3)]
    )
    library.build_search_index()
    read = catalog.documents

    def read_while_searching(*args: object, **kwargs: object) -> object:
        library.search("abstract:tokamak")  # remembers the answer, as the index is now
        return read(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(catalog, "documents", read_while_searching)
    library.delete_papers([ids[0]])
    assert sorted(h.paper_id for h in library.search("abstract:tokamak")) == ids[1:]
    library.restore_papers([ids[0]])
    assert sorted(h.paper_id for h in library.search("abstract:tokamak")) == ids


def test_a_search_meets_imported_papers_only_once_they_are_committed(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index takes the papers in while the import's transaction is still open (beside
    the full text); a search in that time waits for the commit instead of finding papers
    that are not stored."""
    library.build_search_index()
    taken_in = threading.Event()
    upsert = SearchIndex.upsert_prepared

    def watched(index: SearchIndex, prepared: list[Prepared]) -> None:
        upsert(index, prepared)
        taken_in.set()

    monkeypatch.setattr(SearchIndex, "upsert_prepared", watched)
    found: list[list[int]] = []
    searching = threading.Thread(
        target=lambda: found.append([h.paper_id for h in library.search("tokamak")])
    )
    blocked: list[bool] = []
    bump = revisions.bump

    def search_before_the_commit(session: object) -> int:
        assert taken_in.wait(10)  # the index holds the papers now, uncommitted
        searching.start()
        searching.join(0.3)
        blocked.append(searching.is_alive())
        return bump(session)  # type: ignore[arg-type]

    monkeypatch.setattr(revisions, "bump", search_before_the_commit)
    source = tmp_path / "two.bib"
    source.write_text("@misc{a, title={Tokamak control}}\n@misc{b, title={Stellarator}}")
    report = library.import_file(source)
    searching.join(10)
    assert blocked == [True]
    assert found == [report.paper_ids[:1]]


def test_a_build_reading_while_an_import_commits_reads_again(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build whose reading began before an import committed would otherwise replace
    the index that took the import in with one that lacks it."""
    library.build_search_index()
    source = tmp_path / "one.bib"
    source.write_text("@misc{a, title={Tokamak control}}")
    read = catalog.documents
    reads: list[int] = []

    def read_then_import(*args: object, **kwargs: object) -> list[SearchDocument]:
        docs = list(read(*args, **kwargs))  # type: ignore[arg-type]
        reads.append(len(docs))
        if len(reads) == 1:
            library.import_file(source)  # commits after this read
        return docs

    monkeypatch.setattr(catalog, "documents", read_then_import)
    library.build_search_index()  # a rebuild, as `Library.catch_up` does
    assert reads == [0, 1]
    assert len(library.search("tokamak")) == 1


def test_an_edit_read_while_a_failing_import_held_the_index_is_not_an_error(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit reads its papers without the lock; a failed import may drop the index
    meanwhile (its papers were taken in before the commit failed)."""
    existing = library.import_text("@misc{x, title={Existing paper}}").paper_ids
    library.build_search_index()
    reading, go_on, taken = threading.Event(), threading.Event(), threading.Event()
    read = catalog.documents

    def slow_read(*args: object, **kwargs: object) -> list[SearchDocument]:
        docs = list(read(*args, **kwargs))  # type: ignore[arg-type]
        if threading.current_thread().name == "editor":
            reading.set()
            go_on.wait(10)
        return docs

    errors: list[BaseException] = []

    def edit() -> None:
        try:
            library._searcher.papers_changed(tuple(existing))
        except BaseException as error:
            errors.append(error)

    editor = threading.Thread(target=edit, name="editor")
    prepare, upsert = Preparing.prepare, SearchIndex.upsert_prepared

    def prepare_while_editing(papers: Preparing, at_most: int | None = None) -> list[Prepared]:
        editor.start()
        assert reading.wait(10)  # the edit found an index and is reading its papers
        return prepare(papers, at_most)

    def upsert_then_tell(index: SearchIndex, prepared: list[Prepared]) -> None:
        upsert(index, prepared)
        taken.set()

    def failing_bump(session: object) -> int:
        assert taken.wait(10)  # the import's papers are in the index, under its lock
        go_on.set()
        editor.join(0.2)  # the edit now waits for that lock
        raise RuntimeError("the disk is full")

    monkeypatch.setattr(catalog, "documents", slow_read)
    monkeypatch.setattr(Preparing, "prepare", prepare_while_editing)
    monkeypatch.setattr(SearchIndex, "upsert_prepared", upsert_then_tell)
    monkeypatch.setattr(revisions, "bump", failing_bump)
    with pytest.raises(RuntimeError):
        library.import_text("@misc{a, title={Tokamak control}}")
    editor.join(10)
    assert not errors
    monkeypatch.undo()
    assert library.search("tokamak") == []
    assert [h.paper_id for h in library.search("existing")] == existing


def test_a_build_ends_while_changes_keep_coming(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two reads overlapped by changes, then one holding the lock: the changes wait for
    it and reach the new index."""
    ids = library.add_records([Record(title="Existing paper")])
    library.build_search_index()
    read = catalog.documents
    reads: list[int] = []
    edits: list[threading.Thread] = []

    def edit(title: str) -> None:
        library.update_paper(ids[0], expected_version=None, title=title)

    def read_then_edit(*args: object, **kwargs: object) -> list[SearchDocument]:
        docs = list(read(*args, **kwargs))  # type: ignore[arg-type]
        if not args[1:] and not kwargs.get("paper_ids"):  # the build's read of everything
            reads.append(len(docs))
            if len(reads) <= 3:  # an edit from another thread after every read
                edits.append(threading.Thread(target=edit, args=(f"Edited {len(reads)}",)))
                edits[-1].start()
                edits[-1].join(0.5)  # done, unless it waits for the build's lock
        return docs

    monkeypatch.setattr(catalog, "documents", read_then_edit)
    library.build_search_index()
    assert len(reads) == 3
    for thread in edits:
        thread.join(10)
    monkeypatch.undo()
    assert [h.paper_id for h in library.search("edited 3")] == ids


def test_a_build_is_not_read_again_for_changes_to_no_paper(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    library.add_records([Record(title="Existing paper")])
    read = catalog.documents
    reads: list[int] = []

    def read_then_rename_a_list(*args: object, **kwargs: object) -> list[SearchDocument]:
        reads.append(1)
        library._searcher.papers_changed(())  # what a settings or saved-search change says
        return list(read(*args, **kwargs))  # type: ignore[arg-type]

    monkeypatch.setattr(catalog, "documents", read_then_rename_a_list)
    library.build_search_index()
    assert reads == [1]


def test_bulk_label_changes_reach_the_index_without_reading_papers_whole(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Tags, lists, a status: a bulk action reads back those labels alone (reading 100k
    papers whole took 4 s), and the index ends as one built afresh from the database."""
    ids = library.add_records(
        [
            Record(
                title=f"Ant colony paper {n}",
                authors=[Person(given="Marco", family="Dorigo")],
                keywords=["ACO", "Fourmis à l'œuvre"] if n % 2 else ["Swarms"],
            )
            for n in range(40)
        ]
    )
    library.tag_papers("Swarm", ids[:30])
    library.delete_papers(ids[-2:])
    library.build_search_index()
    read_whole = _papers_read_whole(monkeypatch)
    library.tag_papers("Ameisen Älter", ids[::2])
    library.untag_papers("Swarm", ids[:10])
    library.tag_papers("Trashed", ids[-3:])  # two of them are in the trash
    reading = library.create_list("Reading  group")
    library.add_to_list(reading.id or 0, ids[5:25])
    library.remove_from_list(reading.id or 0, ids[5:8])
    library.rename_list(reading.id or 0, "Lecture")
    library.set_status(ids[::3], "read")
    library.apply(undo.SetValues.same("status", "reading", ids[:4]))
    library.edit_tag("Swarm", new_name="Schwarm")
    library.keywords_to_tags(ids[:6])
    library.delete_tag("Trashed")
    library.set_priority(ids, 5)  # not indexed: nothing read
    library.add_note(ids[0], "Pheromone trails")
    assert read_whole == []
    assert sorted(h.paper_id for h in library.search("tag:ameisen status:reading")) == ids[:3:2]
    assert sorted(h.paper_id for h in library.search("list:lecture", limit=50)) == ids[8:25]
    monkeypatch.undo()
    _assert_index_as_built_afresh(library)
    # Anything else is read whole, as before.
    library.apply(undo.SetValues.same("title", "Bee colony", ids[1:2]))
    assert [h.paper_id for h in library.search("bee colony")] == [ids[1]]


@pytest.mark.parametrize(("frozen_from", "frozen"), [(3, 1), (4, 0)])
def test_a_large_import_keeps_what_it_gave_the_index_out_of_collections(
    library: Library,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    frozen_from: int,
    frozen: int,
) -> None:
    """The first collection after an import of 100k papers walked their index entries
    (150 ms, inside the import's time): a large import freezes them, as a build does; a
    small one leaves the collector alone."""
    library.build_search_index()
    freezes: list[None] = []
    monkeypatch.setattr(searcher_module, "_FROZEN_FROM", frozen_from)
    monkeypatch.setattr(gc_pause, "freeze_long_lived", lambda: freezes.append(None))
    source = tmp_path / "three.bib"
    source.write_text(
        "@misc{a, title={Tokamak}}\n@misc{b, title={Stellarator}}\n@misc{c, title={Z}}"
    )
    library.import_file(source)
    assert len(freezes) == frozen
    assert [library.paper(h.paper_id).paper.title for h in library.search("tokamak")] == ["Tokamak"]


def test_papers_an_import_already_held_gain_its_list_and_tag_in_the_index(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Imported again, papers the library holds only gain the import's list and tag: those
    are read back, not the papers whole."""
    source = tmp_path / "two.bib"
    source.write_text(
        "@misc{a, title={Tokamak control}, year={2001}}\n@misc{b, title={Stellarator}}"
    )
    first = library.import_file(source)
    library.build_search_index()
    read_whole = _papers_read_whole(monkeypatch)
    again = library.import_file(source, list_name="Fusion", tag="plasma")
    assert sorted(again.already_held) == sorted(first.paper_ids) and read_whole == []
    assert sorted(h.paper_id for h in library.search("list:fusion tag:plasma")) == sorted(
        first.paper_ids
    )
    monkeypatch.undo()
    _assert_index_as_built_afresh(library)
