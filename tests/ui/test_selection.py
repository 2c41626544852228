"""A row chosen from code is selected even while Ctrl is held down (a shortcut being
pressed): Qt would otherwise read the modifier and toggle the row off."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from desktop.ui.selection import select_only


def test_the_row_is_selected_while_ctrl_is_held(qtbot: QtBot) -> None:
    tree = QTreeWidget()
    qtbot.addWidget(tree)
    tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
    items = [QTreeWidgetItem([text]) for text in ("first", "second")]
    tree.addTopLevelItems(items)
    tree.show()
    items[1].setSelected(True)
    QTest.keyPress(tree, Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier)
    try:
        assert QGuiApplication.keyboardModifiers() & Qt.KeyboardModifier.ControlModifier
        items[0].setSelected(True)
        select_only(tree, items[0])
        assert tree.selectedItems() == [items[0]] and tree.currentItem() is items[0]
    finally:
        QTest.keyRelease(tree, Qt.Key.Key_Control)
