"""New Paper (Ctrl+N): every field of the chosen type, a key made as on import, one undo."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.dialogs.new_paper import NewPaperDialog
from desktop.ui.window.main_window import MainWindow


def _fill_and_accept(filled: list[str]) -> None:
    """Fill the New Paper dialog as a user would, then press Add Paper."""
    dialog = QApplication.activeModalWidget()
    assert isinstance(dialog, NewPaperDialog)
    form = dialog.form
    form.entry_type.setCurrentText("book")
    form._on_type_chosen()
    filled.extend(form.shown_fields())
    form.fields["title"].setText("The Sea Around Us")
    form.authors.setPlainText("Carson, Rachel")
    form.year.setText("1951")
    form.fields["publisher"].setText("Oxford University Press")
    form.fields["extra:isbn"].setText("978-0-19-506997-1")
    form.keywords.setPlainText("Oceanography\nSea (Atlantic, Pacific)")
    dialog.accept()


def test_ctrl_n_adds_a_paper_with_its_type_fields_then_undo_and_redo(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    before = library.count()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    filled: list[str] = []
    QTimer.singleShot(0, lambda: _fill_and_accept(filled))
    QTest.keyClick(window.table, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    window.operations.wait_idle()
    assert {"publisher", "extra:isbn", "extra:edition", "editors"} <= set(filled)  # a book's
    assert "journal" not in filled  # an article's, not a book's
    qtbot.waitUntil(lambda: bool(window.selected_ids()))
    (paper_id,) = window.selected_ids()
    details = library.paper(paper_id)
    assert details.paper.entry_type == "book"
    assert details.paper.citekey == "carson1951sea"  # as an import makes it
    assert details.paper.extra == {"isbn": "978-0-19-506997-1"}
    assert details.paper.publisher == "Oxford University Press"
    assert [p.family for p in details.authors] == ["Carson"]
    assert details.paper.keywords == ["Oceanography", "Sea (Atlantic, Pacific)"]
    assert library.count() == before + 1
    window.history.undo()
    window.operations.wait_idle()
    assert library.count() == before
    window.history.redo()
    window.operations.wait_idle()
    assert library.count() == before + 1
    assert library.paper(paper_id).paper.deleted_at is None


def test_a_paper_without_a_title_or_with_a_bad_year_is_not_added(qtbot: QtBot) -> None:
    dialog = NewPaperDialog()
    qtbot.addWidget(dialog)
    dialog.accept()
    assert dialog.result() != NewPaperDialog.DialogCode.Accepted
    assert "title" in dialog.problem.text()
    dialog.form.fields["title"].setText("A Title")
    dialog.form.year.setText("19x1")
    dialog.accept()
    assert "not a year" in dialog.problem.text()
    assert dialog.result() != NewPaperDialog.DialogCode.Accepted
