"""@preamble and @comment blocks stay with the file they came from and are exported only
when asked; crossref parents are added only when asked (both backends)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlalchemy import text

from desktop.core import source_files
from desktop.core.api import ExportOptions
from desktop.core.library import Library
from desktop.core.storage import db, schema

FILE_A = """@preamble{"\\newcommand{\\fromA}{A}"}
@comment{jabref-meta: fileDirectory:/home/someone/papers;}
@comment{notes of file A}
@article{a1, author = {A One}, title = {First}, journal = {J}, year = {2001}}
"""
FILE_B = """@preamble{"\\newcommand{\\fromB}{B}"}
@proceedings{proc, title = {Proceedings}, year = {2020}, publisher = {P}}
@inproceedings{b1, author = {B One}, title = {Second}, crossref = {proc}}
"""


def _import(library: Library, tmp_path: Path) -> dict[str, int]:
    (tmp_path / "a.bib").write_text(FILE_A, encoding="utf-8")
    (tmp_path / "b.bib").write_text(FILE_B, encoding="utf-8")
    library.import_files([tmp_path / "a.bib", tmp_path / "b.bib"])
    return {library.paper(i).paper.citekey: i for i in library.view_ids()}


def test_an_export_of_one_paper_holds_that_paper_only(library: Library, tmp_path: Path) -> None:
    ids = _import(library, tmp_path)
    text = library.export([ids["a1"]], "bibtex")
    assert text.count("@") == 1 and text.startswith("@article{a1,")


def test_asked_for_preambles_are_those_of_the_papers_files(
    library: Library, tmp_path: Path
) -> None:
    ids = _import(library, tmp_path)
    text = library.export([ids["a1"]], "bibtex", options=ExportOptions(preambles=True))
    assert "\\fromA" in text and "notes of file A" in text
    assert "\\fromB" not in text and "jabref" not in text
    everything = library.export(library.view_ids(), "bibtex", options=ExportOptions(True))
    assert "\\fromA" in everything and "\\fromB" in everything
    assert everything.index("\\fromA") < everything.index('@preamble{ "{}" }')
    assert everything.index('@preamble{ "{}" }') < everything.index("\\fromB")


def test_a_child_is_self_contained_unless_its_parent_is_asked_for(
    library: Library, tmp_path: Path
) -> None:
    ids = _import(library, tmp_path)
    alone = library.export([ids["b1"]], "bibtex")
    assert "crossref" not in alone and "booktitle = {Proceedings}" in alone
    with_parent = library.export([ids["b1"]], "bibtex", options=ExportOptions(parents=True))
    assert with_parent.index("@inproceedings{b1,") < with_parent.index("@proceedings{proc,")
    assert "crossref = {proc}" in with_parent


def test_the_migration_keeps_the_old_library_wide_blocks_for_a_full_export(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'library.sqlite'}"
    with Library.open(url) as library:
        library.import_text("@article{old, title = {Old}, journal = {J}, year = {1999}}")
    engine = db.make_engine(url)
    schema.downgrade(engine, "0005")  # before the source files
    with engine.begin() as connection:
        blocks = json.dumps(['@preamble{"\\newcommand{\\legacy}{L}"}'])
        connection.execute(
            text("INSERT INTO setting (key, value) VALUES ('bibtex_preambles', :v)"), {"v": blocks}
        )
    engine.dispose()
    with Library.open(url) as library:
        ids = library.view_ids()
        assert "\\legacy" in library.export(ids, "bibtex", options=ExportOptions(preambles=True))
        assert "\\legacy" not in library.export(ids, "bibtex")
        library.import_text("@article{new, title = {New}, journal = {J}, year = {2000}}")
        one = [i for i in library.view_ids() if library.paper(i).paper.citekey == "new"]
        # A subset is not everything: nobody knows which papers the old blocks belong to.
        assert "\\legacy" not in library.export(one, "bibtex", options=ExportOptions(True))


def test_many_papers_find_their_files_blocks_as_few_do(
    library: Library, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past `_CHUNK` papers the links are read in one pass: the same files must come out.
    ids = _import(library, tmp_path)
    options = ExportOptions(preambles=True)
    asked = [ids["a1"], ids["proc"]]
    few = library.export(asked, "bibtex", options=options)
    monkeypatch.setattr(source_files, "_CHUNK", 1)
    many = library.export(asked, "bibtex", options=options)
    assert many == few
    assert "\\fromA" in many and "\\fromB" in many and "jabref" not in many
    only_a = library.export([ids["a1"], ids["a1"]], "bibtex", options=options)
    assert "\\fromA" in only_a and "\\fromB" not in only_a
