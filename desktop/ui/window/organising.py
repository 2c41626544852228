"""Organising papers from the window: reading status, priority, the trash, reading lists
and tags, for the selected papers or from the sidebar. Every change goes on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QModelIndex, QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QColorDialog, QMenu

from desktop.core.api import View
from desktop.core.errors import KnownError
from desktop.ui import prompts, undo_commands
from desktop.ui.models.sidebar_model import KIND_ROLE, NAME_ROLE, VIEW_ROLE

if TYPE_CHECKING:
    from desktop.ui.window.main_window import MainWindow


class Organiser:
    """What the Paper menu, the table's context menu and the sidebar's do."""

    def __init__(self, window: MainWindow) -> None:
        self._w = window
        self._library = window.library

    # -- the selected papers ---------------------------------------------------------------

    def set_status(self, status: str) -> None:
        ids = self._w.selected_ids()
        if not ids:
            return
        old = {i: row.status for i, row in self._library.rows(ids).items()}
        self._w.perform(
            undo_commands.SetFieldCommand(self._library, "status", status, old, f"Mark as {status}")
        )

    def set_priority(self, priority: int) -> None:
        ids = self._w.selected_ids()
        if not ids:
            return
        old = {i: row.priority for i, row in self._library.rows(ids).items()}
        self._w.perform(
            undo_commands.SetFieldCommand(self._library, "priority", priority, old, "Set priority")
        )

    def trash_selection(self) -> None:
        ids = self._w.selected_ids()
        if ids and self._w.table_model.view.kind != "trash":
            self._w.perform(undo_commands.TrashCommand(self._library, ids))

    def restore_selection(self) -> None:
        ids = self._w.selected_ids()
        if ids and self._w.table_model.view.kind == "trash":
            self._w.perform(undo_commands.TrashCommand(self._library, ids, restore=True))

    def empty_trash(self) -> None:
        count = self._library.count(trash=True)
        if count and prompts.confirm(
            self._w,
            "Empty Trash",
            f"Delete the {count:,} paper{'s' if count != 1 else ''} in the trash for good, "
            "with their notes? This cannot be undone.",
        ):
            self._library.empty_trash()
            self._w.undo_stack.clear()  # older steps may refer to papers now gone

    def copy_citekeys(self) -> None:
        rows = self._library.rows(self._w.selected_ids())
        keys = [rows[i].citekey for i in self._w.selected_ids() if i in rows]
        if keys:
            QGuiApplication.clipboard().setText(", ".join(keys))
            self._w.statusBar().showMessage(f"Copied {', '.join(keys)[:80]}", 4000)

    def add_selection_to_list(self, list_id: int) -> None:
        ids = self._w.selected_ids()
        if ids:
            self._w.perform(undo_commands.AddToListCommand(self._library, list_id, ids))

    def add_selection_to_new_list(self) -> None:
        name = prompts.ask_text(self._w, "New reading list", "Name of the new list:")
        if not name:
            return
        # One step to undo: the new list and the papers put in it.
        self._w.undo_stack.beginMacro(f"Add to New List “{name}”")
        try:
            self._w.perform(undo_commands.CreateListCommand(self._library, name))
            found = next((rl for rl, _ in self._library.lists() if rl.name == name), None)
            if found is not None and found.id is not None:
                self.add_selection_to_list(found.id)
        finally:
            self._w.undo_stack.endMacro()

    def remove_selection_from_list(self) -> None:
        view = self._w.table_model.view
        ids = self._w.selected_ids()
        if view.kind == "list" and isinstance(view.key, int) and ids:
            self._w.perform(undo_commands.RemoveFromListCommand(self._library, view.key, ids))

    def move_selection(self, step: int) -> None:
        """Move the selected papers one place up (-1) or down (+1) in the list shown."""
        view = self._w.table_model.view
        if view.kind != "list" or self._w.table_model.sort_key != "position":
            return
        order = self._w.table_model.paper_ids()
        moving = set(self._w.selected_ids())
        positions = range(len(order)) if step < 0 else range(len(order) - 1, -1, -1)
        for i in positions:
            j = i + step
            if order[i] in moving and 0 <= j < len(order) and order[j] not in moving:
                order[i], order[j] = order[j], order[i]
        if order != self._w.table_model.paper_ids() and isinstance(view.key, int):
            self._w.perform(undo_commands.ReorderListCommand(self._library, view.key, order))

    def reorder(self, list_id: int, order: list[int]) -> None:
        self._w.perform(undo_commands.ReorderListCommand(self._library, list_id, order))

    def tag_selection(self, name: str) -> None:
        ids = self._w.selected_ids()
        if ids:
            self._w.perform(undo_commands.TagCommand(self._library, name, ids, add=True))

    def tag_selection_new(self) -> None:
        name = prompts.ask_text(self._w, "New tag", "Tag the selected papers with:")
        if name:
            self.tag_selection(name)

    def untag_selection(self) -> None:
        view = self._w.table_model.view
        name = next((t.name for t, _ in self._library.tags() if t.id == view.key), None)
        if view.kind == "tag" and name is not None:
            self._w.perform(
                undo_commands.TagCommand(self._library, name, self._w.selected_ids(), add=False)
            )

    def reorder_lists(self, list_ids: list[int]) -> None:
        """A reading list was dragged to another place in the sidebar."""
        self._w.perform(undo_commands.ReorderListsCommand(self._library, list_ids))

    def papers_dropped(self, view: View, paper_ids: list[int]) -> None:
        if view.kind == "list" and isinstance(view.key, int):
            self._w.perform(undo_commands.AddToListCommand(self._library, view.key, paper_ids))
        elif view.kind == "tag":
            name = next((t.name for t, _ in self._library.tags() if t.id == view.key), None)
            if name is not None:
                self._w.perform(undo_commands.TagCommand(self._library, name, paper_ids, add=True))
        elif view.kind == "trash":
            self._w.perform(undo_commands.TrashCommand(self._library, paper_ids))

    # -- reading lists and tags in the sidebar ------------------------------------------------

    def create_list(self) -> None:
        name = prompts.ask_text(self._w, "New reading list", "Name of the new list:")
        if name:
            self._w.perform(undo_commands.CreateListCommand(self._library, name))

    def sidebar_menu(self, position: QPoint) -> None:
        menu = self.sidebar_menu_for(self._w.sidebar.indexAt(position))
        if not menu.isEmpty():
            menu.exec(self._w.sidebar.viewport().mapToGlobal(position))

    def sidebar_menu_for(self, index: QModelIndex) -> QMenu:
        """The context menu of a sidebar row (empty where nothing applies)."""
        kind = index.data(KIND_ROLE)
        view = index.data(VIEW_ROLE)
        menu = QMenu(self._w)
        if kind == "list" or index == self._w.sidebar_model.lists_index():
            menu.addAction(self._w.actions_by_name["new_list"])
        if kind == "list":
            menu.addAction("Rename List…").triggered.connect(lambda: self.rename_list(view.key))
            menu.addAction("Delete List").triggered.connect(lambda: self.delete_list(view.key))
        if kind == "tag" or index == self._w.sidebar_model.tags_index():
            menu.addAction("New Tag…").triggered.connect(self.create_tag)
        if kind == "tag":
            name = index.data(NAME_ROLE)
            menu.addAction("Rename Tag…").triggered.connect(lambda: self.rename_tag(name))
            menu.addAction("Tag Colour…").triggered.connect(lambda: self.recolour_tag(name))
            menu.addAction("Delete Tag").triggered.connect(lambda: self.delete_tag(name))
        if kind == "trash":
            menu.addAction(self._w.actions_by_name["empty_trash"])
        if kind == "search":
            menu.addAction("Rename Saved Search…").triggered.connect(
                lambda: self.rename_saved_search(view.key, index.data(NAME_ROLE))
            )
            menu.addAction("Delete Saved Search").triggered.connect(
                lambda: self.delete_saved_search(view.key)
            )
        return menu

    def save_search(self) -> None:
        """Keep the search typed above under a name the user gives."""
        query = self._w.search_bar.text().strip()
        name = prompts.ask_text(self._w, "Save search", "Name of this search:", query)
        if name:
            self._try(lambda: self._library.save_search(name, query))

    def rename_saved_search(self, search_id: int, old: str) -> None:
        name = prompts.ask_text(self._w, "Rename saved search", "New name:", old)
        if name and name != old:
            self._try(lambda: self._library.rename_saved_search(search_id, name))

    def delete_saved_search(self, search_id: int) -> None:
        self._try(lambda: self._library.delete_saved_search(search_id))

    def _try(self, action: Callable[[], object]) -> None:
        try:
            action()
        except KnownError as error:
            prompts.show_error(self._w, str(error))

    def create_tag(self) -> None:
        name = prompts.ask_text(self._w, "New tag", "Name of the new tag:")
        if name:
            self._w.perform(undo_commands.CreateTagCommand(self._library, name))

    def rename_list(self, list_id: int) -> None:
        old = self._library.reading_list(list_id).name
        name = prompts.ask_text(self._w, "Rename list", "New name:", old)
        if name and name != old:
            self._w.perform(undo_commands.RenameListCommand(self._library, list_id, name))

    def delete_list(self, list_id: int) -> None:
        self._w.perform(undo_commands.DeleteListCommand(self._library, list_id))

    def rename_tag(self, name: str) -> None:
        new = prompts.ask_text(self._w, "Rename tag", "New name:", name)
        if new and new != name:
            self._w.perform(undo_commands.EditTagCommand(self._library, name, new_name=new))

    def recolour_tag(self, name: str) -> None:
        colour = QColorDialog.getColor(parent=self._w, title=f"Colour of “{name}”")
        if colour.isValid():
            self._w.perform(undo_commands.EditTagCommand(self._library, name, colour=colour.name()))

    def delete_tag(self, name: str) -> None:
        self._w.perform(undo_commands.DeleteTagCommand(self._library, name))
