"""Formatted references, checked by hand against each style's rules (APA 7th edition,
IEEE, GB/T 7714-2015), not copied from what the code printed."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from desktop.core import citing
from desktop.core.errors import ExportCancelled, InvalidInputError, NotFoundError
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Person, Record
from desktop.core.library import Library

# A real paper: LeCun, Bengio and Hinton, "Deep learning", Nature 521, 436-444 (2015).
DEEP_LEARNING = r"""@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep learning},
  journal = {Nature},
  volume = {521},
  number = {7553},
  pages = {436--444},
  year = {2015},
  doi = {10.1038/nature14539},
}
@inproceedings{vaswani2017,
  author = {Vaswani, Ashish and Shazeer, Noam},
  title = {Attention is all you need},
  booktitle = {Advances in Neural Information Processing Systems},
  pages = {5998--6008},
  year = {2017},
}
"""


def _records(text: str) -> list[Record]:
    return reader.parse(text, "test.bib").records


def test_apa_gives_the_reference_the_apa_manual_asks_for() -> None:
    # APA 7: family name, initials; "&" before the last author; (year). Title in sentence
    # case. Journal and volume in italics, issue in parentheses, page range with an en
    # dash, the DOI as a link.
    lecun, _ = _records(DEEP_LEARNING)
    html = citing.format_records([lecun], style="apa", output="html")
    assert html.entries == (
        "LeCun, Y., Bengio, Y., &amp; Hinton, G. (2015). Deep learning. <i>Nature</i>, "
        "<i>521</i>(7553), 436–444. https://doi.org/10.1038/nature14539",
    )
    text = citing.format_records([lecun], style="apa")
    assert text.entries[0].startswith("LeCun, Y., Bengio, Y., & Hinton, G. (2015). Deep learning.")
    # In text: three authors or more are "First et al."; the year after a comma.
    assert text.citation == "(LeCun et al., 2015)"


def test_apa_sorts_the_bibliography_by_author_and_cites_in_one_parenthesis() -> None:
    lecun, vaswani = _records(DEEP_LEARNING)
    formatted = citing.format_records([vaswani, lecun], style="apa")
    assert [entry.split(",")[0] for entry in formatted.entries] == ["LeCun", "Vaswani"]
    # Two authors are both named, joined by "&"; citations in one parenthesis, by author.
    assert formatted.citation == "(LeCun et al., 2015; Vaswani & Shazeer, 2017)"
    assert formatted.bibliography == "".join(entry + "\n" for entry in formatted.entries)


def test_ieee_numbers_in_citation_order_with_initials_first() -> None:
    lecun, vaswani = _records(DEEP_LEARNING)
    formatted = citing.format_records([vaswani, lecun], style="ieee")
    assert formatted.citation == "[1], [2]"
    first, second = formatted.entries
    assert first.startswith("[1]") and "A. Vaswani and N. Shazeer" in first
    assert "“Attention is all you need”" in first and "pp. 5998–6008" in first
    assert second.startswith("[2]")
    assert "Y. LeCun, Y. Bengio, and G. Hinton" in second
    assert "vol. 521, no. 7553, pp. 436–444, 2015" in second


@pytest.fixture(scope="module")
def gbt_records(corpus_dir: Path) -> dict[str, Record]:
    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    return {record.citekey or "": record for record in _records(text)}


def test_gbt7714_writes_chinese_entries_as_the_standard_shows(
    gbt_records: dict[str, Record],
) -> None:
    # GB/T 7714-2015 section 8: names family first, unspaced, "等" after three authors,
    # the type code after the title ([J] a journal, OL online), "year, volume(issue): pages".
    article = gbt_records["4.4.2:3"]  # 李炳穆, 韩国图书馆法, 图书情报工作 2008, with a URL
    formatted = citing.format_records(
        [article], style="china-national-standard-gb-t-7714-2015-numeric"
    )
    assert formatted.entries == (
        "[1]李炳穆. 韩国图书馆法[J/OL]. 图书情报工作, 2008, 52(6): 6-21. "
        "http://www.docin.com/p-400265742.html.",
    )
    many = citing.format_records(
        [gbt_records["4.4.2:1"]], style="china-national-standard-gb-t-7714-2015-numeric"
    )
    assert many.entries[0].startswith("[1]袁训来, 陈哲, 肖书海, 等. 蓝田生物群")
    assert "科学通报, 2012, 57(34): 3219." in many.entries[0]


def test_gbt7714_type_code_for_an_entry_without_a_link(gbt_records: dict[str, Record]) -> None:
    formatted = citing.format_records(
        [gbt_records["4.4.2:1"]], style="china-national-standard-gb-t-7714-2015-numeric"
    )
    assert "蓝田生物群[J]." in formatted.entries[0]


def test_a_style_is_a_known_id_or_a_csl_file(tmp_path: Path) -> None:
    assert citing.style_path("apa").name == "apa.csl"
    with pytest.raises(InvalidInputError, match="not a citation style Papershelf knows"):
        citing.style_path("no-such-style")
    with pytest.raises(InvalidInputError, match="no citation style file"):
        citing.style_path(str(tmp_path / "mine.csl"))
    own = tmp_path / "mine.csl"
    own.write_text(citing.style_path("ieee").read_text(encoding="utf-8"), encoding="utf-8")
    lecun, _ = _records(DEEP_LEARNING)
    assert citing.format_records([lecun], style=str(own)).citation == "[1]"
    # The user edits their style: the next citation follows it.
    own.write_text(citing.style_path("apa").read_text(encoding="utf-8"), encoding="utf-8")
    later = own.stat().st_mtime_ns + 1_000_000_000
    os.utime(own, ns=(later, later))
    assert citing.format_records([lecun], style=str(own)).citation == "(LeCun et al., 2015)"
    broken = tmp_path / "broken.csl"
    broken.write_text("<style>", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="not a CSL citation style"):
        citing.format_records([lecun], style=str(broken))


def test_an_unknown_output_form_is_refused() -> None:
    with pytest.raises(InvalidInputError, match="text, html, markdown"):
        citing.format_records([], style="apa", output="rtf")


def test_the_library_cites_its_papers_in_the_order_given(library: Library) -> None:
    lecun, vaswani = _records(DEEP_LEARNING)
    ids = library.add_records([lecun, vaswani])
    formatted = library.cite(list(reversed(ids)), style="ieee")
    assert "Vaswani" in formatted.entries[0] and "LeCun" in formatted.entries[1]


def test_an_unchanged_list_is_not_formatted_again_and_an_edit_is_seen(
    library: Library, monkeypatch: pytest.MonkeyPatch
) -> None:
    lecun, vaswani = _records(DEEP_LEARNING)
    ids = library.add_records([lecun, vaswani])
    first = library.cite(ids, style="apa")
    formatted: list[int] = []
    original = citing.format_records

    def counting(records: list[Record], **given: Any) -> citing.Formatted:
        formatted.append(len(records))
        return original(records, **given)

    monkeypatch.setattr(citing, "format_records", counting)
    assert library.cite(ids, style="apa") == first and formatted == []
    library.update_paper(ids[0], expected_version=None, title="Deep learning, revisited")
    again = library.cite(ids, style="apa")
    assert formatted == [2] and "Deep learning, revisited" in again.entries[0]
    assert library.cite(ids, style="apa", output="html") != again  # another form: formatted
    with pytest.raises(NotFoundError):
        library.cite([12345], style="apa")


def test_a_bibliography_tells_each_entry_formatted_and_stops_when_cancelled(
    library: Library,
) -> None:
    ids = library.add_records(_records(DEEP_LEARNING))
    told: list[tuple[int, int]] = []
    formatted = library.bibliography(ids, style="apa", progress=lambda *t: told.append(t))
    assert told == [(0, 2), (1, 2), (2, 2)]  # read, then each entry as citeproc formats it
    cited = library.cite(ids, style="apa")
    assert formatted.entries == cited.entries and formatted.citation == ""  # a file needs none
    library.update_paper(ids[0], expected_version=None, title="Deep learning, revisited")
    told.clear()
    with pytest.raises(ExportCancelled):
        library.bibliography(
            ids, style="apa", cancel=lambda: len(told) == 2, progress=lambda *t: told.append(t)
        )
    assert told == [(0, 2), (1, 2)]
    # Cancelled, nothing was kept as if formatted: asked again, it is formatted whole.
    again = library.bibliography(ids, style="apa")
    assert "Deep learning, revisited" in again.entries[0] and len(again.entries) == 2


@pytest.mark.parametrize("style", ["apa", "ieee"])
def test_a_citation_alone_is_the_one_cited_and_stops_when_cancelled(
    library: Library, style: str
) -> None:
    # Copy as Citation formatted every reference too, and heard no Cancel.
    ids = library.add_records(_records(DEEP_LEARNING))
    told: list[tuple[int, int]] = []
    alone = library.citation(ids, style=style, progress=lambda *t: told.append(t))
    assert told == [(0, 2), (2, 2)]  # read, then cited
    assert alone.citation == library.cite(ids, style=style).citation and alone.entries == ()
    html = library.citation(ids, style=style, output="html")
    assert html.citation == library.cite(ids, style=style, output="html").citation
    library.update_paper(ids[0], expected_version=None, title="Deep learning, revisited")
    with pytest.raises(ExportCancelled):
        library.citation(ids, style=style, cancel=lambda: True)


def test_markdown_writes_apa_italics_as_emphasis_and_escapes_the_papers_text() -> None:
    # The same APA 7 reference as above, with italics written *...*; the "&" before the last
    # author and any Markdown syntax in the paper's own text are escaped.
    lecun, _ = _records(DEEP_LEARNING)
    md = citing.format_records([lecun], style="apa", output="markdown")
    assert md.entries == (
        r"LeCun, Y., Bengio, Y., \& Hinton, G. (2015). Deep learning. *Nature*, "
        "*521*(7553), 436–444. https://doi.org/10.1038/nature14539",
    )
    assert md.citation == r"(LeCun et al., 2015)"
    [odd] = _records(
        "@article{x, author = {Smith_Jones, Bob}, title = {On *stars* and [links]},"
        " journal = {J}, year = {2020}}"
    )
    entry = citing.format_records([odd], style="apa", output="markdown").entries[0]
    assert entry == r"Smith\_Jones, B. (2020). On \*stars\* and \[links\]. *J*."


def test_markdown_bibliography_is_one_paragraph_per_entry() -> None:
    lecun, vaswani = _records(DEEP_LEARNING)
    md = citing.format_records([vaswani, lecun], style="apa", output="markdown")
    assert md.bibliography == md.entries[0] + "\n\n" + md.entries[1] + "\n"


def test_html_escapes_markup_in_the_papers_text() -> None:
    [odd] = _records(
        r"@article{x, author = {Doe, Jane}, title = {Why <b> is \& stays text},"
        " journal = {J}, year = {2020}}"
    )
    html = citing.format_records([odd], style="apa", output="html").entries[0]
    assert html == "Doe, J. (2020). Why &lt;b&gt; is &amp; stays text. <i>J</i>."


def test_two_threads_formatting_at_once_each_get_their_own_form() -> None:
    """The parsed style is shared; citeproc-py keeps the output form on it, so formatting
    HTML and Markdown at the same moment once gave one the other's markup."""
    from concurrent.futures import ThreadPoolExecutor

    record = Record(
        entry_type="article",
        title="Long Short-Term Memory",
        authors=[Person(given="Sepp", family="Hochreiter")],
        journal="Neural Computation",
        year=1997,
    )
    records = [record] * 30

    def formatted(output: str) -> tuple[str, ...]:
        return citing.format_records(records, style="apa", output=output).entries

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(formatted, ["html", "markdown"] * 6))
    for output, entries in zip(["html", "markdown"] * 6, results, strict=True):
        if output == "html":
            assert all("<i>Neural Computation</i>" in entry for entry in entries)
        else:
            assert all("*Neural Computation*" in entry and "<i>" not in entry for entry in entries)


def test_math_in_a_title_is_written_out_in_a_reference() -> None:
    from desktop.core.citing import format_records
    from desktop.core.formats.record import Person, Record

    record = Record(
        title="$^{13}$C NMR of H$_2$O", year=2021, authors=[Person(given="A.", family="Smith")]
    )
    formatted = format_records([record], style="apa")
    assert "¹³C NMR of H₂O" in formatted.entries[0]
    assert "$" not in formatted.entries[0]


# Two books that hold only a date no style can read as one (a copyright year "c1988", a
# year guessed "[1936]"), as in GB/T 7714-2015's 8.4.3.3, between two real papers.
ONLY_A_DATE = r"""@book{copyright-year-only,
  date = {c1988},
}
@book{guessed-year-only,
  date = {[1936]},
}
"""


def test_papers_a_style_writes_nothing_for_are_named_not_dropped_in_silence() -> None:
    # MLA writes an entry from the author, title and container; a book with none of them
    # comes out empty (citeproc-py left it out of the list without a word).
    lecun, vaswani = _records(DEEP_LEARNING)
    copyright_only, guessed_only = _records(ONLY_A_DATE)
    formatted = citing.format_records(
        [copyright_only, lecun, guessed_only, vaswani], style="modern-language-association"
    )
    assert len(formatted.entries) == 2
    assert formatted.entries[0].startswith("LeCun, ") and "Deep Learning" in formatted.entries[0]
    assert formatted.entries[1].startswith("Vaswani, ") and "Attention" in formatted.entries[1]
    assert formatted.unwritten == ("copyright-year-only", "guessed-year-only")
    assert formatted.unwritten_sentence() == (
        "The style modern-language-association writes nothing for 2 papers, which hold none "
        "of the fields the style uses (a title, authors, a container…): copyright-year-only, "
        "guessed-year-only."
    )
    alone = citing.format_records([guessed_only], style="modern-language-association")
    assert alone.entries == () and alone.unwritten == ("guessed-year-only",)
    assert str(alone.unwritten_sentence()).startswith(
        "The style modern-language-association writes nothing for guessed-year-only: it holds"
    )
    # APA writes something for each (the date), so nothing is left to tell.
    apa = citing.format_records([copyright_only, lecun], style="apa")
    assert len(apa.entries) == 2 and apa.unwritten == () and apa.unwritten_sentence() is None


def test_a_long_list_of_papers_without_an_entry_is_named_in_part_and_counted() -> None:
    many = [
        Record(entry_type="book", citekey=f"empty{n}", extra={"date": "c1988"}) for n in range(12)
    ]
    formatted = citing.format_records(many, style="modern-language-association")
    assert formatted.entries == () and len(formatted.unwritten) == 12
    told = str(formatted.unwritten_sentence())
    assert told.endswith(": " + ", ".join(f"empty{n}" for n in range(10)) + " and 2 more.")
