"""The paper table lays its rows out as soon as its model resets (each search's hits), so
that the table is painted once for it, not twice."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from desktop.ui.widgets.paper_table_view import PaperTableView

Index = QModelIndex | QPersistentModelIndex


class _Rows(QAbstractTableModel):
    def __init__(self, rows: int) -> None:
        super().__init__()
        self.rows = rows

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self.rows

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else 3

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return f"paper {index.row()}" if role == Qt.ItemDataRole.DisplayRole else None

    def show_rows(self, rows: int) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_a_reset_is_laid_out_at_once_and_painted_once(qtbot: QtBot) -> None:
    view = PaperTableView()
    qtbot.addWidget(view)
    model = _Rows(100_000)
    view.setModel(model)
    view.resize(500, 300)
    view.show()
    qtbot.waitExposed(view)
    scroll = view.verticalScrollBar()
    assert scroll.maximum() > 0
    paints = _Paints()
    view.viewport().installEventFilter(paints)
    QApplication.processEvents()
    paints.count = 0

    model.show_rows(200)  # a search's hits after the whole library
    assert 0 < scroll.maximum() < 200  # laid out already: no paint has run
    for _ in range(5):
        QApplication.processEvents()
    assert paints.count == 1

    model.show_rows(50_000)  # the whole library again
    assert scroll.maximum() > 200
