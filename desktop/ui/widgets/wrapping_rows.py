"""Rows of a tree that grow to show their wrapped text whole.

A QTreeWidget with word wrap breaks long text into lines, but sizes each row as if its
columns were unbounded: a long title or a list of evidence showed two lines and an
ellipsis. This delegate measures each cell at its column's width, and the rows are laid
out again whenever a column changes width.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QStyleOptionViewItem, QTreeWidget

#: Room the style keeps around a cell's text (pixels, both sides together).
_MARGIN = 12


class _WrappingDelegate(QStyledItemDelegate):
    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        shown = QStyleOptionViewItem(option)
        self.initStyleOption(shown, index)
        width = self._tree.columnWidth(index.column()) - _MARGIN
        if index.column() == 0 and self._tree.rootIsDecorated():
            width -= self._tree.indentation()
        if width <= 0 or not shown.text:
            return hint
        style = self._tree.style()
        icon = (
            style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize) if not shown.icon.isNull() else 0
        )
        needed = shown.fontMetrics.boundingRect(
            QRect(0, 0, max(width - icon, 1), 100_000),
            int(Qt.TextFlag.TextWordWrap),
            shown.text,
        )
        return QSize(hint.width(), max(hint.height(), needed.height() + 6))


def wrap_rows(tree: QTreeWidget) -> None:
    """Let every row of `tree` grow to its wrapped text, at the columns' widths now."""
    tree.setWordWrap(True)
    tree.setUniformRowHeights(False)
    tree.setItemDelegate(_WrappingDelegate(tree))
    tree.header().sectionResized.connect(lambda *_args: tree.doItemsLayout())
