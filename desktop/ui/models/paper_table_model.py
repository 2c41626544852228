"""The paper table: ids in SQL order, rows fetched a page at a time and cached.

The model never sorts or filters in Python: a header click asks the library for the view's
ids in the new order (SQL), so 100k papers sort in milliseconds. Rows are read only when the
view paints them (`data()`), one page of ids per query.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor, QFont, QPalette
from PySide6.QtWidgets import QApplication

from desktop.core.api import COLUMNS, RELEVANCE, SORT_COLUMNS, PaperRow, View, math_as_text
from desktop.core.library import Library
from desktop.ui import icons, plain_text
from desktop.ui.models import paper_mime
from desktop.ui.translations import QT_TRANSLATE_NOOP

Index = QModelIndex | QPersistentModelIndex

#: Rows fetched per query when the view scrolls onto rows not yet read: a screenful or
#: so (35 rows in a window 780 pixels high). Every keystroke's answer fetches the first
#: page: 50 rows take 2 ms, 100 took 4.
PAGE_SIZE = 50
#: How much of an abstract stands in for a missing title.
ABSTRACT_PREVIEW = 90
#: Data role holding a row's paper id.
PAPER_ID_ROLE = Qt.ItemDataRole.UserRole + 1
#: Views whose membership does not depend on a paper's fields, and orders that do not
#: change when a paper is edited: an edit there only needs its row re-read.
_STABLE_VIEWS = ("all", "list", "tag", "recent")
_STABLE_SORTS = ("added", "position")
_STATUS_LABELS = {
    "unread": QT_TRANSLATE_NOOP("PaperTableModel", "Unread"),
    "reading": QT_TRANSLATE_NOOP("PaperTableModel", "Reading"),
    "read": QT_TRANSLATE_NOOP("PaperTableModel", "Read"),
}
#: The column headers, by column key (the core names them in English).
_HEADERS = {
    "title": QT_TRANSLATE_NOOP("PaperTableModel", "Title"),
    "authors": QT_TRANSLATE_NOOP("PaperTableModel", "Authors"),
    "year": QT_TRANSLATE_NOOP("PaperTableModel", "Year"),
    "venue": QT_TRANSLATE_NOOP("PaperTableModel", "Venue"),
    "status": QT_TRANSLATE_NOOP("PaperTableModel", "Status"),
    "priority": QT_TRANSLATE_NOOP("PaperTableModel", "Priority"),
    "added": QT_TRANSLATE_NOOP("PaperTableModel", "Added"),
    "files": QT_TRANSLATE_NOOP("PaperTableModel", "Files"),
}


#: What a table cell is: QAbstractTableModel's own flags for a cell, and draggable.
_CELL_FLAGS = (
    Qt.ItemFlag.ItemIsSelectable
    | Qt.ItemFlag.ItemIsEnabled
    | Qt.ItemFlag.ItemNeverHasChildren
    | Qt.ItemFlag.ItemIsDragEnabled
)


class PaperTableModel(QAbstractTableModel):
    """Rows are papers of one sidebar view (optionally narrowed to search hits)."""

    #: A drop inside a reading list asks for this new order: (list id, paper ids in order).
    reorder_requested = Signal(int, list)

    def __init__(self, library: Library, parent: Any = None) -> None:
        super().__init__(parent)
        self._library = library
        self._view = View()
        # Newest first until the user picks another column.
        self._sort = "added"
        self._descending = True
        #: The view's papers matching the search, best first; None when no search is active.
        self._hits: list[int] | None = None
        self._ids: list[int] = []
        self._cache: dict[int, PaperRow] = {}
        self._rows_by_id: dict[int, int] | None = None
        self._only_choosing_order = False

    # -- what is shown -------------------------------------------------------------------

    @property
    def view(self) -> View:
        return self._view

    @property
    def sort_key(self) -> str:
        """The column the rows are sorted by, "position" for a list's own order, or
        "relevance" while search hits are shown best first."""
        return self._sort

    @property
    def descending(self) -> bool:
        return self._descending

    def paper_ids(self) -> list[int]:
        """Every id shown, in row order."""
        return list(self._ids)

    def show_view(self, view: View) -> None:
        """Show a sidebar view; a reading list starts in its own order."""
        self._view = view
        self._hits = None
        if view.kind == "list":
            self._sort, self._descending = "position", False
        elif self._sort in ("position", RELEVANCE):
            self._sort, self._descending = "added", True
        self.reload()

    def show_hits(self, hits: list[int] | None) -> None:
        """Narrow the view to search hits (the view's papers, best first: see
        `Library.find`), or None to show the whole view."""
        self._hits = hits
        if hits is not None:
            self._sort, self._descending = RELEVANCE, False
        elif self._sort == RELEVANCE:
            in_list = self._view.kind == "list"
            self._sort, self._descending = ("position", False) if in_list else ("added", True)
        self.reload()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sort by a column in SQL (the view's header calls this on a click)."""
        if not 0 <= column < len(COLUMNS):
            return
        self._sort = SORT_COLUMNS[column]
        self._descending = order == Qt.SortOrder.DescendingOrder
        if not self._only_choosing_order:
            self.reload()

    @contextmanager
    def choosing_order(self) -> Iterator[None]:
        """Sorting inside the block only chooses the order the next load uses: a window
        restoring its remembered column before it shows its first view reads the view's
        ids once, not twice (100k ids take 0.1-0.2 s)."""
        self._only_choosing_order = True
        try:
            yield
        finally:
            self._only_choosing_order = False

    def use_list_order(self) -> None:
        """Back to a reading list's own order (after sorting it by a column)."""
        if self._view.kind == "list":
            self._sort, self._descending = "position", False
            self.reload()

    def reload(self) -> None:
        """Ask the library again for the ids (after a change) and forget cached rows.

        When only the order changed, persistent indexes (the selection) follow their papers;
        when papers came or went, the model resets and `reset_done` lets the view reselect.
        """
        ids = self._query_ids()
        self._cache.clear()
        self._rows_by_id = None
        if ids == self._ids:
            if ids:
                last = self.index(len(ids) - 1, len(COLUMNS) - 1)
                self.dataChanged.emit(self.index(0, 0), last)
        elif len(ids) == len(self._ids) and set(ids) == set(self._ids):
            self._reorder(ids)
        else:
            self.beginResetModel()
            self._ids = ids
            self.endResetModel()

    def _reorder(self, ids: list[int]) -> None:
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        papers = [self._ids[i.row()] for i in old]
        self._ids = ids
        self._rows_by_id = None
        rows = {paper_id: row for row, paper_id in enumerate(ids)}
        self.changePersistentIndexList(
            old, [self.index(rows[p], i.column()) for p, i in zip(papers, old, strict=True)]
        )
        self.layoutChanged.emit()

    def refresh_rows(self, paper_ids: tuple[int, ...] | list[int]) -> bool:
        """Re-read only these papers' rows, when their change cannot move or remove them.

        True when that was enough; False when the caller must `reload()` (a paper is new
        to the view, or the view's membership or order may depend on what changed).
        """
        if self._hits is not None or self._view.kind not in _STABLE_VIEWS:
            return False
        if self._sort not in _STABLE_SORTS or not paper_ids:
            return False
        rows = self._row_index()
        if any(i not in rows for i in paper_ids):
            return False
        for paper_id in paper_ids:
            self._cache.pop(paper_id, None)
            row = rows[paper_id]
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
        return True

    def _row_index(self) -> dict[int, int]:
        if self._rows_by_id is None:
            self._rows_by_id = {paper_id: row for row, paper_id in enumerate(self._ids)}
        return self._rows_by_id

    def _query_ids(self) -> list[int]:
        if self._hits is not None and self._sort == RELEVANCE:
            return list(self._hits)
        ids = self._library.view_ids(self._view, self._sort, self._descending)
        if self._hits is None:
            return ids
        # Hits sorted by a column: the column's order (SQL) without searching again.
        wanted = set(self._hits)
        return [i for i in ids if i in wanted]

    # -- rows --------------------------------------------------------------------------------

    def paper_id(self, row: int) -> int:
        return self._ids[row]

    def row_of(self, paper_id: int) -> int | None:
        return self._row_index().get(paper_id)

    def paper_row(self, row: int) -> PaperRow | None:
        """The row's data, fetched with its page when not cached yet."""
        paper_id = self._ids[row]
        found = self._cache.get(paper_id)
        if found is None:
            start = row - row % PAGE_SIZE
            self._cache.update(self._library.rows(self._ids[start : start + PAGE_SIZE]))
            found = self._cache.get(paper_id)
        return found

    # -- QAbstractTableModel -----------------------------------------------------------------

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> Any:
        horizontal = orientation == Qt.Orientation.Horizontal
        if horizontal and role == Qt.ItemDataRole.DisplayRole and 0 <= section < len(COLUMNS):
            column = COLUMNS[section]
            return self.tr(_HEADERS.get(column.key, column.label))
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        if role == PAPER_ID_ROLE:
            return self._ids[index.row()]
        row = self.paper_row(index.row())
        if row is None:  # deleted since the ids were read; the next change reloads
            return None
        key = SORT_COLUMNS[index.column()]
        untitled = key == "title" and not row.title.strip()
        if role == Qt.ItemDataRole.DisplayRole:
            return _display(row, key)
        if key == "files":
            return self._files_data(row, role)
        if role == Qt.ItemDataRole.DecorationRole and key == "title" and row.coloured_tags:
            return icons.tag_dots(tuple(colour for _name, colour in row.coloured_tags))
        if role == Qt.ItemDataRole.ToolTipRole and key == "title":
            shown = math_as_text(row.title) or row.abstract[:400]
            if row.coloured_tags:  # the dots' names, for whoever cannot tell the colours
                names = ", ".join(name for name, _colour in row.coloured_tags)
                shown += "\n" + self.tr("Coloured tags: {names}").format(names=names)
            return plain_text.tooltip(shown) or None
        if role == Qt.ItemDataRole.FontRole and untitled:
            font = QFont()
            font.setItalic(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole and untitled:
            return _muted_text()
        if role == Qt.ItemDataRole.TextAlignmentRole and key in ("year", "priority"):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _files_data(self, row: PaperRow, role: int) -> Any:
        """The Files column beside its count: a paperclip, and a tip saying the count."""
        if not row.files:
            return None
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.icon("attachment")
        if role == Qt.ItemDataRole.ToolTipRole:
            count = row.files
            return self.tr("%n file(s) attached", "", count)
        return None

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            base = super().flags(index)
            return base | Qt.ItemFlag.ItemIsDropEnabled if self._accepts_reorder() else base
        # Qt asks this for every selected cell on some changes (100k of them after an
        # import): a constant, not a call back into the base class and two flag sums.
        return _CELL_FLAGS

    # -- drag and drop -----------------------------------------------------------------------

    def mimeTypes(self) -> list[str]:
        return [paper_mime.MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        rows = sorted({i.row() for i in indexes if i.isValid()})
        return paper_mime.encode([self._ids[r] for r in rows])

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def supportedDropActions(self) -> Qt.DropAction:
        # A drag starts as a copy (so that a drop on a sidebar list adds the papers); the
        # view refuses a drag whose action its model does not support, so a copy dropped
        # among a list's rows must count as a move too (it was refused: dragging did nothing).
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def _accepts_reorder(self) -> bool:
        return self._view.kind == "list" and self._sort == "position"

    def canDropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        return self._accepts_reorder() and bool(paper_mime.decode(data))

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        """Dropping papers of this list between its rows asks for a new list order."""
        moved = [i for i in paper_mime.decode(data) if i in set(self._ids)]
        if not moved or not self._accepts_reorder():
            return False
        if parent.isValid():  # dropped onto a row: goes before it
            row = parent.row()
        if row < 0:
            row = len(self._ids)
        before = [i for i in self._ids[:row] if i not in moved]
        after = [i for i in self._ids[row:] if i not in moved]
        assert isinstance(self._view.key, int)
        self.reorder_requested.emit(self._view.key, [*before, *moved, *after])
        # The library's change notification reloads the rows; Qt must not remove any itself.
        return False


def _display(row: PaperRow, key: str) -> str:
    if key == "title":
        if row.title.strip():
            return math_as_text(row.title)
        preview = " ".join(row.abstract.split())
        if len(preview) > ABSTRACT_PREVIEW:
            preview = preview[:ABSTRACT_PREVIEW].rsplit(" ", 1)[0] + "…"
        return preview or QCoreApplication.translate("PaperTableModel", "(untitled)")
    if key == "authors":
        return row.authors
    if key == "year":
        return "" if row.year is None else str(row.year)
    if key == "venue":
        return row.venue
    if key == "status":
        label = _STATUS_LABELS.get(row.status)
        return QCoreApplication.translate("PaperTableModel", label) if label else row.status
    if key == "priority":
        return "★" * row.priority if row.priority else ""
    if key == "files":
        return str(row.files) if row.files else ""
    return row.added.astimezone().strftime("%Y-%m-%d")


def _muted_text() -> QColor:
    """Text colour for an untitled paper's abstract: set apart, yet readable in light and
    dark palettes (the disabled colour is too pale on white): two thirds text, one third base."""
    palette = QApplication.palette()
    text, base = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    return QColor(
        (2 * text.red() + base.red()) // 3,
        (2 * text.green() + base.green()) // 3,
        (2 * text.blue() + base.blue()) // 3,
    )
