"""The sidebar tree view: counts drawn at the right edge, section headers in small caps."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    QModelIndex,
    QPersistentModelIndex,
    QRect,
    QSize,
    Qt,
    Signal,
)
from PySide6.QtGui import QFont, QIcon, QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QWidget,
)

from desktop.ui.models.sidebar_model import COUNT_ROLE, KIND_ROLE, NAME_ROLE, SidebarModel

Index = QModelIndex | QPersistentModelIndex
#: Space right of a count, and between a name and its count (pixels).
_COUNT_MARGIN = 8
_COUNT_GAP = 6


class SidebarDelegate(QStyledItemDelegate):
    """Draws a row as usual, then its count right-aligned in a quieter colour; a long name
    is shortened before the count, never drawn under it."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Index) -> None:
        count = index.data(COUNT_ROLE)
        option = QStyleOptionViewItem(option)
        if index.data(KIND_ROLE) == "group":
            option.font = QFont(option.font)
            option.font.setBold(True)
            option.font.setPointSizeF(option.font.pointSizeF() * 0.9)
        if count is None:
            super().paint(painter, option, index)
            return
        shown = f"{count:,}"
        # The row's background (selection, hover) across its whole width; its icon and
        # name in what the count leaves.
        background = QStyleOptionViewItem(option)
        self.initStyleOption(background, index)
        background.text = ""
        background.icon = QIcon()
        style = option.widget.style() if option.widget is not None else QApplication.style()
        style.drawControl(QStyle.ControlElement.CE_ItemViewItem, background, painter, option.widget)
        count_width = option.fontMetrics.horizontalAdvance(shown) + _COUNT_MARGIN + _COUNT_GAP
        named = QStyleOptionViewItem(option)
        named.rect = QRect(option.rect).adjusted(0, 0, -count_width, 0)
        super().paint(painter, named, index)
        painter.save()
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        role = (
            QPalette.ColorRole.HighlightedText if selected else QPalette.ColorRole.PlaceholderText
        )
        painter.setPen(option.palette.color(role))
        rect = QRect(option.rect).adjusted(0, 0, -_COUNT_MARGIN, 0)
        painter.drawText(
            rect, int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter), shown
        )
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: Index) -> QSize:
        size = super().sizeHint(option, index)
        return QSize(size.width() + 40, max(size.height(), 24))


class SidebarView(QTreeView):
    """A tree without a header that accepts papers dropped on lists, tags and the trash."""

    #: The tag filter was applied: the number of tags it lets through.
    tags_filtered = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setHeaderHidden(True)
        self.setItemDelegate(SidebarDelegate(self))
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        # Papers are dropped here; reading lists are also dragged within it to reorder them.
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setUniformRowHeights(True)
        self.setIndentation(14)
        self.setAccessibleName(self.tr("Library sections"))
        self._tag_filter = ""

    def setModel(self, model: QAbstractItemModel | None) -> None:
        super().setModel(model)
        if isinstance(model, SidebarModel):
            # The tags are read again after every change: the filter holds for the new rows.
            model.rowsInserted.connect(lambda *_: self._apply_tag_filter())
            model.rowsRemoved.connect(lambda *_: self._apply_tag_filter())

    def filter_tags(self, text: str) -> None:
        """Show only the tags whose name holds `text` (every tag for "")."""
        self._tag_filter = " ".join(text.split()).casefold()
        self._apply_tag_filter()

    def shown_tags(self) -> list[str]:
        """The names of the tags the filter lets through, in order."""
        model = self.model()
        if not isinstance(model, SidebarModel):
            return []
        parent = model.tags_index()
        return [
            str(model.index(row, 0, parent).data(NAME_ROLE))
            for row in range(model.rowCount(parent))
            if not self.isRowHidden(row, parent)
        ]

    def _apply_tag_filter(self) -> None:
        model = self.model()
        if not isinstance(model, SidebarModel):
            return
        parent = model.tags_index()
        wanted = self._tag_filter
        shown = 0
        for row in range(model.rowCount(parent)):
            index = model.index(row, 0, parent)
            # The name as stored and as shown ($\epsilon$-MOEA and ϵ-MOEA) both match.
            names = f"{index.data(NAME_ROLE)} {index.data()}".casefold()
            hidden = bool(wanted) and wanted not in names
            self.setRowHidden(row, parent, hidden)
            shown += not hidden
        if wanted:
            self.expand(parent)
        self.tags_filtered.emit(shown)
