"""Editing many papers at once: the detail pane counts them and offers the bulk actions;
each bulk edit is one undo step, runs off the GUI thread, and can be cancelled."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot
from ui.conftest import cancel_after

from desktop.core.api import undo
from desktop.ui import prompts, undo_commands
from desktop.ui.background import progress
from desktop.ui.background.workers import Job
from desktop.ui.dialogs.set_field import SetFieldDialog
from desktop.ui.window.main_window import MainWindow


def _settle(qtbot: QtBot, window: MainWindow) -> None:
    window.operations.wait_idle()
    qtbot.waitUntil(lambda: not window._pending and not window._apply_timer.isActive())


def _select_all(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.table.setFocus()
    QTest.keyClick(window.table, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)


def test_select_all_says_how_many_with_the_bulk_actions(window: MainWindow, qtbot: QtBot) -> None:
    _select_all(window, qtbot)
    assert window.detail.pages.currentWidget() is window.detail.summary
    assert window.detail.summary.count_label.text() == "5 papers selected"
    offered = [b.defaultAction().text() for b in window.detail.summary.buttons]
    assert offered[:2] == ["Reading status", "Priority"]
    assert {"Tag…", "Add to List…", "Set Field…", "Move to Trash"} <= set(offered)
    window.select_ids([window.table_model.paper_id(0)])  # one again: its details
    assert window.detail.paper_id == window.table_model.paper_id(0)
    assert window.detail.pages.currentIndex() == 1


def _set_journal() -> None:
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, SetFieldDialog)
    dialog.field.setCurrentIndex(dialog.field.findData("journal"))
    dialog.value.setText("Nature")
    dialog.accept()


def test_a_field_status_tag_and_list_for_all_each_undone_in_one_step(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    monkeypatch.setattr(undo_commands, "CHUNK", 2)  # 5 papers: 3 steps, like 100k in 50
    _select_all(window, qtbot)
    ids = window.selected_ids()
    before = {i: library.paper(i).paper.journal for i in ids}
    QTimer.singleShot(0, _set_journal)
    window.editing.set_field_action.trigger()
    _settle(qtbot, window)
    assert {library.paper(i).paper.journal for i in ids} == {"Nature"}
    window.organiser.mark_read_action.trigger()
    monkeypatch.setattr(prompts, "ask_text", lambda *_a, **_k: "ocean")
    window.editing.tag_action.trigger()
    monkeypatch.setattr(prompts, "ask_item", lambda *_a, items, **_k: items[0])
    window.editing.add_to_list_action.trigger()
    _settle(qtbot, window)
    assert {library.paper(i).paper.status for i in ids} == {"read"}
    assert all("ocean" in [t.name for t in library.paper(i).tags] for i in ids)
    assert len(library.list_items("To read")) == 5
    assert window.undo_stack.count() == 4  # one step each, though each wrote 3 chunks
    for _ in range(3):
        window.history.undo()
    _settle(qtbot, window)
    assert library.list_items("To read") == []
    assert not any(library.paper(i).tags for i in ids)
    assert {library.paper(i).paper.status for i in ids} == {"unread"}
    window.history.undo()
    _settle(qtbot, window)
    assert {i: library.paper(i).paper.journal for i in ids} == before  # each its own again


def test_a_bulk_edit_cancelled_midway_leaves_every_paper_as_it_was(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    library = window.library
    monkeypatch.setattr(undo_commands, "CHUNK", 2)
    # The user presses Cancel after the first chunk.
    jobs = cancel_after(monkeypatch, library, when=lambda step: isinstance(step, undo.TagPapers))
    told: list[str] = []
    monkeypatch.setattr(prompts, "show_error", lambda _parent, sentence: told.append(sentence))
    _select_all(window, qtbot)
    ids = window.selected_ids()
    window.perform(undo_commands.TagCommand(library, "ocean", ids, add=True))
    _settle(qtbot, window)
    assert jobs, "a change of several steps shows its progress, with Cancel"
    assert not any(library.paper(i).tags for i in ids)  # the first chunk was taken back
    assert window.undo_stack.count() == 0
    assert told == []  # the user pressed Cancel: no error to tell


def test_select_all_never_asks_about_every_row(
    ui_library: Any, settings: Any, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl+A on 50k papers froze the window for 2 s: the column headers asked, row by
    row, whether their column was selected. The cost must not grow with the rows."""
    from desktop.core.api import Record
    from desktop.ui.models.paper_table_model import PaperTableModel

    ui_library.add_records([Record(title=f"Paper {i}") for i in range(3000)])
    window = MainWindow(ui_library, settings)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    asked: list[int] = []
    real_flags = PaperTableModel.flags

    def counted(model: PaperTableModel, index: Any) -> Any:
        asked.append(1)
        return real_flags(model, index)

    monkeypatch.setattr(PaperTableModel, "flags", counted)
    window.table.selectAll()
    QApplication.processEvents()
    window.repaint()
    assert window.detail.summary.count_label.text() == "3000 papers selected"
    assert len(asked) < 1000  # the rows on screen, not 3,000 rows times the columns
    window.close()


def test_set_field_is_in_the_tables_context_menu(window: MainWindow, qtbot: QtBot) -> None:
    library = window.library
    ids = library.view_ids()[:2]
    window.select_ids(ids)
    menu = window.table_menu()
    (entry,) = [a for a in menu.actions() if a.text() == "Set Field…"]
    assert entry.isEnabled()
    QTimer.singleShot(0, _set_journal)
    entry.trigger()
    _settle(qtbot, window)
    assert {library.paper(i).paper.journal for i in ids} == {"Nature"}
    assert window.undo_stack.undoText() == "Set Journal"


def test_deleting_all_shows_its_progress_and_a_cancel_keeps_every_paper(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtGui import QKeySequence

    from desktop.core.api import View

    library = window.library
    monkeypatch.setattr(undo_commands, "CHUNK", 2)  # 5 papers: 3 steps, like 100k in 50
    dialogs: list[Any] = []
    job_of = progress.job_of

    def seen_job_of(dialog: Any) -> Job:
        dialogs.append((dialog.labelText(), dialog.maximum()))
        return job_of(dialog)

    monkeypatch.setattr(progress, "job_of", seen_job_of)
    # The user presses Cancel after the first chunk.
    cancel_after(
        monkeypatch, library, when=lambda step: isinstance(step, undo.Trash) and not step.restore
    )
    _select_all(window, qtbot)
    QTest.keySequence(window.table, QKeySequence(QKeySequence.StandardKey.Delete))
    _settle(qtbot, window)
    assert dialogs == [("Move 5 papers to the trash", 3)]  # chunks done of all, with Cancel
    assert library.view_ids(View("trash")) == []  # the first chunk was taken back
    assert len(window.shown_ids()) == 5 and window.undo_stack.count() == 0


def test_set_field_grows_to_show_why_a_value_was_refused(window: MainWindow, qtbot: QtBot) -> None:
    _select_all(window, qtbot)
    seen: list[tuple[str, int, int]] = []

    def type_a_bad_year() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SetFieldDialog)
        dialog.field.setCurrentIndex(dialog.field.findData("year"))
        dialog.value.setText("20x9")
        dialog.accept()  # refused: the dialog stays open and says why
        QApplication.processEvents()
        for label in (dialog.told, dialog.problem):
            seen.append((label.text(), label.height(), label.heightForWidth(label.width())))
        assert dialog.problem.geometry().top() >= dialog.told.geometry().bottom()
        dialog.reject()

    QTimer.singleShot(0, type_a_bad_year)
    window.editing.set_field_action.trigger()
    assert [text for text, _h, _w in seen][1].startswith("The year “20x9” is not a year")
    for text, height, needed in seen:
        assert height >= needed, f"{text!r} is squeezed: {height} < {needed}"
