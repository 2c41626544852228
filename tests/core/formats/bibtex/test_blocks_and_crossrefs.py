"""Kept @preamble/@comment blocks and crossref/xdata links, judged by hand-checked text and
by the real `bibtex` and `biber` (see test_tools for how they are run)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from core.formats.bibtex.test_tools import bibtex_report, require, run

from desktop.core.formats import registry
from desktop.core.formats.bibtex import blocks, reader
from desktop.core.formats.bibtex.writer import write_biblatex, write_bibtex
from desktop.core.formats.record import Record, WriteOptions

# --- blocks -------------------------------------------------------------------------------


def test_bare_preamble_latex_is_braced_and_quoted_values_kept() -> None:
    written = blocks.write_groups(
        [["@preamble{\\input bibnames.sty}", '@preamble{ "\\def\\a{b}" # "x" }']],
        biblatex=False,
    )
    assert written == [
        "@preamble{ {\\input bibnames.sty} }\n",
        '@preamble{ "\\def\\a{b}" # "x" }\n',
    ]


def test_files_preambles_are_kept_apart_by_an_empty_group() -> None:
    written = blocks.write_groups(
        [['@preamble{"\\fi"}'], ["@comment{no preamble here}"], ['@preamble{"test"}']],
        biblatex=False,
    )
    assert written == [
        '@preamble{ "\\fi" }\n',
        "@comment{no preamble here}\n",
        blocks.SEPARATOR,
        '@preamble{ "test" }\n',
    ]


def test_metadata_comments_of_other_managers_are_never_written() -> None:
    kept = [
        "@Comment{jabref-meta: fileDirectory:/home/someone/papers;}",
        "@comment{BibDesk Static Groups{<?xml?>}}",
        "@comment{a note worth keeping}",
    ]
    for biblatex in (False, True):
        assert blocks.write_groups([kept], biblatex=biblatex) == [
            "@comment{a note worth keeping}\n"
        ]


def test_a_comment_holding_an_at_is_left_out_for_bibtex_kept_for_biber() -> None:
    comment = "@comment{@book{a, title={x}}}"
    (bibtex,) = blocks.write_groups([[comment]], biblatex=False)
    assert "@" not in bibtex and bibtex.startswith("%")
    assert blocks.write_groups([[comment]], biblatex=True) == [comment + "\n"]


def _aux(folder: Path, keys: str = "*") -> None:
    (folder / "doc.aux").write_text(
        f"\\relax\n\\citation{{{keys}}}\n\\bibstyle{{plain}}\n\\bibdata{{refs}}\n",
        encoding="utf-8",
    )


def test_bibtex_reads_the_blocks_as_meant(tmp_path: Path) -> None:
    require("bibtex")
    record = Record(citekey="k", title="T", journal="J", year=2000, entry_type="article")
    record.authors = reader.parse("@article{x, author={A B}}", "x").records[0].authors
    options = WriteOptions(
        file_blocks=[
            ['@preamble{"\\newcommand{\\one}{1}\\fi"}', "@comment{@book{a, title={x}}}"],
            ["@preamble{test}", "@comment{jabref-meta: databaseType:bibtex;}"],
        ]
    )
    text = registry.write("bibtex", [(record, [])], options)
    errors, warnings, log = bibtex_report(tmp_path, text)
    assert (errors, warnings) == (0, []), log
    bbl = (tmp_path / "doc.bbl").read_text(encoding="utf-8")
    # No entry read from inside the comment; the two files' preambles not glued.
    assert "\\bibitem{a}" not in bbl
    assert "\\fi{}" in bbl.replace("\n", "") and "\\fitest" not in bbl.replace("\n", "")
    assert "jabref" not in text


# --- crossref and xdata -------------------------------------------------------------------

PARENT_FIRST = """@proceedings{proc2020, title = {Proceedings of Things}, year = {2020},
  editor = {Ed Itor}, publisher = {Pub}}
@inproceedings{child1, author = {A Author}, title = {One}, crossref = {proc2020}, pages = {1--2}}
@inproceedings{child2, author = {B Author}, title = {Two}, crossref = {proc2020}, pages = {3--4}}
@inproceedings{dangling, author = {C Author}, title = {Three}, booktitle = {Somewhere},
  year = {2019}, crossref = {never2019}}
"""


def _records(text: str) -> list[Record]:
    return reader.parse(text, "refs.bib").records


def _keys(text: str) -> list[str]:
    return re.findall(r"^@\w+\{([^,]+),", text, re.M)


def test_children_keep_their_exported_parent_which_comes_after_them() -> None:
    text = write_bibtex(_records(PARENT_FIRST))
    assert _keys(text) == ["child1", "child2", "dangling", "proc2020"]
    assert text.count("crossref = {proc2020}") == 2
    assert "never2019" not in text  # the library's dangling crossref is not written


def test_a_child_without_its_parent_is_written_self_contained() -> None:
    child = _records(PARENT_FIRST)[1]
    text = write_bibtex([child])
    assert "crossref" not in text
    assert "booktitle = {Proceedings of Things}" in text
    assert "editor = {Itor, Ed}" in text and "year = {2020}" in text


def test_a_parent_from_the_library_fills_what_a_child_lacks() -> None:
    parent = _records(PARENT_FIRST)[0]
    bare = Record(
        entry_type="inproceedings", citekey="c", title="C", extra={"crossref": "PROC2020"}
    )
    text = registry.write(
        "bibtex", [(bare, [])], WriteOptions(outside_parents={"proc2020": parent})
    )
    assert "crossref" not in text
    assert "booktitle = {Proceedings of Things}" in text and "publisher = {Pub}" in text


def test_nested_crossrefs_are_flattened_for_bibtex_kept_for_biblatex() -> None:
    text = """@mvbook{mv, title = {All Volumes}, year = {2001}, publisher = {P}}
@book{vol, title = {Volume One}, crossref = {mv}}
@inbook{chap, author = {A B}, title = {Chapter}, crossref = {vol}, pages = {5}}
"""
    records = _records(text)
    classic = write_bibtex(records)
    assert _keys(classic) == ["mv", "chap", "vol"]  # vol is no longer anyone's child
    assert classic.count("crossref") == 1 and "crossref = {vol}" in classic
    biblatex = write_biblatex(records)
    assert _keys(biblatex) == ["chap", "vol", "mv"]
    assert "crossref = {vol}" in biblatex and "crossref = {mv}" in biblatex


def test_xdata_left_dangling_is_not_written() -> None:
    record = Record(citekey="k", title="T", extra={"xdata": "gone, alsogone"})
    assert "xdata" not in write_biblatex([record])
    assert "xdata" not in write_bibtex([record])


CROSSREF_FILES = [
    "biber/t-tdata/crossrefs.bib",
    "pybtex/tests-data/xampl.bib",
    "bibtexparser-v1/tests-data/crossref_entries.bib",
    "bibtexparser-v1/tests-data/crossref_missing_entries.bib",
    "citation-js/plugin-bibtex/test/input/crossref.bib",
    "typst-biblatex/tests-fixtures/valid/cross.bib",
    "pybtex/tests-data/xampl_mixed.bib",
]
#: bibtex's own complaints that mean we wrote the links wrong.
LINK_TROUBLE = re.compile(r"bad cross reference|nested cross reference|Repeated entry", re.I)


@pytest.mark.parametrize("name", CROSSREF_FILES)
def test_crossref_corpus_files_whole_and_one_entry_at_a_time_pass_bibtex(
    name: str, corpus_dir: Path, tmp_path: Path
) -> None:
    require("bibtex")
    records = registry.read(
        (corpus_dir / name).read_bytes(), source=Path(name).name, format="bibtex"
    )[1].records
    subsets = [records, *([r] for r in records if "crossref" in r.extra)]
    for subset in subsets:
        errors, _warnings, log = bibtex_report(tmp_path, write_bibtex(subset))
        assert errors == 0 and not LINK_TROUBLE.search(log), (name, log)


def _biber_warnings(folder: Path, text: str) -> set[str]:
    (folder / "refs.bib").write_text(text, encoding="utf-8")
    result = run(["biber", "--tool", "--output-file=out.bib", "refs.bib"], folder)
    assert result.returncode == 0, result.stdout[-3000:]
    return {line for line in result.stdout.splitlines() if line.startswith(("WARN", "ERROR"))}


@pytest.mark.parametrize("name", ["biber/t-tdata/crossrefs.bib", "biber/t-tdata/xdata.bib"])
def test_crossref_and_xdata_corpus_files_pass_biber(
    name: str, corpus_dir: Path, tmp_path: Path
) -> None:
    """biber warns of nothing we wrote: at most what it says of the file itself (xdata.bib
    holds granular xdata references malformed on purpose), never of a link we left."""
    require("biber")
    source = (corpus_dir / name).read_text(encoding="utf-8")
    own = _biber_warnings(tmp_path, source)
    records = registry.read(source.encode(), source=Path(name).name, format="biblatex")[1].records
    for subset in (records, records[::2]):  # every other entry: parents left out
        warnings = _biber_warnings(tmp_path, write_biblatex(subset))
        assert warnings <= own, warnings - own
        assert not [w for w in warnings if "didn't find a database entry" in w]
