"""citeproc-py's sort worked out in steps: a Cancel stops the sort of a large selection
before a single entry is formatted, and the order is the one citeproc-py gives at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.core import citeproc_sort_steps, citing
from desktop.core.formats.bibtex import reader
from desktop.core.formats.record import Record


class Stopped(Exception):
    pass


def _corpus_records(corpus_dir: Path) -> list[Record]:
    text = (corpus_dir / "gbt7714" / "gbt7714-2015-biblatex.bib").read_text(encoding="utf-8")
    records = reader.parse(text, "gbt.bib").records
    assert len(records) > 3 * 7
    return records


@pytest.mark.slow
@pytest.mark.parametrize(
    "style", ["apa", "china-national-standard-gb-t-7714-2015-author-date", "ieee"]
)
def test_the_order_is_citeproc_pys_own(
    style: str, corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from citeproc import model

    records = _corpus_records(corpus_dir)
    monkeypatch.setattr(citeproc_sort_steps, "CHUNK", 7)  # many chunks, one cut mid-list
    heard: list[tuple[int, int]] = []
    stepped = citing.format_records(
        records, style=style, citation=False, progress=lambda *told: heard.append(told)
    )
    sorting = [told for told in heard if told[0] == 0]
    if style != "ieee":  # IEEE orders by citation number: no keys to work out
        assert len(sorting) >= len(records) // 7 - 1
    with monkeypatch.context() as patch:
        patch.setattr(model.Key, "sort_keys", citeproc_sort_steps.uncorrected)
        whole = citing.format_records(records, style=style, citation=False)
    assert stepped.entries == whole.entries


def test_a_cancel_stops_the_sort_before_any_entry_is_formatted(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = _corpus_records(corpus_dir)
    monkeypatch.setattr(citeproc_sort_steps, "CHUNK", 5)
    heard: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        heard.append((done, total))
        if len(heard) == 3:  # the user presses Cancel while the entries are sorted
            raise Stopped

    with pytest.raises(Stopped):
        citing.format_records(records, style="apa", citation=False, progress=progress)
    assert heard == [(0, len(records))] * 3


@pytest.mark.slow
def test_the_citations_own_sort_is_heard_too(
    corpus_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # APA sorts the papers of an in-text citation again, as long as the bibliography's
    # sort: a Cancel of Copy as Citation waited for it.
    from citeproc import model

    records = _corpus_records(corpus_dir)
    monkeypatch.setattr(citeproc_sort_steps, "CHUNK", 7)
    heard: list[tuple[int, int]] = []
    citing.format_records(
        records,
        style="apa",
        citation=False,
        references=False,
        progress=lambda *told: heard.append(told),
    )
    bibliography_sorted = heard.count((0, len(records)))
    heard.clear()
    stepped = citing.format_records(
        records, style="apa", references=False, progress=lambda *told: heard.append(told)
    )
    # The bibliography's sort is heard, then the citation's, chunk by chunk.
    assert heard.count((0, len(records))) >= bibliography_sorted + len(records) // 7 - 1
    assert heard[-1] == (len(records), len(records)) and stepped.entries == ()
    with monkeypatch.context() as patch:
        patch.setattr(model.Key, "sort_keys", citeproc_sort_steps.uncorrected)
        whole = citing.format_records(records, style="apa")
    assert stepped.citation == whole.citation


def test_without_a_listener_the_keys_are_worked_out_at_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from citeproc import model

    citing.format_records([Record(title="Moons", year=2019)], style="apa")  # installs it
    calls: list[int] = []

    def counted(key: object, items: list[object], context: object) -> list[object]:
        calls.append(len(items))
        return [None] * len(items)

    monkeypatch.setattr(citeproc_sort_steps, "uncorrected", counted)
    monkeypatch.setattr(citeproc_sort_steps, "CHUNK", 2)
    assert model.Key.sort_keys(object(), list(range(5)), None) == [None] * 5
    assert calls == [5]
    heard: list[None] = []
    with citeproc_sort_steps.heard_by(lambda: heard.append(None)):
        assert model.Key.sort_keys(object(), list(range(5)), None) == [None] * 5
        assert model.Key.sort_keys(object(), list(range(2)), None) == [None] * 2
    assert calls == [5, 2, 2, 1, 2] and len(heard) == 2  # between the chunks only
