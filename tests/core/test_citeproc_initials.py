"""The correction to citeproc-py's initials: a style that says `initialize="false"` (MLA,
Chicago) writes given names whole, and a style that initializes is unchanged."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core import citeproc_initials, citing
from desktop.core.formats.bibtex import reader

PAPERS = r"""@article{lecun2015,
  author = {LeCun, Yann and Bengio, Yoshua and Hinton, Geoffrey},
  title = {Deep learning}, journal = {Nature}, volume = {521}, number = {7553},
  pages = {436--444}, year = {2015},
}
@book{kirk2001,
  author = {Kirk, James T and Tolkien, J.R.R. and Sartre, Jean-Paul},
  title = {Star log}, publisher = {Federation Press}, year = {2001},
}
"""


def _entries(style: str) -> list[str]:
    records = reader.parse(PAPERS, "test.bib").records
    return [citing.format_records([record], style=style).entries[0] for record in records]


def test_mla_writes_the_first_authors_given_name_whole() -> None:
    # MLA 9 (5.6): "LeCun, Yann, et al." for three authors or more; a middle initial
    # keeps its period.
    lecun, kirk = _entries("modern-language-association")
    assert lecun.startswith("LeCun, Yann, et al. ")
    assert kirk.startswith("Kirk, James T., et al. Star Log. Federation Press, 2001.")


def test_chicago_writes_every_given_name_whole_and_marks_initials() -> None:
    # Chicago 17 (author-date): "LeCun, Yann, Yoshua Bengio, and Geoffrey Hinton. 2015."
    lecun, kirk = _entries("chicago-author-date")
    assert lecun.startswith("LeCun, Yann, Yoshua Bengio, and Geoffrey Hinton. 2015. ")
    assert kirk.startswith("Kirk, James T., J. R. R. Tolkien, and Jean-Paul Sartre. 2001. ")


def test_styles_that_initialize_still_do() -> None:
    # APA 7 and IEEE write initials only, hyphenated given names as "J.-P.".
    assert _entries("apa")[1].startswith("Kirk, J. T., Tolkien, J. R. R., & Sartre, J.-P. (2001).")
    assert _entries("ieee")[0].endswith(
        "Y. LeCun, Y. Bengio, and G. Hinton, “Deep learning”, "
        "Nature, vol. 521, no. 7553, pp. 436–444, 2015."
    )


@pytest.mark.parametrize(
    ("given", "mark", "written"),
    [
        ("James T", ". ", "James T."),
        ("J.R.R.", ". ", "J. R. R."),
        ("J.R.R.", ".", "J.R.R."),
        ("Jean-Paul", ". ", "Jean-Paul"),
        ("J.-P.", ". ", "J.-P."),
        ("Yann", ". ", "Yann"),
        ("A. Ngozi", ". ", "A. Ngozi"),
    ],
)
def test_a_whole_given_name_keeps_its_words_and_marks_its_initials(
    given: str, mark: str, written: str
) -> None:
    assert citeproc_initials._initials_marked(given, mark) == written


@pytest.mark.parametrize("style", ["apa", "ieee", "china-national-standard-gb-t-7714-2015-numeric"])
def test_styles_without_initialize_false_are_unchanged(
    style: str, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citeproc import model

    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    records = [r for r in reader.parse(text, "gbt.bib").records if r.editors or r.authors][::3]
    assert len(records) >= 30
    corrected = [citing.format_records([r], style=style).entries for r in records]
    with monkeypatch.context() as patch:
        patch.setattr(model.Name, "initialize", citeproc_initials.uncorrected)
        assert [citing.format_records([r], style=style).entries for r in records] == corrected
