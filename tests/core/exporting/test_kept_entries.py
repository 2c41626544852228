"""An export that reads kept entries gives the bytes of writing every entry afresh: over
the real corpus, in every style, and after every kind of change to what an entry is
written from (the paper, its people, its tags, a crossref parent, the options, another
program's statement, a commit during the export itself)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from desktop.core import people
from desktop.core.api import ExportOptions
from desktop.core.exporting import kept_entries, read_papers
from desktop.core.formats.bibtex import crossrefs
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.storage import db
from desktop.core.storage.models import Role

# One worker builds the corpus library for all of them.
pytestmark = pytest.mark.xdist_group("corpus-library")

#: Every option an entry's text depends on, and one that only adds blocks.
OPTIONS = {
    "plain": ExportOptions(),
    "ascii": ExportOptions(ascii_only=True),
    "ours": ExportOptions(our_fields=True),
    "both": ExportOptions(ascii_only=True, our_fields=True),
    "blocks and parents": ExportOptions(preambles=True, parents=True),
}
STYLES = [(f, name) for f in kept_entries.FORMATS for name in OPTIONS]


def _fresh(library: Library, ids: list[int], format: str, options: ExportOptions) -> str:
    """The export with every entry written afresh, none read or kept."""
    saved = kept_entries.FORMATS
    kept_entries.FORMATS = ()
    try:
        return library.export(ids, format, options=options)
    finally:
        kept_entries.FORMATS = saved


def _kept_count(library: Library, format: str, options: ExportOptions) -> int:
    with library.engine.connect() as connection:
        query = text("SELECT count(*) FROM exportentry WHERE style = :style")
        return int(
            connection.execute(query, {"style": kept_entries.style(format, options)}).one()[0]
        )


def _unlinked(library: Library, ids: list[int]) -> list[int]:
    """The papers that link to no other (their entries can be kept)."""
    with db.read_session(library.engine) as session:
        entries = read_papers.export_entries(session, ids)
    return [
        pid
        for pid, (record, _) in zip(ids, entries, strict=True)
        if not crossrefs.has_links(record)
    ]


@pytest.fixture(scope="module")
def corpus_library(corpus_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    """Every corpus .bib file imported, each folder's files together."""
    folder = tmp_path_factory.mktemp("kept-corpus")
    with Library.open(f"sqlite:///{folder / 'library.sqlite'}") as library:
        for source in sorted(p for p in corpus_dir.iterdir() if p.is_dir()):
            files = sorted(source.rglob("*.bib"))
            if files:
                library.import_files(files)
        yield library


@pytest.mark.parametrize(("format", "option"), STYLES)
def test_kept_entries_of_the_corpus_are_the_bytes_written_afresh(
    corpus_library: Library, format: str, option: str
) -> None:
    options = OPTIONS[option]
    everything = corpus_library.view_ids()
    unlinked = _unlinked(corpus_library, everything)
    assert 5000 < len(unlinked) < len(everything)  # the corpus has crossref children too
    fresh = _fresh(corpus_library, unlinked, format, options)
    assert corpus_library.export(unlinked, format, options=options) == fresh  # kept now
    assert _kept_count(corpus_library, format, options) == len(unlinked)
    assert corpus_library.export(unlinked, format, options=options) == fresh  # read kept
    # In another order, some twice (the second written under a key of its own), a few.
    shuffled = unlinked[::-7] + unlinked[:40:3] + unlinked[5:9]
    assert corpus_library.export(shuffled, format, options=options) == _fresh(
        corpus_library, shuffled, format, options
    )
    # The whole library, crossref children and all (written afresh: they link).
    whole = corpus_library.export(everything, format, options=options)
    assert whole == _fresh(corpus_library, everything, format, options)


@pytest.mark.parametrize(("format", "option"), STYLES)
def test_a_file_written_from_kept_entries_holds_the_bytes_written_afresh(
    corpus_library: Library, format: str, option: str, tmp_path: Path
) -> None:
    options = OPTIONS[option]
    unlinked = _unlinked(corpus_library, corpus_library.view_ids())
    fresh = _fresh(corpus_library, unlinked, format, options).encode("utf-8")
    for attempt in ("written and kept", "read kept"):
        target = tmp_path / f"{attempt}.bib"
        corpus_library.export_to_file(unlinked, format, target, options=options)
        assert target.read_bytes() == fresh, attempt


# -- after changes --------------------------------------------------------------------------

_BIB = r"""@preamble{"\newcommand{\noopsort}[1]{}"}
@book{parent, title = {The Whole Book}, editor = {Ed Itor}, publisher = {Pub {\&} Co},
  year = {1999}}
@inbook{child, title = {A Chapter}, author = {Chap Ter}, crossref = {parent}, pages = {1--9}}
@article{muller2019, title = {On {\"U}bung and BERT},
  author = {M{\"u}ller, J{\"o}rg and Smith, Ann},
  journal = {J. Stuff}, year = {2001}, keywords = {alpha, beta}, topic = {kept},
  abstract = {Of {\em some} note.}}
@article{other, title = {Other}, author = {Smith, Ann}, year = {2002}}
@misc{Müller2019, title = {Same key but for the case}, note = {n}}
"""


@pytest.fixture
def small(library: Library) -> dict[str, int]:
    """The papers of `_BIB` by key, those that link to none exported in each style (so
    kept where entries are kept)."""
    ids = library.import_text(_BIB).paper_ids
    keyed = {library.paper(pid).paper.citekey: pid for pid in ids}
    for format, option in STYLES:
        library.export(_unlinked_of(keyed), format, options=OPTIONS[option])
    return keyed


def _unlinked_of(small: dict[str, int]) -> list[int]:
    return [pid for key, pid in small.items() if key != "child"]


def _all_styles_fresh(library: Library, ids: list[int]) -> None:
    """Each style's export of `ids`, and of each paper alone, is the one written afresh."""
    for format, option in STYLES:
        options = OPTIONS[option]
        for asked in (ids, *([pid] for pid in ids)):
            written = library.export(asked, format, options=options)
            assert written == _fresh(library, asked, format, options), (format, option, asked)


def _details(library: Library, pid: int) -> tuple[int, list[Person]]:
    paper = library.paper(pid)
    return paper.version, list(paper.authors)


def test_changing_a_paper_its_people_or_its_tags_is_exported(
    library: Library, small: dict[str, int]
) -> None:
    ids = _unlinked_of(small)
    mueller, other = small["muller2019"], small["other"]
    library.update_paper(mueller, expected_version=None, title="A Title Edited")
    _all_styles_fresh(library, ids)
    library.update_paper(
        other, expected_version=None, authors=[Person(given="Zoë", family="Ångström")]
    )
    _all_styles_fresh(library, ids)
    library.tag_papers("gamma", [mueller, other])
    _all_styles_fresh(library, ids)
    library.edit_tag("gamma", new_name="Gamma Rays")
    _all_styles_fresh(library, ids)
    library.untag_papers("Gamma Rays", [other])
    _all_styles_fresh(library, ids)
    library.delete_tag("Gamma Rays")
    _all_styles_fresh(library, ids)
    library.set_status([mueller], "read")
    library.delete_papers([other])
    library.restore_papers([other])
    _all_styles_fresh(library, ids)
    library.add_note(mueller, "A note")
    library.annotate(mueller, 0, 2, note="n")
    _all_styles_fresh(library, ids)
    _all_styles_fresh(library, list(small.values()))


def test_a_crossref_parent_changed_is_written_into_its_child_exported_alone(
    library: Library, small: dict[str, int]
) -> None:
    child, parent = small["child"], small["parent"]
    assert "The Whole Book" in library.export([child])  # self-contained: parent not exported
    for address in ("Paris", "Berlin"):  # a field the import did not copy into the child
        library.update_paper(parent, expected_version=None, **{"extra:address": address})
        _all_styles_fresh(library, [child])
        _all_styles_fresh(library, [child, parent])
        assert f"  address = {{{address}}},\n" in library.export([child])


def test_statements_of_other_programs_are_seen(library: Library, small: dict[str, int]) -> None:
    """The triggers, not the library's code, forget the entries: any statement counts."""
    if library.engine.dialect.name != "sqlite":
        pytest.skip("entries are kept on SQLite only")
    ids = _unlinked_of(small)
    path = db.sqlite_path(str(library.engine.url))
    assert path is not None
    statements = [
        "UPDATE paper SET journal = 'Elsewhere' WHERE citekey = 'muller2019'",
        "UPDATE person SET family = 'Schmidt' WHERE family = 'Smith'",
        "UPDATE paperperson SET as_written = 'x' WHERE position = 0",
        "DELETE FROM paperperson WHERE position = 1",
        "INSERT INTO tag (name, colour, version) VALUES ('delta', '', 1)",
        "INSERT INTO papertag (paper_id, tag_id) SELECT id, (SELECT id FROM tag "
        "WHERE name = 'delta') FROM paper",
        "UPDATE tag SET name = 'Delta' WHERE name = 'delta'",
        "DELETE FROM tag WHERE name = 'Delta'",
    ]
    for statement in statements:
        other = sqlite3.connect(path)
        other.execute("PRAGMA foreign_keys = ON")
        other.execute(statement)
        other.commit()
        other.close()
        _all_styles_fresh(library, ids)


def test_the_comparison_would_see_an_entry_kept_too_long(
    library: Library, small: dict[str, int]
) -> None:
    """Without its trigger a kept entry outlives the change: what the tests above check."""
    if library.engine.dialect.name != "sqlite":
        pytest.skip("entries are kept on SQLite only")
    ids = _unlinked_of(small)
    assert _kept_count(library, "bibtex", ExportOptions()) == len(ids)
    with library.engine.begin() as connection:
        connection.exec_driver_sql("DROP TRIGGER export_paper_update")
    library.update_paper(small["muller2019"], expected_version=None, title="Changed")
    assert library.export(ids) != _fresh(library, ids, "bibtex", ExportOptions())


def test_entries_written_from_a_picture_already_changed_are_not_kept(
    library: Library, small: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another program commits while the export reads: the export is its picture, and its
    entries are not kept (SQLite refuses the write), so the next export sees the change."""
    if library.engine.dialect.name != "sqlite":
        pytest.skip("entries are kept on SQLite only")
    path = db.sqlite_path(str(library.engine.url))
    assert path is not None
    ids = _unlinked_of(small)
    with library.engine.begin() as connection:
        connection.exec_driver_sql("DELETE FROM exportentry")
    reading = read_papers.export_entries

    def then_changed(session: object, paper_ids: list[int]) -> list[tuple[Record, list[str]]]:
        read = reading(session, paper_ids)  # type: ignore[arg-type]
        other = sqlite3.connect(path)
        other.execute("UPDATE paper SET title = 'Changed meanwhile'")
        other.commit()
        other.close()
        return read

    monkeypatch.setattr(read_papers, "export_entries", then_changed)
    during = library.export(ids)
    monkeypatch.setattr(read_papers, "export_entries", reading)
    assert "Changed meanwhile" not in during
    assert _kept_count(library, "bibtex", ExportOptions()) == 0
    after = library.export(ids)
    assert after.count("Changed meanwhile") == len(ids) - 1  # muller2019's title is LaTeX kept
    assert after == _fresh(library, ids, "bibtex", ExportOptions())


def test_entries_kept_by_other_code_are_not_read(
    library: Library, small: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A new version of the writer (or of Papershelf) writes every entry again."""
    if library.engine.dialect.name != "sqlite":
        pytest.skip("entries are kept on SQLite only")
    ids = _unlinked_of(small)
    with library.engine.begin() as connection:
        connection.exec_driver_sql("UPDATE exportentry SET body = 'stale'")
    monkeypatch.setattr(kept_entries, "writer_version", lambda: "another writer")
    assert library.export(ids) == _fresh(library, ids, "bibtex", ExportOptions())
    assert _kept_count(library, "bibtex", ExportOptions()) == len(ids)  # written again
    assert _kept_count(library, "biblatex", ExportOptions()) == 0  # all the others forgotten


def test_keys_that_fold_together_are_told_apart_as_written_afresh(
    library: Library, small: dict[str, int]
) -> None:
    """`Müller2019` is written `Muller2019` (keys are ASCII), which BibTeX takes for
    `muller2019`: the later one is renamed, whichever comes first in the export."""
    pair = [small["Müller2019"], small["muller2019"]]
    for ids in (pair, pair[::-1], [*pair, pair[0]]):
        _all_styles_fresh(library, ids)
    assert "@misc{Muller2019a," in library.export(pair[::-1])


def test_people_given_to_a_paper_that_had_none_are_exported(
    library: Library, small: dict[str, int]
) -> None:
    """No trigger sees people added where there were none: `set_people` forgets the entries
    itself, even when nothing else about the paper changes."""
    ids = _unlinked_of(small)
    with db.write_session(library.engine) as session:
        people.set_people(
            session, small["other"], Role.EDITOR, people=[Person(given="New", family="Editor")]
        )
    _all_styles_fresh(library, ids)
    assert "  editor = {Editor, New},\n" in library.export([small["other"]])
