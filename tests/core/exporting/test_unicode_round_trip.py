"""A library exported as BibTeX and imported again holds the same Unicode text, paper by
paper: Chinese, Japanese, Russian and English, through the library's own import and export.

Two things differ on purpose and are undone before comparing: the Unicode minus and primes
are written in LaTeX that reads back as `-` and `'` (as UTF-8 they would stop pdfLaTeX in
English titles, see `encode._NEAR_BUT_KEPT`), and entry types classic BibTeX does not
define (`standard`, `periodical`) are written as the nearest one it does.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core.api import ExportOptions
from desktop.core.formats.record import MODELLED_FIELDS, Record
from desktop.core.library import Library

#: Corpus files full of non-ASCII text: GB/T 7714 (Chinese, Japanese, Russian, English),
#: Cyrillic names, accents and URIs.
FILES = [
    "gbt7714/gbt7714-2015-biblatex.bib",
    "pybtex/tests-data/cyrillic.bib",
    "pandoc-citeproc/biblio.bib",
    "citation-js/plugin-bibtex/test/input/uri.bib",
    # Its abstract holds `{\textless}` in a field only pylatexenc decodes (it lost it).
    "bibliotex/references/materials/NbTiN.bib",
]


ASCII_FORMS = str.maketrans({"\u2212": "-", "\u2032": "'", "\u2033": "''"})


def _text(record: Record) -> tuple[object, ...]:
    """Everything of a paper a person reads, as Unicode."""
    people = [
        # A CJK name goes out split (`陈, 登原`): compared as it is shown, not as first typed.
        (s.given, s.family, s.von, s.jr)
        for role in (record.authors, record.editors)
        for s in (p.with_cjk_split() for p in role)
    ]
    fields = tuple(getattr(record, name).translate(ASCII_FORMS) for name in MODELLED_FIELDS)
    return (record.year, record.month, fields, people, record.extra)


def _papers(library: Library) -> list[tuple[object, ...]]:
    return [_text(library.record(paper_id)) for paper_id in library.view_ids(sort="added")]


@pytest.mark.parametrize("name", FILES)
def test_an_export_imports_again_as_the_same_text(
    name: str, corpus_dir: Path, tmp_path: Path
) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'first.sqlite'}") as first:
        first.import_files([corpus_dir / name])
        before = _papers(first)
        exported = tmp_path / "export.bib"
        first.export_to_file(first.view_ids(sort="added"), "bibtex", exported)
    text = exported.read_text(encoding="utf-8")
    assert "[U+" not in text
    with Library.open(f"sqlite:///{tmp_path / 'again.sqlite'}") as again:
        report = again.import_files([exported])
        after = _papers(again)
    assert report.problems == []
    assert len(after) == len(before) > 0
    differing = [(b, a) for b, a in zip(before, after, strict=True) if b != a]
    assert differing == []


def test_the_chinese_corpus_is_written_as_utf8_not_as_latex(
    corpus_dir: Path, tmp_path: Path
) -> None:
    """The round trip above would also hold for a lossless ASCII spelling; this is UTF-8."""
    with Library.open(f"sqlite:///{tmp_path / 'first.sqlite'}") as library:
        library.import_files([corpus_dir / FILES[0]])
        text = library.export(library.view_ids(sort="added"), "bibtex")
    assert "  title = {国史旧闻},\n" in text
    assert "陈, 登原" in text  # UTF-8, and split family first (cjk_names)


def test_ascii_only_tells_what_it_could_not_spell(tmp_path: Path) -> None:
    with Library.open(f"sqlite:///{tmp_path / 'lib.sqlite'}") as library:
        library.import_text(
            "@article{a, author = {张三}, title = {Über Жук}, year = 2020}", format="bibtex"
        )
        ids = library.view_ids(sort="added")
        ascii_only = ExportOptions(ascii_only=True)
        left = library.export_to_file(ids, "bibtex", tmp_path / "out.bib", options=ascii_only)
        assert library.export_to_file(ids, "bibtex", tmp_path / "utf8.bib").count == 0
    text = (tmp_path / "out.bib").read_text(encoding="utf-8")
    assert '{\\"U}ber' in text and "张, 三" in text and "Жук" in text  # kept, not dropped
    assert (left.count, left.examples) == (5, ("张", "三", "Ж", "у", "к"))
    assert left.sentence().startswith("5 characters have no LaTeX spelling")
