"""The import problems pane after a real RIS + CSL-JSON import from the corpus: the one
entry that could not be read first, warnings apart, several fixed or dismissed at once."""

from __future__ import annotations

from pathlib import Path

from core.importing.test_problem_kinds import corpus_ris_and_csl_json
from core.importing.test_storing import crowded_and_warned_files
from pytestqt.qtbot import QtBot
from ui.conftest import ScriptedPrompts

from desktop.ui.dialogs.import_report import ImportReportDialog, summary
from desktop.ui.models.sidebar_model import PROBLEMS_VIEW
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
