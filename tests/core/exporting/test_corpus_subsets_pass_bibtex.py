"""`bibtex` reads the export of any part of a library built from the real corpus: any
list (a subset drawn by hypothesis), any single paper, with and without the crossref
parents, with 0 errors and no complaint about links we wrote (issue 19).

Unlike `formats/bibtex/test_tools.py`, the papers go through the library (import, storage,
`Library.export`), and keys and crossref links stay as the files gave them."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from core.formats.bibtex.test_blocks_and_crossrefs import LINK_TROUBLE
from core.formats.bibtex.test_tools import SOURCE_CONFLICTS, bibtex_report, require
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from desktop.core.exporting.options import ExportOptions
from desktop.core.library import Library

# One worker builds the corpus library for all of them.
pytestmark = pytest.mark.xdist_group("corpus-library")

SUBSET_SETTINGS = settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def corpus_library(corpus_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Library]:
    """Every corpus .bib file imported, each folder's files together (they share
    abbreviations and crossref targets, as bibtex reads them)."""
    folder = tmp_path_factory.mktemp("corpus-library")
    with Library.open(f"sqlite:///{folder / 'library.sqlite'}") as library:
        for source in sorted(p for p in corpus_dir.iterdir() if p.is_dir()):
            files = sorted(source.rglob("*.bib"))
            if files:
                library.import_files(files)
        yield library


@pytest.fixture(scope="module")
def paper_ids(corpus_library: Library) -> list[int]:
    ids = corpus_library.view_ids()
    assert len(ids) > 5000
    return ids


@pytest.fixture(scope="module")
def crossref_children(corpus_library: Library, paper_ids: list[int]) -> list[int]:
    """The papers whose entry names a crossref parent in the library."""
    whole = corpus_library.export(paper_ids)
    keys = {
        match.group(1)
        for match in re.finditer(r"^@\w+\{([^,\n]+),\n(?:(?!^@).*\n)*?\s*crossref = ", whole, re.M)
    }
    rows = corpus_library.rows(paper_ids)
    children = [paper_id for paper_id in paper_ids if rows[paper_id].citekey in keys]
    assert len(children) > 20
    return children


#: plain.bst cannot label a crossref parent that has none of these: a gap in the data.
PARENT_WITHOUT_LABEL = re.compile(r"Warning--need editor, key, or series for \S+ to crossref ")


def _passes(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        errors, warnings, log = bibtex_report(Path(folder), text)
    assert errors == 0, log
    assert not LINK_TROUBLE.search(log), log
    unexpected = [
        warning
        for warning in warnings
        if not SOURCE_CONFLICTS.match(warning) and not PARENT_WITHOUT_LABEL.match(warning)
    ]
    assert unexpected == [], log


def _subsets(draw_from: list[int], max_size: int) -> st.SearchStrategy[list[int]]:
    return st.lists(st.sampled_from(draw_from), min_size=1, max_size=max_size, unique=True)


@SUBSET_SETTINGS
@given(data=st.data(), parents=st.booleans())
def test_any_list_of_corpus_papers_passes_bibtex(
    corpus_library: Library, paper_ids: list[int], data: st.DataObject, parents: bool
) -> None:
    require("bibtex")
    subset = data.draw(_subsets(paper_ids, 60), label="papers")
    _passes(corpus_library.export(subset, options=ExportOptions(parents=parents)))


@SUBSET_SETTINGS
@given(data=st.data(), parents=st.booleans())
def test_any_list_of_crossref_children_and_some_parents_passes_bibtex(
    corpus_library: Library,
    paper_ids: list[int],
    crossref_children: list[int],
    data: st.DataObject,
    parents: bool,
) -> None:
    """Children with and without their parents, the case BibTeX is strictest about."""
    require("bibtex")
    subset = data.draw(_subsets(crossref_children, 15), label="children")
    subset += data.draw(_subsets(paper_ids, 15), label="others")
    subset = list(dict.fromkeys(subset))
    _passes(corpus_library.export(subset, options=ExportOptions(parents=parents)))


@pytest.mark.slow
def test_every_crossref_child_alone_passes_bibtex(
    corpus_library: Library, crossref_children: list[int]
) -> None:
    """Alone, a child is written self-contained; so the exports side by side are what
    bibtex would read of each, and one bibtex run judges them all."""
    require("bibtex")
    alone = [corpus_library.export([paper_id]) for paper_id in crossref_children]
    assert not [text for text in alone if "crossref =" in text]
    _passes("\n".join(alone))


@SUBSET_SETTINGS
@given(data=st.data())
def test_any_single_corpus_paper_passes_bibtex(
    corpus_library: Library, paper_ids: list[int], data: st.DataObject
) -> None:
    require("bibtex")
    _passes(corpus_library.export([data.draw(st.sampled_from(paper_ids), label="paper")]))
