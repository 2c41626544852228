"""The correction to citeproc-py's text case of labels: APA's "(Ed.)" and "(Eds.)" for
papers in English (or in no language said), the label left as it is for other languages,
and nothing else changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core import citeproc_labels, citing
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Person, Record

EDITOR = Person(given="Ann", family="Editor", as_written="Ann Editor")
SECOND = Person(given="Bo", family="Second", as_written="Bo Second")


def _book(*editors: Person, **extra: str) -> Record:
    return Record(
        title="Handbook of moons", year=2019, entry_type="book", editors=list(editors), extra=extra
    )


def _entry(record: Record, style: str = "apa") -> str:
    return citing.format_records([record], style=style).entries[0]


def test_apa_labels_editors_in_title_case() -> None:
    # APA 7 (10.3): "Editor, A. (Ed.)." for one editor, "(Eds.)" for several.
    assert _entry(_book(EDITOR)) == "Editor, A. (Ed.). (2019). Handbook of moons."
    assert _entry(_book(EDITOR, SECOND)) == (
        "Editor, A., & Second, B. (Eds.). (2019). Handbook of moons."
    )
    assert _entry(_book(EDITOR, language="en-GB")).startswith("Editor, A. (Ed.).")


def test_a_paper_in_another_language_keeps_the_label_as_the_style_writes_it() -> None:
    # CSL title-cases English text only.
    assert _entry(_book(EDITOR, language="zh-CN")).startswith("Editor, A. (ed.).")


@pytest.mark.parametrize(
    "style",
    [
        "china-national-standard-gb-t-7714-2015-numeric",
        "modern-language-association",
        "ieee",
    ],
)
def test_styles_without_title_cased_labels_are_unchanged(
    style: str, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citeproc import model

    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    records = [r for r in reader.parse(text, "gbt.bib").records if r.editors or r.authors][::3]
    assert len(records) >= 30
    corrected = [citing.format_records([r], style=style).entries for r in records]
    with monkeypatch.context() as patch:
        patch.setattr(model.Label, "render", citeproc_labels.uncorrected)
        assert [citing.format_records([r], style=style).entries for r in records] == corrected
