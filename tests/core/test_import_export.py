"""Importing files into a library and exporting them back, on both backends."""

from __future__ import annotations

import gc
import json
import threading
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from desktop.core.api import ExportOptions
from desktop.core.errors import InvalidInputError
from desktop.core.formats import registry
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Record
from desktop.core.importing import storing
from desktop.core.importing.reading import Reading
from desktop.core.importing.storing import ImportCancelled
from desktop.core.library import Library
from desktop.core.storage import fulltext_bulk

BIB = r"""
@string{jmlr = "Journal of Machine Learning Research"}
@preamble{"\newcommand{\noop}[1]{}"}

@article{levine2016end,
  title = {End-to-End Training of Deep Visuomotor Policies},
  author = {Levine, Sergey and Finn, Chelsea and Darrell, Trevor and Abbeel, Pieter},
  journal = jmlr,
  year = 2016,
  volume = 17,
  keywords = {robotics, deep learning},
  isbn = {0000-1111}
}

@inproceedings{broken,
  title = {Missing its closing brace,
  year = 2020

@article{mueller2020,
  title = {{\"U}ber {M}{\"u}ller's equation},
  author = {M{\"u}ller, J{\"o}rg},
  year = {2020},
  doi = {10.1000/xyz123}
}
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_bib_file_imports_with_problems_kept(library: Library, tmp_path: Path) -> None:
    report = library.import_file(_write(tmp_path, "refs.bib", BIB), list_name="Thesis")
    assert report.format == "bibtex"
    assert report.imported >= 2
    assert report.problems and report.problems[0].line is not None
    assert report.papers == library.count()
    stored = library.import_problems()
    assert stored and "Missing its closing brace" in stored[0].raw

    levine = library.paper_by_citekey("levine2016end")
    assert levine.paper.journal == "Journal of Machine Learning Research"
    assert [p.family for p in levine.authors] == ["Levine", "Finn", "Darrell", "Abbeel"]
    # Keywords are the paper's keywords, not tags (a real library's import made 792 tags).
    assert levine.paper.keywords == ["robotics", "deep learning"] and levine.tags == []
    assert [rl.name for rl in levine.lists] == ["Thesis"]
    assert levine.paper.extra.get("isbn") == "0000-1111"
    mueller = library.paper_by_citekey("mueller2020")
    assert mueller.paper.title == "Über Müller's equation"
    assert mueller.authors[0].family == "Müller"


def _edited_copy(tmp_path: Path) -> Path:
    """BIB with a field more in two entries: not the papers a library holding BIB holds
    (the same file imported again is recognised, see tests/core/importing/test_known.py)."""
    edited = BIB.replace("year = 2016", "year = 2016, note = {copy}")
    return _write(
        tmp_path, "copy.bib", edited.replace("year = {2020}", "year = {2020}, note = {b}")
    )


def test_import_json_report_and_duplicates(library: Library, tmp_path: Path) -> None:
    path = _write(tmp_path, "refs.bib", BIB)
    library.import_file(path)
    again = library.import_file(_edited_copy(tmp_path))
    summary = again.to_json()
    assert set(summary) >= {"imported", "duplicates", "problems", "papers"}
    assert summary["duplicates"] >= 2
    evidence = {e for d in again.duplicates for e in d.evidence}
    assert any("same DOI 10.1000/xyz123" in e for e in evidence)
    assert any("same citation key levine2016end" in e for e in evidence)
    # Colliding keys got a suffix; none was dropped or overwritten.
    assert library.paper_by_citekey("levine2016enda").paper.title.startswith("End-to-End")


def test_merge_and_not_duplicate(library: Library, tmp_path: Path) -> None:
    path = _write(tmp_path, "refs.bib", BIB)
    library.import_file(path)
    report = library.import_file(_edited_copy(tmp_path))
    dup = next(d for d in report.duplicates if "levine" in library.paper(d.other_id).paper.citekey)
    library.add_note(dup.paper_id, "note on the copy")
    library.tag_papers("copy-only", [dup.paper_id])
    library.add_to_list(library.create_list("Copies").id or 0, [dup.paper_id])
    before = library.paper(dup.other_id)
    done = library.merge_papers(dup.other_id, dup.paper_id)
    merged = library.paper(dup.other_id)
    assert [n.body for n in merged.notes] == ["note on the copy"]
    assert [t.name for t in merged.tags] == ["copy-only"]
    assert merged.paper.keywords == ["robotics", "deep learning"]
    assert [rl.name for rl in merged.lists] == ["Copies"]
    assert library.paper(dup.paper_id).paper.deleted_at is not None
    library.unmerge(done)  # undo: both papers as they were
    copy, kept = library.paper(dup.paper_id), library.paper(dup.other_id)
    assert copy.paper.deleted_at is None
    assert [n.body for n in copy.notes] == ["note on the copy"] and kept.notes == []
    assert "copy-only" in [t.name for t in copy.tags]
    assert "copy-only" not in [t.name for t in kept.tags]
    assert [rl.name for rl in copy.lists] == ["Copies"] and kept.lists == []
    assert kept.paper.title == before.paper.title and kept.paper.extra == before.paper.extra
    other = next(d for d in report.duplicates if d.paper_id != dup.paper_id)
    library.mark_not_duplicate(other.paper_id, other.other_id)
    assert all(d.other_id != other.other_id for d in library.likely_duplicates(other.paper_id))


def test_cancelled_import_leaves_the_library_as_it_was(library: Library, tmp_path: Path) -> None:
    entries = "\n".join(f"@misc{{k{n}, title={{Paper {n}}}}}" for n in range(1200))
    entries += "\n@misc{broken, title = {never closed\n"
    path = _write(tmp_path, "many.bib", entries)
    progress: list[int] = []
    with pytest.raises(ImportCancelled):
        # The user presses Cancel once the first papers are in.
        library.import_file(
            path, progress=lambda done, total: progress.append(done), cancel=lambda: bool(progress)
        )
    assert progress and progress[0] < 1200  # it stopped part-way
    assert library.count() == 0 and library.import_problems() == []


def test_unreadable_files_get_a_sentence(library: Library, tmp_path: Path) -> None:
    with pytest.raises(InvalidInputError, match="There is no file"):
        library.import_file(tmp_path / "missing.bib")
    with pytest.raises(InvalidInputError, match="folder"):
        library.import_file(tmp_path)


def test_seed_listing_imports_twenty_untitled_papers(library: Library, seed_listing: Path) -> None:
    report = library.import_file(seed_listing)
    assert report.format == "listing"
    assert report.imported == 20
    topics = [library.paper(i).paper.topic for i in report.paper_ids]
    assert sum(1 for t in topics if t) == 18
    assert all(library.paper(i).paper.title == "" for i in report.paper_ids)
    assert len({library.paper(i).paper.citekey for i in report.paper_ids}) == 20


def test_export_round_trip_through_bibtex(library: Library, tmp_path: Path) -> None:
    library.import_file(_write(tmp_path, "refs.bib", BIB))
    ids = library.view_ids()
    text = library.export(ids, "bibtex", options=ExportOptions(preambles=True))
    assert text == library.export(ids, "bibtex", options=ExportOptions(preambles=True))
    assert "\\newcommand{\\noop}" in text  # the preamble is given back, when asked
    assert "\\newcommand{\\noop}" not in library.export(ids, "bibtex")
    again = reader.parse(text, "export.bib")
    assert not again.problems
    by_key = {r.citekey: r for r in again.records}
    assert by_key["mueller2020"].title == "Über Müller's equation"
    assert by_key["levine2016end"].extra.get("isbn") == "0000-1111"
    csl = json.loads(library.export(ids, "csl-json"))
    assert {item["id"] for item in csl} == set(by_key)
    markdown = library.export(ids, "markdown")
    assert "Levine" in markdown


def test_search_sees_imports_edits_and_deletes_at_once(library: Library, tmp_path: Path) -> None:
    library.import_file(_write(tmp_path, "refs.bib", BIB))
    paper_id = library.paper_by_citekey("levine2016end").id
    assert library.search("visuomotor")[0].paper_id == paper_id
    assert library.search("levin visuomotr")[0].paper_id == paper_id
    assert library.search("Muller")[0].paper_id == library.paper_by_citekey("mueller2020").id
    library.update_paper(paper_id, expected_version=None, title="Guided Policy Search")
    assert [h.paper_id for h in library.search("guided policy")] == [paper_id]
    assert library.search("visuomotor") == []
    library.add_to_list(library.create_list("Reading group").id or 0, [paper_id])
    assert [h.paper_id for h in library.search("list:reading")] == [paper_id]
    library.delete_papers([paper_id])
    assert library.search("guided policy") == []
    library.restore_papers([paper_id])
    assert [h.paper_id for h in library.search("guided policy")] == [paper_id]
    assert library.search("") == []


def test_bib_files_imported_together_share_abbreviations(
    library: Library, corpus_dir: Path
) -> None:
    folder = corpus_dir / "iridia-references"
    names = ["abbrev.bib", "authors.bib", "journals.bib", "crossref.bib", "articles.bib"]
    articles = folder / "articles.bib"
    _, alone = registry.read_many([("articles.bib", articles.read_bytes(), articles)])
    # Read on its own, the file leans on the others' @string macros.
    assert [p for p in alone.problems if "abbreviation" in p.message.casefold()]
    together = library.import_files([folder / name for name in names])
    assert not [p for p in together.problems if "abbreviation" in p.message.casefold()]
    assert together.imported > 1000
    assert together.format == "bibtex"
    # Nothing an author wrote was lost: every article came in with its people.
    sample = library.paper(together.paper_ids[-1])
    assert sample.authors and sample.paper.citekey


def test_an_edited_field_is_exported_as_edited(library: Library, tmp_path: Path) -> None:
    library.import_file(_write(tmp_path, "refs.bib", BIB))
    paper = library.paper_by_citekey("mueller2020")
    assert "title" in paper.paper.latex  # imported as LaTeX, given back as such...
    library.update_paper(paper.id, expected_version=None, title="A new title")
    library.tag_papers("renamed keyword", [paper.id])
    again = reader.parse(library.export([paper.id], "bibtex"), "export.bib").records[0]
    assert again.title == "A new title"  # ...until the user edits it
    assert again.authors[0].family == "Müller"  # untouched fields keep their LaTeX
    assert again.keywords == ["renamed keyword"]


def test_annotations_follow_their_words_when_the_abstract_changes(library: Library) -> None:
    from desktop.core.formats.record import Record

    paper = library.add_paper(Record(title="T", abstract="We learn policies from pixels."))
    annotation = library.annotate(paper.id, 9, 17)
    assert annotation.quote == "policies"
    library.update_paper(
        paper.id, expected_version=None, abstract="In this work, we learn policies from pixels."
    )
    moved = library.paper(paper.id).annotations[0]
    abstract = library.paper(paper.id).paper.abstract
    assert abstract[moved.start : moved.end] == "policies"
    library.update_paper(paper.id, expected_version=None, abstract="Short.")
    gone = library.paper(paper.id).annotations[0]
    assert gone.quote == "policies" and 0 <= gone.start <= gone.end <= len("Short.")


LONG_PAGES, LONG_NUMBER, LONG_KEYWORD = "1" * 300, "2" * 300, "k" * 300
ODD = (
    "@article{urldoi, title = {A}, doi = {https://doi.org/10.1000/ABC}, year = 2001}\n"
    "@article{baddoi, title = {B}, doi = {not-a-doi}, year = 2002}\n"
    f"@article{{longpages, title = {{C}}, pages = {{{LONG_PAGES}}}, number = {{{LONG_NUMBER}}},"
    f" keywords = {{{LONG_KEYWORD}, fine}}}}\n"
    "@article{nul, title = {Has a NUL\x00 inside}, author = {Nu\x00ll, Ann},"
    " note = {x\x00y}}\n"
)


def test_odd_values_never_abort_an_import(library: Library, tmp_path: Path) -> None:
    report = library.import_file(_write(tmp_path, "odd.bib", ODD))
    assert report.imported == 4
    assert library.paper_by_citekey("urldoi").paper.doi == "10.1000/ABC"
    bad = library.paper_by_citekey("baddoi").paper
    assert bad.doi == "" and bad.extra["doi"] == "not-a-doi"
    long = library.paper_by_citekey("longpages")
    assert long.paper.pages == "1" * 300 and long.paper.number == "2" * 300
    # A keyword too long for a tag name is still kept whole, as a keyword.
    assert long.paper.keywords == ["k" * 300, "fine"] and "keywords" not in long.paper.extra
    nul = library.paper_by_citekey("nul")
    assert nul.paper.title == "Has a NUL inside" and nul.paper.extra["note"] == "xy"
    assert [(a.family, a.as_written) for a in nul.authors] == [("Null", "Null, Ann")]
    messages = " ".join(p.message for p in report.problems)
    assert "not-a-doi" in messages


def test_an_import_problem_is_fixed_and_retried(library: Library, tmp_path: Path) -> None:
    library.import_file(_write(tmp_path, "refs.bib", BIB))
    (problem,) = [p for p in library.import_problems() if "Missing its closing" in p.raw]
    still_broken = library.retry_import_problem(problem.id or 0, "@article{broken, title = {x")
    assert still_broken.imported == 0 and still_broken.problems
    (again,) = [p for p in library.import_problems() if p.id == problem.id]
    assert again.raw == "@article{broken, title = {x"  # the user's correction is kept
    assert len(library.import_problems()) == 1  # replaced, not added to
    fixed = library.retry_import_problem(
        problem.id or 0, "@inproceedings{broken, title = {Now closed}, year = 2020}"
    )
    assert fixed.imported == 1 and not fixed.problems
    assert library.paper_by_citekey("broken").paper.title == "Now closed"
    assert library.import_problems() == []


def test_a_listing_heading_is_not_exported_as_a_preamble(
    library: Library, seed_listing: Path
) -> None:
    report = library.import_file(seed_listing)
    assert "@preamble" not in library.export(report.paper_ids[:3], "bibtex").casefold()


def test_full_text_holds_imported_and_later_papers(library: Library, tmp_path: Path) -> None:
    """An import fills the full-text index in one go (on SQLite its per-row trigger is set
    aside meanwhile); papers added afterwards, one by one, are indexed as before, also
    after an import that was cancelled."""
    entries = "\n".join(
        f"@misc{{k{n}, title={{Paper {n}}}, abstract={{about tokamak{n} plasma}}}}"
        for n in range(600)
    )
    library.import_file(_write(tmp_path, "many.bib", entries))

    def titles(query: str) -> list[str]:
        return [library.paper(h.paper_id).paper.title for h in library.search(query)]

    assert titles("abstract:tokamak599") == ["Paper 599"]
    assert len(library.search("abstract:plasma", limit=1000)) == 600
    with pytest.raises(ImportCancelled):
        library.import_file(_write(tmp_path, "again.bib", entries), cancel=lambda: True)
    library.add_paper(Record(title="Later", abstract="stellarator confinement"))
    assert titles("abstract:stellarator") == ["Later"]
    assert len(library.search("abstract:plasma", limit=1000)) == 600


def test_an_import_merges_full_text_segments_again_once_it_is_indexed(tmp_path: Path) -> None:
    """The import's one statement writes its segments without merging them; afterwards the
    table merges as it did before: FTS5's default, or the setting it was given."""

    def automerge(library: Library) -> int:
        with library.engine.connect() as connection:
            return int(
                connection.exec_driver_sql(
                    "SELECT v FROM fts_paper_config WHERE k = 'automerge'"
                ).scalar_one()
            )

    seen: list[int] = []
    index = fulltext_bulk._configure

    def noted(connection: Any, name: str, value: int) -> None:
        if name == "automerge":
            seen.append(value)
        index(connection, name, value)

    with Library.open(f"sqlite:///{tmp_path / 'fts.sqlite'}") as library:
        with pytest.MonkeyPatch.context() as patched:
            patched.setattr(fulltext_bulk, "_configure", noted)
            library.import_text("@misc{a, abstract={about plasma}}")
        assert seen == [0, 4] and automerge(library) == 4
        with library.engine.begin() as connection:
            connection.exec_driver_sql(
                "INSERT INTO fts_paper (fts_paper, rank) VALUES ('automerge', 8)"
            )
        library.import_text("@misc{b, abstract={about stellarators}}")
        assert automerge(library) == 8
        assert [hit.paper_id for hit in library.search("abstract:stellarators")] == [2]


def test_an_import_indexes_full_text_in_large_segments(tmp_path: Path) -> None:
    """FTS5 gathers this much in memory before writing a segment (its default, 1 MB, makes
    a bulk import spend a third of its full-text time merging small ones)."""
    with Library.open(f"sqlite:///{tmp_path / 'fts.sqlite'}") as library:
        library.import_text("@misc{a, abstract={about plasma}}")
        with library.engine.connect() as connection:
            size = connection.exec_driver_sql(
                "SELECT v FROM fts_paper_config WHERE k = 'hashsize'"
            ).scalar()
        assert size == fulltext_bulk.BULK_HASH_BYTES
        assert [hit.paper_id for hit in library.search("abstract:plasma")] == [1]


def test_people_met_again_in_later_batches_are_the_same_rows(
    library: Library, tmp_path: Path
) -> None:
    """An import stores papers 500 at a time and remembers the people it has met: a person
    named in many batches is one row, and every paper keeps its own people in order."""
    regulars = ["Levine, Sergey", "Finn, Chelsea", "Abbeel, Pieter", 'M{\\"u}ller, Anna']
    expected = {}
    entries = []
    for n in range(1300):
        names = [regulars[n % 4], f"Newcomer{n // 500}, Ada", regulars[(n + 1) % 4]]
        entries.append(f"@misc{{k{n}, title={{Paper {n}}}, author={{{' and '.join(names)}}}}}")
        expected[f"Paper {n}"] = [name.split(",")[0].replace('{\\"u}', "ü") for name in names]
    report = library.import_file(_write(tmp_path, "people.bib", "\n".join(entries)))
    assert report.imported == 1300
    for paper_id in report.paper_ids:
        details = library.paper(paper_id)
        assert [p.family for p in details.authors] == expected[details.paper.title]
    with library.engine.connect() as connection:
        (people,) = connection.exec_driver_sql("SELECT count(*) FROM person").one()
    assert people == 4 + 3  # the regulars, and one newcomer per batch


def test_duplicates_are_looked_for_beside_the_full_text_and_a_failure_there_stores_nothing(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The search for likely duplicates runs in another thread while the full text is
    filled, but still inside the import's transaction."""
    first = library.import_text("@article{a, title={Attention Is All You Need}, doi={10.1/x}}")
    looked_in: list[threading.Thread] = []
    note = storing._note_duplicates

    def watched(*args: Any) -> None:
        looked_in.append(threading.current_thread())
        note(*args)

    monkeypatch.setattr(storing, "_note_duplicates", watched)
    report = library.import_text("@misc{b, title={Attention is all you need}, doi={10.1/X}}")
    assert looked_in and looked_in[0] is not threading.current_thread()
    assert [(d.paper_id, d.other_id) for d in report.duplicates] == [
        (report.paper_ids[0], first.paper_ids[0])
    ]

    def failing(*args: Any) -> None:
        raise RuntimeError("a bug in the duplicate search")

    monkeypatch.setattr(storing, "_note_duplicates", failing)
    with pytest.raises(RuntimeError):
        library.import_text("@misc{c, title={Something else}}")
    assert library.count() == 2


@pytest.mark.parametrize("waiting", [False, True], ids=["batches ready", "waiting for each"])
def test_duplicates_found_while_waiting_for_batches_are_those_found_after(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, waiting: bool
) -> None:
    """While the next batch is being read, the import compares the papers it has stored
    with the library; what it finds, in what order, does not depend on when it looks."""
    old = library.import_text(
        "@article{old, title={Deep residual learning}, author={He, Kaiming}, year=2016}"
    ).paper_ids[0]
    entries = [
        f"@misc{{k{n}, title={{Paper number {n}}}, author={{Family{n}, Jane}}, year=2020}}"
        for n in range(1200)
    ]
    entries[700] = "@misc{late, title={Deep Residual Learning}, author={He, K.}, year={2016}}"
    entries[300] = "@misc{first, title={One}, doi={10.1000/same}}"
    entries[900] = "@misc{second, title={Two}, doi={10.1000/SAME}}"
    monkeypatch.setattr(Reading, "ready", lambda self: not waiting)
    looked_in: set[threading.Thread] = set()
    note = storing._note_duplicates

    def watched(*args: Any) -> None:
        looked_in.add(threading.current_thread())
        note(*args)

    monkeypatch.setattr(storing, "_note_duplicates", watched)
    report = library.import_file(_write(tmp_path, "many.bib", "\n".join(entries)))
    ids = report.paper_ids
    assert [(d.paper_id, d.other_id) for d in report.duplicates] == [
        (ids[700], old),
        (ids[900], ids[300]),
    ]
    assert "same first author" in report.duplicates[0].evidence[0]
    assert report.duplicates[1].evidence == ["same DOI 10.1000/SAME"]
    # Waiting, every paper was compared in the import's own thread, batch after batch;
    # with the batches ready, the comparing was left for another thread at the end.
    assert (looked_in == {threading.current_thread()}) is waiting


def test_imports_and_exports_let_go_of_their_records_before_the_collector_resumes(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The collector's first passes after a pause walk every object the pause left alive
    (a second, for 100k records): the bulk must be freed while it is still paused."""
    source = _write(
        tmp_path,
        "many.bib",
        "".join(
            f"@article{{k{i}, title = {{Paper {i}}}, author = {{Doe, Jane and Roe, R.}}, "
            f"year = 2000}}\n"
            for i in range(300)
        ),
    )
    alive: list[dict[str, int]] = []
    enable = gc.enable

    def look_then_enable() -> None:
        young = gc.get_objects(generation=0)
        alive.append(dict(Counter(type(thing).__name__ for thing in young)))
        enable()

    monkeypatch.setattr(gc, "enable", look_then_enable)
    library.build_search_index()
    gc.collect()
    ids = library.import_file(source).paper_ids
    assert len(ids) == 300
    library.export(ids, "bibtex")
    library.export(ids, "markdown")
    assert len(alive) >= 3
    for young in alive:
        assert not {"Record", "Person", "SearchDocument"} & set(young), young


def test_an_import_into_a_closed_library_is_stored_and_found(library: Library) -> None:
    """The window closes the library when it can wait no longer for an import: what the
    import stores afterwards is still indexed and reported (no background checkpoint)."""
    library.build_search_index()
    library.close()
    report = library.import_text("@misc{a, title={Tokamak control}}")
    assert report.imported == 1
    assert [h.paper_id for h in library.search("tokamak")] == report.paper_ids


def test_work_handed_beside_the_full_text_twice_does_not_hang_an_import(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The index waits for the commit and the commit for the jobs: they must not share a
    thread, however many jobs the importer hands over."""
    store = storing.store

    def store_handing_two(*args: Any, **kwargs: Any) -> None:
        store(*args, **kwargs)
        kwargs["hooks"].beside_fulltext(lambda: None)  # a second time

    monkeypatch.setattr(storing, "store", store_handing_two)
    library.build_search_index()
    done: list[int] = []
    importing = threading.Thread(
        target=lambda: done.append(library.import_text("@misc{a, title={X}}").imported),
        daemon=True,
    )
    importing.start()
    importing.join(20)
    assert done == [1]


def test_a_chinese_import_keeps_names_as_written_and_keys_as_given(library: Library) -> None:
    bib = (
        "@article{given:1, author = {张三 and 田中 太郎}, title = {基于深度学习}, year = 2021}\n"
        "@article{, author = {王伟}, title = {人工智能}, year = 2023}\n"
    )
    report = library.import_text(bib, format="bibtex")
    first, second = (library.paper(paper_id) for paper_id in report.paper_ids)
    assert first.paper.citekey == "given:1"  # a key the file gave is kept
    assert second.paper.citekey == "wang2023rengongzhineng"
    assert [p.as_written for p in first.authors] == ["张三", "田中 太郎"]
    assert [p.display() for p in first.authors] == ["张三", "田中太郎"]
    exported = library.export(report.paper_ids, "csl-json")
    assert '"family": "张"' in exported and '"given": "三"' in exported


KEYWORDS = r"""
@article{kuril, title = {Sea urchins of the Kuril Islands}, year = 2019,
  keywords = {Kraternaya Bight (Yanluch Island, Kurile Islands), sea urchins, $\epsilon$-MOEA}}
@article{semi, title = {Semicolons}, keywords = {reefs, corals; bleaching}}
@article{plain, title = {No keywords}}
"""


def test_keywords_are_kept_searchable_and_become_tags_only_when_asked(
    library: Library, tmp_path: Path
) -> None:
    path = _write(tmp_path, "keywords.bib", KEYWORDS)
    report = library.import_file(path)
    kuril = library.paper_by_citekey("kuril").paper
    # Split only at the separator used, never inside brackets.
    assert kuril.keywords == [
        "Kraternaya Bight (Yanluch Island, Kurile Islands)",
        "sea urchins",
        "$\\epsilon$-MOEA",
    ]
    assert library.paper_by_citekey("semi").paper.keywords == ["reefs, corals", "bleaching"]
    assert library.tags() == []
    assert [h.paper_id for h in library.search("keyword:yanluch")] == [kuril.id]
    assert [h.paper_id for h in library.search("keyword:urchins")] == [kuril.id]
    assert [h.paper_id for h in library.search("keyword:corals")] == [
        library.paper_by_citekey("semi").id
    ]
    assert [h.paper_id for h in library.search("kraternaya")] == [kuril.id]  # a free word too
    # An export writes them back as one keyword each (semicolons when one holds a comma).
    exported = library.export([library.paper_by_citekey("semi").id], "bibtex")
    assert "keywords = {reefs, corals; bleaching}" in exported
    # Asked for at import, they tag the papers as well: the papers the library holds
    # already (the same file again) are recognised, not added, and tagged.
    again = library.import_file(path, keywords_as_tags=True)
    assert {t.name for t, _ in library.tags()} == {
        "Kraternaya Bight (Yanluch Island, Kurile Islands)",
        "sea urchins",
        "$\\epsilon$-MOEA",
        "reefs, corals",
        "bleaching",
    }
    assert report.imported == 3 and again.imported == 0 and len(again.already_held) == 3
    assert [h.paper_id for h in library.search("tag:bleaching")] == [
        library.paper_by_citekey("semi").id
    ]


def test_keywords_become_tags_for_a_selection_and_undo_takes_them_off(
    library: Library, tmp_path: Path
) -> None:
    report = library.import_file(_write(tmp_path, "keywords.bib", KEYWORDS))
    semi = library.paper_by_citekey("semi").id
    kuril = library.paper_by_citekey("kuril").id
    library.tag_papers("bleaching", [kuril])  # a tag that exists already, on another paper
    inverse = library.keywords_to_tags([semi, library.paper_by_citekey("plain").id])
    assert sorted(t.name for t in library.paper(semi).tags) == ["bleaching", "reefs, corals"]
    assert [t.name for t in library.paper(kuril).tags] == ["bleaching"]
    library.apply(inverse)
    assert library.paper(semi).tags == []
    assert [t.name for t in library.paper(kuril).tags] == ["bleaching"]  # left as it was
    assert library.paper(semi).paper.keywords == ["reefs, corals", "bleaching"]
    assert len(report.paper_ids) == 3


def test_a_merge_unites_keywords_and_undoing_it_gives_them_back(library: Library) -> None:
    from desktop.core.formats.record import Record

    keep = library.add_paper(Record(title="Urchins", keywords=["sea urchins", "Kuril"])).id
    other = library.add_paper(Record(title="Urchins", keywords=["Sea Urchins", "echinoderms"])).id
    done = library.merge_papers(keep, other)
    assert library.paper(keep).paper.keywords == ["sea urchins", "Kuril", "echinoderms"]
    library.unmerge(done)
    assert library.paper(keep).paper.keywords == ["sea urchins", "Kuril"]
    assert library.paper(other).paper.keywords == ["Sea Urchins", "echinoderms"]
