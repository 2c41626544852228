"""The correction to citeproc-py's suppression of substituted variables: a paper without
authors has its title (or its editors) in the author's place and nowhere else, and papers
with authors are written as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core import citeproc_substitutes, citing
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Person, Record

REPORT = Record(
    title="A report with no author",
    year=2020,
    entry_type="techreport",
    extra={"institution": "CERN"},
)
ARTICLE = Record(title="Deep learning of moons", year=2015, journal="Nature", entry_type="article")
EDITED = Record(
    title="Handbook of moons",
    year=2019,
    entry_type="book",
    editors=[Person(given="Ann", family="Editor", as_written="Ann Editor")],
)
STYLES = ["apa", "chicago-author-date", "modern-language-association", "harvard-cite-them-right"]


def _entries(records: list[Record], style: str) -> list[str]:
    return [citing.format_records([record], style=style).entries[0] for record in records]


def _uncorrected(records: list[Record], style: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    from citeproc import model

    citing.format_records([], style=style)  # the correction is in place from here on
    with monkeypatch.context() as patch:
        for (cls, method), original in citeproc_substitutes.uncorrected.items():
            patch.setattr(getattr(model, cls), method, original)
        return _entries(records, style)


@pytest.mark.parametrize(
    ("style", "report", "article"),
    [
        # APA 7 (9.7, 9.37): with no author, the title moves to the author's place.
        (
            "apa",
            "A report with no author. (2020). CERN.",
            "Deep learning of moons. (2015). Nature.",
        ),
        (
            "chicago-author-date",
            "A Report with No Author. 2020. CERN.",
            "“Deep Learning of Moons”. 2015. Nature.",
        ),
        # MLA's title macro only tests the journal: the journal is still written.
        (
            "modern-language-association",
            "A Report with No Author. CERN, 2020.",
            "“Deep Learning of Moons”. Nature, 2015.",
        ),
    ],
)
def test_a_paper_without_authors_has_its_title_written_once(
    style: str, report: str, article: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _entries([REPORT, ARTICLE], style) == [report, article]
    # What citeproc-py wrote on its own: the title twice.
    before = _uncorrected([REPORT], style, monkeypatch)[0]
    assert before.lower().count("a report with no author") == 2


@pytest.mark.parametrize("style", STYLES)
def test_a_book_without_authors_names_its_editors_once(
    style: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (entry,) = _entries([EDITED], style)
    assert entry.count("Editor") == 1, entry  # in the author's place only
    assert entry.index("Editor") < entry.index("Handbook")
    assert "Handbook" in entry and "2019" in entry
    (before,) = _uncorrected([EDITED], style, monkeypatch)
    assert before.count("Editor") == 2, before  # what citeproc-py wrote on its own


@pytest.mark.parametrize("style", STYLES)
def test_papers_with_authors_are_written_as_citeproc_py_writes_them(
    style: str, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Chinese, Japanese, Russian and English papers of many types.
    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    records = [r for r in reader.parse(text, "gbt.bib").records if r.authors][::4]
    assert len(records) >= 25
    assert _entries(records, style) == _uncorrected(records, style, monkeypatch)


def test_what_one_entry_suppressed_is_written_in_the_next() -> None:
    other = Record(
        title="Another report", year=2021, entry_type="techreport", extra={"institution": "ESA"}
    )
    formatted = citing.format_records([REPORT, other], style="apa")
    assert formatted.entries == (
        "A report with no author. (2020). CERN.",
        "Another report. (2021). ESA.",
    )
    # APA 7 (8.14): a work without an author is cited by its title, in title case.
    assert formatted.citation == "(A Report with No Author, 2020; Another Report, 2021)"
