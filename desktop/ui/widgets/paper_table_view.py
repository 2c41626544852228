"""The paper table view: SQL sorting by header click, a header menu to hide columns."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QByteArray, QItemSelectionModel, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QKeyEvent, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QMenu, QTableView, QWidget

from desktop.core.api import COLUMNS, SORT_COLUMNS

#: Columns hidden until the user shows them (header menu), to keep a first start uncluttered.
HIDDEN_AT_FIRST = ("priority", "added")
#: Starting widths (pixels) of the columns, by key; title takes what is left.
DEFAULT_WIDTHS = {
    "title": 400,
    "authors": 130,
    "year": 56,
    "venue": 140,
    "status": 76,
    "priority": 70,
    "added": 92,
    "files": 52,
}
#: Columns that came after layouts were first remembered, by the place (visual index)
#: they take when a remembered layout lacks them: the count of files beside the title.
ADDED_LATER = {"files": 1}


class PaperTableView(QTableView):
    """Multi-select table of papers; emits `open_requested` on Enter or double-click."""

    open_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setSortingEnabled(True)
        self.setShowGrid(False)
        self.setAlternatingRowColors(True)
        self.setWordWrap(False)
        self.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.setAccessibleName(self.tr("Papers"))
        self.verticalHeader().hide()
        self.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 10)
        header = self.horizontalHeader()
        header.setSectionsMovable(True)
        header.setHighlightSections(False)
        # Every column can be resized by hand; the last one shown fills the rest.
        header.setStretchLastSection(True)
        header.setSortIndicatorShown(True)
        header.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        header.customContextMenuRequested.connect(self._on_header_menu)
        self.doubleClicked.connect(lambda _index: self.open_requested.emit())
        self._empty_message = ""

    @property
    def empty_message(self) -> str:
        """What the table says while it has no rows ("" for nothing)."""
        return self._empty_message

    def set_empty_message(self, message: str) -> None:
        if message != self._empty_message:
            self._empty_message = message
            self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:
        super().paintEvent(event)
        model = self.model()
        if not self._empty_message or model is None or model.rowCount() > 0:
            return
        painter = QPainter(self.viewport())
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        area = self.viewport().rect().adjusted(24, 32, -24, -24)
        flags = Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
        painter.drawText(area, int(flags), self._empty_message)
        painter.end()

    def setModel(self, model: QAbstractItemModel | None) -> None:
        old = self.model()
        if old is not None:
            old.modelReset.disconnect(self._lay_out_rows)
        super().setModel(model)
        if model is not None:
            # The column headers never show the selection: with the table's own selection
            # they asked whether each column was selected, a question of every row (Ctrl+A
            # on 50k papers froze the window 1.2 s while they painted).
            header = self.horizontalHeader()
            header.setSelectionModel(QItemSelectionModel(model, header))
            # Connected after the view's own handling of a reset, so it runs after it.
            model.modelReset.connect(self._lay_out_rows)

    def _lay_out_rows(self) -> None:
        """Lay the rows out at once after the model reset (as for each search's hits),
        not when the table is next painted: laid out then, the scroll bar's new range asked
        for a second paint of the whole table (from 100k papers to a search's 200, 7 ms
        more of a 40 ms keystroke)."""
        self.executeDelayedItemsLayout()

    def apply_default_layout(self) -> None:
        """Column widths for a first start (no remembered layout yet)."""
        header = self.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        metrics = header.fontMetrics()
        model = self.model()
        for column, (key, _label) in enumerate(COLUMNS):
            if key in DEFAULT_WIDTHS:
                # Wider when the header says more (in another language): its text, the sort
                # arrow and the padding, about two characters' height, must fit.
                label = model.headerData(column, Qt.Orientation.Horizontal) if model else ""
                needed = metrics.horizontalAdvance(str(label or "")) + 2 * metrics.height()
                header.resizeSection(column, max(DEFAULT_WIDTHS[key], needed))
        for key in HIDDEN_AT_FIRST:
            header.setSectionHidden(SORT_COLUMNS.index(key), True)
        for key, place in ADDED_LATER.items():
            header.moveSection(header.visualIndex(SORT_COLUMNS.index(key)), place)

    def save_layout(self) -> QByteArray:
        return self.horizontalHeader().saveState()

    def restore_layout(self, state: QByteArray | None, *, columns: list[str] | None) -> None:
        """The layout `save_layout` gave, saved when the table had `columns` (None: a
        layout older than `ADDED_LATER`); a column it lacks gets its default place."""
        self.apply_default_layout()
        if not state:
            return
        header = self.horizontalHeader()
        header.restoreState(state)
        for key, place in ADDED_LATER.items():
            if columns is not None and key in columns:
                continue
            section = SORT_COLUMNS.index(key)
            header.moveSection(header.visualIndex(section), place)
            header.resizeSection(section, DEFAULT_WIDTHS[key])
            header.setSectionHidden(section, False)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.open_requested.emit()
            return
        super().keyPressEvent(event)

    def _on_header_menu(self, position: QPoint) -> None:
        menu = self.column_menu()
        menu.exec(self.horizontalHeader().mapToGlobal(position))

    def column_menu(self) -> QMenu:
        """The header's menu: a tick for each column shown (the title always is)."""
        header = self.horizontalHeader()
        menu = QMenu(self)
        model = self.model()
        for column, (_key, label) in enumerate(COLUMNS):
            shown = model.headerData(column, Qt.Orientation.Horizontal) if model else None
            action = QAction(
                str(shown or label),
                menu,
                checkable=True,
                checked=not header.isSectionHidden(column),
            )
            action.setEnabled(column != 0)  # the title always stays
            action.toggled.connect(lambda on, c=column: header.setSectionHidden(c, not on))
            menu.addAction(action)
        return menu
