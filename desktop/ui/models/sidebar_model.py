"""The sidebar tree: the library, smart views, reading lists, tags, saved searches, import
problems and the trash.

Each selectable row carries the `View` it shows (`VIEW_ROLE`) and a count where one is cheap
to know. Papers dropped on a list, a tag or the trash are announced with `papers_dropped`;
the window decides what that does (and makes it undoable).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QMimeData,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QStandardItem, QStandardItemModel

from desktop.core.api import View, math_as_text
from desktop.core.library import Library
from desktop.ui import icons, plain_text
from desktop.ui.models import paper_mime
from desktop.ui.translations import QT_TRANSLATE_NOOP

Index = QModelIndex | QPersistentModelIndex

VIEW_ROLE = Qt.ItemDataRole.UserRole + 1
#: The number shown at the right of a row (None: no number).
COUNT_ROLE = Qt.ItemDataRole.UserRole + 2
#: A list's or tag's own name (the display text may differ).
NAME_ROLE = Qt.ItemDataRole.UserRole + 3
#: "group" for section headers, else the View's kind.
KIND_ROLE = Qt.ItemDataRole.UserRole + 4
#: A saved search's query.
QUERY_ROLE = Qt.ItemDataRole.UserRole + 5

#: Smart views: (label, icon, view).
SMART_VIEWS = (
    (QT_TRANSLATE_NOOP("SidebarModel", "Unread"), "unread", View("status", "unread")),
    (QT_TRANSLATE_NOOP("SidebarModel", "Reading"), "reading", View("status", "reading")),
    (QT_TRANSLATE_NOOP("SidebarModel", "Read"), "read", View("status", "read")),
    (QT_TRANSLATE_NOOP("SidebarModel", "Recently added"), "recent", View("recent")),
)
_DROP_TARGETS = ("list", "tag", "trash")
#: Not a set of papers: the window shows the import problems panel for it.
PROBLEMS_VIEW = View("problems")
#: Not a set of papers either: the window shows the possible duplicates for it.
DUPLICATES_VIEW = View("duplicates")
#: Not a set of papers either: the window lists every annotation for it.
ANNOTATIONS_VIEW = View("annotations")
#: The drag payload of a reading list being moved in the sidebar.
LIST_MIME_TYPE = "application/x-papershelf-list-id"


class SidebarModel(QStandardItemModel):
    """Rows of the sidebar; `reload()` re-reads lists, tags and counts from the library."""

    #: Papers were dropped on a sidebar row: (the row's View, paper ids).
    papers_dropped = Signal(object, list)
    #: A reading list was dragged to another place: the list ids in their new order.
    lists_reordered = Signal(list)

    def __init__(self, library: Library, parent: Any = None) -> None:
        super().__init__(parent)
        self._library = library
        self._all = _view_item(self.tr("Library"), "library", View())
        self.appendRow(self._all)
        smart = _group_item(self.tr("Smart views"))
        for label, icon_name, view in SMART_VIEWS:
            smart.appendRow(_view_item(self.tr(label), icon_name, view))
        self.appendRow(smart)
        self._lists = _group_item(self.tr("Reading lists"))
        self._tags = _group_item(self.tr("Tags"))
        self._searches = _group_item(self.tr("Saved searches"))
        self.appendRow(self._lists)
        self.appendRow(self._tags)
        self.appendRow(self._searches)
        self._annotations = _view_item(self.tr("Annotations"), "annotate", ANNOTATIONS_VIEW)
        self._annotations.setToolTip(self.tr("Every note on the words of an abstract, by paper"))
        self.appendRow(self._annotations)
        self._problems = _view_item(self.tr("Import problems"), "problems", PROBLEMS_VIEW)
        self._problems.setToolTip(self.tr("Entries an import could not read: fix them and retry"))
        self.appendRow(self._problems)
        self._duplicates = _view_item(self.tr("Possible duplicates"), "duplicates", DUPLICATES_VIEW)
        self._duplicates.setToolTip(
            self.tr("Papers that look like one: compare them, merge them or keep them apart")
        )
        self.appendRow(self._duplicates)
        self._trash = _view_item(self.tr("Trash"), "trash", View("trash"))
        self._trash.setToolTip(
            self.tr("Papers moved here can be restored until the trash is emptied")
        )
        self.appendRow(self._trash)
        self.reload()

    def reload(self) -> None:
        """Re-read reading lists, tags and the counts."""
        self._all.setData(self._library.count(), COUNT_ROLE)
        trashed = self._library.count(trash=True)
        self._trash.setData(trashed or None, COUNT_ROLE)
        self._problems.setData(len(self._library.import_problems()) or None, COUNT_ROLE)
        self.update_annotation_count()
        self._lists.removeRows(0, self._lists.rowCount())
        for reading_list, count in self._library.lists():
            item = _view_item(reading_list.name, "list", View("list", reading_list.id))
            item.setData(reading_list.name, NAME_ROLE)
            item.setData(count, COUNT_ROLE)
            item.setToolTip(
                plain_text.tooltip(
                    (reading_list.description + "\n" if reading_list.description else "")
                    + self.tr("Drop papers here to add them; right-click to rename or delete")
                )
            )
            self._lists.appendRow(item)
        self._tags.removeRows(0, self._tags.rowCount())
        for tag, count in self._library.tags():
            item = _view_item(math_as_text(tag.name), "", View("tag", tag.id))
            item.setIcon(icons.colour_swatch(tag.colour))
            item.setData(tag.name, NAME_ROLE)
            item.setData(count, COUNT_ROLE)
            item.setToolTip(
                self.tr("Drop papers here to tag them; right-click to rename or recolour")
            )
            self._tags.appendRow(item)

        self._searches.removeRows(0, self._searches.rowCount())
        for saved in self._library.saved_searches():
            item = _view_item(saved.name, "saved-search", View("search", saved.id))
            item.setData(saved.name, NAME_ROLE)
            item.setData(saved.query, QUERY_ROLE)
            item.setToolTip(
                plain_text.tooltip(
                    self.tr("Search for: {query}\nRight-click to rename or delete").format(
                        query=saved.query
                    )
                )
            )
            self._searches.appendRow(item)

    def set_duplicate_count(self, count: int) -> None:
        """Show how many pairs of possible duplicates the library holds (found elsewhere)."""
        self._duplicates.setData(count or None, COUNT_ROLE)

    def update_annotation_count(self) -> None:
        """Re-read only how many annotations there are (a note was written)."""
        self._annotations.setData(self._library.annotation_count() or None, COUNT_ROLE)

    def index_of(self, view: View) -> QModelIndex:
        """The row showing `view`, or an invalid index when it is gone (a deleted list)."""
        groups = (self._lists.index(), self._tags.index(), self._searches.index())
        for parent in (QModelIndex(), *groups, self.index(1, 0)):
            for row in range(self.rowCount(parent)):
                index = self.index(row, 0, parent)
                if index.data(VIEW_ROLE) == view:
                    return index
        return QModelIndex()

    def lists_index(self) -> QModelIndex:
        return self._lists.index()

    def tags_index(self) -> QModelIndex:
        return self._tags.index()

    def searches_index(self) -> QModelIndex:
        return self._searches.index()

    # -- dropping papers onto lists, tags and the trash ---------------------------------------

    def mimeTypes(self) -> list[str]:
        return [paper_mime.MIME_TYPE, LIST_MIME_TYPE]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        """A reading list being dragged: its id (the only rows that can be dragged)."""
        ids = [i.data(VIEW_ROLE).key for i in indexes if i.data(KIND_ROLE) == "list"]
        data = QMimeData()
        data.setData(LIST_MIME_TYPE, json.dumps(ids[:1]).encode())
        return data

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.MoveAction

    def _dragged_list(self, data: QMimeData) -> int | None:
        if not data.hasFormat(LIST_MIME_TYPE):
            return None
        try:
            ids = json.loads(bytes(data.data(LIST_MIME_TYPE).data()).decode())
        except (ValueError, UnicodeDecodeError):
            return None
        return ids[0] if isinstance(ids, list) and ids and isinstance(ids[0], int) else None

    def _list_order_after_drop(self, moved: int, row: int, parent: Index) -> list[int] | None:
        """The list ids once `moved` is put before `row` of the lists group (or before the
        list it was dropped on); None when the drop is not among the lists."""
        order = [self._lists.child(r).data(VIEW_ROLE).key for r in range(self._lists.rowCount())]
        if parent == self._lists.index():
            at = row if row >= 0 else len(order)
        elif parent.data(KIND_ROLE) == "list":
            at = parent.row()
        else:
            return None
        before = order[:at]
        after = order[at:]
        return [i for i in before if i != moved] + [moved] + [i for i in after if i != moved]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def canDropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        moved = self._dragged_list(data)
        if moved is not None:
            return self._list_order_after_drop(moved, row, parent) is not None
        return parent.data(KIND_ROLE) in _DROP_TARGETS and bool(paper_mime.decode(data))

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        moved = self._dragged_list(data)
        if moved is not None:
            order = self._list_order_after_drop(moved, row, parent)
            self.lists_reordered.emit(order)
            return False  # the library's change reloads the rows in their new order
        self.papers_dropped.emit(parent.data(VIEW_ROLE), paper_mime.decode(data))
        # The papers stay where they came from; the library's change refreshes the counts.
        return False


def _view_item(label: str, icon_name: str, view: View) -> QStandardItem:
    item = QStandardItem(label)
    if icon_name:
        item.setIcon(icons.icon(icon_name))
    item.setData(view, VIEW_ROLE)
    item.setData(view.kind, KIND_ROLE)
    item.setEditable(False)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if view.kind in _DROP_TARGETS:
        flags |= Qt.ItemFlag.ItemIsDropEnabled
    if view.kind == "list":
        flags |= Qt.ItemFlag.ItemIsDragEnabled  # lists can be dragged into another order
    item.setFlags(flags)
    return item


def _group_item(label: str) -> QStandardItem:
    item = QStandardItem(label)
    item.setData("group", KIND_ROLE)
    # Drops between rows land on the group: the lists group takes lists put in between.
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsDropEnabled)
    return item
