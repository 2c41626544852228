"""Choosing a row of a tree from code, whatever keys the user holds down.

Given no selection command, Qt's item views choose one from the keyboard's modifiers at
that moment: with Ctrl held (a shortcut being pressed, or a test's key left down), the
row meant to be selected is toggled off instead, and a panel shows nothing chosen.
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelectionModel
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

_ONLY_THIS_ROW = (
    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows
)


def select_only(tree: QTreeWidget, item: QTreeWidgetItem) -> None:
    """Make `item` the tree's current row and its only selected one."""
    tree.setCurrentItem(item, 0, _ONLY_THIS_ROW)
