"""Organising papers from the window: reading status, priority, the trash, reading lists
and tags, for the selected papers or from the sidebar. Every change goes on the undo stack.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QModelIndex
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QColorDialog, QMenu

from desktop.core.api import View
from desktop.core.errors import StaleEditError
from desktop.ui import core_sentences, prompts, undo_commands
from desktop.ui.models.sidebar_model import KIND_ROLE, NAME_ROLE, VIEW_ROLE, SidebarModel
from desktop.ui.translations import QT_TRANSLATE_NOOP
from desktop.ui.window.actions import make_action
from desktop.ui.window.context import WindowContext
from desktop.ui.window.trash_emptying import TrashEmptying

#: The Paper menu's reading-status entries and their tips, by the status each sets.
_MARK_AS = {
    "unread": QT_TRANSLATE_NOOP("Organiser", "Mark as Unread"),
    "reading": QT_TRANSLATE_NOOP("Organiser", "Mark as Reading"),
    "read": QT_TRANSLATE_NOOP("Organiser", "Mark as Read"),
}
_MARK_TIPS = {
    "unread": QT_TRANSLATE_NOOP("Organiser", "Mark the selected papers as unread"),
    "reading": QT_TRANSLATE_NOOP("Organiser", "Mark the selected papers as reading"),
    "read": QT_TRANSLATE_NOOP("Organiser", "Mark the selected papers as read"),
}


class Organiser:
    """What the Paper menu, the table's context menu and the sidebar's do, and their actions."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        self._library = context.library
        self.emptying = TrashEmptying(context)
        self._make_actions()

    def _make_actions(self) -> None:
        std = QKeySequence.StandardKey
        window = self._context.widget()
        self.copy_citekey_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Copy citation key"),
            self.copy_citekeys,
            keys=QKeySequence("Ctrl+Shift+C"),
            tip=QCoreApplication.translate(
                "Organiser", "Copy the citation keys of the selected papers"
            ),
        )
        self.trash_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Move to Trash"),
            self.trash_selection,
            keys=QKeySequence(std.Delete),
            tip=QCoreApplication.translate(
                "Organiser", "Move the selected papers to the trash (undo with Ctrl+Z)"
            ),
            icon="trash",
        )
        self.restore_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Restore from Trash"),
            self.restore_selection,
            keys=None,
            tip=QCoreApplication.translate(
                "Organiser", "Put the selected papers back in the library"
            ),
        )
        self.empty_trash_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Empty Trash…"),
            self.empty_trash,
            keys=None,
            tip=QCoreApplication.translate("Organiser", "Delete the papers in the trash for good"),
        )
        self.new_list_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "New Reading List…"),
            self.create_list,
            keys=QKeySequence("Ctrl+Shift+N"),
            tip=QCoreApplication.translate("Organiser", "Create a reading list"),
            icon="list",
        )
        self.remove_from_list_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Remove from This List"),
            self.remove_selection_from_list,
            keys=None,
            tip=QCoreApplication.translate(
                "Organiser", "Take the selected papers out of this list (they stay in the library)"
            ),
        )
        self.move_up_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Move Up in List"),
            lambda: self.move_selection(-1),
            keys=QKeySequence("Ctrl+Shift+Up"),
            tip=QCoreApplication.translate("Organiser", "Move the selected papers up in this list"),
        )
        self.move_down_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Move Down in List"),
            lambda: self.move_selection(1),
            keys=QKeySequence("Ctrl+Shift+Down"),
            tip=QCoreApplication.translate(
                "Organiser", "Move the selected papers down in this list"
            ),
        )
        self.list_order_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Sort by List Order"),
            self._context.use_list_order,
            keys=None,
            tip=QCoreApplication.translate("Organiser", "Show this reading list in its own order"),
        )
        self.remove_tag_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Remove This Tag"),
            self.untag_selection,
            keys=None,
            tip=QCoreApplication.translate("Organiser", "Take this tag off the selected papers"),
        )
        self.keywords_to_tags_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Turn Keywords into Tags"),
            self.keywords_to_tags,
            keys=None,
            tip=QCoreApplication.translate(
                "Organiser", "Tag each selected paper with its own keywords (undo takes them off)"
            ),
        )
        self.save_search_action = make_action(
            window,
            QCoreApplication.translate("Organiser", "Save Search…"),
            self.save_search,
            keys=None,
            tip=QCoreApplication.translate(
                "Organiser", "Keep the search typed above in the sidebar, under a name"
            ),
            icon="saved-search",
        )
        self.status_menu = QMenu(QCoreApplication.translate("Organiser", "Reading status"), window)
        self.mark_unread_action = self._status_action("unread", "Ctrl+1")
        self.mark_reading_action = self._status_action("reading", "Ctrl+2")
        self.mark_read_action = self._status_action("read", "Ctrl+3")
        self.priority_menu = QMenu(QCoreApplication.translate("Organiser", "Priority"), window)
        #: Indexed by the priority each sets, 0 (none) to 5.
        self.priority_actions = tuple(self._priority_action(level) for level in range(6))
        #: Their keys mean something else in a text field or the sidebar: table only.
        self.table_actions = (self.trash_action, self.copy_citekey_action)

    def _status_action(self, status: str, keys: str) -> QAction:
        action = make_action(
            self._context.widget(),
            QCoreApplication.translate("Organiser", _MARK_AS[status]),
            lambda: self.set_status(status),
            keys=QKeySequence(keys),
            tip=QCoreApplication.translate("Organiser", _MARK_TIPS[status]),
            icon=status,
        )
        self.status_menu.addAction(action)
        return action

    def _priority_action(self, level: int) -> QAction:
        action = make_action(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "No priority") if level == 0 else "★" * level,
            lambda: self.set_priority(level),
            keys=QKeySequence(f"Alt+{level}"),
            tip=QCoreApplication.translate(
                "Organiser", "Set the priority of the selection to {level}"
            ).format(level=level),
        )
        self.priority_menu.addAction(action)
        return action

    def update_actions(self) -> None:
        """Enable what fits the selection and the view shown."""
        any_selected = self._context.has_selection()
        view = self._context.current_view()
        in_trash = view.kind == "trash"
        in_list = view.kind == "list"
        ordered = in_list and self._context.in_list_order()
        self.copy_citekey_action.setEnabled(any_selected)
        self.trash_action.setEnabled(any_selected and not in_trash)
        self.restore_action.setEnabled(any_selected and in_trash)
        self.remove_from_list_action.setEnabled(any_selected and in_list)
        self.move_up_action.setEnabled(any_selected and ordered)
        self.move_down_action.setEnabled(any_selected and ordered)
        self.list_order_action.setEnabled(in_list and not ordered)
        self.remove_tag_action.setEnabled(any_selected and view.kind == "tag")
        self.keywords_to_tags_action.setEnabled(any_selected and not in_trash)
        self.empty_trash_action.setEnabled(
            self._library.count(trash=True) > 0 if in_trash else True
        )
        self.save_search_action.setEnabled(bool(self._context.search_text().strip()))
        for menu in (self.status_menu, self.priority_menu):
            menu.setEnabled(any_selected and not in_trash)

    # -- the selected papers ---------------------------------------------------------------

    def set_status(self, status: str) -> None:
        ids = self._context.selected_ids()
        if not ids:
            return
        self._context.perform(
            undo_commands.SetFieldCommand(
                self._library,
                "status",
                status,
                paper_ids=ids,
                label=QCoreApplication.translate("Organiser", _MARK_AS[status]),
            )
        )

    def set_priority(self, priority: int) -> None:
        ids = self._context.selected_ids()
        if not ids:
            return
        self._context.perform(
            undo_commands.SetFieldCommand(
                self._library,
                "priority",
                priority,
                paper_ids=ids,
                label=QCoreApplication.translate("Organiser", "Set priority"),
            )
        )

    def keywords_to_tags(self) -> None:
        ids = self._context.selected_ids()
        if ids:
            self._context.perform(undo_commands.KeywordsToTagsCommand(self._library, ids))

    def trash_selection(self) -> None:
        ids = self._context.selected_ids()
        if ids and self._context.current_view().kind != "trash":
            self._context.perform(undo_commands.TrashCommand(self._library, ids))

    def restore_selection(self) -> None:
        ids = self._context.selected_ids()
        if ids and self._context.current_view().kind == "trash":
            self._context.perform(undo_commands.TrashCommand(self._library, ids, restore=True))

    def empty_trash(self) -> None:
        count = self._library.count(trash=True)
        if count and prompts.confirm(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Empty Trash"),
            QCoreApplication.translate(
                "Organiser",
                "Delete the %Ln paper(s) in the trash for good, with their notes and the "
                "copies of their files in the library's files folder (and the copies of "
                "removed attachments)? Linked files stay where they are. This cannot be "
                "undone.",
                "",
                count,
            ),
        ):
            self.emptying.start(count)

    def copy_citekeys(self) -> None:
        selected = self._context.selected_ids()
        found = self._library.citekeys(selected)  # not their rows: 4 s for 100k selected
        keys = [found[i] for i in selected if i in found]
        if keys:
            QGuiApplication.clipboard().setText(", ".join(keys))
            copied = ", ".join(keys)[:80]
            self._context.show_status(
                QCoreApplication.translate("Organiser", "Copied {keys}").format(keys=copied), 4000
            )

    def add_selection_to_list(self, list_id: int) -> None:
        ids = self._context.selected_ids()
        if ids:
            self._context.perform(undo_commands.AddToListCommand(self._library, list_id, ids))

    def add_selection_to_new_list(self) -> None:
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "New reading list"),
            QCoreApplication.translate("Organiser", "Name of the new list:"),
        )
        if not name:
            return
        ids = self._context.selected_ids()
        # One step to undo: the new list and the papers put in it.
        self._context.perform(undo_commands.AddToNewListCommand(self._library, name, ids))

    def remove_selection_from_list(self) -> None:
        view = self._context.current_view()
        ids = self._context.selected_ids()
        if view.kind == "list" and isinstance(view.key, int) and ids:
            self._context.perform(undo_commands.RemoveFromListCommand(self._library, view.key, ids))

    def move_selection(self, step: int) -> None:
        """Move the selected papers one place up (-1) or down (+1) in the list shown."""
        view = self._context.current_view()
        if view.kind != "list" or not self._context.in_list_order():
            return
        order = self._context.shown_ids()
        moving = set(self._context.selected_ids())
        positions = range(len(order)) if step < 0 else range(len(order) - 1, -1, -1)
        for i in positions:
            j = i + step
            if order[i] in moving and 0 <= j < len(order) and order[j] not in moving:
                order[i], order[j] = order[j], order[i]
        if order != self._context.shown_ids() and isinstance(view.key, int):
            self._context.perform(undo_commands.ReorderListCommand(self._library, view.key, order))

    def on_reorder_requested(self, list_id: int, order: list[int]) -> None:
        """Papers of a reading list were dragged to another place in the table."""
        self._context.perform(undo_commands.ReorderListCommand(self._library, list_id, order))

    def tag_selection(self, name: str) -> None:
        ids = self._context.selected_ids()
        if ids:
            self._context.perform(undo_commands.TagCommand(self._library, name, ids, add=True))

    def tag_selection_new(self) -> None:
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "New tag"),
            QCoreApplication.translate("Organiser", "Tag the selected papers with:"),
        )
        if name:
            self.tag_selection(name)

    def untag_selection(self) -> None:
        view = self._context.current_view()
        name = next((t.name for t, _ in self._library.tags() if t.id == view.key), None)
        if view.kind == "tag" and name is not None:
            self._context.perform(
                undo_commands.TagCommand(
                    self._library, name, self._context.selected_ids(), add=False
                )
            )

    def on_lists_reordered(self, list_ids: list[int]) -> None:
        """A reading list was dragged to another place in the sidebar."""
        self._context.perform(undo_commands.ReorderListsCommand(self._library, list_ids))

    def on_papers_dropped(self, view: View, paper_ids: list[int]) -> None:
        """Papers were dropped on a sidebar row: add them to its list or tag, or trash them."""
        if view.kind == "list" and isinstance(view.key, int):
            self._context.perform(
                undo_commands.AddToListCommand(self._library, view.key, paper_ids)
            )
        elif view.kind == "tag":
            name = next((t.name for t, _ in self._library.tags() if t.id == view.key), None)
            if name is not None:
                self._context.perform(
                    undo_commands.TagCommand(self._library, name, paper_ids, add=True)
                )
        elif view.kind == "trash":
            self._context.perform(undo_commands.TrashCommand(self._library, paper_ids))

    # -- reading lists and tags in the sidebar ------------------------------------------------

    def create_list(self) -> None:
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "New reading list"),
            QCoreApplication.translate("Organiser", "Name of the new list:"),
        )
        if name:
            self._context.perform(undo_commands.CreateListCommand(self._library, name))

    def sidebar_menu_for(self, index: QModelIndex) -> QMenu:
        """The context menu of a sidebar row (empty where nothing applies)."""
        kind = index.data(KIND_ROLE)
        view = index.data(VIEW_ROLE)
        menu = QMenu(self._context.widget())
        on_lists = on_tags = False
        model = index.model()
        if isinstance(model, SidebarModel):  # group rows carry no view: their model knows them
            on_lists = index == model.lists_index()
            on_tags = index == model.tags_index()
        if kind == "list" or on_lists:
            menu.addAction(self.new_list_action)
        if kind == "list":
            menu.addAction(
                QCoreApplication.translate("Organiser", "Rename List…")
            ).triggered.connect(lambda: self.rename_list(view.key))
            menu.addAction(
                QCoreApplication.translate("Organiser", "Delete List")
            ).triggered.connect(lambda: self.delete_list(view.key))
        if kind == "tag" or on_tags:
            menu.addAction(QCoreApplication.translate("Organiser", "New Tag…")).triggered.connect(
                self.create_tag
            )
        if kind == "tag":
            name = index.data(NAME_ROLE)
            menu.addAction(
                QCoreApplication.translate("Organiser", "Rename Tag…")
            ).triggered.connect(lambda: self.rename_tag(name))
            menu.addAction(
                QCoreApplication.translate("Organiser", "Tag Colour…")
            ).triggered.connect(lambda: self.recolour_tag(name))
            menu.addAction(QCoreApplication.translate("Organiser", "Delete Tag")).triggered.connect(
                lambda: self.delete_tag(name)
            )
        if kind == "trash":
            menu.addAction(self.empty_trash_action)
        if kind == "search":
            menu.addAction(
                QCoreApplication.translate("Organiser", "Rename Saved Search…")
            ).triggered.connect(lambda: self.rename_saved_search(view.key, index.data(NAME_ROLE)))
            menu.addAction(
                QCoreApplication.translate("Organiser", "Delete Saved Search")
            ).triggered.connect(lambda: self.delete_saved_search(view.key))
        return menu

    def save_search(self) -> None:
        """Keep the search typed above under a name the user gives."""
        query = self._context.search_text().strip()
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Save search"),
            QCoreApplication.translate("Organiser", "Name of this search:"),
            text=query,
        )
        if name:
            self._write(lambda: self._library.save_search(name, query))

    def rename_saved_search(self, search_id: int, old: str) -> None:
        # The version the user saw: a rename made elsewhere meanwhile is not overwritten.
        version = self._saved_search_version(search_id)
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Rename saved search"),
            QCoreApplication.translate("Organiser", "New name:"),
            text=old,
        )
        if name and name != old:
            self._rename_saved_search(search_id, name, version)

    def _saved_search_version(self, search_id: int) -> int | None:
        return next((s.version for s in self._library.saved_searches() if s.id == search_id), None)

    def _rename_saved_search(self, search_id: int, name: str, version: int | None) -> None:
        def again() -> None:
            self._rename_saved_search(search_id, name, self._saved_search_version(search_id))

        self._context.operations.run(
            lambda: self._library.rename_saved_search(search_id, name, expected_version=version),
            on_done=lambda _result: None,
            on_failed=lambda error: (
                self._offer_rename_anyway(error, again)
                if isinstance(error, StaleEditError)
                else prompts.show_error(self._context.widget(), core_sentences.of_error(error))
            ),
        )

    def _offer_rename_anyway(self, error: StaleEditError, again: Callable[[], None]) -> None:
        """Someone else changed what the user renamed since they began: keep the other
        change (the sidebar shows it), or give the user's name over it."""
        keep = QCoreApplication.translate("Organiser", "Keep their change")
        rename = QCoreApplication.translate("Organiser", "Rename anyway")
        choice = prompts.choose(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Changed by someone else"),
            core_sentences.of_error(error),
            choices=[keep, rename],
        )
        if choice == rename:
            again()

    def delete_saved_search(self, search_id: int) -> None:
        self._write(lambda: self._library.delete_saved_search(search_id))

    def _write(
        self, write: Callable[[], object], *, on_done: Callable[[], object] = lambda: None
    ) -> None:
        """A write that is not undoable, through the window's operation runner."""
        self._context.operations.run(
            write,
            on_done=lambda _result: on_done(),
            on_failed=lambda error: prompts.show_error(
                self._context.widget(), core_sentences.of_error(error)
            ),
        )

    def create_tag(self) -> None:
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "New tag"),
            QCoreApplication.translate("Organiser", "Name of the new tag:"),
        )
        if name:
            self._context.perform(undo_commands.CreateTagCommand(self._library, name))

    def rename_list(self, list_id: int) -> None:
        seen = self._library.reading_list(list_id)
        old = seen.name
        name = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Rename list"),
            QCoreApplication.translate("Organiser", "New name:"),
            text=old,
        )
        if name and name != old:
            self._rename_list(list_id, name, seen.version)

    def _rename_list(self, list_id: int, name: str, version: int | None) -> None:
        def again() -> None:
            self._rename_list(list_id, name, self._library.reading_list(list_id).version)

        self._context.perform(
            undo_commands.RenameListCommand(self._library, list_id, name, version=version),
            on_stale=lambda error: self._offer_rename_anyway(error, again),
        )

    def delete_list(self, list_id: int) -> None:
        self._context.perform(undo_commands.DeleteListCommand(self._library, list_id))

    def _tag_version(self, name: str) -> int | None:
        """The version of the tag as the user sees it, so an edit made elsewhere meanwhile
        is refused rather than overwritten."""
        return next((t.version for t, _ in self._library.tags() if t.name == name), None)

    def rename_tag(self, name: str) -> None:
        version = self._tag_version(name)
        new = prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Organiser", "Rename tag"),
            QCoreApplication.translate("Organiser", "New name:"),
            text=name,
        )
        if new and new != name:
            self._rename_tag(name, new, version)

    def _rename_tag(self, name: str, new: str, version: int | None) -> None:
        def again() -> None:
            self._rename_tag(name, new, self._tag_version(name))

        self._context.perform(
            undo_commands.EditTagCommand(self._library, name, new_name=new, version=version),
            on_stale=lambda error: self._offer_rename_anyway(error, again),
        )

    def recolour_tag(self, name: str) -> None:
        version = self._tag_version(name)
        colour = QColorDialog.getColor(
            parent=self._context.widget(),
            title=QCoreApplication.translate("Organiser", "Colour of “{tag}”").format(tag=name),
        )
        if colour.isValid():
            self._context.perform(
                undo_commands.EditTagCommand(
                    self._library, name, colour=colour.name(), version=version
                )
            )

    def delete_tag(self, name: str) -> None:
        self._context.perform(undo_commands.DeleteTagCommand(self._library, name))
