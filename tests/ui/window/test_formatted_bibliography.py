"""The detail pane's formatted reference and "Export as Formatted Bibliography…"."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QPushButton
from pytestqt.qtbot import QtBot

from desktop.core.errors import ExportCancelled
from desktop.core.formats.record import Person, Record
from desktop.ui import file_dialogs, prompts
from desktop.ui.background.workers import Worker
from desktop.ui.dialogs import citations
from desktop.ui.window import bibliography_export, paper_menu
from desktop.ui.window.main_window import MainWindow

# APA 7, checked by hand: "Family, I. (Year). Title of the article. *Journal*." (the
# title as the library holds it: citeproc-py does not sentence-case).
LSTM_APA = "Hochreiter, A. (1997). Long Short-Term Memory. Neural Computation."


def _id_of(window: MainWindow, title: str) -> int:
    library = window.library
    return next(i for i, row in library.rows(library.view_ids()).items() if row.title == title)


def _preview_says(window: MainWindow, qtbot: QtBot, expected: str) -> None:
    preview = window.detail.citation
    qtbot.waitUntil(lambda: preview.toPlainText().strip() == expected, timeout=10_000)


def test_the_preview_shows_the_apa_reference_and_follows_the_selection(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.select_ids([_id_of(window, "Long Short-Term Memory")])
    _preview_says(window, qtbot, LSTM_APA)
    preview = window.detail.citation
    assert preview.isReadOnly()
    # The journal in italics, as APA writes it.
    found = preview.document().find("Neural Computation")
    assert not found.isNull()
    assert found.charFormat().fontItalic()
    window.select_ids([_id_of(window, "Attention Is All You Need")])
    qtbot.waitUntil(
        lambda: preview.toPlainText().startswith("Vaswani, A. (2017). Attention Is All You Need."),
        timeout=10_000,
    )


def test_the_preview_follows_the_chosen_style_and_tells_a_bad_one_in_a_sentence(
    window: MainWindow, qtbot: QtBot, settings: QSettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    window.select_ids([_id_of(window, "Long Short-Term Memory")])
    _preview_says(window, qtbot, LSTM_APA)
    monkeypatch.setattr(citations, "choose_style", _choosing(settings, "ieee"))
    window.manuscript.citation_style_action.trigger()
    # IEEE: "[1] A. Hochreiter, ..." (initials first, numbered).
    preview = window.detail.citation
    qtbot.waitUntil(lambda: preview.toPlainText().startswith("[1]"), timeout=10_000)
    assert "A. Hochreiter" in preview.toPlainText()
    monkeypatch.setattr(citations, "choose_style", _choosing(settings, "no-such-style"))
    window.manuscript.citation_style_action.trigger()
    qtbot.waitUntil(
        lambda: preview.toPlainText().startswith("“no-such-style” is not a citation style"),
        timeout=10_000,
    )
    assert "Traceback" not in preview.toPlainText()


def test_the_preview_shows_a_titles_markup_as_text(window: MainWindow, qtbot: QtBot) -> None:
    record = Record(
        title='<img src="/dev/zero"><b>Bold</b> claims',
        year=2001,
        authors=[Person(given="B.", family="Roe")],
        journal="J",
    )
    paper_id = window.library.add_paper(record).id
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 6, timeout=10_000)
    window.select_ids([paper_id])
    preview = window.detail.citation
    qtbot.waitUntil(lambda: "claims" in preview.toPlainText(), timeout=10_000)
    assert '<img src="/dev/zero"><b>Bold</b> claims' in preview.toPlainText()


def _choosing(settings: QSettings, style: str) -> Any:
    def choose(_parent: Any, _settings: Any) -> str:
        settings.setValue(citations.STYLE_KEY, style)
        return style

    return choose


@pytest.mark.parametrize(
    ("form", "expected"),
    [
        # APA 7: the authors in alphabetical order, the journal in italics.
        ("text", LSTM_APA + "\n"),
        ("markdown", "Hochreiter, A. (1997). Long Short-Term Memory. *Neural Computation*.\n"),
        (
            "html",
            "<p>Hochreiter, A. (1997). Long Short-Term Memory. <i>Neural Computation</i>.</p>\n",
        ),
    ],
)
def test_export_as_formatted_bibliography_in_each_form(
    window: MainWindow,
    qtbot: QtBot,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    form: str,
    expected: str,
) -> None:
    chosen = next(f for f in bibliography_export.FORMS if f.output == form)
    offered: list[str] = []

    def save_dialog(_parent: Any, _title: str, _suggested: str, filters: str) -> tuple[str, str]:
        offered.extend(filters.split(";;"))
        return str(tmp_path / "refs"), chosen.file_filter()

    monkeypatch.setattr(file_dialogs.QFileDialog, "getSaveFileName", save_dialog)
    lstm = _id_of(window, "Long Short-Term Memory")
    resnet = _id_of(window, "Deep Residual Learning")
    window.select_ids([lstm, resnet])
    labels = [
        a.text()
        for a in paper_menu.build(
            window,
            window.organiser,
            window.window_actions.open_action,
            manuscript=window.manuscript,
        ).actions()
    ]
    assert "Export as Formatted Bibliography…" in labels
    file_menu = window.menuBar().actions()[0].menu()
    assert window.manuscript.export_bibliography_action in file_menu.actions()
    export = window.manuscript.bibliography_export
    with qtbot.waitSignal(export.finished, timeout=10_000) as written:
        window.manuscript.export_bibliography_action.trigger()
    assert written.args == [2]
    assert len(offered) == 3
    target = tmp_path / f"refs{chosen.extension}"
    text = target.read_text(encoding="utf-8")
    assert expected in text
    # APA orders by author: He before Hochreiter.
    assert text.index("He, A. (2016). Deep Residual Learning.") < text.index("Hochreiter")
    if form == "html":
        assert text.startswith(
            "<html>\n<head>\n<meta charset='utf-8'>\n<title>refs</title>"
        ) and text.rstrip().endswith("</html>")
    else:
        assert "<" not in text
    assert not list(tmp_path.glob(".*.part"))


def test_a_folder_that_cannot_be_written_is_told_as_a_sentence(
    window: MainWindow, tmp_path: Path, qtbot: QtBot, scripted: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "missing" / "refs.txt"
    monkeypatch.setattr(bibliography_export, "ask_target", lambda _p, _s: (target, "text"))
    window.select_ids([_id_of(window, "Long Short-Term Memory")])
    window.manuscript.export_bibliography_action.trigger()
    qtbot.waitUntil(lambda: bool(scripted.errors), timeout=10_000)
    (error,) = scripted.errors
    assert error.startswith(f"Papershelf could not write {target}: ")
    assert not window.manuscript.bibliography_export.busy


def test_every_paper_a_search_finds_is_exported_as_a_bibliography(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bib = "".join(
        f"@article{{tok{n}, title = {{Tokamak study {n}}}, author = {{Roe, B.}}, "
        f"journal = {{J}}, year = {{2000}}}}\n"
        for n in range(120)
    )
    window.library.import_text(bib)
    window.transfers.refresh_from_others()
    with qtbot.waitSignal(window.search_finished, timeout=20_000):
        window.search_bar.field.setText("tokamak")
    # 120 titles and the small library's abstract about tokamaks, nothing selected.
    assert len(window.shown_ids()) == 121 and not window.has_selection()
    file_menu = window.menuBar().actions()[0].menu()
    assert window.manuscript.export_shown_bibliography_action in file_menu.actions()
    target = tmp_path / "tokamak.txt"
    monkeypatch.setattr(bibliography_export, "ask_target", lambda _p, _s: (target, "text"))
    export = window.manuscript.bibliography_export
    window.manuscript.update_actions()
    assert window.manuscript.export_shown_bibliography_action.isEnabled()
    with qtbot.waitSignal(export.finished, timeout=60_000) as written:
        window.manuscript.export_shown_bibliography_action.trigger()
    assert written.args == [121]
    text = target.read_text(encoding="utf-8")
    assert len(text.splitlines()) == 121
    assert text.count("Tokamak study") == 120


def test_the_export_dialog_counts_the_references_formatted(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "refs.txt"
    monkeypatch.setattr(bibliography_export, "ask_target", lambda _p, _s: (target, "text"))
    export = window.manuscript.bibliography_export
    window.manuscript.export_shown_bibliography_action.trigger()
    dialog = export._dialog
    assert dialog is not None and dialog.maximum() == 5  # not a busy indicator
    assert dialog.labelText() == "Formatting 5 references for refs.txt…"
    seen: list[tuple[int, int, str]] = []
    assert export._worker is not None
    export._worker.progressed.connect(
        lambda *_told: seen.append((dialog.value(), dialog.maximum(), dialog.labelText()))
    )
    with qtbot.waitSignal(export.finished, timeout=20_000):
        pass
    # One by one as citeproc formats them, after it sorted all five.
    for done in range(1, 5):
        assert (done, 5, f"{done} of 5 references formatted for refs.txt…") in seen
    # At 5 of 5 the dialog resets itself (its value is -1 again) and goes.
    assert seen[-1][1:] == (5, "5 of 5 references formatted for refs.txt…")
    assert len(target.read_text(encoding="utf-8").splitlines()) == 5


def test_cancel_stops_the_formatting_and_leaves_the_chosen_file_as_it_was(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "refs.txt"
    target.write_text("the references I wrote by hand\n", encoding="utf-8")
    monkeypatch.setattr(bibliography_export, "ask_target", lambda _p, _s: (target, "text"))
    formatting, cancelled = threading.Event(), threading.Event()
    told: list[int] = []
    real = window.library.bibliography

    def slow(paper_ids: list[int], **given: Any) -> Any:
        progress = given.pop("progress")

        def held(done: int, total: int) -> None:
            told.append(done)
            progress(done, total)
            if done == 2:  # two formatted of five when Cancel is pressed
                formatting.set()
                cancelled.wait(10)

        return real(paper_ids, progress=held, **given)

    monkeypatch.setattr(window.library, "bibliography", slow)
    export = window.manuscript.bibliography_export
    done: list[int] = []
    export.finished.connect(done.append)
    window.manuscript.export_shown_bibliography_action.trigger()
    assert export.busy and export._dialog is not None
    cancel = export._dialog.findChild(QPushButton)  # the dialog's Cancel button
    assert cancel is not None and cancel.text() == "Cancel"
    assert formatting.wait(20)
    cancel.click()
    assert not export.busy  # the window is the user's again, without waiting
    cancelled.set()
    for worker in export.findChildren(Worker):
        worker.wait(10)
    qtbot.wait(50)
    assert told == [0, 1, 2]  # it stopped formatting, not just writing
    assert target.read_text(encoding="utf-8") == "the references I wrote by hand\n"
    assert not list(tmp_path.glob(".*.part")) and done == []


class _CancelledAtTheEnd:
    """A job whose user presses Cancel as the last reference is formatted."""

    def __init__(self) -> None:
        self.cancelled = False

    def report(self, done: int, total: int) -> None:
        self.cancelled = done == total

    def is_cancelled(self) -> bool:
        return self.cancelled


def test_a_cancel_after_the_formatting_writes_nothing(window: MainWindow, tmp_path: Path) -> None:
    target = tmp_path / "refs.md"
    with pytest.raises(ExportCancelled):
        bibliography_export.write_bibliography(
            window.library,
            window.shown_ids(),
            to=target,
            style="apa",
            output="markdown",
            job=_CancelledAtTheEnd(),  # type: ignore[arg-type]
        )
    assert not target.exists() and not list(tmp_path.glob(".*.part"))


def test_a_paper_the_style_writes_nothing_for_is_told_in_the_preview_the_copy_and_the_file(
    window: MainWindow,
    qtbot: QtBot,
    settings: QSettings,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A book holding only a year no style can read ("c1988", as in GB/T 7714's 8.4.3.3):
    # MLA writes nothing for it, which was a blank preview and a paper left out of a copy
    # or a file without a word.
    only_a_date = window.library.add_paper(
        Record(entry_type="book", citekey="copyright-year-only", extra={"date": "c1988"})
    ).id
    assert only_a_date is not None
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 6, timeout=10_000)
    lstm = _id_of(window, "Long Short-Term Memory")
    monkeypatch.setattr(
        citations, "choose_style", _choosing(settings, "modern-language-association")
    )
    window.manuscript.citation_style_action.trigger()
    window.select_ids([only_a_date])
    _preview_says(
        window,
        qtbot,
        "The style modern-language-association writes nothing for copyright-year-only: it "
        "holds none of the fields the style uses (a title, authors, a container…); add one "
        "and format again.",
    )
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(prompts, "show_info", lambda _p, title, text: told.append((title, text)))
    window.select_ids([lstm, only_a_date])
    window.manuscript.copy_bibliography_action.trigger()
    copied = QGuiApplication.clipboard().text()
    assert copied.startswith("Hochreiter, A.") and copied.count("\n") == 1
    assert told == [
        (
            "Copy",
            "The style modern-language-association writes nothing for copyright-year-only: it "
            "holds none of the fields the style uses (a title, authors, a container…); add "
            "one and format again.",
        )
    ]
    told.clear()
    chosen = next(f for f in bibliography_export.FORMS if f.output == "text")
    monkeypatch.setattr(
        file_dialogs.QFileDialog,
        "getSaveFileName",
        lambda *_a: (str(tmp_path / "refs.txt"), chosen.file_filter()),
    )
    export = window.manuscript.bibliography_export
    with qtbot.waitSignal(export.finished, timeout=10_000) as written:
        window.manuscript.export_bibliography_action.trigger()
    assert written.args == [1]
    assert (tmp_path / "refs.txt").read_text(encoding="utf-8").startswith("Hochreiter, A.")
    assert len(told) == 1 and told[0][0] == "Export"
    assert told[0][1].startswith("Wrote 1 reference(s) to refs.txt. The style modern-language")
    assert "copyright-year-only" in told[0][1]
