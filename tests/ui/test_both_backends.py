"""The window on SQLite and on PostgreSQL: lists by drag and drop, notes, stale edits,
search, and work done in background threads (which PostgreSQL connections must survive)."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from desktop.core.formats.record import Person, Record
from desktop.core.library import Library
from desktop.core.views import View
from desktop.ui.models import paper_mime
from desktop.ui.widgets.detail_pane import RELOAD
from desktop.ui.window.main_window import MainWindow


def test_the_window_works_on_each_backend(
    library: Library, settings: QSettings, qtbot: QtBot, scripted: object
) -> None:
    first = library.add_paper(
        Record(
            title="Offline RL",
            abstract="Learning from logged data only.",
            year=2020,
            authors=[Person(given="Sergey", family="Levine")],
        )
    ).id
    library.add_paper(Record(title="Attention", year=2017, authors=[Person(family="Vaswani")]))
    library.create_list("To read")
    window = MainWindow(library, settings)
    qtbot.addWidget(window)
    window.show()
    list_id = library.reading_list("To read").id
    target = window.sidebar_model.index_of(View("list", list_id))
    window.sidebar_model.dropMimeData(
        paper_mime.encode([first]), Qt.DropAction.CopyAction, -1, -1, target
    )
    window.operations.wait_idle()  # writes run off the GUI thread
    assert [i.paper.id for i in library.list_items("To read")] == [first]
    window.history.undo()
    window.operations.wait_idle()
    assert library.list_items("To read") == []

    with qtbot.waitSignal(window.search_finished, timeout=10_000):
        QTest.keyClicks(window.search_bar.field, "levnie")
    assert window.table_model.paper_ids() == [first]

    window.select_ids([first])
    editor = window.detail.notes.editor
    QTest.keyClicks(editor, "logged data")
    qtbot.waitUntil(lambda: not window.detail.notes.has_unsaved_text(), timeout=3000)
    assert [n.body for n in library.paper(first).notes] == ["logged data"]

    with Library.open(library.url) as someone_else:
        someone_else.update_paper(first, expected_version=None, title="Offline RL (v2)")
    scripted.choices = [RELOAD]  # type: ignore[attr-defined]
    title = window.detail.form.fields["journal"]
    title.setText("JMLR")
    title.editingFinished.emit()
    window.operations.wait_idle()
    assert scripted.asked == ["Changed by someone else"]  # type: ignore[attr-defined]
    assert library.paper(first).paper.journal == ""
    assert window.detail.form.fields["title"].text() == "Offline RL (v2)"

    with Library.open(library.url) as someone_else:  # their edit shows up here by itself
        someone_else.set_status([first], "read")
    assert window.change_watch.check()
    qtbot.waitUntil(lambda: window.change_watch.idle, timeout=10_000)
    window.search_bar.field.clear()
    row = window.table_model.row_of(first)
    assert row is not None
    shown = window.table_model.paper_row(row)
    assert shown is not None and shown.status == "read"
    window.close()
