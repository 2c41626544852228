"""Adding a paper by hand (New Paper, Ctrl+N) and editing many papers at once (tag, add
to a list, set a field): each one step to undo, a change of many papers behind a progress
dialog with Cancel."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QKeySequence

from desktop.core.api import Record
from desktop.ui import prompts, undo_commands
from desktop.ui.dialogs import new_paper, set_field
from desktop.ui.window.actions import make_action
from desktop.ui.window.context import WindowContext


class Editing:
    """The New Paper action, and what follows it: the paper stored, then selected."""

    def __init__(self, context: WindowContext) -> None:
        self._context = context
        self.new_paper_action = make_action(
            context.widget(),
            QCoreApplication.translate("Editing", "New Paper…"),
            self.new_paper,
            keys=QKeySequence(QKeySequence.StandardKey.New),
            tip=QCoreApplication.translate(
                "Editing", "Type in a paper, with every field of its entry type"
            ),
            icon="add",
        )
        self.tag_action = make_action(
            context.widget(),
            QCoreApplication.translate("Editing", "Tag…"),
            self.tag_selection,
            tip=QCoreApplication.translate("Editing", "Put a tag on every selected paper"),
            icon="tag",
        )
        self.add_to_list_action = make_action(
            context.widget(),
            QCoreApplication.translate("Editing", "Add to List…"),
            self.add_selection_to_list,
            tip=QCoreApplication.translate("Editing", "Put every selected paper in a reading list"),
            icon="list",
        )
        self.set_field_action = make_action(
            context.widget(),
            QCoreApplication.translate("Editing", "Set Field…"),
            self.set_field_of_selection,
            tip=QCoreApplication.translate(
                "Editing", "Give every selected paper one value of a field, or clear it"
            ),
        )
        #: What works on the selection only.
        self.selection_actions = (self.tag_action, self.add_to_list_action, self.set_field_action)

    def update_actions(self) -> None:
        """Enable what fits the selection."""
        for action in self.selection_actions:
            action.setEnabled(self._context.has_selection())

    def new_paper(self) -> None:
        record = new_paper.ask(self._context.widget())
        if record is not None:
            self.add(record)

    def add(self, record: Record) -> None:
        """Store a paper typed in (one step to undo), then select it."""
        command = undo_commands.AddPaperCommand(self._context.library, record)

        def added() -> None:
            if command.paper_id is not None:
                self._context.apply_pending_changes()  # the new paper must be in the table
                self._context.select_ids([command.paper_id])
                self._context.show_status(
                    QCoreApplication.translate("Editing", "Added “{title}”.").format(
                        title=record.title
                    ),
                    4000,
                )

        self._context.history.perform(command, on_done=added)

    # -- the selected papers, all at once ---------------------------------------------------

    def tag_selection(self) -> None:
        ids = self._context.selected_ids()
        count = len(ids)
        name = ids and prompts.ask_text(
            self._context.widget(),
            QCoreApplication.translate("Editing", "Tag papers"),
            QCoreApplication.translate("Editing", "Tag the %n selected paper(s) with:", "", count),
        )
        if name:
            library = self._context.library
            self._context.perform(undo_commands.TagCommand(library, name, ids, add=True))

    def add_selection_to_list(self) -> None:
        ids = self._context.selected_ids()
        library = self._context.library
        lists = {found.name: found.id for found, _count in library.lists()}
        if not ids:
            return
        count = len(ids)
        new = QCoreApplication.translate("Editing", "New list…")
        chosen = prompts.ask_item(
            self._context.widget(),
            QCoreApplication.translate("Editing", "Add to list"),
            QCoreApplication.translate(
                "Editing", "The reading list for the %n selected paper(s):", "", count
            ),
            items=[*lists, new],
        )
        if chosen == new:
            name = prompts.ask_text(
                self._context.widget(),
                QCoreApplication.translate("Editing", "New reading list"),
                QCoreApplication.translate("Editing", "Name of the new list:"),
            )
            if name:
                self._context.perform(undo_commands.AddToNewListCommand(library, name, ids))
        elif chosen is not None and lists.get(chosen) is not None:
            list_id = lists[chosen]
            assert list_id is not None
            self._context.perform(undo_commands.AddToListCommand(library, list_id, ids))

    def set_field_of_selection(self) -> None:
        ids = self._context.selected_ids()
        chosen = ids and set_field.ask(self._context.widget(), len(ids))
        if chosen:
            name, value = chosen
            label = QCoreApplication.translate("Editing", "Set {field}").format(
                field=set_field.shown_name(name)
            )
            self._context.perform(
                undo_commands.SetFieldCommand(
                    self._context.library, name, value, paper_ids=ids, label=label
                )
            )
