"""The sidebar tree: the library, smart views, reading lists, tags, saved searches, import
problems and the trash.

Each selectable row carries the `View` it shows (`VIEW_ROLE`) and a count where one is cheap
to know. Papers dropped on a list, a tag or the trash are announced with `papers_dropped`;
the window decides what that does (and makes it undoable).
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QMimeData, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QStandardItem, QStandardItemModel

from desktop.core.browse import View
from desktop.core.library import Library
from desktop.ui import icons, signals
from desktop.ui.models import paper_mime

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
    ("Unread", "unread", View("status", "unread")),
    ("Reading", "reading", View("status", "reading")),
    ("Read", "read", View("status", "read")),
    ("Recently added", "recent", View("recent")),
)
_DROP_TARGETS = ("list", "tag", "trash")
#: Not a set of papers: the window shows the import problems panel for it.
PROBLEMS_VIEW = View("problems")


class SidebarModel(QStandardItemModel):
    """Rows of the sidebar; `reload()` re-reads lists, tags and counts from the library."""

    #: Papers were dropped on a sidebar row: (the row's View, paper ids).
    papers_dropped = Signal(object, list)

    def __init__(self, library: Library, parent: Any = None) -> None:
        super().__init__(parent)
        self._library = library
        self._all = _view_item("Library", "library", View())
        self.appendRow(self._all)
        smart = _group_item("Smart views")
        for label, icon_name, view in SMART_VIEWS:
            smart.appendRow(_view_item(label, icon_name, view))
        self.appendRow(smart)
        self._lists = _group_item("Reading lists")
        self._tags = _group_item("Tags")
        self._searches = _group_item("Saved searches")
        self.appendRow(self._lists)
        self.appendRow(self._tags)
        self.appendRow(self._searches)
        self._problems = _view_item("Import problems", "problems", PROBLEMS_VIEW)
        self._problems.setToolTip("Entries an import could not read: fix them and retry")
        self.appendRow(self._problems)
        self._trash = _view_item("Trash", "trash", View("trash"))
        self._trash.setToolTip("Papers moved here can be restored until the trash is emptied")
        self.appendRow(self._trash)
        self.reload()

    def reload(self) -> None:
        """Re-read reading lists, tags and the counts."""
        self._all.setData(self._library.count(), COUNT_ROLE)
        trashed = self._library.count(trash=True)
        self._trash.setData(trashed or None, COUNT_ROLE)
        self._problems.setData(len(self._library.import_problems()) or None, COUNT_ROLE)
        self._lists.removeRows(0, self._lists.rowCount())
        for reading_list, count in self._library.lists():
            item = _view_item(reading_list.name, "list", View("list", reading_list.id))
            item.setData(reading_list.name, NAME_ROLE)
            item.setData(count, COUNT_ROLE)
            item.setToolTip(
                (reading_list.description + "\n" if reading_list.description else "")
                + "Drop papers here to add them; right-click to rename or delete"
            )
            self._lists.appendRow(item)
        self._tags.removeRows(0, self._tags.rowCount())
        for tag, count in self._library.tags():
            item = _view_item(tag.name, "", View("tag", tag.id))
            item.setIcon(icons.colour_swatch(tag.colour))
            item.setData(tag.name, NAME_ROLE)
            item.setData(count, COUNT_ROLE)
            item.setToolTip("Drop papers here to tag them; right-click to rename or recolour")
            self._tags.appendRow(item)

        self._searches.removeRows(0, self._searches.rowCount())
        for saved in self._library.saved_searches():
            item = _view_item(saved.name, "saved-search", View("search", saved.id))
            item.setData(saved.name, NAME_ROLE)
            item.setData(saved.query, QUERY_ROLE)
            item.setToolTip(f"Search for: {saved.query}\nRight-click to rename or delete")
            self._searches.appendRow(item)

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
        return [paper_mime.MIME_TYPE]

    def supportedDropActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction | Qt.DropAction.MoveAction

    def canDropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        return parent.data(KIND_ROLE) in _DROP_TARGETS and bool(paper_mime.decode(data))

    def dropMimeData(
        self, data: QMimeData, action: Qt.DropAction, row: int, column: int, parent: Index
    ) -> bool:
        if not self.canDropMimeData(data, action, row, column, parent):
            return False
        signals.emit(self.papers_dropped, parent.data(VIEW_ROLE), paper_mime.decode(data))
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
    item.setFlags(flags)
    return item


def _group_item(label: str) -> QStandardItem:
    item = QStandardItem(label)
    item.setData("group", KIND_ROLE)
    item.setFlags(Qt.ItemFlag.ItemIsEnabled)
    return item
