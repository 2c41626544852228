"""The import problems pane after a real RIS + CSL-JSON import from the corpus: the one
entry that could not be read first, warnings apart, several fixed or dismissed at once."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
from core.importing.test_problem_kinds import corpus_ris_and_csl_json
from core.importing.test_storing import crowded_and_warned_files
from pdf_maker import write_pdf
from pytestqt.qtbot import QtBot
from ui.conftest import ScriptedPrompts

from desktop.core.api import ImportReport
from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.models.sidebar_model import PROBLEMS_VIEW
from desktop.ui.selection import select_only
from desktop.ui.window.main_window import MainWindow


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def _show(qtbot: QtBot, window: MainWindow, corpus_dir: Path, tmp_path: Path) -> list[str]:
    report = window.library.import_files(corpus_ris_and_csl_json(corpus_dir, tmp_path))
    _settle(qtbot, window)
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    assert window.center.currentWidget() is window.problems_panel
    return [summary([report])]


def _kinds(window: MainWindow) -> list[str]:
    tree = window.problems_panel.tree
    return [tree.topLevelItem(row).text(0) for row in range(tree.topLevelItemCount())]


def test_the_failure_is_first_and_warnings_are_not_counted_as_unread(
    window: MainWindow, qtbot: QtBot, corpus_dir: Path, tmp_path: Path
) -> None:
    (sentence,) = _show(qtbot, window, corpus_dir, tmp_path)
    panel = window.problems_panel
    kinds = _kinds(window)
    assert kinds[0] == "Error" and set(kinds[1:]) == {"Warning"}
    warnings = len(kinds) - 1
    # Only the failure is an entry that could not be read; the warnings are told apart.
    assert "; 1 entry could not be read; " in sentence
    assert sentence.endswith(" warnings.")
    assert panel.summary.text() == f"1 entry could not be read; {warnings} warnings"
    first = panel.tree.topLevelItem(0)
    assert first.text(1) == "zotero.json" and first.text(2).isdigit()
    assert all(panel.tree.topLevelItem(r).text(1) for r in range(panel.count()))
    assert '"not an item"' in panel.editor.toPlainText()
    assert panel.retry_button.isEnabled()
    # A warning's entry was imported: nothing to import again.
    panel.tree.clearSelection()
    panel.tree.topLevelItem(1).setSelected(True)
    assert not panel.retry_button.isEnabled() and panel.dismiss_button.isEnabled()
    panel.show_warnings.setChecked(False)
    assert _kinds(window) == ["Error"]


def test_warnings_dismissed_at_once_then_the_rest_after_asking(
    window: MainWindow,
    qtbot: QtBot,
    corpus_dir: Path,
    tmp_path: Path,
    scripted: ScriptedPrompts,
) -> None:
    _show(qtbot, window, corpus_dir, tmp_path)
    panel = window.problems_panel
    panel.dismiss_warnings_button.click()
    _settle(qtbot, window)
    assert _kinds(window) == ["Error"]
    assert not panel.dismiss_warnings_button.isEnabled()
    scripted.confirm_answer = False
    panel.dismiss_all_button.click()
    _settle(qtbot, window)
    assert scripted.asked == ["Dismiss all"] and _kinds(window) == ["Error"]
    scripted.confirm_answer = True
    panel.dismiss_all_button.click()
    _settle(qtbot, window)
    assert window.library.import_problems() == [] and not panel.empty.isHidden()


def test_several_selected_entries_are_fixed_and_imported_together(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "broken.bib"
    path.write_text(
        "@article{a, title = {First never closed\n\n@article{b title = {Second}}\n",
        encoding="utf-8",
    )
    window.library.import_file(path)
    _settle(qtbot, window)
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    panel = window.problems_panel
    panel.tree.selectAll()
    assert len(panel.selected_ids()) == panel.count()
    shown = panel.editor.toPlainText()
    assert "First never closed" in shown
    panel.editor.setPlainText("@article{a, title={First}}\n@article{b, title={Second}}\n")
    panel.retry_button.click()
    _settle(qtbot, window)
    assert window.library.import_problems() == []
    titles = {r.title for r in window.library.rows(window.library.view_ids()).values()}
    assert {"First", "Second"} <= titles


def test_the_import_sentence_counts_the_warnings_the_pane_lists(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    # "At least 12 papers share one title…" was one warning more in the sentence than the
    # pane listed; it is said on the duplicates page, beside the list it is about.
    report = window.library.import_files(crowded_and_warned_files(tmp_path))
    _settle(qtbot, window)
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    listed = window.problems_panel.count()
    assert listed == 1
    assert summary([report]).endswith("; 1 warning.")
    dialog = ImportReportDialog(window.library, [report], window)
    qtbot.addWidget(dialog)
    assert dialog.problems.topLevelItemCount() == listed
    assert not dialog.duplicate_notes.isHidden()
    assert dialog.duplicate_notes.text().startswith("At least 12 papers share one title")


def _pdfs_with_problems(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """A damaged PDF (an error), and one naming a DOI whose lookup fails (a warning)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed = f"http://127.0.0.1:{probe.getsockname()[1]}"
    monkeypatch.setenv("PAPERSHELF_CROSSREF_URL", closed)
    damaged = tmp_path / "damaged.pdf"
    damaged.write_bytes(b"%PDF-1.4\n" + b"garbage " * 40)
    named = write_pdf(
        tmp_path / "download.pdf",
        [[(16, "Deep learning"), (9, "Nature 521, 436-444 (2015) doi:10.1038/nature14539")]],
    )
    return [damaged, named]


def test_pdf_import_problems_are_listed_and_not_offered_as_text_to_fix(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # They were told by the report only, so the pane stayed empty after it was closed;
    # once kept, an empty editor with "Import the corrected text" would have invited an
    # entry typed in as if it were the PDF's.
    with qtbot.waitSignal(window.transfers.import_flow.finished, timeout=30_000):
        window.transfers.import_files([str(p) for p in _pdfs_with_problems(tmp_path, monkeypatch)])
    _settle(qtbot, window)
    said = window.statusBar().currentMessage()
    assert said == "Imported 1 paper; 1 entry could not be read; 1 warning."
    report = window.transfers.report_dialog
    assert report is not None
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    panel = window.problems_panel
    assert window.center.currentWidget() is panel
    assert _kinds(window) == ["Error", "Warning"]
    assert report.problems.topLevelItemCount() == panel.count()
    assert panel.summary.text() == "1 entry could not be read; 1 warning"
    rows = [panel.tree.topLevelItem(row) for row in range(panel.count())]
    assert [row.text(1) for row in rows] == ["damaged.pdf", "download.pdf"]
    assert rows[0].toolTip(1) == str(tmp_path / "damaged.pdf")  # where to find it
    assert "damaged.pdf could not be read as a PDF" in rows[0].text(3)
    for row in rows:
        select_only(panel.tree, row)
        assert not panel.retry_button.isEnabled() and panel.dismiss_button.isEnabled()
        assert panel.editor.isHidden() and not panel.no_text.isHidden()
        assert "no text to correct" in panel.no_text.text()
    report.close()


def test_a_bibtex_entry_and_a_pdf_chosen_together_are_not_retried(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    broken = tmp_path / "broken.bib"
    broken.write_text("@article{a, title = {Never closed\n", encoding="utf-8")
    window.library.import_files([broken, *_pdfs_with_problems(tmp_path, monkeypatch)[:1]])
    _settle(qtbot, window)
    window.sidebar.setCurrentIndex(window.sidebar_model.index_of(PROBLEMS_VIEW))
    panel = window.problems_panel
    rows = [panel.tree.topLevelItem(row) for row in range(panel.count())]
    assert sorted(row.text(1) for row in rows) == ["broken.bib", "damaged.pdf"]
    select_only(panel.tree, next(row for row in rows if row.text(1) == "broken.bib"))
    assert "Never closed" in panel.editor.toPlainText()  # an entry's text: fixable
    assert panel.retry_button.isEnabled() and not panel.editor.isHidden()
    # Retried with the entry's fixed text, the PDF's problem would go as if fixed.
    panel.tree.selectAll()
    assert not panel.retry_button.isEnabled() and not panel.no_text.isHidden()


def test_a_pdf_attached_to_a_paper_one_had_is_said_in_the_sentence() -> None:
    report = ImportReport(source="x.pdf", format="pdf", attached_to=[3])
    assert summary([report]) == "Imported 0 papers; 1 PDF attached to a paper you had."
