"""Dragging rows of a reading list to another place in it, with the mouse: one undo step."""

from __future__ import annotations

from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.core.api import View
from desktop.ui.window.main_window import MainWindow


def _order(window: MainWindow, list_id: int) -> list[str]:
    library = window.library
    return [item.paper.title for item in library.list_items(list_id)]


def _drag(window: MainWindow, start: QPoint, end: QPoint) -> None:
    """Drag the selected rows from `start` to `end` on the table.

    The drag starts from a real press and move of the mouse. The offscreen platform the
    tests run on ends a QDrag at once (its `exec` returns before any move), so the rest is
    what the platform would deliver: the drag entering, moving over and dropped on the
    table's viewport, as real QDragEnter/QDragMove/QDropEvents carrying the drag's data.
    """
    table, viewport = window.table, window.table.viewport()
    started: list[QMimeData] = []
    real_start = table.startDrag

    def start_drag(actions: Qt.DropAction) -> None:
        started.append(table.model().mimeData(table.selectionModel().selectedIndexes()))
        real_start(actions)

    table.startDrag = start_drag  # type: ignore[method-assign]
    left = Qt.MouseButton.LeftButton
    QTest.mousePress(viewport, left, pos=start)
    QTest.mouseMove(viewport, start + QPoint(0, QApplication.startDragDistance() + 2))
    QTest.mouseRelease(viewport, left, pos=start)
    assert started, "pressing and moving the mouse on a selected row starts a drag"
    data, copy = started[0], Qt.DropAction.CopyAction  # a drag's proposed action is a copy
    actions = Qt.DropAction.CopyAction | Qt.DropAction.MoveAction
    none = Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(start, actions, data, left, none)
    QApplication.sendEvent(viewport, enter)
    assert enter.isAccepted(), "the table takes the drag of its own rows"
    move = QDragMoveEvent(end, actions, data, left, none)
    QApplication.sendEvent(viewport, move)
    assert move.isAccepted() and move.dropAction() == copy
    QApplication.sendEvent(viewport, QDropEvent(QPointF(end), actions, data, left, none))


def test_a_row_dragged_below_the_last_goes_to_the_end_and_back_on_undo(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    list_id = library.reading_list("To read").id
    assert list_id is not None
    ids = list(reversed(window.table_model.paper_ids()))[:3]  # oldest first
    library.add_to_list(list_id, ids)
    window.show_view(View("list", list_id))
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 3)
    before = _order(window, list_id)
    window.select_ids([window.table_model.paper_id(0)])
    table = window.table
    first = table.visualRect(window.table_model.index(0, 0)).center()
    last = table.visualRect(window.table_model.index(2, 0))
    below_last = QPoint(last.center().x(), last.bottom() - 2)
    _drag(window, first, below_last)
    window.operations.wait_idle()
    assert _order(window, list_id) == [*before[1:], before[0]]
    qtbot.waitUntil(lambda: window.table_model.index(2, 0).data() == before[0])
    window.history.undo()
    window.operations.wait_idle()
    assert _order(window, list_id) == before


def test_a_row_dropped_on_the_top_half_of_another_goes_before_it(
    window: MainWindow, qtbot: QtBot
) -> None:
    library = window.library
    list_id = library.reading_list("To read").id
    assert list_id is not None
    library.add_to_list(list_id, list(reversed(window.table_model.paper_ids()))[:4])
    window.show_view(View("list", list_id))
    qtbot.waitUntil(lambda: window.table_model.rowCount() == 4)
    before = _order(window, list_id)
    window.select_ids([window.table_model.paper_id(3)])
    table = window.table
    last = table.visualRect(window.table_model.index(3, 0)).center()
    second = table.visualRect(window.table_model.index(1, 0))
    _drag(window, last, QPoint(second.center().x(), second.top() + 2))
    window.operations.wait_idle()
    assert _order(window, list_id) == [before[0], before[3], before[1], before[2]]
    assert window.undo_stack.count() == 1
